"""A CheckRisk position: its fields, the engine protocol, and accessors for AI and client."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.battle import BattleRules
from game.engine.checkrisk.legal import LegalActions
from game.engine.checkrisk.odds import Odds, battle_odds, round_outcomes
from game.engine.checkrisk.phases import (  # noqa: F401  (re-exported for callers of this module)
    ACT,
    ATTACKER,
    BATTLE,
    DEFENDER,
    DEPLOY,
    EMPTY,
    OCCUPY,
    OVER,
    PHASES,
    REINFORCE,
    ROLL,
    STAGES,
    BattleView,
)
from game.engine.checkrisk.turns import TurnRules
from game.engine.core import CHANCE, TERMINAL, Action, Event, IllegalAction, Outcome, State

if TYPE_CHECKING:
    from game.engine.checkrisk.game import CheckRiskGame


class CheckRiskState(LegalActions, TurnRules, BattleRules, State):
    """A CheckRisk position. `owner`, `count`, `supply`, `removed`, `out` are per-cell / per-seat lists:
    read them freely, never write them (use `apply`). Cells are indices (see `game.cell_name`)."""

    def __init__(self, game: CheckRiskGame) -> None:
        spec = game.spec
        players = spec.players
        self.game = game
        self.owner: list[int] = [EMPTY] * spec.board.size
        self.count: list[int] = [0] * spec.board.size
        self.supply: list[int] = [spec.supply] * players  # tokens not on the board and not removed
        self.removed: list[int] = [0] * players  # tokens that left the game in battle (C11)
        self.to_deploy: list[int] = [spec.start_tokens] * players
        self.on_board: list[int] = [0] * players  # includes attackers out on a battle
        self.out: list[bool] = [False] * players
        self.seat = 0  # whose turn (or deployment) it is
        self.round = 0  # 0 during deployment, then 1…turn_limit
        self.actions_left = 0
        self.phase = DEPLOY
        self.reinforcements: list[list[Any]] = []  # [[cells tuple, tokens left to place], ...]
        self.battle: list[Any] | None = None  # [origin, target, attackers, stage, rounds]
        self.rolls = 0  # rounds rolled this game; seeds the faces shown
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """The seat to decide (the defender's seat when it must stand or retreat), CHANCE or TERMINAL."""
        if self._outcome is not None:
            return TERMINAL
        b = self.battle
        if b is not None:
            stage = b[3]
            if stage == ROLL:
                return CHANCE
            if stage == DEFENDER:
                return self.owner[b[1]]
        return self.seat

    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to act."""
        phase = self.phase
        if phase == ACT:
            return self._act_actions()
        if phase == BATTLE:
            stage = self.battle[3]
            if stage == ATTACKER:
                return [A.CONTINUE_ACTION, A.WITHDRAW_ACTION]
            if stage == DEFENDER:
                return [A.STAND_ACTION, *self._retreat_actions()]
            if stage == OCCUPY:
                return list(A.OCCUPY_ACTIONS[: self.count[self.battle[0]] + 1])
            return []
        if phase == REINFORCE:
            return self._reinforce_actions()
        if phase == DEPLOY:
            return self._deploy_actions()
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """A battle round's decisive hit counts ("roll", attacker_hits, defender_hits) with exact odds."""
        b = self.battle
        if self._outcome is not None or b is None or b[3] != ROLL:
            return []
        return [(A.Roll(A.ROLL, ha, hd), p) for (ha, hd), p in round_outcomes(b[2], self.count[b[1]])]

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision or chance outcome; raises IllegalAction when it is not legal here."""
        if self._outcome is not None:
            raise IllegalAction("the game is over")
        try:
            handler = _HANDLERS[action[0]]
        except (TypeError, IndexError, KeyError):
            raise IllegalAction(f"not a CheckRisk action: {action!r}") from None
        return handler(self, action)

    def action_to_str(self, action: Action) -> str:
        """Notation as in the rules (see `actions`)."""
        return A.to_str(self.game.board, action)

    def action_from_str(self, text: str) -> Action:
        """Parse notation into an action or chance outcome legal here; raises IllegalAction."""
        action = A.from_str(self.game.board, text)
        problem = self._problem(action)
        if problem:
            raise IllegalAction(f"{text!r}: {problem}")
        return action

    def clone(self) -> CheckRiskState:
        """An independent copy."""
        other = CheckRiskState.__new__(CheckRiskState)
        other.game = self.game
        other.owner = self.owner[:]
        other.count = self.count[:]
        other.supply = self.supply[:]
        other.removed = self.removed[:]
        other.to_deploy = self.to_deploy[:]
        other.on_board = self.on_board[:]
        other.out = self.out[:]
        other.seat = self.seat
        other.round = self.round
        other.actions_left = self.actions_left
        other.phase = self.phase
        other.reinforcements = [g[:] for g in self.reinforcements]
        other.battle = self.battle[:] if self.battle is not None else None
        other.rolls = self.rolls
        other._outcome = self._outcome
        return other

    def to_dict(self) -> dict[str, Any]:
        """The position JSON of the rules (see `position`)."""
        from game.engine.checkrisk.position import state_to_dict

        return state_to_dict(self)

    def outcome(self) -> Outcome | None:
        """Winners and reason once the game is over (C14, C15)."""
        return self._outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._outcome is not None

    # ------------------------------------------------------------------ accessors for AI and client

    def stack(self, cell: int) -> tuple[int, int] | None:
        """(owner, count) of the stack on a cell, or None when it is empty."""
        return (self.owner[cell], self.count[cell]) if self.count[cell] else None

    def owner_at(self, cell: int) -> int:
        """The seat owning the stack on a cell, or -1 when empty."""
        return self.owner[cell] if self.count[cell] else EMPTY

    def stacks(self) -> list[tuple[int, int, int]]:
        """Every stack as (cell, owner, count), by cell index."""
        return [(i, o, c) for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if c]

    def cells_of(self, seat: int) -> list[int]:
        """The cells holding the seat's stacks."""
        return [i for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if o == seat and c]

    def cells_held(self, seat: int) -> int:
        """How many cells the seat holds (the first C15 tie-break)."""
        return len(self.cells_of(seat))

    def tokens_on_board(self, seat: int) -> int:
        """The seat's tokens on the board, counting attackers out on a battle."""
        return self.on_board[seat]

    def groups(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's orthogonally connected groups of cells (C7), each sorted, largest first."""
        nbrs = self.game.board.neighbours
        owner, count = self.owner, self.count
        seen: set[int] = set()
        out = []
        for start in range(len(owner)):
            if owner[start] != seat or not count[start] or start in seen:
                continue
            seen.add(start)
            todo = [start]
            group = []
            while todo:
                i = todo.pop()
                group.append(i)
                for j in nbrs[i]:
                    if j not in seen and owner[j] == seat and count[j]:
                        seen.add(j)
                        todo.append(j)
            out.append(tuple(sorted(group)))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def reinforcement_due(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(group, tokens) for each of the seat's groups that touches the edge and has ⌊cells/4⌋ ≥ 1 (C7)."""
        edge = self.game.board.edge
        return [(g, len(g) // 4) for g in self.groups(seat) if len(g) >= 4 and any(edge[i] for i in g)]

    def pending_reinforcements(self) -> list[tuple[tuple[int, ...], int]]:
        """(group cells, tokens still to place) while reinforcing."""
        return [(cells, left) for cells, left in self.reinforcements if left]

    def pending_battle(self) -> BattleView | None:
        """The battle being fought, or None."""
        b = self.battle
        if b is None:
            return None
        origin, target, attackers, stage, rounds = b
        defender = self.owner[target] if self.count[target] else EMPTY
        return BattleView(origin, target, self.seat, defender, attackers, self.count[target], stage, rounds)

    def attack_odds(self, action: Action) -> Odds:
        """Exact (attacker_wins, defender_holds, both_gone) of an attack action fought to the end."""
        if action[0] != A.ATTACK:
            raise ValueError(f"not an attack: {action!r}")
        return battle_odds(action[3], self.count[action[2]])

    def deployable_presets(self) -> list[str]:
        """Preset names the seat deploying now may choose (C6)."""
        if self.phase != DEPLOY or self._outcome is not None or not self._nothing_deployed(self.seat):
            return []
        return sorted(self.game.spec.presets[self.seat])



_HANDLERS = {
    A.DEPLOY: CheckRiskState._apply_deploy,
    A.PRESET: CheckRiskState._apply_preset,
    A.REINFORCE: CheckRiskState._apply_reinforce,
    A.MOVE: CheckRiskState._apply_move,
    A.ATTACK: CheckRiskState._apply_attack,
    A.END: CheckRiskState._apply_end,
    A.CONTINUE: CheckRiskState._apply_continue,
    A.WITHDRAW: CheckRiskState._apply_withdraw,
    A.STAND: CheckRiskState._apply_stand,
    A.RETREAT: CheckRiskState._apply_retreat,
    A.OCCUPY: CheckRiskState._apply_occupy,
    A.ROLL: CheckRiskState._apply_roll,
}
