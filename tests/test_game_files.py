"""The files of games in progress: a finished game is kept as a record before its unfinished file goes, a game is
dated when it is played (never when it is only opened, never by a clock that ran ahead), the cap removes only the
game it named, and a game being watched is never kept as the player's unfinished game."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pygame
import pytest

from game.client import saves
from game.client.play import records
from game.client.play.session import GameSession
from tests.client_helpers import button_by_text, click, click_at, frames, key, make_app

GAME = {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "seed": 1, "actions": []}


def _moves_to_end(seed: int) -> int:
    """How many decisions a random hot-seat Kubtafl endgame (dice `seed`, choices seeded 7) takes to end."""
    session = GameSession("kubtafl", "endgame", ["human", "human"], seed=seed, autosave=False)
    rng = random.Random(7)
    n = 0
    while not session.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
        n += 1
    return n


def _one_move_from_the_end(seed: int = 2) -> tuple[GameSession, random.Random]:
    """The same game, saved as it is played, stopped one decision before its end."""
    last = _moves_to_end(seed)
    session = GameSession("kubtafl", "endgame", ["human", "human"], seed=seed)
    session.save()
    rng = random.Random(7)
    for _ in range(last - 1):
        session.apply(rng.choice(session.state.legal_actions()))
    assert not session.is_over
    return session, rng


def _records_unwritable() -> Path:
    """The records folder made unusable: a plain file where it should be (works as root too)."""
    folder = records.records_dir()
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder", encoding="utf-8")
    return folder


def test_a_game_that_ends_while_its_record_cannot_be_written_stays_unfinished_and_says_so(home):
    session, rng = _one_move_from_the_end()
    app = make_app()
    try:
        app.goto("kubtafl", session=session)
        frames(app)
        folder = _records_unwritable()
        session.apply(rng.choice(session.state.legal_actions()))
        frames(app)
        assert session.is_over and session.save_problem
        assert any("stays among the unfinished games" in message for message in app.messages)
    finally:
        app.close()
    [kept] = saves.unfinished()
    assert kept.path == session.save_path and kept.session["actions"] == session.log  # the end is in it
    folder.unlink()  # the folder can be written again: the next start keeps the record and removes the save
    app = make_app()
    try:
        assert saves.unfinished() == []
        [listed] = records.list_records()
        assert listed.record is not None and listed.record.actions == session.log
    finally:
        app.close()


def test_the_record_is_written_before_the_save_is_removed(home, monkeypatch):
    session, rng = _one_move_from_the_end()
    order: list[str] = []
    real_record, real_remove = records.save_record, saves.remove_save
    monkeypatch.setattr(records, "save_record", lambda *a: order.append("record") or real_record(*a))
    monkeypatch.setattr(saves, "remove_save", lambda *a: order.append("remove") or real_remove(*a))
    session.apply(rng.choice(session.state.legal_actions()))
    assert order == ["record", "remove"] and saves.unfinished() == []


def _copied_in(count: int, first_date: float) -> list[Path]:
    """`count` unfinished games written as another copy of the game would, dated a minute apart."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in range(count):
        path = folder / f"copied-{n:02d}-kubtafl.json"
        envelope = {"format": saves.FORMAT, "session": dict(GAME, seed=n), "saved": first_date + 60 * n}
        path.write_text(json.dumps(envelope), encoding="utf-8")
        paths.append(path)
    return paths


def test_starting_a_game_over_the_cap_removes_only_the_game_it_named(home):
    paths = _copied_in(35, 1_700_000_000.0)
    named = saves.would_drop()
    assert named is not None and named.path == paths[0]
    GameSession("kubtafl", "standard", ["human", "human"], seed=9).save()
    gone = [path for path in paths if not path.exists()]
    assert gone == [paths[0]] and saves.take_dropped().path == paths[0] and saves.take_dropped() is None


