"""Actions of Battle Checkers as typed named tuples, the chance-outcome tables, and plan notation helpers.

Each action is its own `NamedTuple` type made `distinct` (`game.engine.core`), told apart by its type (two actions
of different types are never equal, even with the same fields). Decisions:
  Place(cell, facing)               deploy one unit                      `place d2 NE`
  Preset(name)                      deploy all units in a named preset   `preset wedge`
  Activate(cell, use, to, facing)   activation by its end result (B7)    `d2:s L1 F3 R2`
  Attack(cell, target)              attack with the front (B8)           `d2xd3`
  EndTurn()                         end the turn                         `end`
  FateChoice(call)                  call the fate roll or not (B11)      `fate` `nofate`
Chance outcomes:
  Roll(a, b)  a <= b                the turn's 2d6                       `roll 3 5`
  DuelRoll(a, b) a != b             head-on: attacker's die, defender's  `duel 2 6`
  RepelRoll(d)                      right-flank weapon roll              `repel 4`
  FateRoll(a, b)                    fate: caller's die, opponent's       `fate 1 5`
Cells are board indices, facings 0…7 clockwise from N; `use` is 0 (sum), 1 (die 1) or 2 (die 2).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

from game.engine.battle_checkers.phases import Phase
from game.engine.core import IllegalAction, distinct

__all__ = [
    "END",
    "FATE",
    "NOFATE",
    "USE_DIE1",
    "USE_DIE2",
    "USE_SUM",
    "Activate",
    "Attack",
    "BattleCheckersAction",
    "ChanceOutcome",
    "Decision",
    "DuelRoll",
    "EndTurn",
    "FateChoice",
    "FateRoll",
    "Place",
    "Preset",
    "RepelRoll",
    "Roll",
]


@distinct
class Place(NamedTuple):
    """Deploy one unit on `cell` facing `facing` (0…7 clockwise from N)."""

    cell: int
    facing: int


@distinct
class Preset(NamedTuple):
    """Deploy every unit by the named preset."""

    name: str


@distinct
class Activate(NamedTuple):
    """Activate the unit on `cell` with dice `use`, ending on `to` facing `facing` (B7)."""

    cell: int
    use: int
    to: int
    facing: int


@distinct
class Attack(NamedTuple):
    """The unit on `cell` attacks the enemy on `target` in front of it (B8)."""

    cell: int
    target: int


@distinct
class EndTurn(NamedTuple):
    """End the turn (`end`)."""


@distinct
class FateChoice(NamedTuple):
    """Call the fate roll (`fate`) or let it pass (`nofate`) after a destruction (B11)."""

    call: bool


@distinct
class Roll(NamedTuple):
    """Chance: the turn's 2d6, `a` <= `b`."""

    a: int
    b: int


@distinct
class DuelRoll(NamedTuple):
    """Chance: a head-on duel's decisive roll, the attacker's die `a` and the defender's `b` (never equal)."""

    a: int
    b: int


@distinct
class RepelRoll(NamedTuple):
    """Chance: the defender's right-flank weapon roll (B10)."""

    d: int


@distinct
class FateRoll(NamedTuple):
    """Chance: a fate roll, the caller's die `a` and the opponent's `b`."""

    a: int
    b: int


Decision = Place | Preset | Activate | Attack | EndTurn | FateChoice
ChanceOutcome = Roll | DuelRoll | RepelRoll | FateRoll
BattleCheckersAction = Decision | ChanceOutcome

END = EndTurn()
FATE = FateChoice(True)
NOFATE = FateChoice(False)

USE_SUM, USE_DIE1, USE_DIE2 = 0, 1, 2
USE_TEXT = ("s", "1", "2")
REPEL_MIN = 4  # B10: the defender's weapon repels on 4–6

# The two dice are interchangeable, so a roll is an unordered pair (die 1 the lower): 21 outcomes.
ROLL_OUTCOMES = tuple((Roll(a, b), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7))
# B10 rerolls tied duels; the outcome is the decisive roll, i.e. conditioned on no tie: 30 pairs of 1/30.
DUEL_OUTCOMES = tuple((DuelRoll(a, b), Fraction(1, 30)) for a in range(1, 7) for b in range(1, 7) if a != b)
REPEL_OUTCOMES = tuple((RepelRoll(d), Fraction(1, 6)) for d in range(1, 7))
FATE_OUTCOMES = tuple((FateRoll(a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7))
#: The outcomes each chance phase offers, with their probabilities.
CHANCE_OUTCOMES: dict[Phase, tuple[tuple[BattleCheckersAction, Fraction], ...]] = {
    Phase.ROLL: ROLL_OUTCOMES,
    Phase.DUEL: DUEL_OUTCOMES,
    Phase.REPEL: REPEL_OUTCOMES,
    Phase.FATE: FATE_OUTCOMES,
}

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
