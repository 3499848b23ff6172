"""A message over the screen says what it is: news (a game exported, a rematch asked) wears a brass 'i', a problem
(an export that failed) keeps the vermillion '!'."""

from __future__ import annotations

import pygame
import pygame_gui

from game.client import palette
from game.client.games import GamesScene
from game.client.play import records
from tests import client_helpers as ui


def export_by_clicks(app, folder) -> None:
    """Open the Games list, press Export on its game and pick `folder` in the dialog (as posted events)."""
    ui.click(app, ui.button_by_text(app, "Games"))
    games = ui.current(app, GamesScene)
    games.select(0)
    ui.frames(app, 1)
    ui.click(app, ui.button_by_text(app, "Export…"))
    assert games.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(folder)))
    ui.frames(app, 2)


def badge_colour(app) -> tuple[int, int, int]:
    """The colour of the newest toast's badge ring as drawn on the screen."""
    rect = app.toasts[-1].rect
    centre = (rect.x + app.s(28), rect.y + app.s(26))
    return tuple(app.window.get_at((centre[0] - app.s(12), centre[1]))[:3])


def test_news_wears_an_information_badge_and_a_problem_the_warning_one(app, tmp_path):
    records.save_record(records.GameRecord("kubtafl", "standard", [], 1, ["human", "human"], [0], "x", 1.7e9))
    ui.frames(app, 1)
    export_by_clicks(app, tmp_path)
    toast = app.toasts[-1]
    assert toast.text.startswith("Exported") or "kubiki-kubtafl-" in toast.text
    assert toast.kind == "info" and toast.icon == "i"
    assert badge_colour(app) == palette.BRASS_DARK
    # A folder that cannot be written: a warning, as before.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app.toasts.clear()
    app.goto("menu")
    ui.frames(app, 1)
    export_by_clicks(app, blocker / "inside")
    toast = app.toasts[-1]
    assert toast.kind == "warning" and toast.icon == "!"
    assert badge_colour(app) == palette.VERMILLION
