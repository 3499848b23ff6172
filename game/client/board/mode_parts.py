"""Parts and helpers a mode's view composes (no base class: every view subclasses `ModeView` alone): the shape of
a panel slot; game statistics kept while events play; the hint's ghost arrow; a dragged piece's arrow; result
chips on the last turn's marks; the reason and hint texts every mode has."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from game.client import palette, shapes
from game.client.board.marks import Chip, TurnMark, TurnStep, keep_off
from game.client.board.stats import Stats, stats_of
from game.client.modes import REASON, STATUS_HINT, reason_slug

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.play.session import GameSession
    from game.engine.core import Game, Outcome

Point = tuple[float, float]


class Slot(Protocol):
    """A mode's widgets in the panel slot."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """The slot this frame."""

    def key(self) -> object:
        """What the slot shows."""


StatsT = TypeVar("StatsT", bound=Stats)
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class StatsCache(Generic[StatsT]):
    """A mode's game statistics, made by `make` from the game and read up to the end of the log."""

    def __init__(self, board: BoardServices, make: Callable[[Game], StatsT]) -> None:
        self.board = board
        self.make = make
        self.kept: StatsT | None = None

    def read(self) -> StatsT | None:
        """The seats' records (None without a session); while the board still plays events out, as they were before
        them (the luck line tells no result before its dice land)."""
        if self.kept is not None and self.board.busy:
            return self.kept
        self.kept = stats_of(self.board.session, self.kept, self.make)
        return self.kept


class HintArrow:
    """The hinted action as a ghost arrow (a ghost ring for a piece staying put), kept off the pieces' own numbers;
    `cells(session, text)` gives the cells it goes from and to, else None."""

    def __init__(
        self,
        board: BoardServices,
        cells: Callable[[GameSession, str], tuple[str, str] | None],
        keep_clear: Callable[[], list[pygame.Rect]],
    ) -> None:
        self.board = board
        self.cells = cells
        self.keep_clear = keep_clear
        self.arrow: tuple[Point, Point] | None = None  # where the arrow went last

    def draw(self, layer: pygame.Surface) -> bool:
        """The hint on `layer`; True when drawn."""
        s, text = self.board.session, self.board.hint_action
        cells = self.cells(s, text) if text and s is not None else None
        if cells is None or not text:
            return False
        layout, marks = self.board.layout, self.board.marks
        if cells[0] == cells[1]:
            marks.ring(layer, layout, cells[0], palette.GHOST)
        else:
            a, b = layout.cell_center(cells[0]), layout.cell_center(cells[1])
            # Off the pieces' own numbers, as the last turn's arrows are (a stack's count stays readable).
            a, b = keep_off(a, b, self.keep_clear(), 6, layout.cell * 0.45, layout.cell * 0.3)
            self.arrow = (a, b)
            marks.ghost_arrow(layer, a, b, palette.with_alpha(palette.GHOST, 210), 5, 14, text)
        return True


def draw_drag(board: BoardServices, surface: pygame.Surface, cut: list[str]) -> None:
    """Last on top: a dragged piece's arrow to the pointer; the texts `cut` on top go to the panel's list."""
    grab = board.grab
    if board.dragging and grab is not None:
        shapes.arrow(surface, board.layout.cell_center(grab[0]), pygame.mouse.get_pos(), palette.TRANSFER, 3, 12)
    board.note_cut(cut)


def chipped_marks(
    steps: Sequence[TurnStep],
    action_marks: Callable[[TurnStep], list[TurnMark]],
    result_chip: Callable[[Sequence[TurnStep]], Chip | None],
) -> list[TurnMark]:
    """Each decision's `action_marks` (its action's lead mark first); an action's result (`result_chip` of the
    decision that made it and the decisions that followed it, its battle's) on its lead mark."""
    marks: list[TurnMark] = []
    lead: int | None = None
    action: list[TurnStep] = []

    def chip_on() -> None:
        chip = result_chip(action) if lead is not None else None
        if chip is not None and lead is not None:
            marks[lead] = replace(marks[lead], chip=chip)

    for step in steps:
        own = action_marks(step)
        first = next((i for i, mark in enumerate(own) if mark.lead), None)
        if first is not None:
            chip_on()
            lead, action = len(marks) + first, []
        action.append(step)
        marks.extend(own)
    chip_on()
    return marks


def status_line(hint: str, note: str, state: StateT | None, phase_status: Callable[[StateT], str]) -> str:
    """The status line of a mode whose picks follow phases: the hint's words, else the last undo's note, else what
    the phase of `state` asks for (`phase_status`; '' before the first position)."""
    if hint or note or state is None:
        return hint or note
    return phase_status(state)


def reason_words(board: BoardServices, outcome: Outcome, **names: str) -> str:
    """Why the game ended: the text of its rule's reason ("turn limit" -> `<mode>.reason.turn_limit`)."""
    return board.t(REASON(board.mode, reason_slug(outcome.reason)), **names)


def hint_from(board: BoardServices, text: str, parse: Callable[[str], ActionT], words: Callable[[ActionT], str]) -> str:
    """A suggested action in words: `words` of the action `parse` reads from the notation `text`, or the notation
    itself (`<mode>.status.hint`) where the position cannot read it."""
    try:
        action = parse(text)
    except (ValueError, IndexError):  # IllegalAction is a ValueError
        return board.t(STATUS_HINT(board.mode), move=text)
    return words(action)
