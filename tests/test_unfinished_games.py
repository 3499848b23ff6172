"""Every unfinished game is kept: a new game (from the menu or the command line) never removes another, Continue
resumes the last played, the Games screen lists the unfinished games above the finished ones and resumes or (after a
question) deletes them, an earlier version's autosave moves in unchanged, and the cap says so before the oldest
goes. The list names seats by name and level and setups by title."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pygame
import pytest

from game.client import saves, shapes
from game.client.game_names import level_info, played_date, setup_title
from game.client.play import records
from game.client.play.session import GameSession
from game.engine import registry
from tests.client_helpers import button_by_text, button_texts, click, click_at, frames, key, make_app

COMPAT = Path(__file__).parent / "data" / "compat"


def kubtafl_game(seed: int, moves: int) -> GameSession:
    """A hot-seat Kubtafl game with `moves` decisions played, saved in its own file as a board saves it."""
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=seed)
    session.save()
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session


def leave_to_menu(app) -> None:
    """Esc, then Save and quit, as a player leaves a game."""
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Save and quit to menu"))
    assert app.scenes.current_name == "menu"


def continue_button(app):
    """The menu's Continue button (its text names the mode)."""
    return button_by_text(app, next(t for t in button_texts(app) if t.startswith("Continue")))


def test_starting_a_second_game_from_the_menu_keeps_the_first(app):
    click(app, button_by_text(app, "Kubtafl"))
    click(app, button_by_text(app, "Start game"))
    first = app.scenes.current.session
    first.apply(first.state.legal_actions()[0])
    leave_to_menu(app)
    click(app, button_by_text(app, "Battle Checkers"))
    click(app, button_by_text(app, "Start game"))  # no question: nothing is replaced
    assert app.scenes.current_name == "battle_checkers"
    second = app.scenes.current.session
    leave_to_menu(app)
    games = saves.unfinished()
    assert [game.path for game in games] == [second.save_path, first.save_path]
    assert games[1].session == first.to_dict()
    assert continue_button(app).text == "Continue · Battle Checkers"


def test_a_quick_launch_over_an_unfinished_game_keeps_it(home, monkeypatch):
    from game.cli import main
    from game.client.app import App

    left = kubtafl_game(seed=1, moves=3)
    seen: dict[str, object] = {}

    def loop(app: App) -> None:
        """Instead of the window's loop: a few frames of the launched game."""
        frames(app, 3)
        seen["session"] = app.scenes.current.session

    monkeypatch.setattr(App, "run_loop", loop)
    assert main(["--mode", "battle_checkers", "--seat1", "human"]) == 0
    launched = seen["session"]
    games = {game.path: game for game in saves.unfinished()}
    assert set(games) == {left.save_path, launched.save_path}
    assert games[left.save_path].session == left.to_dict()
    assert games[launched.save_path].mode == "battle_checkers"


def test_a_quick_launch_at_the_cap_says_which_game_goes_before_it_goes(home, monkeypatch, capsys):
    from game.cli import main
    from game.client.app import App

    game = {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "seed": 1, "actions": []}
    paths = [saves.write_save(dict(game)) for _ in range(saves.KEEP)]
    oldest = saves.load_save(paths[0])

    from game.client import app as app_module

    start = app_module.start_session
    told_before: list[tuple[str, bool]] = []

    def starting(*args: object, **kwargs: object) -> object:
        """What was printed before the game starts, and whether the oldest game was still kept then."""
        told_before.append((capsys.readouterr().out, paths[0].exists()))
        return start(*args, **kwargs)

    monkeypatch.setattr(app_module, "start_session", starting)
    monkeypatch.setattr(App, "run_loop", lambda app: None)
    assert main(["--mode", "kubtafl", "--seat1", "human"]) == 0
    ((said, kept),) = told_before
    assert kept and "removes the oldest" in said and played_date(oldest.saved) in said
    assert not paths[0].exists() and len(saves.unfinished()) == saves.KEEP
    saves.remove_save(paths[1])
    assert main(["--mode", "kubtafl", "--seat1", "human"]) == 0
    assert told_before[1][0] == ""  # room again: nothing to say


