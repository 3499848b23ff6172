"""Helpers for the online tests: a real server on loopback, random seats over real websockets, a raw client.

Every wait blocks on the clients' own news (`NEWS`: each event any client of this process reports); DEADLINE only
ends a wait that would hang, failing with what never arrived. Nothing sleeps to make a test pass.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from websockets.asyncio.client import ClientConnection, connect

from game.online import dice
from game.online.client import NEWS, ClientConfig, ClientEvent, Joined, MatchClient, Refused, Unsent
from game.online.limits import ServerConfig
from game.online.server_thread import ServerThread
from game.online.store import store_from_url
from tests.waits import never_arrived

#: How long a wait goes without any news from the clients before it is taken for one that would hang.
DEADLINE = 60.0
T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
#: A server for whole games: no rate limit gets in the way of players answering at once.
FAST = ServerConfig(rate=10_000.0, burst=10_000.0, close_timeout=0.2)


def start_server(path: Path, config: ServerConfig | None = FAST) -> ServerThread:
    """A server on a free loopback port, on the store at `path`."""
    server = ServerThread(path, config=config)
    server.start()
    return server


def stored_entries(path: Path | str, code: str) -> list[str]:
    """The entries the store at `path` (a SQLite file or a redis:// URL) holds for `code`, as message texts."""

    async def read() -> list[str]:
        store = store_from_url(str(path))
        try:
            return [e.text for e in await store.entries_after(code, 0)]
        finally:
            await store.close()

    return asyncio.run(read())


Hook = Callable[[MatchClient, object], Awaitable[None]]


async def random_seat(
    url: str,
    code: str,
    seat: int,
    seed: int,
    before_send: Hook | None = None,
    give_up: float = 30.0,
    watch: Callable[[MatchClient, ClientEvent], None] | None = None,
) -> MatchClient:
    """Play `seat` with uniformly random legal decisions until the match ends; returns the client. `watch(client,
    event)` sees every event."""
    wake = asyncio.Event()
    rng = random.Random(seed)
    sent_for = -1

    def on_event(event: ClientEvent) -> None:
        nonlocal sent_for
        if isinstance(event, Joined | Refused | Unsent):
            sent_for = -1  # a decision sent on a lost connection, refused or never sent is decided again
        if watch is not None:
            watch(client, event)
        wake.set()

    client = MatchClient(ClientConfig(url, code, seat=seat, name=f"r{seat}"), on_event=on_event, stop_when_over=True)
    client.give_up_after = give_up

    async def decide() -> None:
        nonlocal sent_for
        while True:
            await wake.wait()
            wake.clear()
            if not (client.connected and client.my_turn) or client.seq == sent_for:
                continue
            assert client.replica is not None
            state = client.replica.state
            action = rng.choice(state.legal_actions())
            seq = client.seq
            if before_send is not None:
                await before_send(client, action)
            if await client.send_action(state.action_to_str(action), seq):
                sent_for = seq
            else:
                wake.set()

    task = asyncio.create_task(decide())
    try:
        await client.run()
    finally:
        task.cancel()
    return client


async def play_match(
    url: str, code: str, seats: int, seed: int = 1, before_send: Hook | None = None
) -> list[MatchClient]:
    """Every seat of the match played by a random seat, to the end (bounded by DEADLINE)."""
    players = [random_seat(url, code, s, seed * 10 + s, before_send) for s in range(seats)]
    return list(await within(asyncio.gather(*players), "every player's end"))


class Raw:
    """A bare websocket client speaking the protocol by hand (for refusals)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, url: str) -> Raw:
        """Connect and read the server's hello."""
        raw = cls(await within(connect(url, compression=None, max_size=None), "the connection"))
        assert (await raw.recv())["kind"] == "hello"
        return raw

    async def send(self, message: object) -> None:
        """Send a dict as JSON, or text/bytes as they are."""
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def recv(self) -> dict[str, object]:
        """The next message."""
        data = json.loads(await within(self.ws.recv(), "the server's next message"))
        assert isinstance(data, dict)
        return data

    async def expect(self, kind: str) -> dict[str, object]:
        """The next message of `kind`, skipping presence and entries of others."""
        while True:
            data = await self.recv()
            if data["kind"] == kind:
                return data
            assert data["kind"] != "error", data

    async def refused(self, message: object, code: str) -> dict[str, object]:
        """Send `message` and read the error it earns; its code must be `code`."""
        await self.send(message)
        while True:
            data = await self.recv()
            if data["kind"] == "error":
                assert data["code"] == code, data
                return data
            assert data["kind"] in ("presence", "offer", "entry"), data  # news sent before the refusal

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()


async def create(url: str, mode: str, level: str, **fields: object) -> dict[str, object]:
    """Create a match with a raw client; the `created` message."""
    raw = await Raw.open(url)
    await raw.send({"kind": "create", "mode": mode, "level": level, **fields})
    created = await raw.expect("created")
    await raw.close()
    return created


async def claim(url: str, code: str, seat: int) -> tuple[Raw, str, dict[str, object]]:
    """A raw client holding `seat`: the client, its token and the `joined` message."""
    raw = await Raw.open(url)
    await raw.send({"kind": "join", "code": code, "seat": seat, "name": f"s{seat}", "value": dice.new_value()})
    joined = await raw.expect("joined")
    token = joined["token"]
    assert isinstance(token, str)
    return raw, token, joined


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def main_py(*args: str, home: Path) -> subprocess.Popen[str]:
    """`python main.py ARGS` as a subprocess with its own data folder, output piped."""
    env = {**os.environ, "KUBIKI_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def serve_process(home: Path, store: Path | str, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """`main.py serve` on loopback as a subprocess; the process and the address from its first line."""
    proc = main_py("serve", "--port", str(port), "--store", str(store), "--rate", "10000", home=home)
    assert proc.stdout is not None
    first = proc.stdout.readline().strip()
    assert first.startswith("serving ws://127.0.0.1:"), (first, proc.stderr.read() if proc.poll() is not None else "")
    return proc, first.split()[1]


#: The Redis the tests share (`.ci/run` starts one and sets this); tests that need Redis are skipped without it.
REDIS = os.environ.get("KUBIKI_TEST_REDIS", "")
NO_REDIS = "no Redis for the tests: set KUBIKI_TEST_REDIS=redis://HOST:PORT/DB (.ci/run starts one)"


def redis_url(base: str = "") -> str:
    """The tests' Redis with a key prefix of its own (tests running at once never see each other's matches)."""
    return f"{base or REDIS}?prefix=kubiki-test-{secrets.token_hex(6)}:"


async def within(awaitable: Awaitable[T], what: str, limit: float = DEADLINE) -> T:
    """Await `awaitable`; one that would hang ends after `limit` as '<what> never arrived' (no speed is checked)."""
    try:
        return await asyncio.wait_for(awaitable, limit)
    except TimeoutError:
        never_arrived(what)


def wait_for(done: Callable[[], bool], what: str) -> None:
    """Block until `done()` holds, looking again at each event the clients report (their own threads run them)."""
    while True:
        seen = NEWS.count
        if done():
            return
        if not NEWS.wait(seen, DEADLINE):
            never_arrived(what)


async def until(condition: Callable[[], bool], what: str) -> None:
    """`wait_for` in asyncio code: the clients run on this loop while a thread waits for their next news."""
    while True:
        seen = NEWS.count
        if condition():
            return
        if not await asyncio.to_thread(NEWS.wait, seen, DEADLINE):
            never_arrived(what)
