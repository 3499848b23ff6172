"""The match store several server processes share: Redis, through the `redis` package (`redis.asyncio`).

Each match is four keys under a prefix (default `kubiki:`): `match:CODE` (a hash: the setup as JSON, when it
finished), `seats:CODE` (a hash: seat → JSON), `log:CODE` (a list: entry n at index n−1, the message text) and
`presence:CODE` (a hash: seat → `1|since` or `0|since`); two sorted sets index them (`codes` by creation,
`finished` by end). Appending is one Lua script: it checks the sequence number against the log's length
(compare-and-set), pushes the entries and publishes each one (`SEQ TEXT`) on the match's channel `ch:CODE` —
stored and relayed in one step, so every process sees the entries in log order and never one that was not stored.
A finished match's keys get a time to live (Redis removes them even when no server sweeps); an unfinished one is
kept.

The store also relays (`Relay`): a process watches (subscribes to) the channels of the matches it has in memory and
hears each entry, and the news a process tells (presence, offers), over one pub/sub connection; after that
connection is lost and opened again it asks the server to read its matches again (`on_resync`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis.asyncio as redis
from redis import exceptions as rex

from game.online.protocol import Entry, ProtocolError, dumps
from game.online.store import (
    FINISHED_TTL,
    MatchRecord,
    Presence,
    SeatRecord,
    StoredMatch,
    StoreUnavailable,
    record_from_json,
    record_to_json,
)

log = logging.getLogger(__name__)

DEFAULT_PREFIX = "kubiki:"
#: Bounds on waiting for Redis: connecting, one command, a subscription's confirmation.
CONNECT_TIMEOUT, COMMAND_TIMEOUT, SUBSCRIBE_TIMEOUT = 2.0, 5.0, 5.0
#: A server process renews its alive key every ALIVE_EVERY seconds; it is taken for gone ALIVE_FOR seconds after.
ALIVE_EVERY, ALIVE_FOR = 5.0, 15
#: Connections to Redis a process opens at most (commands wait for a free one, up to POOL_WAIT seconds), besides
#: the relay's: enough for a busy process whose event loop is slow to read the answers.
MAX_CONNECTIONS, POOL_WAIT = 256, 10.0
# What says Redis cannot be reached or cannot take a write now (the server answers 'unavailable' and retries).
_DOWN = (rex.ConnectionError, rex.TimeoutError, rex.OutOfMemoryError, rex.ReadOnlyError, rex.MasterDownError, OSError)

# KEYS: match, seats, log, presence, codes index, finished index. ARGV: first seq, finished ('' while it goes on),
# time to live (whole seconds), channel, code, then the entry texts. Returns 1 stored, 0 not the next number,
# -1 no such match.
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('LLEN', KEYS[3]) + 1 ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[3], unpack(ARGV, 6))
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[1], 'finished', ARGV[2])
  redis.call('ZADD', KEYS[6], ARGV[2], ARGV[5])
  for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[3]) end
end
for i = 6, #ARGV do redis.call('PUBLISH', ARGV[4], (tonumber(ARGV[1]) + i - 6) .. ' ' .. ARGV[i]) end
return 1
"""

# KEYS: match, codes index. ARGV: record JSON, created, code. Returns 1 created, 0 the code is taken.
_CREATE = """
if redis.call('HSETNX', KEYS[1], 'record', ARGV[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
"""

# KEYS: match, presence, this process's alive key. ARGV: seat, value, seconds the process is taken to be alive.
# A finished match's presence expires with it.
_PRESENCE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[3], '1', 'EX', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
return 1
"""

# KEYS: codes index, finished index. ARGV: finished before, prefix. Returns the codes removed.
_EXPIRE = """
local codes = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[1])
for _, code in ipairs(codes) do
  local p = ARGV[2]
  redis.call('DEL', p .. 'match:' .. code, p .. 'seats:' .. code, p .. 'log:' .. code, p .. 'presence:' .. code)
  redis.call('ZREM', KEYS[1], code)
  redis.call('ZREM', KEYS[2], code)
