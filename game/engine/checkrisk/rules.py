"""The CheckRisk rules in one place: who is to act, the chance outcomes, and applying an action by its type."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk import battle, turns
from game.engine.checkrisk.fields import Position
from game.engine.checkrisk.odds import round_outcomes
from game.engine.checkrisk.phases import DEFENDER, ROLL
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
    handler = _APPLY.get(type(action))
    if handler is None:
        raise IllegalAction(f"not a CheckRisk action: {action!r}")
    return handler(p, action)


# Each handler takes only actions of its own type, which `apply_action` guarantees.
_APPLY: dict[type, Callable[[Position, Any], list[Event]]] = {
    A.Deploy: turns.apply_deploy,
    A.Preset: turns.apply_preset,
    A.Reinforce: turns.apply_reinforce,
    A.Move: turns.apply_move,
    A.End: turns.apply_end,
    A.Attack: battle.apply_attack,
    A.Roll: battle.apply_roll,
    A.Continue: battle.apply_continue,
    A.Withdraw: battle.apply_withdraw,
    A.Stand: battle.apply_stand,
    A.Retreat: battle.apply_retreat,
    A.Occupy: battle.apply_occupy,
}
