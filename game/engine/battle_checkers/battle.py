"""Battle rules of Battle Checkers: attacks, the side hit, duels, repels, shields, spirit and fate (B8–B12)."""

from __future__ import annotations

from game.engine.battle_checkers import events as ev
from game.engine.battle_checkers.actions import REPEL_MIN, Attack, DuelRoll, FateChoice, FateRoll, RepelRoll
from game.engine.battle_checkers.ending import finish
from game.engine.battle_checkers.geometry import FRONT, LEFT, RIGHT, SIDE_BY_RELATIVE
from game.engine.battle_checkers.phases import ATTACK_READY, DUEL, EMPTY, FATE, FATE_CHOICE, MAIN, REPEL, SHIELD_UP
from game.engine.battle_checkers.position import PendingAttack, Position
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.battle_checkers.turn import continue_turn
from game.engine.core import Event


def apply_attack(p: Position, action: Attack) -> list[Event]:
    """B8–B10: the attack spends the attacker's attack; the side hit decides what follows."""
    cell, target = action.cell, action.target
    p.flags[cell] &= ~ATTACK_READY
    # The attacker faces the defender, so the defender sees it in the opposite direction.
    side = SIDE_BY_RELATIVE[(p.facing[cell] + 4 - p.facing[target]) % 8]
    names = p.board.names
    events: list[Event] = [ev.Attacked(names[cell], names[target], side)]
    if side == FRONT:
        p.pending, p.phase = PendingAttack(cell, target), DUEL
        return events
    if side == RIGHT and p.flags[target] & ATTACK_READY:
        p.pending, p.phase = PendingAttack(cell, target), REPEL
        return events
    if side == LEFT and p.flags[target] & SHIELD_UP:
        p.flags[target] &= ~SHIELD_UP
        events.append(ev.Shielded(names[cell], names[target]))
        continue_turn(p, events)
        return events
    _destroy(p, target, p.player, events)
    return events


def _take_pending(p: Position) -> PendingAttack:
    pending = p.pending
    if pending is None:
        raise ValueError("no attack awaits a roll")
    p.pending, p.phase = None, MAIN
    return pending


def apply_duel(p: Position, action: DuelRoll) -> list[Event]:
    """B10: a head-on duel; the higher die destroys the other unit."""
    pending = _take_pending(p)
    names = p.board.names
    events: list[Event] = [ev.Duel(names[pending.attacker], names[pending.defender], action.a, action.b)]
    if action.a > action.b:
        _destroy(p, pending.defender, p.player, events)
    else:
        _destroy(p, pending.attacker, 1 - p.player, events)
    return events


def apply_repel(p: Position, action: RepelRoll) -> list[Event]:
    """B10: the defender's weapon repels a right-flank attack on REPEL_MIN or more."""
    pending = _take_pending(p)
    names = p.board.names
    attacker, defender = names[pending.attacker], names[pending.defender]
    if action.d >= REPEL_MIN:
        events: list[Event] = [ev.Repelled(attacker, defender, action.d)]
        continue_turn(p, events)
        return events
    events = [ev.RepelFailed(attacker, defender, action.d)]
    _destroy(p, pending.defender, p.player, events)
    return events


def _destroy(p: Position, cell: int, by: int, events: list[Event]) -> None:
    loser = p.owner[cell]
    events.append(ev.Destroyed(p.board.names[cell], loser))
    p.owner[cell], p.facing[cell], p.flags[cell] = EMPTY, 0, 0
    p.spirit[by] += 1
    events.append(ev.SpiritChanged(by, 1, p.spirit[by]))
    if loser not in p.owner:
        finish(p, (by,), BattleCheckersReason.NO_UNITS, events)
        return
    p.phase, p.fate_player = FATE_CHOICE, by


def apply_fate_choice(p: Position, action: FateChoice) -> list[Event]:
    """B11: whoever destroyed the unit calls the fate roll or lets it pass."""
    caller = p.fate_player
    if caller is None:
        raise ValueError("no fate roll to call")
    events: list[Event] = [ev.FateCalled(caller, action.call)]
    if action.call:
        p.phase = FATE
    else:
        p.phase, p.fate_player = MAIN, None
        continue_turn(p, events)
    return events


def apply_fate_roll(p: Position, action: FateRoll) -> list[Event]:
    """B11, B12: the lower roller loses the difference in spirit; at zero it has lost."""
    caller, mine, theirs = p.fate_player, action.a, action.b
    if caller is None:
        raise ValueError("no fate roll was called")
    p.phase, p.fate_player = MAIN, None
    loser = None if mine == theirs else (1 - caller if mine > theirs else caller)
    loss = abs(mine - theirs)
    # Spirit does not go below zero; at zero the player has lost anyway (B12).
    lost = 0 if loser is None else min(loss, p.spirit[loser])
    events: list[Event] = [ev.FateRolled(caller, mine, theirs, loser, loss, lost)]
    if loser is not None:
        p.spirit[loser] -= lost
        events.append(ev.SpiritChanged(loser, -lost, p.spirit[loser]))
        if p.spirit[loser] <= 0:
            finish(p, (1 - loser,), BattleCheckersReason.NO_SPIRIT, events)
            return events
    continue_turn(p, events)
    return events
