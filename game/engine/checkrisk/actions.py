"""CheckRisk actions as typed named tuples (cells are indices) and their notation.

Each is a `NamedTuple` whose first field `kind` names it, equal to the plain tuple it replaced:
| action                                          | notation                      |
|-------------------------------------------------|-------------------------------|
| Deploy("deploy", cell, k)                       | deploy c2:3                   |
| Preset("preset", name)                          | preset wall                   |
| Reinforce("reinforce", cell)                    | +c2                           |
| Move("move", origin, target, n)                 | c2-c3:2                       |
| Attack("attack", origin, target, n)             | c3xc4:2                       |
| Word("end")                                     | end                           |
| Word("continue") / Word("withdraw")             | continue / withdraw           |
| Word("stand")                                   | stand                         |
| Retreat("retreat", cell, ((to, n), ...))        | retreat c4-c5:2,c4-d4:1       |
| Occupy("occupy", k)                             | occupy:k                      |
| Roll("roll", attacker_hits, defender_hits)      | roll a:1 d:2   (chance)       |

Retreat parts are sorted by cell index, so one split has one tuple.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from game.engine.checkrisk.board import Board
from game.engine.core import IllegalAction

DEPLOY, PRESET, REINFORCE, MOVE, ATTACK = "deploy", "preset", "reinforce", "move", "attack"
END, CONTINUE, WITHDRAW, STAND = "end", "continue", "withdraw", "stand"
RETREAT, OCCUPY, ROLL = "retreat", "occupy", "roll"



class Deploy(NamedTuple):
    """Place `k` tokens on `cell` while deploying (C4)."""

    kind: str
    cell: int
    k: int


class Preset(NamedTuple):
    """Deploy by the named preset (C6)."""

    kind: str
    name: str


class Reinforce(NamedTuple):
    """Place one reinforcement token on `cell` (C7)."""

    kind: str
    cell: int


class Move(NamedTuple):
    """Move `n` tokens from `origin` to the neighbouring `target` (C9)."""

    kind: str
    origin: int
    target: int
    n: int


class Attack(NamedTuple):
    """Attack the enemy stack on `target` with `n` tokens from `origin` (C10)."""

    kind: str
    origin: int
    target: int
    n: int


class Word(NamedTuple):
    """A one-word decision: end, continue, withdraw or stand."""

    kind: str


class Retreat(NamedTuple):
    """The defender on `cell` retreats, `parts` = ((to, n), ...) sorted by cell (C12.4)."""

    kind: str
    cell: int
    parts: tuple[tuple[int, int], ...]


class Occupy(NamedTuple):
    """Move `k` tokens into the won cell (C12.1)."""

    kind: str
    k: int


class Roll(NamedTuple):
    """Chance: a battle round's decisive hits on each side."""

    kind: str
    attacker_hits: int
    defender_hits: int


CheckRiskAction = Deploy | Preset | Reinforce | Move | Attack | Word | Retreat | Occupy | Roll

END_ACTION = Word(END)
CONTINUE_ACTION = Word(CONTINUE)
WITHDRAW_ACTION = Word(WITHDRAW)
STAND_ACTION = Word(STAND)
OCCUPY_ACTIONS = tuple(Occupy(OCCUPY, k) for k in range(7))

_CELL = r"([a-l](?:1[0-2]|[1-9]))"
_STEP_RE = re.compile(rf"^{_CELL}([-x]){_CELL}:(\d+)$")
_DEPLOY_RE = re.compile(rf"^deploy {_CELL}:(\d+)$")
_REINFORCE_RE = re.compile(rf"^\+{_CELL}$")
_OCCUPY_RE = re.compile(r"^occupy:(\d+)$")
_ROLL_RE = re.compile(r"^roll a:(\d+) d:(\d+)$")
_PRESET_RE = re.compile(r"^preset ([a-z0-9_]+)$")
_RETREAT_PART_RE = re.compile(rf"^{_CELL}-{_CELL}:(\d+)$")
_WORDS = {END: END_ACTION, CONTINUE: CONTINUE_ACTION, WITHDRAW: WITHDRAW_ACTION, STAND: STAND_ACTION}


def move(origin: int, target: int, n: int) -> Move:
    """Move n tokens (C9)."""
    return Move(MOVE, origin, target, n)


def attack(origin: int, target: int, n: int) -> Attack:
    """Attack with n tokens (C10)."""
    return Attack(ATTACK, origin, target, n)


def retreat(cell: int, parts: dict[int, int] | list[tuple[int, int]]) -> Retreat:
    """Retreat the stack on `cell` to the given cells (C12.4), in canonical order."""
    items = parts.items() if isinstance(parts, dict) else parts
    return Retreat(RETREAT, cell, tuple(sorted((c, n) for c, n in items if n)))


def to_str(board: Board, action: tuple[Any, ...]) -> str:
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


def from_str(board: Board, text: str) -> CheckRiskAction:
    """Parse notation into an action tuple (legality is the state's business); raises IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction(f"not notation: {text!r}")
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    m = _STEP_RE.match(t)
    if m:
        origin, target, n = _cell(board, m.group(1), t), _cell(board, m.group(3), t), int(m.group(4))
        return Move(MOVE, origin, target, n) if m.group(2) == "-" else Attack(ATTACK, origin, target, n)
    m = _REINFORCE_RE.match(t)
    if m:
        return Reinforce(REINFORCE, _cell(board, m.group(1), t))
    m = _ROLL_RE.match(t)
    if m:
        return Roll(ROLL, int(m.group(1)), int(m.group(2)))
    m = _OCCUPY_RE.match(t)
    if m:
        k = int(m.group(1))
        return OCCUPY_ACTIONS[k] if k < len(OCCUPY_ACTIONS) else Occupy(OCCUPY, k)
    m = _DEPLOY_RE.match(t)
    if m:
        return Deploy(DEPLOY, _cell(board, m.group(1), t), int(m.group(2)))
    m = _PRESET_RE.match(t)
    if m:
        return Preset(PRESET, m.group(1))
    if t.startswith("retreat "):
        start_cell: int | None = None
        parts = []
        for chunk in t[len("retreat "):].replace(" ", "").split(","):
            m = _RETREAT_PART_RE.match(chunk)
            if not m:
                raise IllegalAction(f"{text!r}: retreat parts look like 'c4-c5:2'")
            start = _cell(board, m.group(1), t)
            if start_cell is not None and start != start_cell:
                raise IllegalAction(f"{text!r}: every retreat part must start from the same cell")
            start_cell = start
            parts.append((_cell(board, m.group(2), t), int(m.group(3))))
        if start_cell is None:
            raise IllegalAction(f"{text!r}: a retreat needs at least one part")
        return Retreat(RETREAT, start_cell, tuple(sorted(parts)))
    raise IllegalAction(f"not CheckRisk notation: {text!r}")
