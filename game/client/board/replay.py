"""Opening a game record in the replay viewer: the mode's own board scene, reviewing the whole game read-only with
play / pause / step / speed (see `ReviewController.replay`). Works for every mode with a board scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.modes import board_modes
from game.client.play.records import GameRecord, RecordError, Timeline
from game.engine.core import Outcome

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.play.session import GameSession


def replay_session(record: GameRecord) -> GameSession:
    """A read-only session holding the record's game (every seat a 'human', so no computer moves); RecordError
    naming the move that does not replay."""
    from game.client.play.session import GameSession

    timeline = Timeline.of(record)
    data = {
        "mode": record.mode,
        "level": record.level,
        "seed": record.seed,
        "seats": ["human"] * timeline.game.num_players,
        "actions": list(record.actions),
        "options": dict(record.options),
    }
    if len(record.names) == timeline.game.num_players:
        data["names"] = list(record.names)  # the players as the game named them (an online game's included)
    try:
        return GameSession.from_dict(data, autosave=False)
    except ValueError as exc:
        raise RecordError(str(exc)) from exc


def open_replay(app: App, record: GameRecord, back: str = "menu", entry: int = 0) -> str | None:
    """Show `record` in the replay viewer (Esc and Back go to `back`); returns the problem instead when it cannot
    be shown (a mode without a board, a record that does not replay)."""
    if record.mode not in board_modes():
        return app.t("games.not_playable", mode=record.mode)
    try:
        session = replay_session(record)
    except RecordError as exc:
        return app.t("games.bad_record", detail=str(exc))
    # How the game ended as recorded: a resignation ends a game its rules had not ended.
    ended = Outcome(tuple(record.winners), record.reason, len(record.seats)) if record.winners is not None else None
    replay = {"seats": list(record.seats), "back": back, "ended": ended}
    app.goto(record.mode, session=session, replay=replay, entry=entry)
    return None
