"""Kubtafl pieces: the two sides, the seven die kinds and the die ids used by the engine arrays.

A die id is `side * 7 + kind` (0…13): ids 0…6 are Light's d4…d20, 7…13 Dark's.
"""

from __future__ import annotations

__all__ = [
    "ABSENT",
    "D20",
    "DARK",
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
    "SIDE_OF",
    "SIDES",
    "die_id",
]

SIDES: tuple[str, str] = ("light", "dark")
LIGHT, DARK = 0, 1
#: Kind names in id order; d% is the percentile "tens" ten-sided die (K2).
KINDS: tuple[str, ...] = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
#: Face count (= highest value) of each kind; both ten-sided dice run 1…10 (K2).
FACES: tuple[int, ...] = (4, 6, 8, 10, 10, 12, 20)
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
D20 = KINDS.index("d20")
KINDS_PER_SIDE = len(KINDS)
NUM_DICE = 2 * KINDS_PER_SIDE

#: Side of each die id.
SIDE_OF: tuple[int, ...] = tuple(i // KINDS_PER_SIDE for i in range(NUM_DICE))
#: Kind index of each die id.
KIND_OF: tuple[int, ...] = tuple(i % KINDS_PER_SIDE for i in range(NUM_DICE))
#: Face count of each die id.
FACES_OF: tuple[int, ...] = tuple(FACES[k] for k in KIND_OF)
#: Side name / kind name of each die id (events use the names).
SIDE_NAME_OF: tuple[str, ...] = tuple(SIDES[s] for s in SIDE_OF)
KIND_NAME_OF: tuple[str, ...] = tuple(KINDS[k] for k in KIND_OF)

QUIET_LIMIT = 100  # K18: this many actions without damage, removal or re-entry is a draw
REPETITION_LIMIT = 3  # K18: the same position with the same side to move this often is a draw

# Special values of a die's cell in `State.pos`.
REMOVED = -1  # in its owner's removed pool (may re-enter, K14)
ABSENT = -2  # not part of this game at all (a level without that kind)


def die_id(side: int, kind: int) -> int:
    """The id of `side`'s die of kind index `kind`."""
    return side * KINDS_PER_SIDE + kind
