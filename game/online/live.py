"""A match as a server process holds it in memory, the connections that watch it, and its join codes."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, broadcast

from game.engine.core import JSON, JSONObject
from game.online import protocol as P
from game.online.limits import TokenBucket
from game.online.match import Replica
from game.online.protocol import ProtocolError
from game.online.store import MatchRecord, Presence, SeatRecord, token_hash


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

    def seat_for(self, token: str, named: int | None = None) -> int:
        """The seat `token` holds (and that it is seat `named`, when given); a BAD_TOKEN refusal otherwise."""
        seat = self.seat_of(token)
        if seat is None:
            raise ProtocolError(P.BAD_TOKEN, "this token is no seat's in this match")
        if named is not None and named != seat:
            raise ProtocolError(P.BAD_TOKEN, f"this token is seat {seat}'s, not seat {named}'s")
        return seat

    def check_playing(self) -> None:
        """Refuse what only a match in play allows: once it is over, or before every seat is taken."""
        if self.replica.is_over:
            raise ProtocolError(P.OVER, "the match is over")
        if not self.started:
            raise ProtocolError(P.NOT_STARTED, "the match waits for its seats to be taken")

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
