"""No text is cut: every button and label, on every screen, in both languages, at the small, base and large sizes.

Widths are measured with the very font the widget draws with (its themed pygame_gui font) against the
area the widget shows text in, so a long translation can never be truncated again unnoticed.
"""

from __future__ import annotations

import pygame_gui
import pytest

from game.client.app import MIN_WINDOW, App
from game.client.kubtafl.demo import screenshot_contexts
from game.client.modes import menu_modes
from game.client.widgets import text_room
from tests.client_helpers import frames, make_app, settle_scene
from tests.driver import BoardDriver

SIZES = [MIN_WINDOW, (1280, 720), (1920, 1080)]


def cut_texts(app: App, where: str) -> list[str]:
    """Every live button or label whose text is wider than the room the widget gives it."""
    problems = []
    for element in app.ui.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel):
            continue
        if not element.alive() or not element.visible or not element.text:
            continue
        need, room = text_room(element)
        if need > room:
            problems.append(f"{where}: {element.text!r} needs {need}px, has {room}px")
    return problems


def shell_screens() -> list[tuple[str, dict]]:
    """The shell's screens: menu, new game, settings, Play online and its host's dialog, and the rules of every
    mode."""
    return [
        ("menu", {}),
        ("new_game", {"mode": "kubtafl"}),
        ("new_game", {"mode": "checkrisk", "level": "corners4"}),
        ("settings", {}),
        ("online", {}),
        ("online_host", {"mode": "checkrisk", "level": "corners4"}),
    ] + [("howto", {"mode": mode}) for mode in menu_modes()]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_widget_text_is_cut_on_any_screen(home, size):
    app = make_app(size, anim_speed="instant", menu=False)
    problems: list[str] = []
    checked = 0
    try:
        assert app.screen_size == size
        for language in ("en", "ru"):
            app.settings.language = language
            app.t.language = language
            for name, context in shell_screens():
                app.goto(name, **context)
                frames(app, 3)
                problems += cut_texts(app, f"{language} {name}")
                checked += 1
                scene = app.scenes.current
                if name == "settings":
                    # Each row's drawn label ends before that row's controls begin.
                    lefts = [min(b.rect.left for b in row) for row in scene.row_buttons if row]
                    lefts.append(scene.slider.rect.left)
                    for label in scene.label_rects:
                        if label.right >= min(lefts):
                            problems.append(
                                f"{language} settings: a row label ends at {label.right}, "
                                f"controls start at {min(lefts)}"
                            )
                for line in getattr(scene, "keys_lines", []):
                    # The rules screen's key help stays beside Back, on screen.
                    if line.colliderect(scene.back_rect) or not app.window.get_rect().contains(line):
                        problems.append(f"{language} {name}: key help at {line} meets Back or leaves the window")
            for name, context in screenshot_contexts(app):
                context = dict(context)
                context.pop("_frames", None)  # the screenshots' fixed wait: here, until the board is still
                app.goto("kubtafl", **context)
                settle_scene(app)
                frames(app, 2)
                problems += cut_texts(app, f"{language} kubtafl {name}")
                # The side panel's own drawn texts (turn card, pools, log, status, keys) report what did not fit.
                cut = BoardDriver(app).cut
                problems += [f"{language} kubtafl {name} panel: {text!r}" for text in cut]
            assert app.scenes.current.dialogs.overlay == "game_over"
            app.scenes.current.open_pause()
            frames(app, 2)
            problems += cut_texts(app, f"{language} kubtafl pause")
    finally:
        app.close()
    assert checked == 2 * len(shell_screens())
    assert not problems, "\n".join(problems)


def test_segment_rows_widen_long_labels_and_keep_the_row_width(home):
    from game.client.widgets import segment_row

    app = make_app(menu=False)
    try:
        labels = ["Медленно", "Обычно", "Быстро", "Мгновенно"]
        buttons = segment_row(app.ui, labels, 100, 100, 480, 38, 8)
        for button in buttons:
            need, room = text_room(button)
            assert need <= room, button.text
        assert buttons[0].rect.left == 100
        assert buttons[-1].rect.right <= 100 + 480
        assert buttons[3].rect.w > buttons[1].rect.w  # «Мгновенно» got the room it needs
        # Labels that fit keep equal widths.
        even = segment_row(app.ui, ["On", "Off"], 100, 200, 380, 38, 8)
        assert even[0].rect.w == even[1].rect.w
        # The check itself sees a cut label: a plain button too narrow for its text.
        import pygame

        pygame_gui.elements.UIButton(pygame.Rect(100, 300, 70, 38), "Мгновенно", app.ui, object_id="#segment")
        assert [p for p in cut_texts(app, "probe") if "Мгновенно" in p]
    finally:
        app.close()
