"""Opening an unfinished game on its board (the menu's Continue, the Games screen's Resume): when another copy of
the game is playing it (its lock names a live process), the player is told and chooses to take it over (the other
copy stops saving it) or to open it read-only (nothing played here is saved); Esc does neither."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client import saves
from game.client.confirm import Confirm

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.play.session import GameSession


def open_unfinished(app: App, session: GameSession) -> Confirm | None:
    """Open `session` (a resumed unfinished game) on its board, marked as played here; or, when another copy of the
    game plays it, ask first and return the open question (the screen passes it its events)."""
    pid = saves.holder(session.save_path) if session.save_path is not None and session.autosave else None
    if pid is None:
        _play(app, session)
        return None
    t = app.t
    question = Confirm(
        app,
        t("games.in_use", pid=pid),
        t("games.take_over"),
        t("games.read_only"),
        lambda: _play(app, session),
        lambda: _read_only(app, session),
        on_escape=lambda: None,
    )
    question.build()
    return question


def _play(app: App, session: GameSession) -> None:
    session.hold()
    app.goto(session.mode, session=session)


def _read_only(app: App, session: GameSession) -> None:
    session.autosave = False  # the other copy keeps the game: nothing played here is written
    app.goto(session.mode, session=session)
    app.notify(app.t("msg.read_only"))
