"""CheckRisk's scripted baselines for the arena (`ai.baselines`): `wall`, `spreader` and `rush`."""

from __future__ import annotations

import random

from ai.baselines import RUSH, SPREADER, WALL
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import ACT, ATTACKER, BATTLE, DEFENDER, DEPLOY, EMPTY, OCCUPY, REINFORCE
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import Action, State


def choose(name: str, state: State[Action], rng: random.Random) -> Action | None:
    """The baseline `name`'s decision for the seat to act."""
    assert isinstance(state, CheckRiskState)  # named by CheckRisk's spec only
    return _checkrisk(name, state, state.legal_actions(), rng)


def _checkrisk(name: str, s: CheckRiskState, legal: list[A.CheckRiskAction], rng: random.Random) -> A.CheckRiskAction:
    if s.phase is DEPLOY:
        return _deploy(s, legal, _rush_layout(s) if name == RUSH else _wall_layout(s))
    if s.phase is REINFORCE:
        return _reinforce(name, s, legal, rng)
    if s.phase is ACT:
        script = {WALL: _wall_act, SPREADER: _spreader_act, RUSH: _rush_act}[name]
        return script(s, legal, rng)
    battle = s.battle
    if s.phase is BATTLE and battle is not None:
        if battle.stage is ATTACKER:  # only the rush attacks: it fights on
            return A.CONTINUE if A.CONTINUE in legal else legal[0]
        if battle.stage is DEFENDER and A.STAND in legal:
            return A.STAND
        if battle.stage is OCCUPY:
            occupy = [a for a in legal if isinstance(a, A.Occupy)]
            if occupy:  # the rush moves in with everything, anyone else with half
                occupy.sort(key=lambda a: a.k)
                return occupy[-1] if name == RUSH else occupy[len(occupy) // 2]
    return legal[0]


def _front(s: CheckRiskState) -> tuple[int, ...]:
    """The deploying seat's front row, as many cells as it may use."""
    zone = s.game.spec.zones[s.seat]
    return zone.grid[0][: zone.max_cells]


def _wall_layout(s: CheckRiskState) -> dict[int, int]:
    """Every token of the seat on its front row, as even as the rule of six allows (overflow on the row behind)."""
    zone = s.game.spec.zones[s.seat]
    tokens = s.to_deploy[s.seat] + sum(s.count[i] for i in zone.cells if s.owner[i] == s.seat)
    cells = list(_front(s))
    rows = zone.grid[1:]
    layout: dict[int, int] = {}
    while tokens > 0 and cells:
        share = min(MAX_STACK, -(-tokens // len(cells)))
        for cell in cells:
            k = min(share, tokens)
            if k:
                layout[cell] = k
                tokens -= k
        used = len(layout)
        cells = [c for row in rows for c in row][: max(0, zone.max_cells - used)]
        rows = ()
    return layout


def _rush_layout(s: CheckRiskState) -> dict[int, int]:
    """Full stacks in the middle of the front row, the rest behind them."""
    zone = s.game.spec.zones[s.seat]
    tokens = s.to_deploy[s.seat] + sum(s.count[i] for i in zone.cells if s.owner[i] == s.seat)
    front = _front(s)
    mid = (len(front) - 1) / 2
    order = sorted(front, key=lambda c: abs(front.index(c) - mid))
    order += [c for row in zone.grid[1:] for c in row]
    layout: dict[int, int] = {}
    for cell in order[: zone.max_cells]:
        k = min(MAX_STACK, tokens)
        if k <= 0:
            break
        layout[cell] = k
        tokens -= k
    return layout


def _deploy(s: CheckRiskState, legal: list[A.CheckRiskAction], layout: dict[int, int]) -> A.CheckRiskAction:
    for cell in sorted(layout):
        missing = layout[cell] - (s.count[cell] if s.owner[cell] == s.seat else 0)
        if missing > 0:
            action = A.Deploy(cell, missing)
            if action in legal:
                return action
    deploys = [a for a in legal if isinstance(a, A.Deploy)]
    return max(deploys, key=lambda a: a.k) if deploys else legal[0]


def _enemy_beside(s: CheckRiskState, cell: int) -> int:
    """The biggest enemy stack next to `cell` (0 when none)."""
    me, owner, count = s.seat, s.owner, s.count
    return max((count[j] for j in s.game.board.neighbours[cell] if owner[j] not in (EMPTY, me)), default=0)


def _reinforce(name: str, s: CheckRiskState, legal: list[A.CheckRiskAction], rng: random.Random) -> A.CheckRiskAction:
    cells = [a for a in legal if isinstance(a, A.Reinforce)]
    if not cells:
        return legal[0]
    count, nbrs = s.count, s.game.board.neighbours
    if name == WALL:  # the weakest wall stack first
        front = set(_front(s))
        return min(cells, key=lambda a: (a.cell not in front, count[a.cell], rng.random()))
    if name == SPREADER:  # where tokens can spread on: most empty neighbours
        return max(cells, key=lambda a: (sum(1 for j in nbrs[a.cell] if not count[j]), rng.random()))
    return max(cells, key=lambda a: (_enemy_beside(s, a.cell) > 0, count[a.cell], rng.random()))


def _wall_act(s: CheckRiskState, legal: list[A.CheckRiskAction], rng: random.Random) -> A.CheckRiskAction:
    """Refill an empty wall cell from a neighbour of two or more; otherwise wait."""
    owner, count, nbrs = s.owner, s.count, s.game.board.neighbours
    for cell in _front(s):
        if count[cell]:
            continue
        donors = [j for j in nbrs[cell] if owner[j] == s.seat and count[j] >= 2]
        if donors:
            donor = max(donors, key=lambda j: (count[j], rng.random()))
            move = A.Move(donor, cell, count[donor] // 2)
            if move in legal:
                return move
    return A.END if A.END in legal else legal[0]


def _home_distance(s: CheckRiskState, cell: int) -> int:
    """How far `cell` lies from the seat's home row (steps): the spreader's sense of forward."""
    board = s.game.board
    f, r = board.file_rank(cell)
    home = s.game.spec.zones[s.seat].grid[-1]
    return min(abs(f - g) + abs(r - q) for g, q in map(board.file_rank, home))


def _spreader_act(s: CheckRiskState, legal: list[A.CheckRiskAction], rng: random.Random) -> A.CheckRiskAction:
    """One token from a stack of two or more to an empty cell: away from enemy stacks, then forward."""
    moves = [
        a for a in legal if isinstance(a, A.Move) and a.n == 1 and s.count[a.origin] >= 2 and not s.count[a.target]
    ]
    if not moves:
        return A.END if A.END in legal else legal[0]
    return max(moves, key=lambda a: (-_enemy_beside(s, a.target), _home_distance(s, a.target), rng.random()))


def _rush_act(s: CheckRiskState, legal: list[A.CheckRiskAction], rng: random.Random) -> A.CheckRiskAction:
    """Attack with a whole stack at the best odds; else march the biggest stack towards the nearest enemy."""
    count = s.count
    attacks = [a for a in legal if isinstance(a, A.Attack) and a.n == count[a.origin]]
    if attacks:
        return max(attacks, key=lambda a: (a.n - count[a.target], a.n, rng.random()))
    enemies = [i for i, o in enumerate(s.owner) if o not in (EMPTY, s.seat)]
    if not enemies:
        return A.END if A.END in legal else legal[0]
    board = s.game.board

    def distance(cell: int) -> int:
        f, r = board.file_rank(cell)
        return min(abs(f - g) + abs(r - q) for g, q in map(board.file_rank, enemies))

    marches = [
        a
        for a in legal
        if isinstance(a, A.Move)
        and a.n == count[a.origin]
        and not count[a.target]
        and distance(a.target) < distance(a.origin)
    ]
    if not marches:
        return A.END if A.END in legal else legal[0]
    return max(marches, key=lambda a: (a.n, -distance(a.target), rng.random()))
