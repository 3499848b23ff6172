"""The client shell, headless: menu by mouse and keyboard, settings, languages, resizing, pause, quitting."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client import modes, saves
from game.client.app import MIN_WINDOW, App, fit_window, layout_scale
from game.client.settings import settings_path
from tests.client_helpers import PlainBoard, button_by_text, button_texts, click, click_at, frames, key, make_app
from tests.driver import BoardDriver


@pytest.fixture
def kubtafl_board(monkeypatch):
    """Make Kubtafl playable with the minimal board scene, whatever the state of its real scene."""
    monkeypatch.setattr(modes, "scene_available", lambda mode: mode == "kubtafl")

    def install(application):
        application.scenes.register("kubtafl", PlainBoard)

    return install


def test_menu_lists_modes_and_disables_unplayable(app):
    texts = button_texts(app)
    for label in ("Kubtafl", "CheckRisk", "Battle Checkers", "Dice Lab", "How to play", "Settings", "Quit"):
        assert label in texts
    assert "Continue" not in " ".join(texts)
    for mode in modes.menu_modes():
        button = button_by_text(app, app.t(f"mode.{mode}"))
        assert button.is_enabled == modes.playable(mode)
        if not button.is_enabled:
            click(app, button)
            assert app.scenes.current_name == "menu"
    dice_lab = button_by_text(app, "Dice Lab")
    assert dice_lab.is_enabled  # no longer "coming soon"
    click(app, dice_lab)
    assert app.scenes.current_name == "dice_lab"


def test_menu_mouse_opens_settings_and_back(app):
    click(app, button_by_text(app, "Settings"))
    assert app.scenes.current_name == "settings"
    click(app, button_by_text(app, "Back"))
    assert app.scenes.current_name == "menu"
    click(app, button_by_text(app, "How to play"))
    assert app.scenes.current_name == "howto"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.current_name == "menu"


def test_menu_keyboard_navigation_highlights_and_enters(app):
    scene = app.scenes.current
    settings_button = button_by_text(app, "Settings")
    before = app.window.get_at(settings_button.rect.center)
    for _ in range(10):
        if scene.buttons.focused is settings_button:
            break
        key(app, pygame.K_DOWN)
    assert scene.buttons.focused is settings_button
    frames(app)
    assert app.window.get_at(settings_button.rect.center) != before  # the focus shows on screen
    key(app, pygame.K_RETURN)
    assert app.scenes.current_name == "settings"
    key(app, pygame.K_ESCAPE)
    scene = app.scenes.current
    assert app.scenes.current_name == "menu"
    key(app, pygame.K_UP)  # wraps round to Quit
    assert scene.buttons.focused.text == "Quit"
    key(app, pygame.K_SPACE)
    assert not app.running


def test_every_setting_changes_by_mouse_and_is_stored(app):
    click(app, button_by_text(app, "Settings"))
    scene = app.scenes.current
    click(app, button_by_text(app, "Off"))  # the first Off is Sound
    assert app.settings.sound_on is False
    offs = [b for b in scene.segments if b.text == "Off"]
    ons = [b for b in scene.segments if b.text == "On"]
    click(app, offs[1])
    assert app.settings.preview_on is False
    click(app, ons[1])
    assert app.settings.preview_on is True
    for speed in ("Slow", "Fast", "Instant", "Normal"):
        click(app, button_by_text(app, speed))
        assert app.settings.anim_speed == speed.lower()
    click(app, button_by_text(app, "Instant"))
    # Volume: a click on the slider's left end lowers it.
    track = scene.slider.rect
    click_at(app, (track.x + 4, track.centery))
    assert app.settings.volume < 0.7
    click(app, offs[2])
    assert app.settings.ask_end_turn is False
    click(app, ons[2])
    assert app.settings.ask_end_turn is True
    click(app, ons[3])
    assert app.settings.fullscreen is True
    assert app.window.get_flags() & pygame.FULLSCREEN
    click(app, [b for b in app.scenes.current.segments if b.text == "Off"][3])
    assert app.settings.fullscreen is False
    stored = json.loads(settings_path().read_text(encoding="utf-8"))
    assert stored["sound_on"] is False and stored["anim_speed"] == "instant"
    assert stored["volume"] == app.settings.volume and stored["fullscreen"] is False


def test_every_setting_changes_by_keyboard(app):
    click(app, button_by_text(app, "Settings"))
    scene = app.scenes.current
    key(app, pygame.K_DOWN)  # sound
    key(app, pygame.K_RIGHT)
    assert app.settings.sound_on is False
    key(app, pygame.K_DOWN)  # volume
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(0.5)
    assert scene.slider.get_current_value() == 50
    key(app, pygame.K_DOWN)  # animation speed
    key(app, pygame.K_RIGHT)
    assert app.settings.anim_speed == "fast"
    key(app, pygame.K_DOWN)  # preview
    key(app, pygame.K_RIGHT)
    assert app.settings.preview_on is False
    key(app, pygame.K_DOWN)  # the question before ending a turn with actions left
    key(app, pygame.K_RIGHT)
    assert app.settings.ask_end_turn is False
    key(app, pygame.K_DOWN)  # fullscreen
    key(app, pygame.K_LEFT)
    assert app.settings.fullscreen is True
    key(app, pygame.K_RIGHT)
    assert app.settings.fullscreen is False
    key(app, pygame.K_DOWN)  # wraps to language
    key(app, pygame.K_RIGHT)
    assert app.settings.language == "ru"
    stored = json.loads(settings_path().read_text(encoding="utf-8"))
    assert stored == app.settings.to_dict()


def test_switch_to_russian_shows_russian_menu(app):
    before = app.window.copy()
    click(app, button_by_text(app, "Settings"))
    click(app, button_by_text(app, "Русский"))
    assert app.settings.language == "ru"
    assert "Настройки" in button_texts(app) or "Назад" in button_texts(app)
    click(app, button_by_text(app, "Назад"))
    assert app.scenes.current_name == "menu"
    texts = button_texts(app)
    for label in ("Кубтафл", "Настройки", "Как играть", "Выход"):
        assert label in texts
    frames(app)
    quit_button = button_by_text(app, "Выход")
    # The button face shows different glyphs now.
    region = quit_button.rect
    assert any(
        before.get_at((x, region.centery)) != app.window.get_at((x, region.centery))
        for x in range(region.x + 10, region.right - 10, 3)
    )
    # A new app starts in Russian: the choice was stored.
    app2_language = json.loads(settings_path().read_text(encoding="utf-8"))["language"]
    assert app2_language == "ru"


@pytest.mark.parametrize("size", [(1600, 900), MIN_WINDOW, (1280, 1000)])
def test_resize_then_buttons_still_hit(app, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    assert app.screen_size == size and app.window.get_size() == size
    assert app.ui_scale == layout_scale(size)
    settings_button = button_by_text(app, "Settings")
    assert app.window.get_rect().contains(settings_button.rect)
    click(app, settings_button)
    assert app.scenes.current_name == "settings"
    back = button_by_text(app, "Back")
    assert app.window.get_rect().contains(back.rect)
    click(app, back)
    assert app.scenes.current_name == "menu"


def test_window_never_smaller_than_the_minimum(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=400, size=(700, 400)))
    frames(app)
    assert app.screen_size == MIN_WINDOW and app.window.get_size() == MIN_WINDOW
    click(app, button_by_text(app, "Settings"))
    assert app.scenes.current_name == "settings"


def test_layout_scales_with_window(app):
    small = button_by_text(app, "Quit").rect.size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    frames(app)
    large = button_by_text(app, "Quit").rect.size
    assert large[0] > small[0] * 1.3 and large[1] > small[1] * 1.3


def test_f11_toggles_fullscreen_and_remembers(app):
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and app.window.get_flags() & pygame.FULLSCREEN
    assert json.loads(settings_path().read_text(encoding="utf-8"))["fullscreen"] is True
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and not app.window.get_flags() & pygame.FULLSCREEN
    click(app, button_by_text(app, "Settings"))
    assert app.scenes.current_name == "settings"


def test_quit_button_and_window_close_end_the_loop(app):
    click(app, button_by_text(app, "Quit"))
    assert app.running is False
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_loop()  # returns because of the QUIT event
    assert app.running is False


def test_corrupt_settings_file_gives_message_and_defaults(home):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"language": "ru", "volume": ', encoding="utf-8")
    application = App()
    application.scenes.fade_enabled = False
    try:
        application.goto("menu")
        frames(application)
        assert len(application.messages) == 1 and "settings.json" in application.messages[0]
        assert "not valid JSON" in application.messages[0]
        assert application.settings.language == "en"
        toast = application.toasts[0].rect
        assert application.window.get_at((toast.centerx, toast.bottom - 4))[:3] == (240, 228, 198)  # parchment slip
        assert path.with_name("settings.json.bad").read_text(encoding="utf-8").startswith('{"language"')
        assert json.loads(path.read_text(encoding="utf-8"))["language"] == "en"
        click_at(application, toast.center)  # dismiss the message
        assert not application.toasts
        click(application, button_by_text(application, "Settings"))
        assert application.scenes.current_name == "settings"
    finally:
        application.close()
    again = App()
    try:
        assert again.messages == []  # reported once
    finally:
        again.close()


def test_settings_with_bad_values_are_reported(home):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"anim_speed": "warp"}', encoding="utf-8")
    application = App()
    try:
        assert "anim_speed" in application.messages[0] and "warp" in application.messages[0]
        assert application.settings.anim_speed == "normal"
    finally:
        application.close()


def test_corrupt_autosave_gives_message_and_working_menu(home, app):
    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\xffnot json")
    app.goto("menu")
    frames(app)
    assert any("autosave.json" in m for m in app.messages)
    assert not any(t.startswith("Continue") for t in button_texts(app))
    assert path.with_name("autosave.json.bad").exists() and not path.exists()
    click(app, button_by_text(app, "How to play"))
    assert app.scenes.current_name == "howto"
    key(app, pygame.K_ESCAPE)
    assert len([m for m in app.messages if "autosave" in m]) == 1  # shown once


def test_autosave_with_illegal_moves_is_set_aside(home, app, kubtafl_board):
    kubtafl_board(app)
    path = saves.write_save(
        {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "seed": 1, "actions": ["z9-z10"]}
    )
    app.goto("menu")
    frames(app)
    assert any("z9-z10" in m for m in app.messages)
    assert not any(t.startswith("Continue") for t in button_texts(app))
    assert saves.unfinished() == [] and path.with_name(path.name + ".bad").exists()


def test_pause_menu_opens_closes_and_save_quit_continue(home, app, kubtafl_board):
    d = BoardDriver(app)
    kubtafl_board(app)
    app.goto("menu")
    frames(app)
    click(app, button_by_text(app, "Kubtafl"))
    assert app.scenes.current_name == "new_game"
    click(app, button_by_text(app, "Start game"))
    assert app.scenes.current_name == "kubtafl"
    board = app.scenes.current
    for _ in range(3):
        key(app, pygame.K_m)
    log = list(board.session.log)
    assert len(log) >= 3
    left = board.session
    position, seed = left.state.to_dict(), left.seed
    key(app, pygame.K_ESCAPE)
    assert d.overlay == "pause"
    assert "Resume" in button_texts(app)
    key(app, pygame.K_m)  # the board gets no input while paused
    assert board.session.log == log
    key(app, pygame.K_ESCAPE)
    assert d.overlay is None and "Resume" not in button_texts(app)
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Resume"))
    assert d.overlay is None
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Rules"))
    assert app.scenes.current_name == "howto" and app.scenes.current.mode == "kubtafl"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.current is board and d.overlay == "pause" and "Resume" in button_texts(app)
    click(app, button_by_text(app, "Settings"))
    assert app.scenes.current_name == "settings"
    click(app, button_by_text(app, "Back"))
    assert app.scenes.current is board
    click(app, button_by_text(app, "Save and quit to menu"))
    assert app.scenes.current_name == "menu"
    cont = next(t for t in button_texts(app) if t.startswith("Continue"))
    click(app, button_by_text(app, cont))
    assert app.scenes.current_name == "kubtafl"
    resumed = app.scenes.current.session
    # Rebuilt from the file, not the same object: the same log, dice seed and position as when it was left.
    assert resumed is not left
    assert resumed.log == log and resumed.seed == seed
    assert resumed.state.to_dict() == position


def test_restart_and_game_over_dialog(home, app, kubtafl_board):
    d = BoardDriver(app)
    kubtafl_board(app)
    app.goto("menu")
    frames(app)
    click(app, button_by_text(app, "Kubtafl"))
    click(app, button_by_text(app, "Start game"))
    board = app.scenes.current
    key(app, pygame.K_m)
    seed = board.session.seed
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Restart"))
    # A move was played: Restart asks first; Cancel keeps the game, Start again restarts it.
    confirm = board.dialogs.confirm
    assert confirm is not None
    assert confirm.question == "Start this Kubtafl game again? The moves played so far are lost."
    moves = list(board.session.log)
    click(app, button_by_text(app, "Cancel"))
    assert app.scenes.current is board and d.overlay == "pause" and board.session.log == moves
    click(app, button_by_text(app, "Restart"))
    click(app, button_by_text(app, "Start again"))
    board = app.scenes.current
    assert board.session.log == [] or all(actor < 0 for actor in board.session.actors)
    assert board.session.seed == seed
    board.show_game_over("Light wins!", "The dark d20 was destroyed.")
    frames(app)
    assert d.overlay == "game_over"
    click(app, button_by_text(app, "Rematch"))
    assert app.scenes.current_name == "kubtafl" and app.scenes.current.dialogs.overlay is None
    app.scenes.current.show_game_over("Dark wins!", "")
    frames(app)
    click(app, button_by_text(app, "Main menu"))
    assert app.scenes.current_name == "menu"


def test_a_paced_frame_waits_after_drawing_and_just_before_the_flip(app, monkeypatch):
    """The flip follows the pacing wait, so the time a frame takes to draw cannot shift when it reaches the screen."""
    calls: list[str] = []

    class Clock:
        def tick(self, fps: int) -> int:
            calls.append("tick")
            return 16

    drawn = app.draw
    monkeypatch.setattr(app, "clock", Clock())
    monkeypatch.setattr(app, "draw", lambda: (drawn(), calls.append("draw")))
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    app.frame()
    app.frame()
    assert calls == ["draw", "tick", "flip", "draw", "tick", "flip"]


def test_a_mode_that_is_not_ready_says_why_when_its_entry_is_clicked(home, monkeypatch):
    monkeypatch.setattr(modes, "scene_available", lambda mode: mode != "checkrisk")
    application = make_app()
    try:
        button = button_by_text(application, "CheckRisk")
        assert not button.is_enabled
        click(application, button)
        assert application.scenes.current_name == "menu"
        assert application.messages[-1] == "CheckRisk is not ready yet: its board is still being built."
        rules = [m for m in modes.registry.modes() if m != "checkrisk"]
        monkeypatch.setattr(modes.registry, "modes", lambda: rules)
        application.goto("menu")
        frames(application)
        click(application, button_by_text(application, "CheckRisk"))
        assert application.messages[-1] == "CheckRisk is not ready yet: its rules are still being finished."
    finally:
        application.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_questions_fit(home, size, language):
    from game.client.confirm import Confirm
    from game.client.game_names import unfinished_line
    from game.client.widgets import text_room

    application = make_app(size, language=language)
    try:
        t = application.t
        # The longest game a deletion names: four seats with the longest names the dialog allows.
        game = saves.Unfinished(
            home / "game.json",
            {"mode": "checkrisk", "level": "corners4", "seats": ["human"] * 4, "names": ["Wwwwwwwwwwwwwwww"] * 4},
            1_700_000_000.0,
        )
        for question, yes, no in (
            (t("games.delete_question", game=unfinished_line(t, game)), t("games.delete_yes"), t("confirm.keep")),
            (t("confirm.restart", mode=t("mode.battle_checkers")), t("confirm.restart_yes"), t("confirm.cancel")),
        ):
            confirm = Confirm(application, question, yes, no, lambda: None)
            confirm.build()
            frames(application)
            assert application.window.get_rect().contains(confirm.rect)
            for button in confirm.buttons.buttons:
                need, room = text_room(button)
                assert need <= room, button.text
            confirm.close()
    finally:
        application.close()


def test_the_seed_row_says_what_a_seed_does_in_a_mode_without_dice(app):
    app.goto("new_game", mode="kubtafl")
    frames(app)
    scene = app.scenes.current
    assert not scene.rolls_dice  # Kubtafl rolls no dice: the seed only steers the computer
    app.goto("new_game", mode="checkrisk")
    frames(app)
    assert app.scenes.current.rolls_dice


def test_setup_descriptions_and_texts_name_no_rule_codes():
    import re

    from game.client import i18n
    from game.client.new_game import level_info
    from game.engine import registry

    code = re.compile(r"\((?:[A-Z][0-9]+[–, -]*)+\)")
    for language in ("en", "ru"):
        for mode in registry.modes():
            for level in registry.levels(mode):
                assert not code.search(level_info(mode, level, language)[1]), (mode, level)
        for key_, text in i18n.table(language).items():
            assert not code.search(text), key_


@pytest.mark.parametrize(
    ("desktop", "window"),
    [
        (None, (1280, 720)),
        ((1920, 1080), (1280, 720)),
        ((1024, 600), (1024, 600)),
        ((1366, 700), (1280, 700)),
        ((800, 480), (1024, 600)),
    ],
)
def test_a_players_window_fits_a_small_desktop_but_never_below_the_minimum(desktop, window):
    assert fit_window(desktop) == window
