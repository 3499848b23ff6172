"""Reading a file a user can hand the game (a level, a record, settings, a save) so that it can neither crash nor
hang it: regular files only, opened without blocking, and any failure to read or parse is a `DamagedFile` (a
ValueError) naming the file and the cause.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Collection, Mapping
from pathlib import Path

from game.engine.core import JSON

# A user file is small; a bigger one is damaged (and reading it whole would only waste memory).
MAX_BYTES = 16 * 1024 * 1024
# The most characters of one text drawn at once: no line the game draws is longer, and a font asked for a line of
# a hundred thousand characters fails (or wants gigabytes) instead of drawing it.
MAX_TEXT = 1000
# The texts a level (or a preset) may carry for the player, with their longest lengths.
LEVEL_TEXTS = {"title": 80, "name": 80, "description": 500}
# What a font cannot draw: C0 and C1 control characters (NUL makes pygame raise), lone surrogates (they have no
# UTF-8 form, so encoding them raises), and the line and paragraph separators (a drawn text is one line). And the
# bidirectional controls (marks, embeddings, overrides, isolates): one left in a file's text would reorder the
# message it is quoted in.
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


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


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes; raises DamagedFile for anything else (a folder, a FIFO,
    unreadable, binary, too large).

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
        if info.st_size > limit:
            raise DamagedFile(path, f"too large ({info.st_size} bytes, at most {limit})")
        chunks = []
        want = info.st_size + 1  # the whole file in one read (a file that grew since is read on, to its end)
        while True:
            chunk = os.read(fd, max(want, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            want = 0
        return b"".join(chunks).decode("utf-8")
    except DamagedFile:
        raise
    except (OSError, UnicodeDecodeError, MemoryError) as exc:
        raise DamagedFile(path, describe(exc)) from exc
    finally:
        os.close(fd)


def read_json(path: Path, limit: int = MAX_BYTES) -> JSON:
    """The parsed JSON of a regular file of at most `limit` bytes; any failure to read or parse it raises DamagedFile
    naming the file."""
    text = read_text(path, limit)
    try:
        data: JSON = json.loads(text)
    except Exception as exc:  # noqa: BLE001 - deep nesting, huge integers, anything: the file is damaged
        raise DamagedFile(path, describe(exc)) from exc
    return data


def clean_text(value: object, limit: int = MAX_TEXT, replacement: str = "") -> str:
    """Text from a file or the player made safe to draw: control characters (NUL included), lone surrogates and line
    separators removed (or each replaced by `replacement`), at most `limit` characters (a longer one is cut, '…')."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[: max(0, limit - 1)] + "…"
    return _UNDRAWABLE.sub(replacement, text)


def is_clean(text: str) -> bool:
    """True when `text` holds nothing `clean_text` would remove."""
    return _UNDRAWABLE.search(text) is None


def checked_text(value: object, field: str, limit: int, *, empty: bool = False) -> str:
    """`value` when it is text of at most `limit` characters with nothing a font cannot draw (and not empty, unless
    `empty`); ValueError naming `field` otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"{field}: expected text, got {type(value).__name__}")
    if not value and not empty:
        raise ValueError(f"{field}: empty")
    if len(value) > limit:
        raise ValueError(f"{field}: {len(value)} characters, at most {limit} allowed")
    if not is_clean(value):
        raise ValueError(f"{field}: holds control characters ({value[:60]!r})")
    return value


def checked_title(value: object, field: str, limit: int) -> str | dict[str, str]:
    """A level's title or description: text, or {language: text}, each checked as `checked_text`."""
    if isinstance(value, dict):
        if len(value) > 20:
            raise ValueError(f"{field}: {len(value)} languages, at most 20")
        for language, text in value.items():
            checked_text(language, f"{field} (a language)", 10)
            checked_text(text, f"{field}.{language}", limit, empty=True)
        return {str(k): str(v) for k, v in value.items()}
    return checked_text(value, field, limit, empty=True)


def check_level_texts(data: Mapping[str, object], where: str = "") -> None:
    """A level's or a preset's `title`, `name` and `description`, when given: text or {language: text} within
    `LEVEL_TEXTS`' lengths; ValueError naming the field otherwise."""
    for key, limit in LEVEL_TEXTS.items():
        if key in data:
            checked_title(data[key], f"{where}{key}", limit)


def check_keys(data: Mapping[str, object], known: Collection[str], where: str = "") -> None:
    """ValueError naming the first key of `data` that is not in `known`: a misspelt field, or one this version does
    not read, is refused rather than silently ignored."""
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        name = clean_text(unknown[0], 40, "?")
        raise ValueError(f"{where}{name}: unknown field (known: {', '.join(sorted(known))})")
