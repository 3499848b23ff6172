"""Saves and records under stress: copies of the game killed with SIGKILL while they write their save slots (how
many files are corrupt afterwards), and the Games screen's first frame over 100 records and 30 saves, every file as
large as the game accepts.

Usage: python -m bench saves   (one JSON line per figure)
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.common import Figure, figure, headless, load_average

KILLS = 24
SLOTS = 30
RECORDS = 100
SAVES = 30
ROOT = Path(__file__).resolve().parent.parent

# A copy of the game playing SLOTS hot-seat games at once: a random game makes a random move and saves after every
# move (a finished game becomes a record and a new one starts). It prints a line per save until it is killed.
WRITER = """
import random, sys
from game.client import saves
from game.client.play.session import GameSession
slots, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
games = []
for game in saves.unfinished():
    session = GameSession.resume(game)
    session.hold()
    games.append(session)
while len(games) < slots:
    session = GameSession("kubtafl", "skirmish", ["human", "human"], seed=rng.randrange(10**6))
    session.save()
    games.append(session)
print("ready", flush=True)
while True:
    n = rng.randrange(len(games))
    session = games[n]
    session.apply(rng.choice(session.state.legal_actions()))
    if session.is_over:
        games[n] = GameSession("kubtafl", "skirmish", ["human", "human"], seed=rng.randrange(10**6))
        games[n].save()
    print(".", flush=True)
"""


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, KUBIKI_HOME=str(home), KUBIKI_AI_EXECUTOR="inline", PYTHONPATH=str(ROOT))


def _corrupt_files(home: Path) -> tuple[int, int]:
    """(files that do not load as what they claim to be, files checked): every save must resume, every record read."""
    from game.client import saves
    from game.client.play import records
    from game.client.play.session import GameSession

    os.environ["KUBIKI_HOME"] = str(home)
    saves.forget_problems()
    corrupt = checked = 0
    for path in saves.save_files():
        checked += 1
        try:
            GameSession.resume(saves.load_save(path), executor=None).close()
        except Exception:  # noqa: BLE001 - whatever fails to load is counted
            corrupt += 1
    for path in records.record_files():
        checked += 1
        try:
            records.read_records(path)
        except records.RecordError:
            corrupt += 1
    return corrupt, checked


def kill_nine(kills: int = KILLS, slots: int = SLOTS, seed: int = 1) -> Figure:
    """`kills` copies of the game, one after another on one data folder, each killed with SIGKILL at a random moment
    while it writes its `slots` games; the files are checked after every kill."""
    home = Path(tempfile.mkdtemp(prefix="kubiki-kill9-"))
    rng = random.Random(seed)
    started = time.perf_counter()
    writes = corrupt_seen = checked = 0
    for k in range(kills):
        copy = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(slots), str(seed * 1000 + k)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=_env(home),
            cwd=ROOT,
        )
        assert copy.stdout is not None
        if copy.stdout.readline().strip() != "ready":
            raise RuntimeError("the writing copy did not start")
        time.sleep(rng.uniform(0.05, 0.6))  # a random moment of its writing
        copy.send_signal(signal.SIGKILL)
        writes += copy.stdout.read().count(".")
        copy.wait()
        corrupt, files = _corrupt_files(home)
        corrupt_seen += corrupt
        checked += files
    temps = sum(1 for p in home.rglob("*.tmp"))
    return figure(
        "saves.kill9_corrupt_files",
        corrupt_seen,
        "corrupt files",
        kills=kills,
        slots=slots,
        saves_written=writes,
        files_checked=checked,
        temp_files_left=temps,  # removed on the next start (`userfiles.clean_stale_temps`)
        seconds=round(time.perf_counter() - started, 1),
    )


def _padded(data: dict[str, object], limit: int, key: str) -> str:
    """`data` as JSON padded by a text in `key` to just under `limit` bytes: the largest file the game accepts."""
    text = json.dumps(data)
    room = limit - len(text.encode("utf-8")) - len(key) - 64
    if room > 0:
        data[key] = "x" * room
        text = json.dumps(data)
    return text


def _fill(home: Path) -> dict[str, object]:
    """100 records and 30 saves in `home`, each the longest game of its level in the longest notation, padded to the
    largest file the game reads."""
    from game.client import saves
    from game.client.play import records
    from game.engine import registry

    game = registry.load("kubtafl", "standard")
    # The longest game of the level in the longest notation, or as many moves as the largest file holds.
    fits = (min(records.MAX_BYTES, saves.MAX_BYTES) - 4096) // (records.ACTION_LIMIT + 4)
    moves = ["a" * records.ACTION_LIMIT] * min(game.max_length, fits)
    (home / "data" / "records").mkdir(parents=True)
    (home / "data" / "saves").mkdir(parents=True)
    for n in range(RECORDS):
        record = records.GameRecord("kubtafl", "standard", moves, n, ["human", "ai:hard"], [0], "x", 1.7e9 + n)
        text = _padded(record.to_dict(), records.MAX_BYTES, "padding")
        (home / "data" / "records" / f"20240101-{n:06d}-kubtafl.json").write_text(text, encoding="utf-8")
    for n in range(SAVES):
        session = {
            "version": 1,
            "mode": "kubtafl",
            "level": "standard",
            "seats": ["human", "ai:hard"],
            "names": ["n" * saves.TEXT_LIMIT] * 2,
            "seed": n,
            "actions": moves,
        }
        envelope = {"format": saves.FORMAT, "session": session, "saved": 1.7e9 + n}
        text = _padded(envelope, saves.MAX_BYTES, "padding")
        (home / "data" / "saves" / f"20240101-{n:06d}-kubtafl.json").write_text(text, encoding="utf-8")
    sizes = [p.stat().st_size for p in (home / "data").rglob("*.json")]
    return {"files": len(sizes), "megabytes": round(sum(sizes) / 1e6), "largest_bytes": max(sizes)}


def games_first_frame() -> Iterator[Figure]:
    """The Games screen's first frame (reading the lists and drawing), then a later visit's, over 100 records and
    30 saves at their size limit."""
    headless()
    home = Path(tempfile.mkdtemp(prefix="kubiki-games-"))
    os.environ["KUBIKI_HOME"] = str(home)
    made = _fill(home)
    from bench.common import bench_app

    app = bench_app()
    try:
        # The felt and fonts every screen shares are made by an earlier screen, as in play; not the menu, which
        # would replay the saves (whose moves are not legal here) where the Games screen only lists them.
        app.goto("howto")
        app.frame(1 / 60, flip=False)
        for visit in ("first", "again"):
            start, start_cpu = time.perf_counter(), time.process_time()
            app.goto("games")
            app.frame(1 / 60, flip=False)
            seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            scene = app.scenes.current
            listed = len(getattr(scene, "items", []))
            yield figure(
                f"games.{visit}_frame",
                seconds * 1000,
                "ms",
                cpu_ms=round(cpu * 1000, 1),  # this process's own time: the wall clock includes other work
                load=load_average(),
                listed=listed,
                **made,
            )
            app.goto("howto")
            app.frame(1 / 60, flip=False)
    finally:
        app.close()


def figures() -> Iterator[Figure]:
    """The kill -9 figure, then the Games screen's frames."""
    yield kill_nine()
    yield from games_first_frame()
