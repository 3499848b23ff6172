"""Position JSON (rules, "Position data"): writing a position and reading one back with named-field errors."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.checkrisk.actions import ActionTables
from game.engine.checkrisk.legal import retreat_actions
from game.engine.checkrisk.level import MAX_STACK, LevelSpec
from game.engine.checkrisk.phases import ACT, BATTLE, DEFENDER, DEPLOY, EMPTY, OCCUPY, OVER, REINFORCE, Phase, Stage
from game.engine.checkrisk.position import Battle, Position
from game.engine.checkrisk.reasons import CheckRiskReason
from game.engine.core import JSONObject, Outcome


def position_to_dict(state: Position) -> JSONObject:
    """A JSON-safe position: board, seats, supplies, stacks, whose turn, phase and pending decision."""
    board = state.board
    names = board.names
    battle: JSONObject | None = None
    if state.battle is not None:
        b = state.battle
        battle = {
            "origin": names[b.origin],
            "target": names[b.target],
            "attackers": b.attackers,
            "pending": b.stage.value,
            "rounds": b.rounds,
        }
    return {
        "game": "checkrisk",
        "width": board.width,
        "height": board.height,
        "players": len(state.out),
        "phase": state.phase.value,
        "seat": state.seat,
        "round": state.round,
        "actions_left": state.actions_left,
        "supply": list(state.supply),
        "removed": list(state.removed),
        "to_deploy": list(state.to_deploy),
        "out": list(state.out),
        "stacks": [{"cell": names[i], "owner": o, "count": c} for i, o, c in state.stacks()],
        "reinforcements": [{"cells": [names[i] for i in cells], "count": left} for cells, left in state.reinforcements],
        "battle": battle,
        "rolls": state.rolls,
        "outcome": state.outcome.to_dict() if state.outcome else None,
    }


def _whole(value: object, field: str, low: int | None = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{field}: must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise ValueError(f"{field}: {value} is negative" if low == 0 else f"{field}: {value} is below {low}")
    if high is not None and value > high:
        raise ValueError(f"{field}: {value} is above {high}")
    return value


def _seat_list(data: Mapping[str, object], key: str, players: int) -> list[object]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{key}: must be a list with one entry per player ({players})")
    return value


def _seat_counts(data: Mapping[str, object], key: str, players: int) -> list[int]:
    return [_whole(v, f"{key}[{i}]") for i, v in enumerate(_seat_list(data, key, players))]


def _seat_flags(data: Mapping[str, object], key: str, players: int) -> list[bool]:
    flags = []
    for i, v in enumerate(_seat_list(data, key, players)):
        if not isinstance(v, bool):
            raise ValueError(f"{key}[{i}]: must be true or false")
        flags.append(v)
    return flags


def _cell(spec: LevelSpec, value: object, field: str) -> int:
    board = spec.board
    if not isinstance(value, str) or value.strip().lower() not in board.index:
        raise ValueError(f"{field}: {value!r} is off the {board.width}×{board.height} board")
    return board.index[value.strip().lower()]


def position_from_dict(spec: LevelSpec, tables: ActionTables, data: object) -> Position:
    """Rebuild a position on a level; ValueError names the field and the reason."""
    fields = _read_header(spec, data)
    state = Position.start(spec, tables)  # the empty board; every field below is read over it
    _read_seats(state, fields)
    cells = _read_stacks(spec, state, fields.get("stacks"))
    _read_turn(spec, state, fields)
    _read_reinforcements(spec, state, fields.get("reinforcements", []))
    _read_battle(spec, state, fields.get("battle"))
    _read_phase_rules(state, cells, fields.get("outcome"))
    _check_tokens_conserved(state)
    return state


def _read_header(spec: LevelSpec, data: object) -> Mapping[str, object]:
    """The position's fields, once `game`, `width`, `height` and `players` match the level."""
    if not isinstance(data, dict):
        raise ValueError("a CheckRisk position must be a JSON object")
    if data.get("game", "checkrisk") != "checkrisk":
        raise ValueError(f"game: {data.get('game')!r} is not a CheckRisk position")
    board = spec.board
    for key, expected in (("width", board.width), ("height", board.height), ("players", spec.players)):
        if key not in data:
            raise ValueError(f"{key}: missing")
        if data[key] != expected:
            raise ValueError(f"{key}: {data[key]!r} does not match the level ({expected})")
    return data


