"""Why a CheckRisk turn brings the reinforcements it does: the engine's group earnings (C7) and the sentence the
status line shows at the start of a human's turn, by posted events (the turn handed over with End turn)."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import current, frames, key, make_app, settle_scene

from game.client.checkrisk.scene import CheckRiskScene
from game.client.checkrisk.words import reinforcement_reason
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine import registry
from game.engine.checkrisk import GroupEarning
from tests.driver import BoardDriver


def position(stacks: dict[str, tuple[int, int]], **kw):
    game = registry.load("checkrisk")
    return game.position(stacks, seat=0, phase="act", round=3, **kw)


def test_group_earnings_say_which_groups_earn_and_agree_with_the_reinforcements_due():
    state = position(
        {
            "a1": (0, 2),
            "a2": (0, 1),
            "d4": (0, 3),
            "e4": (0, 1),
            "d5": (0, 1),
            "e5": (0, 1),
            "h1": (0, 1),
            "h2": (0, 1),
            "h3": (0, 1),
            "h4": (0, 1),
            "h5": (0, 1),
            "c8": (1, 3),
        }
    )
    name = state.game.cell_name
    earnings = {tuple(name(c) for c in g.cells): (g.on_edge, g.tokens) for g in state.group_earnings(0)}
    assert earnings == {
        ("h1", "h2", "h3", "h4", "h5"): (True, 1),
        ("d4", "e4", "d5", "e5"): (False, 0),
        ("a1", "a2"): (True, 0),
    }
    assert state.reinforcement_due(0) == [(g.cells, g.tokens) for g in state.group_earnings(0) if g.tokens]
    assert all(isinstance(g, GroupEarning) for g in state.group_earnings(0))


def test_a_turn_with_no_reinforcements_says_why_when_it_starts(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk", "standard", ["human", "human"], seed=3, autosave=False, executor=InlineExecutor()
    )
    session.state = position(
        {"a1": (0, 2), "a2": (0, 1), "d4": (0, 4), "e4": (0, 1), "d5": (0, 1), "e5": (0, 1), "c8": (1, 3), "d8": (1, 1)}
    )
    app.goto("checkrisk", session=session)
    frames(app)
    settle_scene(app)
    b = current(app, CheckRiskScene)
    key(app, pygame.K_e)  # End turn: player 2's turn, then back by its End turn
    settle_scene(app)
    for _ in range(3):
        if d.handover is not None:
            key(app, pygame.K_RETURN)
    if b.session.state.seat == 1:
        key(app, pygame.K_e)
        settle_scene(app)
        for _ in range(3):
            if d.handover is not None:
                key(app, pygame.K_RETURN)
    state = b.session.state
    assert state.seat == 0 and state.phase == "act"
    status = d.status
    assert status == (
        "No reinforcements: a group earns 1 per 4 cells, only if it touches the edge. "
        "Yours: 4 cells away from the edge, 2 cells on the edge. Click a stack to act."
    )


def test_the_reason_names_what_each_group_earns(app):
    t = app.t
    state = position({"h1": (0, 1), "h2": (0, 1), "h3": (0, 1), "h4": (0, 1), "a1": (0, 1), "c8": (1, 3)})
    assert reinforcement_reason(t, state, 0) == (
        "+1 reinforcement: 1 per 4 cells of an edge group. Yours: 4 cells on the edge (+1), 1 cell on the edge."
    )
    first = registry.load("checkrisk").position({"a1": (0, 1), "c8": (1, 3)}, seat=0, phase="act", round=1)
    assert reinforcement_reason(t, first, 0) == "No reinforcements on a first turn."


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_reason_fits_the_status_line_at_1024x600(home, language):
    application = make_app((1024, 600), language=language, menu=False)
    d = BoardDriver(application)
    try:
        stacks = {"a1": (0, 2), "a2": (0, 1), "d4": (0, 4), "e4": (0, 1), "d5": (0, 1), "e5": (0, 1)}
        for extra, phase in (({"h1": (0, 1), "h2": (0, 1), "h3": (0, 1), "h4": (0, 1)}, "reinforce"), ({}, "act")):
            session = GameSession("checkrisk", "standard", ["human", "human"], seed=3, autosave=False)
            game = session.game
            session.state = game.position({**stacks, **extra, "c8": (1, 3)}, seat=1, phase="act", round=2)
            session.apply(session.state.action_from_str("end"))  # player 1's turn starts: reinforcements or none
            assert session.state.phase == phase
            application.goto("checkrisk", session=session)
            frames(application, 3)
            current(application, CheckRiskScene)
            status = d.status
            assert ("+1" in status) == (phase == "reinforce") and len(status) > 80
            assert d.cut == [], status
    finally:
        application.close()


def test_a_lessons_first_turn_says_what_to_do_not_why_no_reinforcements_came(app):
    from game.client.learn.start import lesson_session
    from game.learn.lessons import load_course

    lesson = load_course("checkrisk").lessons[0]
    app.goto("checkrisk", session=lesson_session(lesson), lesson=lesson)
    frames(app, 3)
    b = current(app, CheckRiskScene)
    assert b.session.state.round > 1
    assert b.view.phase_status(b.session.state) == app.t("checkrisk.status.act")


def test_a_reinforcement_clicked_outside_the_earning_groups_says_why(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk", "standard", ["human", "human"], seed=3, autosave=False, executor=InlineExecutor()
    )
    stacks = {"a1": (0, 1), "b1": (0, 1), "c1": (0, 1), "d1": (0, 1), "d4": (0, 2), "c8": (1, 3)}
    session.state = session.game.position(stacks, seat=1, phase="act", round=2)
    session.apply(session.state.action_from_str("end"))  # player 1's turn: its edge group of 4 earns one
    app.goto("checkrisk", session=session)
    frames(app, 3)
    b = current(app, CheckRiskScene)
    assert b.session.state.phase == "reinforce"
    d.click("d4", settle=2)
    assert b.session.state.phase == "reinforce"
    assert d.status.startswith("d4 can't take a reinforcement")
