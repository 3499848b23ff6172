"""Review and replay on the board layer, game records, and the Kubtafl fixes, driven by posted events."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.client.board.scene import BoardScene
from game.client.modes import board_modes
from game.client.play import records
from game.client.play.session import GameSession
from game.engine import registry
from tests.client_helpers import board_of, click_at, frames, key, random_session, settle
from tests.driver import BoardDriver


def finished(level: str = "endgame", seed: int = 2) -> GameSession:
    """A finished hot-seat Kubtafl game (seeded random play) whose record is kept."""
    session = GameSession("kubtafl", level, ["human", "human"], seed=seed)
    rng = random.Random(7)
    while not session.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def test_click_a_move_step_with_arrows_input_refused_and_esc_returns(app):
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    for text in ("b2-b5", "g7-g2", "c2-c5", "g2-h2"):
        session.apply_text(text)
    app.goto("kubtafl", session=session)
    settle(app)
    board = board_of(app)
    d = BoardDriver(app)
    assert d.move_list.rows_shown >= 8
    frames(app, 2)
    d.click_entry(2)
    assert d.reviewing == 2
    # Dark's first move: both sides' first moves are turn 1, as the Games list and the results card count them.
    assert d.banner == app.t("review.banner", count="Turn 1", seat="Dark")
    expected = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    expected.apply_text("b2-b5")
    expected.apply_text("g7-g2")
    assert repr(d.reviewed_model) == repr(board.view.build_model(expected.state))
    assert not d.accepting
    key(app, pygame.K_LEFT)
    assert d.reviewing == 1
    key(app, pygame.K_END)
    assert d.reviewing == 4
    key(app, pygame.K_HOME)
    assert d.reviewing == 0
    before = list(session.log)
    d.click("a2")  # a board click while reviewing plays nothing
    assert session.log == before
    key(app, pygame.K_ESCAPE)
    assert d.reviewing is None and d.reviewed_model is None and d.accepting


def test_close_the_card_review_and_scroll_the_list(app):
    session = finished()
    app.goto("kubtafl", session=session)
    frames(app, 3)
    board = board_of(app)
    d = BoardDriver(app)
    assert d.overlay == "game_over"
    key(app, pygame.K_ESCAPE)
    assert d.overlay is None and set(d.buttons) == {"rematch", "review", "menu"}
    d.motion(d.move_list.rect.center)
    d.wheel(3, settle=2)
    assert d.move_list.scrolled_back() and d.move_list.chip_rect() is not None
    click_at(app, d.move_list.chip_rect().center, settle=1)
    assert not d.move_list.scrolled_back()
    key(app, pygame.K_LEFT)
    assert d.reviewing is not None and d.reviewing == d.review_total - 1
    # A finished game waits for nothing: its banner returns to the end, never "Live", and says so.
    frames(app, 1)
    assert d.banner_chip_key == "review.end"
    assert d.panel.status == app.t("review.status.over")
    chip = d.banner_chip
    assert chip is not None and board.panel_layout.rect.contains(chip)
    click_at(app, chip.center, settle=1)
    assert d.reviewing is None and d.overlay is None


def test_the_banner_leaves_the_board_and_its_coordinates_in_sight(app):
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    for text in ("b2-b5", "g7-g2", "c2-c5"):
        session.apply_text(text)
    app.goto("kubtafl", session=session)
    settle(app)
    board = board_of(app)
    d = BoardDriver(app)
    frames(app, 2)
    d.click_entry(2)
    chip = d.banner_chip
    assert d.reviewing is not None and chip is not None and d.banner_chip_key == "review.live"
    assert board.panel_layout.title.contains(chip) and not chip.colliderect(board.layout.frame)
    assert d.panel.status == app.t("review.status")


def test_a_corrupted_record_names_the_move(home, tmp_path):
    session = finished()
    data = json.loads(session.record_path.read_text(encoding="utf-8"))
    data["actions"][4] = "z9-z1"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    (record,) = records.read_records(bad)
    try:
        records.Timeline.of(record)
    except records.RecordError as exc:
        assert "move 5" in str(exc)
    else:
        raise AssertionError("a record with a wrong move replayed")
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    try:
        records.read_records(tmp_path / "junk.json")
    except records.RecordError as exc:
        assert "not valid JSON" in str(exc)
    else:
        raise AssertionError("junk was read as a record")


def test_redo_after_undo_until_a_new_action(home):
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False)
    session.apply_text("b2-b5")
    after = session.state.to_dict()
    session.undo()
    assert session.can_redo
    session.redo()
    assert session.state.to_dict() == after and not session.can_redo
    session.undo()
    session.apply_text("c2-c5")
    assert not session.can_redo


def test_no_kubtafl_setup_is_won_in_one_move():
    for level in registry.levels("kubtafl"):
        state = registry.load("kubtafl", level).initial_state()
        me = state.current_player()
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            outcome = after.outcome()
            assert outcome is None or outcome.winner != me, (level, state.action_to_str(action))


def _play_until(app, session, wanted):
    """Play random hot-seat moves until a legal action's event type names satisfy `wanted`; that action."""
    d = BoardDriver(app)
    rng = random.Random(4)
    for _ in range(80):
        state = session.state
        action = next(
            (a for a in state.legal_actions() if wanted({type(e).__name__ for e in state.clone().apply(a)})), None
        )
        if action is not None:
            return action
        d.commit(rng.choice(state.legal_actions()))
        d.skip()
        frames(app, 2)
    raise AssertionError("no such action within 80 moves")


