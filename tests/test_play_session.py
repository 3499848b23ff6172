"""GameSession, mode-agnostic: seeded chance nodes, undo that never rerolls, exact resume, the one autosave
writer, and AI answers through the worker (inline here; stale ones dropped after undo, apply or close)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.client import saves
from game.client.play import session as session_module
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor, SearchJob, Ticket, run_search
from game.engine.core import CHANCE, Game
from tests.client_helpers import PlainBoard, frames, key
from tests.toygames import RaceGame


@pytest.fixture
def race(monkeypatch, home):
    """Sessions of mode 'race' load the toy dice race (two seats, track of 12)."""
    monkeypatch.setattr(session_module.registry, "load", lambda mode, level=None: RaceGame(2))
    known = session_module.registry.modes()
    monkeypatch.setattr(session_module.registry, "modes", lambda: [*known, "race"])  # its records name it


def decide(session: GameSession, times: int, choice: str = "roll") -> None:
    """`times` decisions: `choice` when legal, else the first legal one (an out-of-turn answer to a 3)."""
    for _ in range(times):
        legal = session.state.legal_actions()
        session.apply(choice if choice in legal else legal[0])


def test_chance_nodes_are_sampled_with_the_seed(race):
    a = GameSession("race", "standard", ["human", "human"], seed=42, autosave=False)
    b = GameSession("race", "standard", ["human", "human"], seed=42, autosave=False)
    decide(a, 5)
    decide(b, 5)
    assert a.log == b.log
    rolls = [text for text, actor in zip(a.log, a.actors, strict=True) if actor == CHANCE]
    assert len(rolls) == a.log.count("roll") and set(rolls) <= {"1", "2", "3"}


def test_undo_restores_the_decision_point_and_never_rerolls(race):
    s = GameSession("race", "standard", ["human", "human"], seed=7, autosave=False)
    s.apply_text("roll")
    first = list(s.log)
    assert s.undo()
    assert s.log == [] and s.state.to_dict() == s.game.initial_state().to_dict()
    s.apply_text("roll")
    assert s.log == first  # the same decision meets the same die roll
    assert s.undo() and not s.undo()


def test_undo_versus_ai_takes_back_the_reply_too(race):
    s = GameSession("race", "standard", ["human", "ai:random"], seed=3, autosave=False, executor=InlineExecutor())
    s.apply_text("step")
    reply = s.wait_ai()
    assert reply in ("step", "roll")
    s.apply(reply)
    assert s.actors[0] == 0 and s.actors[1] == 1
    assert s.undo()
    assert s.log == [] and s.is_human_turn


def test_resume_from_dict_continues_exactly(race):
    s = GameSession("race", "standard", ["human", "human"], seed=99, autosave=False)
    decide(s, 4)
    resumed = GameSession.from_dict(s.to_dict(), autosave=False)
    assert resumed.log == s.log and resumed.state == s.state
    assert resumed.rng.getstate() == s.rng.getstate()
    decide(s, 1)
    decide(resumed, 1)
    assert resumed.log == s.log  # the next roll is the same
    assert resumed.undo() and s.undo() and resumed.log == s.log


def saved() -> list[dict]:
    """The sessions of the unfinished games kept, last played first."""
    return [game.session for game in saves.unfinished()]


def test_autosave_written_after_every_action_and_removed_at_the_end(race):
    s = GameSession("race", "standard", ["human", "human"], seed=5)
    s.apply_text("step")
    [game] = saves.unfinished()
    assert game.session["actions"] == s.log and game.path == s.save_path and game.moves == 1
    s.undo()
    assert saved() == [s.to_dict()]  # the same file, rewritten
    while not s.is_over:
        decide(s, 1, "step")
    assert saved() == []


def test_autosave_false_never_touches_the_saves(race):
    saves.write_save({"mode": "race", "actions": ["kept"]})
    s = GameSession("race", "standard", ["human", "human"], seed=5, autosave=False)
    decide(s, 3)
    s.undo()
    assert s.save() is None
    assert s.new_game(None).save() is None  # a rematch keeps the choice
    assert saved() == [{"mode": "race", "actions": ["kept"]}]


def test_the_scene_saves_through_the_session_and_honours_autosave_false(home, app):
    kept = {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "actions": ["kept"]}
    saves.write_save(kept)
    app.scenes.register("kubtafl", PlainBoard)
    quiet = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    app.goto("kubtafl", session=quiet)
    frames(app)
    key(app, pygame.K_m)
    app.scenes.current.autosave()  # Save and quit, Main menu: the same writer, which says no here
    assert saved() == [kept]
    saving = GameSession("kubtafl", "standard", ["human", "human"], seed=1)
    app.goto("kubtafl", session=saving)
    key(app, pygame.K_m)
    app.scenes.current.autosave()
    assert saved()[0] == saving.to_dict() and saved()[1] == kept


def test_a_failing_save_is_reported_by_the_scene_not_raised(home, app, monkeypatch):
    app.scenes.register("kubtafl", PlainBoard)
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1)
    app.goto("kubtafl", session=session)

    def full_disk(data: Any, path: Any = None, summary: Any = None, played: Any = None) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_save", full_disk)
    key(app, pygame.K_m)  # the session's own save fails quietly: the game goes on
    assert len(session.log) >= 1 and "No space left" in (session.save_problem or "")
    app.scenes.current.autosave()
    assert any("No space left" in message for message in app.messages)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ("nope", "JSON object"),
        ({"mode": "race", "level": "standard", "seats": ["human", "human"]}, "actions"),
        ({"mode": "race", "level": "standard", "seats": ["human", "human"], "actions": ["jump"]}, "#1"),
        ({"mode": "race", "level": "standard", "seats": ["human", "robot"], "actions": []}, "robot"),
        ({"mode": "race", "level": "standard", "seats": ["human", "human"], "actions": [], "seed": "x"}, "seed"),
        ({"mode": "race", "level": "standard", "seats": ["human", "human"], "actions": [], "rng": [1]}, "rng"),
    ],
)
def test_bad_saves_are_rejected_naming_the_problem(race, data, field):
    with pytest.raises(ValueError, match=field):
        GameSession.from_dict(data)


def test_kubtafl_session_roundtrip_and_hint():
    s = GameSession("kubtafl", "endgame", ["human", "human"], seed=1, autosave=False)
    s.apply_text("a1>a2:1")
    again = GameSession.from_dict(s.to_dict(), autosave=False)
    assert again.state == s.state and again.log == ["a1>a2:1"]
    hint = s.wait_hint()
    assert hint in s.state.legal_actions()


# ----- AI answers through the worker -----


def versus_ai(executor: Any, seed: int = 3) -> GameSession:
    """Kubtafl, a human against the easy AI, after the human's first move (the AI is to reply)."""
    session = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=seed, autosave=False, executor=executor)
    session.apply_text("a3-a5")
    assert session.is_ai_turn
    return session


