"""The autosave: one unfinished game kept in the user's data folder, written atomically."""

from __future__ import annotations

from pathlib import Path

from game.client import userfiles
from game.engine.atomic import write_json_atomic
from game.engine.core import JSONObject
from game.paths import user_data_dir

AUTOSAVE_FILE = "autosave.json"
# The files kept in the data folder whose interrupted writes leave `.<name>.*.tmp` behind.
SAVED_FILES: tuple[str, ...] = (AUTOSAVE_FILE,)
FORMAT = 1


class AutosaveError(ValueError):
    """The autosave exists but cannot be used; the message says why."""


def autosave_path() -> Path:
    """The autosave file."""
    return user_data_dir() / AUTOSAVE_FILE


def write_autosave(data: JSONObject) -> None:
    """Store `data` (a `GameSession.to_dict()`, which names its mode) as the autosave, atomically.

    Raises OSError when the folder cannot be written, or when the file there could not be read nor kept aside.
    """
    if not isinstance(data, dict):
        raise TypeError("the autosave must be a dict")
    _check_writable()
    write_json_atomic(autosave_path(), {"format": FORMAT, "session": data})


def load_autosave() -> JSONObject | None:
    """The saved session dict, None when there is none; raises AutosaveError for an unusable file."""
    path = autosave_path()
    if not userfiles.exists(path):
        return None
    try:
        envelope = userfiles.read_json(path)
    except userfiles.DamagedFile as exc:
        raise AutosaveError(str(exc)) from exc
    session = envelope.get("session") if isinstance(envelope, dict) and envelope.get("format") == FORMAT else None
    if not isinstance(session, dict):
        raise AutosaveError(f"{path}: not a Kubiki autosave (format {FORMAT} with a 'session' object expected)")
    if not isinstance(session.get("mode"), str):
        raise AutosaveError(f"{path}: the saved game does not name its mode")
    return session


_problems: list[str] = []
# Autosave path -> why it must not be written in this run (a file that could not be read nor moved aside).
_locked: dict[str, str] = {}


def _keep(suffix: str) -> str:
    """Move the autosave to a free `autosave.json<suffix>[.N]`; words saying where it went, or why it stayed.

    When it cannot be moved, the file stays and the autosave is locked for this run: it is never overwritten.
    """
    kept = userfiles.move_aside(autosave_path(), suffix)
    if kept is not None:
        return f"kept as {kept.name}"
    _locked[str(autosave_path())] = f"{autosave_path()} could not be moved aside, so it is left as it is"
    return "left as it is; games are not saved"


def set_aside() -> str:
    """Keep an unusable autosave under a free `autosave.json.bad[.N]`; words saying where it is (or why not)."""
    if not userfiles.exists(autosave_path()):
        return ""
    return _keep(".bad")


def read_autosave() -> JSONObject | None:
    """The saved session dict, or None when there is none or it is unusable.

    An unusable file is moved aside (never deleted) and its problem is reported once through
    `take_problem()`, so the menu can show it and keep working.
    """
    try:
        return load_autosave()
    except AutosaveError as exc:
        _problems.append(f"{exc}; {set_aside()}")
        return None


def unfinished_mode() -> str | None:
    """The mode of the unfinished game the autosave holds, when this version can play it (a new game would
    replace it); None when there is none. Reads only: an unusable file is left for the menu to report."""
    try:
        data = load_autosave()
    except AutosaveError:
        return None
    mode = data.get("mode") if data is not None else None
    return mode if isinstance(mode, str) and _playable(mode) else None


def take_problem() -> str | None:
    """The message about an unusable autosave found by `read_autosave`, once; None when there is none."""
    return _problems.pop(0) if _problems else None


def report_problem(message: str) -> None:
    """Record a problem with the autosave found elsewhere (e.g. a session that fails to load); the file is kept."""
    _problems.append(f"{message}; {set_aside()}")


def forget_problems() -> None:
    """Drop every reported problem and lock (a new data folder; tests)."""
    _problems.clear()
    _locked.clear()


def _check_writable() -> None:
    reason = _locked.get(str(autosave_path()))
    if reason:
        raise OSError(reason)


def clear_autosave() -> None:
    """Remove the autosave (the game ended, or the player started another).

    Only a save this version can play is deleted: one it cannot read, or of a mode it cannot play (an unknown
    or coming mode), is moved aside instead (`autosave.json.bad` / `autosave.json.kept`), so nothing is lost.
    """
    _check_writable()
    path = autosave_path()
    if not userfiles.exists(path):
        path.parent.mkdir(parents=True, exist_ok=True)  # a folder that cannot hold a save says so now, not later
        return
    try:
        data = load_autosave()
    except AutosaveError as exc:
        _problems.append(f"{exc}; {_keep('.bad')}")
        _check_writable()
        return
    mode = data.get("mode") if data is not None else None
    if not _playable(mode):
        _problems.append(f"{path}: a saved game of {mode!r}, which this version cannot play; {_keep('.kept')}")
        _check_writable()
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _playable(mode: object) -> bool:
    from game.client.modes import playable

    return isinstance(mode, str) and playable(mode)
