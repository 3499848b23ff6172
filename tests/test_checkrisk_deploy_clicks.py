"""CheckRisk deployment by real mouse events (C4, C5): a click adds a token, also on a cell that already holds
some; a right click takes one off; a drag moves one; a refused change says why in the panel."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import frames, make_app, open_game

from game.client.checkrisk.scene import CheckRiskScene
from game.client.play.session import GameSession
from game.engine import registry
from game.engine.checkrisk import Deploy, DeployRefusal, deploy_refusal
from tests.driver import BoardDriver


@pytest.fixture
def board(home):
    app = make_app()
    session = GameSession("checkrisk", "standard", ["human", "human"], seed=1, autosave=False)
    yield open_game(app, session, CheckRiskScene)
    app.close()


def _at(scene: CheckRiskScene, cell: str) -> tuple[int, int]:
    return BoardDriver(scene.app).point(cell)


def _click(scene: CheckRiskScene, cell: str, button: int = 1) -> None:
    BoardDriver(scene.app).click(cell, button)


def _drag(scene: CheckRiskScene, src: str, dst: str) -> None:
    a, b = _at(scene, src), _at(scene, dst)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    frames(scene.app, 1)
    for k in range(1, 5):
        pos = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(scene.app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    frames(scene.app, 1)


def test_c4_every_click_adds_a_token_also_on_a_drafted_cell(board):
    d = BoardDriver(board.app)
    _click(board, "d2")
    _click(board, "d2")
    _click(board, "d2")
    _click(board, "e1")
    assert d.draft == {"d2": 3, "e1": 1}
    assert d.tokens_left == 20
    _click(board, "d2", button=3)
    assert d.draft == {"d2": 2, "e1": 1}


def test_c4_a_drag_moves_one_token_and_a_click_after_it_still_adds(board):
    d = BoardDriver(board.app)
    for _ in range(3):
        _click(board, "a2")
    _drag(board, "a2", "b2")
    assert d.draft == {"a2": 2, "b2": 1}
    _click(board, "b2")
    assert d.draft == {"a2": 2, "b2": 2}


def test_c5_a_refused_drag_to_a_ninth_cell_says_why(board):
    d = BoardDriver(board.app)
    cells = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
    for cell in cells:
        _click(board, cell)
    _click(board, "a1")
    assert len(d.draft) == 8 and d.draft["a1"] == 2
    _drag(board, "a1", "a2")
    assert "a2" not in d.draft and d.draft["a1"] == 2
    assert d.refusal is DeployRefusal.CELL_LIMIT
    assert "at most 8 cells" in d.status
    _click(board, "b1")  # a change that works clears the reason
    assert d.refusal is None and "at most" not in d.status


def test_c4_a_click_outside_the_zone_says_why(board):
    d = BoardDriver(board.app)
    _click(board, "d5")
    assert d.draft == {}
    assert d.refusal is DeployRefusal.OUTSIDE_ZONE
    assert "deployment zone" in d.status


def test_c4_c5_deploy_refusal_names_each_limit():
    state = registry.load("checkrisk", "standard").initial_state()
    game = state.game
    d2 = game.cell_index("d2")
    assert deploy_refusal(state.position, d2) is None
    assert deploy_refusal(state.position, game.cell_index("d5")) is DeployRefusal.OUTSIDE_ZONE
    state.apply(Deploy(d2, 6))
    assert deploy_refusal(state.position, d2) is DeployRefusal.STACK_FULL
    for cell in ("a1", "b1", "c1", "d1", "e1", "f1", "g1"):
        state.apply(Deploy(game.cell_index(cell), 1))
    assert deploy_refusal(state.position, game.cell_index("h1")) is DeployRefusal.CELL_LIMIT
    assert deploy_refusal(state.position, game.cell_index("a1")) is None
    assert state.to_deploy[state.seat] == 11
