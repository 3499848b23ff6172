"""Pure rules: dice, one module per mode, and the registry. Never imports pygame."""

from game.engine.core import CHANCE, TERMINAL, AnyState, Event, Game, GameOver, IllegalAction, Outcome, Record, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AnyState",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "Outcome",
    "Record",
    "State",
]
