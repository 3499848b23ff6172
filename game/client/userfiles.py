"""Reading the files a player's disk holds (settings, autosave, levels) so that none of them can crash or hang
the game, keeping every damaged copy, and removing the temp files an interrupted write left behind.

No pygame here: the play package and the launcher use it too.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.core import Game

# A user file is small; a bigger one is damaged (and reading it whole would only waste memory).
MAX_BYTES = 16 * 1024 * 1024
# How many numbered copies (`name.bad`, `name.bad.1`, ...) are tried before giving up on keeping one more.
MAX_COPIES = 1000


class DamagedFile(ValueError):
    """A user file exists but cannot be used; the message names the file and says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def _describe(exc: BaseException) -> str:
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

    The file is opened without blocking and checked before it is read, so a FIFO or a device never hangs start-up.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError as exc:
        raise DamagedFile(path, "a folder, not a file") from exc
    except OSError as exc:
        raise DamagedFile(path, _describe(exc)) from exc
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
        raise DamagedFile(path, _describe(exc)) from exc
    finally:
        os.close(fd)


def read_json(path: Path) -> Any:
    """The parsed JSON of a regular file; any failure to read or parse it raises DamagedFile naming the file."""
    text = read_text(path)
    try:
        return json.loads(text)
    except Exception as exc:  # noqa: BLE001 - deep nesting, huge integers, anything: the file is damaged
        raise DamagedFile(path, _describe(exc)) from exc


def is_regular_file(path: Path) -> bool:
    """True when `path` is a regular file (following links); never raises."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """True when something (a file, a folder, a FIFO, a dangling link) is at `path`; never raises."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def free_copy_name(path: Path, suffix: str = ".bad") -> Path | None:
    """The first of `name.bad`, `name.bad.1`, `name.bad.2`, ... that nothing occupies, or None."""
    path = Path(path)
    base = path.with_name(path.name + suffix)
    for index in range(MAX_COPIES):
        candidate = base if index == 0 else base.with_name(f"{base.name}.{index}")
        if not exists(candidate):
            return candidate
    return None


def move_aside(path: Path, suffix: str = ".bad") -> Path | None:
    """Rename `path` to a free `name.bad[.N]` (never over an earlier copy); the new path, or None when it failed."""
    target = free_copy_name(path, suffix)
    if target is None:
        return None
    try:
        os.rename(path, target)  # the target was free a moment ago; os.replace could overwrite a racing copy
    except OSError:
        return None
    return target


def copy_aside(path: Path, suffix: str = ".bad") -> Path | None:
    """Copy a regular file to a free `name.bad[.N]`; the copy's path, or None when no copy could be made."""
    target = free_copy_name(path, suffix)
    if target is None or not is_regular_file(path):
        return None
    try:
        with open(path, "rb") as source, open(target, "xb") as out:
            shutil.copyfileobj(source, out)
    except OSError:
        try:
            os.unlink(target)
        except OSError:
            pass
        return None
    return target


def clean_stale_temps(folder: Path, names: tuple[str, ...]) -> list[Path]:
    """Remove the `.<name>.*.tmp` files an interrupted atomic write left in `folder`; the paths removed."""
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not any(entry.name.startswith(f".{name}.") and entry.name.endswith(".tmp") for name in names):
            continue
        try:
            if entry.is_file() and not entry.is_symlink():
                entry.unlink()
                removed.append(entry)
        except OSError:
            pass
    return removed


def load_game(mode: str, level: str | None = None) -> Game:
    """`registry.load(mode, level)` for a level the disk may have damaged: the file is read safely first (a FIFO
    never hangs), and any failure is a ValueError naming the file (KeyError for an unknown mode)."""
    from game.engine import registry

    name = level or registry.DEFAULT_LEVEL
    path = registry.level_path(mode, name)
    if exists(path):
        read_json(path)
    try:
        return registry.load(mode, name)
    except (KeyError, DamagedFile):
        raise
    except Exception as exc:  # noqa: BLE001 - deep nesting, odd values: the level file is damaged
        message = str(exc) if isinstance(exc, ValueError) and str(path) in str(exc) else f"{path}: {_describe(exc)}"
        raise DamagedFile(path, message.removeprefix(f"{path}: ")) from exc