def _read_seats(state: Position, data: Mapping[str, object]) -> None:
    """The per-seat lists: `supply`, `removed`, `to_deploy` (never above the supply) and `out`."""
    players = len(state.out)
    state.supply = _seat_counts(data, "supply", players)
    state.removed = _seat_counts(data, "removed", players)
    state.to_deploy = _seat_counts(data, "to_deploy", players)
    state.out = _seat_flags(data, "out", players)
    for i in range(players):
        if state.to_deploy[i] > state.supply[i]:
            raise ValueError(f"to_deploy[{i}]: {state.to_deploy[i]} tokens to deploy exceed the supply")


def _read_turn(spec: LevelSpec, state: Position, data: Mapping[str, object]) -> None:
    """`phase`, `seat`, `round`, `actions_left` and `rolls`; the seat to act and every seat with tokens still in."""
    phase = data.get("phase")
    if not isinstance(phase, str) or phase not in Phase.__members__.values():
        raise ValueError(f"phase: must be one of {', '.join(Phase)}, not {phase!r}")
    state.phase = Phase(phase)
    state.seat = _whole(data.get("seat"), "seat", 0, spec.players - 1)
    state.round = _whole(data.get("round"), "round", 0, spec.turn_limit)
    state.actions_left = _whole(data.get("actions_left"), "actions_left", 0, spec.actions)
    state.rolls = _whole(data.get("rolls", 0), "rolls")
    for i, gone in enumerate(state.out):
        if gone and state.on_board[i]:
            raise ValueError(f"out[{i}]: an eliminated seat still has tokens on the board")
    if state.phase is not OVER and state.out[state.seat]:
        raise ValueError(f"seat: seat {state.seat} is out of the game")


def _check_tokens_conserved(state: Position) -> None:
    """Each seat's tokens are in the supply (reinforcements not yet placed included), on the board (attackers out
    fighting included) or removed in battle, and add up to the level's supply."""
    spec = state.spec
    for seat in range(spec.players):
        total = state.supply[seat] + state.on_board[seat] + state.removed[seat]
        if total != spec.supply:
            raise ValueError(
                f"supply[{seat}]: supply {state.supply[seat]}, board {state.on_board[seat]} and "
                f"removed {state.removed[seat]} add up to {total}, not the level's {spec.supply}"
            )


def _read_stacks(spec: LevelSpec, state: Position, stacks: object) -> list[int]:
    """`stacks` placed on the board; returns each entry's cell, in the file's order."""
    if not isinstance(stacks, list):
        raise ValueError("stacks: must be a list of {cell, owner, count}")
    players = len(state.out)
    cells: list[int] = []
    for k, entry in enumerate(stacks):
        where = f"stacks[{k}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: must be an object with cell, owner and count")
        cell = _cell(spec, entry.get("cell"), f"{where}.cell")
        owner = entry.get("owner")
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise ValueError(f"{where}.owner: unknown owner {owner!r} (players are 0…{players - 1})")
        count = entry.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_STACK:
            raise ValueError(f"{where}.count: {count!r} is outside 1…{MAX_STACK} (rule of six)")
        if state.count[cell]:
            raise ValueError(f"{where}.cell: two stacks on {spec.board.names[cell]}")
        state.owner[cell] = owner
        state.count[cell] = count
        state.on_board[owner] += count
        cells.append(cell)
    return cells


def _read_reinforcements(spec: LevelSpec, state: Position, groups: object) -> None:
    """`reinforcements`: groups of the seat to act's stacks, each with the tokens still to place on it."""
    if not isinstance(groups, list):
        raise ValueError("reinforcements: must be a list of {cells, count}")
    total = 0
    for k, entry in enumerate(groups):
        where = f"reinforcements[{k}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("cells"), list) or not entry["cells"]:
            raise ValueError(f"{where}: must be an object with a non-empty cells list and a count")
        cells = tuple(sorted(_cell(spec, c, f"{where}.cells[{n}]") for n, c in enumerate(entry["cells"])))
        for cell in cells:
            if state.owner[cell] != state.seat or not state.count[cell]:
                raise ValueError(f"{where}.cells: {spec.board.names[cell]} is not a stack of seat {state.seat}")
        room = sum(MAX_STACK - state.count[i] for i in cells)
        left = _whole(entry.get("count"), f"{where}.count", 0, room)
        total += left
        state.reinforcements.append((cells, left))
    if total > state.supply[state.seat]:
        raise ValueError(f"reinforcements: {total} tokens to place exceed the supply ({state.supply[state.seat]})")


