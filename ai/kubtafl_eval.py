"""What the AI knows about Kubtafl: an evaluation, the position key and impact-first move ordering.

The evaluation is a sum of points for the side asking minus the same for the opponent, squashed into
(-1, 1). Terms: material by die kind and value; the d20's safety (how many of its neighbours the enemy
does not hold, whether the last free ones can be reached, whether an impact could destroy it);
threatened dice (the best immediate gain of the side to move); mobility; pin chances.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from ai.knowledge import Knowledge
from game.engine.core import Action, ActionT, Game, State
from game.engine.kubtafl.actions import Move, ReEntry
from game.engine.kubtafl.pieces import D20, FACES_OF, KINDS_PER_SIDE, SIDE_OF
from game.engine.kubtafl.position import Position
from game.engine.kubtafl.state import KubtaflState

# Points; one point is one pip of a die's value.
PRESENCE = (3.0, 3.5, 4.0, 4.5, 4.5, 5.0, 0.0)  # a die on the board, by kind (d4 … d12; the d20 is the game)
D20_PIP = 1.5  # the d20's pips are its life
MOBILITY = 0.12  # per empty cell a die could move to
TO_MOVE_GAIN = 0.6  # share of the side to move's best immediate gain credited to it
KILL_BONUS = 4.0  # destroying a die is worth more than its pips
PIN_CHANCE = 1.0  # an enemy die between an own die and a cell an own die can reach
# Penalty by how many of the d20's board neighbours the enemy does not hold (0 = already lost).
D20_FREE_PENALTY = {1: 18.0, 2: 6.0, 3: 1.5}
D20_LAST_CELL_REACHABLE = 30.0  # the one free neighbour is empty and an enemy die can move onto it
D20_EDGE = {2: 4.0, 3: 1.5}  # a d20 in a corner or on an edge needs fewer enemy dice to block it
D20_MORTAL = 25.0  # an enemy impact this turn could destroy the d20
SCALE = 40.0


def _scan(p: Position, side: int, reach: bytearray, damage: list[int]) -> int:
    """One pass over `side`'s dice: marks reachable empty cells, max impact damage per enemy die; returns mobility."""
    board, pos, val = p.board, p.pos, p.val
    rays = p.geo.rays
    mobility = 0
    base = side * KINDS_PER_SIDE
    for i in range(base, base + KINDS_PER_SIDE):
        c = pos[i]
        if c < 0:
            continue
        v = val[i]
        for ray in rays[c]:
            n = len(ray)
            lim = v if v < n else n
            k = 0
            while k < lim:
                cell = ray[k]
                t = board[cell]
                if t >= 0:
                    if SIDE_OF[t] != side:
                        hit = k + 2 if k + 1 < n and board[ray[k + 1]] < 0 else k + 1  # K7
                        if hit > damage[t]:
                            damage[t] = hit
                    break
                reach[cell] = 1
                k += 1
            mobility += k
    return mobility


def _d20_safety(p: Position, side: int, enemy_reach: bytearray, enemy_damage: list[int]) -> float:
    """Penalty points for `side`'s d20: enemy-held neighbours, a reachable last free cell, mortal impacts."""
    d20 = side * KINDS_PER_SIDE + D20
    c = p.pos[d20]
    if c < 0:
        return 0.0
    board = p.board
    nbrs = p.geo.nbrs[c]
    free = 0
    last_empty = -1
    for nb in nbrs:
        o = board[nb]
        if o < 0 or SIDE_OF[o] == side:
            free += 1
            if o < 0:
                last_empty = nb
    penalty = D20_EDGE.get(len(nbrs), 0.0) + D20_FREE_PENALTY.get(free, 0.0)
    if free == 1 and last_empty >= 0 and enemy_reach[last_empty]:
        penalty += D20_LAST_CELL_REACHABLE
    if enemy_damage[d20] >= p.val[d20]:
        penalty += D20_MORTAL
    return penalty


def _pin_chances(p: Position, side: int, reach: bytearray) -> int:
    """Enemy dice with an own die on one side and, opposite, an empty cell an own die can reach."""
    board, pos = p.board, p.pos
    rays = p.geo.rays
    count = 0
    base = (1 - side) * KINDS_PER_SIDE
    for e in range(base, base + KINDS_PER_SIDE):
        c = pos[e]
        if c < 0:
            continue
        r = rays[c]
        for a, b in ((0, 2), (1, 3)):
            if not r[a] or not r[b]:
                continue
            x, y = board[r[a][0]], board[r[b][0]]
            if (x >= 0 and SIDE_OF[x] == side and y < 0 and reach[r[b][0]]) or (
                y >= 0 and SIDE_OF[y] == side and x < 0 and reach[r[a][0]]
            ):
                count += 1
    return count


