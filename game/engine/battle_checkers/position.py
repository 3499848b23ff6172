"""Position JSON of Battle Checkers: writing a state out and reading it back with named-field errors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.battle_checkers.geometry import DIRECTIONS, facing_from_name
from game.engine.battle_checkers.level import MAX_UNITS, read_board, read_int, read_spirit
from game.engine.battle_checkers.phases import (
    ACTIVATED,
    ATTACK_READY,
    DEPLOY,
    DUEL_PHASE,
    EMPTY,
    FATE_CHOICE,
    FATE_PHASE,
    MAIN,
    OVER,
    PHASES,
    REPEL_PHASE,
    ROLL_PHASE,
    SHIELD_UP,
)
from game.engine.core import Outcome
from game.engine.reasons import BattleCheckersReason

if TYPE_CHECKING:
    from game.engine.battle_checkers.game import BattleCheckersGame
    from game.engine.battle_checkers.state import BattleCheckersState

GAME_NAME = "battle_checkers"
_MID_TURN = (MAIN, DUEL_PHASE, REPEL_PHASE, FATE_CHOICE, FATE_PHASE)


def position_to_dict(state: BattleCheckersState) -> dict[str, Any]:
    """The JSON-safe position: board, spirit, units, phase, whose turn, dice, pending battle, counters."""
    names = state.board.names
    units = []
    for c, o in enumerate(state.owner):
        if o != EMPTY:
            flags = state.flags[c]
            units.append({
                "cell": names[c],
                "owner": o,
                "facing": DIRECTIONS[state.facing[c]],
                "attack": bool(flags & ATTACK_READY),
                "shield": bool(flags & SHIELD_UP),
                "activated": bool(flags & ACTIVATED),
            })
    pending = None
    if state.pending is not None:
        pending = {"attacker": names[state.pending[0]], "defender": names[state.pending[1]]}
    outcome = state.outcome()
    return {
        "game": GAME_NAME,
        "board": [state.board.width, state.board.height],
        "spirit": list(state.spirit),
        "units": units,
        "phase": state.phase,
        "player": state.player,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "dice": list(state.dice) if state.dice is not None else None,
        "spent": list(state.spent),
        "to_place": list(state.to_place),
        "pending": pending,
        "fate_player": state.fate_player,
        "outcome": outcome.to_dict() if outcome is not None else None,
    }


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{field}: expected true or false, got {value!r}")
    return value


def _seat(value: Any, field: str) -> int:
    return read_int(value, field, 0, 1)


def position_from_dict(game: BattleCheckersGame, data: Any) -> BattleCheckersState:
    """Rebuild a state from position JSON; ValueError naming the bad field and the reason."""
    if not isinstance(data, dict):
        raise ValueError("position: expected a JSON object")
    if data.get("game", GAME_NAME) != GAME_NAME:
        raise ValueError(f"game: this is a {data.get('game')!r} position, not {GAME_NAME!r}")
    for key in ("board", "spirit", "units", "phase"):
        if key not in data:
            raise ValueError(f"{key}: missing")
    geometry = read_board(data["board"])
    if geometry is not game.board:
        raise ValueError(
            f"board: {geometry.width}x{geometry.height} does not match the level's "
            f"{game.board.width}x{game.board.height}"
        )
    state = game.new_state()
    state.spirit = list(read_spirit(data["spirit"]))
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase: unknown phase {phase!r} (expected one of {', '.join(PHASES)})")
    state.phase = phase
    state.player = _seat(data.get("player", 0), "player")
    state.turn = read_int(data.get("turn", 0 if phase == DEPLOY else 1), "turn", 0)
    state.turn_limit = read_int(data.get("turn_limit", game.level.turn_limit), "turn_limit", 1, 10_000)
    if state.turn > 2 * state.turn_limit:
        raise ValueError(f"turn: {state.turn} is past the last turn ({2 * state.turn_limit})")
    _read_units(state, data["units"])
    _read_turn(state, data)
    _check_unit_count(game, state)
    _read_outcome(state, data.get("outcome"))
    return state


def _check_unit_count(game: Any, state: BattleCheckersState) -> None:
    """No side holds (on the board and still to place) more units than the level gives it: units are only lost."""
    start = getattr(game, "_start", None)
    if start is None and game.level.position is not None:
        return  # this is the level's own saved position being read: it sets the count
    most = max([game.level.units_per_player, *(start.unit_count(s) for s in (0, 1) if start is not None)])
    for seat in (0, 1):
        if state.unit_count(seat) + state.to_place[seat] > most:
            if state.phase == DEPLOY:
                raise ValueError(f"to_place: player {seat + 1} would deploy more than the level's {most} units")
            raise ValueError(f"units: player {seat + 1} has more than the level's {most} units")


def _read_units(state: BattleCheckersState, units: Any) -> None:
    if not isinstance(units, list):
        raise ValueError("units: expected a list of units")
    board = state.board
    for i, unit in enumerate(units):
        where = f"units[{i}]"
        if not isinstance(unit, dict):
            raise ValueError(f"{where}: expected an object with cell, owner and facing")
        if "cell" not in unit:
            raise ValueError(f"{where}.cell: missing")
        cell = board.cell(unit["cell"], f"{where}.cell")
        if state.owner[cell] != EMPTY:
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
        state.owner[cell], state.facing[cell], state.flags[cell] = owner, facing, flags
    for seat in (0, 1):
        if state.unit_count(seat) > MAX_UNITS:
            raise ValueError(f"units: player {seat + 1} has more than {MAX_UNITS} units")


def _read_turn(state: BattleCheckersState, data: dict[str, Any]) -> None:
    phase = state.phase
    dice = data.get("dice")
    if dice is not None:
        if not (isinstance(dice, list) and len(dice) == 2 and all(
            type(d) is int and 1 <= d <= 6 for d in dice
        ) and dice[0] <= dice[1]):
            raise ValueError(f"dice: expected two faces 1-6, lower first, got {dice!r}")
        state.dice = (dice[0], dice[1])
    if phase in _MID_TURN and state.dice is None:
        raise ValueError(f"dice: missing in phase {phase!r}")
    if phase in (DEPLOY, ROLL_PHASE) and state.dice is not None:
        raise ValueError(f"dice: not rolled yet in phase {phase!r}")
    spent = data.get("spent", [False, False])
    if not isinstance(spent, list) or len(spent) != 2:
        raise ValueError(f"spent: expected [die 1 spent, die 2 spent], got {spent!r}")
    state.spent = [_bool(spent[0], "spent[0]"), _bool(spent[1], "spent[1]")]
    to_place = data.get("to_place", [0, 0])
    if not isinstance(to_place, list) or len(to_place) != 2:
        raise ValueError(f"to_place: expected [player 1, player 2], got {to_place!r}")
    state.to_place = [read_int(to_place[i], f"to_place[{i}]", 0, MAX_UNITS) for i in (0, 1)]
    if phase == DEPLOY and state.to_place[state.player] == 0:
        raise ValueError(f"to_place: player {state.player + 1} deploys but has no units left to place")
    if phase != DEPLOY and any(state.to_place):
        raise ValueError("to_place: units are left to place after deployment")
    pending = data.get("pending")
    if phase in (DUEL_PHASE, REPEL_PHASE):
        if not isinstance(pending, dict):
            raise ValueError(f"pending: the attack awaiting its roll is missing in phase {phase!r}")
        attacker = state.board.cell(pending.get("attacker"), "pending.attacker")
        defender = state.board.cell(pending.get("defender"), "pending.defender")
        if state.owner[attacker] != state.player or state.owner[defender] != 1 - state.player:
            raise ValueError("pending: the attacker must be the acting player's unit and the defender an enemy")
        state.pending = (attacker, defender)
    elif pending is not None:
        raise ValueError(f"pending: no attack awaits a roll in phase {phase!r}")
    fate_player = data.get("fate_player")
    if phase in (FATE_CHOICE, FATE_PHASE):
        state.fate_player = _seat(fate_player, "fate_player")
    elif fate_player is not None:
        raise ValueError(f"fate_player: no fate roll in phase {phase!r}")


def _read_outcome(state: BattleCheckersState, outcome: Any) -> None:
    if state.phase == OVER:
        if not isinstance(outcome, dict):
            raise ValueError("outcome: missing for a finished game")
        state._outcome = Outcome.from_dict({**outcome, "num_players": 2}, BattleCheckersReason)
        draw = state._outcome.reason == BattleCheckersReason.TURN_LIMIT_DRAW
        if draw != (len(state._outcome.winners) == 2):
            raise ValueError(f"outcome.winners: {list(state._outcome.winners)} does not fit the reason")
        return
    if outcome is not None:
        raise ValueError("outcome: given for a game still going on")
    if state.phase == DEPLOY:
        return
    # B12 holds on a loaded position too: a side without units or spirit has lost at once.
    for seat in (0, 1):
        if state.unit_count(seat) == 0 or state.spirit[seat] <= 0:
            reason = BattleCheckersReason.NO_UNITS if state.unit_count(seat) == 0 else BattleCheckersReason.NO_SPIRIT
            state._finish((1 - seat,), reason, [])
            return
