"""The main menu's mode buttons show their description as a tooltip when the mouse rests on them (hovering also
gives the button the keyboard focus, which pygame_gui would otherwise take as the end of the hover)."""

from __future__ import annotations

import pygame

from tests import client_helpers as ui


def test_a_mode_buttons_tooltip_shows_when_the_mouse_rests_on_it(app, monkeypatch):
    button = ui.button_by_text(app, "CheckRisk")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)  # the pointer over the button
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    ui.frames(app, int(60 * (button.tool_tip_delay + 0.3)))
    assert button.is_selected  # hovering moved the keyboard focus to it
    assert button.hovered and button.tool_tip is not None
    assert button.tool_tip_text == app.t("mode.checkrisk.blurb")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (2, 2))  # the pointer leaves: the tooltip goes
    ui.frames(app, 2)
    assert button.tool_tip is None
