"""The monkey test: the real app, headless, fed random events on every screen and every playable mode (hot-seat
and against the inline AI); nothing may raise or warn, and an idle board draws exactly the engine's position.
The same monkey runs long in `python -m bench monkey --events N`."""

from __future__ import annotations

import logging
import random

import pytest

from game.client import monkey

TARGETS = monkey.targets()


def test_the_monkey_covers_every_screen_and_playable_mode_hot_seat_and_against_the_ai():
    from game.client.app import SHELL_SCENES
    from game.client.modes import board_modes, playable_modes

    covered = {target for target, _ in TARGETS}
    assert covered == {*SHELL_SCENES, *playable_modes()}
    assert {(m, s) for m in board_modes() for s in ("hotseat", "ai")} <= set(TARGETS)


@pytest.mark.parametrize(("target", "seats"), TARGETS, ids=[f"{t}-{s}" if s else t for t, s in TARGETS])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_never_breaks_the_game(home, target, seats, seed, caplog):
    app = monkey.start(target, seats, seed, anim_speed="instant" if seed % 2 else "fast")
    try:
        visited: dict[str, int] = {}
        with caplog.at_level(logging.WARNING):
            sent = monkey.run(app, random.Random(seed), 300 if seats else 250, visited, target)
        # The target had a good share of the monkey's attention, not only its first frame.
        assert sent >= 250 and visited[target] * 4 >= sum(visited.values())
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    finally:
        app.close()


def test_an_idle_board_that_draws_another_position_is_caught(home):
    # The check the monkey makes after every frame can fail: a board drawing a stale position is reported.
    app = monkey.start("kubtafl", "hotseat", 1, anim_speed="instant")
    try:
        scene = app.scenes.current
        assert monkey.check_idle_board(app)
        scene.session.apply(scene.session.state.legal_actions()[0])
        scene.turns.settled_at = scene.turns.position_key()  # the picks claim the new position while the drawing is old
        with pytest.raises(monkey.BoardMismatch):
            monkey.check_idle_board(app)
    finally:
        app.close()
