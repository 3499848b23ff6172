"""Kubtafl position JSON (levels and saves): strict reading with messages naming the field, and writing.

Format: {"game": "kubtafl", "width": 8, "height": 8, "to_move": "light",
         "dice": [{"side": "light", "kind": "d20", "cell": "a1", "value": 20}, ...],
         "removed": {"light": [], "dark": []}, "quiet": 0, "seen": [[count, key...], ...], "outcome": null}
`width`/`height` default to 8; `quiet`, `seen` and `outcome` are the K18 counters and the result, optional
in levels; `title` and `description` are level metadata and ignored here.
"""

from __future__ import annotations

from game.engine.core import JSON, JSONObject, Outcome
from game.engine.kubtafl.geometry import Geometry, geometry
from game.engine.kubtafl.pieces import (
    ABSENT,
    D20,
    FACES,
    KIND_INDEX,
    KINDS,
    KINDS_PER_SIDE,
    NUM_DICE,
    QUIET_LIMIT,
    REMOVED,
    REPETITION_LIMIT,
    SIDES,
    die_id,
)
from game.engine.kubtafl.position import Position
from game.engine.kubtafl.reasons import KubtaflReason

_KEYS = {"game", "width", "height", "to_move", "dice", "removed", "quiet", "seen", "outcome", "title", "description"}
_DIE_KEYS = {"side", "kind", "cell", "value"}


