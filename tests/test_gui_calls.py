"""The typed pygame_gui calls (game/client/gui.py) change the real elements' state."""

import pygame
import pygame_gui

from game.client import gui


def test_the_typed_calls_enable_select_focus_kill_and_reset_real_elements(app):
    ui = app.ui
    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "OK", ui)
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 50, 100, 30), ui)

    gui.set_enabled(button, False)
    assert not button.is_enabled
    gui.set_enabled(button, False)  # already so: nothing changes
    assert not button.is_enabled
    gui.set_enabled(button, True)
    assert button.is_enabled

    gui.set_selected(button, True)
    assert button.is_selected
    gui.set_selected(button, False)
    assert not button.is_selected

    gui.set_focused(entry, True)
    assert entry.is_focused
    gui.set_focused(entry, False)
    assert not entry.is_focused

    gui.kill(entry)
    assert not entry.alive()
    gui.reset(ui)
    assert not button.alive()
