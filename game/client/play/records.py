"""Game records: every finished game kept in the data folder (the last 100), listed, loaded, replayed, exported.

A record is the arena's game format (`ai.arena`): mode, level, seed, seats, actions (decisions and chance outcomes
in notation), winner and reason, plus the outcome, the date and how the seats were played. An arena report (its
`games` list) loads as one record per game. Records load through the engine: `Timeline` replays the actions and a
record that does not replay (wrong notation, an illegal action, an unknown level) raises `RecordError` naming the
move number. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from game import userfiles
from game.client.play.seats import HUMAN, clean_name
from game.engine import files, registry
from game.engine.atomic import write_json_atomic
from game.engine.core import CHANCE, JSON, TERMINAL, ActionT, AnyState, Event, Game, JSONObject, State
from game.paths import user_data_dir

RECORDS_FOLDER = "records"
KEEP = 100
FORMAT = "kubiki-record"
# Limits from what a record means, checked on load so that no file can make listing or drawing it slow.
MIN_SEATS, MAX_SEATS = 2, 4  # every mode seats 2 to 4 players
SEAT_LIMIT = 40  # characters of one seat: "human" or "ai:<level>"
ACTION_LIMIT = 200  # characters of one move's notation (the longest, a CheckRisk deployment, has about 60)
# More moves than a game of any level can hold (the loaded level's own bound, `Game.max_length`, is checked too).
MAX_ACTIONS = 2_000_000
REASON_LIMIT = 64
MAX_REPORT_GAMES = 10_000
# The largest file of the records folder read: one game, the longest of any level in its notation, is about 1 MB
# at most (an arena report given to --replay may be as large as any file the game reads).
MAX_BYTES = 2 * 1024 * 1024


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says what and where (the move number)."""


@dataclass
class GameRecord:
    """One game as kept on disk: what was played, by whom, and how it ended."""

    mode: str
    level: str
    actions: list[str]
    seed: int | None = None
    seats: list[str] = field(default_factory=list)  # "human" or "ai:<level>" (arena records: "ai:<spec>")
    winners: list[int] | None = None
    reason: str = ""
    date: float = 0.0  # seconds since the epoch when the game ended
    path: Path | None = None  # where it was read from
    names: list[str] = field(default_factory=list)  # the names typed for the seats ('' : the mode's own name)
    options: dict[str, int] = field(default_factory=dict)  # the numbers agreed in the dialog (none: the level's)
    online: list[int] | None = None  # a game played on a match server: the seats played on this machine

    def to_dict(self) -> JSONObject:
        """The JSON form: the arena's game fields, plus the outcome and the date."""
        winner = self.winners[0] if self.winners is not None and len(self.winners) == 1 else None
        return {
            "format": FORMAT,
            "mode": self.mode,
            "level": self.level,
            "seed": self.seed,
            "seats": list(self.seats),
            "winner": winner,
            "reason": self.reason,
            "plies": len(self.actions),
            "actions": list(self.actions),
            "outcome": {"winners": list(self.winners), "reason": self.reason} if self.winners is not None else None,
            "date": self.date,
            "names": list(self.names),
            **({"options": dict(self.options)} if self.options else {}),  # a standard game's record as before
            **({"online": {"here": list(self.online)}} if self.online is not None else {}),
        }


