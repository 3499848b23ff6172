"""The bad-file matrix: damaged settings, autosave and level files never crash or hang the game, are named in a
message, and are kept (never overwritten); an unwritable data folder only stops saving."""

from __future__ import annotations

import json
import os

import pytest

from game.client import saves, userfiles
from game.client.settings import Settings, load_settings
from tests.client_helpers import button_by_text, click, frames, make_app

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = '{"format": 1, "session": {"mode": "kubtafl", "seed": ' + "9" * 5000 + "}}"


def _write(path, kind):
    """Put a damaged file of `kind` at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        data = {"truncated": b'{"language": "e', "empty": b"", "wrong_types": b'{"language": 5, "format": "x"}',
                "deep": DEEP.encode(), "huge": HUGE.encode(), "binary": bytes(range(256))}[kind]
        path.write_bytes(data)


KINDS = ["truncated", "empty", "wrong_types", "deep", "huge", "binary", "directory", "fifo"]


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
    saves.write_autosave({"mode": "chess960", "actions": []})
    app = make_app()
    try:
        assert any("chess960" in m for m in app.messages)
        click(app, button_by_text(app, "Kubtafl"))
        click(app, button_by_text(app, "Start game"))
        kept = saves.autosave_path().with_name("autosave.json.kept")
        assert json.loads(kept.read_text(encoding="utf-8"))["session"]["mode"] == "chess960"
    finally:
        app.close()


def test_stale_temp_files_are_removed_on_start(home):
    folder = home / "data"
    folder.mkdir()
    stale = folder / ".autosave.json.abc123.tmp"
    stale.write_text("{", encoding="utf-8")
    other = folder / "notes.tmp"
    other.write_text("mine", encoding="utf-8")
    app = make_app()
    app.close()
    assert not stale.exists() and other.exists()
