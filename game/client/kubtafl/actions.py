"""The legal actions of a position sorted for the pointer: by die, by target cell, transfers, re-entries.

Built from the notation (`c1-c4`, `a1>b1:3`, `d6@b3/a3:2`) so the client never depends on the engine's
internal action tuples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_MOVE = re.compile(r"([a-z][0-9]+)-([a-z][0-9]+)")
_TRANSFER = re.compile(r"([a-z][0-9]+)>([a-z][0-9]+):([0-9]+)")
_REENTRY = re.compile(r"(d[0-9%]+)@([a-z][0-9]+)/([a-z][0-9]+):([0-9]+)")


@dataclass(frozen=True)
class ActionParts:
    """What a notation names: the die that acts (`src`), where it acts (`dst`), and for transfers and
    re-entries the amount and (re-entry) the kind brought back."""

    kind: str  # "move", "transfer" or "reentry"
    src: str
    dst: str
    amount: int = 0
    die: str = ""


def parse_action(text: str) -> ActionParts | None:
    """Split a notation (`c1-c4`, `a1>b1:3`, `d6@b3/a3:2`) into its parts; None for anything else."""
    m = _MOVE.fullmatch(text)
    if m:
        return ActionParts("move", m[1], m[2])
    m = _TRANSFER.fullmatch(text)
    if m:
        return ActionParts("transfer", m[1], m[2], int(m[3]))
    m = _REENTRY.fullmatch(text)
    if m:
        return ActionParts("reentry", m[3], m[2], int(m[4]), m[1])
    return None


@dataclass
class Option:
    """One legal action with its notation and the chip label a popup shows for it."""

    action: Any
    text: str
    label: str
    donor: str = ""


@dataclass
class ActionIndex:
    """Legal actions grouped the way the player picks them."""

    moves: dict[str, dict[str, Option]] = field(default_factory=dict)  # src -> target cell -> option
    transfers: dict[tuple[str, str], list[Option]] = field(default_factory=dict)  # (donor, recipient) -> amounts
    reentries: dict[str, dict[str, list[Option]]] = field(default_factory=dict)  # kind -> cell -> options
    by_text: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def build(cls, state: Any) -> ActionIndex:
        """Index `state.legal_actions()`."""
        index = cls()
        for action in state.legal_actions():
            text = state.action_to_str(action)
            index.by_text[text] = action
            m = _MOVE.fullmatch(text)
            if m:
                index.moves.setdefault(m[1], {})[m[2]] = Option(action, text, m[2])
                continue
            m = _TRANSFER.fullmatch(text)
            if m:
                index.transfers.setdefault((m[1], m[2]), []).append(Option(action, text, m[3], m[1]))
                continue
            m = _REENTRY.fullmatch(text)
            if m:
                cells = index.reentries.setdefault(m[1], {})
                cells.setdefault(m[2], []).append(Option(action, text, m[4], m[3]))
        for options in index.transfers.values():
            options.sort(key=lambda o: int(o.label))
        for cells in index.reentries.values():
            for options in cells.values():
                options.sort(key=lambda o: (o.donor, int(o.label)))
        return index

    def dice_with_actions(self) -> set[str]:
        """Cells of own dice that can move, hit or give."""
        return set(self.moves) | {donor for donor, _ in self.transfers}

    def recipients(self, donor: str) -> list[str]:
        """Cells the die on `donor` can transfer to."""
        return [rec for (d, rec) in self.transfers if d == donor]

    def targets(self, src: str) -> dict[str, Option]:
        """Move and impact targets of the die on `src`."""
        return self.moves.get(src, {})

    @property
    def is_empty(self) -> bool:
        """True when nothing is legal."""
        return not self.by_text
