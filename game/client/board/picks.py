"""What the picks of a mode with a drafted deployment and a selected piece share: the position they were built
for, whether a human acts on it, the draft, the selection and the hovered cell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from game.client.board.services import BoardServices


class Phased(Protocol):
    """A position that is in a phase (deployment, the main part…)."""

    @property
    def phase(self) -> object:
        """The phase."""


StateT = TypeVar("StateT", bound=Phased)


class BoardPicks(Generic[StateT]):
    """The picks of the human to act, over the board scene's services; a mode adds its own."""

    def __init__(self, board: BoardServices) -> None:
        self.board = board
        self.state: StateT | None = None
        self.human = False
        self.draft: dict[str, int] = {}  # deployment not yet committed: cell -> the mode's value (tokens, facing)
        self.draft_preset = ""  # the preset the draft came from (committed as one action while unchanged)
        self.selected: str | None = None
        self.hover: str | None = None

    def reset(self) -> None:
        """Drop the selection and hover (the draft stays until its position goes)."""
        self.selected = None
        self.hover = None

    def new_game(self) -> None:
        """A game opens: no draft left from a last game."""
        self.draft = {}
        self.draft_preset = ""

    def drop_selection(self) -> bool:
        """Esc drops a selection first: True when there was one."""
        if self.selected:
            self.select(None)
            return True
        return False

    @property
    def live(self) -> StateT:
        """The position the picks were built for, read only where one must be (a human acts on it)."""
        if self.state is None:
            raise RuntimeError("the picks have no position yet")
        return self.state

    @property
    def phase(self) -> str:
        """The position's phase ('' before the first position)."""
        return str(self.state.phase) if self.state is not None else ""

    def select(self, cell: str | None) -> None:
        """Select an own piece that can act (or drop the selection)."""
        self.selected = cell
