"""The template mode (tests/template_mode: Dice Strip) is one folder and one registry entry, and with nothing else
changed it is played like every mode: rules checked by random play, the computer, the arena, saves, records and
replay, the menu, the new-game dialog, a game on its board to the end, review and the screenshots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from ai.arena import play_game
from ai.controllers import make_controller
from game.client.board.layout import cell_name
from game.client.board.replay import open_replay
from game.client.board.scene import BoardScene
from game.client.play import records
from game.client.play.session import GameSession
from game.engine import registry
from game.engine.driver import sample_chance
from tests.client_helpers import (
    button_by_text,
    click,
    click_cell,
    current,
    frames,
    make_app,
    settle_scene,
)
from tests.driver import BoardDriver
from tests.template_mode import SPEC, registered
from tests.test_random_play import play_random

MODE = SPEC.name


@pytest.fixture(autouse=True)
def template(home) -> Iterator[registry.ModeSpec]:
    """The registry with the template mode in it."""
    with registered() as spec:
        yield spec


def test_one_entry_registers_every_part() -> None:
    assert MODE in registry.modes() and registry.levels(MODE) == ["standard", "sprint"]
    assert registry.load(MODE).reasons is registry.resolve(SPEC.reasons)
    surface = pygame.Surface((40, 40), pygame.SRCALPHA)
    registry.resolve(SPEC.emblem)(surface, (20, 20), 30, 1.0)
    assert pygame.mask.from_surface(surface).count() > 0


@pytest.mark.parametrize("level", ["standard", "sprint"])
def test_random_play_keeps_the_protocol(level: str) -> None:
    for seed in range(40):
        state = registry.load(MODE, level).initial_state()
        assert play_random(state, random.Random(seed), full_check=seed < 3) > 0


def test_the_computer_plays_it_with_the_default_search() -> None:
    game = registry.load(MODE)
    state = game.initial_state()
    ai = make_controller("ai:easy", game, seed=1, time_cap=False)
    rng = random.Random(2)
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance_node() else ai.choose(state)
        assert state.is_chance_node() or action in state.legal_actions()
        state.apply(action)
    assert state.outcome() is not None


def test_the_arena_plays_it() -> None:
    result = play_game(MODE, "sprint", "easy", "random", 0, seed=3, time_cap=False)
    assert result["reason"] in ("finished", "turn limit") and result["actions"]


def test_saves_and_records_replay_it() -> None:
    session = GameSession(MODE, "standard", ["human", "human"], seed=4, autosave=False)
    rng = random.Random(4)
    for _ in range(12):
        session.apply(rng.choice(session.state.legal_actions()))
    restored = GameSession.from_dict(session.to_dict())
    assert restored.state.to_dict() == session.state.to_dict()
    record = records.record_of(MODE, "standard", 4, ["human", "human"], session.log, session.state)
    (loaded,) = records.read_records(records.save_record(record))
    timeline = records.Timeline.of(loaded)
    assert timeline.states[-1].to_dict() == session.state.to_dict()


def test_the_menu_and_the_new_game_dialog_offer_it_and_its_board_plays_to_the_end() -> None:
    app = make_app()
    try:
        assert MODE in app.scenes.current.mode_buttons  # the menu's button for the mode
        app.goto("new_game", mode=MODE)
        frames(app)
        click(app, button_by_text(app, "Start game"))
        frames(app, 3)
        assert current(app, BoardScene).live.mode == MODE  # the dialog started a game of the mode
        app.settings.anim_speed = "instant"
        session = GameSession(MODE, "sprint", ["human", "ai:easy"], seed=5, autosave=False)
        app.goto(MODE, session=session)
        for _ in range(200):
            settle_scene(app)
            if session.is_over:
                break
            state = session.state
            reach = min(state.game.length, state.tokens[state.seat] + max(step.cells for step in state.legal_actions()))
            click_cell(app, cell_name(reach - 1, 0))  # the human runs as far as the roll allows
        current(app, BoardScene)
        assert session.is_over and BoardDriver(app).move_turns  # the move list in words
        frames(app, 5)
        click(app, button_by_text(app, "Review"))
        frames(app, 3)
        d = BoardDriver(app)
        assert d.reviewing is not None and d.reviewed_model is not None  # a past position drawn
        record = records.record_of(MODE, "sprint", 5, session.seats, session.log, session.state)
        assert open_replay(app, record) is None
        frames(app, 3)
        assert d.in_replay
    finally:
        app.close()


def test_the_screenshots_show_it(tmp_path, monkeypatch) -> None:
    from game.client import screenshots

    monkeypatch.setattr("game.client.modes.playable_modes", lambda: [MODE])
    app = make_app()
    try:
        app.settings.anim_speed = "instant"
        written: list = []
        assert screenshots.game_screens(app, tmp_path, written) == []
        assert [path.name for path in written] == [f"{MODE}_start.png", f"{MODE}_pause.png"]
    finally:
        app.close()
