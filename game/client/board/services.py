"""What a mode may use of the board it plays on: the one way it commits, opens popups, reads texts, settings, the
layout, the session and what the board shows, draws marks and effects, and plays sounds. A mode's view and its
parts hold this object, never the scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from game.client.board.animator import Animator
from game.client.board.effects import Effects
from game.client.board.layout import BoardLayout
from game.client.board.marks import Marks
from game.client.board.panel import PanelLayout
from game.client.board.popups import Popups
from game.client.i18n import Translator
from game.client.play.counting import count_words
from game.client.play.records import Timeline

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.input import PointerTracker
    from game.client.board.mode_view import ModeView
    from game.client.board.signals import BoardEnv
    from game.client.play.session import GameSession
    from game.client.settings import Settings
    from game.engine.core import Event

T = TypeVar("T")


def _narrowed(value: object, kind: type[T]) -> T:
    """`value` as the mode's own `kind` (a mode's board holds only its own engine's positions and models)."""
    if not isinstance(value, kind):
        raise TypeError(f"expected a {kind.__name__}, got a {type(value).__name__}")
    return value


class PanelWords(Protocol):
    """What the services read of the panel's presenter: who plays a seat, the typed names, the texts cut."""

    panel_cut: list[str]

    def seat_controller(self, seat: int) -> str:
        """Who plays `seat`."""

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat`."""


class Acting(Protocol):
    """What the services use of the turn flow: the live model, the hint shown, committing and ending a turn."""

    model: object
    hint_action: str | None

    def commit(self, action: object) -> None:
        """Play `action`."""

    def end_turn(self, action: object) -> None:
        """End the turn with `action` (asking first when something could still be done)."""

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""


class Looking(Protocol):
    """What the services read of review: the game's timeline, the last decision's events, a reviewed model."""

    model: object

    def get_timeline(self) -> Timeline:
        """The game's positions so far."""

    def last_entry_events(self) -> list[Event]:
        """The events of the newest decision with the chance outcomes after it."""


class Teaching(Protocol):
    """What the services read of a lesson or challenge on the board (an inactive one in an ordinary game)."""

    @property
    def counts_turns(self) -> bool:
        """False while a puzzle's position is played."""

    @property
    def other_side_waits(self) -> bool:
        """True while a lesson's other side does nothing."""


class BoardServices:
    """The board's services for one mode (read live: the layout and the session change as the board goes). It
    offers the parts it is given, never the scene: `place()` is the board's and the panel's layout, `panel()` the
    panel's presenter, `coach()` the lesson on the board, `traced()` whether the last turn's trace is drawn."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        *,
        turns: Acting,
        reviewer: Looking,
        popups: Popups,
        marks: Marks,
        effects: Effects,
        animator: Animator,
        tracker: PointerTracker,
        queue: AnimQueue,
        place: Callable[[], tuple[BoardLayout, PanelLayout]],
        panel: Callable[[], PanelWords],
        coach: Callable[[], Teaching],
        accepting: Callable[[], bool],
        traced: Callable[[], bool],
    ) -> None:
        self._env = env
        self._view = view
        self._turns = turns
        self._reviewer = reviewer
        self._popups = popups
        self._marks = marks
        self._effects = effects
        self._animator = animator
        self._tracker = tracker
        self._queue = queue
        self._place = place
        self._panel = panel
        self._coach = coach
        self._accepting = accepting
        self._traced = traced

    # ----- texts, settings, sound -----
    @property
    def t(self) -> Translator:
        """The interface texts."""
        return self._env.t

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self._env.settings

    @property
    def mode(self) -> str:
        """The mode's name."""
        return self._env.mode()

    def play_sound(self, name: str) -> None:
        """Play a sound effect (never fails the game)."""
        self._env.play_sound(name)

    # ----- the session -----
    @property
    def session(self) -> GameSession | None:
        """The game being played (read it; act through `commit`); None before a game opens."""
        return self._env.session()

    @property
    def live(self) -> GameSession:
        """The open game (for the parts that run only while one is open)."""
        return self._env.live

    def state_as(self, kind: type[T]) -> T:
        """The open game's position as the mode's own state class (a mode's board plays only its engine's
        positions)."""
        return _narrowed(self._env.live.state, kind)

    def get_timeline(self) -> Timeline:
        """The game's positions so far, replayed through the engine."""
        return self._reviewer.get_timeline()

    def last_entry_events(self) -> list[Event]:
        """The events of the newest decision with the chance outcomes after it."""
        return self._reviewer.last_entry_events()

    @property
    def counts_turns(self) -> bool:
        """False while a lesson's or a challenge's position is played: the board shows no turn or round counter."""
        return self._coach().counts_turns

    @property
    def other_side_waits(self) -> bool:
        """True while a lesson's other side does nothing: hints and cards warn of no danger from its next turn."""
        return self._coach().other_side_waits

    def count_words(self) -> str:
        """The turn (or round) the live game is in, as every screen says it ('Round 9 of 60')."""
        return count_words(self.t, self.mode, self._env.live.count())

    def seat_name(self, seat: int) -> str:
        """The mode's name for `seat`."""
        return self._view.seat_name(seat)

    def seat_controller(self, seat: int) -> str:
        """Who plays `seat` ("You", "Computer (hard)")."""
        return self._panel().seat_controller(seat)

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat` in the new-game dialog, '' when none was."""
        return self._panel().typed_name(seat)

    # ----- what the board shows -----
    @property
    def layout(self) -> BoardLayout:
        """The board's geometry."""
        return self._place()[0]

    @property
    def panel_layout(self) -> PanelLayout:
        """The side panel's geometry (its slot and unit)."""
        return self._place()[1]

    @property
    def marks(self) -> Marks:
        """The marks drawn on the board."""
        return self._marks

    @property
    def effects(self) -> Effects:
        """The effects' drawers (a mode registers its own)."""
        return self._effects

    @property
    def animator(self) -> Animator:
        """Where a mode's event handlers queue their steps."""
        return self._animator

    @property
    def model(self) -> object:
        """The live drawing model (the animation walks it forward), None before a game opens."""
        return self._turns.model

    @property
    def review_model(self) -> object:
        """The reviewed position's model, None while live."""
        return self._reviewer.model

    def model_as(self, kind: type[T]) -> T:
        """The live drawing model as the mode's model class (a game is open)."""
        return _narrowed(self._turns.model, kind)

    def shown_model_as(self, kind: type[T]) -> T | None:
        """The model on screen as the mode's model class: a reviewed position's, else the live one (None before a
        game opens)."""
        model = self._reviewer.model
        if model is None:
            model = self._turns.model
        return None if model is None else _narrowed(model, kind)

    def note_cut(self, cut: list[str]) -> None:
        """Texts drawn over the board that did not fit: listed with the panel's."""
        panel_cut = self._panel().panel_cut
        panel_cut.extend(c for c in cut if c not in panel_cut)

    # ----- input -----
    @property
    def busy(self) -> bool:
        """True while events play out."""
        return self._queue.busy

    @property
    def accepting_input(self) -> bool:
        """True when a human may act now."""
        return self._accepting()

    @property
    def turn_traced(self) -> bool:
        """True while another seat's last turn is drawn on the board (its battles carry their own chips)."""
        return self._traced()

    @property
    def grab(self) -> tuple[str, tuple[int, int]] | None:
        """The cell a press grabbed, and where."""
        return self._tracker.grab

    @property
    def dragging(self) -> bool:
        """True while a grabbed piece is dragged."""
        return self._tracker.dragging

    @property
    def pointer_pos(self) -> tuple[int, int] | None:
        """The last pointer position on the board."""
        return self._tracker.pos

    @property
    def hint_action(self) -> str | None:
        """The suggested action in notation, None when none is shown."""
        return self._turns.hint_action

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""
        self._turns.clear_hint()

    # ----- acting -----
    def commit(self, action: object) -> None:
        """Play `action` (a legal one) through the turn flow."""
        self._turns.commit(action)

    def end_turn(self, action: object) -> None:
        """End the turn with `action` (the mode's end-of-turn action): asks first while the mode's `turn_left` says
        something could still be done."""
        self._turns.end_turn(action)

    def reset_picks(self) -> None:
        """Drop every pick of the mode (its `reset`)."""
        self._view.reset()

    @property
    def popups(self) -> Popups:
        """The popups over the board: `open_chooser(title, rows, cell, ...)` and `open_picker(title, low, high,
        default, cell, on_commit, on_change)` open one by a cell."""
        return self._popups

    @property
    def picker_rect(self) -> pygame.Rect | None:
        """Where the open amount picker is drawn (cards beside it keep clear), None when it is closed."""
        picker = self._popups.picker
        return picker.rect if picker is not None else None
