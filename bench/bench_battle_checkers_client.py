"""Battle Checkers board scene: frame time at 1280×720 while the pip planner follows the mouse over a crowded
board (both sides deployed, a unit selected with the sum, the ghost and its facing following the pointer)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from bench.common import Figure, FrameTimes, bench_app, frame_figure

FRAMES_PER_RUN = 240
RUNS = 3


def planner_frame_times() -> tuple[list[float], list[float]]:
    """Seconds per frame (events, update and draw), wall clock and this process's CPU time, while the pointer
    sweeps the selected unit's end cells (CPU time stays meaningful on a machine busy with other work)."""
    app = bench_app()
    import pygame

    from game.client.battle_checkers.demo import crowded

    timed = FrameTimes()
    try:
        for run in range(RUNS):
            session = crowded()
            app.goto("battle_checkers", session=session)
            scene = app.scenes.current
            for _ in range(5):
                app.frame(1 / 60, flip=False)
            picks = scene.view.picks
            unit = max(picks.actors(), key=lambda c: len(picks.plans(c, 0)))
            picks.select(unit)
            cells = sorted(picks.plans())
            for i in range(FRAMES_PER_RUN):
                x, y = scene.layout.cell_center(cells[(i + run) % len(cells)])
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))
                )
                if i % 3 == 0:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
                timed.frame(app)
    finally:
        app.close()
    return timed.wall, timed.cpu


def figures() -> Iterator[Figure]:
    """Frame time median and p99 while the planner follows the mouse."""
    times, cpu = planner_frame_times()
    yield frame_figure(
        "battle_checkers_client_planner_frame_median",
        times,
        50,
        size="1280x720",
    )
    yield frame_figure(
        "battle_checkers_client_planner_frame_p99",
        times,
        99,
        target="< 8 ms",
    )
    yield frame_figure(
        "battle_checkers_client_planner_frame_cpu_median",
        cpu,
        50,
        size="1280x720",
    )
    yield frame_figure(
        "battle_checkers_client_planner_frame_cpu_p99",
        cpu,
        99,
        target="< 8 ms",
    )


if __name__ == "__main__":
    for fig in figures():
        print(json.dumps(fig))
