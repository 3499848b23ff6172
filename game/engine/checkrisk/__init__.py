"""CheckRisk (rules/checkrisk.md): stacks of up to six tokens, reinforcements, and dice battles.

Modules: `board` (geometry), `level` (levels, zones, presets), `actions` (action tuples and notation),
`odds` (exact battle probabilities), `faces` (the dice faces shown), `events`, `phases`, `state` (a position and
its accessors) with the rules in `legal` (legal actions), `turns` (turn flow) and `battle`, `position` (position
JSON), `game` (the mode).
"""

from game.engine.checkrisk.game import CheckRiskGame, make_game
from game.engine.checkrisk.odds import battle_distribution, battle_odds, battle_odds_after, round_outcomes
from game.engine.checkrisk.state import BattleView, CheckRiskState

__all__ = [
    "BattleView", "CheckRiskGame", "CheckRiskState", "battle_distribution", "battle_odds", "battle_odds_after",
    "make_game", "round_outcomes",
]
