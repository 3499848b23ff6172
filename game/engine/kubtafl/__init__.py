"""Kubtafl: a tafl-like duel of polyhedral dice (rules in rules/kubtafl.md, ids K1–K18).

Public API: `make_game`, `KubtaflGame`, `KubtaflState`, the events, the piece tables and `Geometry`.
"""

from game.engine.kubtafl.events import (
    Damaged,
    Destroyed,
    Event,
    GameOver,
    Impact,
    Moved,
    Pinned,
    Pushed,
    ReEntered,
    Ricochet,
    Transferred,
    ValueChanged,
)
from game.engine.kubtafl.game import KubtaflGame, make_game
from game.engine.kubtafl.geometry import DIRECTIONS, Geometry, geometry
from game.engine.kubtafl.pieces import (
    ABSENT,
    D20,
    DARK,
    FACES,
    FACES_OF,
    KIND_INDEX,
    KIND_OF,
    KINDS,
    KINDS_PER_SIDE,
    LIGHT,
    NUM_DICE,
    REMOVED,
    SIDE_OF,
    SIDES,
    die_id,
)
from game.engine.kubtafl.state import QUIET_LIMIT, REPETITION_LIMIT, Action, DieInfo, KubtaflState

__all__ = [
    "ABSENT",
    "D20",
    "DARK",
    "DIRECTIONS",
    "FACES",
    "FACES_OF",
    "KIND_INDEX",
    "KIND_OF",
    "KINDS",
    "KINDS_PER_SIDE",
    "LIGHT",
    "NUM_DICE",
    "QUIET_LIMIT",
    "REMOVED",
    "REPETITION_LIMIT",
    "SIDES",
    "SIDE_OF",
    "Action",
    "Damaged",
    "Destroyed",
    "DieInfo",
    "Event",
    "GameOver",
    "Geometry",
    "Impact",
    "KubtaflGame",
    "KubtaflState",
    "Moved",
    "Pinned",
    "Pushed",
    "ReEntered",
    "Ricochet",
    "Transferred",
    "ValueChanged",
    "die_id",
    "geometry",
    "make_game",
]
