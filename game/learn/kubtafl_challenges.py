"""Kubtafl's challenges: proved by `win_in` (a win within a few moves against any defence), no turn goals."""

from __future__ import annotations

from game.engine.core import AnyState, JSONObject
from game.learn import challenge_search as search
from game.learn.challenges import ChallengeError, TurnGoal


class KubtaflChallenges:
    """The challenge rules of Kubtafl (`ModeSpec.challenges`): a turn is one move, so no turn goals."""

    goals: tuple[str, ...] = ()

    def turn_goal(self, kind: str, data: JSONObject, state: AnyState) -> TurnGoal:
        """Kubtafl has no turn goals."""
        raise ChallengeError("proof.goal: Kubtafl challenges have no turn goals")

    def turn_over(self, seat: int) -> search.TurnOver:
        """The turn is `seat`'s until the game ends or the other side moves."""
        return lambda s: s.is_terminal() or s.player != seat

    def goal_test(self, seat: int, start: AnyState, goal: TurnGoal) -> search.Goal:
        """Kubtafl has no turn goals."""
        raise ChallengeError("proof.goal: Kubtafl challenges have no turn goals")


RULES = KubtaflChallenges()
