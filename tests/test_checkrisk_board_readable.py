"""The CheckRisk board stays readable: the last turn's action numbers are light diamonds kept off every stack's
count, the Move-in amount picker opens clear of the battle card, and the battle card and the move list say the
counts the battle started with and who lost what."""

from __future__ import annotations

import pytest
from client_helpers import current, frames, make_app

from game.client.checkrisk.scene import CheckRiskScene
from game.client.screenshots import _their_turn_fought


@pytest.fixture
def app(home):
    application = make_app()
    yield application
    application.close()


def board(app) -> CheckRiskScene:
    return current(app, CheckRiskScene)


@pytest.mark.parametrize("seed", [4, 6])
def test_the_last_turns_numbers_keep_off_every_stacks_count(app, seed):
    from game.client.checkrisk.demo import played_until

    session = played_until("standard", 2, _their_turn_fought, seed=seed)
    session.seats[0] = "human"
    app.goto("checkrisk", session=session)
    frames(app, 45)
    b = board(app)
    assert b.trace.shown
    numbers = b.trace.painter.number_rects
    counts = b.view.value_rects()
    assert len(numbers) >= 3 and counts
    assert [n for n in numbers if n.collidelist(counts) >= 0] == []
    assert all(n.collidelist([m for m in numbers if m is not n]) < 0 for n in numbers)
