"""Which CheckRisk actions are legal in a position: generating them lean, and saying why one is not (C3–C13)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import (
    ACT,
    ATTACKER,
    BATTLE,
    DEFENDER,
    DEPLOY,
    EMPTY,
    OCCUPY,
    REINFORCE,
    ROLL,
    Phase,
    Stage,
)
from game.engine.checkrisk.position import Position
from game.engine.core import IllegalAction


def legal_actions(p: Position) -> list[A.CheckRiskAction]:
    """The decisions open to the seat to act."""
    phase = p.phase
    if phase is ACT:
        return _act_actions(p)
    if phase is BATTLE:
        b = p.fight()
        stage = b.stage
        if stage is ATTACKER:
            return [A.CONTINUE, A.WITHDRAW]
        if stage is DEFENDER:
            return [A.STAND, *retreat_actions(p)]
        if stage is OCCUPY:
            return list(A.OCCUPY_ACTIONS[: p.count[b.origin] + 1])
        return []
    if phase is REINFORCE:
        return _reinforce_actions(p)
    if phase is DEPLOY:
        return _deploy_actions(p)
    return []


def _act_actions(p: Position) -> list[A.CheckRiskAction]:
    me = p.seat
    owner, count = p.owner, p.count
    steps = p.tables.steps
    out: list[A.CheckRiskAction] = [A.END]
    extend = out.extend
    # An empty cell always has owner EMPTY, so the owner alone tells empty, own and enemy cells apart.
    for i in [i for i, o in enumerate(owner) if o == me]:
        c = count[i]
        for j, moves, attacks in steps[i]:
            o = owner[j]
            if o == EMPTY:
                extend(moves[c])
            elif o == me:
                room = MAX_STACK - count[j]
                extend(moves[c if c < room else room])
            else:
                extend(attacks[c])
    return out


def _reinforce_actions(p: Position) -> list[A.CheckRiskAction]:
    count = p.count
    table = p.tables.reinforce
    out: list[A.CheckRiskAction] = []
    for cells, left in p.reinforcements:
        if left:
            out.extend(table[i] for i in cells if count[i] < MAX_STACK)
    return out


def nothing_deployed(p: Position, seat: int) -> bool:
    """True while the seat has placed no token yet (a preset may still replace its whole deployment, C6)."""
    return p.to_deploy[seat] == p.spec.start_tokens and not any(p.count[i] for i in p.spec.zones[seat].cells)


def deployable_presets(p: Position) -> list[str]:
    """Preset names the seat deploying now may choose (C6)."""
    if p.phase is not DEPLOY or p.outcome is not None or not nothing_deployed(p, p.seat):
        return []
    return sorted(p.spec.presets[p.seat])


def _deploy_capacity(p: Position) -> tuple[int, int]:
    """Most tokens the deploying seat could still place (C4/C5 limits): `stay` when the next token goes on a
    cell already used, `grow` when it opens a new cell (-1 when the cell limit forbids that)."""
    zone = p.spec.zones[p.seat]
    count = p.count
    used = room = 0
    for i in zone.cells:
        if count[i]:
            used += 1
            room += MAX_STACK - count[i]
    empties = len(zone.cells) - used
    stay = room + min(zone.max_cells - used, empties) * MAX_STACK
    grow = -1  # a new cell is allowed only below the zone's cell limit
    if used < zone.max_cells:
        grow = room + MAX_STACK + min(zone.max_cells - used - 1, empties - 1) * MAX_STACK
    return stay, grow


class DeployRefusal(StrEnum):
    """Why one more token may not go on a cell during deployment (C4/C5), for the player's words."""

    NO_TOKENS = "no_tokens"
    OUTSIDE_ZONE = "outside_zone"
    STACK_FULL = "stack_full"
    CELL_LIMIT = "cell_limit"
    NOT_DEPLOYING = "not_deploying"