def test_continue_resumes_the_last_played_game_and_the_others_stay(home):
    a = kubtafl_game(seed=1, moves=2)
    b = kubtafl_game(seed=2, moves=1)
    a.apply(a.state.legal_actions()[0])  # started first, played last
    app = make_app()
    try:
        assert continue_button(app).text == "Continue · Kubtafl"
        click(app, continue_button(app))
        resumed = app.scenes.current.session
        assert resumed.log == a.log and resumed.state.to_dict() == a.state.to_dict()
        assert resumed.save_path == a.save_path
        leave_to_menu(app)
        assert [game.session["actions"] for game in saves.unfinished()] == [a.log, b.log]
        assert app.scenes.current.unfinished_count == 2
    finally:
        app.close()


def test_restart_keeps_the_games_file_and_a_rematch_gets_its_own(app):
    click(app, button_by_text(app, "Kubtafl"))
    click(app, button_by_text(app, "Start game"))
    board = app.scenes.current
    board.session.apply(board.session.state.legal_actions()[0])
    path = board.session.save_path
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Restart"))
    click(app, button_by_text(app, "Start again"))
    restarted = app.scenes.current.session
    assert restarted.save_path == path and [game.path for game in saves.unfinished()] == [path]
    assert saves.load_save(path).session == restarted.to_dict()
    app.scenes.current.rematch()
    assert app.scenes.current.session.save_path not in (None, path) and len(saves.unfinished()) == 2


def _record(mode: str, level: str, seats: list[str], names: list[str], winners: list[int] | None) -> Path:
    """A finished game's record in the records folder (listing does not replay it)."""
    record = records.GameRecord(mode, level, ["x"], 1, seats, winners, "", 1_700_000_000.0, names=names)
    return records.save_record(record)


def test_the_games_screen_lists_unfinished_games_above_records_and_resumes_one_by_a_click(home):
    kept = _record("kubtafl", "standard", ["human", "ai:hard"], ["", ""], [1])
    older = kubtafl_game(seed=1, moves=2)
    newer = kubtafl_game(seed=2, moves=5)
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        assert app.scenes.current_name == "games"
        assert scene.lines == ["unfinished", 0, 1, "finished", 2]
        assert [item.path for item in scene.items] == [newer.save_path, older.save_path, kept]
        row = scene.row_texts(scene.items[1])
        assert (row.mode, row.setup, row.seats) == ("Kubtafl", "Standard", "Light vs Dark")
        assert (row.status, row.detail) == ("Light to play", "turn 2")  # each side has moved once: Light's second turn
        assert row.date == played_date(scene.items[1].saved)
        assert scene.row_texts(scene.items[2]).status == "Computer (hard) won"
        frames(app)
        assert scene.cut == []
        click_at(app, scene.row_rects[2].center)  # the header is line 0, the newer game line 1
        assert scene.selected == 1 and scene.selected_game().path == older.save_path
        assert "Resume" in button_texts(app) and "Replay" not in button_texts(app)
        click(app, button_by_text(app, "Resume"))
        assert app.scenes.current_name == "kubtafl"
        board = app.scenes.current
        assert board.session.log == older.log and board.session.state.to_dict() == older.state.to_dict()
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_selected_rows_marker_keeps_the_themes_gap_before_the_date(home, size):
    kubtafl_game(seed=1, moves=2)
    kubtafl_game(seed=2, moves=3)
    app = make_app(size)
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        key(app, pygame.K_DOWN)
        frames(app)
        assert scene.selected == 1 and scene.marker is not None
        date = scene.dates[1]
        tip = scene.marker.right - 1  # the marker's last column of pixels
        assert date.left - tip >= app.s(shapes.GAP), (scene.marker, date)
        assert scene.cut == []
    finally:
        app.close()


