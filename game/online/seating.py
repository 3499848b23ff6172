"""Making matches and coming into them: create, join (claim a free seat, come back with a token, or watch), leave,
and who is online at each seat."""

from __future__ import annotations

import logging
import secrets
import time

from game.client.play.seats import clean_name
from game.engine.core import JSONObject
from game.online import protocol as P
from game.online.ledger import Ledger
from game.online.limits import ServerConfig
from game.online.live import Conn, LiveMatch
from game.online.match import level_for_seats, make_game
from game.online.protocol import ProtocolError
from game.online.relay import MatchRelay
from game.online.store import Presence, SeatRecord, StoreUnavailable, token_hash

log = logging.getLogger(__name__)


class Seating:
    """Creates matches and seats connections in them; keeps each seat's presence and tells other processes."""

    def __init__(self, ledger: Ledger, relay: MatchRelay, config: ServerConfig) -> None:
        self.ledger, self.relay, self.config = ledger, relay, config

    async def create(self, conn: Conn, request: P.Create) -> None:
        """Make a match from the request's setup and answer `created` with its code."""
        if await self.ledger.store.count() >= self.config.max_matches:
            raise ProtocolError(P.TOO_MANY_MATCHES, "the server holds too many matches; try again later")
        try:
            level = request.level or level_for_seats(request.mode, request.seats or 2)
            game = make_game(request.mode, level, request.options)
        except ValueError as exc:
            raise ProtocolError(P.BAD_SETUP, str(exc)) from None
        if request.seats is not None and game.num_players != request.seats:
            raise ProtocolError(P.BAD_SETUP, f"{request.mode} {level} has {game.num_players} seats")
        live = await self.ledger.new_match(request.mode, level, request.options, request.seed, game.num_players)
        assert live is not None  # a new code is always found
        data: JSONObject = {"kind": "created", "code": live.code, "match": live.snapshot()}
        if request.ref is not None:
            data["ref"] = request.ref
        conn.send(P.dumps(data))

    async def join(self, conn: Conn, request: P.Join) -> None:
        """Seat the connection (or let it watch), answer `joined`, and send the entries it has not seen."""
        ledger = self.ledger
        match = await ledger.match(request.code)
        if match is None:
            raise ProtocolError(P.NOT_FOUND, f"no match {request.code}")
        token: str | None = None
        async with match.lock:
            if ledger.relay is not None and request.since > match.replica.seq:
                await ledger.catch_up(match)  # the client saw entries (through another process) not heard here yet
            if request.token is not None:
                seat = await self._seat_back(match, request.token, request.seat)
            elif request.seat is not None:
                seat = request.seat
                token = await self._claim(match, request)
            else:
                seat = None
            if conn.match is not None and conn.match is not match:
                await self.leave(conn)
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
                await ledger.settle(match)

    async def _seat_back(self, match: LiveMatch, token: str, named: int | None) -> int:
        """The seat a returning client's token holds (read again from a shared store when it is not known here)."""
        seat = match.seat_of(token)
        if seat is None and self.ledger.relay is not None:
            await self.ledger.refresh_seats(match)
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
        if not await self.ledger.store.claim_seat(match.code, record):
            raise ProtocolError(P.SEAT_TAKEN, f"seat {seat} is taken; join another or watch")
        match.seats[seat] = record
        await self.relay.tell(match, "claim", seat=seat, name=name, token_hash=record.token_hash, value=record.value)
        return token

    async def leave(self, conn: Conn) -> None:
        """The connection leaves its match: its seats are away unless another connection holds them."""
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
                await self.ledger.store.set_presence(match.code, seat, after > 0, now)
            except StoreUnavailable:
                log.warning("presence of match %s not stored: the store is unavailable", match.code)
            await self.relay.tell(match, "presence", seat=seat, online=after > 0, since=now)
