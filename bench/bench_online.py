"""Online play under load: many concurrent matches of random players on loopback against one server process.

The server is a real `main.py serve` subprocess on a fresh store; the players are websocket clients spread over a
few client processes (the two seats of a match share one copy of the game). Each player waits about `pace` seconds
(a person thinking) before each decision, then sends it; the round trip is the time from sending a decision to
receiving its applied entry back. When a match ends its players start another, so `matches` stay in play.
Figures: decisions applied per second, entries per second, the round trip's p50 and p99, the server's own handling
time per action (p50, p99) and its CPU time per decision (from /proc; -1 where there is none). `servers` and
`store` are for a store several server processes share (one SQLite server process here).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from bench.common import Figure, figure, load_average, percentile
from game.engine.core import JSONObject
from game.online import dice
from game.online import protocol as P
from game.online.client import create_match
from game.online.match import Replica, make_game

ROOT = Path(__file__).resolve().parent.parent
MODE, LEVEL = "battle_checkers", "skirmish6"


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process (Linux /proc), -1 where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return -1.0


@dataclass
class _Table:
    """One match as a client process plays it: both seats share one copy of the game (each entry is applied once,
    whichever seat's connection brings it first), so the clients spend half the engine time two would."""

    replica: Replica
    sockets: list[ClientConnection]
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    tokens: list[str] = field(default_factory=lambda: ["", ""])
    #: Per seat: the entry number its last decision was made at, and when it was sent.
    sent: list[tuple[int, float]] = field(default_factory=lambda: [(-1, 0.0), (-1, 0.0)])


class _Load:
    """One client process's players and the figures they gather."""

    def __init__(self, url: str, seconds: float, pace: float, warmup: float, seed: int) -> None:
        self.url, self.pace, self.warmup = url, pace, warmup
        self.rng = random.Random(seed)
        self.rtts: list[float] = []
        self.counts = {"decisions": 0, "entries": 0, "games": 0}
        start = time.perf_counter()
        self.measure_from, self.stop_at = start + warmup, start + warmup + seconds
        self.game = make_game(MODE, LEVEL)

    def measuring(self) -> bool:
        """True inside the measured window."""
        return self.measure_from <= time.perf_counter() < self.stop_at

    async def slot(self) -> None:
        """Keep one match in play until the end of the run."""
        await asyncio.sleep(self.rng.uniform(0, min(self.warmup, 2.0)))  # matches start spread out
        while time.perf_counter() < self.stop_at:
            created = await create_match(self.url, MODE, LEVEL)
            await self.play_one(str(created["code"]))
            self.counts["games"] += 1

    async def play_one(self, code: str) -> None:
        """Both seats of a new match, to its end or the end of the run."""
        # Several servers (a comma-separated address): the two seats on different ones, as a load balancer might.
        servers = self.url.split(",")
        first = self.rng.randrange(len(servers))
        sockets = [
            await connect(servers[(first + s) % len(servers)], compression=None, max_size=P.MAX_MESSAGE, proxy=None)
            for s in range(2)
        ]
        table = _Table(Replica(self.game), sockets)
        readers = [asyncio.create_task(self.read(table, code, seat)) for seat in (0, 1)]
        try:
            while not table.replica.is_over and await self.wait(table):
                await self.decide(table)
        finally:
            for task in readers:
                task.cancel()
            for ws in sockets:
                await ws.close()
            await asyncio.gather(*readers, return_exceptions=True)

    async def wait(self, table: _Table) -> bool:
        """Wait for news of the match; False at the end of the run."""
        try:
            await asyncio.wait_for(table.changed.wait(), max(0.01, self.stop_at - time.perf_counter()))
        except TimeoutError:
            return False
        table.changed.clear()
        return time.perf_counter() < self.stop_at

    async def decide(self, table: _Table) -> None:
        """The seat to decide thinks for about `pace` seconds, then sends a random legal decision."""
        replica = table.replica
        seat = replica.state.current_player()
        if seat < 0 or not table.tokens[seat] or table.sent[seat][0] == replica.seq or replica.is_over:
            return
        await asyncio.sleep(self.pace * self.rng.uniform(0.5, 1.5))
        seq, state = replica.seq, replica.state
        text = state.action_to_str(self.rng.choice(state.legal_actions()))
        table.sent[seat] = (seq, time.perf_counter())
        message: JSONObject = {"kind": "action", "token": table.tokens[seat], "seq": seq, "action": text}
        await table.sockets[seat].send(P.dumps(message))

    async def read(self, table: _Table, code: str, seat: int) -> None:
        """Join `seat`, then apply and time what arrives on its connection."""
        ws = table.sockets[seat]
        await ws.send(P.dumps({"kind": "join", "code": code, "seat": seat, "value": dice.new_value()}))
        async for message in ws:
            data = P.parse_server(message)
            if data["kind"] == "joined":
                table.tokens[seat] = str(data["token"])
            elif data["kind"] == "entry":
                self.note(table, seat, P.Entry.from_wire(data))
            table.changed.set()
            if table.replica.is_over:
                return

    def note(self, table: _Table, seat: int, entry: P.Entry) -> None:
        """Apply an entry the first time it arrives; time the seat's own decision coming back."""
        if entry.seq == table.replica.seq + 1:
            table.replica.add(entry)
            self.counts["entries"] += self.measuring()
        seq, began = table.sent[seat]
        if entry.seq == seq + 1 and entry.seat == seat and self.measuring():
            self.rtts.append(time.perf_counter() - began)
            self.counts["decisions"] += 1


async def _players(url: str, matches: int, seconds: float, pace: float, warmup: float, seed: int) -> dict[str, object]:
    load = _Load(url, seconds, pace, warmup, seed)
    await asyncio.gather(*(load.slot() for _ in range(matches)))
    return {"rtts": load.rtts, **load.counts}


def _run_players(url: str, matches: int, seconds: float, pace: float, warmup: float, seed: int) -> dict[str, object]:
    """One client process's share of the matches."""
    return asyncio.run(_players(url, matches, seconds, pace, warmup, seed))


def drive(
    url: str, server_pids: list[int], matches: int, seconds: float, pace: float, client_processes: int
) -> tuple[list[dict[str, object]], float]:
    """Play `matches` on the server(s) at `url` from `client_processes` processes: their results, and the CPU seconds
    the servers spent in the measured window (-1 where unknown)."""
    warmup = 4.0
    shares = [matches // client_processes + (i < matches % client_processes) for i in range(client_processes)]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(client_processes, mp_context=context) as pool:
        jobs = [
            pool.submit(_run_players, url, share, seconds, pace, warmup, seed)
            for seed, share in enumerate(shares)
            if share
        ]
        time.sleep(warmup)
        before = [_cpu_seconds(pid) for pid in server_pids]
        time.sleep(seconds)
        after = [_cpu_seconds(pid) for pid in server_pids]
        results = [job.result() for job in jobs]
    known = all(c >= 0 for c in before + after)
    return results, sum(after) - sum(before) if known else -1.0


def figures(
    matches: int = 500,
    servers: int = 1,
    store: str | None = None,
    seconds: float = 20.0,
    pace: float = 1.0,
    client_processes: int = 2,
) -> list[Figure]:
    """Run the load and report its figures."""
    if servers != 1 or store:
        from bench.online_servers import shared_figures

        return shared_figures(matches, servers, store, seconds, pace, client_processes)
    folder = Path(tempfile.mkdtemp(prefix="kubiki-bench-online-"))
    env = {**os.environ, "KUBIKI_HOME": str(folder), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--store", str(folder / "s.db")]
        + ["--stats", str(folder / "stats.json")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split()[1]
        results, cpu = drive(url, [server.pid], matches, seconds, pace, client_processes)
    finally:
        server.terminate()
        server.wait(30)
    rtts = [t for r in results for t in r["rtts"]]  # type: ignore[attr-defined]
    decisions = sum(int(r["decisions"]) for r in results)  # type: ignore[call-overload]
    entries = sum(int(r["entries"]) for r in results)  # type: ignore[call-overload]
    # The server's own time per action, from its message to its broadcast (the round trip less the network and
    # the client processes): written by the server when it stops.
    handling = json.loads((folder / "stats.json").read_text()) if (folder / "stats.json").is_file() else {}
    context_fields = {
        "matches": matches,
        "servers": servers,
        "pace_s": pace,
        "seconds": seconds,
        "load": load_average(),
    }
    return [
        figure("online_decisions_per_second", decisions / seconds, "1/s", **context_fields),
        figure("online_entries_per_second", entries / seconds, "1/s", **context_fields),
        figure("online_round_trip_p50", percentile(rtts, 50) * 1000, "ms", samples=len(rtts), **context_fields),
        figure("online_round_trip_p99", percentile(rtts, 99) * 1000, "ms", samples=len(rtts), **context_fields),
        figure("online_server_handling_p50", handling.get("p50_ms") or -1.0, "ms", **context_fields),
        figure("online_server_handling_p99", handling.get("p99_ms") or -1.0, "ms", **context_fields),
        figure(
            "online_server_cpu_per_decision",
            cpu / decisions * 1000 if cpu >= 0 and decisions else -1.0,
            "ms",
            server_cpu_share=round(cpu / seconds, 3) if cpu >= 0 else -1.0,
            **context_fields,
        ),
    ]