def test_games_dated_after_now_never_make_a_game_played_now_the_oldest(home):
    future = _copied_in(saves.KEEP - 1, 253_402_000_000.0)  # the year 9999: a clock once wrong
    played = GameSession("kubtafl", "standard", ["human", "human"], seed=9)
    played.save()
    played.apply(played.state.legal_actions()[0])
    assert saves.unfinished()[0].path == played.save_path
    assert saves.would_drop().path != played.save_path
    GameSession("kubtafl", "standard", ["human", "human"], seed=10).save()  # the 31st game
    assert played.save_path.exists() and sum(not path.exists() for path in future) == 1


def test_a_watched_game_is_never_the_players_continue_nor_pushes_a_game_out(home):
    own = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=1)
    own.save()
    _copied_in(saves.KEEP - 1, 1_600_000_000.0)
    watched = GameSession("kubtafl", "standard", ["ai:easy", "ai:easy"], seed=2)
    watched.save()
    for _ in range(4):
        watched.apply(watched.wait_ai())
    assert watched.save_path is None and saves.take_dropped() is None
    games = saves.unfinished()
    assert len(games) == saves.KEEP and games[0].path == own.save_path


def test_a_watched_game_from_the_command_line_leaves_continue_alone(home, monkeypatch):
    from game.cli import main
    from game.client.app import App

    own = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=1)
    own.save()
    monkeypatch.setattr(App, "run_loop", lambda app: frames(app, 3))
    assert main(["--mode", "kubtafl", "--watch"]) == 0
    assert [game.path for game in saves.unfinished()] == [own.save_path]


def _dated(session: GameSession, when: float) -> None:
    envelope = json.loads(session.save_path.read_text(encoding="utf-8"))
    envelope["saved"] = when
    session.save_path.write_text(json.dumps(envelope), encoding="utf-8")


def test_opening_a_game_keeps_its_date_and_playing_it_changes_it(home):
    game = GameSession("kubtafl", "standard", ["human", "human"], seed=1)
    game.save()
    game.apply(game.state.legal_actions()[0])
    _dated(game, 1_700_000_000.0)
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        click_at(app, app.scenes.current.row_rects[1].center)
        click(app, button_by_text(app, "Resume"))
        assert app.scenes.current_name == "kubtafl"
        key(app, pygame.K_ESCAPE)
        click(app, button_by_text(app, "Save and quit to menu"))
        assert saves.load_save(game.save_path).saved == 1_700_000_000.0
        click(app, button_by_text(app, next(t for t in _texts(app) if t.startswith("Continue"))))
        board = app.scenes.current
        board.session.apply(board.session.state.legal_actions()[0])
        assert saves.load_save(game.save_path).saved > 1_700_000_000.0
    finally:
        app.close()


def _texts(app) -> list[str]:
    from tests.client_helpers import button_texts

    return button_texts(app)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_four_seat_row_of_the_games_list_is_never_cut(home, size, language):
    long_names = ["Anastasia Romano", "Christopher Wren", "", "Maximiliana Long"]
    records.save_record(
        records.GameRecord(
            "checkrisk",
            "corners4",
            ["x"],
            1,
            ["ai:normal", "ai:hard", "ai:easy", "ai:hard"],
            [2],
            "",
            1.7e9,
            names=long_names,
        )
    )
    records.save_record(
        records.GameRecord("checkrisk", "corners4", ["x"], 1, ["human", *["ai:normal"] * 3], [3], "", 1.7e9 + 9)
    )
    GameSession("checkrisk", "corners4", ["human", "ai:hard", "ai:hard", "ai:easy"], seed=3, names=long_names).save()
    app = make_app(size, language=language)
    try:
        click(app, button_by_text(app, app.t("menu.games")))
        frames(app)
        scene = app.scenes.current
        assert len(scene.items) == 3 and scene.cut == []
        for item in scene.items:
            row = scene.row_texts(item)
            assert row.seats.endswith(app.t("games.vs").rstrip()) and row.seats_more.count(app.t("games.vs")) == 1
    finally:
        app.close()