def deploy_refusal(p: Position, cell: int) -> DeployRefusal | None:
    """Why the deploying seat may not place one more token on `cell` now, or None when it may."""
    if p.phase is not DEPLOY or p.outcome is not None:
        return DeployRefusal.NOT_DEPLOYING
    if p.to_deploy[p.seat] <= 0:
        return DeployRefusal.NO_TOKENS
    if cell not in p.spec.zones[p.seat].cells:
        return DeployRefusal.OUTSIDE_ZONE
    if p.count[cell] >= MAX_STACK:
        return DeployRefusal.STACK_FULL
    stay, grow = _deploy_capacity(p)
    if p.to_deploy[p.seat] > (stay if p.count[cell] else grow):
        return DeployRefusal.CELL_LIMIT
    return None


def _deploy_actions(p: Position) -> list[A.CheckRiskAction]:
    seat = p.seat
    left = p.to_deploy[seat]
    zone = p.spec.zones[seat]
    table = p.tables.deploy
    count = p.count
    stay, grow = _deploy_capacity(p)
    out: list[A.CheckRiskAction] = []
    for i in sorted(zone.cells):
        c = count[i]
        # After placing k, the rest must still fit; the condition turns out independent of k.
        if left > (stay if c else grow):
            continue
        out.extend(table[i][: min(left, MAX_STACK - c)])
    if nothing_deployed(p, seat):
        out.extend(A.Preset(name) for name in sorted(p.spec.presets[seat]))
    return out


def retreat_targets(p: Position) -> list[tuple[int, int]]:
    """(cell, room) the defender may retreat to: adjacent, empty or own with room, never the origin."""
    b = p.fight()
    origin, target = b.origin, b.target
    me = p.owner[target]
    owner, count = p.owner, p.count
    out = []
    for j in p.spec.board.neighbours[target]:
        if j == origin:
            continue
        if not count[j]:
            out.append((j, MAX_STACK))
        elif owner[j] == me and count[j] < MAX_STACK:
            out.append((j, MAX_STACK - count[j]))
    return out


def can_retreat(p: Position) -> bool:
    """True when the attacked stack fits, whole, into the cells it may retreat to (C12.4)."""
    return sum(room for _, room in retreat_targets(p)) >= p.count[p.fight().target]


def retreat_actions(p: Position) -> list[A.CheckRiskAction]:
    """Every retreat open to the defender (none when its stack does not fit, C12.4)."""
    targets = retreat_targets(p)
    cell = p.fight().target
    d = p.count[cell]
    if sum(room for _, room in targets) < d:
        return []
    return list(A.retreats(cell, tuple(j for j, _ in targets), tuple(room for _, room in targets), d))


# ------------------------------------------------------------------ legality


def require(p: Position, action: object) -> None:
    """Raise IllegalAction naming the reason when `action` is not legal in `p`."""
    reason = problem(p, action)
    if reason:
        raise IllegalAction(f"{action!r}: {reason}")


def problem(p: Position, action: object) -> str:
    """Why an action is not legal here, or '' when it is."""
    if p.outcome is not None:
        return "the game is over"
    check = _CHECKS.get(type(action))
    if check is None:
        return f"unknown action {action!r}"
    try:
        return check(p, action)
    except (TypeError, IndexError, ValueError):
        return f"malformed action {action!r}"


def _expect(p: Position, phase: Phase, stage: Stage | None = None) -> str:
    if p.phase != phase:
        return f"not possible in the {p.phase} phase"
    if stage is not None and p.fight().stage != stage:
        return f"the battle waits for {p.fight().stage}"
    return ""


def _check_roll(p: Position, action: A.Roll) -> str:
    b = p.battle
    if b is None or b.stage is not ROLL:
        return "no battle round is being rolled"
    ha, hd = action.attacker_hits, action.defender_hits
    if not (isinstance(ha, int) and isinstance(hd, int)):
        return "hits must be whole numbers"
    if not (0 <= ha <= b.attackers and 0 <= hd <= p.count[b.target] and ha + hd >= 1):
        return f"hits must be 0…{b.attackers} and 0…{p.count[b.target]}, not both 0"
    return ""


def _check_deploy(p: Position, action: A.Deploy) -> str:
    if bad := _expect(p, DEPLOY):
        return bad
    cell, k = action.cell, action.k
    zone = p.spec.zones[p.seat]
    if not isinstance(k, int):
        return "the token count must be a whole number"
    if cell not in zone.cells:
        return f"{_name(p, cell)} is outside the deployment zone"
    left = p.to_deploy[p.seat]
    c = p.count[cell]
    if not 1 <= k <= min(left, MAX_STACK - c):
        return f"can place 1…{min(left, MAX_STACK - c)} tokens there"
    stay, grow = _deploy_capacity(p)
    if left > (stay if c else grow):
        return "the remaining tokens would not fit within the zone's cell limit"
    return ""


