"""Dice Lab: time from an input change to the redrawn chart for each tab's heaviest case, and frame times while
dice tumble, at 1280×720."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from bench.common import Figure, FrameTimes, bench_app, figure, frame_figure, percentile

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.dice_lab.scene import DiceLabScene

REPEAT = 7
TUMBLE_RUNS = 6
_opened: list[float] = []  # seconds each opening of the Lab took (its engine caches filled on the way)


def _open(tab: str) -> tuple[App, DiceLabScene]:
    app = bench_app(anim_speed=None)
    from game.client.dice_lab.scene import DiceLabScene

    started = time.perf_counter()
    app.goto("dice_lab", tab=tab)
    _opened.append(time.perf_counter() - started)
    for _ in range(3):
        app.frame(1 / 60, flip=False)
    scene = app.scenes.current
    if not isinstance(scene, DiceLabScene):
        raise RuntimeError("the Dice Lab did not open")
    return app, scene


def _change_to_chart(scene: DiceLabScene, change: Callable[[], object]) -> float:
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


def heaviest_free(count: int = 2) -> list[str]:
    """The expressions the free roller accepts with the largest work estimates: single pools of every size the
    parser allows (sums, keeps, success counts) and sums of two kinds of dice."""
    from game.client.dice_lab.free_tab import WORK_BUDGET_US
    from game.engine.dice import parse

    dice = ["d3", "d4", "d6", "d8", "d10", "d12", "d20", "d%", "d30", "d50", "d100", "d1000"]
    counts = [1, 2, 3, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    texts = [f"{n}{d}" for n in counts for d in dice]
    texts += [
        f"{n}{d}k{h}{k}" for n in counts for d in dice for h in "hl" for k in (1, 2, 3, 5, 8, 10, 15, 20, 30) if k < n
    ]
    texts += [f"{n}{a}+{m}{b}" for n in counts for m in counts for a in dice[:7] for b in dice[:7] if a < b]
    weighed = sorted((parse(t).work(), t) for t in texts)
    return [t for w, t in weighed if w <= WORK_BUDGET_US][-count:][::-1]


HEAVIEST = heaviest_free()


def input_to_chart() -> Iterator[Figure]:
    """Per tab: the heaviest input it allows, with the engine's caches cleared and again with them filled."""
    cases: list[tuple[str, str, Callable[[Any], Callable[[], object]]]] = [
        (
            "alkemy",
            "4 dice kept 2 (bonus 4), attribute × difficulty table and what-do-I-need",
            lambda s: lambda: s.tab.steppers["bonus"].accept(4 if s.tab.value("bonus") != 4 else 3),
        ),
        (
            "opposed",
            "4 dice each side (bonus 2 against penalty 2)",
            lambda s: (
                lambda: (
                    s.tab.steppers["a.bonus"].accept(2),
                    s.tab.steppers["b.penalty"].accept(2 if s.tab.value("b.penalty") != 2 else 3),
                )
            ),
        ),
        (
            "d18",
            "table by d6 with six entries",
            lambda s: (
                lambda: (
                    s.tab.steppers["helper"].accept("table"),
                    s.tab.set_entry(
                        "options",
                        "a, b, c, d, e, f" if s.tab.texts["table"] != "a, b, c, d, e, f" else "a, a, b, c, d, e",
                    ),
                )
            ),
        ),
        (
            "free",
            f"{HEAVIEST[0]} (the heaviest the free roller charts, by the engine's estimate) beside 4d6kh2 and 3d6kl2",
            lambda s: (
                lambda: (
                    s.tab.set_entry("expr1", "4d6kh2"),
                    s.tab.set_entry("expr2", "3d6kl2"),
                    s.tab.set_entry("expr0", HEAVIEST[0] if s.tab.entries[0].text != HEAVIEST[0] else HEAVIEST[1]),
                )
            ),
        ),
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
        yield figure(
            f"dice_lab.input_to_chart.{tab}.cold",
            cold * 1000,
            "ms",
            case=case,
            target_ms=16,
            note="engine caches cleared first (the Lab fills the Alkemy ones when it opens)",
        )
        yield figure(f"dice_lab.input_to_chart.{tab}.warm", warm * 1000, "ms", case=case, target_ms=16)


def tumble_frames() -> tuple[list[float], list[float]]:
    """Seconds per frame (events, update, draw) while twenty d20s (the most the tray shows) tumble in, several
    throws: wall time, and the process's CPU time (what the frame costs when other programs share the cores)."""
    app, scene = _open("free")
    app.settings.anim_speed = "normal"
    timed = FrameTimes()
    try:
        scene.tab.set_entry("expr0", "20d20")
        scene._changed()
        for _ in range(TUMBLE_RUNS):
            scene.roll()
            while scene.tray.busy:
                timed.frame(app)
    finally:
        app.close()
    return timed.wall, timed.cpu


def figures() -> Iterator[Figure]:
    """Input-to-chart times per tab and the frame time while dice tumble."""
    yield from input_to_chart()
    yield figure(
        "dice_lab.open",
        percentile(_opened, 50) * 1000,
        "ms",
        runs=len(_opened),
        case="goto('dice_lab'): layout and the Alkemy kept-dice tables",
    )
    app, scene = _open("free")
    try:
        for text in ("100d20", *HEAVIEST):
            _clear_engine_caches()
            scene.tab.__dict__.get("_cache", {}).clear()
            took = _change_to_chart(scene, partial(scene.tab.set_entry, "expr0", text))
            assert scene.tab.chart(app.t).series[0].name == text
            yield figure(
                f"dice_lab.input_to_chart.free.{text}",
                took * 1000,
                "ms",
                target_ms=16,
                case="typed into the free roller alone, engine caches cleared",
            )
        scene.tab.set_entry("expr0", "100d20")
        scene._changed()
        start = time.perf_counter()
        scene.roll_many(1000)
        scene.chart_surface()
        yield figure(
            "dice_lab.roll_1000.free.100d20",
            (time.perf_counter() - start) * 1000,
            "ms",
            case="Roll ×1000 of 100d20: samples, chi-square, chart with the observed overlay",
        )
    finally:
        app.close()
    times, cpu = tumble_frames()
    case = "20 d20 tumbling (the most the tray shows), 1280×720"
    yield frame_figure("dice_lab.tumble_frame.median", times, 50, case=case)
    yield frame_figure("dice_lab.tumble_frame.p99", times, 99, target_ms=8, case=case)
    yield frame_figure("dice_lab.tumble_frame_cpu.median", cpu, 50, case=case)
    yield frame_figure("dice_lab.tumble_frame_cpu.p99", cpu, 99, target_ms=8, case=case)
