"""Client figures: process start to the first menu frame, and menu frame times at 1280×720 (headless)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.common import Figure, figure, percentile

ROOT = Path(__file__).resolve().parent.parent
# The child imports the client, opens the window, draws one menu frame and prints the (system-wide)
# monotonic clock, which the parent compares with the moment it started the process.
CHILD = (
    "import time\n"
    "from game.client.app import App\n"
    "app = App()\n"
    "app.goto('menu')\n"
    "app.frame(1 / 60)\n"
    "print(time.perf_counter())\n"
    "app.close()\n"
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-bench-")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def startup_seconds(runs: int = 3) -> list[float]:
    """Seconds from starting a Python process to its first drawn menu frame, for each run."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD], capture_output=True, text=True, env=_env(), cwd=ROOT, check=True
        )
        samples.append(float(out.stdout.strip().splitlines()[-1]) - start)
    return samples


def menu_frame_times(frames: int = 600) -> tuple[list[float], list[float]]:
    """Seconds per full frame (events, update, draw, flip) on the main menu at 1280×720: wall clock, and the
    CPU time of the drawing thread (which leaves out the moments another process had the core)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-bench-")
    from game.client.app import App

    app = App((1280, 720), fullscreen=False)
    app.goto("menu")
    for _ in range(30):  # warm caches (background, fonts, theme images)
        app.frame(1 / 60)
    times, cpu = [], []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    app.close()
    return times, cpu


def figures() -> Iterator[Figure]:
    """Start-up time and menu frame times."""
    starts = startup_seconds()
    yield figure(
        "client_start_to_first_menu_frame",
        statistics.median(starts),
        "s",
        target="< 1.5",
        runs=[round(s, 3) for s in starts],
    )
    times, cpu = menu_frame_times()
    yield figure("client_menu_frame_median", statistics.median(times) * 1000, "ms", size="1280x720")
    yield figure("client_menu_frame_p99", percentile(times, 99) * 1000, "ms", size="1280x720", target="< 8")
    # On a shared machine the wall-clock p99 mostly measures other processes; the thread's CPU time does not.
    yield figure("client_menu_frame_cpu_p99", percentile(cpu, 99) * 1000, "ms", size="1280x720")
