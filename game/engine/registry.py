"""The registry of game modes: which exist, their levels, and loading a game by name."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

from game.engine import files
from game.engine.core import Game
from game.paths import levels_dir

# Each mode lives in `game.engine.<name>` and defines `make_game(level_name, level_data) -> Game`.
_MODE_MODULES = ("kubtafl", "checkrisk", "battle_checkers")
DEFAULT_LEVEL = "standard"


def modes() -> list[str]:
    """The names of the registered modes whose rules are present."""
    return [name for name in _MODE_MODULES if importlib.util.find_spec(f"game.engine.{name}") is not None]


def _module(mode: str) -> Any:
    if mode not in modes():
        raise KeyError(f"unknown mode {mode!r}; known: {', '.join(modes()) or 'none'}")
    return importlib.import_module(f"game.engine.{mode}")


def levels(mode: str) -> list[str]:
    """The level names of a mode (files `levels/<mode>/*.json`), the standard one first."""
    _module(mode)
    folder = levels_dir() / mode
    names = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
    if DEFAULT_LEVEL in names:
        names.remove(DEFAULT_LEVEL)
        names.insert(0, DEFAULT_LEVEL)
    return names


def level_path(mode: str, level: str) -> Path:
    """The file of a named level, or `level` itself when it is a path to a JSON file."""
    if level.endswith(".json") or "/" in level or "\\" in level:
        return Path(level)
    return levels_dir() / mode / f"{level}.json"


def read_json(path: Path) -> Any:
    """Read a JSON file; only a regular file is opened (a FIFO never hangs), and any failure to read or parse it
    becomes a ValueError (`DamagedFile`) naming the file and the cause."""
    return files.read_json(path)


def load(mode: str, level: str | None = None) -> Game:
    """The game of `mode` with `level` loaded (the mode's standard level by default)."""
    module = _module(mode)
    name = level or DEFAULT_LEVEL
    path = level_path(mode, name)
    data = read_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a level must be a JSON object")
    try:
        return module.make_game(Path(name).stem if path.suffix == ".json" else name, data)
    except Exception as exc:  # noqa: BLE001 - odd values anywhere in a user's level: the file is damaged
        raise files.DamagedFile(path, files.describe(exc)) from exc