def record_from_dict(data: object, where: str = "record", mode: str = "", level: str = "") -> GameRecord:
    """A record from its JSON form (a Kubiki record or one game of an arena report); RecordError naming the field
    that is malformed or outside what a game can hold (a mode this version does not know, seats, moves)."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected a JSON object")
    mode = data["mode"] if isinstance(data.get("mode"), str) else mode
    level = data["level"] if isinstance(data.get("level"), str) else level
    if not mode:
        raise RecordError(f"{where}: field 'mode' is missing or not text")
    if not level:
        raise RecordError(f"{where}: field 'level' is missing or not text")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}: field 'actions' is missing or not a list")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"{where}: field 'seed' must be an integer")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"{where}: field 'seats' must be a list of texts")
    try:
        check_fields(mode, level, seats, actions)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from exc
    winners: list[int] | None = None
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and isinstance(outcome.get("winners"), list):
        winners = [w for w in outcome["winners"] if isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 64]
    reason = data.get("reason")
    return GameRecord(
        mode,
        level,
        list(actions),
        seed,
        list(seats),
        winners,
        files.clean_text(reason, REASON_LIMIT) if isinstance(reason, str) else "",
        userfiles.file_date(data.get("date", 0.0)),
        names=_names(data.get("names"), len(seats)),
        options=_options(data.get("options"), where),
        online=_online(data.get("online"), len(seats)),
    )


def check_fields(mode: str, level: str, seats: Sequence[str], actions: Sequence[object]) -> None:
    """The limits a record's fields have from their meaning, before anything is replayed: a mode this version
    plays, a level name, 2–4 seats of at most `SEAT_LIMIT` characters, no more moves than a game of the level can
    have, moves in notation; ValueError naming the field otherwise. Arena records give no seats (their sides are
    the report's)."""
    if mode not in registry.modes():
        raise ValueError(f"field 'mode': {mode[:40]!r} is not a mode of this version ({', '.join(registry.modes())})")
    try:
        files.checked_text(level, "level", registry.LEVEL_NAME_LIMIT)
    except ValueError as exc:
        raise ValueError(f"field {exc}") from None
    if seats and not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"field 'seats': {len(seats)} seats, a game has {MIN_SEATS} to {MAX_SEATS}")
    for n, seat in enumerate(seats):
        try:
            files.checked_text(seat, f"seats[{n}]", SEAT_LIMIT)
        except ValueError as exc:
            raise ValueError(f"field {exc}") from None
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"field 'actions': {len(actions)} moves, more than any game has ({MAX_ACTIONS})")
    game = _shipped_game(mode, level) if _named(level) else None
    if game is not None and len(actions) > game.max_length:
        # Counted before each move is looked at: a file of a million junk moves costs one comparison.
        check_against_game(game, [], actions)
    if _plain_notation(actions):
        return
    for n, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise ValueError(f"move {n} is not text")
        if len(text) > ACTION_LIMIT or not files.is_clean(text):
            raise ValueError(f"move {n} ({text[:40]!r}) is not a move in notation")


# Notation is printable ASCII: what a move of it may hold, to check a game's moves all at once.
_PRINTABLE = bytes(range(0x20, 0x7F))


def _plain_notation(actions: Sequence[object]) -> bool:
    """True when every move is text of printable ASCII within `ACTION_LIMIT`, checked at once at C speed (the common
    case: a long game's moves are not looked at one by one)."""
    try:
        joined = "".join(actions)  # type: ignore[arg-type]  # a move that is not text raises TypeError
    except TypeError:
        return False
    return (
        joined.isascii()
        and max(map(len, actions), default=0) <= ACTION_LIMIT  # type: ignore[arg-type]  # all text, as joined
        and not joined.encode("ascii").translate(None, _PRINTABLE)
    )


def check_seat_kinds(seats: list[str]) -> None:
    """Each seat is 'human' or 'ai:<level>'; ValueError naming the seat otherwise."""
    for n, seat in enumerate(seats):
        if seat != HUMAN and not (seat.startswith("ai:") and len(seat) > 3):
            raise ValueError(f"field seats[{n}]: {seat!r} is neither 'human' nor 'ai:<level>'")


def check_against_game(game: Game, seats: Sequence[str], actions: Sequence[object]) -> None:
    """The limits the loaded game sets: one seat per player, no more moves than the game can have (its
    `max_length`); ValueError naming the field otherwise."""
    if seats and len(seats) != game.num_players:
        raise ValueError(f"field 'seats': {len(seats)} seats, this level has {game.num_players}")
    if len(actions) > game.max_length:
        raise ValueError(
            f"field 'actions': {len(actions)} moves, more than a game of this level can have ({game.max_length})"
        )


