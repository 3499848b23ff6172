"""What a mode may use of the board it plays on: the one way it commits, opens popups, reads texts, settings, the
layout, the session and what the board shows, draws marks and effects, and plays sounds. A mode's view and its
parts hold this object, never the scene."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

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
    from game.client.board.scene import BoardScene
    from game.client.play.session import GameSession
    from game.client.settings import Settings
    from game.engine.core import Event

T = TypeVar("T")


def _narrowed(value: object, kind: type[T]) -> T:
    """`value` as the mode's own `kind` (a mode's board holds only its own engine's positions and models)."""
    if not isinstance(value, kind):
        raise TypeError(f"expected a {kind.__name__}, got a {type(value).__name__}")
    return value


class BoardServices:
    """The board's services for one mode (read live: the layout and the session change as the board goes)."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene

    # ----- texts, settings, sound -----
    @property
    def t(self) -> Translator:
        """The interface texts."""
        return self._scene.app.t

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self._scene.app.settings

    @property
    def mode(self) -> str:
        """The mode's name."""
        return self._scene.mode

    def play_sound(self, name: str) -> None:
        """Play a sound effect (never fails the game)."""
        self._scene.play_sound(name)

    # ----- the session -----
    @property
    def session(self) -> GameSession | None:
        """The game being played (read it; act through `commit`); None before a game opens."""
        return self._scene.session

    @property
    def live(self) -> GameSession:
        """The open game (for the parts that run only while one is open)."""
        return self._scene.live

    def state_as(self, kind: type[T]) -> T:
        """The open game's position as the mode's own state class (a mode's board plays only its engine's
        positions)."""
        return _narrowed(self._scene.live.state, kind)

    def get_timeline(self) -> Timeline:
        """The game's positions so far, replayed through the engine."""
        return self._scene.reviewer.get_timeline()

    def last_entry_events(self) -> list[Event]:
        """The events of the newest decision with the chance outcomes after it."""
        return self._scene.reviewer.last_entry_events()

    @property
    def counts_turns(self) -> bool:
        """False while a lesson's or a challenge's position is played: the board shows no turn or round counter."""
        return self._scene.lesson.counts_turns

    @property
    def other_side_waits(self) -> bool:
        """True while a lesson's other side does nothing: hints and cards warn of no danger from its next turn."""
        return self._scene.lesson.other_side_waits

    def count_words(self) -> str:
        """The turn (or round) the live game is in, as every screen says it ('Round 9 of 60')."""
        return count_words(self.t, self.mode, self._scene.live.count())

    def seat_name(self, seat: int) -> str:
        """The mode's name for `seat`."""
        return self._scene.view.seat_name(seat)

    def seat_controller(self, seat: int) -> str:
        """Who plays `seat` ("You", "Computer (hard)")."""
        return self._scene.presenter.seat_controller(seat)

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat` in the new-game dialog, '' when none was."""
        return self._scene.presenter.typed_name(seat)

    # ----- what the board shows -----
    @property
    def layout(self) -> BoardLayout:
        """The board's geometry."""
        return self._scene.layout

    @property
    def panel_layout(self) -> PanelLayout:
        """The side panel's geometry (its slot and unit)."""
        return self._scene.panel_layout

    @property
    def marks(self) -> Marks:
        """The marks drawn on the board."""
        return self._scene.marks

    @property
    def effects(self) -> Effects:
        """The effects' drawers (a mode registers its own)."""
        return self._scene.effects

    @property
    def animator(self) -> Animator:
        """Where a mode's event handlers queue their steps."""
        return self._scene.animator

    @property
    def model(self) -> object:
        """The live drawing model (the animation walks it forward), None before a game opens."""
        return self._scene.model

    @property
    def review_model(self) -> object:
        """The reviewed position's model, None while live."""
        return self._scene.reviewer.model

    def model_as(self, kind: type[T]) -> T:
        """The live drawing model as the mode's model class (a game is open)."""
        return _narrowed(self._scene.model, kind)

    def shown_model_as(self, kind: type[T]) -> T | None:
        """The model on screen as the mode's model class: a reviewed position's, else the live one (None before a
        game opens)."""
        model = self._scene.reviewer.model
        if model is None:
            model = self._scene.model
        return None if model is None else _narrowed(model, kind)

    def note_cut(self, cut: list[str]) -> None:
        """Texts drawn over the board that did not fit: listed with the panel's."""
        panel_cut = self._scene.presenter.panel_cut
        panel_cut.extend(c for c in cut if c not in panel_cut)

    # ----- input -----
    @property
    def busy(self) -> bool:
        """True while events play out."""
        return self._scene.queue.busy

    @property
    def accepting_input(self) -> bool:
        """True when a human may act now."""
        return self._scene.accepting_input

    @property
    def turn_traced(self) -> bool:
        """True while another seat's last turn is drawn on the board (its battles carry their own chips)."""
        return self._scene.trace.shown

    @property
    def grab(self) -> tuple[str, tuple[int, int]] | None:
        """The cell a press grabbed, and where."""
        return self._scene.tracker.grab

    @property
    def dragging(self) -> bool:
        """True while a grabbed piece is dragged."""
        return self._scene.tracker.dragging

    @property
    def pointer_pos(self) -> tuple[int, int] | None:
        """The last pointer position on the board."""
        return self._scene.tracker.pos

    @property
    def hint_action(self) -> str | None:
        """The suggested action in notation, None when none is shown."""
        return self._scene.turns.hint_action

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""
        self._scene.turns.clear_hint()

    # ----- acting -----
    def commit(self, action: object) -> None:
        """Play `action` (a legal one) through the turn flow."""
        self._scene.turns.commit(action)

    def end_turn(self, action: object) -> None:
        """End the turn with `action` (the mode's end-of-turn action): asks first while the mode's `turn_left` says
        something could still be done."""
        self._scene.turns.end_turn(action)

    def reset_picks(self) -> None:
        """Drop every pick of the mode (its `reset`)."""
        self._scene.view.reset()

    @property
    def popups(self) -> Popups:
        """The popups over the board: `open_chooser(title, rows, cell, ...)` and `open_picker(title, low, high,
        default, cell, on_commit, on_change)` open one by a cell."""
        return self._scene.popups

    @property
    def picker_rect(self) -> pygame.Rect | None:
        """Where the open amount picker is drawn (cards beside it keep clear), None when it is closed."""
        picker = self._scene.popups.picker
        return picker.rect if picker is not None else None
