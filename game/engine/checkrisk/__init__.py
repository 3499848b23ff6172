"""CheckRisk (rules/checkrisk.md): stacks of up to six tokens, reinforcements, and dice battles.

Modules: `board` (geometry), `level` (levels, zones, presets), `actions` (action tuples and notation),
`odds` (exact battle probabilities), `faces` (the dice faces shown), `events`, `phases`, `state` (a position and
its accessors) with the rules in `legal` (legal actions), `turns` (turn flow) and `battle`, `position` (position
JSON), `game` (the mode).

Where the rules leave room, the engine decides (and the tests pin down):
- A round's chance outcome is its hit counts conditioned on at least one hit: a round without hits changes
  nothing, so it is never rolled; this keeps every game within `max_length` and matches the rules' odds
  "counting only decisive rounds" (see `odds`). The faces shown are derived from the hits (see `faces`).
- When both stacks are gone the cell is left empty and nobody occupies it (C12.2); occupation follows a win
  (C12.1) or a retreat (C12.4) only.
- A defender with nowhere to go is not asked: `continue` is followed by a forced `Stood(forced=True)`.
- A turn ends by itself once its actions are used, or when the seat to move has been eliminated.
- When the supply cannot cover every group's reinforcements, larger groups are served first; tokens with no
  room stay in the supply. Reinforcement tokens count as supply until placed.
- If the last two seats destroy each other in one round, they share a draw ("mutual destruction").
- Deployment is written `deploy c2:3` (place 3 tokens on c2) or `preset NAME`; retreat parts are listed in
  cell order (rank by rank from a1), though any order is read.
"""

from game.engine.checkrisk.game import CheckRiskGame, make_game
from game.engine.checkrisk.odds import battle_distribution, battle_odds, battle_odds_after, round_outcomes
from game.engine.checkrisk.state import BattleView, CheckRiskState

__all__ = [
    "BattleView", "CheckRiskGame", "CheckRiskState", "battle_distribution", "battle_odds", "battle_odds_after",
    "make_game", "round_outcomes",
]
