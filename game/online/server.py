"""The match server: owns every match, rolls every die, checks every action with the engine, stores it, sends it.

One asyncio process (`websockets.asyncio.server`). A match lives in memory while clients use it and is rebuilt from
the store (its entries replayed) when one comes back, after a restart too. Each applied decision, with the rolls
that follow it, is appended to the store (compare-and-set on the sequence number) before any client is sent it.
`ServerThread` runs a server on a background thread: for a game hosting from its menu, and for tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game.client.play.seats import clean_name
from game.engine.core import CHANCE, JSON, IllegalAction, JSONObject
from game.online import dice
from game.online import protocol as P
from game.online.match import Replica, level_for_seats, make_game, resignation
from game.online.protocol import Entry, ProtocolError
from game.online.store import (
    FINISHED_TTL,
    MatchRecord,
    Presence,
    Relay,
    SeatRecord,
    Store,
    StoreUnavailable,
    token_hash,
)

log = logging.getLogger(__name__)
# How many of the latest actions' handling times a server keeps (for `handling`).
HANDLED_KEPT = 100_000
T = TypeVar("T")


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


@dataclass(eq=False)
class Conn:
    """One client connection: its socket, its rate bucket, the match it joined and the seats it holds there."""

    ws: ServerConnection
    bucket: TokenBucket
    match: LiveMatch | None = None
    seats: set[int] = field(default_factory=set)
    strikes: int = 0

    def send(self, text: str) -> None:
        """Queue a message without waiting (every message to a client goes out in the order it was queued)."""
        broadcast((self.ws,), text)


@dataclass
class Offer:
    """An open takeback request: who asked, at which sequence number, and who has accepted."""

    seat: int
    seq: int
    accepted: set[int] = field(default_factory=set)


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its setup, seats, the replayed game, who is connected, open offers."""

    record: MatchRecord
    seats: dict[int, SeatRecord]
    replica: Replica
    finished: float | None
    presence: dict[int, Presence]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    viewers: set[Conn] = field(default_factory=set)
    online: dict[int, int] = field(default_factory=dict)
    #: Seats whose client is connected to another server process (a shared store's relay says so).
    elsewhere: dict[int, bool] = field(default_factory=dict)
    takeback: Offer | None = None
    rematch: dict[int, str] = field(default_factory=dict)
    rematch_code: str = ""
    idle_since: float = field(default_factory=time.monotonic)

    @property
    def code(self) -> str:
        """The join code."""
        return self.record.code

    @property
    def started(self) -> bool:
        """True once every seat is claimed (the dice need every seat's value)."""
        return len(self.seats) == self.record.num_players

    @property
    def status(self) -> P.Status:
        """waiting, playing or over."""
        if self.replica.is_over:
            return "over"
        return "playing" if self.started else "waiting"

    def values(self) -> list[str]:
        """Every seat's public dice value, in seat order."""
        return [self.seats[s].value for s in range(self.record.num_players)]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = token_hash(token)
        return next((s for s, r in self.seats.items() if hmac.compare_digest(r.token_hash, digest)), None)

    def presence_wire(self) -> list[JSON]:
        """Each seat: its name, whether it is claimed and online, and since when it is (or is away)."""
        out: list[JSON] = []
        for seat in range(self.record.num_players):
            claimed = self.seats.get(seat)
            known = self.presence.get(seat)
            out.append(
                {
                    "seat": seat,
                    "name": claimed.name if claimed else "",
                    "claimed": claimed is not None,
                    "online": self.online.get(seat, 0) > 0 or self.elsewhere.get(seat, False),
                    "since": known.since if known else (claimed.joined if claimed else None),
                }
            )
        return out

    def presence_message(self) -> str:
        """The `presence` message: each seat's presence, the public dice values, the status."""
        values: list[JSON] = [self.seats[s].value if s in self.seats else None for s in range(self.record.num_players)]
        return P.dumps({"kind": "presence", "seats": self.presence_wire(), "values": values, "status": self.status})

    def snapshot(self) -> JSONObject:
        """The match as `joined` and `created` describe it."""
        record = self.record
        data: JSONObject = {
            "code": record.code,
            "mode": record.mode,
            "level": record.level,
            "options": dict(record.options),
            "seed": record.seed,
            "num_players": record.num_players,
            "commitment": record.commitment,
            "values": [self.seats[s].value if s in self.seats else None for s in range(record.num_players)],
            "status": self.status,
            "seq": self.replica.seq,
            "seats": self.presence_wire(),
            "rematch_of": record.rematch_of,
        }
        if self.takeback is not None:
            data["takeback"] = {"seat": self.takeback.seat, "seq": self.takeback.seq}
        if self.rematch:
            data["rematch_asked"] = [s for s in sorted(self.rematch)]
        if self.rematch_code:
            data["rematch"] = self.rematch_code
        outcome = self.replica.outcome
        if outcome is not None:
            data["outcome"] = outcome.to_dict()
            data["secret"] = record.secret
        return data

    def publish(self, text: str) -> None:
        """Send a message to every client of the match."""
        if self.viewers:
            broadcast([c.ws for c in self.viewers], text)


