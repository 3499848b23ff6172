"""The CheckRisk rules in one place: who is to act, the chance outcomes, and applying an action by its type (the
legal actions are `legal`, the turn flow `turns`, battles `battle`: functions over a `Position`)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from game.engine.checkrisk import actions as A
from game.engine.checkrisk import battle, turns
from game.engine.checkrisk.odds import round_outcomes
from game.engine.checkrisk.phases import DEFENDER, ROLL
from game.engine.checkrisk.position import Position
from game.engine.core import CHANCE, TERMINAL, Event, IllegalAction


def current_player(p: Position) -> int:
    """The seat to decide (the defender's seat when it must stand or retreat), CHANCE or TERMINAL."""
    if p.outcome is not None:
        return TERMINAL
    b = p.battle
    if b is not None:
        stage = b.stage
        if stage is ROLL:
            return CHANCE
        if stage is DEFENDER:
            return p.owner[b.target]
    return p.seat


def chance_outcomes(p: Position) -> list[tuple[A.CheckRiskAction, Fraction]]:
    """A battle round's decisive hit counts with exact odds; none away from a roll."""
    b = p.battle
    if p.outcome is not None or b is None or b.stage is not ROLL:
        return []
    return list(_roll_outcomes(b.attackers, p.count[b.target]))


@cache
def _roll_outcomes(attackers: int, defenders: int) -> tuple[tuple[A.CheckRiskAction, Fraction], ...]:
    return tuple((A.ROLLS[ha][hd], p) for (ha, hd), p in round_outcomes(attackers, defenders))


def apply_action(p: Position, action: object) -> list[Event]:
    """Apply a decision or chance outcome to `p` in place; raises IllegalAction when it is not legal there."""
    if p.outcome is not None:
        raise IllegalAction("the game is over")
    # Each handler checks the action against the position (`legal.require`); class patterns without sub-patterns.
    match action:
        case A.Deploy():
            return turns.apply_deploy(p, action)
        case A.Preset():
            return turns.apply_preset(p, action)
        case A.Reinforce():
            return turns.apply_reinforce(p, action)
        case A.Move():
            return turns.apply_move(p, action)
        case A.End():
            return turns.apply_end(p, action)
        case A.Attack():
            return battle.apply_attack(p, action)
        case A.Roll():
            return battle.apply_roll(p, action)
        case A.Continue() | A.Withdraw() | A.Stand():
            return battle.apply_answer(p, action)
        case A.Retreat():
            return battle.apply_retreat(p, action)
        case A.Occupy():
            return battle.apply_occupy(p, action)
    raise IllegalAction(f"not a CheckRisk action: {action!r}")
