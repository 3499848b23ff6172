"""The match store's contract, the same for every store (SQLite; Redis when the tests have one): create, seats,
compare-and-set append (many writers racing for one number: exactly one wins), presence, expiry; and what only
Redis does (times to live, relaying entries in order, the memory a match takes)."""

from __future__ import annotations

import asyncio
import time

import pytest

from game.online.protocol import Entry
from game.online.store import MatchRecord, SeatRecord, store_from_url
from tests.online_helpers import NO_REDIS, REDIS, redis_url, within

STORES = ["sqlite", pytest.param("redis", marks=pytest.mark.skipif(not REDIS, reason=NO_REDIS))]


@pytest.fixture(params=STORES)
def spec(request, tmp_path) -> str:
    """Where a store is: a SQLite file, or a fresh prefix in the tests' Redis."""
    return str(tmp_path / "s.db") if request.param == "sqlite" else redis_url()


def record(code: str, created: float = 1.0) -> MatchRecord:
    return MatchRecord(code, "kubtafl", "endgame", {"x": 1}, 7, 2, "ab" * 32, "cd" * 32, created)


def entries(first: int, count: int, tag: str = "a") -> list[Entry]:
    return [Entry(first + i, "action", i % 2, f"{tag}{first + i}") for i in range(count)]


def run(work):
    """Run a coroutine with a bound."""
    return asyncio.run(within(work, "the store's answer"))


def test_a_match_is_kept_whole(spec):
    async def scenario():
        store = store_from_url(spec)
        try:
            assert await store.create(record("AAAAAA"))
            assert not await store.create(record("AAAAAA"))  # the code is taken
            assert await store.claim_seat("AAAAAA", SeatRecord(0, "Anna", "h0", "v0", 2.0))
            assert not await store.claim_seat("AAAAAA", SeatRecord(0, "Boris", "h1", "v1", 3.0))
            assert await store.append("AAAAAA", entries(1, 3))
            await store.set_presence("AAAAAA", 0, True, 4.0)
            loaded = await store.load("AAAAAA")
            assert loaded is not None and loaded.record == record("AAAAAA")
            assert loaded.seats == {0: SeatRecord(0, "Anna", "h0", "v0", 2.0)}
            assert [e.text for e in loaded.entries] == [e.text for e in entries(1, 3)]
            assert loaded.finished is None
            assert [e.seq for e in await store.entries_after("AAAAAA", 1)] == [2, 3]
            presence = await store.presence("AAAAAA")
            assert presence[0].online and presence[0].since == 4.0
            assert await store.load("BBBBBB") is None
            assert await store.codes() == ["AAAAAA"] and await store.count() == 1
        finally:
            await store.close()

    run(scenario())


def test_append_is_compare_and_set_on_the_sequence_number(spec):
    async def scenario():
        store = store_from_url(spec)
        try:
            await store.create(record("AAAAAA"))
            assert await store.append("AAAAAA", entries(1, 2))
            assert not await store.append("AAAAAA", entries(2, 1, "b"))  # taken
            assert not await store.append("AAAAAA", entries(4, 1, "b"))  # a gap
            assert await store.append("AAAAAA", entries(3, 1, "c"))
            assert [e.action for e in await store.entries_after("AAAAAA", 0)] == ["a1", "a2", "c3"]
        finally:
            await store.close()

    run(scenario())


def test_many_writers_racing_for_one_number_store_exactly_one(spec):
    """Eight connections (as eight server processes would have), each appending its own entry with the same number,
    all at once, round after round: exactly one wins each round and the log never forks."""

    async def scenario():
        stores = [store_from_url(spec) for _ in range(8)]
        try:
            await stores[0].create(record("AAAAAA"))
            for seq in range(1, 21):
                wins = await asyncio.gather(
                    *(s.append("AAAAAA", [Entry(seq, "action", 0, f"w{i}s{seq}")]) for i, s in enumerate(stores))
                )
                assert sum(wins) == 1, wins
            log = await stores[3].entries_after("AAAAAA", 0)
            assert [e.seq for e in log] == list(range(1, 21))
            # Every writer reads the same log.
            for store in stores:
                assert [e.text for e in await store.entries_after("AAAAAA", 0)] == [e.text for e in log]
        finally:
            for store in stores:
                await store.close()

    run(scenario())


