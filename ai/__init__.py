"""Controllers and searchers for every mode; imports game.engine only."""

from ai.controllers import AIController, Cancelled, HumanController, hint, make_controller
from ai.levels import AI_LEVELS, LEVELS, parse_level

__all__ = [
    "AI_LEVELS",
    "LEVELS",
    "AIController",
    "Cancelled",
    "HumanController",
    "hint",
    "make_controller",
    "parse_level",
]
