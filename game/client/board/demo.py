"""What every mode's screenshot demo shares: AI seats played inline to a wanted moment, instant animations."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from game.client.play.session import GameSession

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.board.scene import BoardScene

SceneT = TypeVar("SceneT", bound="BoardScene")


def play_ai_until(session: GameSession, done: Callable[[GameSession], bool], limit: int) -> GameSession:
    """`session`'s AI seats playing (inline) until the game is over, `done(session)` or `limit` actions."""
    for _ in range(limit):
        if session.is_over or done(session):
            break
        action = session.wait_ai()
        if action is None:
            break
        session.apply(action)
    return session


def instant(app: App, step: Callable[[SceneT], None] | None = None) -> Callable[[SceneT], None]:
    """A screenshot context's `prepare`: animations set to instant, then `step(scene)` where one is given."""

    def prepare(scene: SceneT) -> None:
        app.settings.anim_speed = "instant"
        if step is not None:
            step(scene)

    return prepare
