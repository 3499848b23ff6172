"""Actions of Battle Checkers as typed named tuples, the chance-outcome tables, and plan notation helpers.

Each is a `NamedTuple` whose first field `kind` names it, equal to the plain tuple it replaced.
Decisions:
  Place("place", cell, facing)      deploy one unit                      `place d2 NE`
  Preset("preset", name)            deploy all units in a named preset   `preset wedge`
  Activate("act", cell, use, to, facing)  activation by its end result (B7)    `d2:s L1 F3 R2`
  Attack("attack", cell, target)    attack with the front (B8)           `d2xd3`
  Word("end") Word("fate") Word("nofate")                                `end` `fate` `nofate`
Chance outcomes:
  Roll("roll", a, b)  a <= b        the turn's 2d6                       `roll 3 5`
  DuelRoll("duel", a, b) a != b     head-on: attacker's die, defender's  `duel 2 6`
  RepelRoll("repel", d)             right-flank weapon roll              `repel 4`
  FateRoll("fateroll", a, b)        fate: caller's die, opponent's       `fate 1 5`
Cells are board indices, facings 0…7 clockwise from N; `use` is 0 (sum), 1 (die 1) or 2 (die 2).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

from game.engine.core import IllegalAction

PLACE, PRESET, ACT, ATTACK = "place", "preset", "act", "attack"
ROLL, DUEL, REPEL, FATE_ROLL = "roll", "duel", "repel", "fateroll"


class Place(NamedTuple):
    """Deploy one unit on `cell` facing `facing` (0…7 clockwise from N)."""

    kind: str
    cell: int
    facing: int


class Preset(NamedTuple):
    """Deploy every unit by the named preset."""

    kind: str
    name: str


class Activate(NamedTuple):
    """Activate the unit on `cell` with dice `use`, ending on `to` facing `facing` (B7)."""

    kind: str
    cell: int
    use: int
    to: int
    facing: int


class Attack(NamedTuple):
    """The unit on `cell` attacks the enemy on `target` in front of it (B8)."""

    kind: str
    cell: int
    target: int


class Word(NamedTuple):
    """A one-word decision: `end`, `fate` or `nofate`."""

    kind: str


class Roll(NamedTuple):
    """Chance: the turn's 2d6, `a` <= `b`."""

    kind: str
    a: int
    b: int


class DuelRoll(NamedTuple):
    """Chance: a head-on duel's decisive roll, the attacker's die `a` and the defender's `b` (never equal)."""

    kind: str
    a: int
    b: int


class RepelRoll(NamedTuple):
    """Chance: the defender's right-flank weapon roll (B10)."""

    kind: str
    d: int


class FateRoll(NamedTuple):
    """Chance: a fate roll, the caller's die `a` and the opponent's `b`."""

    kind: str
    a: int
    b: int


BattleCheckersAction = Place | Preset | Activate | Attack | Word | Roll | DuelRoll | RepelRoll | FateRoll

END = Word("end")
FATE = Word("fate")
NOFATE = Word("nofate")

USE_SUM, USE_DIE1, USE_DIE2 = 0, 1, 2
USE_TEXT = ("s", "1", "2")
REPEL_MIN = 4  # B10: the defender's weapon repels on 4–6

# The two dice are interchangeable, so a roll is an unordered pair (die 1 the lower): 21 outcomes.
ROLL_OUTCOMES = tuple(
    (Roll(ROLL, a, b), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
)
# B10 rerolls tied duels; the outcome is the decisive roll, i.e. conditioned on no tie: 30 pairs of 1/30.
DUEL_OUTCOMES = tuple((DuelRoll(DUEL, a, b), Fraction(1, 30)) for a in range(1, 7) for b in range(1, 7) if a != b)
REPEL_OUTCOMES = tuple((RepelRoll(REPEL, d), Fraction(1, 6)) for d in range(1, 7))
FATE_OUTCOMES = tuple((FateRoll(FATE_ROLL, a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7))

_TURN_RE = re.compile(r"^([LR])(\d+)$")
_FORWARD_RE = re.compile(r"^F(\d+)$")


def turn_text(eighths: int) -> str:
    """One turn in notation: 'R2' clockwise, 'L1' counter-clockwise ('' for none)."""
    if eighths == 0:
        return ""
    return f"R{eighths}" if eighths > 0 else f"L{-eighths}"


def plan_text(first_turn: int, steps: int, last_turn: int) -> str:
    """A plan in notation, e.g. 'L1 F3 R2'; zero parts are left out."""
    parts = [turn_text(first_turn), f"F{steps}" if steps else "", turn_text(last_turn)]
    return " ".join(p for p in parts if p)


def parse_plan(tokens: list[str]) -> tuple[int, int, int]:
    """(first turn, steps, last turn) from plan tokens such as ['L1', 'F3', 'R2']; turns add up."""
    first = last = steps = 0
    moved = False
    for token in tokens:
        token = token.upper()
        turn = _TURN_RE.match(token)
        if turn:
            amount = int(turn.group(2)) * (1 if turn.group(1) == "R" else -1)
            if moved:
                last += amount
            else:
                first += amount
            continue
        forward = _FORWARD_RE.match(token)
        if forward and not moved:
            steps, moved = int(forward.group(1)), True
            continue
        raise IllegalAction(f"bad plan step {token!r} (a plan is: turn, forward, turn, e.g. 'L1 F3 R2')")
    if not tokens:
        raise IllegalAction("an activation needs a plan, e.g. 'F2' or 'R1'")
    return first, steps, last


def parse_dice(tokens: list[str], count: int, what: str) -> tuple[int, ...]:
    """`count` die faces 1…6 from tokens; IllegalAction otherwise."""
    if len(tokens) != count or not all(t.isdigit() and 1 <= int(t) <= 6 for t in tokens):
        raise IllegalAction(f"{what} needs {count} die face(s) 1-6, got {' '.join(tokens)!r}")
    return tuple(int(t) for t in tokens)
