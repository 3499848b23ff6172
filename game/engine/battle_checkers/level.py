"""Reading a Battle Checkers level: board size, units per side, spirit, turn limit, deployment presets.

Level JSON: {"board": [10, 10], "units_per_player": 8, "spirit": 6, "turn_limit": 100,
"presets": ["line", {"name": "mine", "units": [{"cell": "b2", "facing": "N"}, ...]}],
"position": {...optional saved position to start from...}}, plus "name", "title" and "description" for the
player. A level gives its board, units, spirit and turn limit (or a saved position, which holds the board);
any other key is refused, naming it. A preset by name is read from
`levels/battle_checkers/presets/<name>.json`; presets are written for player 1 (ranks from 1) and
mirrored for player 2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import files
from game.engine.battle_checkers.geometry import Board, board, facing_from_name
from game.paths import levels_dir

MIN_UNITS, MAX_UNITS = 4, 12  # B2
DEFAULT_UNITS = 8
DEFAULT_SPIRIT = 6  # B3
DEFAULT_TURN_LIMIT = 100  # B13, turns each

Preset = tuple[tuple[int, int], ...]  # (cell, facing) for player 1

# The fields of a level, a preset and a preset's unit; a level without a saved position gives all of REQUIRED.
LEVEL_KEYS = (
    "board",
    "units_per_player",
    "spirit",
    "turn_limit",
    "presets",
    "position",
    "name",
    "title",
    "description",
)
REQUIRED = ("board", "units_per_player", "spirit", "turn_limit")
PRESET_KEYS = ("name", "board", "units", "title", "description")
UNIT_KEYS = ("cell", "facing")
# A preset's name: also the name of its file in the presets folder, so nothing that could lead out of it.
PRESET_NAME_RE = re.compile(r"[a-z0-9_]{1,40}")


@dataclass(frozen=True)
class Level:
    """A parsed level."""

    board: Board
    units_per_player: int = DEFAULT_UNITS
    spirit: tuple[int, int] = (DEFAULT_SPIRIT, DEFAULT_SPIRIT)
    turn_limit: int = DEFAULT_TURN_LIMIT
    presets: dict[str, Preset] = field(default_factory=dict)
    position: dict[str, Any] | None = None


def presets_dir() -> Path:
    """Where named deployment presets live."""
    return levels_dir() / "battle_checkers" / "presets"


def read_int(value: object, field_name: str, low: int, high: int | None = None) -> int:
    """An int within [low, high]; ValueError naming the field otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{field_name}: expected a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}…{high}" if high is not None else f">= {low}"
        raise ValueError(f"{field_name}: {value} is outside {bound}")
    return value


def read_board(value: object, field_name: str = "board") -> Board:
    """The board geometry from `[width, height]`."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"{field_name}: expected [width, height], got {value!r}")
    return board(read_int(value[0], f"{field_name}[0]", 1), read_int(value[1], f"{field_name}[1]", 1))


def read_spirit(value: object, field_name: str = "spirit") -> tuple[int, int]:
    """Per-player spirit from one number or a pair; negative spirit is refused."""
    pair = [value, value] if not isinstance(value, list | tuple) else list(value)
    if len(pair) != 2:
        raise ValueError(f"{field_name}: expected a number or [player 1, player 2], got {value!r}")
    out = []
    for i, v in enumerate(pair):
        name = f"{field_name}[{i}]" if isinstance(value, list | tuple) else field_name
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{name}: expected a whole number, got {v!r}")
        if v < 0:
            raise ValueError(f"{name}: negative spirit {v}")
        out.append(v)
    return out[0], out[1]


def _named_preset(name: str, field_name: str) -> dict[str, Any]:
    """The JSON object of the preset file `name`; its name defaults to the file's."""
    if not PRESET_NAME_RE.fullmatch(name):
        raise ValueError(f"{field_name}: {name[:40]!r} is not a preset name (a-z, 0-9 and _)")
    path = presets_dir() / f"{name}.json"
    try:
        loaded = files.read_json(path)  # a regular file only: a FIFO is refused, never waited on
    except files.DamagedFile as exc:
        raise ValueError(f"{field_name}: cannot read preset {name!r} ({exc.reason})") from exc
    if not isinstance(loaded, dict):
        raise ValueError(f"{field_name}: preset {name!r} must be a JSON object")
    loaded.setdefault("name", name)
    return loaded