def test_damage_number_follows_the_pushed_die(app):
    d = BoardDriver(app)
    from game.client.board.effects import float_origin

    session = GameSession("kubtafl", "standard", ["human", "human"], seed=42, autosave=False)
    app.settings.anim_speed = "normal"
    app.goto("kubtafl", session=session)
    settle(app)
    action = _play_until(app, session, lambda names: {"Damaged", "Pushed"} <= names)  # a ram pushes the die it damages
    BoardDriver(app).commit(action)
    floats = []
    for _ in range(120):
        frames(app, 1)
        floats += [e for e in d.effects("float") if e not in floats]
        if not d.busy:
            break
    assert floats
    moved = [e for e in floats if e.params.get("follow") is not None]
    assert moved and all(float_origin(e) != (e.params["x"], e.params["y"]) for e in moved)


def test_last_move_mark_is_where_the_mover_ended(app):
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=42, autosave=False)
    app.goto("kubtafl", session=session)
    settle(app)
    board = board_of(app)
    action = _play_until(app, session, lambda names: "Impact" in names)
    events = session.state.clone().apply(action)
    impact = next(e for e in events if type(e).__name__ == "Impact")
    d = BoardDriver(app)
    d.commit(action)
    d.skip()
    frames(app, 2)
    src, dst, _side = board.view.last_action()
    # The mark's filled square is the mover's own cell now (not the cell of the die it struck, unless it followed
    # through into it).
    mover = board.model.dice[dst]
    assert (mover.side, mover.kind) == (impact.side, impact.die)


# ----- every board mode: review, the record, the replay viewer and --replay -----
BOARD_MODES = board_modes()


def finished_game(mode: str, seats: list[str]) -> GameSession:
    """A game of `mode` played to its end with seeded random decisions, its record kept (as a finished game's)."""
    for seed in range(20):
        session = GameSession(mode, "standard", seats, seed=seed, autosave=False)
        rng = random.Random(seed)
        for _ in range(3000):
            if session.is_over:
                break
            session.apply(rng.choice(session.state.legal_actions()))
        if session.is_over:
            session.autosave = True
            assert session.save() is None and session.record_path is not None
            return session
    raise AssertionError(f"no random {mode} game ended")


