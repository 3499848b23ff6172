"""Kubiki: dice-driven tabletop games (Kubtafl, CheckRisk, Battle Checkers 2, Dice Lab)."""

__version__ = "0.1.0"
