"""`ThreadedMatchClient`: a `MatchClient` with its event loop on a background thread, for a window's frame loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable

from game.engine.core import JSONObject, Outcome
from game.online.client_config import ClientConfig
from game.online.client_events import (
    NEWS,
    ClientEvent,
    JoinRefused,
    SeatPresence,
    ServerGone,
    Status,
    StatusChanged,
    Unsent,
)
from game.online.dice import DiceCheck
from game.online.match_client import MatchClient

log = logging.getLogger(__name__)


class ThreadedMatchClient:
    """A `MatchClient` on its own thread: the window calls `poll()` each frame and sends without waiting.

    What the window reads of the match is copied from the background client before each event is queued (each
    attribute replaced whole: the window reads them without locks); they mean what the `MatchClient`'s do.
    """

    status: Status
    presence: tuple[SeatPresence, ...]
    seat: int | None
    token: str | None
    seq: int
    available: bool
    outcome: Outcome | None
    dice_check: DiceCheck | None
    match: JSONObject
    #: Why the client is gone ('' while it is not).
    error: str

    def __init__(self, config: ClientConfig) -> None:
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self.client = MatchClient(config, on_event=self._on_event)
        self.error = ""
        self._publish()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sending: set[asyncio.Task[object]] = set()  # the sends under way, held until they finish
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"kubiki-online-{self.client.code}", daemon=True)

    def start(self) -> ThreadedMatchClient:
        """Start connecting in the background; returns itself."""
        self._thread.start()
        self._started.wait(5.0)
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._started.set()
        try:
            await self.client.run()
        except (JoinRefused, ServerGone) as exc:
            self.error = str(exc) or type(exc).__name__
        except Exception as exc:  # noqa: BLE001 - reported to the window, which shows the connection gone
            log.exception("the online client failed")
            self.error = str(exc) or type(exc).__name__
            self._events.put(StatusChanged("gone", str(exc)))
        self._publish()
        if not self.client._closing:
            self.status = "gone"
        NEWS.arrived()  # the window may wait for `error` or `status`

    def _on_event(self, event: ClientEvent) -> None:
        self._publish()
        self._events.put(event)

    def _publish(self) -> None:
        """Copy the background client's facts for the window's thread."""
        c = self.client
        self.status, self.presence, self.seat, self.token, self.seq = c.status, c.presence, c.seat, c.token, c.seq
        self.available, self.outcome, self.dice_check, self.match = c.available, c.outcome, c.dice_check, dict(c.match)

    # ----- read by the window -----

    def poll(self) -> list[ClientEvent]:
        """Every event received since the last call (never blocks)."""
        events: list[ClientEvent] = []
        with contextlib.suppress(queue.Empty):
            while True:
                events.append(self._events.get_nowait())
        return events

    # ----- sent from the window -----

    def _call(self, make: Callable[[], object], ref: int | None = None) -> None:
        """Run the request `make()` on the client's loop; request `ref` is reported `Unsent` when it cannot run."""
        loop = self._loop
        if loop is not None:

            def schedule() -> None:
                coro = make()
                if asyncio.iscoroutine(coro):
                    # The loop keeps only a weak reference to a task: this one holds it until it has run.
                    task = loop.create_task(coro)
                    self._sending.add(task)
                    task.add_done_callback(self._sending.discard)

            with contextlib.suppress(RuntimeError):  # the loop has closed: the client is gone
                loop.call_soon_threadsafe(schedule)
                return
        if ref is not None:
            self._events.put(Unsent(ref))
            NEWS.arrived()

    def send_action(self, notation: str, seq: int | None = None) -> int:
        """Send this seat's decision made at entry `seq` (pass the seq of the last `Applied` the window polled);
        returns its request number, which the `Refused` or `Unsent` answering it carries."""
        ref = self.client.next_ref()
        self._call(lambda: self.client.send_action(notation, seq, ref), ref)
        return ref

    def resign(self) -> None:
        """Give up the match."""
        self._call(self.client.resign)

    def request_takeback(self) -> None:
        """Ask to take back this seat's last decision."""
        self._call(self.client.request_takeback)

    def answer_takeback(self, accept: bool) -> None:
        """Accept or decline the open takeback request."""
        self._call(lambda: self.client.answer_takeback(accept))

    def ask_rematch(self) -> None:
        """Ask for (or agree to) a rematch."""
        self._call(self.client.ask_rematch)

    def close(self, timeout: float = 5.0) -> None:
        """Leave the match and wait for the thread to end."""
        self._call(self.client.close)
        self._thread.join(timeout)