def test_the_inline_executor_answers_within_the_call():
    session = versus_ai(InlineExecutor())
    assert session.start_ai() and not session.thinking
    action = session.poll_ai()
    assert action in session.state.legal_actions() and session.ai_error is None


def test_the_same_decision_point_gets_the_same_answer_after_an_undo():
    session = versus_ai(InlineExecutor())
    first = session.wait_ai()
    session.undo()
    session.apply_text("a3-a5")
    assert session.wait_ai() == first
    assert versus_ai(InlineExecutor()).wait_ai() == first  # and in another session with the same seed


def test_an_answer_that_arrives_after_undo_is_dropped():
    held = InlineExecutor(hold=True)
    session = versus_ai(held)
    assert session.start_ai() and session.thinking
    stale = held.pending[0][2]
    session.undo()
    session.apply_text("a3-a5")  # the same log length as when the search was asked: only the generation differs
    assert stale.cancelled and held.run_pending() == 0
    assert session.poll_ai() is None and not session.thinking
    assert session.start_ai() and held.run_pending() == 1
    assert session.poll_ai() in session.state.legal_actions()


def test_an_answer_for_an_older_position_is_dropped_even_if_it_finished():
    held = InlineExecutor(hold=True)
    session = versus_ai(held)
    session.start_ai()
    ticket = session._ai_ticket
    assert ticket is not None
    held.run_pending()
    ticket.tag = -1  # as if it had been asked before the last change of position
    assert session.poll_ai() is None


def test_a_hint_for_a_position_left_behind_is_dropped():
    held = InlineExecutor(hold=True)
    session = GameSession("kubtafl", "endgame", ["human", "human"], seed=1, autosave=False, executor=held)
    assert session.request_hint() and session.hinting
    assert not session.request_hint()  # one request per position
    session.apply_text("a1>a2:1")
    assert held.run_pending() == 0 and session.poll_hint() is None and not session.hinting


def test_close_stops_the_searches_of_a_game_being_left():
    held = InlineExecutor(hold=True)
    session = versus_ai(held)
    session.start_ai()
    session.close()
    assert held.pending[0][2].cancelled and held.run_pending() == 0
    assert not session.thinking and session.poll_ai() is None


class FailingExecutor(InlineExecutor):
    """Every search fails, as a crashed worker process reports it."""

    def submit(self, job: SearchJob, tag: Any = None, game: Game | None = None) -> Ticket:
        ticket = Ticket(tag)
        ticket.finish(error="the AI worker process stopped (exit code -9)")
        return ticket


class WrongExecutor(InlineExecutor):
    """Every search answers with notation that is not legal here."""

    def submit(self, job: SearchJob, tag: Any = None, game: Game | None = None) -> Ticket:
        ticket = Ticket(tag)
        ticket.finish(run_search(job, game).__class__("z9-z10"))
        return ticket


@pytest.mark.parametrize(("executor", "says"), [(FailingExecutor(), "exit code -9"), (WrongExecutor(), "z9-z10")])
def test_a_failed_search_is_reported_and_the_quick_searchs_move_played(executor, says):
    session = versus_ai(executor)
    session.start_ai()
    action = session.poll_ai()
    assert action in session.state.legal_actions()
    assert says in (session.ai_error or "")
    assert session.take_helper_note() == "move" and session.take_helper_note() is None  # told once