@pytest.mark.parametrize("mode", BOARD_MODES)
def test_every_board_mode_reviews_a_clicked_entry_read_only_and_esc_returns(app, mode):
    decisions = 14
    while (session := random_session(mode, decisions, seed=3)).is_over:
        decisions -= 1  # a short game (a race on a short strip) is taken before its end
    app.goto(mode, session=session)
    frames(app, 3)
    board = app.scenes.current
    d = BoardDriver(app)
    d.settle()  # a game whose turn opens with a roll shows the roll first
    assert isinstance(board, BoardScene) and d.accepting
    frames(app, 2)
    ends = records.entry_ends(session.actors)
    # One entry per turn: each turn ends with a decision, the next one begins with another seat's (a CheckRisk
    # defender's answer stays in the attacker's turn, a Battle Checkers fate call in the turn it follows).
    turn_ends = d.move_list.turn_ends()
    assert turn_ends == sorted(set(turn_ends)) and turn_ends[-1] == len(ends)
    assert set(turn_ends) <= set(d.move_list.action_ends())
    entry = d.move_list.action_ends()[1]  # the second action of the list
    d.click_entry(entry, settle=2)
    assert d.reviewing == entry
    assert d.move_list.action_of(entry) == next(
        (t, a) for t, turn in enumerate(d.move_turns) for a, action in enumerate(turn.actions) if action.end == entry
    )
    expected = records.Timeline(session.game)
    expected.extend(session.log[: ends[entry - 1]])
    assert repr(d.reviewed_model) == repr(board.view.build_model(expected.final))
    turn, turns, action, actions = d.review_place()
    count, seat = d.turn_count(turn)
    wanted = (
        app.t("review.banner.action", count=count, seat=seat, a=action, actions=actions)
        if action
        else app.t("review.banner", count=count, seat=seat)
    )
    assert d.banner_chip is not None and d.banner == wanted
    assert turns == len(d.move_turns) and "move" not in d.banner
    assert d.keys_line == app.t("review.keys") and not d.accepting
    before = list(session.log)
    for cell in ("c3", "d4", "e5"):
        d.click(cell)  # a board click while reviewing plays nothing
    key(app, pygame.K_e)
    key(app, pygame.K_n)
    assert session.log == before and d.reviewing is not None
    key(app, pygame.K_ESCAPE)
    assert d.reviewing is None and d.reviewed_model is None and d.accepting
    assert d.keys_line == app.t(f"{mode}.keys") and app.scenes.current is board


@pytest.mark.parametrize("mode", BOARD_MODES)
def test_every_board_mode_keeps_a_finished_game_and_the_viewer_replays_it(app, mode):
    session = finished_game(mode, ["ai:easy", "ai:hard"])
    listed = [item.record for item in records.list_records() if item.path == session.record_path]
    record = listed[0] if listed else None
    assert record is not None and record.actions == session.log and record.seats == ["ai:easy", "ai:hard"]
    assert records.Timeline.of(record).final.to_dict() == session.state.to_dict()
    app.goto("games")
    frames(app, 2)
    games = app.scenes.current
    assert games.listed and games.listed[0].path == session.record_path
    games.replay()
    frames(app, 3)
    board = app.scenes.current
    d = BoardDriver(app)
    assert isinstance(board, BoardScene) and d.in_replay and d.reviewing is not None
    assert d.reviewing == 0 and board.session.state.to_dict() == session.state.to_dict()
    assert d.keys_line == app.t("review.keys.replay")
    assert d.seat_label(1).endswith(app.t("board.seat.ai", level=app.t("board.level.hard")))
    key(app, pygame.K_RIGHT)  # the first turn: a deployment may take several decisions
    assert d.reviewing == d.move_list.turn_ends()[0]
    count, seat = d.turn_count(1)
    assert count.endswith(("Turn 1", "of 100", "of 60")) and seat == board.view.seat_name(d.move_turns[0].seat)
    assert d.banner == app.t("review.replay", count=count, seat=seat)
    key(app, pygame.K_END)
    assert d.reviewing == d.review_total == len(records.entry_ends(session.actors))
    assert d.reviewed_state.to_dict() == session.state.to_dict()
    assert repr(d.reviewed_model) == repr(board.view.build_model(session.state))
    assert not d.accepting and d.cut == []
    key(app, pygame.K_ESCAPE)
    assert app.scenes.current_name == "games"


