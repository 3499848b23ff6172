"""What the CheckRisk player is picking: a deployment draft, reinforcements, a stack with an amount and its
target, the defender's retreat split, the occupation amount, and blitz. Every choice ends in `board.commit` of a
legal action taken from the index of `state.legal_actions()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.client.board.input import Drag, Hold, Hover, Intent, Key, Press, Release, RightClick, Wheel
from game.client.board.picks import BoardPicks
from game.client.board.wording import counted
from game.client.checkrisk.actions import ActionIndex, typed
from game.engine.checkrisk import (
    WORDS,
    Attack,
    CheckRiskState,
    Deploy,
    DeployRefusal,
    Move,
    Occupy,
    Preset,
    Reinforce,
    Retreat,
    Word,
    battle_forecast,
    deploy_refusal,
)
from game.engine.core import IllegalAction

if TYPE_CHECKING:
    from game.client.board.services import BoardServices

import pygame


@dataclass
class Blitz:
    """An attacker fighting on by itself: to the end, until down to `k` tokens, or until the odds fall under `x` %."""

    how: str  # "end", "down_to" or "odds"
    k: int = 1
    x: int = 50

    def goes_on(self, attackers: int, defenders: int) -> bool:
        """True while the condition holds for the stacks now (odds from the engine's exact forecast)."""
        if self.how == "down_to":
            return attackers > self.k
        if self.how == "odds":
            return battle_forecast(attackers, defenders).win * 100 >= self.x
        return True


class CheckRiskPicks(BoardPicks[CheckRiskState]):
    """The picks of the human to act (the draft: cell -> tokens), over the board scene's services."""

    def __init__(self, board: BoardServices) -> None:
        super().__init__(board)
        self.index = ActionIndex()
        self.amount: int | None = None  # tokens chosen for the selected stack (None: the default for the target)
        self.split: dict[str, int] | None = None  # the defender's retreat split in progress
        self.blitz: Blitz | None = None
        self.blitz_k = 1
        self.blitz_x = 50
        self.picking = ""  # what the open amount picker is for ("act", "occupy", "retreat")
        self.picker_target: str | None = None
        self.picker_value = 0
        self.refusal: DeployRefusal | None = None  # why the last draft change was refused, until the next one
        self.note = ""  # why the last click on the board did nothing, until the next one
        self.card_rect: Callable[[], pygame.Rect | None] = lambda: None  # the battle card, which pickers keep clear of

    # ----- position -----
    def rebuild(self, state: CheckRiskState, human: bool) -> Word | None:
        """Index the new position; the occupation picker opens; a blitz going on returns its next round (the board
        commits it)."""
        self.state = state
        self.index = ActionIndex.build(state)
        self.human = human
        phase = state.phase
        if phase != "deploy":
            self.draft = {}
            self.draft_preset = ""
        battle = state.pending_battle()
        if battle is None or battle.stage == "occupy":
            self.blitz = None  # over: a won cell's occupation is the player's own choice, with no Stop to press
        if battle is None or battle.stage != "defender":
            self.split = None
        if not human:
            return None
        if phase == "deploy" and not self.draft:
            # The preset chosen for this seat in the new-game dialog is laid out, ready to confirm or change.
            chosen = list(self.board.live.presets)
            name = chosen[state.seat] if state.seat < len(chosen) else ""
            if name and name in self.index.presets:
                self.use_preset(name)
        if battle is not None and battle.stage == "attacker" and self.blitz is not None:
            if self.blitz.goes_on(battle.attackers, battle.defenders):
                return WORDS["continue"]
            self.blitz = None
        if battle is not None and battle.stage == "occupy":
            self.open_occupy()
        return None

    def reset(self) -> None:
        """Drop the selection, hover and amount (the draft, split and blitz stay until their position goes)."""
        super().reset()
        self.amount = None
        self.picking = ""
        self.picker_target = None
        self.refusal = None
        self.note = ""

    def cell_index(self, cell: str) -> int:
        """The engine's index of a cell name."""
        return int(self.live.game.cell_index(cell))

    # ----- deployment -----
    def draft_state(self, draft: dict[str, int] | None = None) -> CheckRiskState | None:
        """The position with the draft placed, or None when the engine refuses it."""
        state: CheckRiskState = self.live.clone()
        for cell, k in sorted((draft if draft is not None else self.draft).items()):
            try:
                state.apply(Deploy(self.cell_index(cell), k))
            except IllegalAction:
                return None
        return state

    def _try_draft(self, draft: dict[str, int]) -> bool:
        draft = {c: k for c, k in draft.items() if k > 0}
        if self.draft_state(draft) is None:
            return False
        self.draft = draft
        self.draft_preset = ""
        self.refusal = None
        return True

    def draft_addable(self) -> set[str]:
        """Cells where one more token may go now."""
        state = self.draft_state()
        if state is None or state.phase != "deploy" or state.seat != self.live.seat:
            return set()
        name = state.game.cell_name
        return {name(a.cell) for a in state.legal_actions() if isinstance(a, Deploy) and a.k == 1}

    def tokens_left(self) -> int:
        """Tokens the deploying seat still has to place (the draft counted)."""
        return int(self.live.to_deploy[self.live.seat]) - sum(self.draft.values())

    def add_token(self, cell: str) -> bool:
        """One more token on `cell` in the draft (a refusal is kept, in words, for the panel)."""
        return self._add_to(self.draft, cell)

    def _add_to(self, draft: dict[str, int], cell: str) -> bool:
        """`draft` with one more token on `cell` becomes the draft, or the refusal says why not."""
        placed = self.draft_state(draft)
        if placed is None:
            why: DeployRefusal | None = DeployRefusal.NOT_DEPLOYING
        elif placed.phase != "deploy" or placed.seat != self.live.seat:
            why = DeployRefusal.NO_TOKENS  # the draft already places every token: the deployment has passed on
        else:
            why = deploy_refusal(placed.position, self.cell_index(cell))
        if why is not None or not self._try_draft({**draft, cell: draft.get(cell, 0) + 1}):
            self.refusal = why or DeployRefusal.NOT_DEPLOYING
            return False
        return True

    def remove_token(self, cell: str) -> bool:
        """One token fewer on `cell` in the draft."""
        if not self.draft.get(cell):
            return False
        return self._try_draft({**self.draft, cell: self.draft[cell] - 1})

    def move_token(self, src: str, dst: str) -> bool:
        """One token from `src` to `dst` in the draft (a refusal is kept, in words, for the panel)."""
        if not self.draft.get(src) or src == dst:
            return False
        return self._add_to({c: k for c, k in {**self.draft, src: self.draft[src] - 1}.items() if k > 0}, dst)

    def use_preset(self, name: str) -> None:
        """Fill the draft from a preset (committed as the preset while unchanged)."""
        cells = self.live.game.presets(self.live.seat).get(name, ())
        self.draft = {self.live.game.cell_name(c): k for c, k in cells}
        self.draft_preset = name

    def deploy_for_me(self) -> None:
        """Fill the rest of the draft: a token at a time on the emptiest cell allowed, nearest the front."""
        self.draft_preset = ""
        mid = (self.live.game.board_size[1] - 1) / 2
        while self.tokens_left() > 0:
            cells = self.draft_addable()
            if not cells:
                break
            best = min(cells, key=lambda c: (self.draft.get(c, 0), abs(int(c[1:]) - 1 - mid), c))
            self.draft[best] = self.draft.get(best, 0) + 1

    def confirm_deployment(self) -> None:
        """Commit the draft: the preset as one action, else one placement per cell."""
        if self.tokens_left() or not self.draft:
            return
        if self.draft_preset and self.draft_preset in self.index.presets:
            self.board.commit(Preset(self.draft_preset))
        else:
            for cell, k in sorted(self.draft.items()):
                self.board.commit(Deploy(self.cell_index(cell), k))
        self.draft = {}
        self.draft_preset = ""

    # ----- reinforcements -----
    def place_for_me(self) -> None:
        """Place every reinforcement: each on the smallest stack its group may take it on. The placements are chosen
        on a copy of the position, so an online game (where each is shown once its server confirms it) places them all
        too."""
        if not self.board.live.is_human_turn:
            return
        state = self.board.state_as(CheckRiskState).clone()
        seat = state.current_player()
        while state.phase == "reinforce" and state.current_player() == seat:
            index = ActionIndex.build(state)
            if not index.reinforce:
                break
            counts, game = state.count, state.game
            best = min(index.reinforce, key=lambda c: (counts[game.cell_index(c)], c))
            action = Reinforce(game.cell_index(best))
            self.board.commit(action)
            state.apply(action)

    # ----- actions -----
    def default_amount(self, origin: str, target: str) -> int:
        """What a plain click sends: the hint's amount when the hint names this move or attack, else all that may
        go (the whole stack, or as many as an own stack has room for)."""
        moves, attacks = self.index.targets(origin)
        allowed = attacks.get(target) or moves.get(target) or [1]
        hinted = self.hinted_amount(origin, target)
        if hinted is not None and hinted in allowed:
            return hinted
        return max(allowed)

    def hinted_amount(self, origin: str, target: str) -> int | None:
        """The amount of the shown hint when it is a move or an attack from `origin` to `target`, else None."""
        text = self.board.hint_action
        action = typed(self.live.game, text) if text else None
        if not isinstance(action, (Move, Attack)):
            return None
        if (action.origin, action.target) != (self.cell_index(origin), self.cell_index(target)):
            return None
        return int(action.n)

    def chosen_amount(self, origin: str, target: str) -> int:
        """The amount for this target: the one picked, or the default."""
        moves, attacks = self.index.targets(origin)
        allowed = attacks.get(target) or moves.get(target) or [1]
        if self.picking == "act" and self.picker_target == target:
            return self.picker_value
        if self.amount is not None:
            return max(min(allowed), min(max(allowed), self.amount))
        return self.default_amount(origin, target)

    def _count(self, cell: str) -> int:
        return int(self.live.count[self.cell_index(cell)])

    def select(self, cell: str | None) -> None:
        """Select an own stack that can act (or drop the selection); an amount typed before any stack was picked
        goes with the stack picked now."""
        if self.selected is not None or cell not in self.index.origins():
            self.amount = None
        self.selected = cell if cell in self.index.origins() else None
        if self.selected is not None and self.amount is not None:
            self.amount = min(self._count(self.selected), self.amount)

    def pick_target(self, target: str, ask: bool = False) -> None:
        """A target of the selected stack: acts at once with the chosen amount, or with `ask` (a held click, the
        keyboard's Enter) the amount picker opens first where more than one amount is allowed."""
        origin = self.selected
        if origin is None:
            return
        moves, attacks = self.index.targets(origin)
        allowed = attacks.get(target) or moves.get(target)
        if not allowed:
            return
        make = Attack if target in attacks else Move
        kind = "attack" if target in attacks else "move"
        if len(allowed) == 1 or not ask:
            n = allowed[0] if len(allowed) == 1 else self.chosen_amount(origin, target)
            self.board.commit(make(self.cell_index(origin), self.cell_index(target), n))
            return
        t = self.board.t
        self.picker_value = self.chosen_amount(origin, target)
        self.picking, self.picker_target = "act", target

        def commit(n: int) -> None:
            self.board.commit(make(self.cell_index(origin), self.cell_index(target), n))

        def change(n: int) -> None:
            self.picker_value = n

        title = t(
            "checkrisk.picker.attack" if kind == "attack" else "checkrisk.picker.move", origin=origin, target=target
        )
        if kind == "move" and self._count(target) and max(allowed) < self._count(origin):
            # Onto an own stack that cannot take them all: the rule of six is why the picker stops short.
            title = t("checkrisk.picker.merge", origin=origin, target=target, room=max(allowed))
        self.board.popups.open_picker(title, min(allowed), max(allowed), self.picker_value, target, commit, change)

    def open_occupy(self) -> None:
        """The occupation amount: how many of the origin stack move into the won cell."""
        battle = self.live.pending_battle()
        if battle is None or not self.index.occupy:
            return
        game = self.live.game
        origin, target = game.cell_name(battle.origin), game.cell_name(battle.target)
        high = max(self.index.occupy)
        default = high - 1 if high > 1 else high
        self.picking, self.picker_target, self.picker_value = "occupy", target, default

        def change(n: int) -> None:
            self.picker_value = n

        self.board.popups.open_picker(
            self.board.t("checkrisk.picker.occupy", origin=origin, target=target),
            min(self.index.occupy),
            high,
            default,
            target,
            lambda k: self.board.commit(Occupy(k)),
            change,
            avoid=self.card_rect,
        )

    # ----- retreat -----
    def start_retreat(self) -> None:
        """Begin the split: everything into the first cell that takes the whole stack, else the first split."""
        if not self.index.retreats:
            return
        whole = [parts for parts in self.index.retreats if len(parts) == 1]
        first = whole[0] if whole else next(iter(self.index.retreats))
        self.split = dict(first)

    def split_room(self, cell: str) -> tuple[int, int]:
        """The least and most tokens `cell` may take, the other cells' shares kept where they can be."""
        amounts = [dict(parts).get(cell, 0) for parts in self.index.retreats]
        return min(amounts), max(amounts)

    def set_split(self, cell: str, n: int) -> None:
        """Put `n` tokens on `cell`; the rest is spread over the other cells as a legal split allows."""
        if self.split is None:
            return
        want = {**self.split, cell: n}
        best = None
        for parts in self.index.retreats:
            d = dict(parts)
            if d.get(cell, 0) != n:
                continue
            score = sum(abs(d.get(c, 0) - want.get(c, 0)) for c in set(d) | set(want))
            if best is None or score < best[0]:
                best = (score, d)
        if best is not None:
            self.split = best[1]

    def retreat_action(self) -> Retreat | None:
        """The legal retreat the split names, or None."""
        if self.split is None:
            return None
        parts = tuple(sorted(((c, n) for c, n in self.split.items() if n), key=lambda p: self.cell_index(p[0])))
        return self.index.retreats.get(parts)

    def pick_split_cell(self, cell: str) -> None:
        """Open the amount picker for one retreat cell."""
        low, high = self.split_room(cell)
        if self.split is None or high == 0:
            return
        self.picking, self.picker_target = "retreat", cell
        self.board.popups.open_picker(
            self.board.t("checkrisk.picker.retreat", cell=cell),
            low,
            high,
            self.split.get(cell, 0),
            cell,
            lambda n: self.set_split(cell, n),
            lambda n: self.set_split(cell, n),
            avoid=self.card_rect,
        )

    # ----- pointer and keys -----
    def pointer(self, intent: Intent) -> bool:
        """Board pointer intents by phase; returns True from a press that grabs a stack (drag)."""
        if isinstance(intent, Hover):
            self.hover = intent.cell
            return False
        if not self.human or self.state is None:
            return False
        by_phase = {
            "deploy": self._deploy_pointer,
            "reinforce": self._reinforce_pointer,
            "battle": self._battle_pointer,
            "act": self._act_pointer,
        }.get(self.phase)
        return by_phase(intent) if by_phase is not None else False

    def _deploy_pointer(self, intent: Intent) -> bool:
        """A click adds a token (Shift+click or a right click takes one off); a drag moves one."""
        if isinstance(intent, Press) and intent.cell:
            if intent.mod & pygame.KMOD_SHIFT:
                self.remove_token(intent.cell)
                return False
            if self.draft.get(intent.cell):
                return True  # grabbed so that a drag can move one; the release without a drag adds one
            self.add_token(intent.cell)
            return False
        if isinstance(intent, Release) and intent.cell == intent.grabbed:
            self.add_token(intent.cell)
        elif isinstance(intent, RightClick) and intent.cell:
            self.remove_token(intent.cell)
        elif isinstance(intent, Drag) and intent.dst:
            self.move_token(intent.src, intent.dst)
        return False

    def _reinforce_pointer(self, intent: Intent) -> bool:
        """A click on a stack of a marked group places one reinforcement there; elsewhere it says why not."""
        if isinstance(intent, Press) and intent.cell in self.index.reinforce:
            self.board.commit(Reinforce(self.cell_index(intent.cell)))
        elif isinstance(intent, Press) and intent.cell is not None:
            self.note = str(self.board.t("checkrisk.note.not_reinforce", cell=intent.cell))
        return False

    def _battle_pointer(self, intent: Intent) -> bool:
        """A retreat cell's amount while splitting; any other click on the board says the battle is answered first."""
        if self.split is not None and isinstance(intent, Press) and intent.cell in self.index.retreat_cells():
            self.pick_split_cell(intent.cell)
        elif isinstance(intent, Press) and intent.cell is not None and self.board.popups.picker is None:
            self.note = str(self.board.t("checkrisk.note.battle_first"))
        return False

    def _act_pointer(self, intent: Intent) -> bool:
        """Select a stack; a click on a target acts with the amount shown (the default, or the wheel's), a held
        click on it opens the amount picker; a drag acts too; a right click drops the selection."""
        if isinstance(intent, Press):
            return self._act_press(intent.cell) if intent.cell is not None else False
        if isinstance(intent, Release) and intent.cell == intent.grabbed and self._is_target(intent.cell):
            self.pick_target(intent.cell, ask=False)
        elif isinstance(intent, Hold) and self._is_target(intent.cell):
            self.pick_target(intent.cell, ask=True)
            return True
        elif isinstance(intent, Drag) and intent.dst and not self._is_target(intent.src):
            self.select(intent.src)
            self.pick_target(intent.dst, ask=False)
        elif isinstance(intent, RightClick):
            self.select(None)
        elif isinstance(intent, Wheel) and self.selected:
            self.step_amount(intent.steps)
        return False

    def _is_target(self, cell: str | None) -> bool:
        """True when `cell` is a target of the selected stack."""
        if not self.selected or cell is None or cell == self.selected:
            return False
        moves, attacks = self.index.targets(self.selected)
        return cell in moves or cell in attacks

    def _act_press(self, cell: str) -> bool:
        if self._is_target(cell):
            return True  # grabbed: the release acts, a hold opens the amount picker
        self.note = ""
        if cell == self.selected:
            self.select(None)
            return False
        before = self.selected
        self.select(cell)
        if self.selected is None or before is not None:
            self.note = self._why_not(before, cell)  # also when an own full stack was picked instead of filled
        return self.selected is not None

    def _why_not(self, selected: str | None, cell: str) -> str:
        """Why a click on `cell` neither selects a stack nor acts (said on the status line, never silently)."""
        t, state = self.board.t, self.live
        index = self.cell_index(cell)
        owner = int(state.owner[index])
        if selected is not None:
            near = index in state.game.neighbours(self.cell_index(selected))
            if near and owner == state.seat:
                return str(t("checkrisk.note.full", cell=cell, origin=selected))
            if owner == state.seat and cell == self.selected:
                return ""  # another of the player's stacks picked: that is what the click did
            return str(t("checkrisk.note.not_near", cell=cell, origin=selected))
        if owner == state.seat:
            return str(t("checkrisk.note.stuck", cell=cell))
        if owner >= 0:
            return str(t("checkrisk.note.enemy", cell=cell))
        return str(t("checkrisk.note.pick_first"))

    def step_amount(self, steps: int) -> None:
        """Change the chosen amount of the selected stack, from the amount shown on the hovered target."""
        if self.selected is None:
            return
        count = self._count(self.selected)
        if self.amount is not None:
            current = self.amount
        elif self._is_target(self.hover) and self.hover is not None:
            current = self.chosen_amount(self.selected, self.hover)
        else:
            current = count
        self.amount = max(1, min(count, current + steps))

    def key(self, intent: Intent) -> None:
        """Digits choose the amount; E ends the turn; B starts a blitz to the end."""
        if not isinstance(intent, Key) or not self.human:
            return
        if pygame.K_1 <= intent.key <= pygame.K_6 and self.selected:
            self.amount = min(self._count(self.selected), intent.key - pygame.K_0)
        elif pygame.K_1 <= intent.key <= pygame.K_6 and self.phase == "act":
            # Typed before a stack is picked: it goes with the next one picked, and the status line says so.
            self.amount = intent.key - pygame.K_0
            self.note = str(counted(self.board.t, "checkrisk.note.amount_first", self.amount))
        elif intent.key == pygame.K_e and "end" in self.index.words:
            self.board.end_turn(WORDS["end"])
        elif intent.key == pygame.K_c and "continue" in self.index.words:
            self.board.commit(WORDS["continue"])
        elif intent.key == pygame.K_w and "withdraw" in self.index.words:
            self.board.commit(WORDS["withdraw"])
        elif intent.key == pygame.K_s and "stand" in self.index.words:
            self.board.commit(WORDS["stand"])
        elif intent.key == pygame.K_b and "continue" in self.index.words:
            self.start_blitz(Blitz("end"))

    def start_blitz(self, blitz: Blitz) -> None:
        """Fight on by itself while the condition holds (checked after every round)."""
        battle = self.live.pending_battle()
        if battle is None or "continue" not in self.index.words:
            return
        if not blitz.goes_on(battle.attackers, battle.defenders):
            return
        self.blitz = blitz
        self.board.commit(WORDS["continue"])

    def stop_blitz(self) -> bool:
        """Stop a running blitz; True when one ran."""
        running = self.blitz is not None
        self.blitz = None
        return running
