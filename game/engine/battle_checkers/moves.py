"""What a Battle Checkers position allows (B4–B8): dice uses, ready units, attacks, activations, deployment.

Read-only functions over a `Position`; the enumeration here is the search's hottest code.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.battle_checkers import actions
from game.engine.battle_checkers.geometry import END_FACINGS, ROTATION, TURNS, signed_turn
from game.engine.battle_checkers.phases import ACTIVATED, ATTACK_READY, DEPLOY, EMPTY, FATE_CHOICE, MAIN
from game.engine.battle_checkers.position import Position


def legal_actions(p: Position) -> list[actions.BattleCheckersAction]:
    """Every decision open now: distinct activation end results, attacks, `end`; or deploy/fate choices."""
    phase = p.phase
    if phase is MAIN:
        out: list[actions.BattleCheckersAction] = list(attacks(p))
        open_uses = uses(p)
        if open_uses:
            for cell in ready_units(p):
                for use, pips in open_uses:
                    activations_into(p, out.append, cell, use, pips)
        out.append(actions.END)
        return out
    if phase is FATE_CHOICE:
        return [actions.FATE, actions.NOFATE]
    if phase is DEPLOY:
        return deploy_actions(p)
    return []


def uses(p: Position) -> list[tuple[int, int]]:
    """(use, pips) still open this turn: the sum and each unspent die (B6); a double offers die 1 once."""
    dice = p.dice
    if dice is None or p.phase is not MAIN:
        return []
    a, b = dice
    spent1, spent2 = p.spent
    if not spent1 and not spent2:
        both = [(actions.USE_SUM, a + b), (actions.USE_DIE1, a)]
        return both if a == b else [*both, (actions.USE_DIE2, b)]
    if not spent1:
        return [(actions.USE_DIE1, a)]
    if not spent2:
        return [(actions.USE_DIE2, b)]
    return []


def ready_units(p: Position) -> list[int]:
    """Cells of the acting player's units that have not been activated this turn."""
    owner, flags, player = p.owner, p.flags, p.player
    return [c for c in range(len(owner)) if owner[c] == player and not flags[c] & ACTIVATED]


def attacks(p: Position) -> list[actions.Attack]:
    """The acting player's attacks open now (B8): units with their attack facing an adjacent enemy."""
    if p.phase is not MAIN:
        return []
    owner, flags, facing, ahead, player = p.owner, p.flags, p.facing, p.board.ahead, p.player
    enemy = 1 - player
    out: list[actions.Attack] = []
    for c in range(len(owner)):
        if owner[c] == player and flags[c] & ATTACK_READY:
            target = ahead[c][facing[c]]
            if target >= 0 and owner[target] == enemy:
                out.append(actions.Attack(c, target))
    return out


def has_choices(p: Position) -> bool:
    """Whether anything but `end` is open: an attack, or a dice use and a unit to spend it on."""
    if attacks(p):
        return True
    return bool(uses(p)) and bool(ready_units(p))


def next_to_enemy(p: Position, cell: int) -> bool:
    """Whether the unit on `cell` has an enemy unit on a neighbouring cell (B7: it may not move)."""
    owner = p.owner
    enemy = 1 - owner[cell]
    for n in p.board.neighbours[cell]:
        if owner[n] == enemy:
            return True
    return False


def activations_into(p: Position, append: Callable[[actions.Activate], object], cell: int, use: int, pips: int) -> None:
    """Passes to `append` every distinct end result (cell, facing) the unit on `cell` reaches with `pips` (B7)."""
    # Each end result has one cheapest plan (straight moves fix the direction), so no deduplication.
    if pips < 1:
        return  # nothing is in reach (and TURNS is indexed by pips)
    f0 = p.facing[cell]
    rot = ROTATION[f0]
    # The generated NamedTuple constructor costs twice tuple.__new__; this loop is the search's hottest.
    new, activate = tuple.__new__, actions.Activate
    for f in TURNS[f0][pips if pips < 4 else 4]:
        append(new(activate, (cell, use, cell, f)))
    if next_to_enemy(p, cell):
        return
    owner = p.owner
    rays = p.board.rays[cell]
    for d in range(8):
        spare = pips - rot[d]  # after turning to face d; each step then costs one
        if spare < 1:
            continue
        ends = END_FACINGS[d]
        for t in rays[d][:spare]:
            if owner[t] != EMPTY:
                break
            spare -= 1
            for f in ends[spare if spare < 4 else 4]:
                append(new(activate, (cell, use, t, f)))


def activation_cost(p: Position, cell: int, to: int, facing: int) -> int | None:
    """The fewest pips that take the unit on `cell` to (`to`, `facing`), or None when it cannot get there."""
    f0 = p.facing[cell]
    if to == cell:
        return ROTATION[f0][facing]
    found = p.board.direction(cell, to)
    if found is None or next_to_enemy(p, cell):
        return None
    d, k = found
    owner = p.owner
    for t in p.board.rays[cell][d][:k]:
        if owner[t] != EMPTY:
            return None
    return ROTATION[f0][d] + k + ROTATION[d][facing]


def plan(p: Position, action: actions.Activate) -> tuple[int, int, int]:
    """The canonical (first turn, steps, last turn) of an activation; turns in signed eighths."""
    f0 = p.facing[action.cell]
    if action.to == action.cell:
        return signed_turn(f0, action.facing), 0, 0
    found = p.board.direction(action.cell, action.to)
    if found is None:
        raise ValueError(f"{p.board.name(action.to)} is not on a line from {p.board.name(action.cell)}")
    d, k = found
    return signed_turn(f0, d), k, signed_turn(d, action.facing)


def deploy_actions(p: Position) -> list[actions.BattleCheckersAction]:
    """The deploying player's presets (while nothing is placed) and placements in its half (B4)."""
    player = p.player
    out: list[actions.BattleCheckersAction] = []
    if p.to_place[player] == p.level.units_per_player:
        out.extend(actions.Preset(name) for name in p.level.presets)
    owner, w = p.owner, p.board.width
    for y in p.board.half_ranks(player):
        for c in range(y * w, y * w + w):
            if owner[c] == EMPTY:
                out.extend([actions.Place(c, f) for f in range(8)])
    return out
