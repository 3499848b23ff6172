"""What a mode's game statistics share: the session's log replayed on a fresh state with the engine's typed
actions, kept up to date incrementally; an undo (a shorter log) starts the replay over."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from game.engine.core import AnyState, Game

if TYPE_CHECKING:
    from game.client.play.session import GameSession

StateT = TypeVar("StateT", bound=AnyState)
ActionT = TypeVar("ActionT")


class LogReplay(Generic[StateT, ActionT]):
    """A game's log replayed entry by entry: `restart(state)` on each fresh start; `step(state, action)` applies
    each action to `state` and reads what it did; the game's positions are the mode's `kind`."""

    def __init__(
        self, game: Game, kind: type[StateT], restart: Callable[[StateT], None], step: Callable[[StateT, ActionT], None]
    ) -> None:
        self.game = game
        self._kind = kind
        self._restart = restart
        self._step = step
        self.reset()

    def reset(self) -> None:
        """Start the replay from the beginning."""
        state = self.game.initial_state()
        if not isinstance(state, self._kind):
            raise TypeError(f"expected a {self._kind.__name__}, got a {type(state).__name__}")
        self.state: StateT = state
        self.read = 0
        self._restart(self.state)

    def update(self, log: list[str]) -> None:
        """Read the log entries not read yet (from the start again after an undo)."""
        if len(log) < self.read:
            self.reset()
        for text in log[self.read :]:
            try:
                action = self.state.action_from_str(text)
            except ValueError:
                self.reset()  # a log this replay cannot follow: show nothing rather than wrong figures
                return
            self._step(self.state, action)
        self.read = len(log)


class Replay(Protocol):
    """What `stats_of` reads of a `LogReplay`: its game, and reading a longer log."""

    @property
    def game(self) -> Game:
        """The game replayed."""

    def update(self, log: list[str]) -> None:
        """Read the entries not read yet."""


class Stats(Protocol):
    """A mode's statistics of one game, read from its log by its `replay`."""

    @property
    def replay(self) -> Replay:
        """The log replayed so far."""


S = TypeVar("S", bound=Stats)


def stats_of(session: GameSession | None, kept: S | None, make: Callable[[Game], S]) -> S | None:
    """`kept` brought up to `session`'s log, or a new `make(game)` for another game; None without a session."""
    if session is None:
        return None
    if kept is None or kept.replay.game is not session.game:
        kept = make(session.game)
    kept.replay.update(list(session.log))
    return kept
