"""Following a Kubtafl hint by clicks never does nothing: a click on the hint's end with no die picked picks the
hinted die (its targets show), and the next click there plays the hint; a lesson whose other side does nothing
gets hints without warnings of its next turn."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.client.kubtafl.words import hint_sentence
from game.learn.lessons import load_course
from tests.client_helpers import click_cell, key, learn_screen, make_app, open_lesson, settle
from tests.driver import BoardDriver
from tests.test_move_list_words import D20S, kubtafl, shown


@pytest.fixture
def app(home: Any) -> Any:
    application = make_app(anim_speed="instant", menu=False)
    yield application
    application.close()


def test_a_click_on_the_hints_end_picks_its_die_and_the_next_plays_it(app, tmp_path):
    d = BoardDriver(app)
    board = shown(app, "kubtafl", kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4)], []))
    d.give_hint("c3-c6")
    click_cell(app, "c6")  # the arrow's end first
    assert d.selected == "c3" and board.session.log == [] and d.hint_move == "c3-c6"
    click_cell(app, "c6")
    settle(app)
    assert board.session.log == ["c3-c6"]


def test_a_click_on_an_empty_cell_off_the_hint_still_drops_the_pick(app, tmp_path):
    d = BoardDriver(app)
    board = shown(app, "kubtafl", kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4)], []))
    d.give_hint("c3-c6", words=False)
    click_cell(app, "e5")
    assert d.selected is None and board.session.log == []


def test_a_lessons_hint_warns_of_no_blow_from_a_side_that_does_nothing(app):
    """ "Shove your own die": Dark never moves in the lesson, so its hint gives the move and why, not a warning of
    a blow that never comes (the same move in a game does warn)."""
    d = BoardDriver(app)
    lesson = next(lesson for lesson in load_course("kubtafl").lessons if lesson.id == "pushes-3")
    assert lesson.opponent == "none"
    learn_screen(app, "kubtafl")
    open_lesson(app, lesson)
    board = app.scenes.current
    key(app, pygame.K_h)
    assert d.hint.startswith("Hint: shove your d4 from d4 to d7 with the d10 (−1) — ")
    assert "can then destroy" not in d.hint
    state = board.session.state
    in_a_game = hint_sentence(app.t, state, state.parse_notation(lesson.solution[0]))
    assert "Dark can then destroy your d4 on d7" in in_a_game
