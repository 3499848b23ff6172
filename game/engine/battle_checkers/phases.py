"""Phases of a Battle Checkers turn and the per-unit flags."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands; the position's `player` is whose turn it is (or who deploys) throughout."""

    DEPLOY = "deploy"
    ROLL = "roll"
    MAIN = "main"
    DUEL = "duel"
    REPEL = "repel"
    FATE_CHOICE = "fate_choice"
    FATE = "fate"
    OVER = "over"


# The members as module names: the rules test the phase on every step, and reading `Phase.MAIN` goes through the
# enum class's attribute lookup, several times slower than a module global.
DEPLOY, ROLL, MAIN, DUEL, REPEL = Phase.DEPLOY, Phase.ROLL, Phase.MAIN, Phase.DUEL, Phase.REPEL
FATE_CHOICE, FATE, OVER = Phase.FATE_CHOICE, Phase.FATE, Phase.OVER
PHASES = tuple(Phase)
#: Phases after the turn's roll and before its end: the dice are known.
MID_TURN = frozenset((Phase.MAIN, Phase.DUEL, Phase.REPEL, Phase.FATE_CHOICE, Phase.FATE))
# Unit flags.
ATTACK_READY, SHIELD_UP, ACTIVATED = 1, 2, 4
EMPTY = -1
