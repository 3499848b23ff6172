"""Dice engine figures: exact distributions and an opposed Alkemy roll (issue target: each under 20 ms)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bench.common import Figure, figure, time_call
from game.engine import dice


def _fresh(fn):
    # Clear the memo tables first so every call measures the full computation, not a cache hit.
    def run() -> Any:
        dice.polyhedral._pool_counts.cache_clear()
        dice.alkemy._kept_outcomes.cache_clear()
        return fn()

    return run


def figures() -> Iterator[Figure]:
    """Yield the dice figures."""
    dice.default_alkemy_table()
    yield figure(
        "dice_4d6kh2_distribution_ms",
        1000 * time_call(_fresh(lambda: dice.parse("4d6kh2").distribution()), repeat=20),
        "ms",
    )
    yield figure(
        "dice_12d6_successes_distribution_ms",
        1000 * time_call(_fresh(lambda: dice.parse("12d6>=4").distribution()), repeat=20),
        "ms",
    )
    # The heaviest pools the parser takes (100 dice of up to 1000 faces); the Dice Lab charts what its budget allows.
    for text, repeat in (("100d20", 5), ("100d20kh10", 3), ("100d1000", 1)):
        expression = dice.parse(text)
        yield figure(
            f"dice_{text}_distribution_ms",
            1000 * time_call(_fresh(expression.distribution), repeat=repeat),
            "ms",
            estimate_ms=round(expression.work() / 1000, 2),
        )
    yield figure(
        "dice_alkemy_opposed_2_bonus_each_ms",
        1000 * time_call(_fresh(lambda: dice.alkemy_opposed(4, 4, bonus_a=2, bonus_b=2)), repeat=10),
        "ms",
    )
    yield figure(
        "dice_alkemy_opposed_mixed_health_ms",
        1000 * time_call(_fresh(lambda: dice.alkemy_opposed(5, 3, "yellow", "red", 2, 0, 0, 2)), repeat=10),
        "ms",
    )
