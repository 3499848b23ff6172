"""Unfinished games: each one kept in its own file under the data folder's `saves/`, written atomically.

Starting a game never removes another one. The list is newest first (by when each game was last played, as its file
says; a date after now, from a clock that was wrong, counts as none): the main menu's Continue resumes the first, the
Games screen lists them all. At most `KEEP` are kept: starting a game removes at most one, the oldest, named
beforehand (`would_drop`) and reported when it goes (`take_dropped`).
A finished game's file is removed (it lives on as a record). The single `autosave.json` of earlier versions is moved
into the folder, unchanged, on start (`migrate`).

`write_save` is the only function that writes a save, and `GameSession.save` its only caller (the one autosave
writer). A file that cannot be read is moved aside (`<name>.bad`, never deleted) and reported once through
`take_problem`. A new game's file name is claimed atomically, and a game being played is marked by a lock file beside
it (`<name>.lock`, the process id of the copy of the game playing it): two copies of the game on one data folder
never write the same game unknowingly (`holder`, `hold`, `release`). No pygame here.
"""

from __future__ import annotations

import os
import re
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from game import userfiles
from game.client.play import records
from game.engine.atomic import write_json_atomic
from game.engine.core import JSON, JSONObject
from game.paths import user_data_dir

#: The single autosave of earlier versions (moved into `SAVES_FOLDER` on start).
AUTOSAVE_FILE = "autosave.json"
# The files kept in the data folder itself whose interrupted writes leave `.<name>.*.tmp` behind.
SAVED_FILES: tuple[str, ...] = (AUTOSAVE_FILE,)
SAVES_FOLDER = "saves"
#: How many unfinished games are kept: starting one more removes the oldest.
KEEP = 30
FORMAT = 1
TEXT_LIMIT = 200  # characters of a seat's name or preset in a save (the dialog's are far shorter)
# The largest save read: the longest game of any level in its notation is about 1 MB at most; a bigger file is
# damaged (so thirty of them are read for the Games screen in a fraction of a second).
MAX_BYTES = 2 * 1024 * 1024
# A mode name as it may appear in a file name (the registry's names are all of this form).
_FILE_MODE = re.compile(r"[a-z][a-z0-9_]{0,31}")


class AutosaveError(ValueError):
    """A save exists but cannot be used; the message says which file and why."""


class InUse(OSError):
    """The game's file is being played by another copy of the game (its process id in `pid`): not written here."""

    def __init__(self, path: Path, pid: int) -> None:
        super().__init__(f"{path}: played in another Kubiki window (process {pid})")
        self.pid = pid


@dataclass
class Unfinished:
    """One unfinished game on disk: its file, the saved session and when it was last played."""

    path: Path
    session: JSONObject  # a `GameSession.to_dict()`
    saved: float  # seconds since the epoch when it was last written
    to_play: int | None = None  # the seat that was to decide (None: unknown, e.g. a save of an earlier version)
    moves: int | None = None  # decisions taken so far (None: unknown)
    turn: int | None = None  # the turn being played, from 1 (None: unknown, a save of an earlier version)
    progress: tuple[int, int] | None = None  # the rules' own (turn or round, limit), when they count one

    @property
    def mode(self) -> str:
        """The saved game's mode (checked to be text on load)."""
        return str(self.session.get("mode"))

    @property
    def playable(self) -> bool:
        """True when this version can resume the game (its mode has rules and a board here)."""
        return _playable(self.mode)


# ----- where -----
def saves_dir() -> Path:
    """The folder of unfinished games."""
    return user_data_dir() / SAVES_FOLDER


def autosave_path() -> Path:
    """The single autosave file of earlier versions (only read, to move it into `saves_dir`)."""
    return user_data_dir() / AUTOSAVE_FILE


