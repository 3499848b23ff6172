"""The match server: owns every match, rolls every die, checks every action with the engine, stores it, sends it.

One asyncio process (`websockets.asyncio.server`). `MatchServer` takes connections and hands each request to the
part that does it: `Seating` (create, join, claim, presence), the server itself (a seat's action), `Offers`
(resign, takeback, rematch). They share a `Ledger` (the matches in memory, loaded, rolled and committed to the
store before any client is sent an entry), a `MatchRelay` (other server processes sharing the store) and an
`Availability` (the store out of reach). `ServerThread` (game.online.server_thread) runs one on a background thread.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections import deque

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.engine.core import JSON, IllegalAction, JSONObject
from game.online import protocol as P
from game.online.availability import Availability
from game.online.ledger import Ledger
from game.online.limits import ServerConfig, TokenBucket
from game.online.live import Conn, LiveMatch
from game.online.offers import Offers
from game.online.protocol import ProtocolError
from game.online.relay import MatchRelay
from game.online.seating import Seating
from game.online.store import Store, StoreUnavailable

__all__ = ["MatchServer", "ServerConfig"]

log = logging.getLogger(__name__)
# How many of the latest actions' handling times a server keeps (for `handling`).
HANDLED_KEPT = 100_000


class MatchServer:
    """Serves matches from a store over websockets."""

    def __init__(self, store: Store, config: ServerConfig | None = None) -> None:
        self.store = store
        self.config = config or ServerConfig()
        self.conns: set[Conn] = set()
        self.ledger = Ledger(store)
        self.availability = Availability(store, self.ledger.relay, self.conns, lambda: self.relay.resync())
        # The relay hears rematch asks made elsewhere; the offers, made after it, settle them.
        self.relay = MatchRelay(self.ledger, self.availability.down, lambda m: self.offers.rematch_when_agreed(m))
        self.seating = Seating(self.ledger, self.relay, self.config)
        self.offers = Offers(self.ledger, self.relay)
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        #: How long each of the latest applied actions took from its message to its broadcast, in seconds.
        self.handled: deque[float] = deque(maxlen=HANDLED_KEPT)

    async def match(self, code: str) -> LiveMatch | None:
        """The match with `code`, from memory or rebuilt from the store."""
        return await self.ledger.match(code)

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
        self.relay.listen()
        scheme = "wss" if tls is not None else "ws"
        shown = f"[{host}]" if ":" in host else host
        return f"{scheme}://{shown}:{bound[1]}"

    async def close(self) -> None:
        """Stop listening, close every connection, then the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.availability.stop()
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
        ledger = self.ledger
        expired = await self.store.expire(time.time() - self.config.finished_ttl)
        for code in expired:
            match = await ledger.drop(code)
            for conn in list(match.viewers) if match else []:
                conn.match, conn.seats = None, set()
        if ledger.relay is not None:
            for match in [m for m in ledger.matches.values() if any(m.elsewhere.values())]:
                await self.relay.recheck_elsewhere(match)
        now = time.monotonic()
        for code, match in list(ledger.matches.items()):
            if not match.viewers and not match.lock.locked() and now - match.idle_since > self.config.idle_seconds:
                await ledger.drop(code)
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
        if not self.availability.available:
            conn.send(P.status_message(False))
        try:
            async for message in ws:
                await self._on_message(conn, message)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            await self.seating.leave(conn)

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
            self.availability.down(str(exc))
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
            await self.seating.create(conn, request)
        elif isinstance(request, P.Join):
            await self.seating.join(conn, request)
        else:
            match = conn.match
            if match is None:
                raise ProtocolError(P.NOT_JOINED, "join a match first")
            async with match.lock:
                await self._in_match(match, request)

    async def _in_match(self, match: LiveMatch, request: P.Request) -> None:
        if self.ledger.relay is not None and not match.started:
            await self.ledger.refresh_seats(match)  # a seat may have been claimed through another process
        if isinstance(request, P.Act):
            await self._act(match, request)
        elif isinstance(request, P.Resign):
            await self.offers.resign(match, request)
        elif isinstance(request, P.Takeback):
            await self.offers.ask_takeback(match, request)
        elif isinstance(request, P.TakebackReply):
            await self.offers.answer_takeback(match, request)
        elif isinstance(request, P.Rematch):
            await self.offers.rematch(match, request)

    async def _act(self, match: LiveMatch, request: P.Act) -> None:
        """A seat's decision: checked (its token, its turn, the entry it was made at, the engine), applied with the
        rolls that follow it, committed and sent."""
        seat = match.seat_for(request.token, request.seat)
        match.check_playing()
        replica = match.replica
        if self.ledger.relay is not None and request.seq > replica.seq:
            await self.ledger.catch_up(match)  # the client saw entries (through another process) not heard here yet
        if request.seq != replica.seq:
            raise ProtocolError(P.STALE, f"sent for entry {request.seq}; the match is at entry {replica.seq}")
        if replica.state.current_player() != seat:
            raise ProtocolError(P.NOT_YOUR_TURN, f"seat {seat} does not decide now")
        try:
            action = replica.state.action_from_str(request.action)
        except IllegalAction as exc:
            raise ProtocolError(P.ILLEGAL, str(exc)[:200]) from None
        added = [replica.play(action, seat, reveal=match.record.secret)]
        added += self.ledger.roll(match)
        await self.ledger.commit(match, added)
