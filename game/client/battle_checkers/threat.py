"""The threat view (key V): for each unit of a side, the chance that on the enemy's next turn some enemy unit can
attack it from its rear or right flank, over the 2d6 the enemy may roll.

Read from the engine: a unit's reachable end results and their cost come from `state.activations` and
`state.activation_cost`, the side hit from `side_hit`, the roll's odds from the engine's 2d6 outcomes. An enemy
unit that uses the sum reaches everything a single die would, so a unit is threatened on a roll exactly when the
cheapest such plan costs no more than the roll's sum.
"""

from __future__ import annotations

from fractions import Fraction

from game.engine.battle_checkers import REAR, RIGHT, USE_SUM, BattleCheckersState, side_hit
from game.engine.battle_checkers.actions import ROLL_OUTCOMES

MAX_PIPS = 12


def sum_at_least() -> dict[int, Fraction]:
    """P(2d6 sum >= k) for k = 0…13, from the engine's roll outcomes."""
    out: dict[int, Fraction] = {}
    for k in range(MAX_PIPS + 2):
        out[k] = sum((p for roll, p in ROLL_OUTCOMES if roll.a + roll.b >= k), Fraction(0))
    return out


def threats(state: BattleCheckersState, seat: int) -> dict[int, Fraction]:
    """Cell -> the chance an enemy unit can strike the rear or right flank of `seat`'s unit there next turn."""
    board = state.board
    mine = set(state.units_of(seat))
    cheapest: dict[int, int] = {}
    for enemy in state.units_of(1 - seat):
        ends = [(enemy, state.facing[enemy])]
        ends += [(a.to, a.facing) for a in state.activations(enemy, USE_SUM, MAX_PIPS)]
        for to, facing in ends:
            target = board.ahead[to][facing]
            if target not in mine:
                continue
            if side_hit(board, to, target, state.facing[target]) not in (REAR, RIGHT):
                continue
            cost = 0 if (to, facing) == (enemy, state.facing[enemy]) else state.activation_cost(enemy, to, facing)
            if cost is not None and cost < cheapest.get(target, MAX_PIPS + 1):
                cheapest[target] = cost
    odds = sum_at_least()
    return {cell: odds[cheapest[cell]] if cell in cheapest else Fraction(0) for cell in mine}
