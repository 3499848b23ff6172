"""The monkey test: the real app, headless, fed random events on every playable mode; nothing may raise or warn,
and an idle board draws exactly the engine's position."""

from __future__ import annotations

import logging
import random

import pygame
import pytest

from game.client.board.scene import BoardScene
from game.client.modes import SCENE_ONLY, playable_modes
from game.client.play.session import GameSession
from tests.client_helpers import make_app

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_SPACE, pygame.K_z, pygame.K_h, pygame.K_t, pygame.K_r]
BOARD_MODES = [m for m in playable_modes() if m not in SCENE_ONLY]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One random input event over a window of `size` (F11 and resizes rarely, down to 0×0)."""
    pos = (rng.randrange(max(1, size[0])), rng.randrange(max(1, size[1])))
    roll = rng.random()
    if roll < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.70:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if roll < 0.97:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.5 else 0
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if roll < 0.985:
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    w, h = rng.choice(((0, 0), (1, 1), (800, 500), (1280, 720), (1600, 900)))
    return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))


def run_monkey(app, rng: random.Random, events: int) -> int:
    """Post `events` random events in bursts, with stalls, checking the idle board after each frame."""
    sent = 0
    while sent < events:
        for _ in range(rng.choice((1, 1, 2, 5, 12))):
            pygame.event.post(random_event(rng, app.screen_size))
            sent += 1
        app.frame(rng.choice((1 / 60, 1 / 60, 0.5)))
        scene = app.scenes.current
        if isinstance(scene, BoardScene) and scene.session is not None and not scene.queue.busy \
                and scene.review_model is None and scene._settled_at == scene._position_key():
            assert scene.model == scene.view.build_model(scene.session.state)
        if not app.running:
            app.running = True
    return sent


@pytest.mark.parametrize("mode", BOARD_MODES)
@pytest.mark.parametrize("seats", ["hotseat", "ai"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_never_breaks_a_game(home, mode, seats, seed, caplog):
    app = make_app(anim_speed="instant" if seed % 2 else "fast")
    try:
        session = GameSession(mode, "standard", None if seats == "hotseat" else None, seed=seed)
        if seats == "ai":
            session = GameSession(mode, "standard", ["human"] + ["ai:easy"] * (session.game.num_players - 1),
                                  seed=seed)
        app.goto(mode, session=session)
        with caplog.at_level(logging.WARNING):
            run_monkey(app, random.Random(seed), 400)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    finally:
        app.close()


def test_random_input_on_the_menu_screens(home, caplog):
    app = make_app()
    try:
        with caplog.at_level(logging.WARNING):
            run_monkey(app, random.Random(7), 600)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    finally:
        app.close()
