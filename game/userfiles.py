"""Reading the files a player's disk holds (settings, autosave, levels) so that none of them can crash or hang
the game, keeping every damaged copy, and removing the temp files an interrupted write left behind.

No pygame and no client here: the play package, Learn and the launcher all use it.
"""

from __future__ import annotations

import errno
import math
import os
import shutil
import stat
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

# The one safe reader lives in the engine (levels are read there too); the client uses it through this module.
from game.engine.atomic import child_path, write_json_new
from game.engine.files import DamagedFile, read_json, read_text

__all__ = [
    "DamagedFile",
    "read_json",
    "read_text",
    "is_regular_file",
    "exists",
    "free_copy_name",
    "move_aside",
    "copy_aside",
    "clean_stale_temps",
    "load_game",
]

if TYPE_CHECKING:
    from game.engine.core import JSON, Game

# How many numbered copies (`name.bad`, `name.bad.1`, ...) are tried before giving up on keeping one more.
MAX_COPIES = 1000


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


# How old a temp file must be to be taken for one an interrupted write left: a younger one may be another copy of
# the game writing at this moment.
STALE_SECONDS = 60.0


def clean_stale_temps(folder: Path, names: tuple[str, ...] | None) -> list[Path]:
    """Remove the `.<name>.*.tmp` files an interrupted atomic write left in `folder` (for any `<name>.json` when
    `names` is None: a folder of records) at least `STALE_SECONDS` ago; the paths removed."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(".") or not entry.name.endswith(".tmp"):
            continue
        if names is None and ".json." not in entry.name:
            continue
        if names is not None and not any(entry.name.startswith(f".{name}.") for name in names):
            continue
        try:
            if entry.is_file() and not entry.is_symlink() and now - entry.stat().st_mtime >= STALE_SECONDS:
                entry.unlink()
                removed.append(entry)
        except OSError:
            pass
    return removed


def load_game(mode: str, level: str | None = None, options: Mapping[str, object] | None = None) -> Game:
    """The game of `mode` at `level` (a name or a path the player gave) with the numbers the players agreed on
    (`options`); a damaged level file or a bad option is a ValueError naming it, an unknown mode a KeyError. The
    registry reads the file safely (a FIFO never hangs)."""
    from game.engine import registry

    game = registry.load(mode, level)
    return game.with_options(options) if options else game


# The latest date a file may carry (the end of year 9999): later ones cannot be shown as a date.
MAX_DATE = 253402300799.0


def file_date(value: object) -> float:
    """A date read from a file as seconds since the epoch; 0 (no date) for anything that is not a date a calendar
    shows."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    try:
        date = float(value)
    except OverflowError:  # an integer of hundreds of digits
        return 0.0
    return date if math.isfinite(date) and 0 <= date <= MAX_DATE else 0.0


# How many numbered names (`<stem>-2.json`, ...) a new file tries before the folder is called full.
MAX_NAMES = 10_000


def _names(folder: Path, stem: str) -> Iterator[Path]:
    """`folder/<stem>.json`, `<stem>-2.json`, `-3`, ...: the names a new file may take. The stem is built from checked
    values; `child_path` refuses any that could lead out of `folder`."""
    for n in range(1, MAX_NAMES + 1):
        yield child_path(folder, f"{stem}.json" if n == 1 else f"{stem}-{n}.json")


def free_name(folder: Path, stem: str) -> Path:
    """The first of `folder/<stem>.json`, `<stem>-2.json`, ... that is free now (`write_new` claims one instead)."""
    for path in _names(folder, stem):
        if not exists(path):
            return path
    raise FileExistsError(errno.EEXIST, f"{MAX_NAMES} files named {stem} already", str(folder))


def write_new(folder: Path, stem: str, data: JSON | Mapping[str, object]) -> Path:
    """Write `data` as a new file `folder/<stem>.json`, or `<stem>-2.json`, `-3`, ... when taken; returns its path.
    Each name is claimed by the operating system, so a new file never replaces one that is there, even one another
    copy of the game writes at the same moment. Raises OSError when the folder cannot be written."""
    for path in _names(folder, stem):
        if exists(path):
            continue
        try:
            write_json_new(path, data)
        except FileExistsError:
            continue  # taken since we looked: the next name
        return path
    raise FileExistsError(errno.EEXIST, f"{MAX_NAMES} files named {stem} already", str(folder))