def _int(value: object, field: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{field}: expected a whole number, got {value!r}")
    return value


def _side(value: object, field: str) -> int:
    if value not in SIDES:
        raise ValueError(f"{field}: must be 'light' or 'dark', not {value!r}")
    return SIDES.index(value)


def _kind(value: object, field: str) -> int:
    if not isinstance(value, str) or value not in KIND_INDEX:
        raise ValueError(f"{field}: unknown kind {value!r} (known: {', '.join(KINDS)})")
    return KIND_INDEX[value]


def board_size(data: object) -> tuple[int, int]:
    """The (width, height) a position or level asks for; 8×8 when unset."""
    if not isinstance(data, dict):
        raise ValueError("position: expected a JSON object")
    width = _int(data.get("width", 8), "width")
    height = _int(data.get("height", 8), "height")
    try:
        geometry(width, height)
    except ValueError as exc:
        raise ValueError(f"width/height: {exc}") from exc
    return width, height


def read_position(geo: Geometry, data: object) -> Position:
    """Read a position on the board `geo`; raises ValueError naming the bad field and the reason."""
    if not isinstance(data, dict):
        raise ValueError("position: expected a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ValueError(f"{unknown[0]}: unknown field (known: {', '.join(sorted(_KEYS))})")
    if "game" in data and data["game"] != "kubtafl":
        raise ValueError(f"game: expected 'kubtafl', not {data['game']!r}")
    if board_size(data) != (geo.width, geo.height):
        raise ValueError(
            f"width/height: {data.get('width', 8)}×{data.get('height', 8)} does not match this level's "
            f"{geo.width}×{geo.height} board"
        )
    if "to_move" not in data:
        raise ValueError("to_move: missing ('light' or 'dark')")
    to_move = _side(data["to_move"], "to_move")
    board, pos, val = _read_dice(geo, data.get("dice"))
    _read_removed(data.get("removed", {}), pos)
    quiet = _int(data.get("quiet", 0), "quiet")
    if not 0 <= quiet <= QUIET_LIMIT:
        raise ValueError(f"quiet: {quiet} is outside 0…{QUIET_LIMIT}")
    result = _outcome(data.get("outcome"))
    _check_outcome(result, pos)
    for side in (0, 1):
        if pos[die_id(side, D20)] < 0 and result is None:
            raise ValueError(f"dice: {SIDES[side]} has no d20 on the board in a game that is not over")
    seen = _seen(data.get("seen", []), geo.size)
    position = Position(geo, board, pos, val, to_move, quiet, seen, result)
    seen.setdefault(position.key(), 1)  # the position itself has been seen once (K18)
    return position


def _read_dice(geo: Geometry, dice: object) -> tuple[list[int], list[int], list[int]]:
    """(board, pos, val) arrays from the `dice` list; dice not listed are ABSENT."""
    board = [-1] * geo.size
    pos = [ABSENT] * NUM_DICE
    val = [0] * NUM_DICE
    if not isinstance(dice, list):
        raise ValueError("dice: missing or not a list")
    for n, entry in enumerate(dice):
        field = f"dice[{n}]"
        side, kind, cell, value = _read_die(geo, entry, field)
        i = die_id(side, kind)
        if pos[i] != ABSENT:
            raise ValueError(f"{field}.kind: {SIDES[side]} has more than one {KINDS[kind]}")
        if board[cell] >= 0:
            raise ValueError(f"{field}.cell: two dice on {entry['cell']}")
        board[cell] = i
        pos[i] = cell
        val[i] = value
    return board, pos, val


def _read_die(geo: Geometry, entry: object, field: str) -> tuple[int, int, int, int]:
    """(side, kind, cell, value) of one entry of `dice`."""
    if not isinstance(entry, dict):
        raise ValueError(f"{field}: expected an object with side, kind, cell, value")
    missing = sorted(_DIE_KEYS - set(entry))
    if missing:
        raise ValueError(f"{field}.{missing[0]}: missing")
    extra = sorted(set(entry) - _DIE_KEYS)
    if extra:
        raise ValueError(f"{field}.{extra[0]}: unknown field")
    side = _side(entry["side"], f"{field}.side")
    kind = _kind(entry["kind"], f"{field}.kind")
    try:
        cell = geo.parse_cell(entry["cell"])
    except ValueError as exc:
        raise ValueError(f"{field}.cell: {exc}") from exc
    value = _int(entry["value"], f"{field}.value")
    if not 1 <= value <= FACES[kind]:
        raise ValueError(f"{field}.value: {value} is outside 1…{FACES[kind]} for a {KINDS[kind]}")
    return side, kind, cell, value


def _read_removed(removed: object, pos: list[int]) -> None:
    """Marks the dice of the `removed` pools REMOVED in `pos`."""
    if not isinstance(removed, dict) or set(removed) - set(SIDES):
        raise ValueError("removed: expected {'light': [kinds], 'dark': [kinds]}")
    for side_name, kinds in removed.items():
        side = SIDES.index(side_name)
        if not isinstance(kinds, list):
            raise ValueError(f"removed.{side_name}: expected a list of kinds")
        for n, kind_name in enumerate(kinds):
            field = f"removed.{side_name}[{n}]"
            i = die_id(side, _kind(kind_name, field))
            if pos[i] >= 0:
                raise ValueError(f"{field}: {side_name} {kind_name} is also on the board")
            if pos[i] == REMOVED:
                raise ValueError(f"{field}: {side_name} has more than one {kind_name}")
            pos[i] = REMOVED


def _outcome(data: object) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("outcome: expected an object with winners and reason, or null")
    result = Outcome.from_dict({**data, "num_players": 2}, KubtaflReason)
    draw = result.reason in (KubtaflReason.DRAW_100_QUIET, KubtaflReason.DRAW_REPETITION)
    if draw != (result.winners == (0, 1)):
        raise ValueError(f"outcome.winners: {list(result.winners)} does not fit the reason {result.reason!r}")
    return result


def _check_outcome(result: Outcome | None, pos: list[int]) -> None:
    """A K16 ending must match the board: the loser's d20 gone, or standing (blocked) on it."""
    if result is None or result.reason not in (KubtaflReason.D20_DESTROYED, KubtaflReason.D20_BLOCKED):
        return
    loser = 1 - result.winners[0]
    standing = pos[die_id(loser, D20)] >= 0
    if standing != (result.reason == KubtaflReason.D20_BLOCKED):
        raise ValueError(
            f"outcome.reason: {result.reason!r} while the {SIDES[loser]} d20 is "
            f"{'on the board' if standing else 'gone'}"
        )


def _seen(data: object, cells: int) -> dict[tuple[int, ...], int]:
    if not isinstance(data, list):
        raise ValueError("seen: expected a list of [count, key...] entries")
    seen: dict[tuple[int, ...], int] = {}
    width = 1 + 2 * NUM_DICE
    for n, entry in enumerate(data):
        if (
            not isinstance(entry, list)
            or len(entry) != 1 + width
            or not all(type(x) is int for x in entry)
            or not 1 <= entry[0] <= REPETITION_LIMIT
            or entry[1] not in (0, 1)
        ):
            raise ValueError(f"seen[{n}]: expected [count 1…{REPETITION_LIMIT}, side, {2 * NUM_DICE} numbers]")
        key = tuple(entry[1:])
        if not all(ABSENT <= c < cells for c in key[1 : 1 + NUM_DICE]):
            raise ValueError(f"seen[{n}]: a cell is off the board")
        seen[key] = entry[0]
    return seen


def position_to_dict(position: Position) -> JSONObject:
    """The JSON-safe form `read_position` reads back exactly."""
    geo, pos, val, result = position.geo, position.pos, position.val, position.result
    dice: list[JSON] = [
        {"side": SIDES[i // KINDS_PER_SIDE], "kind": KINDS[i % KINDS_PER_SIDE], "cell": geo.names[c], "value": val[i]}
        for i, c in enumerate(pos)
        if c >= 0
    ]
    removed: JSONObject = {
        SIDES[s]: [KINDS[k] for k in range(KINDS_PER_SIDE) if pos[die_id(s, k)] == REMOVED] for s in (0, 1)
    }
    by_count = sorted(position.seen.items(), key=lambda item: (item[1], item[0]))  # as [count, *key] rows sort
    seen: list[JSON] = [[count, *key] for key, count in by_count]
    return {
        "game": "kubtafl",
        "width": geo.width,
        "height": geo.height,
        "to_move": SIDES[position.to_move],
        "dice": dice,
        "removed": removed,
        "quiet": position.quiet,
        "seen": seen,
        "outcome": {"winners": list(result.winners), "reason": result.reason} if result else None,
    }
