"""Controllers and searchers for every mode; imports game.engine only.

- `make_controller(spec, game, seed)`: 'human' or an AI level ('random', 'greedy', 'easy', 'normal', 'hard',
  also 'ai:hard', 'hard@20000' for a node budget, 'hard@0.5s' for a time budget); `choose(state, stop=None)`.
- `hint(state, level="hard")`: a suggested action for the seat to act.
- CheckRisk and Battle Checkers levels play with their own searchers (`ai.planners`: `ai.checkrisk_planner`,
  `ai.battle_checkers_search`); Kubtafl with alpha-beta, other modes with flat Monte Carlo.
- `ai.arena.main(argv)`: AI against AI from the command line (`python main.py arena --help`).
"""

from ai.controllers import AIController, Cancelled, HumanController, hint, make_controller
from ai.levels import BASELINES, LEVEL_NAMES, LEVELS, PLAYER_LEVELS, parse_level

__all__ = [
    "BASELINES",
    "LEVELS",
    "LEVEL_NAMES",
    "PLAYER_LEVELS",
    "AIController",
    "Cancelled",
    "HumanController",
    "hint",
    "make_controller",
    "parse_level",
]