end
return codes
"""


def split_url(url: str) -> tuple[str, str]:
    """`redis://HOST:PORT/DB?prefix=P` → the URL Redis is given and the key prefix (default `kubiki:`)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    prefix = next((v for k, v in query if k == "prefix"), DEFAULT_PREFIX)
    rest = urlencode([(k, v) for k, v in query if k != "prefix"])
    return urlunsplit(parts._replace(query=rest)), prefix


@contextlib.asynccontextmanager
async def _reaching() -> AsyncIterator[None]:
    """Turn 'Redis cannot be reached' into StoreUnavailable."""
    try:
        yield
    except _DOWN as exc:
        raise StoreUnavailable(f"redis: {exc}") from exc


class RedisStore:
    """Matches in Redis, shared by every server process given the same URL and prefix."""

    def __init__(self, url: str, finished_ttl: float = FINISHED_TTL) -> None:
        address, self.prefix = split_url(url)
        self.url = url
        self.finished_ttl = max(1, int(finished_ttl))
        # A bounded pool that waits for a free connection (many matches at once share a few connections).
        pool = redis.BlockingConnectionPool.from_url(
            address,
            max_connections=MAX_CONNECTIONS,
            timeout=POOL_WAIT,
            decode_responses=True,
            socket_connect_timeout=CONNECT_TIMEOUT,
            socket_timeout=COMMAND_TIMEOUT,
            health_check_interval=10,
        )
        self._redis: redis.Redis = redis.Redis(connection_pool=pool)
        self._append = self._redis.register_script(_APPEND)
        self._create = self._redis.register_script(_CREATE)
        self._presence = self._redis.register_script(_PRESENCE)
        self._expire = self._redis.register_script(_EXPIRE)
        # The relay: one pub/sub connection, the channels watched, confirmations awaited, the listener.
        #: This process's name: a seat it says is online is online while its key `alive:NAME` lives (it renews it
        #: every ALIVE_EVERY seconds while it relays), so a killed process's seats are soon seen away.
        self.process = secrets.token_hex(8)
        self._alive = f"{self.prefix}alive:{self.process}"
        self._own = f"{self.prefix}proc:{self.process}"
        self._pubsub: Any = None
        self._watched: set[str] = set()
        self._confirmed: dict[str, asyncio.Future[None]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._on_message: Callable[[str, int, str], None] = lambda code, seq, text: None
        self._on_resync: Callable[[], None] = lambda: None
        self._on_cut: Callable[[], None] = lambda: None

    # ----- keys -----

    def _key(self, kind: str, code: str) -> str:
        return f"{self.prefix}{kind}:{code}"

    def _keys(self, code: str) -> list[str]:
        return [self._key(kind, code) for kind in ("match", "seats", "log", "presence")]

    def channel(self, code: str) -> str:
        """The pub/sub channel of a match."""
        return self._key("ch", code)

    # ----- the Store protocol -----

    async def create(self, match: MatchRecord) -> bool:
        """Keep a new match; False when its code is taken."""
        record = record_to_json(match)
        keys = [self._key("match", match.code), f"{self.prefix}codes"]
        async with _reaching():
            return bool(await self._create(keys, [record, repr(match.created), match.code]))

    async def load(self, code: str) -> StoredMatch | None:
        """The match with `code` (read in one transaction), or None."""
        async with _reaching():
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hgetall(self._key("match", code))
                pipe.hgetall(self._key("seats", code))
                pipe.lrange(self._key("log", code), 0, -1)
                head, seats, texts = await pipe.execute()
        if not head or "record" not in head:
            return None
        record = record_from_json(head["record"])
        claimed = {}
        for text in seats.values():
            seat = json.loads(text)
            claimed[int(seat["seat"])] = SeatRecord(
                int(seat["seat"]), seat["name"], seat["token_hash"], seat["value"], float(seat["joined"])
            )
        finished = float(head["finished"]) if head.get("finished") else None
        return StoredMatch(record, claimed, self._entries(code, texts), finished)

    def _entries(self, code: str, texts: list[str]) -> list[Entry]:
        try:
            return [Entry.from_wire(json.loads(text)) for text in texts]
        except ProtocolError as exc:
            raise ValueError(f"redis: match {code} has a damaged entry: {exc.message}") from None

    async def claim_seat(self, code: str, seat: SeatRecord) -> bool:
        """Give a free seat to a player; False when it was taken already."""
        text = dumps(
            {
                "seat": seat.seat,
                "name": seat.name,
                "token_hash": seat.token_hash,
                "value": seat.value,
                "joined": seat.joined,
            }
        )
        async with _reaching():
            return bool(await self._redis.hsetnx(self._key("seats", code), str(seat.seat), text))

    async def append(self, code: str, entries: Sequence[Entry], finished: float | None = None) -> bool:
        """Store the entries all or none and publish them on the match's channel; False when the first one's number
        is not the next free one (or the match is gone)."""
        if not entries:
            return True
        keys = [*self._keys(code), f"{self.prefix}codes", f"{self.prefix}finished"]
        args: list[str | int] = [
            entries[0].seq,
            "" if finished is None else repr(finished),
            self.finished_ttl,
            self.channel(code),
            code,
            *(e.text for e in entries),
        ]
        async with _reaching():
            return int(await self._append(keys, args)) == 1

    async def entries_after(self, code: str, seq: int) -> list[Entry]:
        """The match's entries numbered after `seq`, in order."""
        async with _reaching():
            texts = await self._redis.lrange(self._key("log", code), max(0, seq), -1)
        return self._entries(code, [str(t) for t in texts])

    async def codes(self) -> list[str]:
        """The codes of every match kept."""
        async with _reaching():
            return sorted(str(code) for code in await self._redis.zrange(f"{self.prefix}codes", 0, -1))

    async def count(self) -> int:
        """How many matches are kept."""
        async with _reaching():
            return int(await self._redis.zcard(f"{self.prefix}codes"))

    async def expire(self, finished_before: float) -> list[str]:
        """Remove the matches that ended before `finished_before`; their codes."""
        keys = [f"{self.prefix}codes", f"{self.prefix}finished"]
        async with _reaching():
            return sorted(await self._expire(keys, [repr(finished_before), self.prefix]))

    async def set_presence(self, code: str, seat: int, online: bool, at: float) -> None:
        """Record that a seat's client connected or left."""
        keys = [self._key("match", code), self._key("presence", code), self._alive]
        async with _reaching():
            await self._presence(keys, [str(seat), f"{int(online)}|{at!r}|{self.process}", ALIVE_FOR])

    async def presence(self, code: str) -> dict[int, Presence]:
        """The recorded presence of each seat that has any."""
        async with _reaching():
            stored = await self._redis.hgetall(self._key("presence", code))
            known = {int(seat): str(value).split("|") for seat, value in stored.items()}
            # Online on a process that is gone (killed: it never said its clients left) is away since then.
            by = sorted({fields[2] for fields in known.values() if fields[0] == "1" and len(fields) > 2})
            found = await self._redis.mget([f"{self.prefix}alive:{name}" for name in by]) if by else []
        alive = {name for name, value in zip(by, found, strict=True) if value is not None}
        out = {}
        for seat, fields in known.items():
            online = fields[0] == "1" and (len(fields) < 3 or fields[2] in alive)
            out[seat] = Presence(seat, online, float(fields[1]))
        return out

    async def close(self) -> None:
        """Stop relaying and close the connections."""
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
            with contextlib.suppress(*_DOWN):
                await self._redis.delete(self._alive)
        await self._drop_pubsub()
        await self._redis.aclose()

    # ----- measuring -----

    async def memory(self, code: str) -> int:
        """Bytes Redis uses for the match's keys (`MEMORY USAGE` of each, every element counted)."""
        total = 0
        async with _reaching():
            for key in self._keys(code):
                used = await self._redis.memory_usage(key, samples=0)
                total += int(used or 0)
        return total

    async def ping(self) -> None:
        """Reach Redis once; StoreUnavailable when it cannot be reached."""
        async with _reaching():
            await self._redis.ping()

    # ----- the relay -----

    def listen(
        self, on_message: Callable[[str, int, str], None], on_resync: Callable[[], None], on_cut: Callable[[], None]
    ) -> None:
        """Start relaying: `on_message(code, seq, text)` for each message on a watched match's channel (entries in log
        order), `on_cut()` when Redis is lost, `on_resync()` once the relay is back (messages may have been
        missed)."""
        self._on_message, self._on_resync, self._on_cut = on_message, on_resync, on_cut
        if self._listener is None:
            self._pubsub = self._redis.pubsub()
            self._listener = asyncio.get_running_loop().create_task(self._listen())

    async def watch(self, code: str) -> None:
        """Hear a match's channel from now on (returns once Redis confirmed the subscription)."""
        channel = self.channel(code)
        if channel in self._watched:
            return
        self._watched.add(channel)
        if self._pubsub is None:
            self._watched.discard(channel)
            raise StoreUnavailable("redis: the relay is reconnecting")
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmed[channel] = confirmed
        try:
            async with _reaching():
                await self._pubsub.subscribe(channel)
                await asyncio.wait_for(asyncio.shield(confirmed), SUBSCRIBE_TIMEOUT)
        except (StoreUnavailable, TimeoutError) as exc:
            self._watched.discard(channel)
            raise StoreUnavailable(f"redis: no subscription to {channel}") from exc
        finally:
            self._confirmed.pop(channel, None)

    async def unwatch(self, code: str) -> None:
        """Stop hearing a match's channel (it left this process's memory)."""
        channel = self.channel(code)
        if channel not in self._watched:
            return
        self._watched.discard(channel)
        if self._pubsub is not None:
            with contextlib.suppress(*_DOWN):
                await self._pubsub.unsubscribe(channel)

    async def tell(self, code: str, text: str) -> None:
        """Publish a message on a match's channel to the other processes watching it."""
        async with _reaching():
            await self._redis.publish(self.channel(code), text)

    async def _drop_pubsub(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def _listen(self) -> None:
        delay, cut, fresh = 0.05, False, True
        loop = asyncio.get_running_loop()
        renew = loop.time()
        while True:
            try:
                if self._pubsub is None:
                    self._pubsub, fresh = self._redis.pubsub(), True
                if fresh:
                    # This process's own channel last: its confirmation means every channel before it is heard.
                    await self._pubsub.subscribe(*self._watched, self._own)
                    fresh = False
                if loop.time() >= renew:
                    await self._redis.set(self._alive, "1", ex=ALIVE_FOR)
                    renew = loop.time() + ALIVE_EVERY
                message = await self._pubsub.get_message(timeout=1.0)
            except _DOWN as exc:
                if not cut:
                    log.warning("the relay lost redis: %s", exc)
                    self._on_cut()
                cut = True
                await self._drop_pubsub()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            delay = 0.05
            if message is None:
                continue
            channel = message.get("channel")
            if message["type"] == "subscribe":
                waiting = self._confirmed.get(channel)
                if waiting is not None and not waiting.done():
                    waiting.set_result(None)
                if channel == self._own and cut:
                    cut = False
                    log.warning("the relay reached redis again")
                    self._on_resync()
            elif message["type"] == "message" and channel in self._watched:
                # An entry is published as 'SEQ TEXT' (a process skips one it has without reading it), news as JSON.
                number, _, text = message["data"].partition(" ") if message["data"][:1].isdigit() else ("0", "", "")
                self._on_message(channel[len(self.prefix) + 3 :], int(number), text or message["data"])
