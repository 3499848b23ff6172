"""Kubtafl notation, as in the rules: 'c1-c4' (a move or impact), 'a1>b1:3' (a transfer), 'd6@b3/a3:2' (a re-entry)."""

from __future__ import annotations

import re

from game.engine.core import IllegalAction
from game.engine.kubtafl.actions import KubtaflAction, Move, ReEntry, Transfer
from game.engine.kubtafl.geometry import Geometry
from game.engine.kubtafl.pieces import KIND_INDEX, KINDS

_MOVE_RE = re.compile(r"([a-z][0-9]+)-([a-z][0-9]+)")
_TRANSFER_RE = re.compile(r"([a-z][0-9]+)>([a-z][0-9]+):([0-9]+)")
_REENTRY_RE = re.compile(r"(d[0-9%]+)@([a-z][0-9]+)/([a-z][0-9]+):([0-9]+)")


def action_to_str(geo: Geometry, action: object) -> str:
    """The notation of an action on the board `geo`; IllegalAction for anything that is not one."""
    names = geo.names
    try:
        if type(action) is Move:
            return f"{names[action.src]}-{names[action.dst]}"
        if type(action) is Transfer:
            return f"{names[action.donor]}>{names[action.recipient]}:{action.amount}"
        if type(action) is ReEntry:
            return f"{KINDS[action.kind]}@{names[action.cell]}/{names[action.donor]}:{action.amount}"
    except (TypeError, IndexError):
        pass
    raise IllegalAction(f"not a Kubtafl action: {action!r}")


def parse_notation(geo: Geometry, text: str) -> KubtaflAction:
    """The action a notation names, legal or not (it may be a past move); raises IllegalAction."""
    try:
        m = _MOVE_RE.fullmatch(text)
        if m:
            return Move(geo.parse_cell(m[1]), geo.parse_cell(m[2]))
        m = _TRANSFER_RE.fullmatch(text)
        if m:
            return Transfer(geo.parse_cell(m[1]), geo.parse_cell(m[2]), int(m[3]))
        m = _REENTRY_RE.fullmatch(text)
        if m:
            if m[1] not in KIND_INDEX:
                raise ValueError(f"unknown kind {m[1]!r}")
            return ReEntry(KIND_INDEX[m[1]], geo.parse_cell(m[2]), geo.parse_cell(m[3]), int(m[4]))
    except ValueError as exc:
        raise IllegalAction(f"{text!r}: {exc}") from exc
    raise IllegalAction(f"{text!r} is not Kubtafl notation ('c1-c4', 'a1>b1:3' or 'd6@b3/a3:2')")
