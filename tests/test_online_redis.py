"""Several match server processes on one Redis (real `main.py serve --store redis://...` subprocesses, real
websocket clients, a real Redis): whole games with the seats on different processes, a process killed mid-game
and its clients finishing through the other, two processes racing to apply actions for one match, Redis restarted
mid-game. Every wait is bounded; nothing sleeps to make a test pass."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from game.online import protocol as P
from game.online.client import ClientConfig, MatchClient, Refused, ServerStatus, addresses, create_match
from game.online.limits import ServerConfig
from game.online.server_thread import ServerThread
from tests import client_helpers as ui
from tests import test_online_window as window
from tests.online_helpers import (
    DEADLINE,
    FAST,
    NO_REDIS,
    REDIS,
    free_port,
    never_arrived,
    random_seat,
    redis_url,
    serve_process,
    stored_entries,
    until,
    within,
)

needs_redis = pytest.mark.skipif(not REDIS, reason=NO_REDIS)

GAMES = [
    ("kubtafl", "endgame", 2),
    ("checkrisk", "standard", 2),
    ("checkrisk", "corners4", 4),
    ("battle_checkers", "skirmish6", 2),
]


class Servers:
    """Server processes on one store; stopped (SIGTERM, or already killed) at the end."""

    def __init__(self, home: Path, store: str, count: int) -> None:
        self.home, self.store = home, store
        self.procs: list[subprocess.Popen[str]] = []
        self.urls: list[str] = []
        for _ in range(count):
            self.start()

    def start(self, port: int = 0) -> str:
        proc, url = serve_process(self.home, self.store, port)
        self.procs.append(proc)
        self.urls.append(url)
        return url

    def kill(self, index: int) -> None:
        os.kill(self.procs[index].pid, signal.SIGKILL)
        self.procs[index].wait(DEADLINE)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            proc.wait(DEADLINE)
            if proc.stdout is not None:
                proc.stdout.close()
            if proc.stderr is not None:
                proc.stderr.close()


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    """Two server processes sharing one Redis (a prefix of their own)."""
    servers = Servers(tmp_path_factory.mktemp("two"), redis_url(), 2)
    yield servers
    servers.stop()


def check_game(clients: list[MatchClient], store: str, code: str) -> None:
    """Every seat saw the same numbered log, without a gap or a repeat, the one the store holds; the dice check."""
    logs = [[e.text for e in c.replica.entries] for c in clients]
    assert all(log == logs[0] for log in logs)
    assert [e.seq for e in clients[0].replica.entries] == list(range(1, len(logs[0]) + 1))
    assert stored_entries(store, code) == logs[0]
    assert all(c.outcome is not None and c.dice_check is not None and c.dice_check.ok for c in clients)
    assert {c.outcome for c in clients} == {clients[0].outcome}


@needs_redis
@pytest.mark.parametrize(("mode", "level", "seats"), GAMES)
def test_a_whole_game_with_the_seats_on_different_processes(two, mode, level, seats):
    async def scenario():
        created = await create_match(two.urls[0], mode, level, seed=5)
        code = created["code"]
        players = [random_seat(two.urls[s % 2], code, s, 30 + s) for s in range(seats)]
        return code, list(await within(asyncio.gather(*players), "every player's end"))

    code, clients = asyncio.run(scenario())
    assert {c.address for c in clients} == set(two.urls)
    check_game(clients, two.store, code)


@needs_redis
def test_presence_crosses_processes(two):
    async def scenario():
        created = await create_match(two.urls[0], "kubtafl", "endgame")
        clients = [MatchClient(ClientConfig(two.urls[s], created["code"], seat=s)) for s in (0, 1)]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        await until(lambda: all(c.connected for c in clients), "both seats joined")
        # Seat 1 is on the other process: seat 0 sees it come, go and come back (it reconnects by itself).
        await until(lambda: all(p.online for p in clients[0].presence), "both seats online")
        clients[1].drop()
        await until(lambda: not clients[0].presence[1].online, "seat 2 away")
        await until(lambda: all(p.online for p in clients[0].presence), "seat 2 back online")
        for c in clients:
            await c.close()
        await asyncio.gather(*tasks)

    asyncio.run(within(scenario(), "the scenario's end"))


@needs_redis
def test_a_seat_on_a_killed_process_is_soon_shown_away(tmp_path):
    """Seat 1's client is on a process that is killed and does not come back; seat 0, on another process, sees seat
    1 away once the killed process's alive key has lapsed (removed here as its time to live would)."""
    store = redis_url()
    here = ServerThread(store, config=ServerConfig(rate=1e4, burst=1e4))
    here.start()
    servers = Servers(tmp_path, store, 1)
    try:

        async def scenario():
            created = await create_match(here.url, "kubtafl", "endgame")
            clients = [
                MatchClient(ClientConfig(here.url, created["code"], seat=0)),
                MatchClient(ClientConfig(servers.urls[0], created["code"], seat=1)),
            ]
            clients[1].give_up_after = 0.5
            tasks = [asyncio.create_task(c.run()) for c in clients]
            await until(
                lambda: len(clients[0].presence) == 2 and all(p.online for p in clients[0].presence),
                "both seats online",
            )
            servers.kill(0)
            await asyncio.gather(tasks[1], return_exceptions=True)  # it gives up: no other server
            from game.online.redis_store import RedisStore

            probe = RedisStore(store)
            try:
                mine = here.server.store.process
                for key in await probe._redis.keys(f"{probe.prefix}alive:*"):
                    if not key.endswith(mine):
                        await probe._redis.delete(key)
            finally:
                await probe.close()
            assert clients[0].presence[1].online  # nothing said it left
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(here.server.sweep(), here._loop))
            await until(lambda: not clients[0].presence[1].online, "seat 2 away")
            await clients[0].close()
            await tasks[0]

        asyncio.run(within(scenario(), "the scenario's end"))
    finally:
        servers.stop()
        here.stop()


