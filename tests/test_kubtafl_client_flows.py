"""Whole flows a player goes through, driven by posted events: menu to a game versus the AI, pause, settings,
switching to Russian mid-game, save and quit, continue; a hot-seat endgame to the end and a rematch; resizing
and F11 during an animation; closing the window while the computer thinks."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.client.app import App, start_session
from tests.client_helpers import (
    board_of,
    button_by_text,
    button_texts,
    click,
    click_cell,
    frames,
    key,
    make_app,
    settle,
)
from tests.driver import BoardDriver


def play_one_by_clicks(app: App, rng: random.Random, win_if_possible: bool) -> str:
    """Pick a board move as a player would (winning or damaging ones first when `win_if_possible`) and click it."""
    d = BoardDriver(app)
    b = board_of(app)
    best = None
    for src in sorted(d.offered.dice_with_actions()):
        for dst, option in d.offered.targets(src).items():
            events = b.session.state.preview(option.action)
            wins = any(type(e).__name__ == "GameOver" and b.session.current_seat in e.winners for e in events)
            damage = sum(getattr(e, "amount", 0) for e in events if type(e).__name__ == "Damaged")
            score = (wins, damage, rng.random()) if win_if_possible else (not wins, rng.random(), 0)
            if best is None or score > best[0]:
                best = (score, src, dst)
    assert best is not None, "no board move to click"
    _, src, dst = best
    click_cell(app, src)
    assert d.selected == src
    click_cell(app, dst)
    return f"{src}-{dst}"


def test_versus_ai_pause_settings_russian_save_and_continue(app):
    d = BoardDriver(app)
    click(app, button_by_text(app, "Kubtafl"))
    assert app.scenes.current_name == "new_game"
    click(app, button_by_text(app, "Start game"))  # the defaults: you against the computer (normal)
    board = board_of(app)
    assert board.session.seats == ["human", "ai:normal"]
    settle(app)
    rng = random.Random(4)
    for _ in range(3):
        play_one_by_clicks(app, rng, win_if_possible=False)
        settle(app)
        assert board.session.is_human_turn
    assert len(board.session.log) == 6  # three moves of ours, three replies
    position = board.session.state.to_dict()
    log = list(board.session.log)
    # Esc pauses; Settings opens over the game; switching to Russian; Back returns to the paused game.
    key(app, pygame.K_ESCAPE)
    assert d.overlay == "pause"
    click(app, button_by_text(app, "Settings"))
    assert app.scenes.current_name == "settings"
    click(app, button_by_text(app, "Русский"))
    assert app.settings.language == "ru"
    click(app, button_by_text(app, "Назад"))
    assert app.scenes.current is board and d.overlay == "pause"
    assert "Продолжить" in button_texts(app)
    key(app, pygame.K_ESCAPE)
    assert d.overlay is None
    # The board speaks Russian: its buttons, the turn card and the log's title.
    assert {"Отмена", "Совет", "Меню"} <= set(button_texts(app))
    info = d.panel
    assert info.turn_text == "Ходят Светлые" and d.move_list.title == "Ходы"
    assert board.session.state.to_dict() == position  # nothing moved meanwhile
    # Save and quit, then Continue from the menu: the same position, the same log, our move.
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Сохранить и выйти в меню"))
    assert app.scenes.current_name == "menu"
    resume = next(text for text in button_texts(app) if text.startswith("Продолжить"))
    click(app, button_by_text(app, resume))
    again = board_of(app)
    assert again.session.state.to_dict() == position and again.session.log == log
    assert again.session.is_human_turn and again.session.seats == ["human", "ai:normal"]
    frames(app, 3)
    assert again.model.dice.keys() == board.model.dice.keys()


def test_hot_seat_endgame_played_to_the_end_then_rematch(app):
    d = BoardDriver(app)
    # A short late position (tests/data): the game ends within the loop's turns.
    level = str(Path(__file__).parent / "data" / "kubtafl_finish.json")
    start_session(app, "kubtafl", level, ["human", "human"], 7)
    board = board_of(app)
    settle(app)
    rng = random.Random(7)
    played = []
    for turn in range(200):
        if board.session.is_over:
            break
        # A few quiet moves first, as players would, then go for the win.
        played.append(play_one_by_clicks(app, rng, win_if_possible=turn >= 6))
        settle(app)
    frames(app, 3)
    assert board.session.is_over and len(played) > 6
    assert board.session.log == played
    assert d.overlay == "game_over"
    title, reason = d.card_text
    assert title.endswith("wins!") and reason
    click(app, button_by_text(app, "Rematch"))
    rematch = board_of(app)
    assert not rematch.session.is_over
    assert rematch.session.level == level and rematch.session.log == [] and rematch.dialogs.overlay is None
    assert rematch.session.seats == ["human", "human"]


def test_resize_and_f11_during_an_animation(app):
    d = BoardDriver(app)
    app.settings.anim_speed = "slow"
    start_session(app, "kubtafl", "standard", ["human", "human"], 3)
    board = board_of(app)
    settle(app)
    click_cell(app, "a3")
    click_cell(app, "a8")
    assert d.busy
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    frames(app, 2)
    assert d.busy  # the animation goes on in the new layout
    assert board.layout.size == (1600, 900) == app.window.get_size()
    key(app, pygame.K_F11)
    assert app.window.get_flags() & pygame.FULLSCREEN
    assert board.layout.size == app.window.get_size()
    settle(app)
    assert board.session.log == ["a3-a8"]
    assert "a8" in board.model.dice and "a3" not in board.model.dice
    key(app, pygame.K_F11)
    assert not app.window.get_flags() & pygame.FULLSCREEN
    assert board.layout.size == app.window.get_size() == (1600, 900)
    # Clicks still land on the right cells after all that.
    play_one_by_clicks(app, random.Random(1), win_if_possible=False)
    settle(app)
    assert len(board.session.log) == 2
    drawn = {c: (d.side, d.kind, d.value) for c, d in board.model.dice.items()}
    engine = {d["cell"]: (d["side"], d["kind"], d["value"]) for d in board.session.state.to_dict()["dice"]}
    assert drawn == engine


def test_closing_the_window_while_the_computer_thinks_exits_cleanly(home, held_ai):
    app = make_app(menu=False)
    d = BoardDriver(app)
    start_session(app, "kubtafl", "standard", ["ai:hard", "ai:hard"], 1)
    board = board_of(app)
    for _ in range(300):
        frames(app, 1)
        if board.session.thinking:
            break
    assert board.session.thinking
    ticket = board.session._ai_ticket
    # The window stays responsive meanwhile: the pause menu opens and closes.
    key(app, pygame.K_ESCAPE)
    assert d.overlay == "pause"
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_loop()  # returns after the frame that saw the close
    assert not app.running
    app.close()
    assert ticket.cancelled and ticket.stop.is_set()  # the search was told to stop
    assert held_ai.run_pending() == 0 and not ticket.done  # and its answer never comes
