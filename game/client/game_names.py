"""How a kept game is named on screen: its setup by title, its seats by name and level ("Anna vs Computer (hard)"),
its date; and the news about the saves a screen tells once (a file kept aside, the oldest game removed by the cap).

Seats are named as the boards name them: the name typed in the new-game dialog, else the mode's own name for the
seat ("Light", "Orange", "Player 2"), found by the same text keys; a computer seat by its level.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ai.levels import LEVELS
from game import userfiles
from game.client import saves
from game.client.i18n import FALLBACK, Keys
from game.client.modes import MODE
from game.client.play.records import MAX_SEATS
from game.client.play.seats import HUMAN, clean_name
from game.engine import files, registry

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.i18n import Translator


def _seat_names() -> Iterator[tuple[str, str]]:
    """(mode, the engine's name of a seat) for every seat of every board game."""
    for spec in registry.MODES:
        if spec.board:
            yield from ((spec.name, name) for name in registry.load(spec.name).seat_names())


#: An AI seat's level in words ("hard").
LEVEL = Keys("board.level.{}", LEVELS)
#: The name of a seat where a mode has one: its side ("Light"), shared or its own, or its number's.
SIDE = Keys("side.{}", lambda: sorted({name for _mode, name in _seat_names()}), optional=True)
MODE_SIDE = Keys("{}.side.{}", pairs=_seat_names, optional=True)
MODE_SEAT = Keys(
    "{}.seat.{}",
    lambda: [spec.name for spec in registry.MODES if spec.board],
    (*range(MAX_SEATS), "default"),
    optional=True,
)


def level_info(mode: str, level: str, language: str) -> tuple[str, str]:
    """The title and description of a level in `language` (falling back to English, then the file name)."""
    try:
        data = userfiles.read_json(registry.level_path(mode, level))
    except ValueError:
        return _file_title(level), ""
    if not isinstance(data, dict):
        return _file_title(level), ""

    def pick(field: str, default: str) -> str:
        value = data.get(field)
        if isinstance(value, dict):
            value = value.get(language) or value.get(FALLBACK) or default
        return files.clean_text(value, files.LEVEL_TEXTS[field], " ") if isinstance(value, str) else default

    return pick("title", _file_title(level)), pick("description", "")


def _file_title(level: str) -> str:
    """A level with no title named after its file: 'wide_field' → 'Wide field'."""
    return Path(level).stem.replace("_", " ").capitalize() if level else ""


@lru_cache(maxsize=256)
def setup_title(mode: str, level: str, language: str) -> str:
    """The title of a game's setup (its level) as the new-game dialog shows it (only a known mode's files are
    read)."""
    return level_info(mode, level, language)[0] if mode in registry.modes() else _file_title(level)


@lru_cache(maxsize=64)
def _engine_seat_names(mode: str, level: str) -> tuple[str, ...]:
    """The engine's names of a mode's seats ('light', 'player1'); none when the level cannot be loaded."""
    try:
        game = registry.load(mode, level)
    except (KeyError, ValueError, OSError):
        return ()
    return game.seat_names()


def default_seat_name(t: Translator, mode: str, level: str, seat: int) -> str:
    """The mode's own name for `seat` ("Light", "Orange", "Player 2"), as its board shows it without a typed name."""
    names = _engine_seat_names(mode, level)
    if seat < len(names):
        for key in (MODE_SIDE(mode, names[seat]), SIDE(names[seat])):
            if t.has(key):
                return t(key)
    if t.has(MODE_SEAT(mode, seat)):
        return t(MODE_SEAT(mode, seat))
    return t(MODE_SEAT(mode, "default") if t.has(MODE_SEAT(mode, "default")) else "newgame.player", n=seat + 1)


def computer(t: Translator, seat: str) -> str:
    """'Computer (hard)' for an AI seat ('ai:<level>'; a file's other text is shown cleaned)."""
    return t("board.seat.ai", level=ai_level(t, seat))


def ai_level(t: Translator, seat: str) -> str:
    """An AI seat's level in words, 'hard' ('ai:<level>'; a file's other text is shown cleaned)."""
    level = clean_name(seat.split(":", 1)[1] if ":" in seat else seat)
    return t(LEVEL(level)) if t.has(LEVEL(level)) else level


def seat_labels(
    t: Translator, mode: str, level: str, seats: list[str], names: list[str], compact: bool = False
) -> list[str]:
    """Each seat as a list names it: the typed name or the mode's name for a human, 'Computer (hard)' for the AI
    (with the seat's name too when that alone would not tell two seats apart, or when one was typed); `compact`
    (a row of three or four seats): a computer as its seat's name and level, 'Player 3 (hard)'."""
    own = [default_seat_name(t, mode, level, i) for i in range(len(seats))]
    typed = [names[i] if i < len(names) else "" for i in range(len(seats))]
    if compact:
        return [
            typed[i] or own[i]
            if seat == HUMAN
            else t("games.seat_ai", name=typed[i] or own[i], level=ai_level(t, seat))
            for i, seat in enumerate(seats)
        ]
    plain = [typed[i] or own[i] if seat == HUMAN else computer(t, seat) for i, seat in enumerate(seats)]
    counts = Counter(plain)  # counted once: a label's count per seat would cost the square of the seats
    return [
        f"{typed[i] or own[i]} · {label}" if seat != HUMAN and (typed[i] or counts[label] > 1) else label
        for i, (seat, label) in enumerate(zip(seats, plain, strict=True))
    ]


def seats_line(t: Translator, labels: list[str]) -> str:
    """'Anna vs Computer (hard)'."""
    return t("games.vs").join(labels)


def seats_lines(t: Translator, labels: list[str]) -> tuple[str, str]:
    """The seats on one line, or, for three or four, on two: 'Anna vs Player 2 (hard) vs' over the rest."""
    if len(labels) <= 2:
        return seats_line(t, labels), ""
    half = (len(labels) + 1) // 2
    return seats_line(t, labels[:half]) + t("games.vs").rstrip(), seats_line(t, labels[half:])


def played_date(seconds: float) -> str:
    """A date and time as the lists show it; '' for none."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds else ""


def mode_name(t: Translator, mode: str) -> str:
    """The mode's name in the interface language (the saved text itself for a mode this version does not know)."""
    return t(MODE(mode)) if t.has(MODE(mode)) else mode


def unfinished_line(t: Translator, game: saves.Unfinished) -> str:
    """'Kubtafl, Anna vs Computer (hard), last played 2026-05-01 12:00': one unfinished game in a sentence."""
    labels = seat_labels(t, game.mode, saved_level(game), saved_texts(game, "seats"), saved_texts(game, "names"))
    return t(
        "games.unfinished_line", mode=mode_name(t, game.mode), seats=seats_line(t, labels), date=played_date(game.saved)
    )


def saved_level(game: saves.Unfinished) -> str:
    """The level an unfinished game is played on (the standard one when its file does not say)."""
    level = game.session.get("level")
    return level if isinstance(level, str) else registry.DEFAULT_LEVEL


def saved_texts(game: saves.Unfinished, field: str) -> list[str]:
    """A list of texts of a saved game ('seats', 'names'), cleaned for drawing (entries that are not text dropped; no
    more than a game has seats, as a later version's game is not checked)."""
    value = game.session.get(field)
    return [clean_name(v) for v in value[:MAX_SEATS] if isinstance(v, str)] if isinstance(value, list) else []


def tell_save_news(app: App) -> None:
    """Show, once each, the saves kept aside as unusable and the oldest unfinished games the cap removed."""
    t = app.t
    problem = saves.take_problem()
    while problem:
        app.notify(t("msg.autosave_corrupt", detail=problem))
        problem = saves.take_problem()
    dropped = saves.take_dropped()
    while dropped is not None:
        app.notify(t("msg.save_dropped", game=unfinished_line(t, dropped), keep=saves.KEEP))
        dropped = saves.take_dropped()
