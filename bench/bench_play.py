"""The AI worker process: frame intervals of the real app loop while hard thinks, and hard's search speed in the
worker process against the same searches run inline."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator

from bench.common import Figure, bench_app, figure, frame_figure, load_average, percentile

THINKING_FRAMES = 480  # about eight seconds of frames while the computer thinks
POSITIONS = 6
PROCESS_TIMEOUT = 120.0


def thinking_frame_intervals(level: str = "hard") -> tuple[list[float], list[float], int]:
    """Seconds between frames of the real loop (paced at 60 fps, drawn and flipped) while `level` thinks in the
    worker process, the computer playing both sides; the UI thread's CPU seconds per such frame (what the window
    itself spends, whatever else the machine runs); and how many decisions were made meanwhile."""
    app = bench_app("fast")
    from game.client.app import start_session
    from game.client.play.worker import ProcessExecutor, set_default_executor

    set_default_executor(ProcessExecutor())
    intervals: list[float] = []
    cpu: list[float] = []
    try:
        start_session(app, "kubtafl", "standard", [f"ai:{level}", f"ai:{level}"], 1)
        session = app.scenes.current.session  # type: ignore[union-attr]
        ticket = None
        while ticket is None:  # the worker process is up and the first search sent
            app.frame()
            ticket = session._ai_ticket
        ticket.wait(PROCESS_TIMEOUT)  # the first search also waited for the process to start: not counted
        last = time.perf_counter()
        while len(intervals) < THINKING_FRAMES and not session.is_over:
            spent = time.thread_time()
            app.frame()
            now = time.perf_counter()
            if session.thinking:
                intervals.append(now - last)
                cpu.append(time.thread_time() - spent)
            last = now
        decisions = sum(1 for actor in session.actors if actor >= 0)
    finally:
        app.close()
    return intervals, cpu, decisions


def search_speed(spec: str = "hard") -> tuple[dict[str, float], int]:
    """Nodes per second of the same searches (positions from a seeded game) inline and in the worker process."""
    from game.client.play.worker import ProcessExecutor, SearchJob, run_search
    from game.engine import registry
    from game.engine.driver import random_action

    game = registry.load("kubtafl")
    state = game.initial_state()
    rng = random.Random(5)
    jobs = []
    for index in range(POSITIONS):
        jobs.append(SearchJob("kubtafl", game.level_name, game.level_data, state.to_dict(), spec, index))
        for _ in range(3):
            if not state.is_terminal():
                state.apply(random_action(state, rng))
    process = ProcessExecutor()
    totals = {"inline": [0.0, 0.0], "process": [0.0, 0.0]}  # nodes, seconds
    try:
        warm = process.submit(jobs[0])
        warm.wait(PROCESS_TIMEOUT)
        run_search(jobs[0])
        # Each position is searched both ways in turn, so a change in the machine's load touches both alike.
        for job in jobs:
            ticket = process.submit(job)
            if not ticket.wait(PROCESS_TIMEOUT) or ticket.answer is None:
                raise RuntimeError(f"the worker process gave no answer: {ticket.error}")
            for where, answer in (("process", ticket.answer), ("inline", run_search(job))):
                totals[where][0] += answer.nodes
                totals[where][1] += answer.seconds
    finally:
        process.close()
    rates = {where: nodes / seconds for where, (nodes, seconds) in totals.items()}
    return rates, len(jobs)


def figures() -> Iterator[Figure]:
    """Frame interval median/p99 while hard thinks; hard's nodes per second in the process and inline."""
    intervals, cpu, decisions = thinking_frame_intervals()
    yield frame_figure(
        "play_frame_interval_while_hard_thinks_median",
        intervals,
        50,
        decisions=decisions,
        executor="process",
        target="about 16.7 ms (60 fps)",
    )
    yield frame_figure(
        "play_frame_interval_while_hard_thinks_p99",
        intervals,
        99,
        executor="process",
        target="< 18 ms",
        load=load_average(),
    )
    yield frame_figure(
        "play_frame_cpu_while_hard_thinks_p99",
        cpu,
        99,
        median=round(percentile(cpu, 50) * 1000, 2),
        note="the UI thread's own CPU time per frame",
    )
    rates, positions = search_speed()
    yield figure("play_hard_nodes_per_s_inline", rates["inline"], "nodes/s", positions=positions)
    yield figure("play_hard_nodes_per_s_process", rates["process"], "nodes/s", positions=positions)
    yield figure(
        "play_hard_process_vs_inline_speed",
        rates["process"] / rates["inline"],
        "ratio",
        target=">= 0.9",
        load=load_average(),
    )


if __name__ == "__main__":
    for fig in figures():
        print(json.dumps(fig))
