"""The AI worker: jobs rebuilt from plain data, the inline, thread and process executors, cancelling, a crashed
worker process reported instead of hung on, closing without waiting; and the play package never loads pygame.
A worker that hangs (stopped), dies or answers nonsense is replaced, the seat plays the quick search's move and the
board says so once; deadlines run on a clock the tests move by hand."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ai.levels import LEVELS
from game.client.play import worker
from game.client.play.session import GameSession
from game.client.play.worker import (
    Answer,
    InlineExecutor,
    ProcessExecutor,
    SearchJob,
    ThreadExecutor,
    decision_deadline,
    default_executor,
    rebuild_game,
    run_search,
    set_default_executor,
)
from game.engine import registry
from tests.driver import BoardDriver
from tests.waits import HANG, arrives

PLAY = Path(__file__).resolve().parent.parent / "game" / "client" / "play"
# Long enough to outlast any test: the search is stopped, cancelled or killed, never awaited.
ENDLESS = "hard@600s"


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
        timeout=HANG,
    )
    assert out.stdout.strip() == "[]"


def test_a_job_rebuilds_the_same_game_and_answers_as_on_the_callers_copy():
    job = kubtafl_job(level="endgame")
    game = rebuild_game(job)
    assert game.level_data == registry.load("kubtafl", "endgame").level_data
    assert game.state_from_dict(job.state) == registry.load("kubtafl", "endgame").initial_state()
    # By nodes alone: the same answer whatever the machine's load.
    here = run_search(job, registry.load("kubtafl", "endgame"), time_cap=False)
    assert here.action == run_search(job, time_cap=False).action
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
        arrives(ticket.wait, "the answer")
        assert ticket.answer is not None and ticket.answer.action == run_search(kubtafl_job()).action
        endless = executor.submit(kubtafl_job(ENDLESS))
        executor.cancel(endless)
        after = executor.submit(kubtafl_job())
        arrives(after.wait, "the next answer")
        assert after.answer is not None  # the cancelled search made way
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
    arrives(ticket.wait, "the worker process's answer")
    assert ticket.tag == ("session", 3) and ticket.error is None
    assert ticket.answer is not None and ticket.answer.action == run_search(kubtafl_job()).action
    assert ticket.answer.nodes == run_search(kubtafl_job()).nodes


def test_the_process_reports_errors_and_drops_cancelled_jobs(process):
    bad = process.submit(kubtafl_job(spec="genius"))
    arrives(bad.wait, "the refusal")
    assert "genius" in (bad.error or "")
    endless = process.submit(kubtafl_job(ENDLESS))
    process.cancel(endless)
    after = process.submit(kubtafl_job(level="endgame"))
    arrives(after.wait, "the next answer")
    assert after.answer is not None  # the cancelled search stopped and made way
    assert endless.cancelled and not endless.done


def test_a_crashed_worker_process_is_reported_then_replaced(process):
    thinking = process.submit(kubtafl_job(ENDLESS))
    process.process.kill()
    arrives(thinking.wait, "the crash report")
    assert thinking.answer is None and "stopped" in (thinking.error or "")
    again = process.submit(kubtafl_job())
    arrives(again.wait, "the new worker's answer")
    assert again.answer is not None
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
        arrives(ticket.wait, "the worker process's answer")
        frames(app, 3)
        assert board.session.actors[:1] == [0] and board.session.is_human_turn
        assert board.session.ai_error is None
    finally:
        app.close()
    assert isinstance(default_executor(), InlineExecutor)  # closing the app closed the process and reset


# ----- a worker that hangs, dies or answers nonsense cannot stall the game -----


class FakeClock:
    """The executor's clock: time moves only when a test moves it (no test waits out a deadline)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def dies_at_once(requests, answers):
    """A worker process that exits as soon as a job comes, as a crash would."""
    requests.recv()
    os._exit(3)


def never_ready(requests, answers):
    """A worker process that takes jobs and never says a word (hung while starting)."""
    while True:
        requests.recv()


def hangs_after_ready(requests, answers):
    """A worker process that says it is ready, then takes jobs and never answers them."""
    answers.send(("ready", os.getpid()))
    never_ready(requests, answers)


