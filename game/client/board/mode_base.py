"""What the `ModeView`s of modes with a drafted deployment, a card over the board, a panel slot, game statistics
and a move list of turn lines share (CheckRisk, Battle Checkers): the parts' plumbing, Esc, the hint's arrow, a
dragged piece's arrow and the status line's first words. A mode subclasses `ModeBase`, naming its parts' types in
the brackets and their classes in the class line, and fills in the rest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from game.client import art
from game.client.board.animator import Handlers
from game.client.board.log import LogTurn
from game.client.board.marks import Chip, TurnMark, TurnStep, keep_off
from game.client.board.mode_view import ModelT, ModeView, StateT
from game.client.board.picks import BoardPicks
from game.client.board.stats import Stats, stats_of

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.play.session import GameSession
    from game.engine.core import Game, Outcome


class Card(Protocol):
    """A card over the board (CheckRisk's battle card, Battle Checkers' roll card)."""

    visible: bool

    def place(self) -> None:
        """Follow the board's layout."""

    def close(self) -> None:
        """Hide the card."""


class Slot(Protocol):
    """A mode's widgets in the panel slot."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """The slot this frame."""

    def key(self) -> object:
        """What the slot shows."""


class Animation(Protocol):
    """A mode's animation of the engine's events."""

    def handlers(self) -> Handlers:
        """Event class -> handler."""


StatsT = TypeVar("StatsT", bound=Stats)
PicksT = TypeVar("PicksT", bound=BoardPicks)
CardT = TypeVar("CardT", bound=Card)
SlotT = TypeVar("SlotT", bound=Slot)


class ModeBase(ModeView[StateT, ModelT], Generic[StateT, ModelT, StatsT, PicksT, CardT, SlotT]):
    """The shared part of such a mode's view, generic over its state, model, statistics, picks, card and slot:
    `class V(ModeBase[State, Model, Stats, Picks, Card, Slot], slot_units=..., stats=Stats, picks=Picks,
    slot=Slot)`, with `make_card` and `make_animation` for the parts whose making differs from mode to mode."""

    #: The panel slot's height in panel units (see `ModeView.slot_units`).
    slot_units: float
    #: The mode's game statistics, made from the game (see `board.stats`).
    stats_class: Callable[[Game], StatsT]
    #: The mode's picks, made over the board.
    picks_class: Callable[[BoardServices], PicksT]
    #: The mode's panel slot, made over the view.
    slot_class: Callable[[Any], SlotT]

    board: BoardServices
    picks: PicksT
    card: CardT
    slot: SlotT
    animation: Animation
    hint_arrow: tuple[tuple[float, float], tuple[float, float]] | None = None  # where the hint's arrow went last

    def __init_subclass__(
        cls,
        slot_units: float | None = None,
        stats: Callable[[Game], Any] | None = None,
        picks: Callable[[BoardServices], Any] | None = None,
        slot: Callable[[Any], Any] | None = None,
        **kwargs: object,
    ) -> None:
        """A mode's view: its slot's height `slot_units` and its `stats`, `picks` and `slot` classes (typed loosely
        here: a class keyword's type cannot name the class's own bracketed types)."""
        super().__init_subclass__(**kwargs)
        if slot_units is not None:
            cls.slot_units = slot_units
        if stats is not None:
            cls.stats_class = stats
        if picks is not None:
            cls.picks_class = picks
        if slot is not None:
            cls.slot_class = slot

    def attach(self, board: BoardServices) -> None:
        """Keep the board and make the parts over it, each after those it may read: picks, card, slot, animation
        (no statistics or move list read yet)."""
        self.board = board
        self._stats: StatsT | None = None
        self.picks = self.picks_class(board)
        self.card = self.make_card()
        self.slot = self.slot_class(self)
        self.animation = self.make_animation()

    def make_card(self) -> CardT:
        """The mode's card over the board (the picks are made)."""
        raise NotImplementedError

    def make_animation(self) -> Animation:
        """The mode's animation of the engine's events (the picks, card and slot are made)."""
        raise NotImplementedError

    def enter(self) -> None:
        """A game opens: no card open and no drafted deployment left from a last game."""
        self.card.close()
        self.picks.draft = {}
        self.picks.draft_preset = ""

    def event_handlers(self) -> Handlers:
        """The mode's event classes -> animation handlers."""
        return self.animation.handlers()

    def reset(self) -> None:
        """Drop the selection and hover."""
        self.picks.reset()

    def cancel(self) -> bool:
        """Esc drops a selection first."""
        if self.picks.selected:
            self.picks.select(None)
            return True
        return False

    # ----- drawing -----
    def layout_changed(self) -> None:
        """The card follows the board."""
        if self.card.visible:
            self.card.place()

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The mode's `marks_under` the pieces, once there is a position (the last action's squares are the
        board's, from `last_cells`)."""
        state = self.picks.state
        return state is not None and self.marks_under(layer, state, interactive)

    def marks_under(self, layer: pygame.Surface, state: StateT, interactive: bool) -> bool:
        """Marks under the pieces in `state` (a mode's own); True when anything was drawn."""
        return False

    # ----- the other seats' last turn -----
    def turn_marks(self, steps: Sequence[TurnStep]) -> list[TurnMark]:
        """Each decision's `action_marks`; an action's result (`result_chip` of the decision that made it and the
        decisions that followed it, its battle's) on its lead mark."""
        marks: list[TurnMark] = []
        lead: int | None = None
        action: list[TurnStep] = []
        for step in steps:
            own = self.action_marks(step)
            first = next((i for i, mark in enumerate(own) if mark.lead), None)
            if first is not None:
                self._chip_on(marks, lead, action)
                lead, action = len(marks) + first, []
            action.append(step)
            marks.extend(own)
        self._chip_on(marks, lead, action)
        return marks

    def _chip_on(self, marks: list[TurnMark], lead: int | None, action: list[TurnStep]) -> None:
        chip = self.result_chip(action) if lead is not None else None
        if chip is not None and lead is not None:
            marks[lead] = replace(marks[lead], chip=chip)

    def action_marks(self, step: TurnStep) -> list[TurnMark]:
        """What one decision drew (a mode's own): its arrows, turns and "+N", its action's lead mark first; []."""
        return []

    def result_chip(self, action: Sequence[TurnStep]) -> Chip | None:
        """The hook for a result on an action's lead mark, read from the events of the decision that made it and
        those that followed it within the action (a battle's rounds and answers); None: none."""
        return None

    def hint_cells(self, session: GameSession, text: str) -> tuple[str, str] | None:
        """The cells the hinted action `text` goes from and to (the same cell for one staying put), else None."""
        return None

    def draw_hint(self, layer: pygame.Surface) -> bool:
        """The hinted action as a ghost arrow (a ghost ring for a piece staying put); True when drawn."""
        s, text = self.board.session, self.board.hint_action
        cells = self.hint_cells(s, text) if text and s is not None else None
        if cells is None or not text:
            return False
        layout, marks = self.board.layout, self.board.marks
        if cells[0] == cells[1]:
            marks.ring(layer, layout, cells[0], art.GHOST)
        else:
            a, b = layout.cell_center(cells[0]), layout.cell_center(cells[1])
            # Off the pieces' own numbers, as the last turn's arrows are (a stack's count stays readable).
            a, b = keep_off(a, b, self.value_rects(), 6, layout.cell * 0.45, layout.cell * 0.3)
            self.hint_arrow = (a, b)
            marks.ghost_arrow(layer, a, b, art.with_alpha(art.GHOST, 210), 5, 14, text)
        return True

    def draw_drag(self, surface: pygame.Surface, cut: list[str]) -> None:
        """Last on top: a dragged piece's arrow to the pointer; the texts `cut` on top go to the panel's list."""
        grab = self.board.grab
        if self.board.dragging and grab is not None:
            art.arrow(surface, self.board.layout.cell_center(grab[0]), pygame.mouse.get_pos(), art.TRANSFER, 3, 12)
        self.board.note_cut(cut)

    # ----- panel and texts -----
    def draw_slot_static(self, surface: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
        """Nothing static: the slot changes with every phase."""

    def draw_slot(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """The slot's widgets."""
        self.slot.draw(surface, rect, unit, cut)

    def slot_key(self) -> object:
        """What the slot shows."""
        return self.slot.key()

    def stats(self) -> StatsT | None:
        """The seats' records, read up to the end of the log (None without a session); while the board still plays
        events out, as they were before them (the luck line tells no result before its dice land)."""
        if self._stats is not None and self.board.busy:
            return self._stats
        self._stats = stats_of(self.board.session, self._stats, self.stats_class)
        return self._stats

    def log_turns(self) -> list[LogTurn]:
        """The move list's turns in words (a mode's own)."""
        raise NotImplementedError

    def status(self, hint: str, note: str) -> str:
        """The hint's words, else the last undo's note, else what this phase of the picks asks for."""
        state = self.picks.state
        if hint or note or state is None:
            return hint or note
        return self.phase_status(state)

    def phase_status(self, state: StateT) -> str:
        """What to do now in `state` (a mode's own)."""
        return ""

    def hint_words(self, text: str) -> str:
        """The suggested action in words (a mode's own; the notation where a mode has none)."""
        return self.board.t(f"{self.board.mode}.status.hint", move=text)

    def reason_words(self, outcome: Outcome, **names: str) -> str:
        """Why the game ended: the text of its rule's reason ("turn limit" -> `<mode>.reason.turn_limit`)."""
        reason = str(outcome.reason).replace(" ", "_").replace(":", "")
        return self.board.t(f"{self.board.mode}.reason.{reason}", **names)
