"""Polyhedral dice and pools (P1, P2): exact distributions, dice notation, and samplers that take an RNG.

Grammar of `parse` (case-insensitive, spaces ignored): terms joined by `+` or `-`; a term is a whole number or
`[N]d(X|%)` with one optional modifier: `khK` / `klK` (keep highest/lowest K), or `>=T`, `>T`, `<=T`, `<T`
(count the dice that meet T). `d%` is the percentile die with faces 00, 10, …, 90 (values 0…90); `d3` is a d6
marked 1,1,2,2,3,3.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

Distribution = dict[int, Fraction]

MAX_DICE = 100
MAX_FACES = 1000

# --------------------------------------------------------------------------- single dice (P1)


@dataclass(frozen=True)
class Die:
    """One die: the numbers on its faces (a face may repeat, as on the d3) and their labels."""

    name: str
    faces: tuple[int, ...]
    labels: tuple[str, ...] = ()

    def label(self, face_index: int) -> str:
        """What is printed on a face."""
        return self.labels[face_index] if self.labels else str(self.faces[face_index])

    def distribution(self) -> Distribution:
        """Exact chance of each value."""
        return _normalise(_face_counts(self.faces), len(self.faces))

    def roll_face(self, rng: random.Random) -> int:
        """Sample a face index."""
        return rng.randrange(len(self.faces))

    def sample(self, rng: random.Random) -> int:
        """Sample a value."""
        return self.faces[self.roll_face(rng)]


def standard_die(sides: int) -> Die:
    """The plain die numbered 1…sides."""
    return Die(f"d{sides}", tuple(range(1, sides + 1)))


D3 = Die("d3", (1, 1, 2, 2, 3, 3))
D4, D6, D8, D10, D12, D20 = (standard_die(n) for n in (4, 6, 8, 10, 12, 20))
# The d10's face 0 reads 10, so its values run 1…10 like a standard d10.
D10 = Die("d10", tuple(range(1, 11)), ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0"))
D_PERCENT = Die("d%", tuple(range(0, 100, 10)), tuple(f"{v:02d}" for v in range(0, 100, 10)))
NAMED_DICE = {d.name: d for d in (D3, D4, D6, D8, D10, D12, D20, D_PERCENT)}


def custom_die(faces: Sequence[int], name: str = "custom") -> Die:
    """A die with any list of numeric faces."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return Die(name, tuple(int(f) for f in faces))


def kubtafl_percent_value(face_label: str) -> int:
    """Kubtafl reads the d% faces 10…90 as 1…9 and 00 as 10."""
    tens = int(face_label)
    return 10 if tens == 0 else tens // 10


