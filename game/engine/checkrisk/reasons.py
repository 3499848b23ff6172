"""Why a game of CheckRisk ended: a `StrEnum`, so saved strings, comparisons and i18n keys keep working."""

from __future__ import annotations

from enum import StrEnum


class CheckRiskReason(StrEnum):
    """CheckRisk endings (C14, C15)."""

    LAST_PLAYER_STANDING = "last player standing"
    MUTUAL_DESTRUCTION = "mutual destruction"
    TURN_LIMIT_MOST_CELLS = "turn limit: most cells"
    TURN_LIMIT_MOST_TOKENS = "turn limit: most tokens"
    TURN_LIMIT_DRAW = "turn limit: draw"
