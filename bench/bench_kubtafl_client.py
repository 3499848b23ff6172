"""Kubtafl board scene: frame time while a ricochet chain animates at 1280×720, and a whole game's peak memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, bench_app, figure, frame_figure, headless

FRAMES_PER_RUN = 180
RUNS = 4


def ricochet_frame_times() -> list[float]:
    """Seconds per frame (update + draw) while the double ricochet chain plays, several runs."""
    app = bench_app()
    from game.client.kubtafl.demo import RICOCHET_ACTION, ricochet_session

    times: list[float] = []
    try:
        for _ in range(RUNS):
            session = ricochet_session()
            app.goto("kubtafl", session=session)
            for _ in range(5):
                app.frame(1 / 60, flip=False)
            scene = app.scenes.current
            scene.turns.commit(session.state.action_from_str(RICOCHET_ACTION))
            for _ in range(FRAMES_PER_RUN):
                start = time.perf_counter()
                app.frame(1 / 60, flip=False)
                times.append(time.perf_counter() - start)
                if not scene.queue.busy and not scene.queue.effects:
                    break
    finally:
        app.close()
    return times


_GAME_SCRIPT = r"""
import json, os, random, resource, tracemalloc
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
tracemalloc.start()
from game.client.app import App
from game.client.play.session import GameSession
app = App((1280, 720)); app.scenes.fade_enabled = False; app.settings.anim_speed = "fast"
session = GameSession("kubtafl", "standard", ["human", "human"], seed=11, autosave=False)
app.goto("kubtafl", session=session)
scene = app.scenes.current
rng = random.Random(11)
actions = 0
while not session.is_over and actions < 400:
    for _ in range(3):
        app.frame(1 / 60, flip=False)
    if not scene.queue.busy:
        scene.turns.commit(rng.choice(session.state.legal_actions()))
        actions += 1
for _ in range(30):
    app.frame(1 / 60, flip=False)
current, peak = tracemalloc.get_traced_memory()
rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"actions": actions, "peak_traced": peak, "max_rss_kb": rss_kb}))
app.close()
"""


def whole_game_memory() -> dict[str, Any]:
    """A whole random hot-seat game played through the scene in a fresh process: its peak memory."""
    headless()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", _GAME_SCRIPT], capture_output=True, text=True, cwd=root, env=env, timeout=900, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def figures() -> Iterator[Figure]:
    """Frame time median/p99 during a ricochet chain; peak memory of a whole game (AI thinking: bench_play)."""
    times = ricochet_frame_times()
    yield frame_figure("kubtafl_client_ricochet_frame_median", times, 50, size="1280x720")
    yield frame_figure("kubtafl_client_ricochet_frame_p99", times, 99, target="< 8 ms")
    memory = whole_game_memory()
    yield figure(
        "kubtafl_client_game_peak_rss", memory["max_rss_kb"] / 1024, "MB", actions=memory["actions"], target="< 200 MB"
    )
    yield figure("kubtafl_client_game_peak_python_heap", memory["peak_traced"] / 2**20, "MB", actions=memory["actions"])


if __name__ == "__main__":
    for fig in figures():
        print(json.dumps(fig))
