"""CheckRisk levels and deployment presets: reading, validating, and mapping presets onto a seat's zone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.engine import files
from game.engine.checkrisk.board import Board, board

MAX_STACK = 6  # C3, the rule of six
MAX_DEPLOY_CELLS = 8  # C4: at most 8 cells (a 2×4 corner box of C5 has exactly 8); a level may say otherwise
PRESET_NAME_RE = re.compile(r"^[a-z0-9_]+$")
_DEFAULTS = {"supply": 50, "start_tokens": 24, "turn_limit": 60, "actions": 3}
# The fields of a level, a zone and a preset file; any other key is refused, naming it.
LEVEL_KEYS = (
    "game",
    "title",
    "description",
    "width",
    "height",
    "players",
    "supply",
    "start_tokens",
    "turn_limit",
    "actions",
    "zones",
    "presets",
    "start",
)
ZONE_KEYS = ("box", "home", "mirror", "max_cells")
PRESET_KEYS = ("rows", "title", "description")


@dataclass(frozen=True)
class Zone:
    """A seat's deployment box (C4, C5).

    `grid[row][col]` is a cell index: row 0 is the row farthest from the seat's home edge, the last row
    lies on it; col 0 is the seat's left as it looks across the board (or the outer side of a corner box,
    as the level says with `mirror`). Presets are drawn in this frame so one preset fits every seat.
    """

    cells: frozenset[int]
    grid: tuple[tuple[int, ...], ...]
    max_cells: int


@dataclass(frozen=True)
class Preset:
    """A named deployment: `rows` of digits (tokens per cell) or '.', front row first, home row last."""

    name: str
    rows: tuple[str, ...]
    title: dict[str, str]

    def tokens(self) -> int:
        """Tokens the preset places."""
        return sum(int(ch) for row in self.rows for ch in row if ch != ".")

    def placements(self, zone: Zone) -> tuple[tuple[int, int], ...] | None:
        """(cell, count) pairs on `zone`, or None when the preset's shape does not match the zone."""
        if len(self.rows) != len(zone.grid) or any(len(r) != len(g) for r, g in zip(self.rows, zone.grid, strict=True)):
            return None
        out = [
            (cell, int(ch))
            for row, cells in zip(self.rows, zone.grid, strict=True)
            for ch, cell in zip(row, cells, strict=True)
            if ch != "."
        ]
        return tuple(sorted(out))


@dataclass(frozen=True)
class LevelSpec:
    """Everything a level fixes: board, seats, supply, start tokens, turn limit, zones and presets per seat."""

    board: Board
    players: int
    supply: int
    start_tokens: int
    turn_limit: int
    actions: int
    zones: tuple[Zone, ...]
    presets: tuple[dict[str, tuple[tuple[int, int], ...]], ...]  # per seat: name -> placements
    title: dict[str, str]
    preset_titles: dict[str, dict[str, str]]  # name -> {language: title}


def _int(data: Mapping[str, object], key: str, low: int, high: int) -> int:
    value = data.get(key, _DEFAULTS.get(key))
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key}: must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{key}: {value} is outside {low}…{high}")
    return value


def _title(value: object, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, str | dict):
        raise ValueError(f"{where}: must be text or a {{language: text}} object")
    title = files.checked_title(value, where, files.LEVEL_TEXTS["title"])
    return {"en": title} if isinstance(title, str) else title


def _zone(geo: Board, data: object, where: str) -> Zone:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: must be an object with 'box' and 'home'")
    files.check_keys(data, ZONE_KEYS, f"{where}.")
    try:
        cells = geo.box(data.get("box"))
    except ValueError as exc:
        raise ValueError(f"{where}.box: {exc}") from exc
    home = data.get("home")
    if home not in ("bottom", "top"):
        raise ValueError(f"{where}.home: must be 'bottom' or 'top', not {home!r}")
    mirror = data.get("mirror", False)
    if not isinstance(mirror, bool):
        raise ValueError(f"{where}.mirror: must be true or false")
    columns = sorted({geo.file_rank(c)[0] for c in cells}, reverse=mirror)
    ranks = sorted({geo.file_rank(c)[1] for c in cells}, reverse=(home == "bottom"))
    grid = tuple(tuple(geo.at(f, r) for f in columns) for r in ranks)
    max_cells = data.get("max_cells", min(MAX_DEPLOY_CELLS, len(cells)))
    if not isinstance(max_cells, int) or isinstance(max_cells, bool) or not 1 <= max_cells <= len(cells):
        raise ValueError(f"{where}.max_cells: must be a whole number in 1…{len(cells)}, not {max_cells!r}")
    return Zone(frozenset(cells), grid, max_cells)


def read_preset(path: Path) -> Preset:
    """Load one preset file; ValueError names the file and the field."""
    try:
        data = files.read_json(path)  # a regular file only: a FIFO is refused, never waited on
    except files.DamagedFile as exc:
        raise ValueError(f"preset {path.name}: cannot read ({exc.reason})") from exc
    return preset_from_data(path.stem, data, f"preset {path.name}")


