"""Following a Kubtafl hint by clicks never does nothing: a click on the hint's end with no die picked picks the
hinted die (its targets show), and the next click there plays the hint."""

from __future__ import annotations

from typing import Any

import pytest

from tests.client_helpers import click_cell, make_app, settle
from tests.test_move_list_words import D20S, kubtafl, shown


@pytest.fixture
def app(home: Any) -> Any:
    application = make_app(anim_speed="instant", menu=False)
    yield application
    application.close()


def test_a_click_on_the_hints_end_picks_its_die_and_the_next_plays_it(app, tmp_path):
    board = shown(app, "kubtafl", kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4)], []))
    picks = board.view.picks
    board.turns.hint_action, board.turns.hint_text = "c3-c6", board.view.hint_words("c3-c6")
    click_cell(app, "c6")  # the arrow's end first
    assert picks.selected == "c3" and board.session.log == [] and board.turns.hint_action == "c3-c6"
    click_cell(app, "c6")
    settle(app)
    assert board.session.log == ["c3-c6"]


def test_a_click_on_an_empty_cell_off_the_hint_still_drops_the_pick(app, tmp_path):
    board = shown(app, "kubtafl", kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4)], []))
    board.turns.hint_action = "c3-c6"
    click_cell(app, "e5")
    assert board.view.picks.selected is None and board.session.log == []
