"""CheckRisk actions, one typed named tuple per kind of decision (cells are indices), and their notation.

| action                                | notation                      |
|---------------------------------------|-------------------------------|
| Deploy(cell, k)                       | deploy c2:3                   |
| Preset(name)                          | preset wall                   |
| Reinforce(cell)                       | +c2                           |
| Move(origin, target, n)               | c2-c3:2                       |
| Attack(origin, target, n)             | c3xc4:2                       |
| End() / Continue() / Withdraw()       | end / continue / withdraw     |
| Stand()                               | stand                         |
| Retreat(cell, ((to, n), ...))         | retreat c4-c5:2,c4-d4:1       |
| Occupy(k)                             | occupy:k                      |
| Roll(attacker_hits, defender_hits)    | roll a:1 d:2   (chance)       |

Actions of different types never compare equal (`distinct`: a move and an attack between the same cells differ).
The one-word decisions are shared instances (`END`, `CONTINUE`, `WITHDRAW`, `STAND`); `WORDS` maps each word to its
action.
Retreat parts are sorted by cell index, so one split has one action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple, TypeVar

from game.engine.checkrisk.board import Board
from game.engine.checkrisk.level import MAX_STACK
from game.engine.core import IllegalAction, distinct


@distinct
class Deploy(NamedTuple):
    """Place `k` tokens on `cell` while deploying (C4)."""

    cell: int
    k: int


@distinct
class Preset(NamedTuple):
    """Deploy by the named preset (C6)."""

    name: str


@distinct
class Reinforce(NamedTuple):
    """Place one reinforcement token on `cell` (C7)."""

    cell: int


@distinct
class Move(NamedTuple):
    """Move `n` tokens from `origin` to the neighbouring `target` (C9)."""

    origin: int
    target: int
    n: int


@distinct
class Attack(NamedTuple):
    """Attack the enemy stack on `target` with `n` tokens from `origin` (C10)."""

    origin: int
    target: int
    n: int


@distinct
class End(NamedTuple):
    """End the turn with actions left (C8)."""


@distinct
class Continue(NamedTuple):
    """The attacker fights another round (C12.3)."""


@distinct
class Withdraw(NamedTuple):
    """The attacker breaks off the battle; survivors go home (C12.3)."""


@distinct
class Stand(NamedTuple):
    """The defender stays for another round (C12.4)."""


@distinct
class Retreat(NamedTuple):
    """The defender on `cell` retreats, `parts` = ((to, n), ...) sorted by cell (C12.4)."""

    cell: int
    parts: tuple[tuple[int, int], ...]


@distinct
class Occupy(NamedTuple):
    """Move `k` tokens into the won cell (C12.1)."""

    k: int


@distinct
class Roll(NamedTuple):
    """Chance: a battle round's decisive hits on each side."""

    attacker_hits: int
    defender_hits: int


Word = End | Continue | Withdraw | Stand
CheckRiskAction = Deploy | Preset | Reinforce | Move | Attack | Word | Retreat | Occupy | Roll

END, CONTINUE, WITHDRAW, STAND = End(), Continue(), Withdraw(), Stand()
WORDS: dict[str, Word] = {"end": END, "continue": CONTINUE, "withdraw": WITHDRAW, "stand": STAND}
_WORD_TEXT: dict[type, str] = {type(action): text for text, action in WORDS.items()}
OCCUPY_ACTIONS = tuple(Occupy(k) for k in range(MAX_STACK + 1))
# Hits are bounded by the dice, at most one stack each side.
ROLLS = tuple(tuple(Roll(ha, hd) for hd in range(MAX_STACK + 1)) for ha in range(MAX_STACK + 1))


@lru_cache(maxsize=4096)  # bounded: the key holds the rooms around a cell, which vary from game to game
def retreats(cell: int, cells: tuple[int, ...], caps: tuple[int, ...], tokens: int) -> tuple[Retreat, ...]:
    """Every retreat of `tokens` from `cell` into `cells` with room `caps` (C12.4), parts in cell order."""
    return tuple(
        Retreat(cell, tuple(sorted((c, n) for c, n in zip(cells, split, strict=True) if n)))
        for split in _splits(tokens, caps)
    )