def _new_stem(mode: str, when: float) -> str:
    """The name of a new game's file: its start time and its mode (a plain name, else 'game')."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"{stamp}-{mode if _FILE_MODE.fullmatch(mode) else 'game'}"


# ----- reading -----
def load_save(path: Path) -> Unfinished:
    """The unfinished game kept at `path`; raises AutosaveError naming the file and the problem."""
    try:
        envelope = userfiles.read_json(path, MAX_BYTES)
    except userfiles.DamagedFile as exc:
        raise AutosaveError(str(exc)) from exc
    session = envelope.get("session") if isinstance(envelope, dict) and envelope.get("format") == FORMAT else None
    if not isinstance(envelope, dict) or not isinstance(session, dict):
        raise AutosaveError(f"{path}: not a Kubiki autosave (format {FORMAT} with a 'session' object expected)")
    if not isinstance(session.get("mode"), str):
        raise AutosaveError(f"{path}: the saved game does not name its mode")
    try:
        if _playable(str(session["mode"])):  # a later version's game is kept for it as it is, whatever it holds
            check_session(session)
    except ValueError as exc:
        raise AutosaveError(f"{path}: {exc}") from exc
    summary = envelope.get("summary")
    summary = summary if isinstance(summary, dict) else {}
    return Unfinished(
        Path(path),
        session,
        userfiles.file_date(envelope.get("saved")) or _modified(path),
        _count(summary.get("to_play")),
        _count(summary.get("moves")),
        _count(summary.get("turn")),
        _progress(summary.get("progress")),
    )


def check_session(session: JSONObject) -> None:
    """A saved game's fields within the limits a record has (`records.check_fields`: 2–4 seats, moves in notation,
    no more than the level's longest game), and its seats' names and presets one short text per seat; ValueError
    naming the field. Checked on load, so nothing a save holds makes a list of games slow to show."""
    mode, level, seats, actions = (session.get(key) for key in ("mode", "level", "seats", "actions"))
    if not isinstance(level, str):
        raise ValueError("field 'level' is missing or not text")
    texts = [seat for seat in seats if isinstance(seat, str)] if isinstance(seats, list) else []
    if not texts or not isinstance(seats, list) or len(texts) != len(seats):
        raise ValueError("field 'seats' must be a list of texts")
    if not isinstance(actions, list):
        raise ValueError("field 'actions' is missing or not a list")
    records.check_fields(str(mode), level, texts, actions)
    for key in ("names", "presets"):
        given = session.get(key)
        if given is None:
            continue
        if not isinstance(given, list) or len(given) != len(texts):
            raise ValueError(f"field '{key}': expected one text per seat")
        for n, text in enumerate(given):
            if not isinstance(text, str) or len(text) > TEXT_LIMIT:
                raise ValueError(f"field {key}[{n}]: expected a text of at most {TEXT_LIMIT} characters")


def _progress(value: object) -> tuple[int, int] | None:
    """A summary's (turn or round, limit), or None when it is not two counts with the first within the limit."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    n, limit = (_count(item) for item in value)
    return (n, limit) if n is not None and limit is not None and 1 <= n <= limit else None


def _modified(path: Path) -> float:
    """When the file was last written (a save of an earlier version carries no date of its own)."""
    try:
        return userfiles.file_date(os.stat(path).st_mtime)
    except (OSError, ValueError):
        return 0.0


def _count(value: JSON) -> int | None:
    """A small non-negative whole number, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000:
        return value
    return None


def save_files() -> list[Path]:
    """Every save file (not the temp files of a write in progress, nor the copies kept aside)."""
    try:
        found = [p for p in saves_dir().glob("*.json") if not p.name.startswith(".")]
    except OSError:
        found = []
    legacy = autosave_path()
    if userfiles.exists(legacy):
        found.append(legacy)  # one that could not be moved into the folder is still a game
    return found


def unfinished() -> list[Unfinished]:
    """The unfinished games, last played first; an unreadable file is moved aside and reported, never raised."""
    migrate()
    games: list[Unfinished] = []
    for path in save_files():
        try:
            games.append(load_save(path))
        except AutosaveError as exc:
            _report(f"{exc}; {_keep(path, '.bad')}")
    now = time.time()
    games.sort(key=lambda g: (g.saved if g.saved <= now else 0.0, g.path.name), reverse=True)
    return games


def _resumable() -> list[Unfinished]:
    """The unfinished games this version can play, last played first (those the cap counts)."""
    return [g for g in unfinished() if g.playable]


def would_drop() -> Unfinished | None:
    """The game that starting another one would remove (the oldest, when `KEEP` are kept already), else None."""
    games = _resumable()
    return games[-1] if len(games) >= KEEP else None


# ----- writing -----
def write_save(
    data: JSONObject, path: Path | None = None, summary: JSONObject | None = None, played: float | None = None
) -> Path:
    """Store an unfinished game atomically: over its own file `path`, or in a new file (a game just started, which
    may remove the oldest game beyond `KEEP`: see `take_dropped`). Returns the file.

    `data` is a `GameSession.to_dict()` (it names its mode); `summary` what the Games screen shows without replaying
    the game (`to_play`, `moves`); `played` when it was last played (None: now). Raises OSError when the folder
    cannot be written.
    """
    if not isinstance(data, dict):
        raise TypeError("a save must be a dict")
    now = time.time()
    envelope: JSONObject = {"format": FORMAT, "session": data, "saved": now if played is None else played}
    if summary:
        envelope["summary"] = summary
    if path is not None:
        write_json_atomic(path, envelope)
        return path
    # A new game claims its name: another copy of the game starting one in the same second takes the next.
    target = userfiles.write_new(saves_dir(), _new_stem(str(data.get("mode")), now), envelope)
    _drop_beyond_cap(target)
    return target


def _drop_beyond_cap(spare: Path) -> None:
    """Remove the oldest playable game when more than `KEEP` are kept (never `spare`, the game just started) and
    report it: only the one `would_drop` named goes, however many more were copied in."""
    games = _resumable()
    if len(games) <= KEEP or games[-1].path == spare:
        return
    old = games[-1]
    try:
        old.path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        _report(f"{old.path}: could not be removed ({exc.strerror or exc})")
        return
    _dropped.append(old)


def remove_save(path: Path) -> None:
    """Remove an unfinished game's file (the game ended, or the player deleted it), and its lock; gone already is
    fine.

    Raises OSError when the file is there but cannot be removed.
    """
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    _unlink(lock_path(path))


# ----- a game being played: its lock -----
LOCK_SUFFIX = ".lock"
_HOST = socket.gethostname()


def lock_path(path: Path) -> Path:
    """The lock beside a game's file (not a `*.json`: never listed as a game)."""
    return Path(path).with_name(Path(path).name + LOCK_SUFFIX)


