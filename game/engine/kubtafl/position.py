"""A Kubtafl position: the dice as flat int arrays, the side to move and the K18 counters; the rules change it."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Self

from game.engine.core import Outcome
from game.engine.kubtafl.geometry import Geometry

_new = object.__new__


@dataclass(slots=True)
class Position:
    """Everything the rules read and change; `rules` holds the functions over it.

    `board[cell]` = die id on the cell or -1; `pos[id]` = cell, REMOVED (-1, in the pool) or ABSENT (-2);
    `val[id]` = value (0 when off the board); `to_move` = 0 light / 1 dark; `quiet` = actions since the last
    damage, removal or re-entry; `seen` counts each position key since then (K18); `result` once the game is over.
    Die ids are `side * 7 + kind` (see `pieces`); `geo` is shared, never copied.
    """

    geo: Geometry
    board: list[int]
    pos: list[int]
    val: list[int]
    to_move: int
    quiet: int
    seen: dict[tuple[int, ...], int]
    result: Outcome | None

    def copy(self) -> Self:
        """An independent copy of the same class (four flat lists and the small repetition table)."""
        new = _new(type(self))  # without __init__: copies are the search's most frequent step
        new.geo = self.geo
        new.board = self.board[:]
        new.pos = self.pos[:]
        new.val = self.val[:]
        new.to_move = self.to_move
        new.quiet = self.quiet
        new.seen = self.seen.copy()
        new.result = self.result
        return new

    def key(self) -> tuple[int, ...]:
        """A hashable key of the position with the side to move (exact; counters excluded)."""
        return (self.to_move, *self.pos, *self.val)


#: The names of a position's fields, in order.
POSITION_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Position))