@cache
def _splits(tokens: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to put `tokens` into bins with the given capacities."""
    if not caps:
        return ((),) if tokens == 0 else ()
    head, rest = caps[0], caps[1:]
    return tuple((n, *tail) for n in range(min(head, tokens) + 1) for tail in _splits(tokens - n, rest))


def to_str(board: Board, action: object) -> str:
    """The notation of an action (see the module table)."""
    names = board.names
    try:
        match action:
            case Move(origin, target, n):
                return f"{names[origin]}-{names[target]}:{n}"
            case Attack(origin, target, n):
                return f"{names[origin]}x{names[target]}:{n}"
            case Reinforce(cell):
                return f"+{names[cell]}"
            case Roll(ha, hd):
                return f"roll a:{ha} d:{hd}"
            case End() | Continue() | Withdraw() | Stand():
                return _WORD_TEXT[type(action)]
            case Occupy(k):
                return f"occupy:{k}"
            case Deploy(cell, k):
                return f"deploy {names[cell]}:{k}"
            case Preset(name):
                return f"preset {name}"
            case Retreat(cell, parts):
                start = names[cell]
                return "retreat " + ",".join(f"{start}-{names[c]}:{n}" for c, n in parts)
    except (TypeError, IndexError, KeyError, ValueError):
        pass
    raise IllegalAction(f"not a CheckRisk action: {action!r}")


_CELL = r"([a-l](?:1[0-2]|[1-9]))"
_STEP_RE = re.compile(rf"^{_CELL}([-x]){_CELL}:(\d+)$")
_DEPLOY_RE = re.compile(rf"^deploy {_CELL}:(\d+)$")
_REINFORCE_RE = re.compile(rf"^\+{_CELL}$")
_OCCUPY_RE = re.compile(r"^occupy:(\d+)$")
_ROLL_RE = re.compile(r"^roll a:(\d+) d:(\d+)$")
_PRESET_RE = re.compile(r"^preset ([a-z0-9_]+)$")
_RETREAT_PART_RE = re.compile(rf"^{_CELL}-{_CELL}:(\d+)$")


def _cell(board: Board, name: str, text: str) -> int:
    i = board.index.get(name)
    if i is None:
        raise IllegalAction(f"{text!r}: {name} is off the {board.width}×{board.height} board")
    return i


def from_str(board: Board, text: str) -> CheckRiskAction:
    """Parse notation into an action (legality is the state's business); raises IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction(f"not notation: {text!r}")
    t = " ".join(text.strip().lower().split())
    if t in WORDS:
        return WORDS[t]
    m = _STEP_RE.match(t)
    if m:
        origin, target, n = _cell(board, m.group(1), t), _cell(board, m.group(3), t), int(m.group(4))
        return Move(origin, target, n) if m.group(2) == "-" else Attack(origin, target, n)
    m = _REINFORCE_RE.match(t)
    if m:
        return Reinforce(_cell(board, m.group(1), t))
    m = _ROLL_RE.match(t)
    if m:
        return Roll(int(m.group(1)), int(m.group(2)))
    m = _OCCUPY_RE.match(t)
    if m:
        k = int(m.group(1))
        return OCCUPY_ACTIONS[k] if k < len(OCCUPY_ACTIONS) else Occupy(k)
    m = _DEPLOY_RE.match(t)
    if m:
        return Deploy(_cell(board, m.group(1), t), int(m.group(2)))
    m = _PRESET_RE.match(t)
    if m:
        return Preset(m.group(1))
    if t.startswith("retreat "):
        return _retreat_from_str(board, text, t)
    raise IllegalAction(f"not CheckRisk notation: {text!r}")


def _retreat_from_str(board: Board, text: str, t: str) -> Retreat:
    start_cell: int | None = None
    parts = []
    for chunk in t[len("retreat ") :].replace(" ", "").split(","):
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
    return Retreat(start_cell, tuple(sorted(parts)))


_Step = TypeVar("_Step", Move, Attack)


@dataclass(frozen=True)
class ActionTables:
    """Every action a board can offer to moves, reinforcement and deployment, built once per level.

    `steps[i]` = ((j, moves, attacks), ...) for each neighbour j of i: `moves[k]` / `attacks[k]` are the actions
    taking 1…k tokens; `reinforce[i]` places a token on i; `deploy[i][k - 1]` places k tokens on i.
    """

    steps: tuple[tuple[tuple[int, tuple[tuple[Move, ...], ...], tuple[tuple[Attack, ...], ...]], ...], ...]
    reinforce: tuple[Reinforce, ...]
    deploy: tuple[tuple[Deploy, ...], ...]

    @classmethod
    def of(cls, board: Board) -> ActionTables:
        """The tables of a board."""
        size = board.size
        steps = tuple(
            tuple(
                (
                    j,
                    _prefixes(tuple(Move(i, j, n) for n in range(1, MAX_STACK + 1))),
                    _prefixes(tuple(Attack(i, j, n) for n in range(1, MAX_STACK + 1))),
                )
                for j in board.neighbours[i]
            )
            for i in range(size)
        )
        return cls(
            steps,
            tuple(Reinforce(i) for i in range(size)),
            tuple(tuple(Deploy(i, k) for k in range(1, MAX_STACK + 1)) for i in range(size)),
        )


def _prefixes(steps: tuple[_Step, ...]) -> tuple[tuple[_Step, ...], ...]:
    return tuple(steps[:k] for k in range(MAX_STACK + 1))