@needs_redis
def test_a_killed_process_s_clients_finish_the_game_through_the_other(tmp_path):
    servers = Servers(tmp_path, redis_url(), 2)
    a, b = servers.urls
    killed = asyncio.Event()

    async def kill_mid_game(client: MatchClient, action: object) -> None:
        if client.seq >= 40 and not killed.is_set():
            killed.set()
            servers.kill(0)

    try:

        async def scenario():
            created = await create_match(f"{a},{b}", "checkrisk", "standard")
            code = created["code"]
            # Seat 0 starts on the first process, seat 1 on the second; each knows both addresses.
            players = [
                random_seat(f"{a},{b}", code, 0, 70, kill_mid_game),
                random_seat(f"{b},{a}", code, 1, 71, kill_mid_game),
            ]
            return code, list(await within(asyncio.gather(*players), "every player's end"))

        code, clients = asyncio.run(scenario())
    finally:
        servers.stop()
    assert killed.is_set() and servers.procs[0].returncode == -signal.SIGKILL
    assert [c.address for c in clients] == [b, b]
    check_game(clients, servers.store, code)


@needs_redis
def test_two_processes_racing_for_one_match_never_fork_its_log(two):
    """Each seat is joined on both processes; whenever it decides, it sends two different decisions for the same
    entry number, one to each process, at once. Exactly one is applied; the other is refused as stale."""

    async def scenario():
        created = await create_match(two.urls[0], "battle_checkers", "skirmish6")
        code = created["code"]
        refusals: list[Refused] = []

        def note(event: object) -> None:
            if isinstance(event, Refused):
                refusals.append(event)

        first = [MatchClient(ClientConfig(two.urls[0], code, seat=s), on_event=note) for s in (0, 1)]
        tasks = [asyncio.create_task(c.run()) for c in first]
        await until(lambda: all(c.connected and c.token for c in first), "the first clients joined")
        second = [
            MatchClient(ClientConfig(two.urls[1], code, seat=s, token=c.token), on_event=note)
            for s, c in enumerate(first)
        ]
        tasks += [asyncio.create_task(c.run()) for c in second]
        everyone = first + second
        await until(lambda: all(c.connected for c in everyone), "every client joined")
        races = 0
        while races < 25 and not first[0].replica.is_over:
            await until(
                lambda: len({c.seq for c in everyone}) == 1 and any(c.my_turn for c in first),
                "a seat to decide, with every client level",
            )
            seat = next(s for s, c in enumerate(first) if c.my_turn)
            here, there = first[seat], second[seat]
            state = here.replica.state
            options = [state.action_to_str(a) for a in state.legal_actions()]
            seq, before = here.seq, len(refusals)
            await asyncio.gather(here.send_action(options[0], seq), there.send_action(options[-1], seq))
            # One of the two is applied (every client sees it), the other refused.
            await until(
                lambda seq=seq, before=before: all(c.seq > seq for c in everyone) and len(refusals) > before,
                "the race's winner and the loser's refusal",
            )
            await until(lambda: len({c.seq for c in everyone}) == 1, "every client level")
            applied = here.replica.entries[seq]
            assert applied.seq == seq + 1 and applied.action in (options[0], options[-1])
            races += 1
        await until(lambda: len({c.seq for c in everyone}) == 1, "every client level")
        for c in everyone:
            await c.close()
        await asyncio.gather(*tasks)
        return code, everyone, refusals, races

    code, everyone, refusals, races = asyncio.run(within(scenario(), "the scenario's end", DEADLINE * 2))
    assert races >= 10
    assert len(refusals) == races and {r.code for r in refusals} == {P.STALE}
    logs = [[e.text for e in c.replica.entries] for c in everyone]
    assert all(log == logs[0] for log in logs) and stored_entries(two.store, code) == logs[0]
    assert [e.seq for e in everyone[0].replica.entries] == list(range(1, len(logs[0]) + 1))
    # The stored log replays: it never forked.
    replica = everyone[0].replica
    assert replica.state.to_dict() == replica.replayed(replica.log).to_dict()


