"""CheckRisk board scene at 1280×720: frame time while a 6-against-6 battle's rounds animate (dice tray sliding in,
twelve dice tumbling and settling, losses coming off), and frame intervals of the real paced loop during a
four-AI watch game on corners4 while the AI seats think in the worker process."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, bench_app, frame_figure, load_average, percentile

RUNS = 4  # whole 6 v 6 battles, fought to the end round by round
WATCH_FRAMES = 600  # ten seconds of the watch game


def battle_session(seed: int) -> Any:
    """A hot-seat CheckRisk game where the first seat's 6 on d4 can attack the other's 6 on d5 ("d4xd5:6")."""
    from game.client.play.session import GameSession

    session = GameSession("checkrisk", "standard", ["human", "human"], seed=seed, autosave=False)
    stacks = {"d4": (0, 6), "d5": (1, 6), "a1": (0, 2), "h8": (1, 2)}
    session.state = session.game.position(stacks, seat=0, phase="act")  # type: ignore[attr-defined]
    return session


def next_battle_decision(scene: Any, session: Any) -> bool:
    """On a settled board: the battle's next decision (the attacker goes on, the defender stands, the survivors
    move in); False once the battle is over."""
    from game.engine.checkrisk import WORDS

    battle = session.state.pending_battle()
    if battle is None:
        return False
    if scene.handovers.card is not None:  # both seats sit at this screen: the card only waits for a click
        scene.handovers.dismiss()
    elif battle.stage == "attacker":
        scene.turns.commit(WORDS["continue"])
    elif battle.stage == "defender":
        scene.turns.commit(WORDS["stand"])
    else:
        scene.popups.close()
        scene.turns.commit(session.state.legal_actions()[-1])
    return True


def battle_frame_times() -> tuple[list[float], list[float], int]:
    """Seconds per frame (events, update, draw; no flip) while 6 v 6 battle rounds animate, the UI thread's CPU
    seconds per such frame, and the rounds shown."""
    app = bench_app()
    times: list[float] = []
    cpu: list[float] = []
    rounds = 0
    try:
        for run in range(RUNS):
            session = battle_session(run + 1)
            app.goto("checkrisk", session=session)
            scene: Any = app.scenes.current
            for _ in range(10):
                app.frame(1 / 60, flip=False)
            scene.turns.commit(session.state.action_from_str("d4xd5:6"))
            for _ in range(5000):
                if scene.queue.busy or scene.queue.effects:
                    t0, c0 = time.perf_counter(), time.thread_time()
                    app.frame(1 / 60, flip=False)
                    times.append(time.perf_counter() - t0)
                    cpu.append(time.thread_time() - c0)
                    continue
                app.frame(1 / 60, flip=False)  # the board settles on the new position
                battle = session.state.pending_battle()  # type: ignore[attr-defined]
                if battle is not None and battle.stage == "attacker" and scene.handovers.card is None:
                    rounds += 1
                if not next_battle_decision(scene, session):
                    break
    finally:
        app.close()
    return times, cpu, rounds + RUNS


def watch_frame_intervals(level: str = "normal") -> tuple[list[float], list[float], list[float], int]:
    """The real loop (paced at 60 fps, drawn and flipped) of a watch game on corners4, four `level` AI seats
    searching in the worker process: seconds between frames overall and while a seat thinks, the UI thread's CPU
    seconds per frame, and the decisions made meanwhile."""
    app = bench_app(anim_speed=None)
    from game.client.app import start_session
    from game.client.play.worker import ProcessExecutor, set_default_executor

    set_default_executor(ProcessExecutor())
    every: list[float] = []
    thinking: list[float] = []
    cpu: list[float] = []
    try:
        start_session(app, "checkrisk", "corners4", [f"ai:{level}"] * 4, 7)
        session: Any = app.scenes.current.session  # type: ignore[union-attr]
        while session._ai_ticket is None or not session._ai_ticket.done:  # the worker process is up: not counted
            app.frame()
        last = time.perf_counter()
        while len(every) < WATCH_FRAMES and not session.is_over:
            spent = time.thread_time()
            searching = session.thinking
            app.frame()
            now = time.perf_counter()
            every.append(now - last)
            cpu.append(time.thread_time() - spent)
            if searching or session.thinking:  # a search ran during this frame
                thinking.append(now - last)
            last = now
        decisions = sum(1 for actor in session.actors if actor >= 0)
    finally:
        app.close()
    return every, thinking, cpu, decisions


def figures() -> Iterator[Figure]:
    """Battle frame median/p99; watch-game frame intervals (all, and while a seat thinks) and UI CPU p99."""
    times, cpu, rounds = battle_frame_times()
    yield frame_figure(
        "checkrisk_client_battle_6v6_frame_median",
        times,
        50,
        rounds=rounds,
        size="1280x720",
    )
    yield frame_figure(
        "checkrisk_client_battle_6v6_frame_p99",
        times,
        99,
        target="< 8 ms",
        load=load_average(),
    )
    yield frame_figure(
        "checkrisk_client_battle_6v6_frame_cpu_p99",
        cpu,
        99,
        note="the UI thread's own CPU time per frame",
    )
    for level in ("normal", "hard"):  # normal: what --watch seats; hard: the longest searches
        every, thinking, cpu, decisions = watch_frame_intervals(level)
        name = f"checkrisk_client_watch4_{level}"
        yield frame_figure(
            f"{name}_frame_interval_median",
            every,
            50,
            decisions=decisions,
            level="corners4",
            target="about 16.7 ms (60 fps)",
        )
        yield frame_figure(
            f"{name}_frame_interval_p99",
            every,
            99,
            target="< 18 ms",
            load=load_average(),
        )
        yield frame_figure(
            f"{name}_thinking_frame_interval_median",
            thinking,
            50,
            executor="process",
            note="frames during which a search ran",
        )
        yield frame_figure(
            f"{name}_thinking_frame_interval_p99",
            thinking,
            99,
            executor="process",
            target="< 18 ms",
        )
        yield frame_figure(
            f"{name}_frame_cpu_p99",
            cpu,
            99,
            median=round(percentile(cpu, 50) * 1000, 2),
            note="the UI thread's own CPU time per frame",
        )


if __name__ == "__main__":
    for fig in figures():
        print(json.dumps(fig))