def test_deleting_an_unfinished_game_needs_the_players_yes(home):
    game = kubtafl_game(seed=1, moves=1)
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        click_at(app, scene.row_rects[1].center)
        click(app, button_by_text(app, "Delete…"))
        assert scene.confirm is not None and scene.confirm.open and "Kubtafl, Light vs Dark" in scene.confirm.question
        click(app, button_by_text(app, "Keep it"))
        assert not scene.confirm.open and game.save_path.exists()
        key(app, pygame.K_DELETE)  # the key asks too, and Esc says no
        assert scene.confirm.open
        key(app, pygame.K_ESCAPE)
        assert not scene.confirm.open and game.save_path.exists() and app.scenes.current_name == "games"
        click(app, button_by_text(app, "Delete…"))
        click(app, button_by_text(app, "Delete"))
        assert not game.save_path.exists() and saves.unfinished() == [] and scene.items == []
    finally:
        app.close()


def test_an_earlier_versions_autosave_moves_in_unchanged_on_the_first_start(home):
    old = (COMPAT / "autosave.json").read_bytes()
    kept = json.loads((COMPAT / "sessions" / "checkrisk_corners4_save.json").read_text(encoding="utf-8"))
    legacy = saves.autosave_path()
    legacy.parent.mkdir(parents=True)
    legacy.write_bytes(old)
    app = make_app()
    try:
        [game] = saves.unfinished()
        assert not legacy.exists() and game.path.parent == saves.saves_dir() and game.path.read_bytes() == old
        assert not any("autosave" in message for message in app.messages)
        click(app, continue_button(app))
        assert app.scenes.current_name == "checkrisk"
        resumed = app.scenes.current.session
        assert resumed.state.to_dict() == kept["state"] and resumed.to_dict() == kept["save"]
    finally:
        app.close()


def test_the_cap_is_said_in_the_dialog_before_the_oldest_game_goes(home):
    game = {"mode": "kubtafl", "level": "standard", "seats": ["human", "human"], "seed": 1, "actions": []}
    paths = [saves.write_save(dict(game)) for _ in range(saves.KEEP - 1)]
    app = make_app()
    try:
        click(app, button_by_text(app, "Kubtafl"))
        assert app.scenes.current.cap_note == ""  # room for one more
        key(app, pygame.K_ESCAPE)
        paths.append(saves.write_save(dict(game)))
        click(app, button_by_text(app, "Kubtafl"))
        note = app.scenes.current.cap_note
        oldest = saves.load_save(paths[0])
        assert "At most 30" in note and "removes the oldest" in note and played_date(oldest.saved) in note
        assert all(path.exists() for path in paths)
        click(app, button_by_text(app, "Start game"))
        assert app.scenes.current_name == "kubtafl"
        frames(app)
        games = saves.unfinished()
        assert len(games) == saves.KEEP and games[0].path == app.scenes.current.session.save_path
        assert not paths[0].exists() and all(path.exists() for path in paths[1:])
        assert any("the oldest was removed" in message for message in app.messages)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_games_list_names_seats_by_name_and_level_and_setups_by_title(home, language):
    _record("checkrisk", "standard", ["human", "ai:hard"], ["Anna", ""], [1])
    _record("battle_checkers", "skirmish6", ["ai:easy", "ai:easy"], [], [0])
    app = make_app(language=language)
    try:
        click(app, button_by_text(app, app.t("menu.games")))
        scene = app.scenes.current
        rows = [scene.row_texts(item) for item in scene.items]
        text = " ".join(" ".join(row[:6]) for row in rows)
        assert "player1" not in text and "player2" not in text and "Skirmish6" not in text
        if language == "en":
            by_mode = {row.mode: row for row in rows}
            assert by_mode["CheckRisk"].seats == "Anna vs Computer (hard)"
            assert by_mode["CheckRisk"].status == "Computer (hard) won"
            assert by_mode["Battle Checkers"].setup == "Skirmish"
            # Two computers of one level are told apart by their seats' names.
            assert by_mode["Battle Checkers"].seats == "Orange · Computer (easy) vs Blue · Computer (easy)"
            assert by_mode["Battle Checkers"].status == "Orange · Computer (easy) won"
        else:
            assert any(row.seats == "Anna — Компьютер (сильный)" for row in rows)
            assert any(row.setup == "Стычка" for row in rows)
    finally:
        app.close()