def _check_preset(p: Position, action: A.Preset) -> str:
    if bad := _expect(p, DEPLOY):
        return bad
    if action.name not in p.spec.presets[p.seat]:
        return "no such preset for this seat"
    if not nothing_deployed(p, p.seat):
        return "a preset replaces the whole deployment; tokens are already placed"
    return ""


def _check_reinforce(p: Position, action: A.Reinforce) -> str:
    if bad := _expect(p, REINFORCE):
        return bad
    cell = action.cell
    for cells, left in p.reinforcements:
        if left and cell in cells:
            return "" if p.count[cell] < MAX_STACK else "that stack is full (rule of six)"
    return "not a stack of a group due reinforcements"


def _check_step(p: Position, action: A.Move | A.Attack) -> str:
    if bad := _expect(p, ACT):
        return bad
    i, j, n = action.origin, action.target, action.n
    if not (isinstance(i, int) and 0 <= i < len(p.owner)) or p.owner[i] != p.seat or not p.count[i]:
        return "the origin is not your stack"
    if j not in p.spec.board.neighbours[i]:
        return "the target is not orthogonally adjacent"
    if not (isinstance(n, int) and 1 <= n <= p.count[i]):
        return f"take 1…{p.count[i]} tokens"
    occupant = p.owner[j] if p.count[j] else EMPTY
    if isinstance(action, A.Move):
        if occupant not in (EMPTY, p.seat):
            return "the target holds an enemy stack (attack instead)"
        if p.count[j] + n > MAX_STACK:
            return "the stack would exceed six tokens (rule of six)"
    elif occupant in (EMPTY, p.seat):
        return "there is no enemy stack to attack"
    return ""


def _check_end(p: Position, action: A.End) -> str:
    return _expect(p, ACT)


def _check_attacker(p: Position, action: A.Continue | A.Withdraw) -> str:
    return _expect(p, BATTLE, ATTACKER)


def _check_stand(p: Position, action: A.Stand) -> str:
    return _expect(p, BATTLE, DEFENDER)


def _check_retreat(p: Position, action: A.Retreat) -> str:
    if bad := _expect(p, BATTLE, DEFENDER):
        return bad
    target = p.fight().target
    if action.cell != target:
        return "the retreat must start from the attacked cell"
    rooms = dict(retreat_targets(p))
    parts = action.parts
    if len({c for c, _ in parts}) != len(parts):
        return "a cell appears twice in the retreat"
    for c, n in parts:
        if c not in rooms:
            return f"cannot retreat to {_name(p, c)}"
        if not 1 <= n <= rooms[c]:
            return f"{_name(p, c)} takes 1…{rooms[c]} tokens"
    if sum(n for _, n in parts) != p.count[target]:
        return "the whole stack must retreat"
    return ""


def _check_occupy(p: Position, action: A.Occupy) -> str:
    if bad := _expect(p, BATTLE, OCCUPY):
        return bad
    k = action.k
    origin = p.fight().origin
    if not (isinstance(k, int) and 0 <= k <= p.count[origin]):
        return f"occupy with 0…{p.count[origin]} tokens"
    return ""


def _name(p: Position, cell: object) -> str:
    names = p.spec.board.names
    return names[cell] if isinstance(cell, int) and 0 <= cell < len(names) else repr(cell)


# Each check reads only the fields of its own action type, which `problem` guarantees.
_CHECKS: dict[type, Callable[[Position, Any], str]] = {
    A.Deploy: _check_deploy,
    A.Preset: _check_preset,
    A.Reinforce: _check_reinforce,
    A.Move: _check_step,
    A.Attack: _check_step,
    A.End: _check_end,
    A.Continue: _check_attacker,
    A.Withdraw: _check_attacker,
    A.Stand: _check_stand,
    A.Retreat: _check_retreat,
    A.Occupy: _check_occupy,
    A.Roll: _check_roll,
}