def _face_counts(faces: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return counts


def _normalise(counts: dict[int, int], total: int) -> Distribution:
    return {value: Fraction(count, total) for value, count in sorted(counts.items())}


# --------------------------------------------------------------------------- pools (P2)


@dataclass(frozen=True)
class DieRoll:
    """One die as rolled in a pool: its value, the label shown, and whether it counts."""

    die: str
    value: int
    label: str
    kept: bool = True


@dataclass(frozen=True)
class Roll:
    """A sampled roll: the total and every die rolled, each marked kept or not."""

    total: int
    dice: tuple[DieRoll, ...]


@dataclass(frozen=True)
class Pool:
    """`count` dice of one kind with an optional keep or success-counting modifier."""

    count: int
    die: Die
    keep: tuple[str, int] | None = None  # ("h" | "l", how many)
    success: tuple[str, int] | None = None  # (">=" | ">" | "<=" | "<", target)

    def counts(self) -> dict[int, int]:
        """Number of ways (out of faces**count) to reach each result."""
        return _pool_counts(self.count, self.die.faces, self.keep, self.success)

    def outcomes(self) -> int:
        """Total number of equally likely ways the pool can fall."""
        return len(self.die.faces) ** self.count

    def roll(self, rng: random.Random) -> tuple[int, list[DieRoll]]:
        """Sample the pool: its result and each die, kept or not."""
        indices = [self.die.roll_face(rng) for _ in range(self.count)]
        values = [self.die.faces[i] for i in indices]
        kept = [True] * self.count
        if self.keep is not None:
            how, k = self.keep
            order = sorted(range(self.count), key=lambda i: values[i], reverse=(how == "h"))
            chosen = set(order[:k])
            kept = [i in chosen for i in range(self.count)]
            result = sum(v for v, keep in zip(values, kept, strict=True) if keep)
        elif self.success is not None:
            kept = [_meets(v, *self.success) for v in values]
            result = sum(kept)
        else:
            result = sum(values)
        rolls = [DieRoll(self.die.name, v, self.die.label(i), k) for v, i, k in zip(values, indices, kept, strict=True)]
        return result, rolls

    def text(self) -> str:
        """The pool in dice notation."""
        out = f"{self.count}{self.die.name}"
        if self.keep:
            out += f"k{self.keep[0]}{self.keep[1]}"
        if self.success:
            out += f"{self.success[0]}{self.success[1]}"
        return out


def _meets(value: int, op: str, target: int) -> bool:
    return {">=": value >= target, ">": value > target, "<=": value <= target, "<": value < target}[op]


@cache
def _pool_counts(
    count: int, faces: tuple[int, ...], keep: tuple[str, int] | None, success: tuple[str, int] | None
) -> dict[int, int]:
    if success is not None:
        hits = sum(1 for f in faces if _meets(f, *success))
        misses = len(faces) - hits
        return {k: comb(count, k) * hits**k * misses ** (count - k) for k in range(count + 1)}
    if keep is None or keep[1] >= count:
        return _sum_counts(count, faces)
    return _keep_counts(count, faces, keep[0], keep[1])


def _sum_counts(count: int, faces: tuple[int, ...]) -> dict[int, int]:
    single = _face_counts(faces)
    total = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for s, w in total.items():
            for v, c in single.items():
                nxt[s + v] = nxt.get(s + v, 0) + w * c
        total = nxt
    return dict(sorted(total.items()))


def _keep_counts(count: int, faces: tuple[int, ...], how: str, k: int) -> dict[int, int]:
    """Keep the k highest (or lowest) of `count` dice, by a DP over distinct values in keep order.

    Assigning j of the remaining dice to each value in turn (best value first) fixes which dice are kept:
    the first k assigned. The ways to pick which dice show that value are a binomial coefficient.
    """
    single = sorted(_face_counts(faces).items(), reverse=(how == "h"))
    # state: (dice assigned so far, kept sum) -> ways
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, face_ways in single:
        nxt: dict[tuple[int, int], int] = {}
        for (used, kept_sum), ways in states.items():
            free = count - used
            for j in range(free + 1):
                taken = min(k, used + j) - min(k, used)
                key = (used + j, kept_sum + taken * value)
                nxt[key] = nxt.get(key, 0) + ways * comb(free, j) * face_ways**j
        states = nxt
    result: dict[int, int] = {}
    for (used, kept_sum), ways in states.items():
        if used == count:
            result[kept_sum] = result.get(kept_sum, 0) + ways
    return dict(sorted(result.items()))


# --------------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class DiceExpression:
    """A parsed roll: signed pools and constants."""

    text: str
    terms: tuple[tuple[int, Pool | int], ...]  # (sign, pool or constant)

    def distribution(self) -> Distribution:
        """Exact chance of each total."""
        counts = {0: 1}
        denominator = 1
        for sign, term in self.terms:
            if isinstance(term, int):
                counts = {s + sign * term: w for s, w in counts.items()}
                continue
            part = term.counts()
            denominator *= term.outcomes()
            nxt: dict[int, int] = {}
            for s, w in counts.items():
                for v, c in part.items():
                    nxt[s + sign * v] = nxt.get(s + sign * v, 0) + w * c
            counts = nxt
        return _normalise(counts, denominator)

    def roll(self, rng: random.Random) -> Roll:
        """Sample the expression, keeping every die for display."""
        total = 0
        dice: list[DieRoll] = []
        for sign, term in self.terms:
            if isinstance(term, int):
                total += sign * term
            else:
                value, rolls = term.roll(rng)
                total += sign * value
                dice.extend(rolls)
        return Roll(total, tuple(dice))

    def sample(self, rng: random.Random) -> int:
        """Sample the total."""
        return self.roll(rng).total

    def chance(self, at_least: int) -> Fraction:
        """Exact chance that the total is at least `at_least`."""
        return sum((p for v, p in self.distribution().items() if v >= at_least), Fraction(0))

    def mean(self) -> Fraction:
        """The exact expected total."""
        return sum((v * p for v, p in self.distribution().items()), Fraction(0))


_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<d>[dD])|(?P<pct>%)|(?P<keep>k[hl])|(?P<cmp>>=|<=|>|<)|(?P<sign>[+-]))")


