"""How the board's parts hear of each other without holding each other: a tiny typed `Signal`, the board's few
signals (`BoardSignals`, wired once by the scene) and `BoardEnv`, what nearly every part reads (the texts, the
settings, sounds, notes over the screen and the open game)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, ParamSpec

if TYPE_CHECKING:
    from game.client.i18n import Translator
    from game.client.play.session import GameSession
    from game.client.settings import Settings

P = ParamSpec("P")


class Signal(Generic[P]):
    """Something that happened: `connect` a listener once, `emit` calls every listener in the order connected."""

    def __init__(self) -> None:
        self._listeners: list[Callable[P, None]] = []

    def connect(self, listener: Callable[P, None]) -> None:
        """Call `listener` on every `emit` from now on."""
        self._listeners.append(listener)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Tell every listener."""
        for listener in tuple(self._listeners):
            listener(*args, **kwargs)


@dataclass
class BoardSignals:
    """What happens on a board that other parts follow."""

    ui_reset: Signal[[]] = field(default_factory=Signal)  # the turn's UI dropped: popups, the mode's picks, a press
    committed: Signal[[]] = field(default_factory=Signal)  # an action (or a redo) was played: its events queued
    undone: Signal[[]] = field(default_factory=Signal)  # an undo took actions back (before the board settles)
    settled: Signal[[]] = field(default_factory=Signal)  # the board follows a new position of the session
    game_ended: Signal[[]] = field(default_factory=Signal)  # the board has shown the end of the game (once)
    shown_changed: Signal[[]] = field(default_factory=Signal)  # the board shows another position (a review's step)
    buttons_changed: Signal[[]] = field(default_factory=Signal)  # what the panel's buttons can do may have changed


def _no_session() -> GameSession | None:
    return None


def _no_mode() -> str:
    return ""


@dataclass
class BoardEnv:
    """What the board's parts read of the program: texts, settings, sound, notes, the open game, the mode's name and
    the signals."""

    t: Translator
    settings: Settings
    notify: Callable[[str], None] = lambda text: None
    play_sound: Callable[[str], None] = lambda name: None
    session: Callable[[], GameSession | None] = _no_session
    mode: Callable[[], str] = _no_mode  # the mode's name (the board's, also before a game opens)
    signals: BoardSignals = field(default_factory=BoardSignals)

    @property
    def live(self) -> GameSession:
        """The open game (for the parts that run only while one is open)."""
        s = self.session()
        if s is None:
            raise RuntimeError("no game is open")
        return s
