"""CheckRisk battles over a position: attack, rounds, withdraw, stand, retreat, occupation and elimination
(C10–C14)."""

from __future__ import annotations

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.events import (
    AttackDeclared,
    BattleEnded,
    BattleRound,
    Continued,
    Eliminated,
    Losses,
    Occupied,
    Retreated,
    Stood,
    Withdrew,
)
from game.engine.checkrisk.faces import faces_for
from game.engine.checkrisk.legal import can_retreat, require
from game.engine.checkrisk.phases import ACT, ATTACKER, BATTLE, DEFENDER, EMPTY, OCCUPY, ROLL
from game.engine.checkrisk.position import Battle, Position
from game.engine.checkrisk.reasons import CheckRiskReason
from game.engine.checkrisk.turns import end_turn, finish, lift
from game.engine.core import Event


def apply_attack(p: Position, action: A.Attack) -> list[Event]:
    """Send tokens against an adjacent enemy stack; the dice are rolled next (C10)."""
    require(p, action)
    i, j, n = action.origin, action.target, action.n
    lift(p, i, n)
    p.battle = Battle(i, j, n, ROLL)
    p.phase = BATTLE
    p.actions_left -= 1  # the whole battle is one action (C10)
    names = p.spec.board.names
    return [AttackDeclared(p.seat, names[i], names[j], n, p.owner[j], p.count[j])]


def apply_roll(p: Position, action: A.Roll) -> list[Event]:
    """One decisive round: each hit removes a token of the other side (C11)."""
    require(p, action)
    ha, hd = action.attacker_hits, action.defender_hits
    b = p.fight()
    origin, target, a = b.origin, b.target, b.attackers
    d = p.count[target]
    attacker, defender = p.seat, p.owner[target]
    names = p.spec.board.names
    seed = p.rolls * 4099 + origin * 131 + target
    events: list[Event] = [
        BattleRound(names[origin], names[target], faces_for(2 * seed, a, ha), faces_for(2 * seed + 1, d, hd), ha, hd)
    ]
    p.rolls += 1
    b.rounds += 1
    lost_a, lost_d = min(hd, a), min(ha, d)
    a -= lost_a
    d -= lost_d
    b.attackers = a
    p.count[target] = d
    if not d:
        p.owner[target] = EMPTY
    p.removed[attacker] += lost_a
    p.removed[defender] += lost_d
    p.on_board[attacker] -= lost_a
    p.on_board[defender] -= lost_d
    events.append(Losses(attacker, defender, lost_a, lost_d, a, d))
    if a and d:
        b.stage = ATTACKER  # C12.3
        return events
    _return_survivors(p, b)
    result = "attacker" if a else ("defender" if d else "both")
    events.append(BattleEnded(names[origin], names[target], result, a))
    if _eliminate(p, (attacker, defender), events):
        return events
    if result == "attacker":
        b.stage = OCCUPY  # C12.1
    else:
        _finish_battle(p, events)  # C12.2: the defender holds, or the cell is left empty
    return events


def _return_survivors(p: Position, b: Battle) -> None:
    if b.attackers:
        p.owner[b.origin] = p.seat
        p.count[b.origin] += b.attackers
        b.attackers = 0


def apply_answer(p: Position, action: A.Continue | A.Withdraw | A.Stand) -> list[Event]:
    """A battle's word: the attacker's `continue` or `withdraw` (C12.3), the defender's `stand` (C12.4)."""
    if isinstance(action, A.Continue):
        return apply_continue(p, action)
    if isinstance(action, A.Withdraw):
        return apply_withdraw(p, action)
    return apply_stand(p, action)


def apply_continue(p: Position, action: A.Continue) -> list[Event]:
    """Fight another round; the defender decides first when it could retreat (C12.3, C13)."""
    require(p, action)
    events: list[Event] = [Continued(p.seat)]
    b = p.fight()
    if can_retreat(p):
        b.stage = DEFENDER  # C13: the defender's seat decides
    else:
        events.append(Stood(p.owner[b.target], p.spec.board.names[b.target], True))
        b.stage = ROLL
    return events


def apply_withdraw(p: Position, action: A.Withdraw) -> list[Event]:
    """Break off the battle: the surviving attackers go home (C12.3)."""
    require(p, action)
    b = p.fight()
    survivors = b.attackers
    _return_survivors(p, b)
    names = p.spec.board.names
    events: list[Event] = [Withdrew(p.seat, names[b.origin], names[b.target], survivors)]
    _finish_battle(p, events)
    return events


def apply_stand(p: Position, action: A.Stand) -> list[Event]:
    """The defender stays for another round (C12.4)."""
    require(p, action)
    b = p.fight()
    b.stage = ROLL
    return [Stood(p.owner[b.target], p.spec.board.names[b.target], False)]


def apply_retreat(p: Position, action: A.Retreat) -> list[Event]:
    """The defender leaves the attacked cell, split over its neighbours; the attacker may occupy (C12.4)."""
    require(p, action)
    b = p.fight()
    target = b.target
    defender = p.owner[target]
    names = p.spec.board.names
    for cell, n in action.parts:
        p.owner[cell] = defender
        p.count[cell] += n
    p.count[target] = 0
    p.owner[target] = EMPTY
    _return_survivors(p, b)
    b.stage = OCCUPY  # C12.4: as in C12.1 the attacker may move into the emptied cell
    return [Retreated(defender, names[target], tuple((names[c], n) for c, n in action.parts))]


def apply_occupy(p: Position, action: A.Occupy) -> list[Event]:
    """Move tokens of the origin stack into the won or emptied cell (C12.1)."""
    require(p, action)
    k = action.k
    b = p.fight()
    origin, target = b.origin, b.target
    if k:
        lift(p, origin, k)
        p.owner[target] = p.seat
        p.count[target] = k
    names = p.spec.board.names
    events: list[Event] = [Occupied(p.seat, names[origin], names[target], k)]
    _finish_battle(p, events)
    return events


def _finish_battle(p: Position, events: list[Event]) -> None:
    p.battle = None
    p.phase = ACT
    if p.out[p.seat] or not p.actions_left:
        end_turn(p, events)


def _eliminate(p: Position, seats: tuple[int, ...], events: list[Event]) -> bool:
    """C14: seats with no tokens on the board are out; True when that ends the game."""
    fallen = []
    for seat in seats:
        if not p.out[seat] and not p.on_board[seat]:
            p.out[seat] = True
            fallen.append(seat)
            events.append(Eliminated(seat))
    if not fallen:
        return False
    alive = tuple(s for s, gone in enumerate(p.out) if not gone)
    if len(alive) == 1:
        finish(p, alive, CheckRiskReason.LAST_PLAYER_STANDING, events)
        return True
    if not alive:
        # The last two stacks destroyed each other: the seats that fell together share the draw.
        finish(p, tuple(fallen), CheckRiskReason.MUTUAL_DESTRUCTION, events)
        return True
    return False