def preset_from_data(name: str, data: object, where: str) -> Preset:
    """Validate preset data: {"title": ..., "rows": ["33333333", "........"]}."""
    if not PRESET_NAME_RE.match(name):
        raise ValueError(f"{where}: name {name!r} must use only a-z, 0-9 and _")
    if not isinstance(data, dict):
        raise ValueError(f"{where}: must be a JSON object")
    files.check_keys(data, PRESET_KEYS, f"{where}.")
    files.check_level_texts({k: v for k, v in data.items() if k == "description"}, f"{where}.")
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) and r for r in rows):
        raise ValueError(f"{where}.rows: must be a non-empty list of strings")
    for i, row in enumerate(rows):
        bad = [ch for ch in row if ch != "." and ch not in "123456"]
        if bad:
            raise ValueError(f"{where}.rows[{i}]: {bad[0]!r} is neither '.' nor a stack of 1…6")
    return Preset(name, tuple(rows), _title(data.get("title"), f"{where}.title"))


@cache
def _folder_presets(folder: str) -> tuple[Preset, ...]:
    path = Path(folder)
    if not path.is_dir():
        return ()
    return tuple(read_preset(p) for p in sorted(path.glob("*.json")))


def presets_folder() -> Path:
    """Where the shipped deployment presets live."""
    from game.paths import levels_dir

    return levels_dir() / "checkrisk" / "presets"


def _zones(geo: Board, zones_data: list[object], start: int) -> tuple[Zone, ...]:
    """The deployment zones, each holding the starting tokens and none overlapping another."""
    zones = tuple(_zone(geo, z, f"zones[{i}]") for i, z in enumerate(zones_data))
    seen: set[int] = set()
    for i, zone in enumerate(zones):
        if zone.cells & seen:
            raise ValueError(f"zones[{i}]: overlaps another zone")
        seen |= zone.cells
        if zone.max_cells * MAX_STACK < start:
            raise ValueError(f"zones[{i}]: {zone.max_cells} cells cannot hold {start} tokens (at most 6 a cell)")
    return zones


def _chosen_presets(inline: object, available: dict[str, Preset], folder: Path) -> list[Preset]:
    """The presets a level offers: those it names, or every shipped one when it names none."""
    if inline is None:
        return list(available.values())
    if not isinstance(inline, list):
        raise ValueError("presets: must be a list of preset names")
    chosen = []
    for i, name in enumerate(inline):
        if not isinstance(name, str):
            raise ValueError(f"presets[{i}]: expected a preset name, got {name!r}")
        if name not in available:
            raise ValueError(f"presets[{i}]: no preset named {name!r} in {folder}")
        chosen.append(available[name])
    return chosen


def _fitting_presets(zone: Zone, chosen: list[Preset], start: int) -> dict[str, tuple[tuple[int, int], ...]]:
    """The presets that deploy exactly the starting tokens inside `zone`, with their placements."""
    fits: dict[str, tuple[tuple[int, int], ...]] = {}
    for preset in chosen:
        placed = preset.placements(zone)
        if placed is not None and preset.tokens() == start and len(placed) <= zone.max_cells:
            fits[preset.name] = placed
    return fits


def parse_level(data: object, preset_dir: Path | None = None) -> LevelSpec:
    """Validate level data and build its spec; ValueError names the bad field."""
    if not isinstance(data, dict):
        raise ValueError("a level must be a JSON object")
    files.check_keys(data, LEVEL_KEYS)
    files.check_level_texts({k: v for k, v in data.items() if k == "description"})
    if data.get("game", "checkrisk") != "checkrisk":
        raise ValueError(f"game: {data.get('game')!r} is not a CheckRisk level")
    width = _int(data, "width", 6, 12) if "width" in data else 8
    height = _int(data, "height", 6, 12) if "height" in data else 8
    geo = board(width, height)
    players = _int(data, "players", 2, 4) if "players" in data else 2
    supply = _int(data, "supply", 1, 999)
    start = _int(data, "start_tokens", 1, supply)
    turn_limit = _int(data, "turn_limit", 1, 1000)
    actions = _int(data, "actions", 1, 10)
    zones_data = data.get("zones")
    if not isinstance(zones_data, list) or len(zones_data) != players:
        raise ValueError(f"zones: must list one deployment zone per player ({players})")
    zones = _zones(geo, zones_data, start)
    folder = preset_dir if preset_dir is not None else presets_folder()
    available = {p.name: p for p in _folder_presets(str(folder))}
    chosen = _chosen_presets(data.get("presets", None), available, folder)
    per_seat = [_fitting_presets(zone, chosen, start) for zone in zones]
    return LevelSpec(
        geo,
        players,
        supply,
        start,
        turn_limit,
        actions,
        zones,
        tuple(per_seat),
        _title(data.get("title"), "title"),
        {p.name: p.title for p in chosen},
    )
