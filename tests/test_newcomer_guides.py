"""Nothing a new player has to guess (issue 45, the parts every mode shares): ending a turn with actions or pips
left asks first, and the legend of the board's marks opens on F1 or its button."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import click_at, current, frames, key, make_app, settle_scene

from game.client.battle_checkers import demo as bc_demo
from game.client.board.scene import BoardScene
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor

HOT = ["human", "human"]


@pytest.fixture
def app(home):
    application = make_app(ask_end_turn=True)
    yield application
    application.close()


def checkrisk_act(app) -> BoardScene:
    session = GameSession("checkrisk", "standard", HOT, seed=3, autosave=False, executor=InlineExecutor())
    stacks = {"d4": (0, 6), "d3": (0, 5), "a1": (0, 3), "d5": (1, 3), "h8": (1, 4)}
    session.state = session.game.position(stacks, seat=0, phase="act")
    app.goto("checkrisk", session=session)
    settle_scene(app)
    return current(app, BoardScene)


def slot_button(app, b: BoardScene, name: str) -> None:
    match = [button for button in b.view.slot.buttons() if button.key == name]
    assert match, [button.key for button in b.view.slot.buttons()]
    click_at(app, match[0].rect.center, settle=1)


def test_e_with_actions_left_asks_first_and_no_keeps_the_turn(app):
    b = checkrisk_act(app)
    log = list(b.session.log)
    key(app, pygame.K_e)
    confirm = b.dialogs.confirm
    assert confirm is not None and confirm.open
    assert "3 more actions" in confirm.question
    key(app, pygame.K_ESCAPE)  # Keep playing
    assert b.session.log == log and b.session.state.seat == 0
    slot_button(app, b, "end")  # the panel's End turn asks the same
    assert b.dialogs.confirm is not None and b.dialogs.confirm.open
    key(app, pygame.K_RETURN)  # End turn
    settle_scene(app)
    assert b.session.log == [*log, "end"]


def test_the_question_can_be_turned_off_in_settings(app):
    app.settings.ask_end_turn = False
    b = checkrisk_act(app)
    key(app, pygame.K_e)
    assert b.dialogs.confirm is None or not b.dialogs.confirm.open
    assert b.session.log[-1] == "end"


def test_battle_checkers_n_with_pips_left_asks_in_russian_plurals(home):
    application = make_app(language="ru", ask_end_turn=True)
    try:
        session = bc_demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT, dice=(2, 3))
        application.goto("battle_checkers", session=session)
        settle_scene(application)
        b = current(application, BoardScene)
        key(application, pygame.K_n)
        confirm = b.dialogs.confirm
        assert confirm is not None and confirm.open and "ещё 5 очков" in confirm.question
        key(application, pygame.K_ESCAPE)
        assert b.session.state.player == 0
        assert b.view.turn_left(b.session.state) == "ещё 5 очков"
    finally:
        application.close()


def test_f1_and_the_round_button_open_the_legend_with_the_modes_entries(app):
    b = checkrisk_act(app)
    assert not b.legend.open
    key(app, pygame.K_F1)
    assert b.legend.open
    texts = [entry.text for entry in b.legend.entries()]
    assert any("stack of tokens" in text for text in texts) and any("last turn" in text for text in texts)
    key(app, pygame.K_ESCAPE)  # Esc closes the legend, not the game
    assert not b.legend.open and b.dialogs.overlay is None
    frames(app, 1)
    click_at(app, b.legend.button_rect().center)
    assert b.legend.open
    click_at(app, b.layout.cell_center("a1"))  # a click anywhere closes it and does nothing else
    assert not b.legend.open and b.view.picks.selected is None


@pytest.mark.parametrize("mode", ["kubtafl", "battle_checkers"])
def test_every_mode_lists_its_own_marks(app, mode):
    session = GameSession(mode, "standard", HOT, seed=3, autosave=False, executor=InlineExecutor())
    app.goto(mode, session=session)
    settle_scene(app)
    b = current(app, BoardScene)
    key(app, pygame.K_F1)
    texts = " ".join(entry.text for entry in b.legend.entries())
    assert ("crosshair" in texts) if mode == "kubtafl" else ("left flank" in texts and "back" in texts)
