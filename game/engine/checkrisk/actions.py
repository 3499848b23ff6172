"""CheckRisk actions as plain tuples (cells are indices) and their notation.

| tuple                                   | notation                      |
|-----------------------------------------|-------------------------------|
| ("deploy", cell, k)                     | deploy c2:3                   |
| ("preset", name)                        | preset wall                   |
| ("reinforce", cell)                     | +c2                           |
| ("move", origin, target, n)             | c2-c3:2                       |
| ("attack", origin, target, n)           | c3xc4:2                       |
| ("end",)                                | end                           |
| ("continue",) / ("withdraw",)           | continue / withdraw           |
| ("stand",)                              | stand                         |
| ("retreat", cell, ((to, n), ...))       | retreat c4-c5:2,c4-d4:1       |
| ("occupy", k)                           | occupy:k                      |
| ("roll", attacker_hits, defender_hits)  | roll a:1 d:2   (chance)       |

Retreat parts are sorted by cell index, so one split has one tuple.
"""

from __future__ import annotations

import re

from game.engine.checkrisk.board import Board
from game.engine.core import Action, IllegalAction

DEPLOY, PRESET, REINFORCE, MOVE, ATTACK = "deploy", "preset", "reinforce", "move", "attack"
END, CONTINUE, WITHDRAW, STAND = "end", "continue", "withdraw", "stand"
RETREAT, OCCUPY, ROLL = "retreat", "occupy", "roll"

END_ACTION = (END,)
CONTINUE_ACTION = (CONTINUE,)
WITHDRAW_ACTION = (WITHDRAW,)
STAND_ACTION = (STAND,)
OCCUPY_ACTIONS = tuple((OCCUPY, k) for k in range(7))

_CELL = r"([a-l](?:1[0-2]|[1-9]))"
_STEP_RE = re.compile(rf"^{_CELL}([-x]){_CELL}:(\d+)$")
_DEPLOY_RE = re.compile(rf"^deploy {_CELL}:(\d+)$")
_REINFORCE_RE = re.compile(rf"^\+{_CELL}$")
_OCCUPY_RE = re.compile(r"^occupy:(\d+)$")
_ROLL_RE = re.compile(r"^roll a:(\d+) d:(\d+)$")
_PRESET_RE = re.compile(r"^preset ([a-z0-9_]+)$")
_RETREAT_PART_RE = re.compile(rf"^{_CELL}-{_CELL}:(\d+)$")
_WORDS = {END: END_ACTION, CONTINUE: CONTINUE_ACTION, WITHDRAW: WITHDRAW_ACTION, STAND: STAND_ACTION}


def move(origin: int, target: int, n: int) -> Action:
    """Move n tokens (C9)."""
    return (MOVE, origin, target, n)


def attack(origin: int, target: int, n: int) -> Action:
    """Attack with n tokens (C10)."""
    return (ATTACK, origin, target, n)


def retreat(cell: int, parts: dict[int, int] | list[tuple[int, int]]) -> Action:
    """Retreat the stack on `cell` to the given cells (C12.4), in canonical order."""
    items = parts.items() if isinstance(parts, dict) else parts
    return (RETREAT, cell, tuple(sorted((c, n) for c, n in items if n)))


def to_str(board: Board, action: Action) -> str:
    """The notation of an action (see the module table)."""
    names = board.names
    try:
        tag = action[0]
        if tag == MOVE:
            return f"{names[action[1]]}-{names[action[2]]}:{action[3]}"
        if tag == ATTACK:
            return f"{names[action[1]]}x{names[action[2]]}:{action[3]}"
        if tag == REINFORCE:
            return f"+{names[action[1]]}"
        if tag == ROLL:
            return f"roll a:{action[1]} d:{action[2]}"
        if tag in _WORDS:
            return tag
        if tag == OCCUPY:
            return f"occupy:{action[1]}"
        if tag == DEPLOY:
            return f"deploy {names[action[1]]}:{action[2]}"
        if tag == PRESET:
            return f"preset {action[1]}"
        if tag == RETREAT:
            origin = names[action[1]]
            return "retreat " + ",".join(f"{origin}-{names[c]}:{n}" for c, n in action[2])
    except (TypeError, IndexError, KeyError):
        pass
    raise IllegalAction(f"not a CheckRisk action: {action!r}")


def _cell(board: Board, name: str, text: str) -> int:
    i = board.index.get(name)
    if i is None:
        raise IllegalAction(f"{text!r}: {name} is off the {board.width}×{board.height} board")
    return i


def from_str(board: Board, text: str) -> Action:
    """Parse notation into an action tuple (legality is the state's business); raises IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction(f"not notation: {text!r}")
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    m = _STEP_RE.match(t)
    if m:
        tag = MOVE if m.group(2) == "-" else ATTACK
        return (tag, _cell(board, m.group(1), t), _cell(board, m.group(3), t), int(m.group(4)))
    m = _REINFORCE_RE.match(t)
    if m:
        return (REINFORCE, _cell(board, m.group(1), t))
    m = _ROLL_RE.match(t)
    if m:
        return (ROLL, int(m.group(1)), int(m.group(2)))
    m = _OCCUPY_RE.match(t)
    if m:
        k = int(m.group(1))
        return OCCUPY_ACTIONS[k] if k < len(OCCUPY_ACTIONS) else (OCCUPY, k)
    m = _DEPLOY_RE.match(t)
    if m:
        return (DEPLOY, _cell(board, m.group(1), t), int(m.group(2)))
    m = _PRESET_RE.match(t)
    if m:
        return (PRESET, m.group(1))
    if t.startswith("retreat "):
        origin = None
        parts = []
        for chunk in t[len("retreat "):].replace(" ", "").split(","):
            m = _RETREAT_PART_RE.match(chunk)
            if not m:
                raise IllegalAction(f"{text!r}: retreat parts look like 'c4-c5:2'")
            start = _cell(board, m.group(1), t)
            if origin is not None and start != origin:
                raise IllegalAction(f"{text!r}: every retreat part must start from the same cell")
            origin = start
            parts.append((_cell(board, m.group(2), t), int(m.group(3))))
        return (RETREAT, origin, tuple(sorted(parts)))
    raise IllegalAction(f"not CheckRisk notation: {text!r}")
