"""The dice engine: polyhedral dice and pools with exact distributions, and samplers that take an RNG.

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


# --------------------------------------------------------------------------- Alkemy (A1–A5)

HEALTH_COLOURS = ("white", "yellow", "red")
SYMBOLS = ("sword", "axe", "mace")
MAX_ALKEMY_DICE = 4
KEPT_DICE = 2


@dataclass(frozen=True)
class AlkemyFace:
    """One face of a health die: a number and a symbol."""

    value: int
    symbol: str


AlkemyTable = dict[str, tuple[AlkemyFace, ...]]


def validate_alkemy_table(data: object) -> AlkemyTable:
    """Check a face table {colour: [{value, symbol} × 6]}; ValueError names the colour and face."""
    if not isinstance(data, dict):
        raise ValueError("the Alkemy face table must be an object with the colours white, yellow and red")
    faces_by_colour = data.get("colours", data)
    if not isinstance(faces_by_colour, dict):
        raise ValueError("'colours' must be an object")
    table: AlkemyTable = {}
    for colour in HEALTH_COLOURS:
        faces = faces_by_colour.get(colour)
        if not isinstance(faces, list) or len(faces) != 6:
            raise ValueError(f"colour {colour!r}: needs a list of exactly 6 faces")
        parsed = []
        for i, face in enumerate(faces, start=1):
            if not isinstance(face, dict):
                raise ValueError(f"colour {colour!r}, face {i}: must be an object with 'value' and 'symbol'")
            value, symbol = face.get("value"), face.get("symbol")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise ValueError(f"colour {colour!r}, face {i}: value must be a whole number 1…6, not {value!r}")
            if symbol not in SYMBOLS:
                choices = ", ".join(SYMBOLS)
                raise ValueError(f"colour {colour!r}, face {i}: symbol must be one of {choices}, not {symbol!r}")
            parsed.append(AlkemyFace(value, symbol))
        table[colour] = tuple(parsed)
    unknown = set(faces_by_colour) - set(HEALTH_COLOURS)
    if unknown:
        raise ValueError(f"unknown colour(s): {', '.join(sorted(unknown))}")
    return table


@cache
def default_alkemy_table() -> AlkemyTable:
    """The face table from `levels/dice/alkemy.json` (the decided defaults of A1)."""
    import json

    from game.paths import levels_dir

    path = levels_dir() / "dice" / "alkemy.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot read the Alkemy face table ({exc})") from exc
    try:
        return validate_alkemy_table(data)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from exc


def net_modifier(bonus: int, penalty: int) -> int:
    """Bonus minus penalty dice, capped so that at most four dice are rolled (A3): −2…+2."""
    if bonus < 0 or penalty < 0:
        raise ValueError("bonus and penalty dice cannot be negative")
    net = bonus - penalty
    return max(-(MAX_ALKEMY_DICE - KEPT_DICE), min(MAX_ALKEMY_DICE - KEPT_DICE, net))


def keep_indices(values: Sequence[int], net: int) -> tuple[int, int]:
    """Which two dice count by default: the best pair under bonus dice, the two lowest under penalty (A3).

    Ties between equal values go to the earlier die, so the choice is deterministic.
    """
    if len(values) < KEPT_DICE:
        raise ValueError("an Alkemy roll keeps two dice")
    order = sorted(range(len(values)), key=lambda i: (values[i], -i), reverse=True)
    if net < 0:
        order = sorted(range(len(values)), key=lambda i: (values[i], i))
    first, second = sorted(order[:KEPT_DICE])
    return first, second


def keep_default(values: Sequence[int], net: int) -> tuple[int, int]:
    """The kept values by default (A3), e.g. (4, 5) from 4, 5, 1 with one bonus die."""
    i, j = keep_indices(values, net)
    return values[i], values[j]


def _dice_count(net: int) -> int:
    return KEPT_DICE + abs(net)


@cache
def _kept_outcomes(health: str, net: int, table_key: int) -> dict[tuple[int, str, str], int]:
    """Ways to get each (kept sum, symbol, symbol) for one side, over all 6**n rolls (n ≤ 4)."""
    faces = _TABLES[table_key][health]
    n = _dice_count(net)
    result: dict[tuple[int, str, str], int] = {}

    def walk(prefix: list[int]) -> None:
        if len(prefix) == n:
            values = [faces[i].value for i in prefix]
            i, j = keep_indices(values, net)
            a, b = sorted((faces[prefix[i]].symbol, faces[prefix[j]].symbol))
            key = (values[i] + values[j], a, b)
            result[key] = result.get(key, 0) + 1
            return
        for f in range(6):
            prefix.append(f)
            walk(prefix)
            prefix.pop()

    walk([])
    return result


# Tables are cached by identity key so custom tables from the Dice Lab work with the memoised helpers.
_TABLES: dict[int, AlkemyTable] = {}


def _table_key(table: AlkemyTable | None) -> int:
    table = table if table is not None else default_alkemy_table()
    key = id(table)
    _TABLES.setdefault(key, table)
    return key


def _check_health(health: str) -> None:
    if health not in HEALTH_COLOURS:
        raise ValueError(f"health must be one of {', '.join(HEALTH_COLOURS)}, not {health!r}")


def alkemy_kept_distribution(
    health: str = "white", bonus: int = 0, penalty: int = 0, table: AlkemyTable | None = None
) -> Distribution:
    """Exact distribution of the sum of the two kept dice (default keep)."""
    _check_health(health)
    net = net_modifier(bonus, penalty)
    counts: dict[int, int] = {}
    for (total, _, _), ways in _kept_outcomes(health, net, _table_key(table)).items():
        counts[total] = counts.get(total, 0) + ways
    return _normalise(counts, 6 ** _dice_count(net))


def alkemy_symbol_pairs(
    health: str = "white", bonus: int = 0, penalty: int = 0, table: AlkemyTable | None = None
) -> dict[tuple[str, str], Fraction]:
    """Exact distribution of the kept symbol pair (symbols in alphabetical order), A5."""
    _check_health(health)
    net = net_modifier(bonus, penalty)
    counts: dict[tuple[str, str], int] = {}
    for (_, a, b), ways in _kept_outcomes(health, net, _table_key(table)).items():
        counts[(a, b)] = counts.get((a, b), 0) + ways
    total = 6 ** _dice_count(net)
    return {pair: Fraction(w, total) for pair, w in sorted(counts.items())}


def alkemy_check(
    attribute: int,
    difficulty: int,
    health: str = "white",
    bonus: int = 0,
    penalty: int = 0,
    table: AlkemyTable | None = None,
) -> Fraction:
    """Exact chance that attribute + the two kept dice ≥ difficulty (A2, A3, A5)."""
    dist = alkemy_kept_distribution(health, bonus, penalty, table)
    return sum((p for total, p in dist.items() if attribute + total >= difficulty), Fraction(0))


def alkemy_opposed(
    attr_a: int,
    attr_b: int,
    health_a: str = "white",
    health_b: str = "white",
    bonus_a: int = 0,
    penalty_a: int = 0,
    bonus_b: int = 0,
    penalty_b: int = 0,
    table: AlkemyTable | None = None,
) -> Fraction:
    """Exact chance that side A wins an opposed roll (A4), rerolls on full ties summed as a geometric series."""
    win, tie, _ = alkemy_opposed_round(
        attr_a, attr_b, health_a, health_b, bonus_a, penalty_a, bonus_b, penalty_b, table
    )
    if attr_a > attr_b:
        return win + tie
    if attr_a < attr_b:
        return win
    if tie == 1:
        raise ValueError("both sides always tie: the reroll never ends")
    return win / (1 - tie)


def alkemy_opposed_round(
    attr_a: int,
    attr_b: int,
    health_a: str = "white",
    health_b: str = "white",
    bonus_a: int = 0,
    penalty_a: int = 0,
    bonus_b: int = 0,
    penalty_b: int = 0,
    table: AlkemyTable | None = None,
) -> tuple[Fraction, Fraction, Fraction]:
    """One opposed roll before tie-breaks: chances that A's total is higher, equal, lower."""
    dist_a = alkemy_kept_distribution(health_a, bonus_a, penalty_a, table)
    dist_b = alkemy_kept_distribution(health_b, bonus_b, penalty_b, table)
    win = tie = lose = Fraction(0)
    for va, pa in dist_a.items():
        for vb, pb in dist_b.items():
            ta, tb = attr_a + va, attr_b + vb
            if ta > tb:
                win += pa * pb
            elif ta == tb:
                tie += pa * pb
            else:
                lose += pa * pb
    return win, tie, lose


