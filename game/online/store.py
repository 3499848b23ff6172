"""Where matches are kept: one small async interface (`Store`) with SQLite behind it by default.

A server keeps nothing it could not rebuild from its store: each match's setup (`MatchRecord`, with the secret dice
seed), its seats (`SeatRecord`: name, the hash of the seat's token, the public dice value) and its numbered entries.
Applying an action is `append` with compare-and-set on the sequence number: it stores the entries only when the
first one's number is the next free one, and returns False when another writer took it, so a store shared by
several server processes (Redis) never forks a match's log. Presence (who is connected, away since when) is kept
here too, so that every process sees it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from game.online.protocol import Entry, dumps


@dataclass(frozen=True)
class MatchRecord:
    """A match's setup: code, mode, level, agreed options, the AI seed, seat count, the dice secret and its hash."""

    code: str
    mode: str
    level: str
    options: dict[str, int]
    seed: int | None
    num_players: int
    secret: str
    commitment: str
    created: float
    #: The match this one is a rematch of ('' for none).
    rematch_of: str = ""


@dataclass(frozen=True)
class SeatRecord:
    """A claimed seat: its name, the sha256 of its token (the token itself is never stored), its public dice value."""

    seat: int
    name: str
    token_hash: str
    value: str
    joined: float


@dataclass(frozen=True)
class Presence:
    """Whether a seat has a client connected, and since when it has (or has not)."""

    seat: int
    online: bool
    since: float


@dataclass
class StoredMatch:
    """Everything a store holds about one match."""

    record: MatchRecord
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    #: When the match ended (seconds since the epoch), None while it goes on.
    finished: float | None = None


def record_to_json(match: MatchRecord) -> str:
    """A match's setup as the JSON text a store keeps."""
    return dumps(
        {
            "code": match.code,
            "mode": match.mode,
            "level": match.level,
            "options": dict(match.options),
            "seed": match.seed,
            "num_players": match.num_players,
            "secret": match.secret,
            "commitment": match.commitment,
            "created": match.created,
            "rematch_of": match.rematch_of,
        }
    )


def record_from_json(text: str | bytes) -> MatchRecord:
    """Inverse of `record_to_json`."""
    data = json.loads(text)
    return MatchRecord(
        code=data["code"],
        mode=data["mode"],
        level=data["level"],
        options={str(k): int(v) for k, v in data["options"].items()},
        seed=data["seed"],
        num_players=int(data["num_players"]),
        secret=data["secret"],
        commitment=data["commitment"],
        created=float(data["created"]),
        rematch_of=data.get("rematch_of", ""),
    )


def token_hash(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Store(Protocol):
    """A match store. Every method may raise `StoreUnavailable` when the store cannot be reached."""

    async def create(self, match: MatchRecord) -> bool:
        """Keep a new match; False when its code is taken."""
        ...

    async def load(self, code: str) -> StoredMatch | None:
        """The match with `code`, or None."""
        ...

    async def claim_seat(self, code: str, seat: SeatRecord) -> bool:
        """Give a free seat to a player; False when the seat was taken already."""
        ...

    async def append(self, code: str, entries: Sequence[Entry], finished: float | None = None) -> bool:
        """Store applied entries (numbered one after another) all or none, and commit them before returning; False
        when `entries[0].seq` is not the next free number (another writer took it). `finished` marks the end."""
        ...

    async def entries_after(self, code: str, seq: int) -> list[Entry]:
        """The match's entries numbered after `seq`, in order."""
        ...

    async def codes(self) -> list[str]:
        """The codes of every match kept."""
        ...

    async def count(self) -> int:
        """How many matches are kept."""
        ...

    async def expire(self, finished_before: float) -> list[str]:
        """Remove the matches that ended before `finished_before`; their codes."""
        ...

    async def set_presence(self, code: str, seat: int, online: bool, at: float) -> None:
        """Record that a seat's client connected (online) or left, at `at`."""
        ...

    async def presence(self, code: str) -> dict[int, Presence]:
        """The recorded presence of each seat that has any."""
        ...

    async def close(self) -> None:
        """Release the store."""
        ...


@runtime_checkable
class Relay(Protocol):
    """A store several server processes share also carries each match's news between them (Redis pub/sub): the
    entries `append` stored, in log order, and what a process `tell`s (presence, offers)."""

    def listen(
        self, on_message: Callable[[str, int, str], None], on_resync: Callable[[], None], on_cut: Callable[[], None]
    ) -> None:
        """Start: `on_message(code, seq, text)` for each message of a watched match (`seq` the entry's number, 0 for
        news that is no entry); `on_cut()` when the relay lost the
        store, `on_resync()` when it is back (messages may have been missed: read the matches again)."""
        ...

    async def watch(self, code: str) -> None:
        """Hear a match's messages from now on (returns once that holds)."""
        ...

    async def unwatch(self, code: str) -> None:
        """Stop hearing a match's messages."""
        ...

    async def tell(self, code: str, text: str) -> None:
        """Send a message to the other processes that watch the match."""
        ...

    async def ping(self) -> None:
        """Reach the store once; StoreUnavailable when it cannot be reached."""
        ...


#: How long a finished match stays readable before it is removed (the server's default; Redis's time to live).
FINISHED_TTL = 7 * 24 * 3600.0


class StoreUnavailable(Exception):
    """The store cannot be reached now (a server answers 'unavailable' and the client tries again)."""


def store_from_url(spec: str | None, finished_ttl: float | None = None) -> Store:
    """The store a command line names: `redis://HOST:PORT/DB` (optionally `?prefix=P`; `rediss://` for TLS) for
    Redis, shared by several server processes; a SQLite file path or `sqlite:///PATH` otherwise (default: the data
    folder's). `finished_ttl` is how long Redis keeps a finished match. ValueError for a kind of store this program
    does not have."""
    if spec and spec.startswith(("redis://", "rediss://", "unix://")):
        try:
            from game.online.redis_store import RedisStore
        except ImportError:
            raise ValueError("a Redis store needs the redis package: pip install 'kubiki[redis]'") from None

        return RedisStore(spec, FINISHED_TTL if finished_ttl is None else finished_ttl)
    if spec and spec.startswith("sqlite://"):
        spec = spec.removeprefix("sqlite://") or None
    elif spec and "://" in spec:
        raise ValueError(f"unknown store {spec!r}: give redis://HOST:PORT/DB or the path of a SQLite file")
    from game.online.sqlite_store import SQLiteStore

    return SQLiteStore(spec)
