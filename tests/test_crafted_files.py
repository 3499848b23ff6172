"""Crafted files: no file the game reads can stall a screen or make a later save fail, and a text quoted from a file
can never reorder the message it is shown in."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.engine import files
from game.learn.progress import load_progress, progress_path
from tests.client_helpers import button_by_text, click, frames, key, make_app

BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def _progress_file(data: object) -> str:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return text


@pytest.mark.parametrize("chance", ["1e-10000000", "1e999999999", "1e-100000", "1E5", "0.5e-3", "-1/2", "1_0/3"])
def test_a_chance_written_as_an_exponent_is_refused_before_it_is_converted(home, chance):
    _progress_file({"version": 1, "stars": {"kubtafl/moving-1": 2}, "chances": {"challenge/kubtafl/a": chance}})
    loaded = load_progress()  # a ten-million-digit power would never return
    assert loaded.problem is not None and "chances.challenge/kubtafl/a" in loaded.problem
    assert "Exceeds the limit" not in loaded.problem
    assert loaded.chances == {} and loaded.save() is None  # the next save works: nothing unwritable was kept


def test_a_chance_as_the_game_writes_it_still_loads(home):
    _progress_file({"version": 1, "stars": {}, "chances": {"challenge/checkrisk/a": "12343/46656", "b": "1", "c": "0"}})
    loaded = load_progress()
    assert loaded.problem is None and str(loaded.chances["challenge/checkrisk/a"]) == "12343/46656"


def test_a_newer_versions_progress_is_read_and_never_rewritten(home):
    text = _progress_file({"version": 99, "offered": True, "stars": {"kubtafl/moving-1": 3}, "badges": ["x"]})
    loaded = load_progress()
    assert loaded.get("kubtafl/moving-1") == 3 and loaded.newer and not loaded.writable
    loaded.record("kubtafl/moving-2", 2)
    problem = loaded.save()
    assert problem is not None and "newer version" in problem and "Exceeds" not in problem
    assert progress_path().read_text(encoding="utf-8") == text


def test_a_newer_versions_progress_this_version_cannot_read_is_kept_as_it_is(home):
    text = _progress_file({"version": 99, "stars": ["a new shape"]})
    loaded = load_progress()
    assert loaded.newer and loaded.stars == {} and loaded.save() is not None
    assert progress_path().read_text(encoding="utf-8") == text
    assert sorted(p.name for p in progress_path().parent.iterdir()) == ["learn.json"]  # nothing set aside


def test_learn_says_a_newer_progress_file_is_not_saved(home):
    from game.client.learn.start import progress

    _progress_file({"version": 99, "stars": {}})
    app = make_app()
    try:
        progress(app)
        assert any("newer version" in message for message in app.messages)
    finally:
        app.close()


def test_the_one_cleaning_function_removes_bidi_controls():
    assert files.clean_text(f"rock\u0000et{BIDI}") == "rocket"
    assert not files.is_clean("a\u202eb")
    with pytest.raises(ValueError, match="control characters"):
        files.checked_text("Anna\u202e", "name", 16)


def test_a_toast_quoting_an_option_name_with_an_override_reads_in_order(home):
    from game.client.play.session import GameSession

    app = make_app()
    try:
        with pytest.raises(ValueError) as caught:
            GameSession("checkrisk", "standard", ["human", "human"], options={"rock\u0000et\u202e": 3})
        app.notify(f"{caught.value} rock\u202eet")
        assert not any(ch in app.messages[-1] for ch in BIDI + "\x00")
    finally:
        app.close()


# ----- saves and records as big as their limits allow -----
def _save_with(**fields: object) -> Path:
    """A Kubtafl game's own save file with some of its session's fields replaced."""
    from game.client import saves
    from game.client.play.session import GameSession

    session = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=2)
    session.save()
    envelope = json.loads(session.save_path.read_text(encoding="utf-8"))
    envelope["session"].update(fields)
    session.save_path.write_text(json.dumps(envelope), encoding="utf-8")
    assert saves.save_files() == [session.save_path]
    return session.save_path


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"seats": ["ai:hard"] * 20_000}, "'seats': 20000 seats"),
        ({"seats": ["ai:hard"]}, "'seats': 1 seats"),
        ({"seats": ["ai:" + "h" * 5000, "human"]}, "seats\\[0\\]"),
        ({"names": ["Anna" * 1000, ""]}, "names\\[0\\]"),
        ({"names": [""] * 9}, "'names'"),
        ({"presets": ["x"] * 3}, "'presets'"),
        ({"actions": ["c1-c2"] * 40_000}, "'actions': 40000 moves"),
        ({"actions": ["x" * 300]}, "move 1"),
        ({"level": "standard\u202e"}, "level"),
        ({"padding": "x" * 3_000_000}, "too large"),  # more than the longest game of any level in notation
    ],
)
def test_a_save_is_checked_on_load_as_strictly_as_a_record(home, fields, named):
    from game.client import saves

    path = _save_with(**fields)
    with pytest.raises(saves.AutosaveError, match=named):
        saves.load_save(path)
    assert saves.unfinished() == [] and path.with_name(path.name + ".bad").exists()
    assert named.replace("\\", "") in (saves.take_problem() or "")


def test_a_save_of_twenty_thousand_seats_never_reaches_a_screen(home, monkeypatch):
    from game.client import game_names

    _save_with(seats=["ai:hard"] * 20_000)
    seen: list[int] = []
    real = game_names.seat_labels

    def counting(t, mode, level, seats, names):
        seen.append(len(seats))
        return real(t, mode, level, seats, names)

    monkeypatch.setattr(game_names, "seat_labels", counting)
    monkeypatch.setattr("game.client.games.seat_labels", counting)
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        frames(app)
        assert app.scenes.current.items == [] and max(seen, default=0) <= 4
        assert any("20000 seats" in message for message in app.messages)
        key(app, pygame.K_ESCAPE)
        app.toasts.clear()  # the message told; it no longer covers the buttons
        click(app, button_by_text(app, "Kubtafl"))  # the new-game dialog looks for the oldest game too
        assert app.scenes.current_name == "new_game" and max(seen, default=0) <= 4
    finally:
        app.close()


def test_seat_labels_count_each_label_once():
    from game.client.game_names import seat_labels
    from game.client.i18n import Translator

    class Counted(str):
        """A label that counts how often it is compared."""

        compared = 0

        def __eq__(self, other: object) -> bool:
            Counted.compared += 1
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    t = Translator("en")
    labels = seat_labels(t, "checkrisk", "standard", ["ai:hard"] * 4, [""] * 4)
    assert labels[0] == "Player 1 · Computer (hard)"
    from game.client import game_names

    real = game_names.computer
    try:
        game_names.computer = lambda t, seat: Counted(real(t, seat))
        seat_labels(t, "checkrisk", "standard", ["ai:hard"] * 2000, [])
    finally:
        game_names.computer = real
    assert Counted.compared < 20_000  # a count per seat compares 2000 × 2000 times


def _junk_record(folder: Path, n: int, moves: int) -> Path:
    data = {
        "format": "kubiki-record",
        "mode": "kubtafl",
        "level": "standard",
        "seed": 1,
        "seats": ["human", "human"],
        "actions": ["c1-c2"] * moves,
        "outcome": {"winners": [0], "reason": "x"},
        "date": 1_700_000_000.0 + n,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"20240101-{n:06d}-kubtafl.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_record_of_junk_moves_is_refused_by_its_count_and_read_once(home, monkeypatch):
    from game.client.play import records

    folder = records.records_dir()
    junk = [_junk_record(folder, n, moves) for n, moves in enumerate([1_600_000, 40_000])]
    fine = _junk_record(folder, 9, 10)
    looked: list[object] = []
    reads: list[str] = []
    real_clean, real_plain, real_read = files.is_clean, records._plain_notation, records.read_records
    monkeypatch.setattr(
        records.files, "is_clean", lambda text: ("c1" in text and looked.append(text)) or real_clean(text)
    )
    monkeypatch.setattr(records, "_plain_notation", lambda moves: looked.append(moves) or real_plain(moves))
    monkeypatch.setattr(
        records, "read_records", lambda path, *limit: reads.append(path.name) or real_read(path, *limit)
    )
    listed = {item.path: item for item in records.list_records()}
    assert reads == []  # listed by name: each is read when its row is shown
    assert listed[junk[0]].record is None and "too large" in listed[junk[0]].problem  # 14 MB: never parsed
    assert listed[junk[1]].record is None and "40000 moves" in listed[junk[1]].problem
    assert looked == []  # the junk records' moves were never looked at, by count first
    assert listed[fine].record is not None
    assert sorted(reads) == sorted(p.name for p in [*junk, fine])
    reads.clear()
    records.list_records()  # the next visit of the Games screen reads no file that did not change
    assert reads == []
    _junk_record(folder, 9, 12)  # a file that changed is read again
    assert {item.path: item.record for item in records.list_records()}[fine].actions == ["c1-c2"] * 12
    assert reads == [fine.name]
