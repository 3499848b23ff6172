"""A CheckRisk position: its fields, the engine protocol, and accessors for AI and client."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.battle import BattleRules
from game.engine.checkrisk.odds import battle_forecast, round_outcomes
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
from game.engine.checkrisk.position import state_to_dict
from game.engine.core import CHANCE, TERMINAL, Event, Forecast, ForecastOutcome, IllegalAction, Outcome, State

if TYPE_CHECKING:
    from game.engine.checkrisk.game import CheckRiskGame


class CheckRiskState(BattleRules, State[A.CheckRiskAction]):
    """A CheckRisk position. `owner`, `count`, `supply`, `removed`, `out` are per-cell / per-seat lists:
    read them freely, never write them (use `apply`). Cells are indices (see `game.cell_name`)."""

    game: CheckRiskGame

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

    def legal_actions(self) -> list[A.CheckRiskAction]:
        """The decisions open to the seat to act."""
        phase = self.phase
        if phase == ACT:
            return self._act_actions()
        if phase == BATTLE:
            stage = self._fight()[3]
            if stage == ATTACKER:
                return [A.CONTINUE_ACTION, A.WITHDRAW_ACTION]
            if stage == DEFENDER:
                return [A.STAND_ACTION, *self._retreat_actions()]
            if stage == OCCUPY:
                return list(A.OCCUPY_ACTIONS[: self.count[self._fight()[0]] + 1])
            return []
        if phase == REINFORCE:
            return self._reinforce_actions()
        if phase == DEPLOY:
            return self._deploy_actions()
        return []

    def chance_outcomes(self) -> list[tuple[A.CheckRiskAction, Fraction]]:
        """A battle round's decisive hit counts ("roll", attacker_hits, defender_hits) with exact odds."""
        b = self.battle
        if self._outcome is not None or b is None or b[3] != ROLL:
            return []
        return [(A.Roll(A.ROLL, ha, hd), p) for (ha, hd), p in round_outcomes(b[2], self.count[b[1]])]

    def apply(self, action: A.CheckRiskAction) -> list[Event]:
        """Apply a decision or chance outcome; raises IllegalAction when it is not legal here."""
        if self._outcome is not None:
            raise IllegalAction("the game is over")
        try:
            handler = _HANDLERS[action[0]]
        except (TypeError, IndexError, KeyError):
            raise IllegalAction(f"not a CheckRisk action: {action!r}") from None
        return handler(self, action)

    def action_to_str(self, action: A.CheckRiskAction) -> str:
        """Notation as in the rules (see `actions`)."""
        return A.to_str(self.game.board, action)

    def action_from_str(self, text: str) -> A.CheckRiskAction:
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
        return state_to_dict(self)

    def outcome(self) -> Outcome | None:
        """Winners and reason once the game is over (C14, C15)."""
        return self._outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._outcome is not None

    # ------------------------------------------------------------------ accessors for AI and client

    def forecast(self, action: A.CheckRiskAction) -> Forecast:
        """An attack: the battle fought to the end with the actual stacks (`BattleForecast` in `detail`);
        any other decision: its one certain result. Raises IllegalAction when `action` is not legal here."""
        self._require(action)
        if action[0] != A.ATTACK:
            return Forecast.sure(self.preview(action))
        attack = A.Attack(*action)
        detail = battle_forecast(attack.n, self.count[attack.target])
        return Forecast(
            (
                ForecastOutcome("win", detail.win),
                ForecastOutcome("hold", detail.hold),
                ForecastOutcome("both_gone", detail.both_gone),
            ),
            detail,
        )

    def deployable_presets(self) -> list[str]:
        """Preset names the seat deploying now may choose (C6)."""
        if self.phase != DEPLOY or self._outcome is not None or not self._nothing_deployed(self.seat):
            return []
        return sorted(self.game.spec.presets[self.seat])

    def preset_action(self, name: str) -> A.Preset | None:
        """`preset NAME` for the seat deploying now, when that preset may be chosen (C6); else None."""
        return A.Preset(A.PRESET, name) if name in self.deployable_presets() else None



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
