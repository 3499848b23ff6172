"""Game records: every finished game kept in the data folder (the last 100), listed, loaded, replayed, exported.

A record is the arena's game format (`ai.arena`): mode, level, seed, seats, actions (decisions and chance outcomes
in notation), winner and reason, plus the outcome, the date and how the seats were played. An arena report (its
`games` list) loads as one record per game. Records load through the engine: `Timeline` replays the actions and a
record that does not replay (wrong notation, an illegal action, an unknown level) raises `RecordError` naming the
move number. No pygame here.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.client.play.seats import HUMAN
from game.engine import files, registry
from game.engine.atomic import write_json_atomic
from game.engine.core import CHANCE, JSON, TERMINAL, ActionT, AnyState, Event, Game, JSONObject, State
from game.paths import user_data_dir

RECORDS_FOLDER = "records"
# The latest date a record may carry (the end of year 9999): later ones cannot be shown as a date.
MAX_DATE = 253402300799.0
KEEP = 100
FORMAT = "kubiki-record"


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
    options: dict[str, int] = field(default_factory=dict)  # the numbers agreed in the dialog (none: the level's)

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
            **({"options": dict(self.options)} if self.options else {}),  # a standard game's record as before
        }


def record_from_dict(data: object, where: str = "record", mode: str = "", level: str = "") -> GameRecord:
    """A record from its JSON form (a Kubiki record or one game of an arena report); RecordError if malformed."""
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
    for n, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise RecordError(f"{where}: move {n} is not text")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"{where}: field 'seed' must be an integer")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"{where}: field 'seats' must be a list of texts")
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
        reason if isinstance(reason, str) else "",
        _date(data.get("date", 0.0)),
        options=_options(data.get("options"), where),
    )


def _options(value: JSON, where: str) -> dict[str, int]:
    """A record's agreed numbers: none when it has none (older records: the level's own numbers)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError(f"{where}: field 'options' must be an object")
    options: dict[str, int] = {}
    for name, number in value.items():
        if isinstance(number, bool) or not isinstance(number, int):
            raise RecordError(f"{where}: option {name!r} must be a whole number")
        options[name] = number
    return options


def _date(value: object) -> float:
    """A record's date as seconds since the epoch; 0 (no date) for anything that is not a date a calendar shows."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    try:
        date = float(value)
    except OverflowError:  # an integer of hundreds of digits
        return 0.0
    return date if math.isfinite(date) and 0 <= date <= MAX_DATE else 0.0


def read_records(path: Path) -> list[GameRecord]:
    """Every game in a file: one for a Kubiki record, each game of an arena report; RecordError if unreadable."""
    path = Path(path)
    try:
        data = files.read_json(path)  # a regular file only: a FIFO or a folder is damaged, never waited on
    except files.DamagedFile as exc:
        raise RecordError(f"{path.name}: {exc.reason}") from exc
    if isinstance(data, dict) and isinstance(games_data := data.get("games"), list):
        # An arena report: the mode and level are the report's, each game's seats are its sides' levels.
        mode = _text_or(data.get("mode"), "")
        level = _text_or(data.get("level_name"), registry.DEFAULT_LEVEL)
        sides = {side: given for side in ("a", "b") if isinstance(given := data.get(side), dict)}
        specs = {side: str(given.get("level", side)) for side, given in sides.items()}
        games = []
        for i, game in enumerate(games_data, 1):
            record = record_from_dict(game, f"{path.name}, game {i}", mode, level)
            record.seats = [f"ai:{specs.get(s, s)}" for s in record.seats]
            record.path = path
            games.append(record)
        if not games:
            raise RecordError(f"{path.name}: the arena report holds no games")
        return games
    record = record_from_dict(data, path.name)
    for seat in record.seats:
        if seat != HUMAN and not (seat.startswith("ai:") and len(seat) > 3):
            raise RecordError(f"{path.name}: seat {seat!r} is neither 'human' nor 'ai:<level>'")
    record.path = path
    return [record]


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

    @classmethod
    def of(cls, record: GameRecord) -> Timeline:
        """The replayed record; RecordError naming the problem (unknown level, the move that does not replay)."""
        try:
            game = registry.load(record.mode, record.level).with_options(record.options)
        except (KeyError, ValueError, OSError) as exc:
            raise RecordError(f"cannot load {record.mode} level {record.level!r}: {exc}") from exc
        timeline = cls(game)
        timeline.extend(record.actions)
        return timeline

    def extend(self, actions: list[str]) -> None:
        """Apply `actions` after the last position; RecordError naming the first move that does not replay."""
        for text in actions:
            n = len(self.actions) + 1
            state = self.states[-1].clone()
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

    def follow(self, actions: list[str]) -> None:
        """Match `actions` (a session's log, which may have been undone): keep the common start, replay the rest."""
        same = 0
        for mine, theirs in zip(self.actions, actions, strict=False):
            if mine != theirs:
                break
            same += 1
        if same < len(self.actions):
            del self.states[same + 1 :], self.actions[same:], self.events[same:], self.actors[same:]
        self.extend(actions[same:])

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
    mode: str, level: str, seed: int | None, seats: list[str], actions: list[str], state: State[ActionT]
) -> GameRecord:
    """The record of a game that reached `state` by `actions`."""
    outcome = state.outcome()
    return GameRecord(
        mode,
        level,
        list(actions),
        seed,
        list(seats),
        list(outcome.winners) if outcome is not None else None,
        str(outcome.reason) if outcome is not None else "",
        time.time(),
    )


def save_record(record: GameRecord, path: Path | None = None) -> Path:
    """Write `record` atomically (a new file in the records folder, or over `path`); keeps the last `KEEP`."""
    folder = records_dir()
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.date or time.time()))
        path = folder / f"{stamp}-{record.mode}.json"
        n = 2
        while path.exists():
            path = folder / f"{stamp}-{record.mode}-{n}.json"
            n += 1
    write_json_atomic(path, record.to_dict())
    record.path = path
    prune()
    return path


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


@dataclass
class Listed:
    """One line of the Games screen: the record, or why its file cannot be read."""

    path: Path
    record: GameRecord | None
    problem: str = ""


def list_records() -> list[Listed]:
    """The kept games, newest first; an unreadable file is listed with its problem, never raised."""
    listed = []
    for path in record_files():
        try:
            listed.append(Listed(path, read_records(path)[0]))
        except RecordError as exc:
            listed.append(Listed(path, None, str(exc)))
    return listed


def export_record(record: GameRecord, folder: Path) -> Path:
    """Write a copy of `record` into `folder` (atomically), named after its date and mode; returns the path."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise RecordError(f"{folder}: not a folder")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.date or time.time()))
    path = folder / f"kubiki-{record.mode}-{stamp}.json"
    write_json_atomic(path, record.to_dict())
    return path