@dataclass(frozen=True)
class AlkemyRoll:
    """A sampled Alkemy roll: every die rolled, the indices kept, the kept faces and the total."""

    health: str
    attribute: int
    rolled: tuple[AlkemyFace, ...]
    kept_indices: tuple[int, int]

    @property
    def kept(self) -> tuple[AlkemyFace, AlkemyFace]:
        """The two faces that count."""
        i, j = self.kept_indices
        return self.rolled[i], self.rolled[j]

    @property
    def symbols(self) -> tuple[str, str]:
        """The symbols of the kept faces."""
        a, b = self.kept
        return a.symbol, b.symbol

    @property
    def total(self) -> int:
        """Attribute plus the kept values."""
        a, b = self.kept
        return self.attribute + a.value + b.value

    def keep(self, i: int, j: int) -> AlkemyRoll:
        """The same roll with another pair kept (a player may choose any pair under bonus dice)."""
        if i == j or not (0 <= i < len(self.rolled) and 0 <= j < len(self.rolled)):
            raise ValueError("choose two different dice of the roll")
        return AlkemyRoll(self.health, self.attribute, self.rolled, (min(i, j), max(i, j)))


def alkemy_roll(
    rng: random.Random,
    attribute: int = 0,
    health: str = "white",
    bonus: int = 0,
    penalty: int = 0,
    table: AlkemyTable | None = None,
) -> AlkemyRoll:
    """Sample an Alkemy roll with the default keep."""
    _check_health(health)
    faces = (table or default_alkemy_table())[health]
    net = net_modifier(bonus, penalty)
    rolled = tuple(faces[rng.randrange(6)] for _ in range(_dice_count(net)))
    return AlkemyRoll(health, attribute, rolled, keep_indices([f.value for f in rolled], net))


