"""What the Battle Checkers player is picking: a deployment draft (cells and facings), a unit and a dice chip with
the plan's end cell and final facing (the pip planner), an attack, and the fate choice. Every choice ends in
`board.commit` of an action the engine lists for this position (`state.unit_actions`, `state.attacks`,
`state.legal_actions`); costs come from `state.activation_cost`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.client.battle_checkers.keys import SIDE
from game.client.board.input import Arrow, Confirm, Drag, Hover, Intent, Key, Press, RightClick, Tab, Wheel, step_cursor
from game.client.board.layout import cell_name, cell_xy
from game.client.board.picks import BoardPicks
from game.engine.battle_checkers import (
    DIRECTIONS,
    END,
    FATE,
    NOFATE,
    USE_DIE1,
    USE_DIE2,
    USE_SUM,
    Activate,
    ActivationForecast,
    Attack,
    AttackForecast,
    BattleCheckersState,
    Place,
    Placed,
    Preset,
    TurnEnded,
)
from game.engine.core import Forecast

if TYPE_CHECKING:
    from game.client.board.services import BoardServices

TURN_KEYS = {pygame.K_q: -1, pygame.K_e: 1}
USE_KEYS = {pygame.K_1: USE_DIE1, pygame.K_2: USE_DIE2, pygame.K_3: USE_SUM, pygame.K_s: USE_SUM}


def thriftiest(state: BattleCheckersState, action: Activate) -> Activate:
    """The activation with `action`'s end result that gives up the fewest pips (a die that fits before the sum),
    read from the engine's forecasts: what a click plays when no chip is chosen, and how a hint is worded."""
    options = [
        a
        for a in state.unit_actions(action.cell)
        if isinstance(a, Activate) and (a.to, a.facing) == (action.to, action.facing)
    ]
    return least_wasted(options or [action], lambda a: _wasted(state, a))


def least_wasted(options: list[Activate], wasted: Callable[[Activate], int]) -> Activate:
    """Of activations with one end result, the one giving up the fewest pips (a die before the sum on a tie)."""
    return min(options, key=lambda a: (wasted(a), a.use))


def _wasted(state: BattleCheckersState, action: Activate) -> int:
    detail = state.forecast(action).detail
    assert isinstance(detail, ActivationForecast)  # an activation's forecast carries its pips
    return int(detail.wasted)


@dataclass(frozen=True)
class AttackOption:
    """One attacker on a target, as a chooser chip."""

    action: Attack
    text: str
    label: str


