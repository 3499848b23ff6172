"""Reading a file a user can hand the game (a level, a record, settings, a save) so that it can neither crash nor
hang it: regular files only, opened without blocking, and any failure to read or parse is a `DamagedFile` (a
ValueError) naming the file and the cause.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from game.engine.core import JSON

# A user file is small; a bigger one is damaged (and reading it whole would only waste memory).
MAX_BYTES = 16 * 1024 * 1024


class DamagedFile(ValueError):
    """A user file exists but cannot be used; the message names the file and says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def describe(exc: BaseException) -> str:
    """Why reading or parsing failed, in words a player can act on."""
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
    if isinstance(exc, UnicodeDecodeError):
        return "not a UTF-8 text file"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    if isinstance(exc, OSError):
        return f"cannot read ({exc.strerror or exc})"
    if isinstance(exc, MemoryError):
        return "too large to read"
    return str(exc) or type(exc).__name__


def read_text(path: Path) -> str:
    """The text of a regular file; raises DamagedFile for anything else (a folder, a FIFO, unreadable, binary).

    The file is opened without blocking and checked before it is read, so a FIFO or a device never hangs the game.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError as exc:
        raise DamagedFile(path, "a folder, not a file") from exc
    except (OSError, ValueError) as exc:  # ValueError: a name with a NUL byte
        raise DamagedFile(path, describe(exc)) from exc
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DamagedFile(path, "a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile(path, "not a regular file")
        if info.st_size > MAX_BYTES:
            raise DamagedFile(path, f"too large ({info.st_size} bytes)")
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8")
    except DamagedFile:
        raise
    except (OSError, UnicodeDecodeError, MemoryError) as exc:
        raise DamagedFile(path, describe(exc)) from exc
    finally:
        os.close(fd)


def read_json(path: Path) -> JSON:
    """The parsed JSON of a regular file; any failure to read or parse it raises DamagedFile naming the file."""
    text = read_text(path)
    try:
        data: JSON = json.loads(text)
    except Exception as exc:  # noqa: BLE001 - deep nesting, huge integers, anything: the file is damaged
        raise DamagedFile(path, describe(exc)) from exc
    return data
