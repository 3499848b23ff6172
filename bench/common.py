"""Shared helpers for benchmarks: timing and the figure format."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.app import App

#: One benchmark figure: name, value, unit and any context, printed as a JSON line.
Figure = dict[str, object]


def figure(name: str, value: float, unit: str, **extra: object) -> Figure:
    """One benchmark figure as printed: name, value, unit (plus optional context)."""
    out: Figure = {"name": name, "value": round(value, 4) if isinstance(value, float) else value}
    out["unit"] = unit
    out.update(extra)
    return out


def time_call(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Median wall time of `number` calls of `fn`, in seconds per call, over `repeat` runs."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def headless() -> None:
    """No window, no sound, and a private settings folder, for benchmarks that open the client."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("KUBIKI_HOME", tempfile.mkdtemp(prefix="kubiki-bench-"))


def frame_figure(name: str, seconds: list[float], q: float, **extra: object) -> Figure:
    """The q-th percentile of per-frame seconds as a figure in milliseconds, with the frame count."""
    return figure(name, percentile(seconds, q) * 1000, "ms", frames=len(seconds), **extra)


def load_average() -> float:
    """The machine's one-minute load average (frame figures depend on it), -1 where unknown."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return -1.0


def bench_app(anim_speed: str | None = "normal") -> App:
    """A headless app at 1280×720 with scene fades off (and the animation speed set, unless None)."""
    headless()
    from game.client.app import App

    app = App((1280, 720), fullscreen=False)
    app.scenes.fade_enabled = False
    if anim_speed is not None:
        app.settings.anim_speed = anim_speed
    return app


@dataclass
class FrameTimes:
    """Seconds per frame (events, update and draw; no flip): wall clock, and this process's CPU time (meaningful on
    a machine busy with other work)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def frame(self, app: App) -> None:
        """Run and time one frame of `app`."""
        start, start_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60, flip=False)
        self.wall.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
