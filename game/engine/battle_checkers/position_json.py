"""Position JSON of Battle Checkers: writing a position out and reading it back with named-field errors."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.battle_checkers.ending import finish
from game.engine.battle_checkers.geometry import DIRECTIONS, facing_from_name
from game.engine.battle_checkers.level import MAX_UNITS, Level, read_board, read_int, read_spirit
from game.engine.battle_checkers.phases import ACTIVATED, ATTACK_READY, EMPTY, MID_TURN, PHASES, SHIELD_UP, Phase
from game.engine.battle_checkers.position import PendingAttack, Position
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.core import JSON, JSONObject, Outcome

GAME_NAME = "battle_checkers"


def position_to_dict(p: Position) -> JSONObject:
    """The JSON-safe position: board, spirit, units, phase, whose turn, dice, pending battle, counters."""
    names = p.board.names
    units: list[JSON] = []
    for c, o in enumerate(p.owner):
        if o != EMPTY:
            flags = p.flags[c]
            units.append(
                {
                    "cell": names[c],
                    "owner": o,
                    "facing": DIRECTIONS[p.facing[c]],
                    "attack": bool(flags & ATTACK_READY),
                    "shield": bool(flags & SHIELD_UP),
                    "activated": bool(flags & ACTIVATED),
                }
            )
    pending: JSONObject | None = None
    if p.pending is not None:
        pending = {"attacker": names[p.pending.attacker], "defender": names[p.pending.defender]}
    return {
        "game": GAME_NAME,
        "board": [p.board.width, p.board.height],
        "spirit": list(p.spirit),
        "units": units,
        "phase": p.phase.value,
        "player": p.player,
        "turn": p.turn,
        "turn_limit": p.turn_limit,
        "dice": list(p.dice) if p.dice is not None else None,
        "spent": list(p.spent),
        "to_place": list(p.to_place),
        "pending": pending,
        "fate_player": p.fate_player,
        "outcome": p.outcome.to_dict() if p.outcome is not None else None,
    }


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{field}: expected true or false, got {value!r}")
    return value


def _seat(value: object, field: str) -> int:
    return read_int(value, field, 0, 1)


def read_position(level: Level, data: object, most_units: int | None) -> Position:
    """A position on `level` from JSON; ValueError naming the bad field and the reason.

    `most_units` bounds each side's units (on the board and still to place); None leaves them unbounded.
    """
    if not isinstance(data, dict):
        raise ValueError("position: expected a JSON object")
    if data.get("game", GAME_NAME) != GAME_NAME:
        raise ValueError(f"game: this is a {data.get('game')!r} position, not {GAME_NAME!r}")
    for key in ("board", "spirit", "units", "phase"):
        if key not in data:
            raise ValueError(f"{key}: missing")
    geometry = read_board(data["board"])
    if geometry is not level.board:
        raise ValueError(
            f"board: {geometry.width}x{geometry.height} does not match the level's "
            f"{level.board.width}x{level.board.height}"
        )
    p = Position.start(level)
    p.spirit = list(read_spirit(data["spirit"]))
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase: unknown phase {phase!r} (expected one of {', '.join(PHASES)})")
    p.phase = Phase(phase)
    p.player = _seat(data.get("player", 0), "player")
    p.turn = read_int(data.get("turn", 0 if p.phase is Phase.DEPLOY else 1), "turn", 0)
    p.turn_limit = read_int(data.get("turn_limit", level.turn_limit), "turn_limit", 1, 10_000)
    if p.turn > 2 * p.turn_limit:
        raise ValueError(f"turn: {p.turn} is past the last turn ({2 * p.turn_limit})")
    _read_units(p, data["units"])
    _read_dice(p, data)
    _read_counts(p, data)
    _read_pending(p, data.get("pending"))
    _read_fate_player(p, data.get("fate_player"))
    if most_units is not None:
        _check_unit_count(p, most_units)
    _read_outcome(p, data.get("outcome"))
    return p


def _check_unit_count(p: Position, most: int) -> None:
    """No side holds (on the board and still to place) more units than the level gives it: units are only lost."""
    for seat in (0, 1):
        if p.unit_count(seat) + p.to_place[seat] > most:
            if p.phase is Phase.DEPLOY:
                raise ValueError(f"to_place: player {seat + 1} would deploy more than the level's {most} units")
            raise ValueError(f"units: player {seat + 1} has more than the level's {most} units")


def _read_units(p: Position, units: object) -> None:
    if not isinstance(units, list):
        raise ValueError("units: expected a list of units")
    board = p.board
    for i, unit in enumerate(units):
        where = f"units[{i}]"
        if not isinstance(unit, dict):
            raise ValueError(f"{where}: expected an object with cell, owner and facing")
        if "cell" not in unit:
            raise ValueError(f"{where}.cell: missing")
        cell = board.cell(unit["cell"], f"{where}.cell")
        if p.owner[cell] != EMPTY:
            raise ValueError(f"{where}.cell: two units on {board.name(cell)}")
        owner = _seat(unit.get("owner"), f"{where}.owner")
        facing = facing_from_name(unit.get("facing"), f"{where}.facing")
        flags = 0
        if _bool(unit.get("attack", True), f"{where}.attack"):
            flags |= ATTACK_READY
        if _bool(unit.get("shield", True), f"{where}.shield"):
            flags |= SHIELD_UP
        if _bool(unit.get("activated", False), f"{where}.activated"):
            flags |= ACTIVATED
        p.owner[cell], p.facing[cell], p.flags[cell] = owner, facing, flags
    for seat in (0, 1):
        if p.unit_count(seat) > MAX_UNITS:
            raise ValueError(f"units: player {seat + 1} has more than {MAX_UNITS} units")


def _read_dice(p: Position, data: Mapping[str, object]) -> None:
    dice = data.get("dice")
    if dice is not None:
        if not (
            isinstance(dice, list)
            and len(dice) == 2
            and all(type(d) is int and 1 <= d <= 6 for d in dice)
            and dice[0] <= dice[1]
        ):
            raise ValueError(f"dice: expected two faces 1-6, lower first, got {dice!r}")
        p.dice = (dice[0], dice[1])
    if p.phase in MID_TURN and p.dice is None:
        raise ValueError(f"dice: missing in phase {p.phase.value!r}")
    if p.phase in (Phase.DEPLOY, Phase.ROLL) and p.dice is not None:
        raise ValueError(f"dice: not rolled yet in phase {p.phase.value!r}")


def _read_counts(p: Position, data: Mapping[str, object]) -> None:
    spent = data.get("spent", [False, False])
    if not isinstance(spent, list) or len(spent) != 2:
        raise ValueError(f"spent: expected [die 1 spent, die 2 spent], got {spent!r}")
    p.spent = [_bool(spent[0], "spent[0]"), _bool(spent[1], "spent[1]")]
    to_place = data.get("to_place", [0, 0])
    if not isinstance(to_place, list) or len(to_place) != 2:
        raise ValueError(f"to_place: expected [player 1, player 2], got {to_place!r}")
    p.to_place = [read_int(to_place[i], f"to_place[{i}]", 0, MAX_UNITS) for i in (0, 1)]
    if p.phase is Phase.DEPLOY and p.to_place[p.player] == 0:
        raise ValueError(f"to_place: player {p.player + 1} deploys but has no units left to place")
    if p.phase is not Phase.DEPLOY and any(p.to_place):
        raise ValueError("to_place: units are left to place after deployment")


def _read_pending(p: Position, pending: object) -> None:
    if p.phase not in (Phase.DUEL, Phase.REPEL):
        if pending is not None:
            raise ValueError(f"pending: no attack awaits a roll in phase {p.phase.value!r}")
        return
    if not isinstance(pending, dict):
        raise ValueError(f"pending: the attack awaiting its roll is missing in phase {p.phase.value!r}")
    attacker = p.board.cell(pending.get("attacker"), "pending.attacker")
    defender = p.board.cell(pending.get("defender"), "pending.defender")
    if p.owner[attacker] != p.player or p.owner[defender] != 1 - p.player:
        raise ValueError("pending: the attacker must be the acting player's unit and the defender an enemy")
    p.pending = PendingAttack(attacker, defender)


def _read_fate_player(p: Position, fate_player: object) -> None:
    if p.phase in (Phase.FATE_CHOICE, Phase.FATE):
        p.fate_player = _seat(fate_player, "fate_player")
    elif fate_player is not None:
        raise ValueError(f"fate_player: no fate roll in phase {p.phase.value!r}")


def _read_outcome(p: Position, outcome: object) -> None:
    if p.phase is Phase.OVER:
        if not isinstance(outcome, dict):
            raise ValueError("outcome: missing for a finished game")
        p.outcome = Outcome.from_dict({**outcome, "num_players": 2}, BattleCheckersReason)
        draw = p.outcome.reason == BattleCheckersReason.TURN_LIMIT_DRAW
        if draw != (len(p.outcome.winners) == 2):
            raise ValueError(f"outcome.winners: {list(p.outcome.winners)} does not fit the reason")
        return
    if outcome is not None:
        raise ValueError("outcome: given for a game still going on")
    if p.phase is Phase.DEPLOY:
        return
    # B12 holds on a loaded position too: a side without units or spirit has lost at once.
    for seat in (0, 1):
        if p.unit_count(seat) == 0 or p.spirit[seat] <= 0:
            reason = BattleCheckersReason.NO_UNITS if p.unit_count(seat) == 0 else BattleCheckersReason.NO_SPIRIT
            finish(p, (1 - seat,), reason, [])
            return
