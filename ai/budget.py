"""Search budgets: a node count (reproducible) capped by wall time, and a stop flag another thread can raise."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

# Fraction of the time budget a search may use before it stops; the rest covers unwinding and returning,
# so a decision never runs more than 10 % over its budget.
TIME_SAFETY = 0.85


class BudgetExhausted(Exception):
    """Raised inside a search when its node budget or time is used up, or it was asked to stop."""


@dataclass(frozen=True)
class Limits:
    """What one decision may spend: nodes (None = unlimited) and seconds (None = no time cap)."""

    nodes: int | None = None
    seconds: float | None = None


class Budget:
    """Counts nodes of one search and says when to stop: node limit, time cap or an external stop."""

    def __init__(self, limits: Limits, stop: threading.Event | None = None) -> None:
        self.limits = limits
        self.stop = stop
        self.nodes = 0
        self.started = time.perf_counter()
        self._deadline = None if limits.seconds is None else self.started + limits.seconds * TIME_SAFETY
        self._node_limit = limits.nodes

    def tick(self, count: int = 1) -> None:
        """Account for `count` nodes; raises BudgetExhausted once any limit is reached."""
        self.nodes += count
        if self._node_limit is not None and self.nodes > self._node_limit:
            raise BudgetExhausted("nodes")
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise BudgetExhausted("time")
        if self.stop is not None and self.stop.is_set():
            raise BudgetExhausted("stopped")