def test_every_setup_has_a_title_and_writes_sizes_with_a_times_sign():
    for mode in registry.modes():
        for level in registry.levels(mode):
            for language in ("en", "ru"):
                title, description = level_info(mode, level, language)
                assert title and title == setup_title(mode, level, language)
                assert not re.search(r"[A-Za-z]\d", title), (mode, level, title)  # a file's name, not a title
                assert not re.search(r"\d+x\d+", title + description), (mode, level, language)
    assert level_info("battle_checkers", "skirmish6", "en")[0] == "Skirmish"


def test_a_turn_is_counted_once_whoever_decides_inside_it(home):
    """A CheckRisk defender's stand or retreat (C12.4) stays in the attacker's turn; the next seat's turn counts one
    more, and the Games screen's summary carries the number."""
    from game.client.checkrisk import demo
    from game.engine.checkrisk import actions as A

    session = demo.played_until("standard", 2, demo.retreat_ready, seed=6)
    session.seats = ["human", "human"]
    attacker = session.state.turn_seat()
    assert session.current_seat != attacker  # the defender decides inside the attacker's turn
    turn = session.turn_number()
    assert session.undo()  # back to the attacker's own decision before the defender's: the same turn
    assert session.state.current_player() == attacker and session.turn_number() == turn
    session.redo()
    session.apply(A.STAND)
    while session.state.turn_seat() == attacker:
        state = session.state
        legal = state.legal_actions()
        session.apply(A.END if A.END in legal else legal[0])
    assert session.turn_number() == turn + 1
    session.autosave = True
    session.save()
    assert session.summary()["turn"] == session.count()[0]  # as the board counts it (CheckRisk: the round)
    assert saves.unfinished()[0].turn == session.count()[0]


def test_a_save_without_a_turn_count_shows_its_move(home):
    session = kubtafl_game(seed=1, moves=2)
    envelope = json.loads(session.save_path.read_text())
    del envelope["summary"]["turn"]  # as an earlier version wrote it
    session.save_path.write_text(json.dumps(envelope))
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        assert scene.row_texts(scene.items[0]).detail == "move 3"
    finally:
        app.close()


@pytest.mark.parametrize(
    ("mode", "word", "bad"),
    [("battle_checkers", "turn", [5, 3]), ("checkrisk", "round", ["x", 60])],
)
def test_the_games_list_counts_as_the_board_does(home, mode, word, bad):
    """Battle Checkers counts each side's turns against B13's limit, CheckRisk rounds against C15's, as their boards
    show them; a summary whose count cannot be right falls back to the turns of the list."""
    session = GameSession(mode, "standard", ["human", "human"], seed=4)
    session.save()
    rng = random.Random(2)
    while session.state.progress() is None or session.state.progress()[0] < 2:
        session.apply(rng.choice(session.state.legal_actions()))
    n, limit = session.state.progress()
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        assert scene.row_texts(scene.items[0]).detail == f"{word} {n} of {limit}"
        envelope = json.loads(session.save_path.read_text())
        envelope["summary"]["progress"] = bad
        session.save_path.write_text(json.dumps(envelope))
        app.goto("games")
        scene = app.scenes.current
        assert scene.row_texts(scene.items[0]).detail == f"turn {session.count()[0]}"  # the board's count still
    finally:
        app.close()
