"""Atomic file writes: a temp file in the same folder, flushed, then renamed over the target."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from game.engine.core import JSON


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
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