def opposed_winner(attr_a: int, total_a: int, attr_b: int, total_b: int) -> str | None:
    """'a', 'b', or None when totals and attributes both tie (reroll), per A4."""
    if total_a != total_b:
        return "a" if total_a > total_b else "b"
    if attr_a != attr_b:
        return "a" if attr_a > attr_b else "b"
    return None


@dataclass(frozen=True)
class OpposedRoll:
    """A sampled opposed roll: every exchange (rerolls included) and the winner."""

    exchanges: tuple[tuple[AlkemyRoll, AlkemyRoll], ...]
    winner: str


def alkemy_opposed_roll(
    rng: random.Random,
    attr_a: int,
    attr_b: int,
    health_a: str = "white",
    health_b: str = "white",
    bonus_a: int = 0,
    penalty_a: int = 0,
    bonus_b: int = 0,
    penalty_b: int = 0,
    table: AlkemyTable | None = None,
    max_rerolls: int = 1000,
) -> OpposedRoll:
    """Sample an opposed roll, rerolling full ties (A4)."""
    exchanges = []
    for _ in range(max_rerolls):
        a = alkemy_roll(rng, attr_a, health_a, bonus_a, penalty_a, table)
        b = alkemy_roll(rng, attr_b, health_b, bonus_b, penalty_b, table)
        exchanges.append((a, b))
        winner = opposed_winner(attr_a, a.total, attr_b, b.total)
        if winner:
            return OpposedRoll(tuple(exchanges), winner)
    raise ValueError("the opposed roll kept tying")