def read_preset(data: object, geometry: Board, units: int, field_name: str) -> tuple[str, Preset]:
    """(name, placements) of one preset given inline or by name; checked against the level."""
    if isinstance(data, str):
        data = _named_preset(data, field_name)
    if not isinstance(data, dict):
        raise ValueError(f"{field_name}: expected a preset name or object, got {data!r}")
    files.check_keys(data, PRESET_KEYS, f"{field_name}.")
    files.check_level_texts({k: v for k, v in data.items() if k != "name"}, f"{field_name}.")
    name = data.get("name")
    if not isinstance(name, str) or not PRESET_NAME_RE.fullmatch(name):
        raise ValueError(f"{field_name}.name: expected a name of a-z, 0-9 and _, got {name!r}")
    if "board" in data and read_board(data["board"], f"{field_name}.board") is not geometry:
        raise ValueError(f"{field_name}.board: preset {name!r} is for another board size")
    placements = data.get("units")
    if not isinstance(placements, list) or len(placements) != units:
        raise ValueError(f"{field_name}.units: preset {name!r} must place exactly {units} units")
    ranks = geometry.half_ranks(0)
    seen: set[int] = set()
    out = []
    for i, unit in enumerate(placements):
        where = f"{field_name}.units[{i}]"
        if not isinstance(unit, dict):
            raise ValueError(f"{where}: expected an object with cell and facing")
        files.check_keys(unit, UNIT_KEYS, f"{where}.")
        cell = geometry.cell(unit.get("cell"), f"{where}.cell")
        if geometry.xy(cell)[1] not in ranks:
            raise ValueError(f"{where}.cell: {geometry.name(cell)} is outside player 1's half")
        if cell in seen:
            raise ValueError(f"{where}.cell: two units on {geometry.name(cell)}")
        seen.add(cell)
        out.append((cell, facing_from_name(unit.get("facing"), f"{where}.facing")))
    return name, tuple(out)


def parse_level(data: dict[str, Any]) -> Level:
    """Check and read level JSON; ValueError naming the bad field."""
    if not isinstance(data, dict):
        raise ValueError("level: expected a JSON object")
    files.check_keys(data, LEVEL_KEYS)
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        raise ValueError("position: expected a saved position object")
    missing = [key for key in REQUIRED if key not in data]
    if missing and position is None:
        raise ValueError(
            f"{', '.join(missing)}: missing (a level gives {', '.join(REQUIRED)}, or a saved position to start from)"
        )
    files.check_level_texts(data)
    # A level that is just a saved position takes its board size from it.
    geometry = read_board(data.get("board", (position or {}).get("board", [10, 10])))
    units = read_int(data.get("units_per_player", DEFAULT_UNITS), "units_per_player", MIN_UNITS, MAX_UNITS)
    half = geometry.width * (geometry.height // 2)
    if units > half:
        raise ValueError(f"units_per_player: {units} units do not fit in a half of {half} cells")
    spirit = read_spirit(data.get("spirit", DEFAULT_SPIRIT))
    for i, grains in enumerate(spirit):
        if grains == 0:  # B12: such a side would have lost before the first roll
            where = f"spirit[{i}]" if isinstance(data.get("spirit"), list | tuple) else "spirit"
            raise ValueError(f"{where}: a side starting with 0 spirit grains has already lost")
    turn_limit = read_int(data.get("turn_limit", DEFAULT_TURN_LIMIT), "turn_limit", 1, 10_000)
    raw_presets = data.get("presets", [])
    if not isinstance(raw_presets, list):
        raise ValueError("presets: expected a list of preset names or objects")
    presets: dict[str, Preset] = {}
    for i, raw in enumerate(raw_presets):
        name, placements = read_preset(raw, geometry, units, f"presets[{i}]")
        if name in presets:
            raise ValueError(f"presets[{i}].name: preset {name!r} given twice")
        presets[name] = placements
    return Level(geometry, units, spirit, turn_limit, presets, position)
