"""The server's caps and timings, and the per-connection rate limit."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from game.online.store import FINISHED_TTL


@dataclass(frozen=True)
class ServerConfig:
    """The server's caps and timings."""

    max_matches: int = 10_000
    max_connections: int = 4_096
    #: How long a finished match stays readable before it is removed.
    finished_ttl: float = FINISHED_TTL
    #: How often finished matches are looked for, and idle ones dropped from memory.
    sweep_every: float = 60.0
    #: A match nobody watches leaves memory after this long (the store keeps it).
    idle_seconds: float = 600.0
    #: Per-connection rate limit: a bucket of `burst` messages refilled at `rate` a second.
    rate: float = 20.0
    burst: float = 40.0
    #: Refused messages in a row (over the rate) before the connection is closed.
    max_strikes: int = 100
    #: How long a closing connection waits for the peer's answer: a vanished peer must not hold up a shutdown.
    close_timeout: float = 2.0


class TokenBucket:
    """A token bucket: `take` is True while messages stay within the rate (with bursts up to `burst`)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self.tokens = burst
        self._last = clock()

    def take(self) -> bool:
        """Spend one message; False when the bucket is empty."""
        now = self._clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
