"""Lesson progress: stars kept per lesson in the data folder, written atomically, a damaged file set aside and
reported (like the settings), never overwritten when it cannot be set aside."""

from __future__ import annotations

import json
import os

import pytest

from game.learn.progress import PROGRESS_FILE, Progress, load_progress, progress_path


def test_stars_survive_a_restart_and_only_improve(home):
    first = load_progress()
    assert first.fresh and first.stars == {} and first.problem is None
    assert first.record("kubtafl/moving-1", 2)
    assert first.save() is None
    again = load_progress()
    assert again.get("kubtafl/moving-1") == 2 and not again.fresh
    assert not again.record("kubtafl/moving-1", 1)  # a worse attempt keeps the best
    assert again.record("kubtafl/moving-1", 3) and again.save() is None
    assert load_progress().get("kubtafl/moving-1") == 3
    assert progress_path() == home / "data" / PROGRESS_FILE
    # Written atomically: no temp file is left beside it.
    assert sorted(p.name for p in progress_path().parent.iterdir()) == [PROGRESS_FILE]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{broken", "not valid JSON"),
        ('["a"]', "JSON object"),
        ('{"stars": {"kubtafl/moving-1": 9}}', "stars.kubtafl/moving-1"),
        ('{"stars": [], "offered": true}', "stars"),
        ('{"offered": "yes"}', "offered"),
    ],
)
def test_a_damaged_progress_file_is_set_aside_and_reported(home, content, says):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    loaded = load_progress()
    assert loaded.stars == {} and loaded.problem is not None
    assert says in loaded.problem and str(path) in loaded.problem and "kept as learn.json.bad" in loaded.problem
    assert (path.parent / "learn.json.bad").read_text(encoding="utf-8") == content
    assert loaded.record("kubtafl/moving-1", 1) and loaded.save() is None
    assert load_progress().get("kubtafl/moving-1") == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder that denies writes")
def test_a_damaged_file_that_cannot_be_set_aside_is_never_overwritten(home):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    path.parent.chmod(0o500)
    try:
        loaded = load_progress()
        assert not loaded.writable and "not saved" in (loaded.problem or "")
        loaded.record("kubtafl/moving-1", 3)
        assert loaded.save() is not None
    finally:
        path.parent.chmod(0o700)
    assert path.read_text(encoding="utf-8") == "{broken"


def test_the_file_holds_a_version_the_offer_and_sorted_stars(tmp_path):
    table = Progress({"kubtafl/b": 1, "kubtafl/a": 3}, True, tmp_path / PROGRESS_FILE)
    assert table.save() is None
    data = json.loads((tmp_path / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert data == {"version": 1, "offered": True, "stars": {"kubtafl/a": 3, "kubtafl/b": 1}}
