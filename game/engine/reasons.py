"""Why a game ended: one `StrEnum` per mode, so saved strings, comparisons and i18n keys keep working."""

from __future__ import annotations

from enum import StrEnum


class KubtaflReason(StrEnum):
    """Kubtafl endings (K16–K18)."""

    D20_DESTROYED = "d20_destroyed"
    D20_BLOCKED = "d20_blocked"
    NO_LEGAL_ACTION = "no_legal_action"
    DRAW_100_QUIET = "draw_100_quiet"
    DRAW_REPETITION = "draw_repetition"


class CheckRiskReason(StrEnum):
    """CheckRisk endings (C14, C15)."""

    LAST_PLAYER_STANDING = "last player standing"
    MUTUAL_DESTRUCTION = "mutual destruction"
    TURN_LIMIT_MOST_CELLS = "turn limit: most cells"
    TURN_LIMIT_MOST_TOKENS = "turn limit: most tokens"
    TURN_LIMIT_DRAW = "turn limit: draw"


class BattleCheckersReason(StrEnum):
    """Battle Checkers endings (B12, B13)."""

    NO_UNITS = "no units"
    NO_SPIRIT = "no spirit"
    TURN_LIMIT_MORE_UNITS = "turn limit: more units"
    TURN_LIMIT_MORE_SPIRIT = "turn limit: more spirit"
    TURN_LIMIT_DRAW = "turn limit: draw"
