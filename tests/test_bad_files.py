"""The bad-file matrix: damaged settings, autosave and level files never crash or hang the game, are named in a
message, and are kept (never overwritten); an unwritable data folder only stops saving."""

from __future__ import annotations

import json
import os

import pytest

from game import userfiles
from game.client import saves
from game.client.play import records
from game.client.settings import Settings, load_settings
from game.engine import registry
from tests.client_helpers import button_by_text, click, click_at, frames, make_app

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = '{"format": 1, "session": {"mode": "kubtafl", "seed": ' + "9" * 5000 + "}}"


def read_messages(app) -> None:
    """Close the messages at the top as a player does, by a click on each (they sit over the menu's first rows)."""
    for toast in list(app.toasts):
        click_at(app, toast.rect.center)
    assert not app.toasts


def _write(path, kind):
    """Put a damaged file of `kind` at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        data = {
            "truncated": b'{"language": "e',
            "empty": b"",
            "wrong_types": b'{"language": 5, "format": "x"}',
            "deep": DEEP.encode(),
            "huge": HUGE.encode(),
            "binary": bytes(range(256)),
        }[kind]
        path.write_bytes(data)


KINDS = ["truncated", "empty", "wrong_types", "deep", "huge", "binary", "directory", "fifo"]


def _deny_reading(monkeypatch, path):
    """Opening `path` fails with "Permission denied" (the tests run as root, which reads any file)."""
    real_open = os.open

    def guarded(file, *args, **kwargs):
        if os.fspath(file) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_settings_give_defaults_a_named_message_and_a_kept_copy(home, kind):
    path = home / "config" / "settings.json"
    _write(path, kind)
    settings, problem, writable = load_settings()
    assert settings == Settings() and writable
    assert problem and "settings.json" in problem and "kept as settings.json.bad" in problem
    assert userfiles.exists(path.with_name("settings.json.bad"))


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_autosave_is_named_kept_and_the_menu_shows(home, kind):
    path = saves.autosave_path()
    _write(path, kind)
    app = make_app()
    try:
        assert any("autosave.json" in m for m in app.messages)
        assert userfiles.exists(path.with_name("autosave.json.bad")) and not userfiles.exists(path)
    finally:
        app.close()


@pytest.mark.parametrize("kind", ["deep", "huge", "binary", "directory", "fifo", "empty"])
def test_damaged_level_file_is_a_value_error_naming_it(tmp_path, kind):
    path = tmp_path / "level.json"
    _write(path, kind)
    with pytest.raises(ValueError, match="level.json"):
        userfiles.load_game("kubtafl", str(path))


def test_every_damaged_copy_is_kept_and_a_bad_folder_is_stepped_over(home):
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.with_name("settings.json.bad").mkdir()  # a .bad that is a folder must not swallow the original
    for text in ("{1", "{2", "{3"):
        path.write_text(text, encoding="utf-8")
        load_settings()
    kept = [path.with_name(f"settings.json.bad.{i}").read_text(encoding="utf-8") for i in (1, 2, 3)]
    assert kept == ["{1", "{2", "{3"]


def test_an_unreadable_settings_file_that_cannot_be_kept_is_never_overwritten(home, monkeypatch):
    # Tests run as root, which reads any file: the permission error is simulated, as are a folder that refuses
    # renames and copies.
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"language": "ru"}', encoding="utf-8")

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(userfiles.os, "open", denied)
    monkeypatch.setattr(userfiles.os, "rename", denied)
    monkeypatch.setattr(userfiles, "open", denied, raising=False)  # the copy's open (the builtin, shadowed)
    settings, problem, writable = load_settings()
    assert settings == Settings() and not writable and "Permission denied" in problem
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == '{"language": "ru"}'


def test_data_folder_that_is_a_plain_file_only_stops_saving(home):
    (home / "data").write_text("not a folder", encoding="utf-8")
    app = make_app()
    try:
        click(app, button_by_text(app, "Kubtafl"))
        click(app, button_by_text(app, "Start game"))
        frames(app, 3)
        assert app.scenes.current_name == "kubtafl"
        told = [m for m in app.messages if "could not be saved" in m]
        assert len(told) == 1
        app.scenes.current.restart()
        frames(app, 3)
        assert len([m for m in app.messages if "could not be saved" in m]) == 1  # said once
    finally:
        app.close()


def test_autosave_of_an_unknown_mode_is_kept_and_told(home):
    # An earlier version's single autosave, of a mode this version does not know: moved in with the others, and a
    # new game leaves it as it is.
    legacy = saves.autosave_path()
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps({"format": 1, "session": {"mode": "chess960", "actions": []}}), encoding="utf-8")
    app = make_app()
    try:
        assert any("chess960" in m for m in app.messages)
        read_messages(app)
        click(app, button_by_text(app, "Kubtafl"))
        click(app, button_by_text(app, "Start game"))
        [kept] = [game for game in saves.unfinished() if game.mode == "chess960"]
        assert json.loads(kept.path.read_text(encoding="utf-8"))["session"]["mode"] == "chess960"
    finally:
        app.close()


def test_stale_temp_files_are_removed_on_start(home):
    folder = home / "data"
    # Our own half-written temp files go; the player's files (and finished records) stay.
    stale = {
        folder / ".autosave.json.abc123.tmp": "{",
        folder / "records" / ".20260101-120000-kubtafl.json.x1y2.tmp": "{",
        folder / "saves" / ".20260101-120000-kubtafl.json.z3w4.tmp": "{",
    }
    kept = {folder / "notes.tmp": "mine", folder / "records" / "20260101-120000-kubtafl.json": "{}"}
    (folder / "records").mkdir(parents=True)
    (folder / "saves").mkdir()
    for path, text in {**stale, **kept}.items():
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_700_000_000, 1_700_000_000))  # left long ago
    writing = folder / "saves" / ".20260101-120001-kubtafl.json.a1b2.tmp"  # another copy is writing it now
    writing.write_text("{", encoding="utf-8")
    app = make_app()
    app.close()
    assert not any(path.exists() for path in stale) and all(path.exists() for path in kept)
    assert writing.exists()


def test_a_level_that_is_a_fifo_is_refused_by_the_registry_without_waiting(tmp_path):
    # The launcher's --level path: the registry itself opens only regular files (a FIFO would block the open).
    path = tmp_path / "level.json"
    os.mkfifo(path)
    with pytest.raises(ValueError, match="level.json: not a regular file"):
        registry.read_json(path)
    with pytest.raises(ValueError, match="level.json: not a regular file"):
        registry.load("kubtafl", str(path))


@pytest.mark.parametrize("kind", ["deep", "huge"])
def test_a_level_nested_too_deep_or_with_a_huge_number_is_a_value_error_from_the_registry(tmp_path, kind):
    path = tmp_path / "level.json"
    _write(path, kind)
    with pytest.raises(ValueError, match="level.json"):
        registry.load("kubtafl", str(path))


def test_any_error_while_building_a_level_is_a_value_error_naming_the_file(tmp_path, monkeypatch):
    # Each mode refuses the bad values it knows with a ValueError; whatever a mode misses is still a damaged file.
    path = tmp_path / "level.json"
    path.write_text(json.dumps(registry.read_json(registry.level_path("kubtafl", "standard"))), encoding="utf-8")

    def broken(name, data):
        raise TypeError("'float' object cannot be interpreted as an integer")

    monkeypatch.setattr("game.engine.kubtafl.make_game", broken)
    with pytest.raises(ValueError, match="level.json: 'float' object"):
        registry.load("kubtafl", str(path))


# ----- game records: the Games screen lists the good ones and names the bad, and keeps every file -----
RECORD_KINDS = [*KINDS, "unreadable"]


def _good_record():
    record = records.GameRecord(
        "kubtafl", "standard", ["b2-b5", "g7-g2"], 1, ["human", "human"], None, "", 1_700_000_000.0
    )
    return records.save_record(record)


@pytest.mark.parametrize("kind", RECORD_KINDS)
def test_damaged_records_are_named_on_the_games_screen_and_kept(home, monkeypatch, kind):
    good = _good_record()
    bad = records.records_dir() / "20990101-000000-kubtafl.json"
    if kind == "unreadable":
        bad.write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
        _deny_reading(monkeypatch, bad)
    elif kind == "wrong_types":
        bad.write_text('{"mode": 5, "level": [], "actions": "b2-b5"}', encoding="utf-8")
    else:
        _write(bad, kind)
    before = bad.read_bytes() if userfiles.is_regular_file(bad) else None
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        frames(app, 3)
        scene = app.scenes.current
        assert app.scenes.current_name == "games"
        by_name = {listed.path.name: listed for listed in scene.listed}
        assert by_name[good.name].record is not None and by_name[good.name].record.actions == ["b2-b5", "g7-g2"]
        assert by_name[bad.name].record is None and by_name[bad.name].problem.startswith(bad.name)
        assert bad.name in scene.row_texts(by_name[bad.name])[0]
    finally:
        app.close()
    assert userfiles.exists(bad) and (before is None or bad.read_bytes() == before)  # nothing removed or rewritten


@pytest.mark.parametrize("field", ["date", "seats", "winners", "level"])
def test_a_record_with_odd_values_is_shown_or_named_never_a_crash(home, tmp_path, field):
    good = _good_record()
    data = json.loads(good.read_text(encoding="utf-8"))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    data[field] = {"date": 1e400, "seats": ["robot", "human"], "level": str(fifo)}.get(field)
    if field == "winners":
        data["outcome"] = {"winners": [10**30, True, -1], "reason": ["x"]}
    odd = good.with_name("20990101-000000-kubtafl.json")
    odd.write_text(json.dumps(data).replace("Infinity", "1e400"), encoding="utf-8")
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        frames(app, 3)
        scene = app.scenes.current
        listed = {item.path.name: item for item in scene.listed}[odd.name]
        if listed.record is None:
            assert listed.problem.startswith(odd.name)
        else:
            scene.row_texts(listed)
            scene.select(scene.listed.index(listed))
            click(app, button_by_text(app, "Replay"))
            frames(app, 3)
            if field == "level":  # the record's level cannot be read: the replay is refused with its reason
                assert app.scenes.current_name == "games" and any("fifo.json" in m for m in app.messages)
    finally:
        app.close()


# ----- a data folder that cannot be written: every way into a game plays on, and says so once -----
def _finished_session(autosave=True):
    """A hot-seat Kubtafl game played to its end by random moves (its autosave is cleared, its record kept)."""
    import random

    from game.client.play.session import GameSession

    session = GameSession("kubtafl", "endgame", ["human", "human"], seed=2, autosave=autosave)
    rng = random.Random(7)
    while not session.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def test_quick_launch_with_a_data_folder_that_is_a_plain_file_plays_without_saving(home):
    from game.client.app import start_session

    (home / "data").write_text("not a folder", encoding="utf-8")
    app = make_app(menu=False)
    try:
        start_session(app, "kubtafl", None, ["human", "human"], 1)  # what `--mode kubtafl` does
        frames(app, 3)
        assert app.scenes.current_name == "kubtafl"
        assert len([m for m in app.messages if "could not be saved" in m]) == 1
    finally:
        app.close()


def test_quick_launch_over_an_autosave_that_is_a_folder_keeps_it_and_says_so(home):
    from game.client.app import start_session

    saves.autosave_path().mkdir(parents=True)
    app = make_app(menu=False)
    try:
        start_session(app, "kubtafl", None, ["human", "human"], 1)
        frames(app, 3)
        assert app.scenes.current_name == "kubtafl"
        assert any("autosave.json" in m and "a folder" in m for m in app.messages)
        assert saves.autosave_path().with_name("autosave.json.bad").is_dir()
    finally:
        app.close()


def test_rematch_with_a_data_folder_that_is_a_plain_file(home):
    session = _finished_session()
    (home / "data").rename(home / "data.old")
    (home / "data").write_text("not a folder", encoding="utf-8")
    app = make_app(menu=False)
    try:
        app.goto("kubtafl", session=session)
        for _ in range(600):
            frames(app, 1)
            if app.scenes.current.dialogs.overlay == "game_over":
                break
        click(app, button_by_text(app, "Rematch"))
        frames(app, 3)
        board = app.scenes.current
        assert board.session is not session and not board.session.is_over and board.session.log == []
        assert len([m for m in app.messages if "could not be saved" in m]) == 1
    finally:
        app.close()


def test_a_finished_games_save_in_a_read_only_folder_leaves_the_menu_working(home, monkeypatch):
    finished = _finished_session(autosave=False)
    path = saves.write_save(finished.to_dict())
    real_unlink = type(path).unlink

    def read_only(self, *args, **kwargs):
        if os.fspath(self) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(self))
        return real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(type(path), "unlink", read_only)
    app = make_app()
    try:
        assert app.scenes.current_name == "menu"
        assert len([m for m in app.messages if "could not be saved" in m and "Permission denied" in m]) == 1
        click(app, button_by_text(app, "Settings"))
        click(app, button_by_text(app, "Back"))
        assert app.scenes.current_name == "menu"
        assert len([m for m in app.messages if "could not be saved" in m]) == 1  # said once, not on every visit
        assert path.exists()
    finally:
        app.close()


def test_a_save_that_fails_during_play_is_told_at_once(home, monkeypatch):
    from game.client.play.session import GameSession
    from tests.client_helpers import click_cell, settle

    app = make_app(anim_speed="instant")
    try:
        app.goto("kubtafl", session=GameSession("kubtafl", "standard", ["human", "human"], seed=1))
        settle(app)

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", full)  # the atomic writer's last step
        monkeypatch.setattr(os, "link", full)  # a new file's last step
        click_cell(app, "b2")
        click_cell(app, "b5")
        frames(app, 2)
        assert app.scenes.current.session.log == ["b2-b5"]
        told = [m for m in app.messages if "could not be saved" in m and "No space left" in m]
        assert len(told) == 1  # at once, while playing: not only at Save & quit
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["menu", "howto", "kubtafl"])
@pytest.mark.parametrize("size", [(0, 0), (1, 1)])
def test_a_tiny_resize_in_full_screen_keeps_the_smallest_layout(home, scene, size):
    import pygame

    from game.client.app import MIN_WINDOW
    from game.client.play.session import GameSession
    from tests.client_helpers import key

    app = make_app()
    try:
        if scene == "kubtafl":
            app.goto("kubtafl", session=GameSession("kubtafl", "standard", ["human", "human"], seed=1))
        elif scene != "menu":
            app.goto(scene, mode="kubtafl")
        frames(app, 2)
        key(app, pygame.K_F11)
        assert app.settings.fullscreen
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 3)
        assert app.screen_size[0] >= MIN_WINDOW[0] and app.screen_size[1] >= MIN_WINDOW[1]
        assert app.scenes.current_name == scene
    finally:
        app.close()


@pytest.mark.parametrize("mode", ["chess960", "battle_checkers"])
def test_autosave_of_a_mode_this_version_cannot_play_is_kept_and_told(home, monkeypatch, mode):
    from dataclasses import replace

    from game.engine import registry

    # A mode with rules but, in this version, no board yet: its spec names a scene that is not there.
    specs = tuple(replace(s, scene="game.client.nosuch:Scene") if s.name == mode else s for s in registry.MODES)
    monkeypatch.setattr(registry, "MODES", specs)
    path = saves.write_save({"mode": mode, "actions": []})
    before = path.read_bytes()
    app = make_app()
    try:
        told = [m for m in app.messages if "cannot be played in this version" in m]
        assert len(told) == 1 and str(path) in told[0]
        read_messages(app)
        click(app, button_by_text(app, "Kubtafl"))
        click(app, button_by_text(app, "Start game"))
        frames(app, 3)
        assert path.read_bytes() == before  # kept for a version that can play it: a new game never replaces it
    finally:
        app.close()


@pytest.mark.parametrize("kind", ["deep", "huge", "fifo", "directory"])
def test_launch_with_a_damaged_level_file_is_one_line_naming_it(home, tmp_path, capsys, kind):
    from game.cli import main as cli_main

    path = tmp_path / "level.json"
    _write(path, kind)
    assert cli_main(["--mode", "kubtafl", "--level", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"main.py: {path}: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_config_folder_that_cannot_be_written_only_stops_saving_settings(home):
    import pygame

    from tests.client_helpers import key

    (home / "config").write_text("not a folder", encoding="utf-8")
    app = make_app()
    try:
        key(app, pygame.K_F11)
        key(app, pygame.K_F11)  # two changes, one message: the folder stays unwritable
        told = [m for m in app.messages if m.startswith("Settings could not be saved")]
        assert len(told) == 1 and app.scenes.current_name == "menu"
        click(app, button_by_text(app, "Settings"))
        assert app.scenes.current_name == "settings"
    finally:
        app.close()
    assert (home / "config").read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("kind", ["deep", "huge", "fifo", "directory", "binary"])
def test_replay_of_a_damaged_record_file_is_one_line_naming_it(home, tmp_path, capsys, kind):
    from game.cli import main as cli_main

    path = tmp_path / "game.json"
    _write(path, kind)
    assert cli_main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("main.py: game.json: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1
