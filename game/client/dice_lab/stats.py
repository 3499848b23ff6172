"""The Lab's arithmetic on exact distributions: shown percentages, where a roll fell, spread, fit of observed rolls.

No pygame here: the figures the scene shows are computed (and tested) on their own.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.client.i18n import FALLBACK, number_format

FAIR_P = 0.05  # below this a fit is called unusual
LOADED_P = 0.001  # below this the dice are called suspicious
MIN_EXPECTED = 5.0  # chi-square bins are merged until each expects at least this many rolls


def percent_text(chance: Fraction, language: str = FALLBACK) -> str:
    """A chance as the Lab shows it: one decimal, never rounded to 0 or 100 unless exact ('<0.1 %', '>99.9 %')."""
    numbers = number_format(language)
    if chance <= 0:
        body = "0"
    elif chance >= 1:
        body = "100"
    else:
        body = f"{float(chance) * 100:.1f}"
        if body == "0.0":
            return "<" + numbers.percent_of(numbers.digits("0.1"))
        if body == "100.0":
            return ">" + numbers.percent_of(numbers.digits("99.9"))
    return numbers.percent_of(numbers.digits(body))


def fraction_text(chance: Fraction) -> str:
    """A chance as an exact fraction, e.g. '5/6'."""
    return str(chance.numerator) if chance.denominator == 1 else f"{chance.numerator}/{chance.denominator}"


def at_least(dist: Mapping[int, Fraction], value: int) -> Fraction:
    """Chance of a result of `value` or more."""
    return sum((p for v, p in dist.items() if v >= value), Fraction(0))


def at_most(dist: Mapping[int, Fraction], value: int) -> Fraction:
    """Chance of a result of `value` or less."""
    return sum((p for v, p in dist.items() if v <= value), Fraction(0))


def cumulative(dist: Mapping[int, Fraction], view: str) -> dict[int, Fraction]:
    """The distribution as shown: 'exact', 'at_least' (P(X ≥ x)) or 'at_most' (P(X ≤ x))."""
    if view == "exact":
        return dict(dist)
    if view not in ("at_least", "at_most"):
        raise ValueError(f"unknown view {view!r}")
    out: dict[int, Fraction] = {}
    running = Fraction(0)
    keys = sorted(dist, reverse=(view == "at_least"))
    for v in keys:
        running += dist[v]
        out[v] = running
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class Standing:
    """Where a roll fell: 'top' with the chance of this or higher, or 'bottom' with this or lower."""

    side: str
    chance: Fraction


def standing(dist: Mapping[int, Fraction], value: int) -> Standing:
    """'top 12 %' when the roll is in the upper half of the outcomes, else 'bottom N %'."""
    high = at_least(dist, value)
    if high <= Fraction(1, 2):
        return Standing("top", high)
    return Standing("bottom", at_most(dist, value))


def mean_sd(dist: Mapping[int, Fraction]) -> tuple[float, float]:
    """The mean and the standard deviation of a distribution, in floats (shown to two decimals; exact
    Fractions of a 100-dice sum have denominators of a hundred digits and would cost the frame they land in)."""
    weights = [(v, float(p)) for v, p in dist.items()]
    mean = sum(v * p for v, p in weights)
    var = sum((v - mean) ** 2 * p for v, p in weights)
    return mean, math.sqrt(max(0.0, var))


def difference(dist_a: Mapping[int, Fraction], dist_b: Mapping[int, Fraction], offset: int) -> dict[int, Fraction]:
    """Distribution of (a + offset) − b for independent a and b (the margin of an opposed roll)."""
    out: dict[int, Fraction] = {}
    for va, pa in dist_a.items():
        for vb, pb in dist_b.items():
            d = va + offset - vb
            out[d] = out.get(d, Fraction(0)) + pa * pb
    return dict(sorted(out.items()))


# --------------------------------------------------------------------------- goodness of fit


@dataclass(frozen=True)
class Fit:
    """A chi-square goodness-of-fit test of observed counts against exact chances."""

    statistic: float
    dof: int
    p_value: float

    @property
    def verdict(self) -> str:
        """'fair', 'unusual' or 'loaded' (the words the Lab shows)."""
        if self.p_value < LOADED_P:
            return "loaded"
        if self.p_value < FAIR_P:
            return "unusual"
        return "fair"


def chi_square(observed: Mapping[Hashable, int], expected: Mapping[Hashable, Fraction]) -> Fit | None:
    """Test `observed` counts against the exact chances; None when too few bins remain after merging."""
    n = sum(observed.values())
    if n <= 0:
        return None
    bins: list[tuple[float, int]] = []
    acc_e, acc_o = 0.0, 0
    for key, p in expected.items():
        acc_e += float(p) * n
        acc_o += observed.get(key, 0)
        if acc_e >= MIN_EXPECTED:
            bins.append((acc_e, acc_o))
            acc_e, acc_o = 0.0, 0
    if acc_e > 0 or acc_o:
        if bins:
            e, o = bins.pop()
            bins.append((e + acc_e, o + acc_o))
        else:
            bins.append((acc_e, acc_o))
    # Counts of outcomes the exact distribution calls impossible go into the statistic as a certain misfit.
    stray = sum(c for k, c in observed.items() if k not in expected)
    if len(bins) < 2:
        return None
    stat = float(sum((o - e) ** 2 / e for e, o in bins if e > 0))
    dof = len(bins) - 1
    p_value = 0.0 if stray else chi_square_sf(stat, dof)
    return Fit(stat, dof, p_value)


def chi_square_sf(x: float, dof: int) -> float:
    """P(χ² with `dof` degrees of freedom ≥ x): the regularised upper incomplete gamma Q(dof/2, x/2)."""
    if x <= 0:
        return 1.0
    return _gamma_q(dof / 2.0, x / 2.0)


def _gamma_q(a: float, x: float) -> float:
    # Series for x < a + 1, Lentz's continued fraction otherwise (Numerical Recipes, gammp/gammq).
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(500):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)
