"""Notation of Battle Checkers actions: `d2:s L1 F3 R2`, `d2xd3`, `fate`, `nofate`, `end`, `roll 3 5`, …"""

from __future__ import annotations

import re

from game.engine.battle_checkers import actions
from game.engine.battle_checkers.checks import check
from game.engine.battle_checkers.geometry import DIRECTIONS, FACING_INDEX
from game.engine.battle_checkers.moves import plan
from game.engine.battle_checkers.position import Position
from game.engine.core import IllegalAction

_ATTACK_RE = re.compile(r"^([a-z]\d+)x([a-z]\d+)$")
_ACTIVATION_RE = re.compile(r"^([a-z]\d+):([s12])$")
_USES = {"s": actions.USE_SUM, "1": actions.USE_DIE1, "2": actions.USE_DIE2}
_WORDS: dict[str, actions.BattleCheckersAction] = {"end": actions.END, "fate": actions.FATE, "nofate": actions.NOFATE}
#: Chance outcomes are written as a word and their dice: `roll 3 5`, `duel 2 6`, `repel 4`, `fate 1 5`.
_OUTCOME_TYPES: dict[str, type[actions.ChanceOutcome]] = {
    "roll": actions.Roll,
    "duel": actions.DuelRoll,
    "repel": actions.RepelRoll,
    "fate": actions.FateRoll,
}
_OUTCOME_WORDS = {kind: word for word, kind in _OUTCOME_TYPES.items()}


def action_to_str(p: Position, action: object) -> str:
    """The notation of `action` in `p` (an activation's plan is its canonical, cheapest one)."""
    names = p.board.names
    try:
        match action:
            case actions.Activate(cell, use):
                return f"{names[cell]}:{actions.USE_TEXT[use]} {actions.plan_text(*plan(p, action))}"
            case actions.Attack(cell, target):
                return f"{names[cell]}x{names[target]}"
            case actions.EndTurn():
                return "end"
            case actions.FateChoice(call):
                return "fate" if call else "nofate"
            case actions.Place(cell, facing):
                return f"place {names[cell]} {DIRECTIONS[facing]}"
            case actions.Preset(name):
                return f"preset {name}"
            case actions.Roll() | actions.DuelRoll() | actions.RepelRoll() | actions.FateRoll():
                return " ".join([_OUTCOME_WORDS[type(action)], *map(str, action)])
    except (TypeError, IndexError, ValueError, KeyError):
        pass
    raise IllegalAction(f"not a Battle Checkers action: {action!r}")


def action_from_str(p: Position, text: str) -> actions.BattleCheckersAction:
    """Parse notation into an action legal in `p` (or an outcome of its chance node)."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("empty action")
    tokens = text.strip().split()
    action = _parse(p, tokens[0].lower(), tokens)
    check(p, action)
    return action


def _cell(p: Position, name: str) -> int:
    try:
        return p.board.cell(name)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _parse(p: Position, head: str, tokens: list[str]) -> actions.BattleCheckersAction:
    if len(tokens) == 1 and head in _WORDS:
        return _WORDS[head]
    if head in _OUTCOME_TYPES:
        return _outcome(head, tokens[1:])
    if head == "preset" and len(tokens) == 2:
        return actions.Preset(tokens[1])
    if head == "place" and len(tokens) == 3:
        facing = FACING_INDEX.get(tokens[2].upper())
        if facing is None:
            raise IllegalAction(f"unknown facing {tokens[2]!r}")
        return actions.Place(_cell(p, tokens[1]), facing)
    attack = _ATTACK_RE.match(head)
    if attack and len(tokens) == 1:
        return actions.Attack(_cell(p, attack.group(1)), _cell(p, attack.group(2)))
    activation = _ACTIVATION_RE.match(head)
    if activation:
        return _parse_activation(p, _cell(p, activation.group(1)), _USES[activation.group(2)], tokens[1:])
    raise IllegalAction(f"cannot read {' '.join(tokens)!r} as a Battle Checkers action")


def _outcome(head: str, tokens: list[str]) -> actions.ChanceOutcome:
    kind = _OUTCOME_TYPES[head]
    dice = actions.parse_dice(tokens, len(kind._fields), head)
    # The turn's two dice are interchangeable: a roll names the lower first.
    return kind(*sorted(dice)) if kind is actions.Roll else kind(*dice)


def _parse_activation(p: Position, cell: int, use: int, tokens: list[str]) -> actions.Activate:
    first, steps, last = actions.parse_plan(tokens)
    if p.owner[cell] < 0:
        raise IllegalAction(f"no unit on {p.board.name(cell)}")
    # With a double, both dice are the same: the engine offers die 1 while both are unspent, then die 2.
    if p.dice and p.dice[0] == p.dice[1] and use != actions.USE_SUM:
        if p.spent == [False, False]:
            use = actions.USE_DIE1
        elif p.spent == [True, False]:
            use = actions.USE_DIE2
    d = (p.facing[cell] + first) % 8
    to = cell
    if steps:
        ray = p.board.rays[cell][d]
        if steps > len(ray):
            raise IllegalAction(f"the plan leaves the board from {p.board.name(cell)}")
        to = ray[steps - 1]
    return actions.Activate(cell, use, to, (d + last) % 8)