@lru_cache(maxsize=32)
def _shipped_game(mode: str, level: str) -> Game | None:
    # A shipped level does not change while the game runs: loaded once for every record of it.
    return _game_or_none(mode, level)


def _game_or_none(mode: str, level: str) -> Game | None:
    try:
        return registry.load(mode, level)
    except (KeyError, ValueError, OSError):
        return None


def _named(level: str) -> bool:
    """True for a shipped level's name (not a path to a level file the player gave)."""
    return not (level.endswith(".json") or "/" in level or "\\" in level)


def _check_record(record: GameRecord, where: str) -> None:
    """The seats' kinds, and `check_against_game` when the record's level loads (a level that does not is told when
    the record is replayed); RecordError naming the field."""
    named = _named(record.level)
    game = _shipped_game(record.mode, record.level) if named else _game_or_none(record.mode, record.level)
    try:
        check_seat_kinds(record.seats)
        if game is not None:
            check_against_game(game, record.seats, record.actions)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from exc


def _names(value: object, count: int) -> list[str]:
    """The seats' typed names, one per seat (cleaned as the dialog cleans them); none when they are not that."""
    if not isinstance(value, list) or len(value) != count or not all(isinstance(n, str) for n in value):
        return []
    return [clean_name(n) for n in value]


def _online(value: object, count: int) -> list[int] | None:
    """The seats played here in an online game's record; None for a game played here only (or a field that is not
    a list of its seats: the record still replays)."""
    here = value.get("here") if isinstance(value, dict) else None
    if not isinstance(here, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in here):
        return None
    return sorted({s for s in here if 0 <= s < count})


MAX_OPTIONS = 8  # the most numbers a level lets the players agree on


def _options(value: JSON, where: str) -> dict[str, int]:
    """A record's agreed numbers: none when it has none (older records: the level's own numbers)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError(f"{where}: field 'options' must be an object")
    if len(value) > MAX_OPTIONS:
        raise RecordError(
            f"{where}: field 'options' holds {len(value)} numbers, a game agrees on at most {MAX_OPTIONS}"
        )
    options: dict[str, int] = {}
    for name, number in value.items():
        if not (name.isascii() and name.replace("_", "").isalpha() and len(name) <= 40):
            raise RecordError(f"{where}: field 'options' names {files.clean_text(name, 40)!r}, not an option")
        if isinstance(number, bool) or not isinstance(number, int):
            raise RecordError(f"{where}: option {name!r} must be a whole number")
        options[name] = number
    return options


def read_records(path: Path, limit: int = files.MAX_BYTES) -> list[GameRecord]:
    """Every game in a file of at most `limit` bytes: one for a Kubiki record, each game of an arena report;
    RecordError if unreadable or outside the limits a game has (see `check_fields`)."""
    path = Path(path)
    try:
        data = files.read_json(path, limit)  # a regular file only: a FIFO or a folder is damaged, never waited on
    except files.DamagedFile as exc:
        raise RecordError(f"{path.name}: {exc.reason}") from exc
    if isinstance(data, dict) and isinstance(games_data := data.get("games"), list):
        return _arena_games(data, games_data, path)
    record = record_from_dict(data, path.name)
    record.path = path
    _check_record(record, path.name)
    return [record]


def _arena_games(data: JSONObject, games_data: list[JSON], path: Path) -> list[GameRecord]:
    """The games of an arena report: the mode and level are the report's, each game's seats its sides' levels."""
    if len(games_data) > MAX_REPORT_GAMES:
        raise RecordError(f"{path.name}: {len(games_data)} games, an arena report holds at most {MAX_REPORT_GAMES}")
    mode = _text_or(data.get("mode"), "")
    level = _text_or(data.get("level_name"), registry.DEFAULT_LEVEL)
    sides = {side: given for side in ("a", "b") if isinstance(given := data.get(side), dict)}
    specs = {side: str(given.get("level", side)) for side, given in sides.items()}
    games = []
    for i, game in enumerate(games_data, 1):
        where = f"{path.name}, game {i}"
        record = record_from_dict(game, where, mode, level)
        record.seats = [f"ai:{specs.get(s, s)}" for s in record.seats]
        try:
            check_fields(record.mode, record.level, record.seats, [])
        except ValueError as exc:
            raise RecordError(f"{where}: {exc}") from exc
        record.path = path
        _check_record(record, where)
        games.append(record)
    if not games:
        raise RecordError(f"{path.name}: the arena report holds no games")
    return games