def new_code() -> str:
    """A fresh join code."""
    return "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))


def rematch_code(record: MatchRecord) -> str:
    """The join code a match's rematch gets: derived from its secret, so every process that makes it picks the same
    one (the secret is public once the match is over; a code only lets one watch)."""
    digest = hashlib.sha256(f"rematch:{record.secret}".encode()).digest()
    return "".join(P.CODE_ALPHABET[b % len(P.CODE_ALPHABET)] for b in digest[: P.CODE_LENGTH])


class MatchServer:
    """Serves matches from a store over websockets."""

    def __init__(self, store: Store, config: ServerConfig | None = None) -> None:
        self.store = store
        self.config = config or ServerConfig()
        self.matches: dict[str, LiveMatch] = {}
        self.conns: set[Conn] = set()
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Future[LiveMatch | None]] = {}
        #: How many entries this process applied.
        self.applied = 0
        #: How long each of the latest applied actions took from its message to its broadcast, in seconds.
        self.handled: deque[float] = deque(maxlen=HANDLED_KEPT)
        #: A store shared with other server processes relays each match's news between them.
        self.relay: Relay | None = store if isinstance(store, Relay) else None
        #: This process's name in relayed messages (it skips its own).
        self.name = secrets.token_hex(6)
        #: False while the store cannot be reached (every client is told; a probe waits for it to come back).
        self.available = True
        self._probe: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # ----- running -----

    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> str:
        """Start listening; returns the address clients use (with the port the system gave for port 0)."""
        self._server = await serve(
            self._handler,
            host,
            port,
            ssl=tls,
            max_size=P.MAX_MESSAGE,
            compression=None,
            server_header=None,
            close_timeout=self.config.close_timeout,
        )
        bound = self._server.sockets[0].getsockname()
        self._sweeper = asyncio.create_task(self._sweep_forever())
        if self.relay is not None:
            self.relay.listen(self._heard, self._resync, self._store_down)
        scheme = "wss" if tls is not None else "ws"
        shown = f"[{host}]" if ":" in host else host
        return f"{scheme}://{shown}:{bound[1]}"

    async def close(self) -> None:
        """Stop listening, close every connection, then the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._probe is not None:
            self._probe.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.store.close()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - a failed sweep is tried again at the next one
                log.exception("sweeping matches failed")

    async def sweep(self) -> list[str]:
        """Remove finished matches past their time; drop idle ones from memory (the store keeps them)."""
        expired = await self.store.expire(time.time() - self.config.finished_ttl)
        for code in expired:
            match = self.matches.pop(code, None)
            for conn in list(match.viewers) if match else []:
                conn.match, conn.seats = None, set()
            if match is not None and self.relay is not None:
                await self.relay.unwatch(code)
        if self.relay is not None:
            for match in [m for m in self.matches.values() if any(m.elsewhere.values())]:
                await self._recheck_elsewhere(match)
        now = time.monotonic()
        for code, match in list(self.matches.items()):
            if not match.viewers and not match.lock.locked() and now - match.idle_since > self.config.idle_seconds:
                del self.matches[code]
                if self.relay is not None:
                    await self.relay.unwatch(code)
        return expired

    # ----- connections -----

    async def _handler(self, ws: ServerConnection) -> None:
        if len(self.conns) >= self.config.max_connections:
            await ws.send(P.error(P.TOO_MANY_CONNECTIONS, "the server has too many connections; try again later"))
            await ws.close(1013, "too many connections")
            return
        conn = Conn(ws, TokenBucket(self.config.rate, self.config.burst))
        self.conns.add(conn)
        conn.send(P.dumps({"kind": "hello", "protocol": P.PROTOCOL_VERSION, "max_message": P.MAX_MESSAGE}))
        if not self.available:
            conn.send(P.status_message(False))
        try:
            async for message in ws:
                await self._on_message(conn, message)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            await self._leave(conn)

    async def _on_message(self, conn: Conn, message: str | bytes) -> None:
        if not conn.bucket.take():
            conn.strikes += 1
            if conn.strikes > self.config.max_strikes:
                await conn.ws.close(1008, "too many messages")
            else:
                conn.send(P.error(P.RATE_LIMITED, "too many messages; slow down"))
            return
        conn.strikes = 0
        ref: int | None = None
        began = time.perf_counter()
        try:
            request = P.parse_request(message)
            ref = request.ref
            await self._dispatch(conn, request)
            if isinstance(request, P.Act):
                self.handled.append(time.perf_counter() - began)
        except ProtocolError as exc:
            conn.send(P.error(exc.code, exc.message, ref))
        except StoreUnavailable as exc:
            self._store_down(str(exc))
            conn.send(P.error(P.UNAVAILABLE, "the match store is unavailable; try again", ref))
        except Exception:  # noqa: BLE001 - one bad request must not end the connection or the server
            log.exception("request failed")
            conn.send(P.error(P.SERVER_ERROR, "the server failed to handle this request", ref))

    def handling(self) -> JSONObject:
        """How long the latest applied actions took from message to broadcast: their count, p50 and p99 in ms."""
        times = sorted(self.handled)

        def rank(q: float) -> JSON:
            return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 3) if times else None

        return {"actions": len(times), "p50_ms": rank(0.5), "p99_ms": rank(0.99)}

    async def _dispatch(self, conn: Conn, request: P.Request) -> None:
        if isinstance(request, P.Create):
            await self._create(conn, request)
        elif isinstance(request, P.Join):
            await self._join(conn, request)
        else:
            match = conn.match
            if match is None:
                raise ProtocolError(P.NOT_JOINED, "join a match first")
            async with match.lock:
                await self._in_match(conn, match, request)

    async def _in_match(self, conn: Conn, match: LiveMatch, request: P.Request) -> None:
        if self.relay is not None and not match.started:
            await self._refresh_seats(match)  # a seat may have been claimed through another process
        if isinstance(request, P.Act):
            await self._act(match, request)
        elif isinstance(request, P.Resign):
            await self._resign(match, request)
        elif isinstance(request, P.Takeback):
            await self._ask_takeback(match, request)
        elif isinstance(request, P.TakebackReply):
            await self._answer_takeback(match, request)
        elif isinstance(request, P.Rematch):
            await self._rematch(match, request)

    async def _leave(self, conn: Conn) -> None:
        match, seats = conn.match, conn.seats
        conn.match, conn.seats = None, set()
        if match is None:
            return
        match.viewers.discard(conn)
        if not match.viewers:
            match.idle_since = time.monotonic()
        for seat in seats:
            await self._set_online(match, seat, -1)

    async def _set_online(self, match: LiveMatch, seat: int, change: int) -> None:
        before = match.online.get(seat, 0)
        match.online[seat] = after = max(0, before + change)
        if (before > 0) != (after > 0):
            now = time.time()
            match.presence[seat] = Presence(seat, after > 0, now)
            match.publish(match.presence_message())
            try:
                await self.store.set_presence(match.code, seat, after > 0, now)
            except StoreUnavailable:
                log.warning("presence of match %s not stored: the store is unavailable", match.code)
            await self._tell(match, "presence", seat=seat, online=after > 0, since=now)

    # ----- matches -----

    async def match(self, code: str) -> LiveMatch | None:
        """The match with `code`, from memory or rebuilt from the store (concurrent callers share one load)."""
        live = self.matches.get(code)
        if live is not None:
            return live
        pending = self._loading.get(code)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveMatch | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            live = await self._load(code)
            future.set_result(live)
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[code]
        return live

    async def _load(self, code: str) -> LiveMatch | None:
        if self.relay is not None:
            await self.relay.watch(code)  # before reading: no entry appended meanwhile goes unheard
        stored = await self.store.load(code)
        if stored is None:
            if self.relay is not None:
                await self.relay.unwatch(code)
            return None
        record = stored.record
        replica = Replica(make_game(record.mode, record.level, record.options))
        for entry in stored.entries:
            replica.add(entry)
        live = LiveMatch(record, stored.seats, replica, stored.finished, await self.store.presence(code))
        if self.relay is not None:
            live.elsewhere = {seat: known.online for seat, known in live.presence.items()}
        self.matches[code] = live
        async with live.lock:
            if self.relay is not None:
                await self._catch_up(live)  # entries heard while it was read were not handled: read them now
            await self._settle(live)  # a process stopped between the last seat's claim and the first roll
        return live

    async def _create(self, conn: Conn, request: P.Create) -> None:
        if await self.store.count() >= self.config.max_matches:
            raise ProtocolError(P.TOO_MANY_MATCHES, "the server holds too many matches; try again later")
        try:
            level = request.level or level_for_seats(request.mode, request.seats or 2)
            game = make_game(request.mode, level, request.options)
        except ValueError as exc:
            raise ProtocolError(P.BAD_SETUP, str(exc)) from None
        if request.seats is not None and game.num_players != request.seats:
            raise ProtocolError(P.BAD_SETUP, f"{request.mode} {level} has {game.num_players} seats")
        live = await self._new_match(request.mode, level, request.options, request.seed, game.num_players)
        assert live is not None  # a new code is always found
        data: JSONObject = {"kind": "created", "code": live.code, "match": live.snapshot()}
        if request.ref is not None:
            data["ref"] = request.ref
        conn.send(P.dumps(data))

    async def _new_match(
        self,
        mode: str,
        level: str,
        options: dict[str, int],
        seed: int | None,
        seats: int,
        rematch_of: str = "",
        code: str = "",
    ) -> LiveMatch | None:
        """A new match kept in the store (with `code` when given: None when that code is kept already)."""
        secret = dice.new_secret()
        while True:
            record = MatchRecord(
                code or new_code(),
                mode,
                level,
                dict(options),
                seed,
                seats,
                secret,
                dice.commitment(secret),
                time.time(),
                rematch_of,
            )
            if await self.store.create(record):
                break
            if code:
                return None
        if self.relay is not None:
            await self.relay.watch(record.code)
        game = make_game(mode, level, options)
        live = LiveMatch(record, {}, Replica(game), None, {})
        self.matches[record.code] = live
        return live

    async def _join(self, conn: Conn, request: P.Join) -> None:
        match = await self.match(request.code)
        if match is None:
            raise ProtocolError(P.NOT_FOUND, f"no match {request.code}")
        token: str | None = None
        async with match.lock:
            if self.relay is not None and request.since > match.replica.seq:
                await self._catch_up(match)  # the client saw entries (through another process) not heard here yet
            if request.token is not None:
                seat = await self._seat_back(match, request.token, request.seat)
            elif request.seat is not None:
                seat = request.seat
                token = await self._claim(match, request)
            else:
                seat = None
            if conn.match is not None and conn.match is not match:
                await self._leave(conn)
            conn.match = match
            match.viewers.add(conn)
            data: JSONObject = {"kind": "joined", "seat": seat, "match": match.snapshot()}
            if token is not None:
                data["token"] = token
            if request.ref is not None:
                data["ref"] = request.ref
            conn.send(P.dumps(data))
            for entry in match.replica.entries[request.since :]:
                conn.send(entry.text)
            if seat is not None and seat not in conn.seats:
                conn.seats.add(seat)
                await self._set_online(match, seat, +1)
            if token is not None:
                await self._settle(match)

    async def _seat_back(self, match: LiveMatch, token: str, named: int | None) -> int:
        """The seat a returning client's token holds (read again from a shared store when it is not known here)."""
        seat = match.seat_of(token)
        if seat is None and self.relay is not None:
            await self._refresh_seats(match)
            seat = match.seat_of(token)
        if seat is None or (named is not None and named != seat):
            raise ProtocolError(P.BAD_TOKEN, "this token is not that seat's in this match")
        return seat

    async def _claim(self, match: LiveMatch, request: P.Join) -> str:
        seat = request.seat
        assert seat is not None and request.value is not None
        if seat >= match.record.num_players:
            raise ProtocolError(P.BAD_SEAT, f"the match has seats 0…{match.record.num_players - 1}")
        if seat in match.seats:
            raise ProtocolError(P.SEAT_TAKEN, f"seat {seat} is taken; join another or watch")
        token = secrets.token_urlsafe(18)
        name = clean_name(request.name) or f"player {seat + 1}"
        record = SeatRecord(seat, name, token_hash(token), request.value, time.time())
        if not await self.store.claim_seat(match.code, record):
            raise ProtocolError(P.SEAT_TAKEN, f"seat {seat} is taken; join another or watch")
        match.seats[seat] = record
        await self._tell(match, "claim", seat=seat, name=name, token_hash=record.token_hash, value=record.value)
        return token

    async def _settle(self, match: LiveMatch) -> None:
        """Roll what the dice owe once every seat is in (the game may open at a chance node)."""
        if self.relay is not None and not match.started:
            await self._refresh_seats(match)  # the other seats may have been claimed through other processes
        if not match.started or match.replica.is_over or match.replica.state.current_player() != CHANCE:
            return
        try:
            await self._commit(match, self._roll(match))
        except ProtocolError as exc:
            if exc.code != P.STALE:
                raise
            # Another process rolled first (the same dice: they follow from the seed, the values, the number).

    def _roll(self, match: LiveMatch) -> list[Entry]:
        replica, secret, values = match.replica, match.record.secret, match.values()
        added: list[Entry] = []
        while replica.state.current_player() == CHANCE:
            number = replica.rolls
            outcome = dice.roll(replica.state, secret, values, number)
            added.append(replica.play(outcome, P.CHANCE_SEAT, roll=number, reveal=secret))
        return added

    async def _commit(self, match: LiveMatch, added: list[Entry]) -> None:
        """Store the entries just applied, then send them; undo them in memory when the store refuses."""
        finished = time.time() if match.replica.is_over else None
        try:
            stored = await self.store.append(match.code, added, finished)
        except BaseException:
            match.replica.drop_last(len(added))
            raise
        if not stored:
            # Another process applied an entry first: this copy is behind; read what it missed.
            match.replica.drop_last(len(added))
            await self._catch_up(match)
            raise ProtocolError(P.STALE, "the match moved on; read it again")
        match.finished = finished
        match.takeback = None
        self.applied += len(added)
        for entry in added:
            match.publish(entry.text)

    # ----- sharing matches with other server processes (a store that relays) -----

    async def _tell(self, match: LiveMatch, what: str, **fields: JSON) -> None:
        """Tell the other processes that watch the match what changed here (nothing without a relay)."""
        if self.relay is None:
            return
        text = P.dumps({"kind": "relay", "from": self.name, "what": what, "code": match.code, **fields})
        try:
            await self.relay.tell(match.code, text)
        except StoreUnavailable:
            self._store_down()

    def _heard(self, code: str, seq: int, text: str) -> None:
        """A message on a match's channel: handled in its own task, in the order heard (the match's lock is
        first come, first served; entries are put in order by their numbers anyway). An entry this copy has is
        skipped unread (this process appended it; or, while an append of its own is under way, that append fails
        and reads the entry from the store)."""
        match = self.matches.get(code)
        if match is not None and not (seq and seq <= match.replica.seq):
            task = asyncio.get_running_loop().create_task(self._hear(code, text))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _hear(self, code: str, text: str) -> None:
        match = self.matches.get(code)
        if match is None:
            return
        try:
            data = json.loads(text)
            async with match.lock:
                if data.get("kind") == "entry":
                    await self._catch_up(match, Entry.from_wire(data))
                elif data.get("kind") == "relay" and data.get("from") != self.name:
                    await self._relayed(match, data)
        except StoreUnavailable:
            self._store_down()
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
                await self._settle(match)
        elif what == "presence":
            seat, online, since = int(data["seat"]), bool(data["online"]), float(data["since"])  # type: ignore[arg-type]
            if not online and match.online.get(seat, 0) > 0:
                # The seat left that process but is connected here (it moved): say so again.
                now = time.time()
                with contextlib.suppress(StoreUnavailable):
                    await self.store.set_presence(match.code, seat, True, now)
                await self._tell(match, "presence", seat=seat, online=True, since=now)
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
                await self._rematch_when_agreed(match)

    async def _catch_up(self, match: LiveMatch, heard: Entry | None = None) -> None:
        """Apply the entries this copy of the match misses (the one heard when it is the next; else read them from
        the store) and send them to its clients here, each once."""
        replica = match.replica
        if heard is not None and heard.seq <= replica.seq:
            return  # applied here already (this process appended it, or heard it before)
        news = [heard] if heard is not None and heard.seq == replica.seq + 1 else None
        if news is None:
            news = await self.store.entries_after(match.code, replica.seq)
        for entry in news:
            if entry.seq != replica.seq + 1:
                continue
            replica.add(entry)
            match.takeback = None
            match.publish(entry.text)
        if replica.is_over and match.finished is None:
            match.finished = time.time()

    async def _recheck_elsewhere(self, match: LiveMatch) -> None:
        """Seats online through another process that has died (it never said they left) are away from now on."""
        known = await self.store.presence(match.code)
        gone = [s for s, online in match.elsewhere.items() if online and not (s in known and known[s].online)]
        if gone:
            now = time.time()
            for seat in gone:
                match.elsewhere[seat] = False
                match.presence[seat] = Presence(seat, False, now)
            match.publish(match.presence_message())

    async def _refresh_seats(self, match: LiveMatch) -> None:
        """Read the match's seats again from the store (claimed through another process)."""
        stored = await self.store.load(match.code)
        if stored is not None:
            for seat, record in stored.seats.items():
                match.seats.setdefault(seat, record)

    def _resync(self) -> None:
        """Messages may have been missed (the relay or the store was cut): read every match in memory again."""

        async def again(match: LiveMatch) -> None:
            try:
                async with match.lock:
                    await self._refresh_seats(match)
                    await self._catch_up(match)
                    await self._settle(match)
            except StoreUnavailable:
                self._store_down()
            except Exception:  # noqa: BLE001 - the next resync or request reads it again
                log.exception("reading match %s again failed", match.code)

        for match in list(self.matches.values()):
            task = asyncio.get_running_loop().create_task(again(match))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _store_down(self, reason: str = "") -> None:
        """The store cannot be reached: tell every client, and wait for it to come back."""
        if not self.available:
            return
        self.available = False
        log.warning("the match store is unavailable; retrying (%s)", reason or "the relay was cut")
        broadcast([c.ws for c in self.conns], P.status_message(False))
        self._probe = asyncio.get_running_loop().create_task(self._wait_for_store())

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
        self._resync()

    def _seat(self, match: LiveMatch, token: str, named: int | None = None) -> int:
        seat = match.seat_of(token)
        if seat is None:
            raise ProtocolError(P.BAD_TOKEN, "this token is no seat's in this match")
        if named is not None and named != seat:
            raise ProtocolError(P.BAD_TOKEN, f"this token is seat {seat}'s, not seat {named}'s")
        return seat

    def _playing(self, match: LiveMatch) -> None:
        if match.replica.is_over:
            raise ProtocolError(P.OVER, "the match is over")
        if not match.started:
            raise ProtocolError(P.NOT_STARTED, "the match waits for its seats to be taken")

    async def _act(self, match: LiveMatch, request: P.Act) -> None:
        seat = self._seat(match, request.token, request.seat)
        self._playing(match)
        replica = match.replica
        if self.relay is not None and request.seq > replica.seq:
            await self._catch_up(match)  # the client saw entries (through another process) not heard here yet
        if request.seq != replica.seq:
            raise ProtocolError(P.STALE, f"sent for entry {request.seq}; the match is at entry {replica.seq}")
        if replica.state.current_player() != seat:
            raise ProtocolError(P.NOT_YOUR_TURN, f"seat {seat} does not decide now")
        try:
            action = replica.state.action_from_str(request.action)
        except IllegalAction as exc:
            raise ProtocolError(P.ILLEGAL, str(exc)[:200]) from None
        added = [replica.play(action, seat, reveal=match.record.secret)]
        added += self._roll(match)
        await self._commit(match, added)

    async def _resign(self, match: LiveMatch, request: P.Resign) -> None:
        seat = self._seat(match, request.token)
        self._playing(match)
        outcome = resignation(seat, match.record.num_players)
        entry = Entry(match.replica.seq + 1, P.RESIGN, seat, outcome=outcome.to_dict(), secret=match.record.secret)
        match.replica.add(entry)
        await self._commit(match, [entry])

    async def _ask_takeback(self, match: LiveMatch, request: P.Takeback) -> None:
        seat = self._seat(match, request.token)
        self._playing(match)
        if request.seq != match.replica.seq:
            raise ProtocolError(P.STALE, f"sent for entry {request.seq}; the match is at entry {match.replica.seq}")
        if match.replica.last_decision(seat) is None:
            raise ProtocolError(P.NOTHING_TO_TAKE_BACK, f"seat {seat} has no decision to take back")
        if len(match.replica.entries) >= 2 * match.replica.game.max_length:
            # Keeps a match's log (and its store) within a bound the mode sets.
            raise ProtocolError(P.NOTHING_TO_TAKE_BACK, "this match has had its share of takebacks")
        match.takeback = Offer(seat, request.seq)
        text = P.dumps({"kind": "offer", "offer": "takeback", "seat": seat, "seq": request.seq, "open": True})
        match.publish(text)
        await self._tell_offer(match, text)

    async def _tell_offer(self, match: LiveMatch, text: str = "") -> None:
        """Tell the other processes the open takeback request (or that there is none), and what their clients see."""
        offer = match.takeback
        state: JSON = None
        if offer is not None:
            state = {"seat": offer.seat, "seq": offer.seq, "accepted": list(sorted(offer.accepted))}
        await self._tell(match, "takeback", offer=state, text=text)

    async def _answer_takeback(self, match: LiveMatch, request: P.TakebackReply) -> None:
        seat = self._seat(match, request.token)
        offer = match.takeback
        if offer is None or offer.seq != match.replica.seq or match.replica.is_over:
            raise ProtocolError(P.NO_OFFER, "no takeback is asked now")
        if seat == offer.seat:
            raise ProtocolError(P.NO_OFFER, "the other seats answer a takeback request")
        if not request.accept:
            match.takeback = None
            text = P.dumps({"kind": "offer", "offer": "takeback", "seat": offer.seat, "open": False, "by": seat})
            match.publish(text)
            await self._tell_offer(match, text)
            return
        offer.accepted.add(seat)
        if offer.accepted < set(range(match.record.num_players)) - {offer.seat}:
            await self._tell_offer(match)
            return
        last = match.replica.last_decision(offer.seat)
        assert last is not None  # checked when asked; no entry was added since
        entry = Entry(match.replica.seq + 1, P.TAKEBACK, offer.seat, undo_to=last.seq - 1)
        match.replica.add(entry)
        await self._commit(match, [entry])

    async def _rematch(self, match: LiveMatch, request: P.Rematch) -> None:
        seat = self._seat(match, request.token)
        if not match.replica.is_over:
            raise ProtocolError(P.NOT_OVER, "a rematch is asked once the match is over")
        if match.rematch_code:
            match.publish(P.dumps({"kind": "rematch", "code": match.rematch_code}))
            return
        match.rematch[seat] = request.value
        await self._tell(match, "rematch", asked={str(s): v for s, v in match.rematch.items()})
        await self._rematch_when_agreed(match)

    async def _rematch_when_agreed(self, match: LiveMatch) -> None:
        """Tell who asked for a rematch; once every seat has, make it (its code is derived from the match's, so two
        processes hearing the last request at once make the same one)."""
        if len(match.rematch) < match.record.num_players:
            match.publish(P.dumps({"kind": "offer", "offer": "rematch", "seats": [s for s in sorted(match.rematch)]}))
            return
        record = match.record
        code = rematch_code(record)
        live = await self._new_match(
            record.mode, record.level, record.options, record.seed, record.num_players, record.code, code
        )
        if live is None:
            kept = await self.store.load(code)
            if kept is None or kept.record.rematch_of != record.code:  # the code was another match's
                live = await self._new_match(
                    record.mode, record.level, record.options, record.seed, record.num_players, record.code
                )
        code = live.code if live is not None else code
        for seat_no, old in match.seats.items():
            # Claimed here too when another process made the rematch: its seats are there before anyone joins.
            claimed = SeatRecord(seat_no, old.name, old.token_hash, match.rematch[seat_no], time.time())
            await self.store.claim_seat(code, claimed)
            if live is not None:
                live.seats[seat_no] = claimed
        if live is not None:
            async with live.lock:
                await self._settle(live)
        match.rematch_code = code
        match.publish(P.dumps({"kind": "rematch", "code": code}))


