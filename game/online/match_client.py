"""The online client: `MatchClient` (asyncio; `ThreadedMatchClient` runs one on a background thread for a window).

A client joins one match (a seat, by claiming it or with its token, or as a watcher), mirrors it in a `Replica` built
from the server's numbered entries, and reports what happens as `ClientEvent`s. A dropped connection is reopened by
itself with growing pauses (0.1 s doubling to 5 s, with jitter) and the join resumes from the last entry it saw, so
nothing is missed and nothing is applied twice; after `give_up_after` seconds without a server it is `gone`. When the
match ends the client checks the dice (`dice.verify`) and reports an `Ended` with the outcome and the check.

An address may list several servers that share their matches (one Redis behind them), separated by commas:
`ws://h:8765,ws://h:8766`. The client uses the first that answers and, when its server goes away, tries the next one
at once, resuming from the last entry it saw; it pauses only after every address has failed in a row.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import InvalidURI, WebSocketException

from game.engine.core import JSONObject, Outcome
from game.online import client_events as events
from game.online import dice
from game.online import protocol as P
from game.online.client_config import ClientConfig, addresses, open_socket
from game.online.client_events import ClientEvent, SeatPresence, Status
from game.online.dice import DiceCheck
from game.online.match import Replica, make_game
from game.online.protocol import Entry, ProtocolError

log = logging.getLogger(__name__)

FIRST_DELAY, MAX_DELAY = 0.1, 5.0
# Errors after which joining again cannot help.
FATAL_JOIN = frozenset({P.NOT_FOUND, P.BAD_TOKEN, P.SEAT_TAKEN, P.BAD_SEAT, P.BAD_MESSAGE})


class MatchClient:
    """One seat (or a watcher) of one match, kept joined across dropped connections."""

    def __init__(
        self,
        config: ClientConfig,
        value: str | None = None,
        on_event: Callable[[ClientEvent], None] | None = None,
        stop_when_over: bool = False,
    ) -> None:
        self.config = config
        self.url = config.url
        #: The servers the address names, and the one in use (the next is tried when it fails).
        self.urls = addresses(config.url)
        self.address = self.urls[0]
        self.code = P.normal_code(config.code)
        #: The seat and its token: set by the server's `joined` (a claimed seat's token; a watcher's None seat).
        self.seat = config.seat
        self.token = config.token
        self.name = config.name
        self.value = value if value is not None else dice.new_value()
        self.give_up_after = config.give_up_after
        self.stop_when_over = stop_when_over
        self.tls = config.tls
        self._on_event = on_event
        self.status: Status = "connecting"
        self.replica: Replica | None = None
        #: The match as last described (`joined`), with presence and dice values kept current.
        self.match: JSONObject = {}
        self.presence: tuple[SeatPresence, ...] = ()
        self.values: list[str | None] = []
        self.outcome: Outcome | None = None
        self.dice_check: DiceCheck | None = None
        #: The open takeback request (the asking seat), if any.
        self.takeback_from: int | None = None
        self.rematch_code = ""
        #: False while the server says its store is out of reach (it applies nothing until it says so again).
        self.available = True
        self._ws: ClientConnection | None = None
        self._joined = False
        self._closing = False
        self._refs = itertools.count(1)  # request numbers (`next` on a count is atomic: any thread may take one)
        self._done = asyncio.Event()

    # ----- facts -----

    @property
    def seq(self) -> int:
        """The number of the last entry this client applied."""
        return self.replica.seq if self.replica is not None else 0

    @property
    def connected(self) -> bool:
        """True while joined on a live connection to a server that can apply actions now."""
        return self._ws is not None and self._joined and self.available

    @property
    def my_turn(self) -> bool:
        """True when this client's seat decides now."""
        replica = self.replica
        return (
            self.seat is not None
            and replica is not None
            and not replica.is_over
            and self.match.get("status") != "waiting"
            and replica.state.current_player() == self.seat
        )

    # ----- running -----

    async def run(self) -> None:
        """Stay joined until `close()` (or the end, with `stop_when_over`); JoinRefused or ServerGone otherwise."""
        failing_since: float | None = None
        delay = FIRST_DELAY
        at, tried = 0, 0
        while not self._closing:
            reason = ""
            self.address = self.urls[at]
            try:
                async with await open_socket(self.address, self.tls) as ws:
                    self._ws, self._joined, self.available = ws, False, True
                    await ws.send(P.dumps(P.request_to_wire(self._join_request())))
                    async for message in ws:
                        self._receive(message)
                        if self._joined:
                            failing_since, delay, tried = None, FIRST_DELAY, 0
                        if self._done.is_set():
                            return
                    reason = f"closed by the server ({ws.close_code}: {ws.close_reason})" if ws.close_code else ""
            except InvalidURI as exc:
                self._set_status("gone", str(exc))
                raise events.JoinRefused(P.BAD_MESSAGE, str(exc)) from None
            except events.JoinRefused as exc:
                self._set_status("gone", exc.message)
                raise
            except (OSError, TimeoutError, WebSocketException) as exc:
                reason = str(exc) or type(exc).__name__
            finally:
                self._ws, self._joined = None, False
            if self._closing:
                return
            now = time.monotonic()
            failing_since = failing_since if failing_since is not None else now
            if now - failing_since > self.give_up_after:
                self._set_status("gone", f"no server for {self.give_up_after:.0f} s: {reason}")
                raise events.ServerGone(reason)
            self._set_status("reconnecting", reason)
            # The next address at once; a pause once every address has failed in a row.
            at, tried = (at + 1) % len(self.urls), tried + 1
            if tried % len(self.urls) == 0:
                await asyncio.sleep(delay * random.uniform(0.8, 1.2))
                delay = min(delay * 2, MAX_DELAY)

    async def close(self) -> None:
        """Leave: close the connection and end `run`."""
        self._closing = True
        self._done.set()
        if self._ws is not None:
            await self._ws.close()

    def drop(self) -> None:
        """Cut the connection as a network failure would (no closing handshake); `run` reconnects."""
        if self._ws is not None:
            self._ws.transport.abort()

    def _join_request(self) -> P.Join:
        if self.token is not None:
            return P.Join(code=self.code, seat=self.seat, token=self.token, since=self.seq)
        if self.seat is not None:
            return P.Join(code=self.code, seat=self.seat, name=self.name, value=self.value, since=self.seq)
        return P.Join(code=self.code, since=self.seq)

    def _set_status(self, status: Status, reason: str = "") -> None:
        if status != self.status:
            self.status = status
            self._emit(events.StatusChanged(status, reason))

    def _emit(self, event: ClientEvent) -> None:
        if self._on_event is not None:
            self._on_event(event)
        events.NEWS.arrived()

    # ----- receiving -----

    def _receive(self, message: str | bytes) -> None:
        try:
            data = P.parse_server(message)
        except ProtocolError as exc:
            log.warning("ignored a server message: %s", exc.message)
            return
        kind = data["kind"]
        if kind == "joined":
            self._on_joined(data)
        elif kind == "entry":
            self._on_entry(Entry.from_wire(data))
        elif kind == "presence":
            self._on_presence(data)
        elif kind == "offer":
            self._on_offer(data)
        elif kind == "rematch":
            self.rematch_code = str(data.get("code", ""))
            self._emit(events.RematchReady(self.rematch_code))
        elif kind == "status":
            available = data.get("available") is not False
            if available != self.available:
                self.available = available
                self._emit(events.ServerStatus(available, str(data.get("message", ""))))
        elif kind == "error":
            code, text = str(data.get("code")), str(data.get("message"))
            if not self._joined and code in FATAL_JOIN:
                raise events.JoinRefused(code, text)
            if not self._joined and code == P.UNAVAILABLE:
                raise ConnectionError(text)  # joining again later (or through another address) may work
            ref = data.get("ref")
            self._emit(events.Refused(code, text, ref if isinstance(ref, int) else None))

    def _on_joined(self, data: JSONObject) -> None:
        match = data.get("match")
        if not isinstance(match, dict):
            raise ProtocolError(P.BAD_MESSAGE, "joined: no match")
        token = data.get("token")
        if isinstance(token, str):
            self.token = token
        seat = data.get("seat")
        self.seat = seat if isinstance(seat, int) else None
        self.match = match
        self._on_presence(match)
        takeback = match.get("takeback")
        self.takeback_from = takeback.get("seat") if isinstance(takeback, dict) else None  # type: ignore[assignment]
        if self.replica is None:
            options = match.get("options")
            self.replica = Replica(
                make_game(str(match["mode"]), str(match["level"]), options if isinstance(options, dict) else None)  # type: ignore[arg-type]
            )
        server_seq = match.get("seq")
        if isinstance(server_seq, int) and server_seq < self.replica.seq:
            # The server has fewer entries than this client saw (a store restored from an older copy): start over.
            self.replica = None
            raise ConnectionError("the server's match is behind this client's; reading it again")
        self._joined = True
        self._set_status("connected")
        self._emit(events.Joined(self.seat, match))
        self._check_end()

    def _on_entry(self, entry: Entry) -> None:
        replica = self.replica
        if replica is None or entry.seq <= replica.seq:
            return  # already applied (a replay after reconnecting)
        if entry.seq != replica.seq + 1:
            raise ConnectionError(f"entry {entry.seq} came after entry {replica.seq}; joining again")
        happened = replica.add(entry)
        self.takeback_from = None
        self.match["seq"] = entry.seq
        self._emit(events.Applied(entry, tuple(happened)))
        self._check_end()

    def _on_presence(self, data: JSONObject) -> None:
        self.presence = events.presence_from_wire(data.get("seats"))
        values = data.get("values")
        if isinstance(values, list):
            self.values = [v if isinstance(v, str) else None for v in values]
            self.match["values"] = list(values)
        self.match["seats"] = data.get("seats")
        if isinstance(data.get("status"), str):
            self.match["status"] = data["status"]
        self._emit(events.PresenceChanged(self.presence))

    def _on_offer(self, data: JSONObject) -> None:
        seat = data.get("seat")
        seats = data.get("seats")
        if data.get("offer") == "takeback":
            is_open = bool(data.get("open"))
            self.takeback_from = seat if is_open and isinstance(seat, int) else None
            self._emit(events.OfferChanged("takeback", seat if isinstance(seat, int) else None, is_open))
        elif data.get("offer") == "rematch" and isinstance(seats, list):
            self._emit(events.OfferChanged("rematch", None, True, tuple(s for s in seats if isinstance(s, int))))

    def _check_end(self) -> None:
        replica = self.replica
        if replica is None or self.outcome is not None or not replica.is_over:
            return
        self.outcome = replica.outcome
        assert self.outcome is not None
        secret = next((e.secret for e in reversed(replica.entries) if e.secret), "")
        values = [v or "" for v in self.values]
        self.dice_check = dice.verify(replica.game, replica.log, secret, str(self.match.get("commitment", "")), values)
        self._emit(events.Ended(self.outcome, self.dice_check))
        if self.stop_when_over:
            self._done.set()

    # ----- requests -----

    async def _send(self, request: P.Request) -> bool:
        """Send a request; False, with an `Unsent` event, when it could not be (its answer would never come)."""
        ws, sent = self._ws, False
        if ws is not None and self._joined:
            with contextlib.suppress(WebSocketException):
                await ws.send(P.dumps(P.request_to_wire(request)))
                sent = True
        if not sent and request.ref is not None:
            self._emit(events.Unsent(request.ref))
        return sent

    def next_ref(self) -> int:
        """A number for the next request, unique for this client (any thread may take one)."""
        return next(self._refs)

    async def send_action(self, notation: str, seq: int | None = None, ref: int | None = None) -> bool:
        """Send this seat's decision, made having seen the entries up to `seq` (default: the last one this client
        applied), as request `ref` (default: the next number). The answer is an `Applied` entry or a `Refused`; an
        `Unsent` (and False) when it could not be sent."""
        request = ref if ref is not None else self.next_ref()
        if self.token is None:
            self._emit(events.Unsent(request))
            return False
        number = self.seq if seq is None else seq
        return await self._send(P.Act(token=self.token, seq=number, action=notation, seat=self.seat, ref=request))

    async def resign(self) -> bool:
        """Give up the match."""
        return self.token is not None and await self._send(P.Resign(token=self.token, ref=self.next_ref()))

    async def request_takeback(self) -> bool:
        """Ask the other seats to take back this seat's last decision."""
        if self.token is None:
            return False
        return await self._send(P.Takeback(token=self.token, seq=self.seq, ref=self.next_ref()))

    async def answer_takeback(self, accept: bool) -> bool:
        """Accept or decline the open takeback request."""
        if self.token is None:
            return False
        return await self._send(P.TakebackReply(token=self.token, accept=accept, ref=self.next_ref()))

    async def ask_rematch(self) -> bool:
        """Ask for (or agree to) a rematch with the same seats."""
        if self.token is None:
            return False
        return await self._send(P.Rematch(token=self.token, value=dice.new_value(), ref=self.next_ref()))