def parse(text: str) -> DiceExpression:
    """Parse dice notation such as `2d6+3`, `4d6kh2`, `5d6>=4`, `d%`, `d18`; ValueError says where and why."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("empty dice expression")
    tokens = _tokenise(text)
    terms: list[tuple[int, Pool | int]] = []
    pos = 0
    sign = 1
    while True:
        if pos < len(tokens) and tokens[pos][0] == "sign":
            if terms or tokens[pos][1] == "-":
                sign = -1 if tokens[pos][1] == "-" else 1
            pos += 1
        term, pos = _parse_term(text, tokens, pos)
        terms.append((sign, term))
        if pos == len(tokens):
            break
        kind, value, col = tokens[pos]
        if kind != "sign":
            raise ValueError(f"at column {col + 1} of {text!r}: expected '+' or '-' before {value!r}")
        sign = -1 if value == "-" else 1
        pos += 1
        if pos == len(tokens):
            raise ValueError(f"at column {col + 1} of {text!r}: nothing after {value!r}")
    return DiceExpression(text.strip(), tuple(terms))


def _tokenise(text: str) -> list[tuple[str, str, int]]:
    tokens = []
    pos = 0
    lowered = text.lower()
    while pos < len(lowered):
        if lowered[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(lowered, pos)
        if not match or match.end() == pos:
            raise ValueError(f"at column {pos + 1} of {text!r}: unexpected character {text[pos]!r}")
        kind = match.lastgroup or ""
        value = match.group(kind)
        tokens.append((kind, value, match.start(kind)))
        pos = match.end()
    return tokens


def _parse_term(text: str, tokens: list[tuple[str, str, int]], pos: int) -> tuple[Pool | int, int]:
    def where(i: int) -> str:
        col = tokens[i][2] + 1 if i < len(tokens) else len(text) + 1
        return f"at column {col} of {text!r}"

    count: int | None = None
    if pos < len(tokens) and tokens[pos][0] == "num":
        count = int(tokens[pos][1])
        pos += 1
    if pos >= len(tokens) or tokens[pos][0] != "d":
        if count is None:
            raise ValueError(f"{where(pos)}: expected a number or a die such as 'd6'")
        return count, pos
    pos += 1
    if count is None:
        count = 1
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"{where(pos - 1)}: the number of dice must be 1…{MAX_DICE}, not {count}")
    if pos < len(tokens) and tokens[pos][0] == "pct":
        die = D_PERCENT
        pos += 1
    elif pos < len(tokens) and tokens[pos][0] == "num":
        sides = int(tokens[pos][1])
        if not 1 <= sides <= MAX_FACES:
            raise ValueError(f"{where(pos)}: a die needs 1…{MAX_FACES} faces, not {sides}")
        die = NAMED_DICE.get(f"d{sides}", None) or standard_die(sides)
        pos += 1
    else:
        raise ValueError(f"{where(pos)}: expected the number of faces or '%' after 'd'")
    keep = success = None
    if pos < len(tokens) and tokens[pos][0] == "keep":
        how = tokens[pos][1][1]
        pos += 1
        if pos >= len(tokens) or tokens[pos][0] != "num":
            raise ValueError(f"{where(pos)}: expected how many dice to keep after 'k{how}'")
        k = int(tokens[pos][1])
        if not 1 <= k <= count:
            raise ValueError(f"{where(pos)}: can keep 1…{count} of {count} dice, not {k}")
        keep = (how, k)
        pos += 1
    elif pos < len(tokens) and tokens[pos][0] == "cmp":
        op = tokens[pos][1]
        pos += 1
        if pos >= len(tokens) or tokens[pos][0] != "num":
            raise ValueError(f"{where(pos)}: expected a target number after {op!r}")
        success = (op, int(tokens[pos][1]))
        pos += 1
    return Pool(count, die, keep, success), pos
