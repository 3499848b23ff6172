"""The autosave: one unfinished game kept in the user's data folder, written atomically."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from game.engine.atomic import write_json_atomic
from game.paths import user_data_dir

AUTOSAVE_FILE = "autosave.json"
FORMAT = 1


class AutosaveError(ValueError):
    """The autosave exists but cannot be used; the message says why."""


def autosave_path() -> Path:
    """The autosave file."""
    return user_data_dir() / AUTOSAVE_FILE


def write_autosave(data: dict[str, Any]) -> None:
    """Store `data` (a `GameSession.to_dict()`, which names its mode) as the autosave, atomically."""
    if not isinstance(data, dict):
        raise TypeError("the autosave must be a dict")
    write_json_atomic(autosave_path(), {"format": FORMAT, "session": data})


def load_autosave() -> dict[str, Any] | None:
    """The saved session dict, None when there is none; raises AutosaveError for an unusable file."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        envelope = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise AutosaveError(f"{path}: cannot read ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise AutosaveError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT or not isinstance(
        envelope.get("session"), dict
    ):
        raise AutosaveError(f"{path}: not a Kubiki autosave (format {FORMAT} with a 'session' object expected)")
    session = envelope["session"]
    if not isinstance(session.get("mode"), str):
        raise AutosaveError(f"{path}: the saved game does not name its mode")
    return session


def set_aside(reason: str = "") -> Path | None:
    """Move an unusable autosave to `autosave.json.bad` (kept for inspection); returns the new path."""
    path = autosave_path()
    if not path.exists():
        return None
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
    except OSError:
        return None
    return bad


_problems: list[str] = []


def read_autosave() -> dict[str, Any] | None:
    """The saved session dict, or None when there is none or it is unusable.

    An unusable file is moved aside (not deleted) and its problem is reported once through
    `take_problem()`, so the menu can show it and keep working.
    """
    try:
        return load_autosave()
    except AutosaveError as exc:
        set_aside()
        _problems.append(str(exc))
        return None


def take_problem() -> str | None:
    """The message about an unusable autosave found by `read_autosave`, once; None when there is none."""
    return _problems.pop(0) if _problems else None


def report_problem(message: str) -> None:
    """Record a problem with the autosave found elsewhere (e.g. a session that fails to load)."""
    set_aside()
    _problems.append(message)


def clear_autosave() -> None:
    """Remove the autosave (the game ended, or the player started another)."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
