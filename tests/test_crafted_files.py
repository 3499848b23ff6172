"""Crafted files: no file the game reads can stall a screen or make a later save fail, and a text quoted from a file
can never reorder the message it is shown in."""

from __future__ import annotations

import json

import pytest

from game.engine import files
from game.learn.progress import load_progress, progress_path
from tests.client_helpers import make_app

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
