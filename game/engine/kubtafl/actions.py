"""Kubtafl actions, one typed named tuple per kind of decision (cells are indices `y * width + x`, see `Geometry`).

- `Move(src, dst)`: a move or an impact; for an impact `dst` is the occupied cell that is hit (K6).
- `Transfer(donor, recipient, amount)` (K13).
- `ReEntry(kind, cell, donor, amount)`: `kind` indexes `KINDS` (K14).
The three have different numbers of fields, so two actions of different types are never equal without `distinct`;
the rules take only these types (a plain tuple is no action).
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
