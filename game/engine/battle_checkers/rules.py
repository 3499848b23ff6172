"""Applying an action to a Battle Checkers position: the check, then the effect its type calls for."""

from __future__ import annotations

from game.engine.battle_checkers import actions
from game.engine.battle_checkers.battle import apply_attack, apply_duel, apply_fate_choice, apply_fate_roll, apply_repel
from game.engine.battle_checkers.checks import check
from game.engine.battle_checkers.position import Position
from game.engine.battle_checkers.turn import apply_activation, apply_end, apply_place, apply_preset, apply_roll
from game.engine.core import Event


def apply_action(p: Position, action: actions.BattleCheckersAction) -> list[Event]:
    """Apply a decision or chance outcome to `p`; IllegalAction when it is not legal there."""
    check(p, action)
    match action:
        case actions.Activate():
            return apply_activation(p, action)
        case actions.Roll():
            return apply_roll(p, action)
        case actions.Attack():
            return apply_attack(p, action)
        case actions.EndTurn():
            return apply_end(p)
        case actions.FateChoice():
            return apply_fate_choice(p, action)
        case actions.DuelRoll():
            return apply_duel(p, action)
        case actions.RepelRoll():
            return apply_repel(p, action)
        case actions.FateRoll():
            return apply_fate_roll(p, action)
        case actions.Place():
            return apply_place(p, action)
        case actions.Preset():
            return apply_preset(p, action)