def answers_nonsense(kind, requests, answers):
    """A worker process that is ready, then answers every job with a reply of the given kind of nonsense."""
    answers.send(("ready", os.getpid()))
    while True:
        message = requests.recv()
        if message[0] != "job":
            continue
        job_id = message[1]
        if kind == "unreadable":
            answers.send_bytes(b"these bytes are no pickle")
        else:
            answers.send(
                {
                    "not a reply": 42,
                    "wrong type": ("done", job_id, "a3-a5"),
                    "wrong id": ("done", str(job_id), Answer("a3-a5")),
                    "illegal": ("done", job_id, Answer("z9-z10")),
                }[kind]
            )


def ai_to_move(executor, seats=("human", "ai:easy")) -> GameSession:
    """Kubtafl, a human against the easy AI, after the human's first move (the AI is to reply)."""
    session = GameSession("kubtafl", "standard", list(seats), seed=3, autosave=False, executor=executor)
    session.apply_text("a3-a5")
    assert session.is_ai_turn
    return session


@pytest.fixture
def quick_moves(monkeypatch):
    """Every action the session's quick search returns, in order (the real search runs)."""
    from game.client.play import session as session_module

    played = []

    def recorded(state, seed):
        action = worker.quick_search(state, seed)
        played.append(action)
        return action

    monkeypatch.setattr(session_module, "quick_search", recorded)
    return played


def test_every_decision_gets_its_levels_time_budget_plus_a_margin():
    for name in ("easy", "normal", "hard"):
        assert decision_deadline(name) == LEVELS[name].seconds + worker.DEADLINE_MARGIN
    assert decision_deadline("ai:hard@0.5s") == 0.5 + worker.DEADLINE_MARGIN
    assert decision_deadline("hard@20000") == LEVELS["hard"].seconds + worker.DEADLINE_MARGIN  # nodes, capped
    assert decision_deadline("greedy") == decision_deadline("genius") == worker.DEADLINE_MARGIN
    assert worker.DEADLINE_MARGIN >= 3 * max(level.seconds or 0 for level in LEVELS.values())


def test_a_stopped_worker_is_replaced_at_its_deadline_and_the_seat_plays_the_quick_move(quick_moves):
    clock = FakeClock()
    executor = ProcessExecutor(clock=clock)
    try:
        arrives(executor.submit(kubtafl_job()).wait, "the first answer")  # the worker is up and has answered once
        stopped = executor.process
        os.kill(stopped.pid, signal.SIGSTOP)
        session = ai_to_move(executor)
        assert session.start_ai() and session.thinking
        clock.now += decision_deadline("easy") - 0.01
        assert session.poll_ai() is None and session.thinking  # within its deadline: still thinking
        clock.now += 0.02
        action = session.poll_ai()
        assert action is not None and action in session.state.legal_actions()
        assert quick_moves == [action] and session.take_helper_note() == "move"
        assert "no answer in time" in (session.ai_error or "")
        assert executor.replaced == 1 and executor.process is None and not stopped.is_alive()
        session.apply(action)
        session.apply(session.state.legal_actions()[0])  # the human's reply; the AI is to move again
        assert session.wait_ai(HANG) in session.state.legal_actions()  # a new worker answered it
        assert executor.process.pid != stopped.pid and session.helper_note is None and quick_moves == [action]
    finally:
        executor.close()


def test_a_worker_that_never_starts_is_replaced_after_the_start_up_allowance():
    clock = FakeClock()
    executor = ProcessExecutor(clock=clock, body=never_ready)
    try:
        ticket = executor.submit(kubtafl_job("easy"))
        clock.now += worker.STARTUP_SECONDS - 0.01  # long past the job's own deadline, but the worker is starting
        assert not ticket.done
        clock.now += 0.02
        assert ticket.done and ticket.answer is None and "no answer in time" in (ticket.error or "")
        assert executor.replaced == 1 and executor.process is None
    finally:
        executor.close()


def test_a_worker_that_dies_at_once_is_told_and_the_seat_plays_the_quick_move(quick_moves):
    executor = ProcessExecutor(body=dies_at_once)
    try:
        session = ai_to_move(executor)
        action = session.wait_ai(HANG)
        assert action is not None and quick_moves == [action] and action in session.state.legal_actions()
        assert "exit code 3" in (session.ai_error or "") and session.take_helper_note() == "move"
        assert executor.crashes == 1
    finally:
        executor.close()