@needs_redis
def test_takeback_and_rematch_across_processes(two):
    """A takeback asked through one process is answered through the other; a rematch asked by both seats, each on
    its own process, at once, makes one new match both join."""

    async def scenario():
        created = await create_match(two.urls[0], "battle_checkers", "skirmish6")
        code = created["code"]
        clients = [MatchClient(ClientConfig(two.urls[s], code, seat=s)) for s in (0, 1)]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        await until(
            lambda: all(c.connected for c in clients) and any(c.my_turn for c in clients),
            "a seat to decide, with both clients joined",
        )
        mover = next(c for c in clients if c.my_turn)
        other = clients[1 - mover.seat]
        state = mover.replica.state
        before = mover.seq
        await mover.send_action(state.action_to_str(state.legal_actions()[0]))
        await until(lambda: mover.seq > before and other.seq == mover.seq, "the decision at both seats")
        seq = mover.seq
        await mover.request_takeback()
        await until(lambda: other.takeback_from == mover.seat, "the takeback request at the other seat")
        await other.answer_takeback(True)
        await until(lambda: mover.seq == seq + 1 and other.seq == seq + 1, "the takeback at both seats")
        assert mover.replica.entries[-1].type == P.TAKEBACK and mover.replica.entries[-1].undo_to == before
        # Resign, then both ask for a rematch at once, each through its own process.
        await other.resign()
        await until(lambda: all(c.outcome is not None for c in clients), "the end at both seats")
        await asyncio.gather(*(c.ask_rematch() for c in clients))
        await until(lambda: all(c.rematch_code for c in clients), "the rematch's code at both seats")
        assert clients[0].rematch_code == clients[1].rematch_code != code
        again = [
            MatchClient(ClientConfig(two.urls[1 - s], c.rematch_code, seat=s, token=c.token))
            for s, c in enumerate(clients)
        ]
        more = [asyncio.create_task(c.run()) for c in again]
        await until(lambda: all(c.connected for c in again), "both seats joined to the rematch")
        assert again[0].match["status"] == "playing" and again[1].match["rematch_of"] == code
        for c in [*clients, *again]:
            await c.close()
        await asyncio.gather(*tasks, *more)

    asyncio.run(within(scenario(), "the scenario's end"))