class BattleCheckersPicks(BoardPicks[BattleCheckersState]):
    """The picks of the human to act (the draft: cell -> facing), over the board scene's services."""

    def __init__(self, board: BoardServices) -> None:
        super().__init__(board)
        self.draft_player: int | None = None  # whose deployment the draft is (another side's turn drops it)
        self.use: int | None = None  # the chip chosen: USE_SUM, USE_DIE1, USE_DIE2; None: the one wasting least
        self.ghost_facing: int | None = None  # the final facing on the hovered end cell (None: its cheapest)
        self.threat = False  # V: shade own units by the enemy's chance to strike their rear or right flank
        self.cursor: tuple[int, int] | None = None  # the keyboard cursor (arrows), None while the mouse leads
        self._plans: dict[tuple[str, int | None], dict[str, dict[int, int]]] = {}
        self._by_end: dict[str, dict[tuple[str, int], list[Activate]]] = {}
        self._forecasts: dict[Activate, Forecast] = {}
        self._after: dict[Activate, BattleCheckersState] = {}
        self._attacks: dict[str, list[Attack]] = {}
        self._actors: set[str] = set()

    # ----- position -----
    def rebuild(self, state: BattleCheckersState, human: bool) -> None:
        """Index the new position (attacks, units that can act); the draft stays while deploying."""
        self.state = state
        self.human = human
        self._plans = {}
        self._by_end = {}
        self._forecasts = {}
        self._after = {}
        self._attacks = {}
        self._actors = set()
        if state.phase != "deploy" or state.player != self.draft_player:
            self.draft = {}
            self.draft_preset = ""
        self.draft_player = state.player if state.phase == "deploy" else None
        if state.phase == "main":
            name = state.board.name
            for attack in state.attacks():
                self._attacks.setdefault(name(attack.target), []).append(attack)
                self._actors.add(name(attack.cell))
            if state.uses():
                for cell in state.ready_units():
                    if state.unit_actions(cell):
                        self._actors.add(name(cell))
            if self.selected not in self._actors:
                self.selected = None
        self.use = None  # every new position starts with each move taking the die that wastes the fewest pips

    def reset(self) -> None:
        """Drop the selection, hover and ghost's facing (the draft and the chip stay)."""
        super().reset()
        self.ghost_facing = None

    def cell(self, name: str) -> int:
        """The engine's index of a cell name."""
        return int(self.live.board.cell(name))

    def name(self, cell: int) -> str:
        """The name of an engine cell index."""
        return str(self.live.board.name(cell))

    # ----- deployment -----
    def default_facing(self) -> int:
        """New units face the enemy: north for player 1, south for player 2."""
        return 0 if self.live.player == 0 else 4

    def units_left(self) -> int:
        """Units the deploying side still has to place (the draft counted)."""
        return int(self.live.to_place[self.live.player]) - len(self.draft)

    def draft_free(self, cell: str) -> bool:
        """True when a unit of the draft may go on `cell` (the engine's placement check, the draft placed)."""
        if self.state is None or self.phase != "deploy" or cell in self.draft or self.units_left() <= 0:
            return False
        return bool(self.state.is_legal(Place(self.cell(cell), 0)))

    def free_cells(self) -> list[str]:
        """Every cell a new unit of the draft may go on."""
        if self.state is None or self.phase != "deploy" or self.units_left() <= 0:
            return []
        return sorted({self.name(a.cell) for a in self.state.legal_actions() if isinstance(a, Place)} - set(self.draft))

    def add_unit(self, cell: str) -> bool:
        """A new unit of the draft on `cell`, facing the enemy."""
        if not self.draft_free(cell):
            return False
        self.draft[cell] = self.default_facing()
        self.draft_preset = ""
        return True

    def remove_unit(self, cell: str) -> bool:
        """Take the draft's unit off `cell`."""
        if cell not in self.draft:
            return False
        del self.draft[cell]
        self.draft_preset = ""
        return True

    def move_unit(self, src: str, dst: str | None) -> bool:
        """Move the draft's unit from `src` to `dst` (keeping its facing)."""
        if src not in self.draft or dst is None or dst == src:
            return False
        facing = self.draft.pop(src)
        if not self.draft_free(dst):
            self.draft[src] = facing
            return False
        self.draft[dst] = facing
        self.draft_preset = ""
        return True

    def turn_unit(self, cell: str, steps: int) -> bool:
        """Turn the draft's unit on `cell` by `steps` eighths (clockwise positive)."""
        if cell not in self.draft:
            return False
        self.draft[cell] = (self.draft[cell] + steps) % 8
        self.draft_preset = ""
        return True

    def presets(self) -> list[str]:
        """The level's presets open now (only before any unit is placed)."""
        if self.phase != "deploy":
            return []
        return [a.name for a in self.live.legal_actions() if isinstance(a, Preset)]

    def use_preset(self, name: str) -> None:
        """Fill the draft from a preset: where the engine puts its units for this side."""
        trial = self.live.clone()
        events = trial.apply(Preset(name))
        self.draft = {e.cell: DIRECTIONS.index(e.facing) for e in events if isinstance(e, Placed)}
        self.draft_preset = name

    def deploy_for_me(self) -> None:
        """Fill the rest of the draft: the first preset on an empty draft, else the free cells nearest the front."""
        presets = self.presets()
        if not self.draft and presets:
            self.use_preset(presets[0])
            return
        front = self.live.board.height // 2 - 0.5
        while self.units_left() > 0:
            cells = self.free_cells()
            if not cells:
                break
            mid = (self.live.board.width - 1) / 2
            best = min(cells, key=lambda c: (abs(int(c[1:]) - 1 - front), abs(ord(c[0]) - 97 - mid), c))
            self.draft[best] = self.default_facing()
        self.draft_preset = ""

    def confirm_deployment(self) -> None:
        """Commit the draft: the preset as one action, else one placement per unit."""
        if self.units_left() or not self.draft:
            return
        draft, preset = dict(self.draft), self.draft_preset
        self.draft, self.draft_preset = {}, ""
        if preset and preset in self.presets():
            self.board.commit(Preset(preset))
            return
        for cell, facing in sorted(draft.items()):
            self.board.commit(Place(self.cell(cell), facing))

    # ----- the planner -----
    def open_uses(self) -> list[int]:
        """The chips still open this turn: the sum and each unspent die (B6)."""
        if self.state is None or self.phase != "main":
            return []
        return [use for use, _ in self.state.uses()]

    def pips(self, use: int | None) -> int:
        """The pips of a chip (0 when it is not open)."""
        if self.state is None or use is None:
            return 0
        return int(dict(self.state.uses()).get(use, 0))

    def actors(self) -> set[str]:
        """Own units that can activate or attack now."""
        return set(self._actors)

    def _ends(self, cell: str) -> dict[tuple[str, int], list[Activate]]:
        """(end cell, final facing) -> the engine's activations of the unit on `cell` that end there, one per open
        chip that reaches it."""
        if cell not in self._by_end:
            out: dict[tuple[str, int], list[Activate]] = {}
            for action in self.live.unit_actions(self.cell(cell)):
                if isinstance(action, Activate):
                    out.setdefault((self.name(action.to), action.facing), []).append(action)
            self._by_end[cell] = out
        return self._by_end[cell]

    def plans(self, cell: str | None = None, use: int | None = None) -> dict[str, dict[int, int]]:
        """End cell -> {final facing: pips it costs} for the unit on `cell` (default: the selected one) with chip
        `use` (default: the chip the player chose; with none chosen, whatever an open chip reaches)."""
        cell = cell if cell is not None else self.selected
        use = use if use is not None else self.use
        if cell is None or self.state is None or self.phase != "main":
            return {}
        key = (cell, use)
        if key not in self._plans:
            state, start = self.state, self.cell(cell)
            out: dict[str, dict[int, int]] = {}
            for (to, facing), options in self._ends(cell).items():
                if use is None or any(a.use == use for a in options):
                    cost = state.activation_cost(start, self.cell(to), facing)
                    if cost is not None:  # an end this unit reaches always has a cost
                        out.setdefault(to, {})[facing] = cost
            self._plans[key] = out
        return self._plans[key]

    def cheapest(self, cell: str) -> int:
        """The fewest pips that take the selected unit to `cell`."""
        costs = self.plans().get(cell, {})
        return min(costs.values()) if costs else 0

    def hint(self) -> Activate | None:
        """The hinted activation on the die that wastes the fewest pips (as the hint says it), None for another hint
        or none."""
        text = self.board.hint_action
        if not text or self.state is None or self.phase != "main":
            return None
        try:
            action = self.state.action_from_str(text)
        except ValueError:
            return None
        return thriftiest(self.state, action) if isinstance(action, Activate) else None

    def hinted(self) -> Activate | None:
        """The hinted activation when it is the selected unit's: clicking its end cell plays it."""
        hint = self.hint() if self.selected is not None else None
        return hint if hint is not None and self.name(hint.cell) == self.selected else None

    def facing_on(self, cell: str) -> int | None:
        """The final facing the ghost shows on `cell`: the one turned to, else the hinted one, else the cheapest (on
        its own cell: as it stands until turned)."""
        costs = self.plans().get(cell)
        if not costs:
            return None
        if self.ghost_facing is not None and (
            self.ghost_facing in costs or (cell == self.selected and self.ghost_facing == self.current_facing())
        ):
            return self.ghost_facing
        hint = self.hinted()
        if hint is not None and self.name(hint.to) == cell and hint.facing in costs:
            return int(hint.facing)
        if cell == self.selected:
            return self.current_facing()
        return min(costs, key=lambda f: (costs[f], f))

    def current_facing(self) -> int:
        """The selected unit's facing now."""
        return int(self.live.facing[self.cell(self.selected)]) if self.selected else 0

    def turn_only(self) -> bool:
        """True when the selected unit may only turn where it stands (B7: it starts next to an enemy)."""
        plans = self.plans()
        return bool(plans) and set(plans) == {self.selected}

    def facing_targets(self) -> dict[str, int]:
        """While the selected unit may only turn: each neighbouring cell it can be turned to face -> that facing (a
        cell with another own unit stays a click that selects that unit; the wheel still turns towards it)."""
        if not self.turn_only() or self.selected is None:
            return {}
        ahead = self.live.board.ahead[self.cell(self.selected)]
        costs = self.plans()[self.selected]
        own = self.live.player
        return {self.name(ahead[f]): f for f in costs if ahead[f] >= 0 and self.live.owner[ahead[f]] != own}

    def end_of(self, cell: str) -> tuple[str, int] | None:
        """The end cell and final facing a click on `cell` plays (a neighbour of a unit that may only turn: the
        unit's own cell, facing it), None when a click there plans nothing."""
        if self.selected is None:
            return None
        facing_targets = self.facing_targets()
        if cell in facing_targets and cell != self.selected:
            return self.selected, facing_targets[cell]
        facing = self.facing_on(cell)
        return (cell, facing) if facing is not None else None

    def plan_action(self, cell: str) -> Activate | None:
        """The activation a click on `cell` plays, when it is one the engine lists: the hinted one where it ends
        there, else the chosen chip's, else the open chip that gives up the fewest pips (a die that fits before
        the sum)."""
        end = self.end_of(cell)
        if end is None or self.selected is None:
            return None
        options = self._ends(self.selected).get(end, [])
        hint = self.hinted()
        if hint is not None and hint in options:
            return hint
        if self.use is not None:
            options = [a for a in options if a.use == self.use]
        if not options:
            return None
        return least_wasted(options, lambda a: int(self.spend(a).wasted))

    def forecast(self, action: Activate) -> Forecast:
        """The engine's forecast of `action` (cached for the position)."""
        if action not in self._forecasts:
            self._forecasts[action] = self.live.forecast(action)
        return self._forecasts[action]

    def spend(self, action: Activate) -> ActivationForecast:
        """What `action` uses and gives up (the engine's forecast)."""
        detail = self.forecast(action).detail
        assert isinstance(detail, ActivationForecast)  # an activation's forecast carries its pips
        return detail

    def after(self, action: Activate) -> BattleCheckersState:
        """The position `action` leads to (cached for the position: the card reads what the unit then faces)."""
        if action not in self._after:
            after = self.live.clone()
            after.apply(action)
            self._after[action] = after
        return self._after[action]

    def ends_turn(self, action: Activate) -> bool:
        """True when `action` leaves nothing else to do, so the turn passes by itself (its forecast's events say)."""
        return any(isinstance(e, TurnEnded) for e in self.forecast(action).events)

    def hovered_plan(self) -> Activate | None:
        """The activation a click on the hovered cell would play (None: it plans nothing)."""
        return self.plan_action(self.hover) if self.hover else None

    def pips_left(self, cell: str) -> int | None:
        """Pips the plan a click on `cell` plays gives up."""
        action = self.plan_action(cell)
        return self.spend(action).wasted if action is not None else None

    def shown_use(self) -> int | None:
        """The chip to show as in use: the chosen one, else the one the hovered plan takes."""
        if self.use is not None:
            return self.use
        action = self.hovered_plan()
        return action.use if action is not None else None

    def turn_ghost(self, steps: int) -> bool:
        """Turn the ghost on the hovered end cell to the next facing the plan allows (clockwise for +)."""
        cell = self.hover
        costs = self.plans().get(cell or "")
        if not cell or not costs:
            return False
        allowed = set(costs)
        if cell == self.selected:
            allowed.add(self.current_facing())
        facing = self.facing_on(cell)
        if facing is None:
            return False
        step = 1 if steps > 0 else -1
        for _ in range(abs(steps)):
            for k in range(1, 8):
                candidate = (facing + step * k) % 8
                if candidate in allowed:
                    facing = candidate
                    break
        self.ghost_facing = facing
        return True

    def select(self, cell: str | None) -> None:
        """Select an own unit that can act (or drop the selection); a chosen chip stays while it is open."""
        self.selected = cell if cell in self._actors else None
        self.ghost_facing = None
        if self.use not in self.open_uses():
            self.use = None

    def choose_use(self, use: int, toggle: bool = False) -> bool:
        """Choose a chip (sum or one die) when it is open; with `toggle` (a click on the chip), choosing it again
        lets each move take the die that gives up the fewest pips."""
        if use not in self.open_uses():
            return False
        self.use = None if toggle and use == self.use else use
        self.ghost_facing = None
        return True

    # ----- attacks -----
    def targets(self) -> dict[str, list[Attack]]:
        """Enemy cell -> the attacks on it open now."""
        return self._attacks

    def attack_on(self, target: str) -> Attack | None:
        """The attack a click on `target` makes: the selected unit's, else the only one (None: choose)."""
        attacks = self._attacks.get(target, [])
        mine = [a for a in attacks if self.selected is not None and a.cell == self.cell(self.selected)]
        if mine:
            return mine[0]
        return attacks[0] if len(attacks) == 1 else None

    def shown_attack(self, target: str) -> Attack | None:
        """The attack whose odds show on hovering `target` (the selected attacker's, else the best)."""
        chosen = self.attack_on(target)
        if chosen is not None:
            return chosen
        attacks = self._attacks.get(target, [])
        if not attacks:
            return None
        return max(attacks, key=lambda a: (self.live.forecast(a).probability("success"), -a.cell))

    def pick_attack(self, target: str) -> None:
        """Commit the attack on `target`, or let the player choose among several attackers."""
        chosen = self.attack_on(target)
        if chosen is not None:
            self.board.commit(chosen)
            return
        t = self.board.t
        options = []
        for attack in self._attacks.get(target, []):
            detail = self.live.forecast(attack).detail
            assert isinstance(detail, AttackForecast)  # an attack's forecast carries the side it hits
            side = detail.side
            options.append(AttackOption(attack, self.name(attack.cell), t(SIDE(side))))
        self.board.popups.open_chooser(
            t("battle_checkers.chooser.attacker", target=target), [(t("battle_checkers.chooser.from"), options)], target
        )

    # ----- pointer and keys -----
    def pointer(self, intent: Intent) -> bool:
        """Board pointer intents by phase; returns True from a press that grabs a draft unit (drag)."""
        if isinstance(intent, Hover):
            if intent.cell != self.hover:
                self.ghost_facing = None
            self.hover = intent.cell
            self.cursor = None
            return False
        if not self.human or self.state is None:
            return False
        phase = self.phase
        if phase == "deploy":
            return self._deploy_pointer(intent)
        if phase != "main":
            return False
        if isinstance(intent, Wheel):
            if intent.cell is not None and intent.cell != self.hover:
                self.hover, self.ghost_facing = intent.cell, None
            self.turn_ghost(intent.steps)
            return False
        if isinstance(intent, RightClick):
            self.select(None)
            return False
        if isinstance(intent, Press) and intent.cell:
            self.press(intent.cell)
        return False

    def press(self, cell: str) -> None:
        """A click on the board during the turn: commit a plan (a neighbour of a unit that may only turn: turn to
        face it), attack, or (de)select a unit."""
        if self.selected is not None and (cell in self.plans() or cell in self.facing_targets()):
            action = self.plan_action(cell)
            if action is not None:
                self.board.commit(action)
                return
            if cell == self.selected:
                self.select(None)
                return
        if cell in self._attacks:
            self.pick_attack(cell)
            return
        hint = self.hint()
        if hint is not None and cell == self.name(hint.to) and cell not in self._actors:
            self.select(self.name(hint.cell))  # the hint's end clicked first: its unit is picked, the card shows
            return
        self.select(cell if cell != self.selected else None)

    def _deploy_pointer(self, intent: Intent) -> bool:
        if isinstance(intent, Press) and intent.cell:
            if intent.cell in self.draft:
                return True  # grabbed: a drag moves it
            self.add_unit(intent.cell)
        elif isinstance(intent, RightClick) and intent.cell:
            self.remove_unit(intent.cell)
        elif isinstance(intent, Drag):
            if intent.dst is None:
                self.remove_unit(intent.src)
            else:
                self.move_unit(intent.src, intent.dst)
        elif isinstance(intent, Wheel) and intent.cell:
            self.turn_unit(intent.cell, intent.steps)
        return False

    def key(self, intent: Intent) -> None:
        """Q/E turn (the draft's unit or the ghost), 1/2/3 pick a chip, Tab cycles units, N ends the turn, F/D
        answer the fate roll, Enter confirms."""
        if self.state is None or not self.human:
            return
        phase = self.phase
        if isinstance(intent, Arrow):
            self._move_cursor(intent.dx, intent.dy)
        elif isinstance(intent, Key) and intent.key in TURN_KEYS:
            self._turn_key(phase, TURN_KEYS[intent.key])
        elif phase == "deploy" and isinstance(intent, Confirm):
            self._confirm_deploy()
        elif phase == "main":
            self._main_key(intent)
        elif phase == "fate_choice" and isinstance(intent, Key) and intent.key in (pygame.K_f, pygame.K_d):
            self.board.commit(FATE if intent.key == pygame.K_f else NOFATE)

    def _turn_key(self, phase: str, steps: int) -> None:
        """Q/E: the hovered unit of the draft, or the planner's ghost."""
        if phase == "deploy" and self.hover:
            self.turn_unit(self.hover, steps)
        elif phase == "main":
            self.turn_ghost(steps)

    def _confirm_deploy(self) -> None:
        """Enter in the deployment: on the cursor, place or take a unit; without one, confirm the draft."""
        if self.cursor is None:
            self.confirm_deployment()
            return
        cell = cell_name(*self.cursor)
        if not self.remove_unit(cell):
            self.add_unit(cell)

    def _main_key(self, intent: Intent) -> None:
        """1/2/3 pick a chip, N ends the turn, Tab cycles units, Enter presses the hovered cell."""
        if isinstance(intent, Key) and intent.key in USE_KEYS:
            self.choose_use(USE_KEYS[intent.key])
        elif isinstance(intent, Key) and intent.key == pygame.K_n:
            self.board.end_turn(END)
        elif isinstance(intent, Tab):
            self._cycle(-1 if intent.back else 1)
        elif isinstance(intent, Confirm) and self.hover:
            self.press(self.hover)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Arrows move a cursor over the board; the cell under it is hovered (the planner's ghost follows)."""
        layout = self.board.layout
        start = self.cursor or cell_xy(self.hover or self.selected or self.name(self.live.board.size // 2))
        self.cursor = step_cursor(start, dx, dy, layout)
        cell = cell_name(*self.cursor)
        if cell != self.hover:
            self.ghost_facing = None
        self.hover = cell

    def _cycle(self, step: int) -> None:
        order = sorted(self._actors, key=lambda c: (int(c[1:]), c))
        if not order:
            return
        i = order.index(self.selected) + step if self.selected in order else (0 if step > 0 else -1)
        self.select(order[i % len(order)])