# --------------------------------------------------------------------------- D6 + D3 system (D1–D5)


def d18_value(d3: int, d6: int) -> int:
    """D1: (d3 − 1) × 6 + d6, uniform on 1…18."""
    if d3 not in (1, 2, 3) or not 1 <= d6 <= 6:
        raise ValueError(f"d3 must be 1…3 and d6 1…6, not {d3} and {d6}")
    return (d3 - 1) * 6 + d6


def d18_distribution() -> Distribution:
    """Exact distribution of D1's d18 built from a d3 and a d6."""
    counts: dict[int, int] = {}
    for d3 in D3.faces:
        for d6 in D6.faces:
            v = d18_value(d3, d6)
            counts[v] = counts.get(v, 0) + 1
    return _normalise(counts, len(D3.faces) * len(D6.faces))


def roll_d18(rng: random.Random) -> tuple[int, int, int]:
    """Sample (d3, d6, d18)."""
    d3, d6 = D3.sample(rng), D6.sample(rng)
    return d3, d6, d18_value(d3, d6)


def pick_one_of_three(options: Sequence[object], d3: int) -> object:
    """D2: the d3 picks option 1, 2 or 3."""
    if len(options) != 3:
        raise ValueError("pick-one-of-three needs exactly three options")
    if d3 not in (1, 2, 3):
        raise ValueError(f"a d3 shows 1…3, not {d3}")
    return options[d3 - 1]


def table_by_d6(table: Sequence[object], d6: int) -> object:
    """D3: a six-entry table read by a d6."""
    if len(table) != 6:
        raise ValueError("a d6 table needs exactly six entries")
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 shows 1…6, not {d6}")
    return table[d6 - 1]


def pick_one_of_two(first: object, second: object, d6: int) -> object:
    """D4: a d6 of 1–3 picks the first option, 4–6 the second."""
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 shows 1…6, not {d6}")
    return first if d6 <= 3 else second


def options_distribution(options: Sequence[object]) -> dict[object, Fraction]:
    """Exact chance of each entry of a table of 2 (D4), 3 (D2, by d3) or 6 (D3) entries."""
    if len(options) not in (2, 3, 6):
        raise ValueError("a table read by dice has 2, 3 or 6 entries")
    counts: dict[object, int] = {}
    for face in D6.faces:
        if len(options) == 2:
            entry = pick_one_of_two(options[0], options[1], face)
        elif len(options) == 3:
            entry = pick_one_of_three(options, D3.faces[face - 1])
        else:
            entry = table_by_d6(options, face)
        counts[entry] = counts.get(entry, 0) + 1
    return {entry: Fraction(c, 6) for entry, c in counts.items()}


# D5: the printed percentages and how many named faces of a d6 each means.
PERCENT_TABLE: dict[int, int] = {16: 1, 33: 2, 50: 3, 66: 4, 85: 5}


def percent_chance(printed: int) -> tuple[int, Fraction]:
    """D5: (named faces, true chance) for a printed percentage, e.g. 85 → (5, 5/6)."""
    if printed not in PERCENT_TABLE:
        raise ValueError(f"no d6 entry for {printed}%; the table has {', '.join(map(str, PERCENT_TABLE))}")
    faces = PERCENT_TABLE[printed]
    return faces, Fraction(faces, 6)


def percent_check(named_faces: Sequence[int], d6: int) -> bool:
    """D5: the chance comes true when the d6 shows one of the named faces."""
    if len(set(named_faces)) != len(named_faces) or not all(1 <= f <= 6 for f in named_faces):
        raise ValueError("named faces must be distinct numbers 1…6")
    return d6 in named_faces
