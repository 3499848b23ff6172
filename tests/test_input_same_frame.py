"""Input in the same frame as a position change (a move at instant animation speed, Restart, Continue, a new
game) acts on the new position: the mode's picks are rebuilt before any input reaches them, so a stale pick never
becomes an IllegalAction ("c2: no dark die there")."""

from __future__ import annotations

import pygame
import pytest

from game.client import saves
from game.client.play.session import GameSession
from tests.client_helpers import board_of, button_by_text, click, frames, key, make_app, settle


def _post_click(pos: tuple[int, int]) -> None:
    """Queue a real left click (motion, press, release) without running a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _post_cell_click(app, cell: str) -> None:
    x, y = board_of(app).layout.cell_center(cell)
    _post_click((int(x), int(y)))


def test_clicks_right_after_a_move_at_instant_speed_act_on_the_new_position(home):
    app = make_app(anim_speed="instant")
    try:
        app.goto("kubtafl", session=GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False))
        settle(app)
        # One frame: Light moves b2-b5, then the same hand clicks c2 and c5 (Light's die, but Dark is to move).
        for cell in ("b2", "b5", "c2", "c5"):
            _post_cell_click(app, cell)
        frames(app, 3)
        board = board_of(app)
        assert board.session.log == ["b2-b5"]
        assert board.session.current_seat == 1 and board.model == board.view.build_model(board.session.state)
    finally:
        app.close()


def test_clicks_in_the_frame_that_restarts_the_game_act_on_the_new_game(home):
    app = make_app(anim_speed="normal")
    try:
        session = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
        session.apply_text("b2-b5")
        app.goto("kubtafl", session=session)
        settle(app)  # Dark to move: the picks are Dark's dice
        key(app, pygame.K_ESCAPE)
        _post_click(button_by_text(app, "Restart").rect.center)
        app.frame(1 / 60)
        app.frame(1 / 60)  # a move was played: Restart asks first
        _post_click(button_by_text(app, "Start again").rect.center)
        app.frame(1 / 60)  # the press reaches the button; its Restart arrives with the next frame's input
        for cell in ("g7", "g2"):  # Dark's move of the old position, in the frame Restart happens
            _post_cell_click(app, cell)
        frames(app, 3)
        board = board_of(app)
        assert board.session is not session and board.session.log == []
        assert board.session.current_seat == 0 and board.model == board.view.build_model(board.session.state)
    finally:
        app.close()


def _dark_to_move_then(app, via: str) -> list[tuple[int, int]]:
    """Show a hot-seat game with Dark to move (the picks are Dark's dice), go to the menu, and press `via`
    (Continue a fresh saved game, or Start a new one): the press's action arrives with the next frame's input.
    Returns where Dark's move g7-g2 is clicked on that board."""
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    session.apply_text("b2-b5")
    app.goto("kubtafl", session=session)
    settle(app)
    cells = [tuple(int(v) for v in board_of(app).layout.cell_center(cell)) for cell in ("g7", "g2")]
    if via == "Continue":
        saves.write_save(GameSession("kubtafl", "standard", ["human", "human"], seed=4, autosave=False).to_dict())
    app.goto("menu")
    frames(app, 2)
    if via == "Start game":
        click(app, button_by_text(app, "Kubtafl"))
    _post_click(button_by_text(app, via if via == "Start game" else "Continue · Kubtafl").rect.center)
    app.frame(1 / 60)
    return cells


@pytest.mark.parametrize("via", ["Continue", "Start game"])
def test_clicks_in_the_frame_that_opens_a_game_act_on_that_game(home, via):
    app = make_app(anim_speed="normal")
    try:
        for pos in _dark_to_move_then(app, via):  # Dark's move of the game left, in the frame the next one opens
            _post_click(pos)
        frames(app, 3)
        board = board_of(app)
        assert board.session.log == [] and board.session.current_seat == 0
        assert board.model == board.view.build_model(board.session.state)
    finally:
        app.close()
