"""Sharing matches with other server processes through a store that relays (one Redis behind several servers).

Each process tells the others what changed in a match here (a claimed seat, presence, a takeback request, rematch
asks) and hears their entries and news; a cut relay or store is made good by reading every match in memory again.
Without a relay every part of this is a no-op.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any

from game.engine.core import JSON, JSONObject
from game.online import protocol as P
from game.online.ledger import Ledger
from game.online.live import LiveMatch, Offer
from game.online.protocol import Entry
from game.online.store import Presence, SeatRecord, StoreUnavailable

log = logging.getLogger(__name__)


class MatchRelay:
    """This process's side of the relay: it tells, hears, and reads matches again after a cut."""

    def __init__(
        self,
        ledger: Ledger,
        store_down: Callable[[str], None],
        rematch_asked: Callable[[LiveMatch], Coroutine[Any, Any, None]],
    ) -> None:
        self.ledger = ledger
        self.relay = ledger.relay
        self._store_down = store_down
        self._rematch_asked = rematch_asked
        #: This process's name in relayed messages (it skips its own).
        self.name = secrets.token_hex(6)
        self._tasks: set[asyncio.Task[None]] = set()

    def listen(self) -> None:
        """Start hearing the relay (nothing without one)."""
        if self.relay is not None:
            self.relay.listen(self._heard, self.resync, lambda: self._store_down(""))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    async def tell(self, match: LiveMatch, what: str, **fields: JSON) -> None:
        """Tell the other processes that watch the match what changed here (nothing without a relay)."""
        if self.relay is None:
            return
        text = P.dumps({"kind": "relay", "from": self.name, "what": what, "code": match.code, **fields})
        try:
            await self.relay.tell(match.code, text)
        except StoreUnavailable:
            self._store_down("")

    def _heard(self, code: str, seq: int, text: str) -> None:
        """A message on a match's channel: handled in its own task, in the order heard (the match's lock is
        first come, first served; entries are put in order by their numbers anyway). An entry this copy has is
        skipped unread (this process appended it; or, while an append of its own is under way, that append fails
        and reads the entry from the store)."""
        match = self.ledger.matches.get(code)
        if match is not None and not (seq and seq <= match.replica.seq):
            self._spawn(self._hear(code, text))

    async def _hear(self, code: str, text: str) -> None:
        match = self.ledger.matches.get(code)
        if match is None:
            return
        try:
            data = json.loads(text)
            async with match.lock:
                if data.get("kind") == "entry":
                    await self.ledger.catch_up(match, Entry.from_wire(data))
                elif data.get("kind") == "relay" and data.get("from") != self.name:
                    await self._relayed(match, data)
        except StoreUnavailable:
            self._store_down("")
        except Exception:  # noqa: BLE001 - one bad message must not stop the relay
            log.exception("a relayed message of match %s failed", code)

    async def _relayed(self, match: LiveMatch, data: JSONObject) -> None:
        """What another process told about a match: a claimed seat, presence, a takeback request, rematch asks."""
        what = data.get("what")
        if what == "claim":
            seat = int(data["seat"])  # type: ignore[arg-type]
            if seat not in match.seats:
                match.seats[seat] = SeatRecord(
                    seat, str(data["name"]), str(data["token_hash"]), str(data["value"]), time.time()
                )
                await self.ledger.settle(match)
        elif what == "presence":
            seat, online, since = int(data["seat"]), bool(data["online"]), float(data["since"])  # type: ignore[arg-type]
            if not online and match.online.get(seat, 0) > 0:
                # The seat left that process but is connected here (it moved): say so again.
                now = time.time()
                with contextlib.suppress(StoreUnavailable):
                    await self.ledger.store.set_presence(match.code, seat, True, now)
                await self.tell(match, "presence", seat=seat, online=True, since=now)
                return
            match.elsewhere[seat] = online
            match.presence[seat] = Presence(seat, online, since)
            match.publish(match.presence_message())
        elif what == "takeback":
            offer = data.get("offer")
            if isinstance(offer, dict) and offer.get("seq") == match.replica.seq:
                accepted = offer.get("accepted")
                match.takeback = Offer(
                    int(offer["seat"]),  # type: ignore[arg-type]
                    match.replica.seq,
                    {int(s) for s in accepted} if isinstance(accepted, list) else set(),  # type: ignore[arg-type]
                )
            elif offer is None:
                match.takeback = None
            if data.get("text"):
                match.publish(str(data["text"]))
        elif what == "rematch" and not match.rematch_code:
            asked = data.get("asked")
            if isinstance(asked, dict):
                match.rematch.update({int(s): str(v) for s, v in asked.items()})
                await self._rematch_asked(match)

    async def recheck_elsewhere(self, match: LiveMatch) -> None:
        """Seats online through another process that has died (it never said they left) are away from now on."""
        known = await self.ledger.store.presence(match.code)
        gone = [s for s, online in match.elsewhere.items() if online and not (s in known and known[s].online)]
        if gone:
            now = time.time()
            for seat in gone:
                match.elsewhere[seat] = False
                match.presence[seat] = Presence(seat, False, now)
            match.publish(match.presence_message())

    def resync(self) -> None:
        """Messages may have been missed (the relay or the store was cut): read every match in memory again."""

        async def again(match: LiveMatch) -> None:
            try:
                async with match.lock:
                    await self.ledger.refresh_seats(match)
                    await self.ledger.catch_up(match)
                    await self.ledger.settle(match)
            except StoreUnavailable:
                self._store_down("")
            except Exception:  # noqa: BLE001 - the next resync or request reads it again
                log.exception("reading match %s again failed", match.code)

        for match in list(self.ledger.matches.values()):
            self._spawn(again(match))