class ServerThread:
    """A match server on its own thread and event loop (a game hosting from its menu; tests)."""

    def __init__(
        self,
        store: Path | str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        config: ServerConfig | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self._args = (store, host, port, config, tls)
        self.url = ""
        self.server: MatchServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="kubiki-match-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Start serving; returns the address. RuntimeError when it could not start within `timeout` seconds."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the match server did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the match server did not start: {self._error}") from self._error
        return self.url

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from game.online.store import store_from_url

        store_path, host, port, config, tls = self._args
        try:
            self._loop = asyncio.get_running_loop()
            self._stopped = asyncio.Event()
            store = store_from_url(
                None if store_path is None else str(store_path), (config or ServerConfig()).finished_ttl
            )
            self.server = MatchServer(store, config)
            self.url = await self.server.start(host, port, tls)
        except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        await self._stopped.wait()
        await self.server.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving and wait for the thread to end."""
        if self._loop is not None and self._stopped is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout)

    def call(self, work: Callable[[MatchServer], Coroutine[Any, Any, T]], timeout: float = 10.0) -> T:
        """Run the coroutine `work(server)` on the server's loop and return its result (tests)."""
        assert self._loop is not None and self.server is not None
        return asyncio.run_coroutine_threadsafe(work(self.server), self._loop).result(timeout)
