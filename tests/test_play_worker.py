"""The AI worker: jobs rebuilt from plain data, the inline, thread and process executors, cancelling, a crashed
worker process reported instead of hung on, closing without waiting; and the play package never loads pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.client.play import worker
from game.client.play.worker import (
    Answer,
    InlineExecutor,
    ProcessExecutor,
    SearchJob,
    ThreadExecutor,
    default_executor,
    rebuild_game,
    run_search,
    set_default_executor,
)
from game.engine import registry

PLAY = Path(__file__).resolve().parent.parent / "game" / "client" / "play"
# Long enough to outlast any test: the search is stopped, cancelled or killed, never awaited.
ENDLESS = "hard@600s"
# A generous guard against a hang, not a speed check.
TIMEOUT = 120


def kubtafl_job(spec: str = "normal@300", level: str = "standard", seed: int = 5) -> SearchJob:
    game = registry.load("kubtafl", level)
    return SearchJob("kubtafl", game.level_name, game.level_data, game.initial_state().to_dict(), spec, seed)


def test_the_play_package_never_imports_pygame():
    for path in PLAY.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, path.name
    code = (
        "import sys; import game.client.play.session, game.client.play.worker, game.client.play.seats; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('pygame_gui')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=PLAY.parent.parent.parent,
        timeout=TIMEOUT,
    )
    assert out.stdout.strip() == "[]"


def test_a_job_rebuilds_the_same_game_and_answers_as_on_the_callers_copy():
    job = kubtafl_job(level="endgame")
    game = rebuild_game(job)
    assert game.level_data == registry.load("kubtafl", "endgame").level_data
    assert game.state_from_dict(job.state) == registry.load("kubtafl", "endgame").initial_state()
    here = run_search(job, registry.load("kubtafl", "endgame"))
    assert here.action == run_search(job).action
    assert here.nodes > 0 and here.depth >= 1
    assert game.initial_state().action_from_str(here.action) in game.initial_state().legal_actions()


def test_inline_holds_runs_and_cancels():
    held = InlineExecutor(hold=True)
    first, second = held.submit(kubtafl_job(), tag="a"), held.submit(kubtafl_job(), tag="b")
    assert not first.done and not second.done
    held.cancel(second)
    assert held.run_pending() == 1
    assert first.done and first.tag == "a" and isinstance(first.answer, Answer)
    assert not second.done and second.cancelled


def test_a_bad_spec_fails_on_its_ticket():
    ticket = InlineExecutor().submit(kubtafl_job(spec="genius"))
    assert ticket.done and ticket.answer is None and "genius" in (ticket.error or "")


def test_the_thread_executor_answers_as_inline_does():
    executor = ThreadExecutor()
    try:
        ticket = executor.submit(kubtafl_job(), tag=7)
        assert ticket.wait(TIMEOUT)
        assert ticket.answer is not None and ticket.answer.action == run_search(kubtafl_job()).action
        endless = executor.submit(kubtafl_job(ENDLESS))
        executor.cancel(endless)
        after = executor.submit(kubtafl_job())
        assert after.wait(TIMEOUT) and after.answer is not None  # the cancelled search made way
        running, queued = executor.submit(kubtafl_job(ENDLESS)), executor.submit(kubtafl_job())
        executor.close()  # returns at once: whether started or queued, both searches are told to stop
        assert running.stop.is_set() and queued.stop.is_set()
    finally:
        executor.close()


@pytest.fixture(scope="module")
def process():
    """One real worker process for this module's tests."""
    executor = ProcessExecutor()
    executor.start()
    yield executor
    executor.close()


def test_the_process_answers_as_inline_does(process):
    ticket = process.submit(kubtafl_job(), tag=("session", 3))
    assert ticket.wait(TIMEOUT), "the worker process gave no answer"
    assert ticket.tag == ("session", 3) and ticket.error is None
    assert ticket.answer is not None and ticket.answer.action == run_search(kubtafl_job()).action
    assert ticket.answer.nodes == run_search(kubtafl_job()).nodes


def test_the_process_reports_errors_and_drops_cancelled_jobs(process):
    bad = process.submit(kubtafl_job(spec="genius"))
    assert bad.wait(TIMEOUT) and "genius" in (bad.error or "")
    endless = process.submit(kubtafl_job(ENDLESS))
    process.cancel(endless)
    after = process.submit(kubtafl_job(level="endgame"))
    assert after.wait(TIMEOUT) and after.answer is not None  # the cancelled search stopped and made way
    assert endless.cancelled and not endless.done


def test_a_crashed_worker_process_is_reported_then_replaced(process):
    thinking = process.submit(kubtafl_job(ENDLESS))
    process.process.kill()
    assert thinking.wait(TIMEOUT)
    assert thinking.answer is None and "stopped" in (thinking.error or "")
    again = process.submit(kubtafl_job())
    assert again.wait(TIMEOUT) and again.answer is not None
    assert process.crashes == 1


def test_closing_never_waits_for_the_search():
    executor = ProcessExecutor()
    ticket = executor.submit(kubtafl_job(ENDLESS))
    child = executor.process
    executor.close()
    assert not child.is_alive()  # terminated, though its search had ten minutes left
    assert ticket.done and ticket.cancelled and ticket.error


def test_the_default_executor_comes_from_the_environment(monkeypatch):
    assert isinstance(default_executor(), InlineExecutor)  # the suite's conftest asks for inline
    try:
        for kind, cls in (("thread", ThreadExecutor), ("process", ProcessExecutor), ("bogus", ProcessExecutor)):
            monkeypatch.setenv(worker.EXECUTOR_ENV, kind)
            set_default_executor(None)
            assert type(default_executor()) is cls  # made, not started: nothing is spawned here
        mine = InlineExecutor()
        set_default_executor(mine)
        assert default_executor() is mine
    finally:
        monkeypatch.undo()
        set_default_executor(None)
    assert isinstance(default_executor(), InlineExecutor)


def test_the_app_plays_the_computers_move_from_the_worker_process(home):
    from game.client.app import start_session
    from tests.client_helpers import frames, make_app

    set_default_executor(ProcessExecutor())
    app = make_app(anim_speed="instant", menu=False)
    try:
        start_session(app, "kubtafl", "standard", ["ai:easy", "human"], 4)
        board = app.scenes.current
        frames(app, 1)  # the AI seat's search is sent to the process (it cannot have answered within the frame)
        ticket = board.session._ai_ticket
        assert ticket is not None and isinstance(default_executor(), ProcessExecutor)
        assert ticket.wait(TIMEOUT), "the worker process gave no answer"
        frames(app, 3)
        assert board.session.actors[:1] == [0] and board.session.is_human_turn
        assert board.session.ai_error is None
    finally:
        app.close()
    assert isinstance(default_executor(), InlineExecutor)  # closing the app closed the process and reset