def _text_or(value: JSON, default: str) -> str:
    """`value` when it is text, else `default`."""
    return value if isinstance(value, str) else default


# ----- replaying -----
class Timeline:
    """The positions of a game after each action, with each action's events and actor, replayed through the
    engine; `extend` adds actions one by one (so a game in progress is followed without replaying it again)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.states: list[AnyState] = [game.initial_state()]
        self.actions: list[str] = []
        self.events: list[list[Event]] = []
        self.actors: list[int] = []
        self.placed: dict[int, AnyState] = {}  # positions put in play without an action, by the actions before them

    @classmethod
    def of(cls, record: GameRecord) -> Timeline:
        """The replayed record; RecordError naming the problem (unknown level, the move that does not replay)."""
        try:
            game = registry.load(record.mode, record.level).with_options(record.options)
        except (KeyError, ValueError, OSError) as exc:
            raise RecordError(f"cannot load {record.mode} level {record.level!r}: {exc}") from exc
        try:
            check_against_game(game, record.seats, record.actions)
        except ValueError as exc:
            raise RecordError(str(exc)) from exc
        timeline = cls(game)
        timeline.extend(record.actions)
        return timeline

    def extend(self, actions: list[str], placed: Mapping[int, AnyState] | None = None) -> None:
        """Apply `actions` after the last position (each after the position `placed` there, by the number of actions
        before it, when one was put in play without an action: a lesson's other side passing); RecordError naming the
        first move that does not replay."""
        for text in actions:
            n = len(self.actions) + 1
            before = placed.get(n - 1) if placed else None
            if before is not None:
                self.placed[n - 1] = before
            state = (before if before is not None else self.states[-1]).clone()
            actor = state.current_player()
            if actor == TERMINAL:
                raise RecordError(f"move {n} ({text!r}) comes after the end of the game")
            try:
                events = list(state.apply(state.action_from_str(text)))
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise RecordError(f"move {n} ({text!r}) does not replay: {exc}") from exc
            self.states.append(state)
            self.actions.append(text)
            self.events.append(events)
            self.actors.append(actor)

    def follow(self, actions: list[str], placed: Mapping[int, AnyState] | None = None) -> None:
        """Match `actions` (a session's log, which may have been undone): keep the common start, replay the rest
        (through the positions `placed` without an action, as `extend`)."""
        same = 0
        for mine, theirs in zip(self.actions, actions, strict=False):
            if mine != theirs:
                break
            same += 1
        if same < len(self.actions):
            del self.states[same + 1 :], self.actions[same:], self.events[same:], self.actors[same:]
            self.placed = {k: v for k, v in self.placed.items() if k < same}
        self.extend(actions[same:], placed)

    def before(self, i: int) -> AnyState:
        """The position action `i` (0-based) was taken in: the one after the action before it, or the one put in
        play there without an action."""
        return self.placed.get(i, self.states[i])

    @property
    def final(self) -> AnyState:
        """The last position."""
        return self.states[-1]

    def entry_ends(self) -> list[int]:
        """For each decision (a move-list entry), how many actions its position includes: the decision and the
        chance outcomes that follow it."""
        return entry_ends(self.actors)


def entry_ends(actors: list[int]) -> list[int]:
    """The action count after each decision and its chance outcomes (chance outcomes before any decision belong to
    the start)."""
    ends: list[int] = []
    for i, actor in enumerate(actors):
        if actor == CHANCE:
            if ends:
                ends[-1] = i + 1
        else:
            ends.append(i + 1)
    return ends


# ----- the folder of finished games -----
def records_dir() -> Path:
    """Where finished games are kept."""
    return user_data_dir() / RECORDS_FOLDER


def record_of(
    mode: str,
    level: str,
    seed: int | None,
    seats: list[str],
    actions: list[str],
    state: State[ActionT],
    names: list[str] | None = None,
) -> GameRecord:
    """The record of a game that reached `state` by `actions` (`names`: the seats' typed names)."""
    record = GameRecord(mode, level, list(actions), seed, list(seats), date=time.time(), names=list(names or []))
    outcome = state.outcome()
    if outcome is not None:
        record.winners, record.reason = list(outcome.winners), str(outcome.reason)
    return record


def save_record(record: GameRecord, path: Path | None = None) -> Path:
    """Write `record` atomically (a new file in the records folder, or over `path`); keeps the last `KEEP`."""
    if path is None:
        path = userfiles.write_new(records_dir(), f"{_stamp(record)}-{_mode_name(record)}", record.to_dict())
    else:
        write_json_atomic(path, record.to_dict())
    record.path = path
    prune()
    return path


def _stamp(record: GameRecord) -> str:
    """The record's date (now, for a record without one) as the file names write it: 20240131-235959."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(userfiles.file_date(record.date) or time.time()))


def _mode_name(record: GameRecord) -> str:
    """The record's mode when it is one of the registry's (the only text from a record a file name may hold)."""
    if record.mode not in registry.modes():
        raise RecordError(f"field 'mode': {record.mode[:40]!r} is not a mode of this version")
    return record.mode


def record_files() -> list[Path]:
    """The record files, newest first (by name: the names start with the date)."""
    folder = records_dir()
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.json") if not p.name.startswith(".")), key=lambda p: p.name, reverse=True)


def prune(keep: int = KEEP) -> None:
    """Remove all but the newest `keep` records."""
    for old in record_files()[keep:]:
        try:
            old.unlink()
        except OSError:
            pass


class Listed:
    """One line of the Games screen: the record, or why its file cannot be read; a file listed by `list_records` is
    read when first asked (a screen shows a few rows of a hundred)."""

    def __init__(self, path: Path, record: GameRecord | None = None, problem: str = "", *, read: bool = True) -> None:
        self.path = path
        self._record, self._problem, self._read = record, problem, read

    @property
    def record(self) -> GameRecord | None:
        """The record (None when the file cannot be read)."""
        self._read_once()
        return self._record

    @property
    def problem(self) -> str:
        """Why the file cannot be read ('' when it can)."""
        self._read_once()
        return self._problem

    def _read_once(self) -> None:
        if self._read:
            return
        self._read = True
        try:
            self._record = read_records(self.path, MAX_BYTES)[0]
        except RecordError as exc:
            self._problem = str(exc)


# Each record file's entry by its path, with the size and time it had: a file is read again only when it changed,
# so a visit of the Games screen costs one `stat` per unchanged record.
_read: dict[Path, tuple[tuple[int, int, int], Listed]] = {}


def list_records() -> list[Listed]:
    """The kept games, newest first, each read when first asked; an unreadable file is listed with its problem,
    never raised."""
    listed = []
    paths = record_files()
    for path in paths:
        try:
            info = path.stat()
            stamp = (info.st_ino, info.st_size, info.st_mtime_ns)  # an atomic write makes a new file: a new inode
        except OSError:
            stamp = (-1, -1, -1)
        known = _read.get(path)
        if known is None or known[0] != stamp:
            known = _read[path] = (stamp, Listed(path, read=False))
        listed.append(known[1])
    for gone in set(_read) - set(paths):
        del _read[gone]
    return listed


def export_record(record: GameRecord, folder: Path) -> Path:
    """Write a copy of `record` into `folder` (atomically, never over a file already there), named after its mode
    and date; returns the path."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise RecordError(f"{folder}: not a folder")
    return userfiles.write_new(folder, f"kubiki-{_mode_name(record)}-{_stamp(record)}", record.to_dict())
