"""`python -m bench online --servers N --store redis://HOST:PORT/DB`: the online load against one server process and
then against N processes sharing one Redis, and how adding processes scales on this machine.

Each run starts its server processes (`main.py serve --store redis://...`, a key prefix of its own, removed after
the run); the two seats of a match connect to different processes, so every decision is relayed through Redis
from one process to the other. Two loads, each with 1 and with N processes:
- paced (`matches` players thinking about `pace` seconds a decision, as people do): decisions applied per second,
  the round trip's p50 and p99, the servers' CPU time per decision — how the same load feels;
- flat out (`CAPACITY_MATCHES` matches whose players answer at once): the most decisions per second this machine
  applies — how far adding a process takes it.
Then the ratios of N processes to one: `online_shared_throughput_ratio` (flat out) and `online_shared_p99_ratio`
(paced). On a machine with fewer free cores than processes (the clients and Redis need some too), expect no gain.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.bench_online import ROOT, drive
from bench.common import Figure, figure, load_average, percentile

#: Matches played flat out to find how many decisions a second the servers can apply.
CAPACITY_MATCHES = 40


def _with_prefix(store: str, prefix: str) -> str:
    return f"{store}{'&' if '?' in store else '?'}prefix={prefix}"


def _forget(store: str, prefix: str) -> None:
    """Remove the run's keys from Redis."""
    import redis

    from game.online.redis_store import split_url

    client = redis.Redis.from_url(split_url(store)[0])
    try:
        batch = list(client.scan_iter(match=f"{prefix}*", count=1000))
        for start in range(0, len(batch), 1000):
            client.delete(*batch[start : start + 1000])
    finally:
        client.close()


def _run(count: int, store: str, matches: int, seconds: float, pace: float, client_processes: int) -> dict[str, float]:
    """One run against `count` server processes on the store: decisions per second, p50, p99, CPU per decision."""
    prefix = f"kubiki-bench-{secrets.token_hex(4)}:"
    folder = Path(tempfile.mkdtemp(prefix="kubiki-bench-online-"))
    env = {**os.environ, "KUBIKI_HOME": str(folder), "PYTHONUNBUFFERED": "1"}
    # The bench's players answer as fast as the server lets them: the per-connection rate limit, there to stop a
    # flood, would stall the flat-out run at its first refusal.
    command = [sys.executable, str(ROOT / "main.py"), "serve", "--port", "0", "--rate", "1000000"]
    command += ["--store", _with_prefix(store, prefix)]
    procs = [subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) for _ in range(count)]
    try:
        urls = []
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline().split()
            if len(line) < 2:
                raise SystemExit(f"bench online: a server did not start on {store}")
            urls.append(line[1])
        results, cpu = drive(",".join(urls), [p.pid for p in procs], matches, seconds, pace, client_processes)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(30)
        _forget(store, prefix)
    rtts = [t for r in results for t in r["rtts"]]  # type: ignore[attr-defined]
    decisions = sum(int(r["decisions"]) for r in results)  # type: ignore[call-overload]
    return {
        "decisions_per_second": decisions / seconds,
        "p50_ms": percentile(rtts, 50) * 1000,
        "p99_ms": percentile(rtts, 99) * 1000,
        "cpu_ms_per_decision": cpu / decisions * 1000 if cpu >= 0 and decisions else -1.0,
        "samples": len(rtts),
        "load": load_average(),
    }


def shared_figures(
    matches: int, servers: int, store: str | None, seconds: float, pace: float, client_processes: int
) -> list[Figure]:
    """The load with one server process, then with `servers` on the same Redis, and the ratios."""
    if not store or not store.startswith(("redis://", "rediss://")):
        raise SystemExit("bench online: --servers needs --store redis://HOST:PORT/DB (a store the servers share)")
    if servers < 1:
        raise SystemExit("bench online: --servers is at least 1")
    counts = sorted({1, servers})
    paced = {count: _run(count, store, matches, seconds, pace, client_processes) for count in counts}
    flat = {count: _run(count, store, CAPACITY_MATCHES, seconds, 0.0, client_processes) for count in counts}
    out: list[Figure] = []
    for count, run in paced.items():
        context = {"matches": matches, "servers": count, "pace_s": pace, "seconds": seconds, "load": run["load"]}
        out += [
            figure("online_shared_decisions_per_second", run["decisions_per_second"], "1/s", **context),
            figure("online_shared_round_trip_p50", run["p50_ms"], "ms", samples=run["samples"], **context),
            figure("online_shared_round_trip_p99", run["p99_ms"], "ms", samples=run["samples"], **context),
            figure("online_shared_server_cpu_per_decision", run["cpu_ms_per_decision"], "ms", **context),
        ]
    for count, run in flat.items():
        context = {"matches": CAPACITY_MATCHES, "servers": count, "pace_s": 0.0, "load": run["load"]}
        out += [
            figure("online_shared_capacity_decisions_per_second", run["decisions_per_second"], "1/s", **context),
            figure("online_shared_capacity_round_trip_p99", run["p99_ms"], "ms", **context),
        ]
    top = counts[-1]
    ratio = {"servers": top, "cores": os.cpu_count() or 0}
    one, many = flat[1]["decisions_per_second"], flat[top]["decisions_per_second"]
    out += [
        figure("online_shared_throughput_ratio", many / one if one else 0.0, "x", matches=CAPACITY_MATCHES, **ratio),
        figure(
            "online_shared_p99_ratio",
            paced[top]["p99_ms"] / paced[1]["p99_ms"] if paced[1]["p99_ms"] else 0.0,
            "x",
            matches=matches,
            **ratio,
        ),
    ]
    return out