class OwnRedis:
    """A Redis of the test's own, with every write on disk before it answers (it is restarted mid-game)."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                *("--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder), "--save", ""),
                *("--appendonly", "yes", "--appendfsync", "always"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        # Redis says when it takes connections; its log is read up to that line (it ends if Redis dies first).
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if b"Ready to accept connections" in line:
                break
        else:
            never_arrived("Redis's 'Ready to accept connections'")
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()  # the rest of its log, unread

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(DEADLINE)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@needs_redis
@pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server to restart")
def test_redis_restarted_mid_game_the_game_waits_then_goes_on(tmp_path):
    redis = OwnRedis(tmp_path)
    redis.start()
    servers = Servers(tmp_path, redis.url, 2)
    statuses: list[tuple[int, bool]] = []
    restarted = asyncio.Event()
    clients: dict[int, MatchClient] = {}

    def watch(client: MatchClient, event: object) -> None:
        clients[client.seat] = client
        if isinstance(event, ServerStatus):
            statuses.append((client.seat, event.available))

    async def restart_redis(client: MatchClient, action: object) -> None:
        if client.seq >= 30 and not restarted.is_set():
            restarted.set()
            redis.kill()
            # Both servers tell their clients, and nobody can act while Redis is away.
            await until(
                lambda: not any(c.available or c.connected for c in clients.values()),
                "every client told the store is unavailable",
            )
            redis.start()

    try:

        async def scenario():
            created = await create_match(servers.urls[0], "battle_checkers", "skirmish6")
            code = created["code"]
            players = [
                random_seat(servers.urls[seat], code, seat, 90 + seat, restart_redis, watch=watch) for seat in (0, 1)
            ]
            return code, list(await within(asyncio.gather(*players), "every player's end", DEADLINE * 2))

        code, played = asyncio.run(scenario())
    finally:
        servers.stop()
        if redis.proc is not None and redis.proc.poll() is None:
            redis.kill()
    assert restarted.is_set()
    for seat in (0, 1):
        assert (seat, False) in statuses and (seat, True) in statuses, statuses
    # Redis kept every entry it acknowledged: the log is whole, the same everywhere.
    redis.start()
    try:
        check_game(played, redis.url, code)
    finally:
        redis.kill()


@needs_redis
@pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server to restart")
def test_the_window_says_server_unavailable_while_redis_is_away_then_plays_on(app, tmp_path):
    redis = OwnRedis(tmp_path)
    redis.start()
    server = ServerThread(redis.url, config=FAST)
    server.start()
    anna = None
    try:
        b, s, anna = window.kubtafl_board(app, server.url)
        redis.kill()
        window.until(app, lambda: b.online.strip_words()[0][0] == "Server unavailable, retrying…", "the strip")
        assert "cannot store moves" in b.online.status_text()
        assert not s.is_human_turn  # nothing is sent that the server could not store
        redis.start()
        window.until(app, lambda: b.online.strip_words()[0][0] == "Connected", "the store back")
        window.until(app, lambda: s.is_human_turn and b.accepting_input, "the board to take input again")
        ui.click_cell(app, "a3")
        ui.click_cell(app, "a5")
        window.until(app, lambda: s.log == ["a3-a5"] and not b.queue.busy, "the move after Redis came back")
    finally:
        if anna is not None:
            anna.close()
        server.stop()
        if redis.proc is not None and redis.proc.poll() is None:
            redis.kill()


def test_an_address_may_list_several_servers():
    assert addresses("ws://h:1, ws://h:2,") == ["ws://h:1", "ws://h:2"]
    assert addresses("ws://h:1") == ["ws://h:1"]
    assert addresses("ws://h:1,h:2") == ["ws://h:1", "ws://h:2"]  # as the window's address field completes one