def holder(path: Path) -> int | None:
    """The process id of another copy of the game playing the game kept at `path`; None when none is (no lock, this
    copy's own, a damaged one, or a stale one: its process on this computer has ended)."""
    try:
        data = userfiles.read_json(lock_path(path))
    except userfiles.DamagedFile:
        return None
    pid = data.get("pid") if isinstance(data, dict) else None
    host = data.get("host") if isinstance(data, dict) else None
    if type(pid) is not int or not 0 < pid < 2**31:
        return None
    if host == _HOST and (pid == os.getpid() or not _alive(pid)):
        return None
    return pid


def hold(path: Path) -> None:
    """Mark the game kept at `path` as played by this copy of the game (over another copy's mark: a take-over).
    Raises OSError when the mark cannot be written."""
    write_json_atomic(lock_path(path), {"pid": os.getpid(), "host": _HOST, "since": time.time()})


def release(path: Path) -> None:
    """Take this copy's mark off the game kept at `path` (another copy's mark is left as it is)."""
    try:
        data = userfiles.read_json(lock_path(path))
    except userfiles.DamagedFile:
        return
    if isinstance(data, dict) and data.get("pid") == os.getpid() and data.get("host") == _HOST:
        _unlink(lock_path(path))


def _alive(pid: int) -> bool:
    """True when process `pid` runs on this computer (where that cannot be asked safely: assumed so)."""
    if os.name != "posix":
        return True  # Windows' os.kill would end the process; the player can still take the game over
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def migrate() -> None:
    """Move the single `autosave.json` of earlier versions into the saves folder, byte for byte; a damaged one is
    kept aside as `autosave.json.bad` and reported. Does nothing when there is none (after the first start)."""
    legacy = autosave_path()
    if not userfiles.exists(legacy) or str(legacy) in _stuck:
        return
    try:
        game = load_save(legacy)
    except AutosaveError as exc:
        _report(f"{exc}; {_keep(legacy, '.bad')}")
        return
    try:
        target = userfiles.free_name(saves_dir(), _new_stem(game.mode, game.saved or time.time()))
        target.parent.mkdir(parents=True, exist_ok=True)
        os.rename(legacy, target)  # the target was free a moment ago; os.replace could overwrite a racing copy
    except OSError as exc:
        # It stays where it is, listed and playable from there; the move is tried again on the next start.
        _stuck.add(str(legacy))
        _report(f"{legacy}: could not be moved into {saves_dir()} ({exc.strerror or exc}); it is kept where it is")


# ----- problems, told once -----
_problems: list[str] = []
_told: set[str] = set()
_dropped: list[Unfinished] = []
# Files that could not be moved in this run (told once; not tried again until the next start).
_stuck: set[str] = set()


def _report(message: str) -> None:
    if message not in _told:
        _told.add(message)
        _problems.append(message)


def _keep(path: Path, suffix: str) -> str:
    """Move `path` to a free `<name><suffix>[.N]`; words saying where it went, or that it stayed."""
    kept = userfiles.move_aside(path, suffix)
    if kept is not None:
        return f"kept as {kept.name}"
    _stuck.add(str(path))
    return "left as it is"


def take_problem() -> str | None:
    """The next message about an unusable save (once each); None when there is none."""
    return _problems.pop(0) if _problems else None


def report_problem(path: Path, message: str) -> None:
    """A save that fails to load as a game (e.g. an illegal move): moved aside and reported like a damaged file."""
    _report(f"{message}; {_keep(path, '.bad')}")


def take_dropped() -> Unfinished | None:
    """The next game the cap removed (to be told once); None when there is none."""
    return _dropped.pop(0) if _dropped else None


def forget_problems() -> None:
    """Drop every reported problem and note (a new data folder; tests)."""
    _problems.clear()
    _told.clear()
    _dropped.clear()
    _stuck.clear()


def _playable(mode: str) -> bool:
    from game.client.modes import board_modes

    return mode in board_modes()
