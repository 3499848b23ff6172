"""Bad command lines: every option is checked before a window opens, told in one line, exit code 2."""

from __future__ import annotations

import os

import pytest

from game.cli import main


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """A command line that gets through opens no window's loop here (it would wait for a player)."""
    from game.client.app import App

    monkeypatch.setattr(App, "run_loop", lambda app: None)


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("main.py: ") and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("seat", ["robot", "ai:", "ai:hard:-1", "ai:hard"])
def test_a_seat_the_level_does_not_have_is_refused_in_one_line(home, capsys, seat):
    assert main(["--mode", "kubtafl", "--seat2", seat]) == 2
    assert "--seat2" in _one_line(capsys)
    assert main(["--mode", "checkrisk", "--level", "corners3", "--seat3", seat]) == 2
    assert "--seat3" in _one_line(capsys)


@pytest.mark.parametrize("seat", ["robot", "ai:", "ai:hard:-1"])
def test_a_bad_seat_of_a_four_seat_level_is_named(home, capsys, seat):
    assert main(["--mode", "checkrisk", "--level", "corners4", "--seat3", seat]) == 2
    assert "--seat3" in _one_line(capsys)


def _fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize(
    "where",
    [
        lambda tmp: str((tmp / "file").write_text("x") and tmp / "file"),
        _fifo,
        lambda tmp: "/dev/null",
        lambda tmp: "/proc",
        lambda tmp: str(tmp / ("x" * 5001)),
        lambda tmp: str(tmp / "a\x00b"),
    ],
    ids=["file", "fifo", "device", "proc", "long", "nul"],
)
def test_a_screenshot_folder_that_cannot_be_one_is_refused_in_one_line(home, tmp_path, capsys, monkeypatch, where):
    from game.client import screenshots

    monkeypatch.setattr(screenshots, "render_screenshots", lambda *a, **k: pytest.fail("no folder to write into"))
    assert main(["--screenshot", where(tmp_path)]) == 2
    assert "--screenshot" in _one_line(capsys)
