"""Position JSON (rules, "Position data"): writing a state and reading one back with named-field errors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import (
    ACT,
    BATTLE,
    DEFENDER,
    DEPLOY,
    EMPTY,
    OCCUPY,
    OVER,
    PHASES,
    REINFORCE,
    STAGES,
)
from game.engine.core import Outcome
from game.engine.reasons import CheckRiskReason

if TYPE_CHECKING:
    from game.engine.checkrisk.game import CheckRiskGame
    from game.engine.checkrisk.state import CheckRiskState


def state_to_dict(state: CheckRiskState) -> dict[str, Any]:
    """A JSON-safe position: board, seats, supplies, stacks, whose turn, phase and pending decision."""
    names = state.game.board.names
    battle = None
    if state.battle is not None:
        origin, target, attackers, stage, rounds = state.battle
        battle = {"origin": names[origin], "target": names[target], "attackers": attackers,
                  "pending": stage, "rounds": rounds}
    return {
        "game": "checkrisk",
        "width": state.game.board.width,
        "height": state.game.board.height,
        "players": len(state.out),
        "phase": state.phase,
        "seat": state.seat,
        "round": state.round,
        "actions_left": state.actions_left,
        "supply": list(state.supply),
        "removed": list(state.removed),
        "to_deploy": list(state.to_deploy),
        "out": list(state.out),
        "stacks": [{"cell": names[i], "owner": o, "count": c} for i, o, c in state.stacks()],
        "reinforcements": [{"cells": [names[i] for i in cells], "count": left}
                           for cells, left in state.reinforcements],
        "battle": battle,
        "rolls": state.rolls,
        "outcome": result.to_dict() if (result := state.outcome()) else None,
    }


def _whole(value: Any, field: str, low: int | None = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{field}: must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise ValueError(f"{field}: {value} is negative" if low == 0 else f"{field}: {value} is below {low}")
    if high is not None and value > high:
        raise ValueError(f"{field}: {value} is above {high}")
    return value


def _seat_list(data: dict[str, Any], key: str, players: int, kind: type) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{key}: must be a list with one entry per player ({players})")
    if kind is bool:
        for i, v in enumerate(value):
            if not isinstance(v, bool):
                raise ValueError(f"{key}[{i}]: must be true or false")
        return list(value)
    return [_whole(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _cell(game: CheckRiskGame, value: Any, field: str) -> int:
    board = game.board
    if not isinstance(value, str) or value.strip().lower() not in board.index:
        raise ValueError(f"{field}: {value!r} is off the {board.width}×{board.height} board")
    return board.index[value.strip().lower()]


def state_from_dict(game: CheckRiskGame, data: Any) -> CheckRiskState:
    """Rebuild a position; ValueError names the field and the reason."""
    if not isinstance(data, dict):
        raise ValueError("a CheckRisk position must be a JSON object")
    if data.get("game", "checkrisk") != "checkrisk":
        raise ValueError(f"game: {data.get('game')!r} is not a CheckRisk position")
    spec = game.spec
    for key, expected in (("width", game.board.width), ("height", game.board.height), ("players", spec.players)):
        if key not in data:
            raise ValueError(f"{key}: missing")
        if data[key] != expected:
            raise ValueError(f"{key}: {data[key]!r} does not match the level ({expected})")
    players = spec.players
    state = game.initial_state()  # the empty board; every field below is read over it
    state.supply = _seat_list(data, "supply", players, int)
    state.removed = _seat_list(data, "removed", players, int)
    state.to_deploy = _seat_list(data, "to_deploy", players, int)
    state.out = _seat_list(data, "out", players, bool)
    for i in range(players):
        if state.to_deploy[i] > state.supply[i]:
            raise ValueError(f"to_deploy[{i}]: {state.to_deploy[i]} tokens to deploy exceed the supply")
    _read_stacks(game, state, data.get("stacks"))
    phase = data.get("phase")
    if phase not in PHASES:
        raise ValueError(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}")
    state.phase = phase
    state.seat = _whole(data.get("seat"), "seat", 0, players - 1)
    state.round = _whole(data.get("round"), "round", 0, spec.turn_limit)
    state.actions_left = _whole(data.get("actions_left"), "actions_left", 0, spec.actions)
    state.rolls = _whole(data.get("rolls", 0), "rolls")
    for i in range(players):
        if state.out[i] and state.on_board[i]:
            raise ValueError(f"out[{i}]: an eliminated seat still has tokens on the board")
    if phase != OVER and state.out[state.seat]:
        raise ValueError(f"seat: seat {state.seat} is out of the game")
    _read_reinforcements(game, state, data.get("reinforcements", []))
    _read_battle(game, state, data.get("battle"))
    _read_phase_rules(state, data)
    for seat in range(players):
        # Tokens are conserved: each is in the supply (reinforcements not yet placed included), on the board
        # (attackers out fighting included) or removed in battle.
        total = state.supply[seat] + state.on_board[seat] + state.removed[seat]
        if total != spec.supply:
            raise ValueError(f"supply[{seat}]: supply {state.supply[seat]}, board {state.on_board[seat]} and "
                             f"removed {state.removed[seat]} add up to {total}, not the level's {spec.supply}")
    return state


def _read_stacks(game: CheckRiskGame, state: CheckRiskState, stacks: Any) -> None:
    if not isinstance(stacks, list):
        raise ValueError("stacks: must be a list of {cell, owner, count}")
    players = len(state.out)
    for k, entry in enumerate(stacks):
        where = f"stacks[{k}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: must be an object with cell, owner and count")
        cell = _cell(game, entry.get("cell"), f"{where}.cell")
        owner = entry.get("owner")
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise ValueError(f"{where}.owner: unknown owner {owner!r} (players are 0…{players - 1})")
        count = entry.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_STACK:
            raise ValueError(f"{where}.count: {count!r} is outside 1…{MAX_STACK} (rule of six)")
        if state.count[cell]:
            raise ValueError(f"{where}.cell: two stacks on {game.board.names[cell]}")
        state.owner[cell] = owner
        state.count[cell] = count
        state.on_board[owner] += count


def _read_reinforcements(game: CheckRiskGame, state: CheckRiskState, groups: Any) -> None:
    if not isinstance(groups, list):
        raise ValueError("reinforcements: must be a list of {cells, count}")
    total = 0
    for k, entry in enumerate(groups):
        where = f"reinforcements[{k}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("cells"), list) or not entry["cells"]:
            raise ValueError(f"{where}: must be an object with a non-empty cells list and a count")
        cells = tuple(sorted(_cell(game, c, f"{where}.cells[{n}]") for n, c in enumerate(entry["cells"])))
        for cell in cells:
            if state.owner[cell] != state.seat or not state.count[cell]:
                raise ValueError(f"{where}.cells: {game.board.names[cell]} is not a stack of seat {state.seat}")
        room = sum(MAX_STACK - state.count[i] for i in cells)
        left = _whole(entry.get("count"), f"{where}.count", 0, room)
        total += left
        state.reinforcements.append([cells, left])
    if total > state.supply[state.seat]:
        raise ValueError(f"reinforcements: {total} tokens to place exceed the supply ({state.supply[state.seat]})")


def _read_battle(game: CheckRiskGame, state: CheckRiskState, battle: Any) -> None:
    if battle is None:
        return
    if not isinstance(battle, dict):
        raise ValueError("battle: must be an object or null")
    origin = _cell(game, battle.get("origin"), "battle.origin")
    target = _cell(game, battle.get("target"), "battle.target")
    if target not in game.board.neighbours[origin]:
        raise ValueError("battle.target: not adjacent to the origin")
    stage = battle.get("pending")
    if stage not in STAGES:
        raise ValueError(f"battle.pending: must be one of {', '.join(STAGES)}, not {stage!r}")
    rounds = _whole(battle.get("rounds", 0), "battle.rounds")
    seat = state.seat
    if state.count[origin] and state.owner[origin] != seat:
        raise ValueError("battle.origin: holds another seat's stack")
    if stage == OCCUPY:
        attackers = _whole(battle.get("attackers", 0), "battle.attackers", 0, 0)
        if state.count[target]:
            raise ValueError("battle.target: must be empty when the attacker is to occupy it")
        if not state.count[origin]:
            raise ValueError("battle.origin: no stack left to occupy with")
    else:
        attackers = _whole(battle.get("attackers"), "battle.attackers", 1, MAX_STACK - state.count[origin])
        if not state.count[target] or state.owner[target] == seat:
            raise ValueError("battle.target: must hold an enemy stack")
        state.on_board[seat] += attackers
    state.battle = [origin, target, attackers, stage, rounds]
    if stage == DEFENDER and not state._retreat_actions():
        raise ValueError("battle.pending: the defender has nowhere to retreat, so it cannot be asked")


def _read_phase_rules(state: CheckRiskState, data: dict[str, Any]) -> None:
    phase = state.phase
    if (phase == BATTLE) != (state.battle is not None):
        raise ValueError("battle: must be given exactly when the phase is battle")
    if (phase == REINFORCE) != any(left for _, left in state.reinforcements):
        raise ValueError("reinforcements: tokens to place must be given exactly in the reinforce phase")
    if phase == DEPLOY:
        if state.round != 0:
            raise ValueError("round: must be 0 during deployment")
        if not state.to_deploy[state.seat]:
            raise ValueError(f"to_deploy[{state.seat}]: the deploying seat has nothing left to place")
        if any(state.to_deploy[:state.seat]):
            raise ValueError("to_deploy: an earlier seat has not finished deploying")
        _check_deployment(state, data.get("stacks"))
    else:
        if any(state.to_deploy):
            raise ValueError("to_deploy: tokens still to deploy after deployment")
        if state.round < 1:
            raise ValueError("round: must be 1 or more after deployment")
        for i, gone in enumerate(state.out):
            if not gone and not state.on_board[i]:
                raise ValueError(f"out[{i}]: a seat with no tokens on the board must be out (C14)")
    if phase == ACT and not state.actions_left:
        raise ValueError("actions_left: must be 1 or more in the act phase")
    outcome = data.get("outcome")
    if (phase == OVER) != (outcome is not None):
        raise ValueError("outcome: must be given exactly when the phase is over")
    if outcome is not None:
        result = Outcome.from_dict({"num_players": len(state.out), **outcome}, CheckRiskReason)
        if not result.winners or not all(isinstance(w, int) and 0 <= w < len(state.out) for w in result.winners):
            raise ValueError(f"outcome.winners: unknown seats {list(result.winners)!r}")
        state._outcome = Outcome(result.winners, result.reason, len(state.out))
    b = state.battle
    if b is not None and b[3] not in (OCCUPY,) and state.owner[b[1]] == EMPTY:
        raise ValueError("battle.target: must hold an enemy stack")
    if b is not None and b[3] == DEFENDER and state.out[state.owner[b[1]]]:
        raise ValueError("battle.target: the defender is out of the game")


def _check_deployment(state: CheckRiskState, stacks: Any) -> None:
    # During deployment every token lies in its owner's zone (C4/C5) and the rest still fits: otherwise the
    # deploying seat would have no legal action at all.
    spec = state.game.spec
    names = state.game.board.names
    for k, entry in enumerate(stacks):
        cell = state.game.board.index[entry["cell"].strip().lower()]
        if cell not in spec.zones[entry["owner"]].cells:
            raise ValueError(f"stacks[{k}].cell: {names[cell]} is outside seat {entry['owner']}'s deployment zone")
    for seat, zone in enumerate(spec.zones):
        used = sum(1 for i in zone.cells if state.count[i])
        if used > zone.max_cells:
            raise ValueError(f"stacks: seat {seat} deploys on {used} cells, more than {zone.max_cells} (C4)")
        if state.on_board[seat] + state.to_deploy[seat] != spec.start_tokens:
            raise ValueError(f"to_deploy[{seat}]: {state.to_deploy[seat]} to place and {state.on_board[seat]} "
                             f"placed do not make the {spec.start_tokens} start tokens")


def build_position(game: CheckRiskGame, stacks: dict[str, tuple[int, int]], **fields: Any) -> CheckRiskState:
    """A position from a compact description: {"c2": (owner, count)} plus any position fields to override.

    Defaults: the act phase of seat 0 in round 2 with all actions left; each supply is what the level's supply
    leaves after the stacks; nobody has lost tokens; seats without stacks are out. For tests, puzzles, AI.
    """
    spec = game.spec
    on_board = [0] * spec.players
    for owner, count in stacks.values():
        if isinstance(owner, int) and 0 <= owner < spec.players and isinstance(count, int):
            on_board[owner] += count
    battle, seat = fields.get("battle"), fields.get("seat", 0)
    if isinstance(battle, dict) and type(battle.get("attackers")) is int and type(seat) is int:
        if 0 <= seat < spec.players:
            on_board[seat] += battle["attackers"]  # attackers out fighting still count against the supply
    data: dict[str, Any] = {
        "game": "checkrisk",
        "width": game.board.width,
        "height": game.board.height,
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
    return state_from_dict(game, data)
