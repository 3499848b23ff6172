"""Mode-agnostic board-scene behaviour, parametrised over every playable mode (Kubtafl today; CheckRisk and
Battle Checkers join by being playable): undo, pause, game over, resize and text that fits, driven by posted
events through the real scene of each mode."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.client.app import MIN_WINDOW, App
from game.client.board.scene import BoardScene
from game.client.modes import board_modes
from game.client.play.session import GameSession
from tests.client_helpers import button_by_text, click, current, frames, key, random_session
from tests.driver import BoardDriver

MODES = board_modes()


@contextmanager
def open_board(size: tuple[int, int], session: GameSession, language: str = "en") -> Iterator[tuple[App, BoardScene]]:
    """The app at `size` showing `session`'s board (closed afterwards)."""
    app = App(size, fullscreen=False)
    app.scenes.fade_enabled = False
    app.settings.language = language
    app.t.language = language
    app.goto(session.mode, session=session)
    frames(app, 2)
    board = current(app, BoardScene)
    try:
        settle(app, board)
        yield app, board
    finally:
        app.close()


def settle(app: App, board: BoardScene, limit: int = 600) -> None:
    """Frames until no animation runs."""
    d = BoardDriver(app)
    for _ in range(limit):
        frames(app, 1)
        if not d.busy:
            return
    raise AssertionError("the board did not settle")


def hot_seat(mode: str) -> GameSession:
    """A new two-seat hot-seat game of `mode`."""
    return GameSession(mode, "standard", ["human", "human"], seed=1)


def play_first(app: App, board: BoardScene) -> None:
    """Play the first legal action and let it play out."""
    d = BoardDriver(app)
    d.commit(board.session.state.legal_actions()[0])
    settle(app, board)


def played(mode: str, actions: int, seed: int = 2) -> GameSession:
    """A hot-seat session with up to `actions` random legal decisions played (stops at the end)."""
    return random_session(mode, actions, seed, session_seed=seed)


def finished(mode: str) -> GameSession:
    """A hot-seat session played to its end with random decisions (some seed ends it within the cap)."""
    for seed in range(20):
        session = played(mode, 3000, seed)
        if session.is_over:
            return session
    raise AssertionError(f"no random {mode} game ended")


@pytest.mark.parametrize("mode", MODES)
def test_undo_takes_the_action_back_and_the_board_shows_the_position_again(home, mode):
    with open_board((1280, 720), hot_seat(mode)) as (app, board):
        d = BoardDriver(app)
        before = board.session.state.to_dict()
        opening = list(board.session.log)  # a game may open with a roll, before its first decision
        play_first(app, board)
        assert board.session.log != opening
        click(app, d.panel_button("undo"))
        assert board.session.log == opening and board.session.state.to_dict() == before
        assert d.status == app.t("board.status.undone")
        assert repr(board.model) == repr(board.view.build_model(board.session.state))
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert d.status == app.t("board.status.no_undo")


@pytest.mark.parametrize("mode", MODES)
def test_pause_stops_the_board_and_esc_returns(home, mode):
    with open_board((1280, 720), hot_seat(mode)) as (app, board):
        d = BoardDriver(app)
        app.settings.anim_speed = "slow"
        d.commit(board.session.state.legal_actions()[0])
        assert d.busy
        key(app, pygame.K_ESCAPE)
        assert d.overlay == "pause"
        steps = d.steps_waiting
        paused_at = board.time
        frames(app, 30)
        assert board.time == paused_at and d.steps_waiting == steps  # nothing moves while paused
        key(app, pygame.K_ESCAPE)
        assert d.overlay is None
        settle(app, board)
        assert not d.busy


@pytest.mark.parametrize("mode", MODES)
def test_a_finished_game_opens_the_game_over_card_naming_the_result(home, mode):
    session = finished(mode)
    with open_board((1280, 720), session) as (app, board):
        d = BoardDriver(app)
        frames(app, 2)
        assert d.overlay == "game_over"
        title, reason = d.card_text
        assert title == d.winner_title(session.outcome)
        lines = reason.split("\n")
        # Why it ended, when, then every seat with who played it (the mode may add a summary line).
        assert lines[0] == board.view.end_reason(session.outcome)
        assert lines.pop(1) == d.count_line
        assert str(session.count()[0]) in d.count_line
        if board.results_size()[1]:
            # A mode with a results table names every seat (and who played it) there, readable, not in a line.
            assert d.card_rect.h > board.app.s(board.results_size()[1]) and d.results_cut == []
        else:
            assert lines[1] == "  ·  ".join(d.seat_label(i) for i in range(len(session.seats)))
            assert all(board.view.seat_name(i) in lines[1] for i in range(len(session.seats)))
        assert reason and "{" not in reason
        assert d.panel.seat_text == app.t("board.game_over")
        click(app, button_by_text(app, app.t("gameover.rematch")))
        again = app.scenes.current
        assert isinstance(again, BoardScene) and not again.session.is_over and again.dialogs.overlay is None


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720), (1920, 1080)], ids=["small", "720p", "1080p"])
def test_panel_texts_fit_and_the_board_follows_the_window(home, mode, language, size):
    with open_board(size, played(mode, 30), language) as (app, board):
        d = BoardDriver(app)
        assert d.cut == [], d.cut
        assert board.layout.size == size and board.layout.frame.right < board.layout.panel.left
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=800, size=(1100, 800)))
        frames(app, 2)
        assert board.layout.size == (1100, 800) and board.panel_layout.rect.right <= 1100
        assert d.cut == [], d.cut


@pytest.mark.parametrize("mode", MODES)
def test_a_past_position_is_shown_read_only_and_the_live_board_comes_back(home, mode):
    with open_board((1280, 720), hot_seat(mode)) as (app, board):
        d = BoardDriver(app)
        start = board.session.state.clone()
        play_first(app, board)
        if d.handover is not None:
            key(app, pygame.K_RETURN)  # the next seat's hand-over card (a deployment that ends a seat's part)
        live, logged = repr(board.model), list(board.session.log)
        d.show_position(start)
        assert repr(d.reviewed_model) == repr(board.view.build_model(start)) != live
        assert not d.accepting
        frames(app, 2)
        assert board.session.log == logged and repr(board.model) == live  # the game itself did not move
        assert board.marks.drawn == []  # the live board's marks (its last move) are not drawn over the past
        d.show_position(None)
        assert d.reviewed_model is None and d.accepting