def test_finished_matches_expire_and_unfinished_ones_stay(spec):
    async def scenario():
        store = store_from_url(spec)
        try:
            for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
                await store.create(record(code))
            await store.append("AAAAAA", entries(1, 1), finished=100.0)
            await store.append("BBBBBB", entries(1, 1), finished=300.0)
            await store.append("CCCCCC", entries(1, 1))
            assert (await store.load("AAAAAA")).finished == 100.0
            assert await store.expire(200.0) == ["AAAAAA"]
            assert await store.load("AAAAAA") is None and await store.entries_after("AAAAAA", 0) == []
            assert await store.codes() == ["BBBBBB", "CCCCCC"]
            assert await store.expire(1e12) == ["BBBBBB"]
            assert await store.codes() == ["CCCCCC"] and await store.count() == 1
        finally:
            await store.close()

    run(scenario())


@pytest.mark.skipif(not REDIS, reason=NO_REDIS)
def test_redis_gives_a_finished_match_a_time_to_live_and_relays_its_entries_in_order():
    from game.online.redis_store import RedisStore

    async def scenario():
        url = redis_url()
        writer, reader = RedisStore(url, finished_ttl=3600), RedisStore(url)
        heard: list[tuple[str, str]] = []
        got_all = asyncio.Event()

        def on_message(code: str, seq: int, text: str) -> None:
            heard.append((code, seq, text))
            if len(heard) == 5:
                got_all.set()

        try:
            reader.listen(on_message, lambda: None, lambda: None)
            await writer.create(record("AAAAAA"))
            await writer.create(record("BBBBBB"))
            await writer.claim_seat("AAAAAA", SeatRecord(0, "Anna", "h0", "v0", 2.0))
            await writer.set_presence("AAAAAA", 0, True, 3.0)
            await reader.watch("AAAAAA")
            await writer.append("AAAAAA", entries(1, 2))
            await writer.append("BBBBBB", entries(1, 2))  # not watched: not heard
            await writer.append("AAAAAA", entries(3, 3), finished=time.time())
            await within(got_all.wait(), "every entry")
            assert heard == [("AAAAAA", e.seq, e.text) for e in entries(1, 5)]
            # A finished match's keys are removed by Redis after the time to live even if nobody sweeps; an
            # unfinished match's keys have none.
            raw = writer._redis
            for key in writer._keys("AAAAAA"):
                assert 3500 < await raw.ttl(key) <= 3600, key
            for key in writer._keys("BBBBBB")[::2]:
                assert await raw.ttl(key) == -1, key
            assert await writer.memory("AAAAAA") > 0
        finally:
            await writer.close()
            await reader.close()

    run(scenario())


@pytest.mark.skipif(not REDIS, reason=NO_REDIS)
def test_redis_takes_the_seats_of_a_process_that_is_gone_for_away():
    """A seat online through a process that was killed (it never said its client left) reads as away once that
    process's alive key has lapsed."""
    from game.online.redis_store import RedisStore

    async def scenario():
        url = redis_url()
        dead, reader = RedisStore(url), RedisStore(url)
        try:
            await dead.create(record("AAAAAA"))
            await dead.set_presence("AAAAAA", 0, True, 5.0)
            await dead.set_presence("AAAAAA", 1, False, 6.0)
            assert {s: p.online for s, p in (await reader.presence("AAAAAA")).items()} == {0: True, 1: False}
            await reader._redis.delete(dead._alive)  # as its time to live would, the process being killed
            presence = await reader.presence("AAAAAA")
            assert {s: p.online for s, p in presence.items()} == {0: False, 1: False}
            assert presence[0].since == 5.0
        finally:
            await dead.close()
            await reader.close()

    run(scenario())