def _best_gain(p: Position, side: int, damage: list[int]) -> float:
    """The most `side` can win with one impact now: pips taken, plus a bonus (or the game) for a kill."""
    val = p.val
    best = 0.0
    base = (1 - side) * KINDS_PER_SIDE
    for t in range(base, base + KINDS_PER_SIDE):
        d = damage[t]
        if d <= 0:
            continue
        v = val[t]
        gain = d if d < v else v + KILL_BONUS + PRESENCE[t % KINDS_PER_SIDE]
        if gain > best:
            best = gain
    return best


def points(state: KubtaflState, side: int) -> float:
    """The evaluation in points for `side` (positive = better for it); the position must not be over."""
    p = state.position  # the engine's arrays read directly: the evaluation runs at every leaf of the search
    pos, val = p.pos, p.val
    size = p.geo.size
    reach = (bytearray(size), bytearray(size))
    damage = [0] * len(pos)  # max impact damage each die could take next move
    mobility = (_scan(p, 0, reach[0], damage), _scan(p, 1, reach[1], damage))
    total = [0.0, 0.0]
    for s in (0, 1):
        base = s * KINDS_PER_SIDE
        material = 0.0
        for k in range(KINDS_PER_SIDE):
            i = base + k
            if pos[i] >= 0:
                material += val[i] * (D20_PIP if k == D20 else 1.0) + PRESENCE[k]
        total[s] = (
            material
            + MOBILITY * mobility[s]
            + PIN_CHANCE * _pin_chances(p, s, reach[s])
            - _d20_safety(p, s, reach[1 - s], damage)
        )
    mover = p.to_move
    total[mover] += TO_MOVE_GAIN * _best_gain(p, mover, damage)
    return total[side] - total[1 - side]


def as_kubtafl(state: State[ActionT]) -> KubtaflState:
    """The state as a Kubtafl state; TypeError for another mode's."""
    if not isinstance(state, KubtaflState):
        raise TypeError(f"not a Kubtafl state: {type(state).__name__}")
    return state


class KubtaflKnowledge(Knowledge):
    """Kubtafl evaluation, position key and impact-first ordering for the alpha-beta search."""

    search = "alphabeta"

    def __init__(self, game: Game) -> None:
        self.game = game

    def evaluate(self, state: State[ActionT], seat: int) -> float:
        """The position's value for `seat`, in (-1, 1)."""
        return math.tanh(points(as_kubtafl(state), seat) / SCALE) * 0.999

    def key(self, state: State[ActionT]) -> Hashable:
        """The engine's exact position key (side to move, cells and values)."""
        return as_kubtafl(state).key()

    def order_hint(self, state: State[ActionT], action: Action) -> float:
        """Kills first (bigger targets first), then other impacts on enemy dice by damage, re-entries, the rest."""
        s = as_kubtafl(state).position
        if type(action) is not Move:
            return 0.5 if type(action) is ReEntry else 0.0
        src, dst = action.src, action.dst
        board = s.board
        target = board[dst]
        if target < 0:
            return 0.0
        mover = board[src]
        if SIDE_OF[target] == SIDE_OF[mover]:
            return 0.1
        geo = s.geo
        line = geo.line[src * geo.size + dst]
        if line is None:  # legal moves run along a line; anything else hits nothing
            return 0.0
        d, j = line
        ray = geo.rays[src][d]
        damage = j + 1 if j < len(ray) and board[ray[j]] < 0 else j
        v = s.val[target]
        if target % KINDS_PER_SIDE == D20:
            return 1000.0 if damage >= v else 50.0 + damage
        if damage >= v:
            return 100.0 + FACES_OF[target]
        return 10.0 + damage

    def is_tactical(self, state: State[ActionT], action: Action) -> bool:
        """Impacts on enemy dice."""
        if type(action) is not Move:  # only a `Move` hits
            return False
        board = as_kubtafl(state).position.board
        target = board[action.dst]
        return target >= 0 and SIDE_OF[target] != SIDE_OF[board[action.src]]