@pytest.mark.parametrize("mode", BOARD_MODES)
def test_every_board_mode_opens_a_record_from_the_command_line(home, monkeypatch, mode):
    from game.cli import main
    from game.client.app import App

    session = finished_game(mode, ["human", "ai:normal"])
    seen: dict[str, object] = {}

    def loop(app: App) -> None:
        """Instead of the window's loop: a few frames, End, and what the viewer shows."""
        frames(app, 30)
        key(app, pygame.K_END)
        board = app.scenes.current
        d = BoardDriver(app)
        seen.update(
            name=app.scenes.current_name,
            replay=d.in_replay,
            final=d.reviewed_state.to_dict(),
            model=repr(d.reviewed_model),
            expected=repr(board.view.build_model(session.state)),
        )

    monkeypatch.setattr(App, "run_loop", loop)
    assert main(["--replay", str(session.record_path)]) == 0
    assert seen["name"] == mode and seen["replay"]
    assert seen["final"] == session.state.to_dict() and seen["model"] == seen["expected"]


@pytest.mark.parametrize("mode", BOARD_MODES)
def test_watch_mode_lists_its_own_keys(app, mode):
    from game.client.play.worker import InlineExecutor

    session = GameSession(
        mode, "standard", ["ai:random", "ai:random"], seed=1, autosave=False, executor=InlineExecutor()
    )
    app.goto(mode, session=session)
    frames(app, 2)
    d = BoardDriver(app)
    assert d.watch is not None and d.watch.playing
    assert d.keys_line == app.t("review.keys.watch")
    key(app, pygame.K_p)
    assert not d.watch.playing and d.cut == []


def test_the_speed_keys_stop_at_the_fastest_and_the_slowest(app):
    from game.client.board.review import SPEEDS
    from game.client.play.worker import InlineExecutor

    session = GameSession(
        "kubtafl", "standard", ["ai:random", "ai:random"], seed=1, autosave=False, executor=InlineExecutor()
    )
    app.goto("kubtafl", session=session)
    frames(app, 2)
    watch = BoardDriver(app).watch
    assert watch is not None and watch.speed == 1.0
    for k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
        key(app, k)
    assert watch.speed == SPEEDS[-1]  # a fourth + keeps the fastest, not the slowest
    for _ in range(len(SPEEDS) + 1):
        key(app, pygame.K_MINUS)
    assert watch.speed == SPEEDS[0]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_ended_by_resignation_replays_as_won_not_unfinished(home, language):
    from tests.client_helpers import button_by_text, click, make_app

    app = make_app(language=language)
    try:
        session = random_session("kubtafl", 3, seed=3)
        record = records.GameRecord(
            "kubtafl", "standard", list(session.log), session.seed, ["human", "human"], [1], "resignation", 1.7e9
        )
        record.names = ["Anna", "Boris"]
        records.save_record(record)
        click(app, button_by_text(app, app.t("menu.games")))
        frames(app, 2)
        click(app, button_by_text(app, app.t("games.replay")))
        frames(app, 3)
        d = BoardDriver(app)
        assert d.in_replay and not board_of(app).session.is_over  # the rules had not ended it: Anna resigned
        assert app.t("games.won", side="Boris") in d.status
        assert app.t("games.unfinished") not in d.status
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_resigned_before_the_first_move_replays_saying_so(home, language):
    from tests.client_helpers import button_by_text, click, make_app

    app = make_app(language=language)
    try:
        record = records.GameRecord("kubtafl", "standard", [], 3, ["human", "human"], [0], "resignation", 1.7e9)
        record.names = ["Anna", "Boris"]
        records.save_record(record)
        click(app, button_by_text(app, app.t("menu.games")))
        frames(app, 2)
        click(app, button_by_text(app, app.t("games.replay")))
        frames(app, 3)
        won = app.t("games.won", side="Anna")
        assert BoardDriver(app).status == app.t("review.status.replay_unplayed", result=won)
        assert BoardDriver(app).status == (
            "A finished game: Anna won before the first move."
            if language == "en"
            else "Сыгранная партия (Anna: победа): закончилась до первого хода."
        )
    finally:
        app.close()
