"""Battle Checkers' challenges: a turn's goal is to `destroy` some units or to end it `safe` from flank and
rear attacks."""

from __future__ import annotations

from game.engine.battle_checkers.actions import Activate, Attack, Roll
from game.engine.battle_checkers.geometry import side_hit
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.core import CHANCE, AnyState, JSONObject
from game.learn import challenge_search as search
from game.learn.challenges import TurnGoal, not_lost, whole


class BattleCheckersChallenges:
    """The challenge rules of Battle Checkers (`ModeSpec.challenges`)."""

    goals = ("destroy", "safe")

    def turn_goal(self, kind: str, data: JSONObject, state: AnyState) -> TurnGoal:
        """`destroy` names how many units; `safe` nothing more."""
        if kind == "destroy":
            return TurnGoal(kind, count=whole(data.get("count"), "proof.goal.count", 1, 12))
        return TurnGoal(kind)

    def turn_over(self, seat: int) -> search.TurnOver:
        """The turn is `seat`'s until the game ends or the other side acts."""
        return lambda s: s.is_terminal() or s.player != seat

    def goal_test(self, seat: int, start: AnyState, goal: TurnGoal) -> search.Goal:
        """Whether enough units were destroyed, or the units stand safe."""
        assert isinstance(start, BattleCheckersState)
        return _battle_goal(seat, start, goal)


RULES = BattleCheckersChallenges()


def _battle_goal(seat: int, start: BattleCheckersState, goal: TurnGoal) -> search.Goal:
    if goal.kind == "destroy":
        before = start.position.unit_count(1 - seat)
        return lambda s: not_lost(s, seat) and before - s.position.unit_count(1 - seat) >= goal.count
    exposure: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}

    def safe(s: BattleCheckersState) -> bool:
        if not not_lost(s, seat):
            return False
        # Exposure depends on where the units stand and face only: worked out once per such layout.
        key = (tuple(s.owner), tuple(s.facing))
        if key not in exposure:
            exposure[key] = not exposed_units(s, seat)
        return exposure[key]

    return safe


def exposed_units(state: BattleCheckersState, seat: int) -> list[int]:
    """Battle Checkers: the cells of `seat`'s units that an enemy unit can attack in a flank or the rear on its
    next turn: one enemy activation with the pips of a double six (every roll's pips are within it), or none,
    then its attack."""
    if state.is_terminal():
        return []
    enemy_turn = state.clone()
    if enemy_turn.current_player() == CHANCE:
        enemy_turn.apply(Roll(6, 6))
    board, owner, facing = enemy_turn.board, enemy_turn.owner, enemy_turn.facing
    open_cells: set[int] = set()
    for action in enemy_turn.legal_actions():
        if isinstance(action, Attack):
            attacker, target, fronting = action.cell, action.target, True
        elif isinstance(action, Activate):
            attacker, target, fronting = action.to, board.ahead[action.to][action.facing], False
        else:
            continue
        if target < 0 or owner[target] != seat or (not fronting and target == action.cell):
            continue
        if side_hit(board, attacker, target, facing[target]) != "front":
            open_cells.add(target)
    return sorted(open_cells)
