"""Scripted baselines for the arena: simple players a human would find, to measure the searching levels against.

- `wall`: CheckRisk — deploys a wall of even stacks on its front row, reinforces its weakest wall stacks, refills
  a lost wall cell from a neighbour, never moves otherwise and never attacks; defends by standing.
- `spreader`: CheckRisk — spreads single tokens over empty cells (forward, away from enemy stacks first), never
  attacks; defends by standing.
- `rush`: CheckRisk — attacks whenever it can, with the whole stack, the best odds first, fights every battle to
  the end and moves in with everything; otherwise marches its biggest stack at the nearest enemy.
  Battle Checkers — attacks anything in front, calls every fate roll, otherwise turns and walks at the nearest
  enemy.

A baseline without a script for a mode returns None (the controller then plays its greedy move). Each decision
depends only on the position and the given RNG, so arena games stay reproducible.
"""

from __future__ import annotations

import random

from game.engine.battle_checkers import actions as BA
from game.engine.battle_checkers.geometry import STEPS
from game.engine.battle_checkers.phases import FATE_CHOICE
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import ACT, ATTACKER, BATTLE, DEFENDER, DEPLOY, EMPTY, OCCUPY, REINFORCE
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import Action, ActionT, State

WALL, SPREADER, RUSH = "wall", "spreader", "rush"
NAMES = (WALL, SPREADER, RUSH)


def baseline_choice(name: str, state: State[ActionT], rng: random.Random) -> Action | None:
    """The baseline `name`'s decision for the seat to act in `state`, or None when it has no script for the mode."""
    if name not in NAMES:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(NAMES)}")
    if isinstance(state, CheckRiskState):
        return _checkrisk(name, state, state.legal_actions(), rng)
    if isinstance(state, BattleCheckersState) and name == RUSH:
        return _battle_checkers_rush(state, state.legal_actions(), rng)
    return None


# ---------------------------------------------------------------------------------------------------- CheckRisk


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


# ---------------------------------------------------------------------------------------------------- Battle Checkers


def _battle_checkers_rush(
    s: BattleCheckersState, legal: list[BA.BattleCheckersAction], rng: random.Random
) -> BA.BattleCheckersAction:
    if s.phase is FATE_CHOICE:
        return BA.FATE if BA.FATE in legal else legal[0]
    attacks = [a for a in legal if isinstance(a, BA.Attack)]
    if attacks:
        return rng.choice(attacks)
    presets = [a for a in legal if isinstance(a, BA.Preset)]
    if presets:
        return presets[0]
    places = [a for a in legal if isinstance(a, BA.Place)]
    if places:
        forward = 0 if s.player == 0 else 4  # north for the seat at the bottom, south for the one at the top
        return max(places, key=lambda a: (a.facing == forward, _bc_rank(s, a.cell, s.player), rng.random()))
    activations = [a for a in legal if isinstance(a, BA.Activate)]
    enemies = [i for i, o in enumerate(s.owner) if o not in (-1, s.player)]
    if activations and enemies:
        best = max(activations, key=lambda a: (_bc_aim(s, a.to, a.facing, enemies), rng.random()))
        if _bc_aim(s, best.to, best.facing, enemies) > _bc_aim(s, best.cell, s.facing[best.cell], enemies):
            return best
    return BA.END if BA.END in legal else legal[0]


def _bc_rank(s: BattleCheckersState, cell: int, seat: int) -> int:
    """How far forward `cell` lies for `seat`."""
    _, y = s.board.xy(cell)
    return y if seat == 0 else s.board.height - 1 - y


def _bc_aim(s: BattleCheckersState, cell: int, facing: int, enemies: list[int]) -> float:
    """How well a unit on `cell` facing `facing` is set to attack: an enemy in front best, then closeness to the
    nearest enemy and facing towards it."""
    board = s.board
    x, y = board.xy(cell)
    dx, dy = STEPS[facing]
    ahead = board.at(x + dx, y + dy)
    if ahead >= 0 and ahead in enemies:
        return 100.0
    nearest = min(enemies, key=lambda e: max(abs(board.xy(e)[0] - x), abs(board.xy(e)[1] - y)))
    ex, ey = board.xy(nearest)
    distance = max(abs(ex - x), abs(ey - y))
    toward = (ex > x) - (ex < x), (ey > y) - (ey < y)
    return -2.0 * distance + (1.0 if (dx, dy) == toward else 0.0)
