"""Alkemy health-dice rolls (A1–A5): checks, bonus and penalty dice, opposed rolls, exact odds and samplers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from game.engine.dice.polyhedral import Distribution, _normalise

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
