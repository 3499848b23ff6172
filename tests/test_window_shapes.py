"""A window of any shape is filled with the table to its edges: no black bars around the picture when the window
is taller or wider than 16:9 (menu, a board of each game, the Dice Lab)."""

from __future__ import annotations

import pytest
from client_helpers import frames, make_app

from game.client.play.session import GameSession

SCREENS = ["menu", "kubtafl", "checkrisk", "battle_checkers", "dice_lab"]


def _edge_pixels(surface) -> list[tuple[int, int, int]]:
    w, h = surface.get_size()
    points = [(x, y) for x in range(0, w, 37) for y in (0, h - 1)] + [
        (x, y) for y in range(0, h, 29) for x in (0, w - 1)
    ]
    return [tuple(surface.get_at(p))[:3] for p in points]


@pytest.mark.parametrize("size", [(1280, 1000), (1700, 720)])
def test_no_black_bars_at_the_edges_of_a_window_that_is_not_16_9(home, size):
    app = make_app(size)
    try:
        for screen in SCREENS:
            if screen in ("menu", "dice_lab"):
                app.goto(screen)
            else:
                app.goto(screen, session=GameSession(screen, "standard", ["human", "human"], seed=1, autosave=False))
            frames(app, 3)
            assert app.window.get_size() == size
            dark = [p for p in _edge_pixels(app.window) if max(p) < 12]
            assert not dark, f"{screen} at {size}: black at the window's edge"
    finally:
        app.close()
