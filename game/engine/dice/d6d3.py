"""The D6 + D3 system (D1–D5): d18, picking options and tables by dice, and percent chances with true odds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from game.engine.dice.polyhedral import D3, D6, Distribution, _normalise


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