def _read_battle(spec: LevelSpec, state: Position, battle: object) -> None:
    """`battle`: the battle being fought, if any (its attackers count as the seat's tokens on the board)."""
    if battle is None:
        return
    if not isinstance(battle, dict):
        raise ValueError("battle: must be an object or null")
    origin = _cell(spec, battle.get("origin"), "battle.origin")
    target = _cell(spec, battle.get("target"), "battle.target")
    if target not in spec.board.neighbours[origin]:
        raise ValueError("battle.target: not adjacent to the origin")
    pending = battle.get("pending")
    if not isinstance(pending, str) or pending not in Stage.__members__.values():
        raise ValueError(f"battle.pending: must be one of {', '.join(Stage)}, not {pending!r}")
    stage = Stage(pending)
    rounds = _whole(battle.get("rounds", 0), "battle.rounds")
    if state.count[origin] and state.owner[origin] != state.seat:
        raise ValueError("battle.origin: holds another seat's stack")
    if stage is OCCUPY:
        attackers = _read_occupier(state, origin, target, battle.get("attackers", 0))
    else:
        attackers = _read_attackers(state, origin, target, battle.get("attackers"))
    state.battle = Battle(origin, target, attackers, stage, rounds)
    if stage is DEFENDER and not retreat_actions(state):
        raise ValueError("battle.pending: the defender has nowhere to retreat, so it cannot be asked")


def _read_occupier(state: Position, origin: int, target: int, attackers: object) -> int:
    """`battle.attackers` when the attacker is to occupy: none left out, an empty target, a stack to move from."""
    count = _whole(attackers, "battle.attackers", 0, 0)
    if state.count[target]:
        raise ValueError("battle.target: must be empty when the attacker is to occupy it")
    if not state.count[origin]:
        raise ValueError("battle.origin: no stack left to occupy with")
    return count


def _read_attackers(state: Position, origin: int, target: int, attackers: object) -> int:
    """`battle.attackers` out fighting an enemy stack (they still count as the seat's tokens on the board)."""
    count = _whole(attackers, "battle.attackers", 1, MAX_STACK - state.count[origin])
    if not state.count[target] or state.owner[target] == state.seat:
        raise ValueError("battle.target: must hold an enemy stack")
    state.on_board[state.seat] += count
    return count


def _read_phase_rules(state: Position, cells: list[int], outcome: object) -> None:
    """What the phase asks of the other fields: a battle, reinforcements, deployment, actions, an outcome."""
    phase = state.phase
    if (phase is BATTLE) != (state.battle is not None):
        raise ValueError("battle: must be given exactly when the phase is battle")
    if (phase is REINFORCE) != any(left for _, left in state.reinforcements):
        raise ValueError("reinforcements: tokens to place must be given exactly in the reinforce phase")
    if phase is DEPLOY:
        _check_deploying(state, cells)
    else:
        _check_deployed(state)
    if phase is ACT and not state.actions_left:
        raise ValueError("actions_left: must be 1 or more in the act phase")
    _read_outcome(state, outcome)
    _check_battle_sides(state)


def _check_deploying(state: Position, cells: list[int]) -> None:
    """In deployment: `round` 0, the deploying seat has tokens to place and the earlier seats have none."""
    if state.round != 0:
        raise ValueError("round: must be 0 during deployment")
    if not state.to_deploy[state.seat]:
        raise ValueError(f"to_deploy[{state.seat}]: the deploying seat has nothing left to place")
    if any(state.to_deploy[: state.seat]):
        raise ValueError("to_deploy: an earlier seat has not finished deploying")
    _check_deployment(state, cells)


def _check_deployed(state: Position) -> None:
    """After deployment: nothing in `to_deploy`, `round` 1 or more, and a seat without tokens is `out`."""
    if any(state.to_deploy):
        raise ValueError("to_deploy: tokens still to deploy after deployment")
    if state.round < 1:
        raise ValueError("round: must be 1 or more after deployment")
    for i, gone in enumerate(state.out):
        if not gone and not state.on_board[i]:
            raise ValueError(f"out[{i}]: a seat with no tokens on the board must be out (C14)")


def _read_outcome(state: Position, outcome: object) -> None:
    """`outcome`: given exactly when the phase is over, its winners seats of this game."""
    if (state.phase is OVER) != (outcome is not None):
        raise ValueError("outcome: must be given exactly when the phase is over")
    if outcome is None:
        return
    players = len(state.out)
    given = {"num_players": players, **outcome} if isinstance(outcome, dict) else outcome
    result = Outcome.from_dict(given, CheckRiskReason)
    if not result.winners or not all(0 <= w < players for w in result.winners):
        raise ValueError(f"outcome.winners: unknown seats {list(result.winners)!r}")
    state.outcome = Outcome(result.winners, result.reason, players)


