"""The real loop in a real window: the process's CPU use while each main screen waits for the player, and frame CPU
and intervals while a CheckRisk battle and a Kubtafl ricochet animate, at 1280×720.

Each screen runs in a fresh process with the window on `$DISPLAY` (e.g. `Xvfb :92` and `DISPLAY=:92`); without one
the figures come from SDL's dummy driver and say so (presenting a frame costs far less there).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.common import Figure, figure, frame_figure, load_average

if TYPE_CHECKING:
    from game.client.app import App

ROOT = Path(__file__).resolve().parent.parent
IDLE_SECONDS = 5.0
SETTLE_SECONDS = 1.5  # the fade, the first layout and any opening animation are over before measuring
HOT_SEAT = ["human", "human"]
ANIMATIONS = ("checkrisk_battle", "kubtafl_ricochet")


def _board(mode: str) -> Callable[[App], None]:
    def open_board(app: App) -> None:
        from game.client.app import start_session

        start_session(app, mode, None, list(HOT_SEAT), 1)

    return open_board


def _online_board(app: App) -> None:
    """A Kubtafl match on a server this process runs, waiting for the friend to take the other seat (the seats card
    and the connection strip, the clients listening for news)."""
    from game.client.play.online import OnlineLink, OnlineSession, ensure_server
    from game.online.client import create_match_sync

    url = ensure_server(int(os.environ.get("KUBIKI_BENCH_PORT", "0")), "127.0.0.1")
    code = str(create_match_sync(url, "kubtafl", "standard")["code"])
    link = OnlineLink(url, code, kinds={0: "human"})
    app.goto("kubtafl", session=OnlineSession("kubtafl", "standard", link, 2, ["Me", ""]))


#: Each main screen as the player meets it, opened on a fresh app.
SCREENS: dict[str, Callable[[App], object]] = {
    "menu": lambda app: app.goto("menu"),
    "new_game": lambda app: app.goto("new_game", mode="kubtafl"),
    "games": lambda app: app.goto("games"),
    "learn": lambda app: app.goto("learn"),
    "kubtafl": _board("kubtafl"),
    "checkrisk": _board("checkrisk"),
    "battle_checkers": _board("battle_checkers"),
    "dice_lab": lambda app: app.goto("dice_lab"),
    "online": lambda app: app.goto("online"),
    "online_board": _online_board,
}


def _display() -> str:
    return "x11 " + os.environ["DISPLAY"] if os.environ.get("DISPLAY") else "dummy"


def _run_for(app: App, seconds: float) -> None:
    """The real loop for `seconds`, ended by a posted QUIT as if the window were closed."""
    import pygame

    app.running = True
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), 1)
    app.run_loop()
    app.running = True


def _child_app() -> App:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.client.app import App

    return App((1280, 720), fullscreen=False)


def idle_child(screen: str) -> dict[str, Any]:
    """In this process: open `screen`, let it settle, then the real loop's CPU use over `IDLE_SECONDS`."""
    app = _child_app()
    try:
        SCREENS[screen](app)
        _run_for(app, SETTLE_SECONDS)
        frames = app.frame_count
        wall, cpu = time.perf_counter(), time.process_time()
        _run_for(app, IDLE_SECONDS)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        return {
            "cpu": cpu / wall,
            "frames": app.frame_count - frames,
            "seconds": wall,
            "scene": app.scenes.current_name,
        }
    finally:
        app.close()


def _step(app: App) -> None:
    """One pass of the real loop."""
    app.loop_step()


def _animate(app: App, busy: Callable[[], bool], advance: Callable[[], bool]) -> tuple[list[float], list[float]]:
    """Run the real loop while `busy()`; `advance()` makes the next decision when idle (False: done). Returns the
    CPU seconds of each drawn frame and the seconds between drawn frames."""
    cpu: list[float] = []
    intervals: list[float] = []
    last = None
    for _ in range(100_000):
        if not busy():
            last = None  # a decision between two animations is not an interval
            if not advance():
                break
            app.update(0.0)  # the board settles on the decision (a hand-over card dismissed, the next round)
            continue
        frames, c0 = app.frame_count, time.process_time()
        _step(app)
        if app.frame_count != frames:
            now = time.perf_counter()
            cpu.append(time.process_time() - c0)
            if last is not None:
                intervals.append(now - last)
            last = now
    return cpu, intervals


def animation_child(name: str) -> dict[str, Any]:
    """In this process: frame CPU and intervals of the real loop while `name` animates."""
    app = _child_app()
    app.scenes.fade_enabled = False
    app.settings.anim_speed = "normal"
    cpu: list[float] = []
    intervals: list[float] = []
    try:
        for run in range(3):
            if name == "kubtafl_ricochet":
                from game.client.kubtafl.demo import RICOCHET_ACTION, ricochet_session

                session = ricochet_session()
                app.goto("kubtafl", session=session)
                scene: Any = app.scenes.current
                _run_for(app, 0.3)
                scene.turns.commit(session.state.action_from_str(RICOCHET_ACTION))
                advance: Callable[[], bool] = lambda: False  # noqa: E731 - one chain, no decision after it
            else:
                from bench.bench_checkrisk_client import battle_session, next_battle_decision

                session = battle_session(run + 1)
                app.goto("checkrisk", session=session)
                scene = app.scenes.current
                _run_for(app, 0.3)
                scene.turns.commit(session.state.action_from_str("d4xd5:6"))
                advance = partial(next_battle_decision, scene, session)

            def busy(scene: Any = scene) -> bool:
                return bool(scene.queue.busy or scene.queue.effects)

            more_cpu, more_intervals = _animate(app, busy, advance)
            cpu += more_cpu
            intervals += more_intervals
    finally:
        app.close()
    return {"cpu": cpu, "intervals": intervals}


def _child(kind: str, name: str) -> dict[str, Any]:
    env = dict(os.environ)
    env["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-bench-")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-m", "bench.bench_idle", kind, name],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def figures() -> Iterator[Figure]:
    """Idle CPU of every main screen; frame CPU p50/p99 and frame intervals while a battle and a ricochet play."""
    display = _display()
    for screen in SCREENS:
        got = _child("idle", screen)
        yield figure(
            f"idle_cpu_{screen}",
            got["cpu"] * 100,
            "% of a core",
            frames=got["frames"],
            seconds=round(got["seconds"], 2),
            display=display,
            target="<= 3",
        )
    for name in ANIMATIONS:
        got = _child("animate", name)
        cpu, intervals = got["cpu"], got["intervals"]
        yield frame_figure(f"animate_{name}_frame_cpu_p50", cpu, 50, size="1280x720", display=display)
        yield frame_figure(f"animate_{name}_frame_cpu_p99", cpu, 99, target="<= 8 ms", load=load_average())
        yield frame_figure(f"animate_{name}_frame_interval_p50", intervals, 50, target="about 16.7 ms (60 fps)")
        yield frame_figure(f"animate_{name}_frame_interval_p99", intervals, 99, load=load_average())


if __name__ == "__main__":
    kind, name = sys.argv[1], sys.argv[2]
    result = idle_child(name) if kind == "idle" else animation_child(name)
    print(json.dumps(result))
