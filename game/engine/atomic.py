"""Atomic file writes: a temp file in the same folder, flushed, then renamed over the target."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

from game.engine.core import JSON

# A file name the game builds: letters, digits, '_', '-' and dots between them (no separator, no '..', no leading
# dot), so a value read from a file can never make a write land outside the folder it was meant for.
_FILE_NAME = re.compile(r"[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*")
MAX_NAME = 120


def child_path(folder: Path, name: str) -> Path:
    """`folder / name` for a file name built from checked values; ValueError for any name that could point
    elsewhere (a separator, '..', a leading dot, anything but letters, digits, '_', '-', '.')."""
    if not isinstance(name, str) or len(name) > MAX_NAME or not _FILE_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a file name the game writes")
    path = Path(folder) / name
    if path.parent != Path(folder):  # belt and braces: the pattern already rules this out
        raise ValueError(f"{name!r} would leave {folder}")
    return path


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old file or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json_atomic(path: Path, data: JSON | Mapping[str, object]) -> None:
    """Write `data` (a JSON value, or a typed record of them) as indented JSON, atomically."""
    write_text_atomic(path, _json_text(data))


def write_json_new(path: Path, data: JSON | Mapping[str, object]) -> None:
    """Create `path` holding `data` as JSON, whole or not at all; FileExistsError when something is there already,
    even when another program creates it at the same moment (the name is claimed by the operating system)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(_json_text(data))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, path)  # fails when the name is taken: never over another copy's file, never half written
        except FileExistsError:
            raise
        except OSError:
            # A folder without hard links: claim the name by an exclusive create, then put the whole file there.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
            try:
                os.replace(tmp, path)
            except BaseException:
                os.unlink(path)  # the name claimed for nothing is free again
                raise
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _json_text(data: JSON | Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