def _check_battle_sides(state: Position) -> None:
    """`battle.target`: an enemy stack is there unless the attacker is to occupy it; a defender asked is in."""
    b = state.battle
    if b is None:
        return
    if b.stage is not OCCUPY and state.owner[b.target] == EMPTY:
        raise ValueError("battle.target: must hold an enemy stack")
    if b.stage is DEFENDER and state.out[state.owner[b.target]]:
        raise ValueError("battle.target: the defender is out of the game")


def _check_deployment(state: Position, cells: list[int]) -> None:
    # During deployment every token lies in its owner's zone (C4/C5) and the rest still fits: otherwise the
    # deploying seat would have no legal action at all.
    spec = state.spec
    names = spec.board.names
    for k, cell in enumerate(cells):
        owner = state.owner[cell]
        if cell not in spec.zones[owner].cells:
            raise ValueError(f"stacks[{k}].cell: {names[cell]} is outside seat {owner}'s deployment zone")
    for seat, zone in enumerate(spec.zones):
        used = sum(1 for i in zone.cells if state.count[i])
        if used > zone.max_cells:
            raise ValueError(f"stacks: seat {seat} deploys on {used} cells, more than {zone.max_cells} (C4)")
        if state.on_board[seat] + state.to_deploy[seat] != spec.start_tokens:
            raise ValueError(
                f"to_deploy[{seat}]: {state.to_deploy[seat]} to place and {state.on_board[seat]} "
                f"placed do not make the {spec.start_tokens} start tokens"
            )


def position_data(spec: LevelSpec, stacks: dict[str, tuple[int, int]], **fields: object) -> dict[str, object]:
    """The JSON of a position from a compact description: {"c2": (owner, count)} plus any fields to override.

    Defaults: the act phase of seat 0 in round 2 with all actions left; each supply is what the level's supply
    leaves after the stacks; nobody has lost tokens; seats without stacks are out. For tests, puzzles, AI.
    """
    on_board = [0] * spec.players
    for owner, count in stacks.values():
        if isinstance(owner, int) and 0 <= owner < spec.players and isinstance(count, int):
            on_board[owner] += count
    battle, seat = fields.get("battle"), fields.get("seat", 0)
    if isinstance(battle, dict) and type(battle.get("attackers")) is int and type(seat) is int:
        if 0 <= seat < spec.players:
            on_board[seat] += battle["attackers"]  # attackers out fighting still count against the supply
    data: dict[str, object] = {
        "game": "checkrisk",
        "width": spec.board.width,
        "height": spec.board.height,
        "players": spec.players,
        "phase": "act",
        "seat": 0,
        "round": 2,
        "actions_left": spec.actions,
        "supply": [max(0, spec.supply - n) for n in on_board],
        "removed": [0] * spec.players,
        "to_deploy": [0] * spec.players,
        "out": [n == 0 for n in on_board],
        "stacks": [{"cell": cell, "owner": owner, "count": count} for cell, (owner, count) in stacks.items()],
        "reinforcements": [],
        "battle": None,
        "rolls": 0,
        "outcome": None,
    }
    data.update(fields)
    supply = data["supply"]
    if "removed" not in fields and isinstance(supply, list) and all(type(n) is int for n in supply):
        # A given supply with no removed count: the tokens missing from the total left the game in battle.
        data["removed"] = [max(0, spec.supply - n - b) for n, b in zip(supply, on_board, strict=False)]
    return data


def start_position(spec: LevelSpec, tables: ActionTables, data: object) -> Position:
    """A level's `start` (a lesson or puzzle begins mid-game): the position fields of the rules' "Position data",
    where only `stacks` is needed; the others default as in `position_data`. ValueError naming `start.<field>`."""
    if not isinstance(data, dict):
        raise ValueError("start: must be a position object with its stacks")
    stacks = data.get("stacks", [])
    compact: dict[str, tuple[int, int]] = {}
    for entry in stacks if isinstance(stacks, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("cell"), str):
            compact[entry["cell"]] = (entry.get("owner"), entry.get("count"))  # type: ignore[assignment]  # checked below
    fields = {key: value for key, value in data.items() if key != "stacks"}
    merged = position_data(spec, compact, **fields)
    merged["stacks"] = stacks  # the file's own list: its problems are named with their index
    try:
        return position_from_dict(spec, tables, merged)
    except ValueError as exc:
        raise ValueError(f"start.{exc}") from exc
