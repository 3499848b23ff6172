"""Why a game of Battle Checkers ended: a `StrEnum`, so saved strings, comparisons and i18n keys keep working."""

from __future__ import annotations

from enum import StrEnum


class BattleCheckersReason(StrEnum):
    """Battle Checkers endings (B12, B13)."""

    NO_UNITS = "no units"
    NO_SPIRIT = "no spirit"
    TURN_LIMIT_MORE_UNITS = "turn limit: more units"
    TURN_LIMIT_MORE_SPIRIT = "turn limit: more spirit"
    TURN_LIMIT_DRAW = "turn limit: draw"
