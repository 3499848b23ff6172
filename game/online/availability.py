"""Whether the match store can be reached: every client is told when it cannot, and when it is back."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from websockets.asyncio.server import broadcast

from game.online import protocol as P
from game.online.live import Conn
from game.online.store import Relay, Store, StoreUnavailable

log = logging.getLogger(__name__)


class Availability:
    """The store's reachability: `down` tells every connection and starts a probe; `on_back` runs once it answers."""

    def __init__(self, store: Store, relay: Relay | None, conns: set[Conn], on_back: Callable[[], None]) -> None:
        self.store, self.relay, self.conns, self.on_back = store, relay, conns, on_back
        #: False while the store cannot be reached (every client is told; a probe waits for it to come back).
        self.available = True
        self._probe: asyncio.Task[None] | None = None

    def down(self, reason: str = "") -> None:
        """The store cannot be reached: tell every client, and wait for it to come back."""
        if not self.available:
            return
        self.available = False
        log.warning("the match store is unavailable; retrying (%s)", reason or "the relay was cut")
        broadcast([c.ws for c in self.conns], P.status_message(False))
        self._probe = asyncio.get_running_loop().create_task(self._wait_for_store())

    def stop(self) -> None:
        """Stop probing (the server is closing)."""
        if self._probe is not None:
            self._probe.cancel()

    async def _wait_for_store(self) -> None:
        delay = 0.05
        while True:
            await asyncio.sleep(delay)  # a probe's pace, not a wait for an outcome
            delay = min(delay * 2, 1.0)
            try:
                if self.relay is not None:
                    await self.relay.ping()
                else:
                    await self.store.count()
            except StoreUnavailable:
                continue
            except Exception:  # noqa: BLE001 - probed again
                log.exception("probing the match store failed")
                continue
            break
        log.warning("the match store is back")
        self.available = True
        broadcast([c.ws for c in self.conns], P.status_message(True))
        self.on_back()
