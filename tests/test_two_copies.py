"""Two copies of the game on one data folder, run as real processes: a new game's file name is claimed atomically
(two copies starting games in the same second never share a file), and a game one copy plays is marked in use, so
a second copy opening it is told and chooses to take it over or to open it read-only; a stale mark (its process
gone) is no obstacle."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.client import saves
from game.client.play.session import GameSession
from tests.client_helpers import button_by_text, button_texts, click, click_at, frames, key, make_app

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals and process ids as POSIX has them")

ROOT = Path(__file__).resolve().parent.parent

# A copy of the game that starts games: it makes them, says it is ready, and saves them all when told to, every
# one in the same second (the clock is held, as two copies started together would read it).
STARTER = """
import sys, time
from game.client.play.session import GameSession
count, first_seed = int(sys.argv[1]), int(sys.argv[2])
games = [GameSession("kubtafl", "standard", ["human", "human"], seed=first_seed + n) for n in range(count)]
time.time = lambda: 1_700_000_000.0
print("ready", flush=True)
sys.stdin.readline()
for game in games:
    game.save()
    game.apply(game.state.legal_actions()[0])  # and on: each writes its own file again
print("\\n".join(str(game.save_path) for game in games), flush=True)
"""

# A copy of the game playing one unfinished game: it opens it (marked as its own), then plays a move per line read.
PLAYER = """
import json, sys
from game.client import saves
from game.client.play.session import GameSession
session = GameSession.resume(saves.load_save(sys.argv[1]))
session.hold()
print("holding", flush=True)
for line in sys.stdin:
    session.apply(session.state.legal_actions()[0])
    print(json.dumps({"problem": session.save_problem, "taken_by": session.taken_by}), flush=True)
"""


def _copy(home: Path, script: str, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, KUBIKI_HOME=str(home), KUBIKI_AI_EXECUTOR="inline", PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def test_two_copies_starting_games_in_the_same_second_never_share_a_file(home):
    count = 12
    copies = [_copy(home, STARTER, str(count), str(1000 * n)) for n in range(2)]
    try:
        for copy in copies:
            assert copy.stdout.readline().strip() == "ready"
        for copy in copies:  # both go at once
            copy.stdin.write("go\n")
            copy.stdin.flush()
        paths = [[Path(line) for line in copy.communicate(timeout=120)[0].split()] for copy in copies]
    finally:
        for copy in copies:
            copy.kill()
            copy.wait()
    assert all(copy.returncode == 0 for copy in copies)
    assert not set(paths[0]) & set(paths[1])  # from their first save on, each game has its own file
    games = saves.unfinished()
    assert len(games) == 2 * count
    assert sorted(game.session["seed"] for game in games) == sorted(
        n + 1000 * c for c in range(2) for n in range(count)
    )
    assert all(len(game.session["actions"]) == 1 for game in games)


def _played_game() -> GameSession:
    game = GameSession("kubtafl", "standard", ["human", "human"], seed=1)
    game.save()
    game.apply(game.state.legal_actions()[0])
    game.close()  # this test's own copy leaves it
    return game


def _resume_from_games(app) -> None:
    click(app, button_by_text(app, "Games"))
    click_at(app, app.scenes.current.row_rects[1].center)
    click(app, button_by_text(app, "Resume"))


def test_a_game_played_by_another_copy_is_told_and_taken_over_or_opened_read_only(home):
    game = _played_game()
    other = _copy(home, PLAYER, str(game.save_path))
    app = make_app()
    try:
        assert other.stdout.readline().strip() == "holding"
        assert saves.holder(game.save_path) == other.pid
        _resume_from_games(app)
        scene = app.scenes.current
        assert app.scenes.current_name == "games" and scene.confirm.open
        assert f"process {other.pid}" in scene.confirm.question
        key(app, pygame.K_ESCAPE)  # neither: the list stays
        assert app.scenes.current_name == "games" and not scene.confirm.open

        before = game.save_path.read_bytes()
        click(app, button_by_text(app, "Resume"))
        click(app, button_by_text(app, "Open read-only"))
        board = app.scenes.current
        assert app.scenes.current_name == "kubtafl" and not board.session.autosave
        board.session.apply(board.session.state.legal_actions()[0])
        assert game.save_path.read_bytes() == before and saves.holder(game.save_path) == other.pid
        assert any("read-only" in message for message in app.messages)
        app.goto("menu")

        _resume_from_games(app)
        click(app, button_by_text(app, "Take it over"))
        board = app.scenes.current
        assert app.scenes.current_name == "kubtafl" and board.session.autosave
        assert saves.holder(game.save_path) is None  # this copy's own mark now
        board.session.apply(board.session.state.legal_actions()[0])
        mine = game.save_path.read_bytes()
        assert json.loads(mine)["session"]["actions"] == board.session.log

        other.stdin.write("move\n")  # the other copy plays on: it is told, and writes nothing over this one's game
        other.stdin.flush()
        said = json.loads(other.stdout.readline())
        assert said["taken_by"] == os.getpid() and "another Kubiki window" in said["problem"]
        assert game.save_path.read_bytes() == mine
    finally:
        app.close()
        other.kill()
        other.wait()


def test_continue_asks_too_and_a_stale_mark_is_no_obstacle(home):
    game = _played_game()
    other = _copy(home, PLAYER, str(game.save_path))
    try:
        assert other.stdout.readline().strip() == "holding"
        app = make_app()
        try:
            click(app, button_by_text(app, next(t for t in button_texts(app) if t.startswith("Continue"))))
            assert app.scenes.current_name == "menu" and app.scenes.current.confirm.open
            key(app, pygame.K_ESCAPE)
            assert app.scenes.current_name == "menu"
        finally:
            app.close()
    finally:
        other.send_signal(signal.SIGKILL)  # the other copy dies with its mark left on the game
        other.wait()
    assert saves.lock_path(game.save_path).exists() and saves.holder(game.save_path) is None
    app = make_app()
    try:
        click(app, button_by_text(app, next(t for t in button_texts(app) if t.startswith("Continue"))))
        assert app.scenes.current_name == "kubtafl"  # no question: nobody plays it
        frames(app)
        board = app.scenes.current
        board.session.apply(board.session.state.legal_actions()[0])
        assert board.session.save_problem is None and saves.holder(game.save_path) is None
        key(app, pygame.K_ESCAPE)
        click(app, button_by_text(app, "Save and quit to menu"))
        assert not saves.lock_path(game.save_path).exists()  # left: its mark is taken off
    finally:
        app.close()
