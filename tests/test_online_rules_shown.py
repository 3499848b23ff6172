"""The agreed rules of an online game are shown where players agree on them: the Host dialog's description names the
numbers chosen (not the level's own), and the Join screen shows the match's mode, level and numbers before a seat
is taken."""

from __future__ import annotations

import pygame
import pytest

from game.client.online.host import HostScene
from game.client.online.lobby import OnlineScene
from game.online.client import NEWS, create_match_sync
from tests import client_helpers as ui
from tests.online_helpers import DEADLINE, never_arrived, start_server


@pytest.fixture
def server(tmp_path):
    """A match server on a free loopback port, stopped after the test."""
    thread = start_server(tmp_path / "matches.db")
    yield thread
    thread.stop()


def type_into(app, entry, text: str) -> None:
    """Click the field, empty it and type `text` as posted key events."""
    ui.click(app, entry)
    entry.set_text("")
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    ui.frames(app, 2)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_host_dialog_describes_the_numbers_chosen_not_the_levels_own(home, language):
    app = ui.make_app(language=language, menu=False)
    try:
        app.goto("online_host", mode="checkrisk", level="standard")
        dialog = ui.current(app, HostScene)
        assert "24" in dialog.description() and "50" in dialog.description()  # the level's words, its numbers
        type_into(app, dialog.option_entries["start_tokens"], "30")
        type_into(app, dialog.option_entries["supply"], "70")
        words = dialog.description()
        assert words == (
            "Agreed rules: Starting tokens 30 · Supply 70 · Rounds 60"
            if language == "en"
            else "По договорённости: Жетонов в начале 30 · Запас 70 · Раундов 60"
        ), words
        assert "24" not in words and "50" not in words
        type_into(app, dialog.option_entries["start_tokens"], "24")
        type_into(app, dialog.option_entries["supply"], "50")
        assert "24" in dialog.description() and "Agreed" not in dialog.description()  # the level's own again
    finally:
        app.close()


def test_the_join_screen_shows_the_agreed_rules_of_the_match_it_found(app, server):
    code = str(
        create_match_sync(server.url, "checkrisk", "standard", options={"start_tokens": 30, "supply": 70})["code"]
    )
    ui.click(app, ui.button_by_text(app, "Play online"))
    lobby = ui.current(app, OnlineScene)
    lobby.url_entry.set_text(server.url)
    lobby.code_entry.set_text(code)
    ui.click(app, ui.button_by_text(app, "Find the game"))
    for _ in range(100):
        if any("Take seat 1" in text for text in ui.button_texts(app)):
            break
        seen = NEWS.count
        ui.frames(app, 1)
        if not any("Take seat 1" in text for text in ui.button_texts(app)) and not NEWS.wait(seen, DEADLINE):
            never_arrived("the seats")
    assert lobby.message.startswith("CheckRisk · ")
    assert lobby.rules == "Agreed rules: Starting tokens 30 · Supply 70 · Rounds 60"
    # Drawn between the message and the first seat, inside the panel.
    first = ui.button_by_text(app, next(t for t in ui.button_texts(app) if "Take seat 1" in t))
    font = app.fonts.get(app.s(14))
    assert font.size(lobby.rules)[0] > 0 and first.rect.bottom <= lobby.panel_rect.bottom
