"""The legal actions of a position sorted for the pointer: by die, by target cell, transfers, re-entries.

Built from the engine's typed actions (`Move`, `Transfer`, `ReEntry`), never from their notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import IllegalAction
from game.engine.kubtafl import KINDS, KubtaflState
from game.engine.kubtafl.actions import KubtaflAction, Move, Transfer


@dataclass(frozen=True)
class ActionParts:
    """What an action names: the die that acts (`src`), where it acts (`dst`), and for transfers and
    re-entries the amount and (re-entry) the kind brought back."""

    kind: str  # "move", "transfer" or "reentry"
    src: str
    dst: str
    amount: int = 0
    die: str = ""


def action_parts(state: KubtaflState, action: KubtaflAction) -> ActionParts:
    """The parts of a Kubtafl action, cells named on `state`'s board."""
    names = state.geo.names
    if isinstance(action, Move):
        return ActionParts("move", names[action.src], names[action.dst])
    if isinstance(action, Transfer):
        return ActionParts("transfer", names[action.donor], names[action.recipient], action.amount)
    return ActionParts("reentry", names[action.donor], names[action.cell], action.amount, KINDS[action.kind])


def notation_parts(state: KubtaflState, text: str) -> ActionParts | None:
    """The parts of the action a logged notation names (legal now or not); None when it names none."""
    try:
        return action_parts(state, state.parse_notation(text))
    except (IllegalAction, IndexError):
        return None


@dataclass
class Option:
    """One legal action with its notation and the chip label a popup shows for it."""

    action: KubtaflAction
    text: str
    label: str
    donor: str = ""


@dataclass
class ActionIndex:
    """Legal actions grouped the way the player picks them."""

    moves: dict[str, dict[str, Option]] = field(default_factory=dict)  # src -> target cell -> option
    transfers: dict[tuple[str, str], list[Option]] = field(default_factory=dict)  # (donor, recipient) -> amounts
    reentries: dict[str, dict[str, list[Option]]] = field(default_factory=dict)  # kind -> cell -> options
    by_text: dict[str, KubtaflAction] = field(default_factory=dict)

    @classmethod
    def build(cls, state: KubtaflState) -> ActionIndex:
        """Index `state.legal_actions()`."""
        index = cls()
        for action in state.legal_actions():
            text = state.action_to_str(action)
            index.by_text[text] = action
            parts = action_parts(state, action)
            if parts.kind == "move":
                index.moves.setdefault(parts.src, {})[parts.dst] = Option(action, text, parts.dst)
            elif parts.kind == "transfer":
                option = Option(action, text, str(parts.amount), parts.src)
                index.transfers.setdefault((parts.src, parts.dst), []).append(option)
            else:
                cells = index.reentries.setdefault(parts.die, {})
                cells.setdefault(parts.dst, []).append(Option(action, text, str(parts.amount), parts.src))
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