@pytest.mark.parametrize("kind", ["not a reply", "wrong type", "wrong id", "illegal", "unreadable"])
def test_a_worker_answering_nonsense_is_replaced_and_the_seat_plays_the_quick_move(kind, quick_moves):
    executor = ProcessExecutor(body=functools.partial(answers_nonsense, kind))
    try:
        session = ai_to_move(executor)
        session.start_ai()
        liar = executor.process
        action = session.wait_ai(HANG)
        assert action is not None and quick_moves == [action] and action in session.state.legal_actions()
        assert "nonsense" in (session.ai_error or "") and session.take_helper_note() == "move"
        assert executor.replaced == 1 and executor.process is None and not liar.is_alive()
    finally:
        executor.close()


def test_a_hint_past_its_deadline_is_the_quick_searchs_hint(quick_moves):
    clock = FakeClock()
    executor = ProcessExecutor(clock=clock, body=hangs_after_ready)
    try:
        session = GameSession("kubtafl", "standard", ["human", "human"], seed=3, autosave=False, executor=executor)
        assert session.request_hint() and session.hinting
        clock.now += worker.STARTUP_SECONDS + decision_deadline("hard") + 0.01  # past it, ready or not
        hint = session.poll_hint()
        assert hint is not None and quick_moves == [hint] and hint in session.state.legal_actions()
        assert session.take_helper_note() == "hint" and not session.hinting
    finally:
        executor.close()


def test_the_inline_executor_keeps_no_deadline_and_tells_nothing():
    held = InlineExecutor(hold=True)
    session = ai_to_move(held)
    session.start_ai()
    for _ in range(3):
        assert session.poll_ai() is None and session.thinking  # however long it holds: no clock, no stand-in
    job = held.pending[0][0]
    assert held.run_pending() == 1
    action = session.poll_ai()
    assert session.state.action_to_str(action) == run_search(job, time_cap=False).action
    assert session.ai_error is None and session.helper_note is None


def test_the_board_tells_the_player_once_and_plays_on_when_the_worker_stops(home):
    from game.client.app import start_session
    from tests.client_helpers import frames, make_app

    clock = FakeClock()
    executor = ProcessExecutor(clock=clock)
    arrives(executor.submit(kubtafl_job()).wait, "the first answer")  # up and answering; then it stops
    os.kill(executor.process.pid, signal.SIGSTOP)
    set_default_executor(executor)
    app = make_app(anim_speed="instant", menu=False)
    try:
        start_session(app, "kubtafl", "standard", ["ai:easy", "human"], 4)
        board = app.scenes.current
        frames(app, 3)
        assert board.session.thinking and not board.session.log and not app.toasts
        clock.now += decision_deadline("easy") + 0.01
        frames(app, 3)
        said = "The computer's helper stopped; it played a quick move."
        assert board.session.actors[:1] == [0] and board.session.is_human_turn
        assert app.messages.count(said) == 1 and [toast.text for toast in app.toasts] == [said]
    finally:
        app.close()


@pytest.mark.parametrize("found", [True, False])
def test_a_lost_hint_on_the_board_is_a_quick_one_or_a_clear_no_hint(home, monkeypatch, found):
    from game.client.app import start_session
    from game.client.play import session as session_module
    from tests.client_helpers import frames, key, make_app

    if not found:
        monkeypatch.setattr(session_module, "quick_search", lambda state, seed: None)
    set_default_executor(ProcessExecutor(body=dies_at_once))
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        start_session(app, "kubtafl", "standard", ["human", "human"], 4)
        board = app.scenes.current
        frames(app, 2)
        key(app, pygame.K_h)
        ticket = board.session._hint_ticket  # None when the dead helper was noticed within the key's own frames
        if ticket is not None:
            arrives(ticket.wait, "the hint")
        frames(app, 2)
        assert app.messages == ["The computer's helper stopped; this hint comes from a quick search."]
        if found:
            assert d.hint_move is not None and d.hint.startswith("Hint:")
        else:
            assert d.hint_move is None and d.hint == "No hint right now."
        assert d.status == d.hint
    finally:
        app.close()
