"""The online client: `MatchClient` (asyncio) and `ThreadedMatchClient` (its loop on a background thread, for a window).

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
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidURI, WebSocketException

from game.engine.core import Event, JSONObject, Outcome
from game.online import dice
from game.online import protocol as P
from game.online.dice import DiceCheck
from game.online.match import Replica, make_game
from game.online.protocol import Entry, ProtocolError

log = logging.getLogger(__name__)

#: connecting (the first time), connected (joined), reconnecting (lost, trying again), gone (given up or refused).
Status: TypeAlias = Literal["connecting", "connected", "reconnecting", "gone"]
GIVE_UP_SECONDS = 60.0
FIRST_DELAY, MAX_DELAY = 0.1, 5.0
# Errors after which joining again cannot help.
FATAL_JOIN = frozenset({P.NOT_FOUND, P.BAD_TOKEN, P.SEAT_TAKEN, P.BAD_SEAT, P.BAD_MESSAGE})


@dataclass(frozen=True)
class SeatPresence:
    """A seat as the server last described it: name, claimed, online, and since when it is online or away."""

    seat: int
    name: str
    claimed: bool
    online: bool
    since: float | None


@dataclass(frozen=True)
class Joined:
    """The server accepted the join (also after each reconnection): the seat held (None: watching), the match."""

    seat: int | None
    match: JSONObject


@dataclass(frozen=True)
class Applied:
    """An entry the server applied, with the engine's events of applying it to this client's copy."""

    entry: Entry
    events: tuple[Event, ...]


@dataclass(frozen=True)
class StatusChanged:
    """The connection's state changed; `reason` says why for reconnecting and gone."""

    status: Status
    reason: str = ""


@dataclass(frozen=True)
class PresenceChanged:
    """Who is connected changed."""

    seats: tuple[SeatPresence, ...]


@dataclass(frozen=True)
class OfferChanged:
    """A takeback was asked (open) or answered (closed), or seats asked for a rematch (`seats`)."""

    offer: Literal["takeback", "rematch"]
    seat: int | None
    open: bool
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Refused:
    """The server refused a request: the error code, its message, and the request's `ref`."""

    code: str
    message: str
    ref: int | None = None


@dataclass(frozen=True)
class Unsent:
    """A request this client could not send (no connection, or it broke while sending), by its `ref`: no answer
    will come for it."""

    ref: int


@dataclass(frozen=True)
class Ended:
    """The match ended: its outcome and the dice check (ok, rolls replayed, the problem when it failed)."""

    outcome: Outcome
    dice: DiceCheck


@dataclass(frozen=True)
class ServerStatus:
    """The server can apply actions now (available) or not, its store being out of reach ("server unavailable,
    retrying"): nothing is applied meanwhile, and the server says when it can again."""

    available: bool
    message: str = ""


@dataclass(frozen=True)
class RematchReady:
    """Every seat agreed: the rematch's join code (join it with the same token)."""

    code: str


ClientEvent: TypeAlias = (
    Joined
    | Applied
    | StatusChanged
    | PresenceChanged
    | OfferChanged
    | Refused
    | Unsent
    | Ended
    | RematchReady
    | ServerStatus
)


class News:
    """How many events the online clients of this process have reported: a loop (or a test) that waits for the
    next one reads `count`, then `wait(count, timeout)`."""

    def __init__(self) -> None:
        self._count = 0
        self._changed = threading.Condition()

    @property
    def count(self) -> int:
        """The events reported so far."""
        return self._count

    def arrived(self) -> None:
        """One more event (called by the clients, on their own threads)."""
        with self._changed:
            self._count += 1
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> bool:
        """Block until more than `seen` events have been reported; False when `timeout` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count > seen, timeout)


#: Every event any client of this process reports (a window's thread or a test waits on it for news).
NEWS = News()


class JoinRefused(Exception):
    """The server will not let this client in (no such match, seat taken, wrong token...): the code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ServerGone(Exception):
    """No server answered for `give_up_after` seconds."""


def _presence(data: object) -> tuple[SeatPresence, ...]:
    if not isinstance(data, list):
        return ()
    seats = []
    for item in data:
        if isinstance(item, dict):
            since = item.get("since")
            seats.append(
                SeatPresence(
                    seat=int(item.get("seat", 0) or 0),
                    name=str(item.get("name", "")),
                    claimed=bool(item.get("claimed")),
                    online=bool(item.get("online")),
                    since=float(since) if isinstance(since, int | float) else None,
                )
            )
    return tuple(seats)


async def _open(url: str, tls: ssl.SSLContext | None) -> ClientConnection:
    return await connect(url, max_size=P.MAX_MESSAGE, compression=None, ssl=tls, open_timeout=10, proxy=None)


def addresses(url: str) -> list[str]:
    """The servers an address names: one, or several separated by commas (servers sharing one store); a part
    without a scheme is a `ws://` address."""
    found = [part.strip() for part in url.split(",") if part.strip()]
    return [part if "://" in part else f"ws://{part}" for part in found] or [url]


