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
from math import comb, gcd

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


_KINDS_AT_ONCE = 3  # kinds of dice summed by one recurrence (its steps grow fourfold with each)
_PRIMES = tuple(n for n in range(2, MAX_FACES + 1) if all(n % d for d in range(2, int(n**0.5) + 1)))


def _prime_powers(total: int) -> list[tuple[int, int]] | None:
    """`total` as (prime, exponent) pairs when every prime is at most MAX_FACES (true of every count of outcomes
    of dice with at most that many faces), else None."""
    out = []
    for p in _PRIMES:
        if total % p == 0:
            e = 0
            while total % p == 0:
                total //= p
                e += 1
            out.append((p, e))
            if total == 1:
                break
    return out if total == 1 else None


def _normalise(counts: dict[int, int], total: int) -> Distribution:
    """Each count out of `total` as an exact Fraction, in order of value.

    The denominators of large pools are powers of the number of faces, so the common factor of a count and the
    total is found from the total's few primes; this is what a generic gcd of hundred-digit numbers (Fraction's own
    reduction) would cost per value.
    """
    primes = _prime_powers(total) if len(counts) > 64 and total.bit_length() > 128 else None
    if primes is None:
        out: Distribution = {}
        for value, count in sorted(counts.items()):
            common = gcd(count, total)
            out[value] = _lowest_terms(count // common, total // common) if count else Fraction(0)
        return out
    twos = dict(primes).get(2, 0)
    odd = [(p, e) for p, e in primes if p != 2]
    denominators = {1: total}
    out = {}
    for value, count in sorted(counts.items()):
        if not count:
            out[value] = Fraction(0)
            continue
        common = 1 << min((count & -count).bit_length() - 1, twos)
        for p, e in odd:
            if count % p == 0:
                rest, times = count // p, 1
                while times < e and rest % p == 0:
                    rest //= p
                    times += 1
                common *= p**times
        denominator = denominators.get(common)
        if denominator is None:
            denominator = denominators[common] = total // common
        out[value] = _lowest_terms(count // common, denominator)
    return out


def _lowest_terms(numerator: int, denominator: int) -> Fraction:
    """A Fraction of a numerator and denominator known to be coprime, without Fraction's own gcd."""
    made = object.__new__(Fraction)
    made._numerator = numerator  # type: ignore[attr-defined]
    made._denominator = denominator  # type: ignore[attr-defined]
    return made


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
        ways: int = len(self.die.faces) ** self.count  # a count is never negative, so the power is whole
        return ways

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

    def sample(self, rng: random.Random) -> int:
        """The pool's result alone, drawn as `roll` draws it (thousands of rolls need no record of each die)."""
        faces, n = self.die.faces, len(self.die.faces)
        values = [faces[rng.randrange(n)] for _ in range(self.count)]
        if self.keep is not None:
            how, k = self.keep
            return sum(sorted(values, reverse=(how == "h"))[:k])
        if self.success is not None:
            return sum(1 for v in values if _meets(v, *self.success))
        return sum(values)

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
        # Only possible counts are listed (no hits at all when no face meets the target).
        ways = {k: comb(count, k) * hits**k * misses ** (count - k) for k in range(count + 1)}
        return {k: w for k, w in ways.items() if w}
    if keep is None or keep[1] >= count:
        return _sum_counts(count, faces)
    return _keep_counts(count, faces, keep[0], keep[1])


def _shape(faces: Sequence[int]) -> tuple[int, int, list[int]]:
    """(lowest face, step, weights): face `low + step * i` shows on weights[i] faces (steps of 10 for d%)."""
    low = min(faces)
    step = 0
    for f in faces:
        step = gcd(step, f - low)
    step = step or 1
    weights = [0] * ((max(faces) - low) // step + 1)
    for f in faces:
        weights[(f - low) // step] += 1
    return low, step, weights


def _power(weights: list[int], n: int) -> list[int]:
    """Coefficients of p(x)**n for p = sum(weights[i] x**i) with weights[0] > 0, exactly.

    From Q = P**n follows Q'P = nP'Q, so each coefficient follows from the previous ones in
    len(weights) steps instead of a full convolution per die: p0·s·q_s = Σ_j p_j((n+1)j − s)q_{s−j}.
    """
    if len(set(weights)) == 1:
        return [c * weights[0] ** n for c in _uniform_product([(1, len(weights), n)])]
    top = (len(weights) - 1) * n
    q = [weights[0] ** n] + [0] * top
    terms = [(j, w) for j, w in enumerate(weights) if j and w]
    p0 = weights[0]
    for s in range(1, top + 1):
        acc = 0
        for j, w in terms:
            if j > s:
                break
            acc += w * ((n + 1) * j - s) * q[s - j]
        q[s] = acc // (p0 * s)
    return q


def _uniform_product(groups: list[tuple[int, int, int]]) -> list[int]:
    """Coefficients of Π ((1 − x**(g·f)) / (1 − x**g))**n over groups (g, f, n), exactly: the ways to reach each
    sum of n dice with f evenly spaced faces (g apart) per group, in a few steps per coefficient.

    With D = Π (1 − x**g)(1 − x**(g·f)), Q'/Q = Σ n·(g·x**(g−1)/(1 − x**g) − g·f·x**(g·f−1)/(1 − x**(g·f))) reads
    Q'·D = Q·N with D and N sparse, so s·q_s = Σ_j (N_{j−1} − D_j·(s − j))·q_{s−j}; the sums are symmetric, so
    the second half mirrors the first.
    """
    groups = [(g, f, n) for g, f, n in groups if f > 1 and n > 0]
    factors = [({0: 1, g: -1}, {0: 1, g * f: -1}) for g, f, _ in groups]
    denominator: dict[int, int] = {0: 1}
    for low, high in factors:
        denominator = _sparse_product(_sparse_product(denominator, low), high)
    numerator: dict[int, int] = {}
    for i, (g, f, n) in enumerate(groups):
        term = _sparse_product({g - 1: n * g}, factors[i][1])
        term = _sparse_sum(term, _sparse_product({g * f - 1: -n * g * f}, factors[i][0]))
        for j, (low, high) in enumerate(factors):
            if j != i:
                term = _sparse_product(_sparse_product(term, low), high)
        numerator = _sparse_sum(numerator, term)
    steps: dict[int, tuple[int, int]] = {}  # offset j -> (a, b): q_s gains (a·s + b)·q_{s−j}
    for j, d in denominator.items():
        if j:
            steps[j] = (-d, d * j)
    for j, c in numerator.items():
        a, b = steps.get(j + 1, (0, 0))
        steps[j + 1] = (a, b + c)
    rule = sorted((j, a, b) for j, (a, b) in steps.items() if a or b)
    top = sum(n * g * (f - 1) for g, f, n in groups)
    q = [0] * (top + 1)
    q[0] = 1
    for s in range(1, top // 2 + 1):
        acc = 0
        for j, a, b in rule:
            if j > s:
                break
            acc += (a * s + b) * q[s - j]
        q[s] = acc // s
    for s in range(top // 2 + 1, top + 1):
        q[s] = q[top - s]
    return q


def _sparse_product(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return {k: v for k, v in out.items() if v}


def _sparse_sum(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


def _sum_counts(count: int, faces: tuple[int, ...]) -> dict[int, int]:
    low, step, weights = _shape(faces)
    return {low * count + step * i: c for i, c in enumerate(_power(weights, count)) if c}


def _keep_counts(count: int, faces: tuple[int, ...], how: str, k: int) -> dict[int, int]:
    """Keep the k highest (or lowest) of `count` dice, by a DP over distinct values in keep order.

    Assigning j of the remaining dice to each value in turn (best value first) fixes which dice are kept:
    the first k assigned. Once k are assigned the kept sum is settled and the rest may show any worse value,
    so only states with fewer than k dice assigned are carried; each is a row of ways per kept sum, packed into
    one integer (`width` bits a sum) so that shifting and adding a whole row is a single big-number operation.
    """
    low, step, weights = _shape(faces)
    order = [(i, w) for i, w in enumerate(weights) if w]
    if how == "h":
        order.reverse()
    width = (((len(faces) + 1) ** count).bit_length() + 8) // 8 * 8  # whole bytes, to unpack by slicing
    rows: list[int] = [1] + [0] * (k - 1)  # rows[u]: ways with u dice assigned, by kept sum
    done = 0
    worse = len(faces)
    for value, ways in order:
        worse -= ways
        nxt = [0] * k
        for used in range(k):
            row = rows[used]
            if not row:
                continue
            free = count - used
            # j < k - used of the free dice show this value: still short of k kept.
            for j in range(k - used):
                nxt[used + j] += (row * comb(free, j) * ways**j) << (j * value * width)
            # j >= k - used: the kept sum is settled at k - used more of this value; the rest are worse.
            need = k - used
            settled = (ways + worse) ** free - sum(comb(free, j) * ways**j * worse ** (free - j) for j in range(need))
            if settled:
                done += (row * settled) << (need * value * width)
        rows = nxt
    size = width // 8
    packed = done.to_bytes((done.bit_length() + 7) // 8 + size, "little")
    out: dict[int, int] = {}
    for index in range(len(packed) // size):
        c = int.from_bytes(packed[index * size : (index + 1) * size], "little")
        if c:
            out[low * k + step * index] = c
    return out


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
        offset = 0
        scale = 1
        groups: dict[tuple[int, int], int] = {}  # plain pools of evenly spaced faces: (spacing, faces) -> dice
        for sign, term in self.terms:
            if isinstance(term, int):
                offset += sign * term
                continue
            denominator *= term.outcomes()
            low, step, weights = _shape(term.die.faces)
            if term.success is None and (term.keep is None or term.keep[1] >= term.count) and len(set(weights)) == 1:
                # Summed in one go below; a subtracted pool is the same shape mirrored.
                top = low + step * (len(weights) - 1)
                offset += term.count * (low if sign > 0 else -top)
                scale *= weights[0] ** term.count
                groups[step, len(weights)] = groups.get((step, len(weights)), 0) + term.count
                continue
            part = term.counts()
            counts = _convolve(counts, part if sign > 0 else {-v: c for v, c in part.items()}, denominator)
        kinds = [(g, f, n) for (g, f), n in groups.items()]
        for start in range(0, len(kinds), _KINDS_AT_ONCE):
            summed = _uniform_product(kinds[start : start + _KINDS_AT_ONCE])
            counts = _convolve(counts, {i: c for i, c in enumerate(summed) if c}, denominator)
        if scale != 1:
            counts = {s: w * scale for s, w in counts.items()}
        return _normalise({s + offset: w for s, w in counts.items()}, denominator)

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
        """Sample the total: the same draws as `roll` (so the same total), without recording each die."""
        total = 0
        for sign, term in self.terms:
            total += sign * (term if isinstance(term, int) else term.sample(rng))
        return total

    def chance(self, at_least: int) -> Fraction:
        """Exact chance that the total is at least `at_least`."""
        return sum((p for v, p in self.distribution().items() if v >= at_least), Fraction(0))

    def mean(self) -> Fraction:
        """The exact expected total."""
        return sum((v * p for v, p in self.distribution().items()), Fraction(0))

    def work(self) -> float:
        """About how long `distribution()` takes, in microseconds of one desktop core: a caller that must stay
        responsive refuses expressions above its budget. Follows the steps of `distribution()`."""
        bits = 1
        totals = 1  # length of the row of sums so far
        spans: dict[tuple[int, int], int] = {}  # plain pools summed by the recurrence: kind -> sums spanned
        cost = 0.0
        for _, term in self.terms:
            if isinstance(term, int):
                continue
            faces = len(term.die.faces)
            bits += faces.bit_length() * term.count
            _, step, weights = _shape(term.die.faces)
            span = (len(weights) - 1) * step  # the row of sums counts every number between, reachable or not
            if term.success is not None:
                size = term.count + 1
            elif term.keep is not None and term.keep[1] < term.count:
                k = term.keep[1]
                distinct = sum(1 for w in weights if w)
                width = faces.bit_length() * term.count
                cost += 0.5 * distinct * k * k + 7e-5 * distinct * (len(weights) - 1) * k**3 * width
                size = k * span + 1
            elif len(set(weights)) == 1:
                spans[step, len(weights)] = spans.get((step, len(weights)), 0) + term.count * span
                continue
            else:
                size = term.count * span + 1
                cost += size * len(weights) * (0.3 + bits / 2000)
            cost += _convolve_work(totals, size, bits)
            totals += size - 1
        kinds = list(spans.items())
        for start in range(0, len(kinds), _KINDS_AT_ONCE):
            chunk = kinds[start : start + _KINDS_AT_ONCE]
            spread = sum(span for _, span in chunk)
            # Steps per sum: the terms of the recurrence; the row is symmetric, so half of it is worked out.
            rule = min(4 ** len(chunk), sum(g * (f + 1) for (g, f), _ in chunk) + 1)
            cost += spread / 2 * rule * (0.3 + bits / 3000)
            cost += _convolve_work(totals, spread + 1, bits)
            totals += spread
        return cost + totals * (0.5 + bits / 300)  # the Fractions


def _convolve_work(a: int, b: int, bits: int) -> float:
    """Microseconds `_convolve` takes for rows of `a` and `b` sums whose counts need `bits` bits."""
    if a == 1 or b == 1:
        return 0.0
    if a * b <= 4096:
        return 0.3 * a * b
    # Packing and unpacking each count, then Karatsuba on the shorter row as many times as it fits in the longer.
    short, long = sorted((a * bits / 64, b * bits / 64))
    karatsuba: float = short**0.585  # a positive base: the power is real
    return 1.5 * (a + b) + 0.04 * long * karatsuba


def _convolve(a: dict[int, int], b: dict[int, int], bound: int) -> dict[int, int]:
    """Ways to reach each sum of one value of `a` and one of `b` (no resulting count exceeds `bound`).

    Long rows are multiplied as two packed big integers, a row of counts each (Kronecker substitution): one
    multiplication in C instead of a Python step per pair.
    """
    if len(a) == 1 or len(b) == 1:
        ((shift, scale),), row = (a.items(), b) if len(a) == 1 else (b.items(), a)
        return {shift + v: c * scale for v, c in row.items()}
    if len(a) * len(b) <= 4096:
        out: dict[int, int] = {}
        for s, w in a.items():
            for v, c in b.items():
                out[s + v] = out.get(s + v, 0) + w * c
        return out
    size = (bound.bit_length() + 8) // 8
    low_a, low_b = min(a), min(b)

    def packed(row: dict[int, int], low: int) -> int:
        cells = [0] * (max(row) - low + 1)
        for v, c in row.items():
            cells[v - low] = c
        return int.from_bytes(b"".join(c.to_bytes(size, "little") for c in cells), "little")

    product = packed(a, low_a) * packed(b, low_b)
    cells = product.to_bytes((product.bit_length() + 7) // 8 + size, "little")
    out = {}
    for index in range(len(cells) // size):
        c = int.from_bytes(cells[index * size : (index + 1) * size], "little")
        if c:
            out[low_a + low_b + index] = c
    return out


NOTATION_ERRORS = {
    "empty": "empty dice expression",
    "expected_sign": "expected '+' or '-' before {found!r}",
    "nothing_after": "nothing after {found!r}",
    "unexpected": "unexpected character {found!r}",
    "expected_term": "expected a number or a die such as 'd6'",
    "dice_count": "the number of dice must be 1…{most}, not {found}",
    "faces": "a die needs 1…{most} faces, not {found}",
    "expected_faces": "expected the number of faces or '%' after 'd'",
    "expected_keep": "expected how many dice to keep after {found!r}",
    "keep_range": "can keep 1…{most} of {most} dice, not {found}",
    "expected_target": "expected a target number after {found!r}",
}


class NotationError(ValueError):
    """Dice notation the parser refuses: `code` (a key of NOTATION_ERRORS), the 1-based `column` (0: the whole
    text), and the `found` / `most` values the message names, so a client can say it in its own words."""

    def __init__(self, code: str, text: str, column: int = 0, found: object = "", most: int = 0) -> None:
        self.code, self.text, self.column, self.found, self.most = code, text, column, found, most
        reason = NOTATION_ERRORS[code].format(found=found, most=most)
        super().__init__(f"at column {column} of {text!r}: {reason}" if column else reason)


_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<d>[dD])|(?P<pct>%)|(?P<keep>k[hl])|(?P<cmp>>=|<=|>|<)|(?P<sign>[+-]))")


def parse(text: str) -> DiceExpression:
    """Parse dice notation such as `2d6+3`, `4d6kh2`, `5d6>=4`, `d%`, `d18`; ValueError says where and why."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty", text if isinstance(text, str) else "")
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
            raise NotationError("expected_sign", text, col + 1, value)
        sign = -1 if value == "-" else 1
        pos += 1
        if pos == len(tokens):
            raise NotationError("nothing_after", text, col + 1, value)
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
            raise NotationError("unexpected", text, pos + 1, text[pos])
        kind = match.lastgroup or ""
        value = match.group(kind)
        tokens.append((kind, value, match.start(kind)))
        pos = match.end()
    return tokens


Tokens = list[tuple[str, str, int]]


def _where(text: str, tokens: Tokens, i: int) -> int:
    """The 1-based column of token `i` (past the end: one past the text) for error messages."""
    return tokens[i][2] + 1 if i < len(tokens) else len(text) + 1


def _is(tokens: Tokens, pos: int, kind: str) -> bool:
    return pos < len(tokens) and tokens[pos][0] == kind


def _parse_term(text: str, tokens: Tokens, pos: int) -> tuple[Pool | int, int]:
    count: int | None = None
    if _is(tokens, pos, "num"):
        count = int(tokens[pos][1])
        pos += 1
    if not _is(tokens, pos, "d"):
        if count is None:
            raise NotationError("expected_term", text, _where(text, tokens, pos))
        return count, pos
    pos += 1
    if count is None:
        count = 1
    if not 1 <= count <= MAX_DICE:
        raise NotationError("dice_count", text, _where(text, tokens, pos - 1), count, MAX_DICE)
    die, pos = _parse_die(text, tokens, pos)
    keep = success = None
    if _is(tokens, pos, "keep"):
        how = tokens[pos][1][1]
        k, pos = _number_after(text, tokens, pos + 1, "expected_keep", f"k{how}")
        if not 1 <= k <= count:
            raise NotationError("keep_range", text, _where(text, tokens, pos - 1), k, count)
        keep = (how, k)
    elif _is(tokens, pos, "cmp"):
        op = tokens[pos][1]
        target, pos = _number_after(text, tokens, pos + 1, "expected_target", op)
        success = (op, target)
    return Pool(count, die, keep, success), pos


def _parse_die(text: str, tokens: Tokens, pos: int) -> tuple[Die, int]:
    """The die after a 'd': percentile or a number of faces."""
    if _is(tokens, pos, "pct"):
        return D_PERCENT, pos + 1
    if not _is(tokens, pos, "num"):
        raise NotationError("expected_faces", text, _where(text, tokens, pos))
    sides = int(tokens[pos][1])
    if not 1 <= sides <= MAX_FACES:
        raise NotationError("faces", text, _where(text, tokens, pos), sides, MAX_FACES)
    return NAMED_DICE.get(f"d{sides}", None) or standard_die(sides), pos + 1


def _number_after(text: str, tokens: Tokens, pos: int, error: str, after: str) -> tuple[int, int]:
    """The number a keep or a comparison needs at `pos`, and the position after it."""
    if not _is(tokens, pos, "num"):
        raise NotationError(error, text, _where(text, tokens, pos), after)
    return int(tokens[pos][1]), pos + 1
