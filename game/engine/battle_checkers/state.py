"""The Battle Checkers state: deployment, turns, activations, attacks and battle resolution (B4–B13)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.engine.battle_checkers import events as ev
from game.engine.battle_checkers.actions import (
    ACT,
    ATTACK,
    DUEL,
    DUEL_OUTCOMES,
    END,
    FATE,
    FATE_OUTCOMES,
    FATE_ROLL,
    NOFATE,
    PLACE,
    PRESET,
    REPEL,
    REPEL_OUTCOMES,
    ROLL,
    ROLL_OUTCOMES,
    USE_DIE1,
    USE_DIE2,
    USE_SUM,
    USE_TEXT,
    Activate,
    Attack,
    BattleCheckersAction,
    Place,
    Preset,
    plan_text,
)
from game.engine.battle_checkers.battle import BattleRules, Raw
from game.engine.battle_checkers.geometry import (
    DIRECTIONS,
    END_FACINGS,
    ROTATION,
    Board,
    side_hit,
    signed_turn,
)
from game.engine.battle_checkers.notation import action_from_str, action_to_str
from game.engine.battle_checkers.odds import attack_forecast
from game.engine.battle_checkers.phases import (
    ACTIVATED,
    ATTACK_READY,
    CHANCE_PHASES,
    DEPLOY,
    DUEL_PHASE,
    EMPTY,
    FATE_CHOICE,
    FATE_PHASE,
    MAIN,
    REPEL_PHASE,
    ROLL_PHASE,
    SHIELD_UP,
)
from game.engine.battle_checkers.position import position_to_dict
from game.engine.core import CHANCE, TERMINAL, Event, Forecast, ForecastOutcome, IllegalAction, Outcome, State
from game.engine.reasons import BattleCheckersReason

if TYPE_CHECKING:
    from game.engine.battle_checkers.game import BattleCheckersGame

class BattleCheckersState(BattleRules, State[BattleCheckersAction]):
    """A position. Units live in three parallel lists indexed by cell: owner (-1 empty), facing, flags.

    Read-only for callers: `phase`, `player` (whose turn or who deploys), `turn`, `turn_limit`,
    `dice` (lower die first, None before the roll), `spent`, `spirit`, `to_place`, `pending`
    (attacker, defender awaiting a roll), `fate_player`, `board` (geometry). Cells are ints; the
    accessors below also take names where noted.
    """

    game: BattleCheckersGame

    def __init__(self, game: BattleCheckersGame) -> None:
        self.game = game
        self.board: Board = game.board
        size = self.board.size
        self.owner: list[int] = [EMPTY] * size
        self.facing: list[int] = [0] * size
        self.flags: list[int] = [0] * size
        self.spirit: list[int] = list(game.level.spirit)
        self.phase = DEPLOY
        self.player = 0
        self.turn = 0
        self.turn_limit = game.level.turn_limit
        self.dice: tuple[int, int] | None = None
        self.spent = [False, False]
        self.to_place = [game.level.units_per_player, game.level.units_per_player]
        self.pending: tuple[int, int] | None = None  # (attacker, defender) awaiting a duel or repel roll
        self.fate_player: int | None = None
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------------ seam

    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""
        phase = self.phase
        if phase == MAIN or phase == DEPLOY:
            return self.player
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == FATE_CHOICE:
            return self.fate_player  # type: ignore[return-value]
        return TERMINAL

    def legal_actions(self) -> list[BattleCheckersAction]:
        """Every decision open now: distinct activation end results, attacks, `end`; or deploy/fate choices."""
        phase = self.phase
        if phase == MAIN:
            out: list[BattleCheckersAction] = list(self.attacks())
            uses = self.uses()
            if uses:
                for cell in self.ready_units():
                    for use, pips in uses:
                        self._activations_into(out, cell, use, pips)
            out.append(END)
            return out
        if phase == FATE_CHOICE:
            return [FATE, NOFATE]
        if phase == DEPLOY:
            return self._deploy_actions()
        return []

    def chance_outcomes(self) -> list[tuple[BattleCheckersAction, Fraction]]:
        """The roll (21 unordered 2d6), duel (30 untied pairs), repel (1d6) or fate roll (36 pairs)."""
        phase = self.phase
        if phase == ROLL_PHASE:
            return list(ROLL_OUTCOMES)
        if phase == DUEL_PHASE:
            return list(DUEL_OUTCOMES)
        if phase == REPEL_PHASE:
            return list(REPEL_OUTCOMES)
        if phase == FATE_PHASE:
            return list(FATE_OUTCOMES)
        return []

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self._outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._outcome is not None

    def clone(self) -> BattleCheckersState:
        """An independent copy."""
        other = object.__new__(BattleCheckersState)
        other.__dict__.update(self.__dict__)
        other.owner = self.owner[:]
        other.facing = self.facing[:]
        other.flags = self.flags[:]
        other.spirit = self.spirit[:]
        other.spent = self.spent[:]
        other.to_place = self.to_place[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        """The position JSON of the rules (round-trips through `Game.state_from_dict`)."""
        return position_to_dict(self)

    def action_to_str(self, action: Raw) -> str:
        """Notation of an action or chance outcome (activation plans are canonical)."""
        return action_to_str(self, action)

    def action_from_str(self, text: str) -> BattleCheckersAction:
        """Parse notation into an action legal here or an outcome of this chance node."""
        return action_from_str(self, text)

    def apply(self, action: Raw) -> list[Event]:
        """Apply a decision or chance outcome; IllegalAction when it is not legal here."""
        self.check(action)
        return _EFFECTS[action[0]](self, action)

    def check(self, action: Raw) -> None:
        """Raise IllegalAction (with the reason) unless `action` is a legal decision or outcome here."""
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise IllegalAction(f"not an action: {action!r}")
        kind = action[0]
        if kind not in _EFFECTS:
            raise IllegalAction(f"unknown action kind {kind!r}")
        if kind != PRESET and not all(type(x) is int for x in action[1:]):
            raise IllegalAction(f"malformed action {action!r}")
        if kind in _OUTCOME_KINDS:
            if action not in _OUTCOMES_BY_PHASE.get(self.phase, ()):
                raise IllegalAction(f"{action!r} is not an outcome of this chance node")
            return
        _CHECKS[kind](self, action)

    def is_legal(self, action: Raw) -> bool:
        """True when `action` may be applied now."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ accessors (cheap, for AI and client)

    def units_of(self, player: int) -> list[int]:
        """Cells of a player's units, in cell order."""
        owner = self.owner
        return [c for c in range(len(owner)) if owner[c] == player]

    def unit_at(self, cell: int | str) -> dict[str, Any] | None:
        """The unit on a cell as {cell, owner, facing, attack, shield, activated}, or None."""
        c = self.board.cell(cell)
        if self.owner[c] == EMPTY:
            return None
        flags = self.flags[c]
        return {
            "cell": self.board.name(c),
            "owner": self.owner[c],
            "facing": DIRECTIONS[self.facing[c]],
            "attack": bool(flags & ATTACK_READY),
            "shield": bool(flags & SHIELD_UP),
            "activated": bool(flags & ACTIVATED),
        }

    def can_attack(self, cell: int) -> bool:
        """Whether the unit on `cell` still has its attack (B8)."""
        return bool(self.flags[cell] & ATTACK_READY)

    def has_shield(self, cell: int) -> bool:
        """Whether the unit on `cell` still has its left-flank shield this turn (B10)."""
        return bool(self.flags[cell] & SHIELD_UP)

    def is_activated(self, cell: int) -> bool:
        """Whether the unit on `cell` has already used pips this turn."""
        return bool(self.flags[cell] & ACTIVATED)

    def next_to_enemy(self, cell: int) -> bool:
        """Whether the unit on `cell` has an enemy unit on a neighbouring cell (B7: it may not move)."""
        owner = self.owner
        enemy = 1 - owner[cell]
        for n in self.board.neighbours[cell]:
            if owner[n] == enemy:
                return True
        return False

    def uses(self) -> list[tuple[int, int]]:
        """(use, pips) still open this turn: the sum and each unspent die (B6); a double offers die 1 once."""
        dice = self.dice
        if dice is None or self.phase != MAIN:
            return []
        a, b = dice
        spent1, spent2 = self.spent
        if not spent1 and not spent2:
            return [(USE_SUM, a + b), (USE_DIE1, a)] if a == b else [(USE_SUM, a + b), (USE_DIE1, a), (USE_DIE2, b)]
        if not spent1:
            return [(USE_DIE1, a)]
        if not spent2:
            return [(USE_DIE2, b)]
        return []

    def ready_units(self) -> list[int]:
        """Cells of the acting player's units that have not been activated this turn."""
        owner, flags, player = self.owner, self.flags, self.player
        return [c for c in range(len(owner)) if owner[c] == player and not flags[c] & ACTIVATED]

    def attacks(self) -> list[Attack]:
        """The acting player's attacks open now (B8): units with their attack facing an adjacent enemy."""
        if self.phase != MAIN:
            return []
        owner, flags, facing, ahead, player = self.owner, self.flags, self.facing, self.board.ahead, self.player
        enemy = 1 - player
        out: list[Attack] = []
        for c in range(len(owner)):
            if owner[c] == player and flags[c] & ATTACK_READY:
                target = ahead[c][facing[c]]
                if target >= 0 and owner[target] == enemy:
                    out.append(Attack(ATTACK, c, target))
        return out

    def unit_actions(self, cell: int | str) -> list[BattleCheckersAction]:
        """The legal activations (every open dice use) and attack of the unit on `cell`, for click handling."""
        c = self.board.cell(cell)
        if self.phase != MAIN or self.owner[c] != self.player:
            return []
        out: list[BattleCheckersAction] = [a for a in self.attacks() if a.cell == c]
        if not self.flags[c] & ACTIVATED:
            for use, pips in self.uses():
                self._activations_into(out, c, use, pips)
        return out

    def forecast(self, action: BattleCheckersAction) -> Forecast:
        """An attack: 'success' (the defender destroyed) and 'fail' with `AttackForecast` (side hit, repel chance)
        in `detail`; any other decision: its one certain result. Raises IllegalAction when not legal here."""
        self.check(action)
        if action[0] != ATTACK:
            return Forecast.sure(self.preview(action))
        attack = Attack(*action)
        detail = attack_forecast(self, attack.cell, attack.target)
        outcomes = [ForecastOutcome("success", detail.success), ForecastOutcome("fail", 1 - detail.success)]
        return Forecast(tuple(o for o in outcomes if o.probability), detail)

    def activations(self, cell: int, use: int, pips: int) -> list[BattleCheckersAction]:
        """Every distinct end result (cell, facing) the unit on `cell` can reach with `pips` (B7)."""
        out: list[BattleCheckersAction] = []
        self._activations_into(out, cell, use, pips)
        return out

    def activation_cost(self, cell: int, to: int, facing: int) -> int | None:
        """The fewest pips that take the unit on `cell` to (`to`, `facing`), or None when it cannot get there."""
        f0 = self.facing[cell]
        if to == cell:
            return ROTATION[f0][facing]
        found = self.board.direction(cell, to)
        if found is None or self.next_to_enemy(cell):
            return None
        d, k = found
        owner = self.owner
        for t in self.board.rays[cell][d][:k]:
            if owner[t] != EMPTY:
                return None
        return ROTATION[f0][d] + k + ROTATION[d][facing]

    def plan(self, action: Raw) -> tuple[int, int, int]:
        """The canonical (first turn, steps, last turn) of an activation; turns in signed eighths."""
        _, cell, _, to, facing = action
        f0 = self.facing[cell]
        if to == cell:
            return signed_turn(f0, facing), 0, 0
        d, k = self.board.direction(cell, to)  # type: ignore[misc]
        return signed_turn(f0, d), k, signed_turn(d, facing)

    def side_of(self, attacker: int, defender: int) -> str:
        """B9: the side of the unit on `defender` that the neighbouring cell `attacker` faces."""
        return side_hit(self.board, attacker, defender, self.facing[defender])

    # ------------------------------------------------------------------ enumeration

    def _activations_into(self, out: list[BattleCheckersAction], cell: int, use: int, pips: int) -> None:
        # Each end result has one cheapest plan (straight moves fix the direction), so no deduplication.
        f0 = self.facing[cell]
        rot = ROTATION[f0]
        append = out.append
        # The generated NamedTuple constructor costs twice tuple.__new__; this loop is the search's hottest.
        new = tuple.__new__
        for f in range(8):
            if f != f0 and rot[f] <= pips:
                append(new(Activate, (ACT, cell, use, cell, f)))
        if self.next_to_enemy(cell):
            return
        owner = self.owner
        rays = self.board.rays[cell]
        for d in range(8):
            budget = pips - rot[d]
            if budget < 1:
                continue
            ends = END_FACINGS[d]
            k = 0
            for t in rays[d]:
                k += 1
                if k > budget or owner[t] != EMPTY:
                    break
                spare = budget - k
                for f in ends[spare if spare < 4 else 4]:
                    append(new(Activate, (ACT, cell, use, t, f)))

    def _deploy_actions(self) -> list[BattleCheckersAction]:
        player = self.player
        out: list[BattleCheckersAction] = []
        if self.to_place[player] == self.game.level.units_per_player:
            out.extend(Preset(PRESET, name) for name in self.game.level.presets)
        owner, w = self.owner, self.board.width
        for y in self.board.half_ranks(player):
            for c in range(y * w, y * w + w):
                if owner[c] == EMPTY:
                    out.extend([Place(PLACE, c, f) for f in range(8)])
        return out

    # ------------------------------------------------------------------ checks (no side effects)

    def _check_place(self, action: Raw) -> None:
        if self.phase != DEPLOY or len(action) != 3:
            raise IllegalAction("units are placed only during deployment")
        _, cell, facing = action
        if not (0 <= cell < self.board.size and 0 <= facing < 8):
            raise IllegalAction(f"bad placement {action!r}")
        if self.owner[cell] != EMPTY:
            raise IllegalAction(f"{self.board.name(cell)} is taken")
        if self.board.xy(cell)[1] not in self.board.half_ranks(self.player):
            raise IllegalAction(f"{self.board.name(cell)} is outside player {self.player + 1}'s half")

    def _check_preset(self, action: Raw) -> None:
        if self.phase != DEPLOY or len(action) != 2 or not isinstance(action[1], str):
            raise IllegalAction("presets are chosen only during deployment")
        if action[1] not in self.game.level.presets:
            raise IllegalAction(f"no preset named {action[1]!r}")
        if self.to_place[self.player] != self.game.level.units_per_player:
            raise IllegalAction("a preset places all units, but some are already placed")

    def _check_activation(self, action: Raw) -> None:
        if self.phase != MAIN or len(action) != 5:
            raise IllegalAction("no activation is open now")
        _, cell, use, to, facing = action
        size = self.board.size
        if not (0 <= cell < size and 0 <= to < size and 0 <= facing < 8):
            raise IllegalAction(f"bad activation {action!r}")
        if self.owner[cell] != self.player:
            raise IllegalAction(f"no unit of player {self.player + 1} on {self.board.name(cell)}")
        if self.flags[cell] & ACTIVATED:
            raise IllegalAction(f"the unit on {self.board.name(cell)} was already activated this turn")
        pips = dict(self.uses()).get(use)
        if pips is None:
            raise IllegalAction(f"the dice use {use!r} is not open now")
        if to == cell and facing == self.facing[cell]:
            raise IllegalAction("an activation must change the unit's cell or facing")
        cost = self.activation_cost(cell, to, facing)
        if cost is None or cost > pips:
            raise IllegalAction(f"the unit on {self.board.name(cell)} cannot get there with {pips} pips")

    def _check_attack(self, action: Raw) -> None:
        if self.phase != MAIN or action not in self.attacks():
            raise IllegalAction(f"{action!r} is not an open attack")

    def _check_end(self, action: Raw) -> None:
        if self.phase != MAIN or action != END:
            raise IllegalAction("there is no turn to end now")

    def _check_fate_choice(self, action: Raw) -> None:
        if self.phase != FATE_CHOICE or action not in (FATE, NOFATE):
            raise IllegalAction("there is no fate roll to call now")

    # ------------------------------------------------------------------ deployment (B4)

    def _apply_place(self, action: Raw) -> list[Event]:
        events: list[Event] = []
        self._place(action[1], action[2], events)
        self._after_placing(events)
        return events

    def _apply_preset(self, action: Raw) -> list[Event]:
        events: list[Event] = []
        for cell, facing in self.game.level.presets[action[1]]:
            if self.player == 1:
                cell, facing = self.board.mirror(cell), (facing + 4) % 8
            self._place(cell, facing, events)
        self._after_placing(events)
        return events

    def _place(self, cell: int, facing: int, events: list[Event]) -> None:
        self.owner[cell] = self.player
        self.facing[cell] = facing
        self.flags[cell] = ATTACK_READY | SHIELD_UP
        self.to_place[self.player] -= 1
        events.append(ev.Placed(self.player, self.board.name(cell), DIRECTIONS[facing]))

    def _after_placing(self, events: list[Event]) -> None:
        if self.to_place[self.player] > 0:
            return
        if self.player == 0 and self.to_place[1] > 0:
            self.player = 1
            return
        # B12 holds from the start: a side deploying without spirit (a saved position) has lost at once.
        for seat in (0, 1):
            if self.spirit[seat] <= 0:
                self._finish((1 - seat,), BattleCheckersReason.NO_SPIRIT, events)
                return
        # Both sides deployed: player 1 takes the first turn.
        self.player, self.turn = 1, 0
        self._start_next_turn(events)

    # ------------------------------------------------------------------ the turn (B5–B8)

    def _start_next_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.player = player = 1 - self.player
        owner, flags = self.owner, self.flags
        for c in range(len(owner)):
            o = owner[c]
            if o == player:
                flags[c] = ATTACK_READY | SHIELD_UP
            elif o != EMPTY:
                flags[c] = (flags[c] | SHIELD_UP) & ~ACTIVATED
        self.dice = None
        self.spent = [False, False]
        self.phase = ROLL_PHASE
        events.append(ev.TurnStarted(player, self.turn))

    def _apply_roll(self, action: Raw) -> list[Event]:
        self.dice = (action[1], action[2])
        self.phase = MAIN
        events: list[Event] = [ev.DiceRolled(self.player, self.dice)]
        self._continue_turn(events)
        return events

    def _apply_activation(self, action: Raw) -> list[Event]:
        _, cell, use, to, facing = action
        pips = dict(self.uses())[use]
        first, steps, last = self.plan(action)
        names = self.board.names
        events: list[Event] = [
            ev.Activated(self.player, names[cell], USE_TEXT[use], pips, plan_text(first, steps, last))
        ]
        if use == USE_SUM:
            self.spent = [True, True]
        else:
            self.spent[use - 1] = True
        self._turn_by(cell, first, events)
        here = cell
        if steps:
            for t in self.board.rays[cell][self.facing[cell]][:steps]:
                self._move_unit(here, t)
                events.append(ev.Moved(names[here], names[t]))
                here = t
        self._turn_by(here, last, events)
        self.flags[here] |= ACTIVATED
        self._continue_turn(events)
        return events

    def _turn_by(self, cell: int, eighths: int, events: list[Event]) -> None:
        step = 1 if eighths > 0 else -1
        for _ in range(abs(eighths)):
            before = self.facing[cell]
            self.facing[cell] = (before + step) % 8
            events.append(ev.Turned(self.board.names[cell], DIRECTIONS[before], DIRECTIONS[self.facing[cell]]))

    def _move_unit(self, src: int, dst: int) -> None:
        self.owner[dst], self.facing[dst], self.flags[dst] = self.owner[src], self.facing[src], self.flags[src]
        self.owner[src], self.facing[src], self.flags[src] = EMPTY, 0, 0

    def _apply_end(self, action: Raw) -> list[Event]:
        events: list[Event] = []
        self._end_turn(events)
        return events

    def _continue_turn(self, events: list[Event]) -> None:
        # The turn ends by itself when `end` would be the only choice left.
        if self._outcome is None and self.phase == MAIN and not self._has_choices():
            self._end_turn(events)

    def _has_choices(self) -> bool:
        if self.attacks():
            return True
        return bool(self.uses()) and bool(self.ready_units())

    def _end_turn(self, events: list[Event]) -> None:
        events.append(ev.TurnEnded(self.player, self.turn))
        if self.turn >= 2 * self.turn_limit:
            self._finish_by_turn_limit(events)
        else:
            self._start_next_turn(events)


S = BattleCheckersState
_EFFECTS = {
    PLACE: S._apply_place, PRESET: S._apply_preset, ACT: S._apply_activation, ATTACK: S._apply_attack,
    "end": S._apply_end, "fate": S._apply_fate_choice, "nofate": S._apply_fate_choice,
    ROLL: S._apply_roll, DUEL: S._apply_duel, REPEL: S._apply_repel, FATE_ROLL: S._apply_fate_roll,
}
_CHECKS = {
    PLACE: S._check_place, PRESET: S._check_preset, ACT: S._check_activation, ATTACK: S._check_attack,
    "end": S._check_end, "fate": S._check_fate_choice, "nofate": S._check_fate_choice,
}
_OUTCOME_KINDS = frozenset((ROLL, DUEL, REPEL, FATE_ROLL))
_OUTCOMES_BY_PHASE = {
    ROLL_PHASE: frozenset(o for o, _ in ROLL_OUTCOMES),
    DUEL_PHASE: frozenset(o for o, _ in DUEL_OUTCOMES),
    REPEL_PHASE: frozenset(o for o, _ in REPEL_OUTCOMES),
    FATE_PHASE: frozenset(o for o, _ in FATE_OUTCOMES),
}
del S