async def create_match(
    url: str,
    mode: str,
    level: str | None = None,
    seats: int | None = None,
    options: dict[str, int] | None = None,
    seed: int | None = None,
    tls: ssl.SSLContext | None = None,
) -> JSONObject:
    """Create a match on the server at `url`; returns the `created` message (its `code` is the join code).
    JoinRefused when the server refuses the setup; OSError or a websockets error when it cannot be reached."""
    request = P.Create(mode=mode, level=level, seats=seats, options=dict(options or {}), seed=seed, ref=1)
    servers = addresses(url)
    for index, address in enumerate(servers):
        try:
            async with await _open(address, tls) as ws:
                await ws.send(P.dumps(P.request_to_wire(request)))
                async for message in ws:
                    data = P.parse_server(message)
                    if data["kind"] == "created":
                        return data
                    if data["kind"] == "error" and data.get("code") != P.UNAVAILABLE:
                        raise JoinRefused(str(data.get("code")), str(data.get("message")))
                    if data["kind"] == "error":
                        raise ConnectionError(str(data.get("message")))
            raise ConnectionError("the server closed the connection before answering")
        except (OSError, TimeoutError, WebSocketException):
            if index == len(servers) - 1:
                raise
    raise ConnectionError("no server address")


class MatchClient:
    """One seat (or a watcher) of one match, kept joined across dropped connections."""

    def __init__(
        self,
        url: str,
        code: str,
        seat: int | None = None,
        token: str | None = None,
        name: str = "",
        value: str | None = None,
        give_up_after: float = GIVE_UP_SECONDS,
        on_event: Callable[[ClientEvent], None] | None = None,
        stop_when_over: bool = False,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.url = url
        #: The servers the address names, and the one in use (the next is tried when it fails).
        self.urls = addresses(url)
        self.address = self.urls[0]
        self.code = P.normal_code(code)
        self.seat = seat
        self.token = token
        self.name = name
        self.value = value if value is not None else dice.new_value()
        self.give_up_after = give_up_after
        self.stop_when_over = stop_when_over
        self.tls = tls
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
                async with await _open(self.address, self.tls) as ws:
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
                raise JoinRefused(P.BAD_MESSAGE, str(exc)) from None
            except JoinRefused as exc:
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
                raise ServerGone(reason)
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
            self._emit(StatusChanged(status, reason))

    def _emit(self, event: ClientEvent) -> None:
        if self._on_event is not None:
            self._on_event(event)
        NEWS.arrived()

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
            self._emit(RematchReady(self.rematch_code))
        elif kind == "status":
            available = data.get("available") is not False
            if available != self.available:
                self.available = available
                self._emit(ServerStatus(available, str(data.get("message", ""))))
        elif kind == "error":
            code, text = str(data.get("code")), str(data.get("message"))
            if not self._joined and code in FATAL_JOIN:
                raise JoinRefused(code, text)
            if not self._joined and code == P.UNAVAILABLE:
                raise ConnectionError(text)  # joining again later (or through another address) may work
            ref = data.get("ref")
            self._emit(Refused(code, text, ref if isinstance(ref, int) else None))

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
        self._emit(Joined(self.seat, match))
        self._check_end()

    def _on_entry(self, entry: Entry) -> None:
        replica = self.replica
        if replica is None or entry.seq <= replica.seq:
            return  # already applied (a replay after reconnecting)
        if entry.seq != replica.seq + 1:
            raise ConnectionError(f"entry {entry.seq} came after entry {replica.seq}; joining again")
        events = replica.add(entry)
        self.takeback_from = None
        self.match["seq"] = entry.seq
        self._emit(Applied(entry, tuple(events)))
        self._check_end()

    def _on_presence(self, data: JSONObject) -> None:
        self.presence = _presence(data.get("seats"))
        values = data.get("values")
        if isinstance(values, list):
            self.values = [v if isinstance(v, str) else None for v in values]
            self.match["values"] = list(values)
        self.match["seats"] = data.get("seats")
        if isinstance(data.get("status"), str):
            self.match["status"] = data["status"]
        self._emit(PresenceChanged(self.presence))

    def _on_offer(self, data: JSONObject) -> None:
        seat = data.get("seat")
        seats = data.get("seats")
        if data.get("offer") == "takeback":
            is_open = bool(data.get("open"))
            self.takeback_from = seat if is_open and isinstance(seat, int) else None
            self._emit(OfferChanged("takeback", seat if isinstance(seat, int) else None, is_open))
        elif data.get("offer") == "rematch" and isinstance(seats, list):
            self._emit(OfferChanged("rematch", None, True, tuple(s for s in seats if isinstance(s, int))))

    def _check_end(self) -> None:
        replica = self.replica
        if replica is None or self.outcome is not None or not replica.is_over:
            return
        self.outcome = replica.outcome
        assert self.outcome is not None
        secret = next((e.secret for e in reversed(replica.entries) if e.secret), "")
        values = [v or "" for v in self.values]
        self.dice_check = dice.verify(replica.game, replica.log, secret, str(self.match.get("commitment", "")), values)
        self._emit(Ended(self.outcome, self.dice_check))
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
            self._emit(Unsent(request.ref))
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
            self._emit(Unsent(request))
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

    def __init__(
        self,
        url: str,
        code: str,
        seat: int | None = None,
        token: str | None = None,
        name: str = "",
        give_up_after: float = GIVE_UP_SECONDS,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self.client = MatchClient(
            url, code, seat, token, name, give_up_after=give_up_after, on_event=self._on_event, tls=tls
        )
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


def create_match_sync(
    url: str,
    mode: str,
    level: str | None = None,
    seats: int | None = None,
    options: dict[str, int] | None = None,
    seed: int | None = None,
    timeout: float = 15.0,
) -> JSONObject:
    """`create_match` for a thread with no event loop (the window's dialog runs it off its frame loop)."""

    async def bounded() -> JSONObject:
        return await asyncio.wait_for(create_match(url, mode, level, seats, options, seed), timeout)

    return asyncio.run(bounded())
