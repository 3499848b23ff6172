"""Exact probabilities as players read them: a whole percentage, and a small fraction where it is exact."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def percent(p: Any) -> str:
    """An exact probability shown as a whole percentage ('<1 %' and '>99 %' at the ends)."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{round(value)}%"


def fraction_text(p: Fraction) -> str:
    """A probability as an exact fraction ('1/2', '35/18'); whole numbers without a denominator."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
