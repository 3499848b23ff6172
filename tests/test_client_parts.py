"""Client pieces: translation tables, settings validation, autosave files, the rules renderer and viewer,
the new-game dialog by keyboard, and the screenshot harness."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game.client import i18n, markdown, saves
from game.client.app import seats_from_args
from game.client.howto import rules_text
from game.client.play.seats import parse_seat
from game.client.settings import Settings, load_settings, save_settings, validate
from game.engine import registry
from tests.client_helpers import button_by_text, click, frames, key

CLIENT = Path(__file__).resolve().parent.parent / "game" / "client"


def test_translation_tables_have_the_same_keys_and_placeholders():
    en, ru = i18n.table("en"), i18n.table("ru")
    assert en and set(en) == set(ru)
    # A mode's part may use a different grammatical form in Russian (e.g. a genitive); the shell's may not.
    shell = json.loads((i18n.i18n_dir() / "en" / "shell.json").read_text(encoding="utf-8"))
    for k in shell:
        assert set(re.findall(r"{(\w+)}", en[k])) == set(re.findall(r"{(\w+)}", ru[k])), k


def test_every_literal_key_used_by_the_shell_is_translated():
    shell = ["menu", "new_game", "settings_scene", "howto", "game_scene", "board/dialogs", "app"]
    used = set()
    for name in shell:
        used |= set(re.findall(r'\bt\(\s*"([a-z_.:]+)"', (CLIENT / f"{name}.py").read_text(encoding="utf-8")))
    assert len(used) > 30
    missing = sorted(k for k in used if k not in i18n.table("en") or k not in i18n.table("ru"))
    assert missing == []
    for mode in (spec.name for spec in registry.MODES):
        assert f"mode.{mode}" in i18n.table("ru") and f"mode.{mode}.blurb" in i18n.table("ru")


def test_modes_see_the_board_only_through_its_services_and_declared_hooks():
    # A mode's files never import the board scene (its own scene line aside, and the demo and screenshot scripts that
    # stage a picture on a real board) nor reach its parts; the board looks up no hook by name: every hook is
    # declared, with its default, in `ModeView`.
    for mode in registry.modes():
        for path in (CLIENT / mode).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            if path.name not in ("scene.py", "demo.py", "shots.py"):
                assert "board.scene" not in text, path
            reach = r"(?<!client\.)board\.(tracker|queue|view|app|log|panel_cut|presenter|turns)\b"
            assert not re.search(reach, text), path
    for path in (CLIENT / "board").glob("*.py"):
        assert not re.search(r"getattr\((self\.)?view\b", path.read_text(encoding="utf-8")), path


def test_translator_formats_and_falls_back():
    t = i18n.Translator("ru")
    assert t("newgame.seat", n=2) == "Игрок 2"
    assert t("no.such.key") == "no.such.key"
    t.language = "en"
    assert t("games.won", side="Light") == "Light won"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "object"),
        ({"language": "de"}, "language"),
        ({"volume": 2}, "volume"),
        ({"volume": True}, "volume"),
        ({"sound_on": "yes"}, "sound_on"),
        ({"anim_speed": 3}, "anim_speed"),
        ({"fullscreen": None}, "fullscreen"),
    ],
)
def test_settings_validation_names_the_bad_field(data, field):
    with pytest.raises(ValueError, match=field):
        validate(data)


def test_settings_round_trip_and_unknown_keys_ignored(home):
    settings = Settings(language="ru", sound_on=False, volume=0.25, anim_speed="slow", preview_on=False)
    save_settings(settings)
    loaded, problem, writable = load_settings()
    assert problem is None and loaded == settings and writable
    path = home / "config" / "settings.json"
    path.write_text(json.dumps({**settings.to_dict(), "future_option": 1}), encoding="utf-8")
    assert load_settings() == (settings, None, True)


def test_unreadable_settings_file_is_reported(home):
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    settings, problem, _ = load_settings()
    assert settings == Settings() and "settings.json" in problem


def test_autosave_round_trip_and_bad_envelopes(home):
    assert saves.unfinished() == []
    game = {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "actions": []}
    path = saves.write_save(game)
    assert path.parent == saves.saves_dir() and [g.session for g in saves.unfinished()] == [game]
    assert saves.write_save({**game, "actions": ["b2-b5"]}, path) == path  # its own file, rewritten
    saves.remove_save(path)
    saves.remove_save(path)  # removing twice is fine
    assert not path.exists() and saves.unfinished() == []
    texts = ['{"format": 1}', '{"format": 1, "session": {"actions": []}}', "[1, 2]", "{"]
    for text in texts:
        path.write_text(text, encoding="utf-8")
        assert saves.unfinished() == []
        problem = saves.take_problem()
        assert problem and path.name in problem
        assert saves.take_problem() is None
    # Every damaged file is kept, none over another: the first as .bad, the later ones numbered.
    kept = [f"{path.name}.bad", f"{path.name}.bad.1", f"{path.name}.bad.2", f"{path.name}.bad.3"]
    assert [path.with_name(n).read_text(encoding="utf-8") for n in kept] == texts
    # The single file of earlier versions is read the same way when it is moved in.
    saves.autosave_path().write_text("{", encoding="utf-8")
    assert saves.unfinished() == [] and "autosave.json" in (saves.take_problem() or "")
    assert saves.autosave_path().with_name("autosave.json.bad").read_text(encoding="utf-8") == "{"


def test_markdown_blocks_and_inline_styles():
    source = (
        "# Title\n\nA *lead* paragraph\ncontinues here.\n\n## Part\n\n- first **bold** item [house rule]\n- second\n"
    )
    blocks = markdown.parse_blocks(source)
    assert [b.kind for b in blocks] == ["h1", "p", "h2", "li", "li"]
    assert blocks[1].text == "A *lead* paragraph continues here."
    assert markdown.inline_runs(blocks[3].text) == [
        ("r", "first "),
        ("b", "bold"),
        ("r", " item "),
        ("badge", "house rule"),
    ]
    assert markdown.inline_runs("**[домашнее правило]** (K3)")[0] == ("badge", "домашнее правило")
    assert markdown.inline_runs("*Example: a d4.*") == [("i", "Example: a d4.")]


def test_rules_render_wraps_to_width(app):
    text = "# Kubtafl\n\n" + "word " * 400 + "\n\n- bullet [house rule]\n"
    page = markdown.render(app, text, 500)
    assert page.get_width() == 500 and page.get_height() > 500
    # Ink reaches near the right edge but never beyond the width.
    assert any(page.get_at((x, 120))[3] for x in range(420, 500))


def test_rules_viewer_scrolls_and_switches_modes(app):
    click(app, button_by_text(app, "How to play"))
    scene = app.scenes.current
    assert scene.mode == "kubtafl" and scene.max_scroll() > 0
    top = app.window.copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    frames(app)
    assert scene.scroll > 0
    # The page under the view moved: what the player sees there is no longer the top of the rules.
    assert pixels(app.window, scene.view) != pixels(top, scene.view)
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll()
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll == scene.max_scroll()
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    thumb = scene._thumb()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(thumb.centerx, thumb.centery + 200), rel=(0, 200), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, thumb.centery + 200), button=1))
    frames(app)
    assert scene.scroll > 0
    click(app, button_by_text(app, "CheckRisk"))
    assert scene.mode == "checkrisk" and scene.scroll == 0
    key(app, pygame.K_TAB)
    assert scene.mode == "battle_checkers"
    key(app, pygame.K_DOWN)
    assert scene.scroll > 0
    # The rules follow the language setting: the page is rendered again from the Russian text.
    english = scene.page
    app.set_language("ru")
    frames(app)
    assert scene.page_key[1] == "ru" and scene.page is not english
    russian = rules_text("battle_checkers", "ru")
    assert russian is not None and russian != rules_text("battle_checkers", "en")
    expected = markdown.render(app, russian, scene.view.w)
    assert pixels(scene.page, scene.page.get_rect()) == pixels(expected, expected.get_rect())
    assert pixels(english, english.get_rect()) != pixels(expected, expected.get_rect())


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    """The RGBA bytes of `rect` on `surface`."""
    return pygame.image.tobytes(surface.subsurface(rect), "RGBA")


def test_new_game_dialog_by_keyboard_builds_the_session(app, monkeypatch):
    from game.client import modes
    from tests.client_helpers import PlainBoard

    monkeypatch.setattr(modes, "scene_available", lambda mode: mode == "kubtafl")
    app.scenes.register("kubtafl", PlainBoard)
    app.goto("menu")
    frames(app)
    click(app, button_by_text(app, "Kubtafl"))
    scene = app.scenes.current
    assert scene.seats == ["human", "ai:normal"]
    key(app, pygame.K_RIGHT)  # seat 1: human -> AI easy
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # seat 2: AI normal -> AI hard
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # the next level
    assert scene.seats == ["ai:easy", "ai:hard"] and scene.level == scene.levels[1]
    key(app, pygame.K_DOWN)  # the seed field takes the typing
    assert scene.seed_entry.is_focused
    for ch in "42":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    assert scene.seed() == 42
    key(app, pygame.K_RETURN)
    assert app.scenes.current_name == "kubtafl"
    session = app.scenes.current.session
    assert session.seats == ["ai:easy", "ai:hard"] and session.seed == 42 and session.level == scene.levels[1]


def test_new_game_seed_field_takes_only_digits_and_empty_means_random(app, monkeypatch):
    from game.client import modes
    from tests.client_helpers import PlainBoard

    monkeypatch.setattr(modes, "scene_available", lambda mode: mode == "kubtafl")
    app.scenes.register("kubtafl", PlainBoard)
    app.goto("new_game", mode="kubtafl")
    frames(app)
    scene = app.scenes.current
    click(app, scene.seed_entry)
    for ch in "7a-":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    assert scene.seed_entry.get_text() == "7"
    scene.seed_entry.set_text("")
    click(app, button_by_text(app, "Start game"))
    assert app.scenes.current_name == "kubtafl"
    assert isinstance(app.scenes.current.session.seed, int)


def test_quick_launch_seats():
    import argparse

    args = argparse.Namespace(watch=False, seat0=None, seat1="ai:hard", seat2=None, seat3=None)
    assert seats_from_args(args, 2) == ["human", "ai:hard"]
    args.watch = True
    args.seat1 = "ai:easy"
    assert seats_from_args(args, 3) == ["ai:hard", "ai:easy", "ai:hard"]  # watching: hard unless told
    args.seat1 = "robot"
    with pytest.raises(ValueError, match="robot"):
        seats_from_args(args, 2)


def test_quick_launch_watching_checkrisk_opens_the_front_line_with_hard_seats():
    import argparse

    from game.client.app import quick_launch

    args = argparse.Namespace(mode="checkrisk", level=None, watch=True, seed=None, seat0=None, seat1=None)
    assert quick_launch(args) == ("checkrisk", "frontline", ["ai:hard", "ai:hard"], None)
    args.level = "standard"
    assert quick_launch(args) == ("checkrisk", "standard", ["ai:hard", "ai:hard"], None)
    args.mode = "chess"
    assert "cannot be played" in str(quick_launch(args))


def test_one_seat_parser_for_every_level_name():
    from ai.levels import BASELINES, LEVEL_NAMES, LEVELS, PLAYER_LEVELS
    from game.client.new_game import SEAT_CHOICES

    assert LEVEL_NAMES == tuple(LEVELS) == BASELINES + PLAYER_LEVELS
    assert SEAT_CHOICES == ("human", "ai:easy", "ai:normal", "ai:hard")
    for name in LEVEL_NAMES:
        assert parse_seat(f" AI:{name.upper()} ") == f"ai:{name}"
    assert parse_seat("Human") == "human" and parse_seat("ai") == "ai:normal"
    for bad in ("ai:genius", "robot", "", "ai:", "hard", None, 3):
        with pytest.raises(ValueError, match="a seat must be human"):
            parse_seat(bad)


def test_screenshot_harness_writes_every_shell_screen(tmp_path, monkeypatch):
    from game.client.screenshots import render_screenshots

    monkeypatch.setenv("KUBIKI_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("game.client.modes.scene_available", lambda mode: False)  # shell screens only: quick
    assert render_screenshots(str(tmp_path / "shots")) == 0
    names = {p.stem for p in (tmp_path / "shots").glob("*.png")}
    for expected in ("menu", "menu_ru", "new_game", "settings", "settings_ru", "how_to_play", "how_to_play_ru"):
        assert expected in names
    image = pygame.image.load(str(tmp_path / "shots" / "menu.png"))
    assert image.get_size() == (1280, 720)
    assert len({tuple(image.get_at((x, 360))) for x in range(0, 1280, 16)}) > 20  # a drawn screen, not a fill
