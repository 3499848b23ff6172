"""Dice Lab: time from an input change to the redrawn chart for each tab's heaviest case, and frame times while
dice tumble, at 1280×720."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from bench.common import figure, headless, percentile

REPEAT = 7
TUMBLE_RUNS = 6
_opened: list[float] = []  # seconds each opening of the Lab took (its engine caches filled on the way)


def _open(tab: str) -> tuple[Any, Any]:
    headless()
    from game.client.app import App

    app = App((1280, 720), fullscreen=False)
    app.scenes.fade_enabled = False
    started = time.perf_counter()
    app.goto("dice_lab", tab=tab)
    _opened.append(time.perf_counter() - started)
    for _ in range(3):
        app.frame(1 / 60, flip=False)
    return app, app.scenes.current


def _change_to_chart(scene: Any, change: Callable[[], object]) -> float:
    """Seconds from an input change to the chart surface drawn for it."""
    start = time.perf_counter()
    change()
    scene._changed()
    scene.chart_surface()
    return time.perf_counter() - start


def _clear_engine_caches() -> None:
    from game.engine.dice import alkemy, polyhedral

    alkemy._kept_outcomes.cache_clear()
    polyhedral._pool_counts.cache_clear()


def input_to_chart() -> Iterator[dict[str, Any]]:
    """Per tab: the heaviest input it allows, with the engine's caches cleared and again with them filled."""
    cases: list[tuple[str, str, Callable[[Any], Callable[[], object]]]] = [
        ("alkemy", "4 dice kept 2 (bonus 4), attribute × difficulty table and what-do-I-need",
         lambda s: lambda: s.tab.steppers["bonus"].accept(4 if s.tab.value("bonus") != 4 else 3)),
        ("opposed", "4 dice each side (bonus 2 against penalty 2)",
         lambda s: lambda: (s.tab.steppers["a.bonus"].accept(2), s.tab.steppers["b.penalty"].accept(2 if
                            s.tab.value("b.penalty") != 2 else 3))),
        ("d18", "table by d6 with six entries",
         lambda s: lambda: (s.tab.steppers["helper"].accept("table"),
                            s.tab.set_entry("options", "a, b, c, d, e, f" if s.tab.texts["table"] != "a, b, c, d, e, f"
                                            else "a, a, b, c, d, e"))),
        ("free", "50d6 (about the largest worked out at once) beside 4d6kh2 and 3d6kl2",
         lambda s: lambda: (s.tab.set_entry("expr1", "4d6kh2"), s.tab.set_entry("expr2", "3d6kl2"),
                            s.tab.set_entry("expr0", "50d6" if s.tab.entries[0].text != "50d6" else "49d6"))),
    ]
    for tab, case, make in cases:
        app, scene = _open(tab)
        try:
            change = make(scene)
            _clear_engine_caches()
            scene.tab.__dict__.get("_cache", {}).clear()
            cold = _change_to_chart(scene, change)
            warm = sorted(_change_to_chart(scene, change) for _ in range(REPEAT))[REPEAT // 2]
        finally:
            app.close()
        yield figure(f"dice_lab.input_to_chart.{tab}.cold", cold * 1000, "ms", case=case, target_ms=16,
                     note="engine caches cleared first (the Lab fills the Alkemy ones when it opens)")
        yield figure(f"dice_lab.input_to_chart.{tab}.warm", warm * 1000, "ms", case=case, target_ms=16)


def background_frames(text: str = "100d20") -> tuple[float, list[float]]:
    """Seconds until a heavy expression's chart is in (worked out beside the screen), and the frame times meanwhile."""
    app, scene = _open("free")
    times: list[float] = []
    try:
        _clear_engine_caches()
        start = time.perf_counter()
        scene.tab.set_entry("expr0", text)
        scene._changed()
        while scene.tab.busy:
            frame_start = time.perf_counter()
            app.frame(1 / 60, flip=False)
            times.append(time.perf_counter() - frame_start)
            # Paced like the real loop, so the worker gets the time a 60 fps frame leaves over.
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - frame_start)))
        app.frame(1 / 60, flip=False)
        ready = time.perf_counter() - start
        assert scene.tab.chart(app.t).series[0].name == text
    finally:
        app.close()
    return ready, times


def tumble_frames() -> list[float]:
    """Seconds per frame (events, update, draw) while twenty d20s tumble into the tray, several throws."""
    app, scene = _open("free")
    app.settings.anim_speed = "normal"
    times: list[float] = []
    try:
        scene.tab.set_entry("expr0", "20d20")
        scene._changed()
        for _ in range(TUMBLE_RUNS):
            scene.roll()
            while scene.tray.busy:
                start = time.perf_counter()
                app.frame(1 / 60, flip=False)
                times.append(time.perf_counter() - start)
    finally:
        app.close()
    return times


def figures() -> Iterator[dict[str, Any]]:
    """Input-to-chart times per tab and the frame time while dice tumble."""
    yield from input_to_chart()
    yield figure("dice_lab.open", percentile(_opened, 50) * 1000, "ms", runs=len(_opened),
                 case="goto('dice_lab'): layout and the Alkemy kept-dice tables")
    ready, times = background_frames()
    yield figure("dice_lab.input_to_chart.free.background", ready * 1000, "ms", target_ms=16,
                 case="100d20, the heaviest sum the free roller allows, worked out beside the screen")
    yield figure("dice_lab.background_frame.p99", percentile(times, 99) * 1000, "ms", frames=len(times),
                 case="frames drawn while 100d20 is worked out")
    times = tumble_frames()
    yield figure("dice_lab.tumble_frame.median", percentile(times, 50) * 1000, "ms", frames=len(times),
                 case="20 d20 tumbling, 1280×720")
    yield figure("dice_lab.tumble_frame.p99", percentile(times, 99) * 1000, "ms", frames=len(times), target_ms=8,
                 case="20 d20 tumbling, 1280×720")
