"""CheckRisk's challenges: a turn's goal is to `take` a cell or `wipe` out the enemy army on one."""

from __future__ import annotations

from game.engine import files
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import AnyState, JSONObject
from game.learn import challenge_search as search
from game.learn.challenges import ChallengeError, TurnGoal, won


class CheckRiskChallenges:
    """The challenge rules of CheckRisk (`ModeSpec.challenges`)."""

    goals = ("take", "wipe")

    def turn_goal(self, kind: str, data: JSONObject, state: AnyState) -> TurnGoal:
        """A goal on a cell of the board."""
        assert isinstance(state, CheckRiskState)
        cell = files.checked_text(data.get("cell"), "proof.goal.cell", 4)
        try:
            state.game.cell_index(cell)
        except (ValueError, KeyError) as exc:
            raise ChallengeError(f"proof.goal.cell: {cell!r} is not a cell of the board") from exc
        return TurnGoal(kind, cell=cell)

    def turn_over(self, seat: int) -> search.TurnOver:
        """The turn is `seat`'s until the game ends or the turn passes (a defender's decision is still in it)."""
        return lambda s: s.is_terminal() or s.seat != seat

    def goal_test(self, seat: int, start: AnyState, goal: TurnGoal) -> search.Goal:
        """Whether the cell was taken or the army on it wiped out."""
        assert isinstance(start, CheckRiskState)
        return _checkrisk_goal(seat, start, goal)


RULES = CheckRiskChallenges()


def _checkrisk_goal(seat: int, start: CheckRiskState, goal: TurnGoal) -> search.Goal:
    cell = start.game.cell_index(goal.cell)
    if goal.kind == "take":
        # Taking the enemy's last stack wins the game at once, before any token moves in: that counts as taken.
        return lambda s: bool(s.owner_at(cell) == seat) or won(s, seat)
    enemy, army = start.stack(cell) or (seat, 0)
    if enemy == seat:
        raise ChallengeError(f"proof.goal.cell: no enemy army stands on {goal.cell}")
    total = start.tokens_on_board(enemy)
    # Wiped out, not driven off: the cell holds no enemy stack and the enemy lost at least the army's tokens.
    return lambda s: bool(s.owner_at(cell) != enemy and s.tokens_on_board(enemy) <= total - army)
