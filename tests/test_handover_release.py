"""The hand-over card is dismissed by a click on it, never by the release of the click that opened it (hot-seat
CheckRisk: Continue clicked with the mouse hands the decision to the defender)."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import frames, make_app, open_game, settle_scene

from game.client.checkrisk.scene import CheckRiskScene
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from tests.driver import BoardDriver


@pytest.fixture
def board(home):
    app = make_app()
    session = GameSession(
        "checkrisk", "standard", ["human", "human"], seed=3, autosave=False, executor=InlineExecutor()
    )
    stacks = {"d4": (0, 6), "d3": (0, 5), "a1": (0, 3), "d5": (1, 6), "h8": (1, 4)}
    session.state = session.game.position(stacks, seat=0, phase="act")
    yield open_game(app, session, CheckRiskScene)
    app.close()


def _button(scene: CheckRiskScene, name: str) -> tuple[int, int]:
    return BoardDriver(scene.app).battle_card_button(name).rect.center


def _post(kind: int, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))


def test_the_release_of_the_continue_click_leaves_the_defenders_card_up(board):
    d = BoardDriver(board.app)
    d.commit(board.session.state.action_from_str("d4xd5:6"))
    settle_scene(board.app)
    for _ in range(6):  # rounds until the defender (6 tokens, it survives a round) is asked
        battle = board.session.state.pending_battle()
        assert battle is not None
        if battle.stage == "defender":
            break
        pos = _button(board, "continue")
        _post(pygame.MOUSEBUTTONDOWN, pos)
        frames(board.app, 1)
        settle_scene(board.app)  # the round plays and the card for the defender opens while the button is held
        _post(pygame.MOUSEBUTTONUP, pos)
        frames(board.app, 1)
    assert board.session.state.pending_battle().stage == "defender"
    card = d.handover_card
    assert card is not None and card.seat == 1
    ok = card.ok.center
    _post(pygame.MOUSEBUTTONUP, ok)  # a release alone, its press was before the card
    frames(board.app, 1)
    assert d.handover_card is card
    _post(pygame.MOUSEBUTTONDOWN, ok)
    _post(pygame.MOUSEBUTTONUP, ok)
    frames(board.app, 1)
    assert d.handover is None
