"""Why a game of Kubtafl ended: a `StrEnum`, so saved strings, comparisons and i18n keys keep working."""

from __future__ import annotations

from enum import StrEnum


class KubtaflReason(StrEnum):
    """Kubtafl endings (K16–K18)."""

    D20_DESTROYED = "d20_destroyed"
    D20_BLOCKED = "d20_blocked"
    NO_LEGAL_ACTION = "no_legal_action"
    DRAW_100_QUIET = "draw_100_quiet"
    DRAW_REPETITION = "draw_repetition"
