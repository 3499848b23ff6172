"""The agreed rules of an online game are shown where players agree on them: the Host dialog's description names the
numbers chosen (not the level's own), and the Join screen shows the match's mode, level and numbers before a seat
is taken."""

from __future__ import annotations

import pygame
import pytest

from game.client.online.host import HostScene
from tests import client_helpers as ui


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
