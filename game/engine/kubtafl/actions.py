"""Kubtafl actions as typed named tuples (cells are indices `y * width + x`, see `Geometry`).

Each compares equal to, and hashes like, the plain int tuple it replaced, so saved tuples still work:
- `Move(src, dst)`: a move or an impact; for an impact `dst` is the occupied cell that is hit (K6).
- `Transfer(donor, recipient, amount)` (K13).
- `ReEntry(kind, cell, donor, amount)`: `kind` indexes `KINDS` (K14).
"""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    """Move the die on `src` along a line to `dst` (an impact when `dst` is occupied)."""

    src: int
    dst: int


class Transfer(NamedTuple):
    """Move `amount` points from the die on `donor` to the adjacent own die on `recipient`."""

    donor: int
    recipient: int
    amount: int


class ReEntry(NamedTuple):
    """Bring back the removed die of kind index `kind` on `cell`, paid `amount` by the die on `donor`."""

    kind: int
    cell: int
    donor: int
    amount: int


KubtaflAction = Move | Transfer | ReEntry

_SHAPES: dict[int, type[Move] | type[Transfer] | type[ReEntry]] = {2: Move, 3: Transfer, 4: ReEntry}


def typed(action: tuple[int, ...]) -> KubtaflAction:
    """The typed action equal to a plain int tuple (from an old save or a test); ValueError for another shape."""
    if type(action) is Move or type(action) is Transfer or type(action) is ReEntry:
        return action
    # A plain tuple, or a subclass of one of the types: the exact type of its shape (equal to it).
    cls = _SHAPES.get(len(action)) if isinstance(action, tuple) else None
    if cls is None:
        raise ValueError(f"not a Kubtafl action: {action!r}")
    return cls(*action)
