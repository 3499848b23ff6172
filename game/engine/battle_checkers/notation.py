"""Notation of Battle Checkers actions: `d2:s L1 F3 R2`, `d2xd3`, `fate`, `nofate`, `end`, `roll 3 5`, …"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.engine.battle_checkers.actions import (
    ACT,
    ATTACK,
    DUEL,
    END,
    FATE,
    FATE_ROLL,
    NOFATE,
    PLACE,
    PRESET,
    REPEL,
    ROLL,
    USE_DIE1,
    USE_DIE2,
    USE_SUM,
    USE_TEXT,
    Activate,
    Attack,
    BattleCheckersAction,
    DuelRoll,
    FateRoll,
    Place,
    Preset,
    RepelRoll,
    Roll,
    parse_dice,
    parse_plan,
    plan_text,
)
from game.engine.battle_checkers.geometry import DIRECTIONS, FACING_INDEX
from game.engine.core import IllegalAction

if TYPE_CHECKING:
    from game.engine.battle_checkers.state import BattleCheckersState

_ATTACK_RE = re.compile(r"^([a-z]\d+)x([a-z]\d+)$")
_ACTIVATION_RE = re.compile(r"^([a-z]\d+):([s12])$")
_USES = {"s": USE_SUM, "1": USE_DIE1, "2": USE_DIE2}


def action_to_str(state: BattleCheckersState, action: tuple[Any, ...]) -> str:
    """The notation of `action` in `state` (an activation's plan is its canonical, cheapest one)."""
    names = state.board.names
    try:
        kind = action[0]
        if kind == ACT:
            return f"{names[action[1]]}:{USE_TEXT[action[2]]} {plan_text(*state.plan(action))}"
        if kind == ATTACK:
            return f"{names[action[1]]}x{names[action[2]]}"
        if action in (END, FATE, NOFATE):
            return kind
        if kind == PLACE:
            return f"place {names[action[1]]} {DIRECTIONS[action[2]]}"
        if kind == PRESET:
            return f"preset {action[1]}"
        if kind in (ROLL, DUEL, REPEL):
            return " ".join([kind, *map(str, action[1:])])
        if kind == FATE_ROLL:
            return f"fate {action[1]} {action[2]}"
    except (TypeError, IndexError, ValueError, KeyError):
        pass
    raise IllegalAction(f"not a Battle Checkers action: {action!r}")


def action_from_str(state: BattleCheckersState, text: str) -> BattleCheckersAction:
    """Parse notation into an action legal in `state` (or an outcome of its chance node)."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("empty action")
    tokens = text.strip().split()
    head = tokens[0].lower()
    action = _parse(state, head, tokens)
    state.check(action)
    return action


def _cell(state: BattleCheckersState, name: str) -> int:
    try:
        return state.board.cell(name)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _parse(state: BattleCheckersState, head: str, tokens: list[str]) -> BattleCheckersAction:
    if len(tokens) == 1 and head in ("end", "fate", "nofate"):
        return {"end": END, "fate": FATE, "nofate": NOFATE}[head]
    if head == "roll":
        a, b = parse_dice(tokens[1:], 2, "roll")
        return Roll(ROLL, min(a, b), max(a, b))
    if head == "duel":
        a, b = parse_dice(tokens[1:], 2, "duel")
        return DuelRoll(DUEL, a, b)
    if head == "repel":
        return RepelRoll(REPEL, *parse_dice(tokens[1:], 1, "repel"))
    if head == "fate":
        a, b = parse_dice(tokens[1:], 2, "fate")
        return FateRoll(FATE_ROLL, a, b)
    if head == "preset" and len(tokens) == 2:
        return Preset(PRESET, tokens[1])
    if head == "place" and len(tokens) == 3:
        facing = FACING_INDEX.get(tokens[2].upper())
        if facing is None:
            raise IllegalAction(f"unknown facing {tokens[2]!r}")
        return Place(PLACE, _cell(state, tokens[1]), facing)
    attack = _ATTACK_RE.match(head)
    if attack and len(tokens) == 1:
        return Attack(ATTACK, _cell(state, attack.group(1)), _cell(state, attack.group(2)))
    activation = _ACTIVATION_RE.match(head)
    if activation:
        return _parse_activation(state, _cell(state, activation.group(1)), _USES[activation.group(2)], tokens[1:])
    raise IllegalAction(f"cannot read {' '.join(tokens)!r} as a Battle Checkers action")


def _parse_activation(state: BattleCheckersState, cell: int, use: int, plan: list[str]) -> BattleCheckersAction:
    first, steps, last = parse_plan(plan)
    if state.owner[cell] < 0:
        raise IllegalAction(f"no unit on {state.board.name(cell)}")
    # With a double, both dice are the same: the engine offers die 1 while both are unspent, then die 2.
    if state.dice and state.dice[0] == state.dice[1] and use != USE_SUM:
        if state.spent == [False, False]:
            use = USE_DIE1
        elif state.spent == [True, False]:
            use = USE_DIE2
    d = (state.facing[cell] + first) % 8
    to = cell
    if steps:
        ray = state.board.rays[cell][d]
        if steps > len(ray):
            raise IllegalAction(f"the plan leaves the board from {state.board.name(cell)}")
        to = ray[steps - 1]
    return Activate(ACT, cell, use, to, (d + last) % 8)
