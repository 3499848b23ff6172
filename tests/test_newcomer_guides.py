"""Nothing a new player has to guess (issue 45, the parts every mode shares): ending a turn with actions or pips
left asks first, and the legend of the board's marks opens on F1 or its button."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import click_at, current, frames, key, make_app, settle_scene

from game.client.battle_checkers import demo as bc_demo
from game.client.board.scene import BoardScene
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers import END
from tests.driver import BoardDriver

HOT = ["human", "human"]


@pytest.fixture
def app(home):
    application = make_app(ask_end_turn=True)
    yield application
    application.close()


def checkrisk_act(app) -> BoardScene:
    session = GameSession("checkrisk", "standard", HOT, seed=3, autosave=False, executor=InlineExecutor())
    stacks = {"d4": (0, 6), "d3": (0, 5), "a1": (0, 3), "d5": (1, 3), "h8": (1, 4)}
    session.state = session.game.position(stacks, seat=0, phase="act")
    app.goto("checkrisk", session=session)
    settle_scene(app)
    return current(app, BoardScene)


def slot_button(app, name: str) -> None:
    BoardDriver(app).press_slot(name)


def test_e_with_actions_left_asks_first_and_no_keeps_the_turn(app):
    b = checkrisk_act(app)
    d = BoardDriver(app)
    log = list(b.session.log)
    key(app, pygame.K_e)
    confirm = d.question
    assert confirm is not None
    assert "You still have 3 actions this turn" in confirm.question
    key(app, pygame.K_ESCAPE)  # Keep playing
    assert b.session.log == log and b.session.state.seat == 0
    slot_button(app, "end")  # the panel's End turn asks the same
    assert d.question is not None
    key(app, pygame.K_RETURN)  # End turn
    settle_scene(app)
    assert b.session.log == [*log, "end"]


def test_the_question_can_be_turned_off_in_settings(app):
    app.settings.ask_end_turn = False
    b = checkrisk_act(app)
    d = BoardDriver(app)
    key(app, pygame.K_e)
    assert d.question is None
    assert b.session.log[-1] == "end"


def test_battle_checkers_n_with_pips_left_asks_in_russian_plurals(home):
    application = make_app(language="ru", ask_end_turn=True)
    try:
        session = bc_demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT, dice=(2, 3))
        application.goto("battle_checkers", session=session)
        settle_scene(application)
        b = current(application, BoardScene)
        d = BoardDriver(application)
        key(application, pygame.K_n)
        confirm = d.question
        assert confirm is not None and "ещё есть 5 очков" in confirm.question
        key(application, pygame.K_ESCAPE)
        assert b.session.state.player == 0
        assert b.view.turn_left(b.session.state) == "5 очков"
    finally:
        application.close()


def test_f1_and_the_round_button_open_the_legend_with_the_modes_entries(app):
    d = BoardDriver(app)
    b = checkrisk_act(app)
    assert not d.legend_open
    key(app, pygame.K_F1)
    assert d.legend_open
    texts = [entry.text for entry in d.legend_entries]
    assert any("stack of tokens" in text for text in texts) and any("last turn" in text for text in texts)
    key(app, pygame.K_ESCAPE)  # Esc closes the legend, not the game
    assert not d.legend_open and d.overlay is None
    frames(app, 1)
    click_at(app, d.legend_button.center)
    assert d.legend_open
    click_at(app, b.layout.cell_center("a1"))  # a click anywhere closes it and does nothing else
    assert not d.legend_open and d.selected is None


@pytest.mark.parametrize("mode", ["kubtafl", "battle_checkers"])
def test_every_mode_lists_its_own_marks(app, mode):
    d = BoardDriver(app)
    session = GameSession(mode, "standard", HOT, seed=3, autosave=False, executor=InlineExecutor())
    app.goto(mode, session=session)
    settle_scene(app)
    current(app, BoardScene)
    key(app, pygame.K_F1)
    texts = " ".join(entry.text for entry in d.legend_entries)
    assert ("crosshair" in texts) if mode == "kubtafl" else ("left flank" in texts and "back" in texts)


# ----- challenges: a title and a line each in the list, Show solution while playing, "Solution shown" -----
def test_the_challenge_list_shows_each_title_and_a_line_with_russian_plurals(home):
    from game.client.learn.challenge_screen import ChallengeScene, description
    from game.learn.challenges import load_challenges

    for language, one, two in (("en", "Win in 1 move", "Win in 2 moves"), ("ru", "за 1 ход ", "за 2 хода ")):
        application = make_app(language=language)
        try:
            application.goto("challenges", mode="kubtafl")
            frames(application, 2)
            scene = current(application, ChallengeScene)
            first, eighth = load_challenges("kubtafl")[0], load_challenges("kubtafl")[7]
            assert scene.tiles[first.id].text == first.text("title", language)  # "One blow · 1"
            assert one in description(application.t, first) and two in description(application.t, eighth)
        finally:
            application.close()


def test_show_solution_while_playing_ends_in_solution_shown_never_well_done(home):
    from game.client.learn.challenge_play import open_challenge
    from game.learn.challenges import load_challenges

    application = make_app(anim_speed="instant")
    d = BoardDriver(application)
    try:
        challenge = load_challenges("kubtafl")[0]
        open_challenge(application, challenge)
        frames(application, 2)
        current(application, BoardScene)
        button = d.panel_button("give_up")
        assert button.text == "Show solution" and button.is_enabled and "hint" not in d.buttons
        click_at(application, button.rect.center)
        for _ in range(40):
            settle_scene(application)
            if d.overlay == "card":
                break
        current(application, BoardScene)
        assert d.card_text[0] == "Solution shown"
        info = d.panel
        assert info.turn_text == "Solution shown" and "Well done" not in info.turn_text
        assert d.move_lines, "the solution's moves stay in the move list"
    finally:
        application.close()


# ----- lessons: the move list keeps the moves; no turn or round counter in a puzzle -----
def test_a_lessons_moves_stay_listed_after_success_when_the_other_side_passes(app):
    d = BoardDriver(app)
    from game.client.learn import start

    lesson = next(lesson for lesson in start.course(app, "kubtafl").lessons if lesson.id == "moving-2")
    start.open_lesson(app, lesson)
    frames(app, 2)
    settle_scene(app)
    b = current(app, BoardScene)
    for text in lesson.solution:  # the other side passes between the player's two moves
        d.commit(b.session.state.action_from_str(text))
        settle_scene(app)
    frames(app, 2)
    assert d.overlay == "card" and d.card_text[0] == "Well done!"
    assert (
        len(d.move_turns) == 2 and d.move_lines and d.move_list.empty_text not in [line.text for line in d.move_lines]
    )


@pytest.mark.parametrize(("mode", "first"), [("checkrisk", "moving-1"), ("battle_checkers", "pips-1")])
def test_lessons_show_no_turn_or_round_counter(app, mode, first):
    from game.client.learn import start

    lesson = next(lesson for lesson in start.course(app, mode).lessons if lesson.id == first)
    start.open_lesson(app, lesson)
    frames(app, 2)
    settle_scene(app)
    text = BoardDriver(app).slot_text
    assert "Round" not in text and "Turn" not in text and " of " not in text, text


# ----- one meaning of "turn" per game -----
def test_the_review_says_the_turn_as_the_board_does(app):
    d = BoardDriver(app)
    session = bc_demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT, dice=(2, 3))
    app.goto("battle_checkers", session=session)
    settle_scene(app)
    b = current(app, BoardScene)
    for _ in range(3):  # Light, Dark and Light again end their turns
        d.commit(END)
        settle_scene(app)
    board_says = d.slot_text
    assert board_says.startswith("Turn ") and board_says.endswith(" of 100")
    d.review(len(d.timeline.entry_ends()))
    frames(app, 1)
    assert d.banner == f"Reviewing · {board_says} · {b.view.seat_name(0)}"


def test_kubtafl_counts_each_sides_moves_as_one_turn_everywhere(app):
    d = BoardDriver(app)
    session = GameSession("kubtafl", "standard", HOT, seed=3, autosave=False, executor=InlineExecutor())
    import random

    rng = random.Random(4)
    for _ in range(22):  # eleven moves each
        session.apply(rng.choice(session.state.legal_actions()))
    assert not session.is_over
    assert session.count() == (12, None) and session.summary()["turn"] == 12
    app.goto("kubtafl", session=session)
    settle_scene(app)
    current(app, BoardScene)
    d.review(len(d.timeline.entry_ends()))
    frames(app, 1)
    assert d.banner == "Reviewing · Turn 11 · Dark"
    assert d.move_list.numbers[:4] == [1, 1, 2, 2] and d.move_list.numbers[-1] == 11  # the move list numbers them alike
    assert d.count_line == "Ended in turn 12."  # the results card counts the same way


# ----- Learn teaches before it tests: each stage opens with its rule explained -----
def test_every_stage_has_an_intro_in_both_languages():
    from game.learn.lessons import course_modes, load_course

    for mode in course_modes():
        for stage in load_course(mode).stages:
            assert stage.intro is not None, f"{mode}/{stage.id}"
            assert stage.intro.get("en") and stage.intro.get("ru") and stage.intro.get("en") != stage.intro.get("ru")


def test_a_stages_first_level_opens_with_its_intro_and_start_shows_the_goal(app):
    d = BoardDriver(app)
    from client_helpers import button_by_text, click, learn_screen

    from game.client.learn.screen import LearnScene

    learn_screen(app, "checkrisk")
    scene = current(app, LearnScene)
    click(app, scene.tiles["attack-1"])  # the first level of "Attacking and the odds"
    b = current(app, BoardScene)
    assert d.lesson_intro_open and d.overlay == "card"
    title, text = d.card_text
    assert title == "Attacking and the odds" and "4, 5 or 6" in text
    assert not d.accepting  # the board waits for the player to read it
    click(app, button_by_text(app, "Start"))
    assert not d.lesson_intro_open and d.overlay is None
    settle_scene(app)
    assert d.accepting
    b.lesson.retry()  # a retry goes straight to the board
    frames(app, 2)
    assert not current(app, BoardScene).lesson.intro_open
    app.goto("learn", mode="checkrisk")
    frames(app, 2)
    click(app, current(app, LearnScene).tiles["attack-2"])  # not a stage's first level: no intro
    assert not current(app, BoardScene).lesson.intro_open


# ----- the window and the new-game dialog are remembered; Kubtafl's seats can be named -----
def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 1)


def test_kubtafl_seats_are_named_and_the_dialogs_choices_come_back_next_time(home):
    from client_helpers import button_by_text, click

    from game.client.app import App

    application = make_app()
    try:
        click(application, button_by_text(application, "Kubtafl"))
        dialog = application.scenes.current
        assert [e.get_text() for e in dialog.name_entries] == ["Light", "Dark"]
        click(application, dialog.name_entries[0])
        key(application, pygame.K_END)
        for _ in range(len("Light")):
            key(application, pygame.K_BACKSPACE)
        type_text(application, "Ann")
        key(application, pygame.K_RETURN)
        dialog.choose("seat", 1, "ai:hard")
        click(application, button_by_text(application, "Start game"))
        b = current(application, BoardScene)
        assert b.session.names[0] == "Ann" and b.view.seat_name(0) == "Ann" and b.view.seat_name(1) == "Dark"
    finally:
        application.close()
    again = App((1280, 720), fullscreen=False)  # a new launch reads the settings file
    try:
        again.scenes.fade_enabled = False
        again.goto("new_game", mode="kubtafl")
        frames(again, 2)
        dialog = again.scenes.current
        assert dialog.seats == ["human", "ai:hard"]
        assert [e.get_text() for e in dialog.name_entries] == ["Ann", "Dark"]
    finally:
        again.close()


def test_a_players_window_opens_as_it_was_left(home):
    from game.client.app import App
    from game.client.settings import load_settings, window_from

    first = App((1100, 640), fullscreen=False, remember_window=True)
    first.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=650, size=(1024, 650)))
    first.close()
    assert load_settings().settings.window[:2] == [1024, 650]
    second = App((1280, 720), fullscreen=False, remember_window=True)
    try:
        assert second.screen_size == (1024, 650)
    finally:
        second.close()
    # A window larger than the desktop shrinks to it; a place off the desktop is left to the system.
    assert window_from([3000, 2000, 5000, 10], (1600, 900), (1024, 600)) == ((1600, 900), None)
    assert window_from([1200, 700, 40, 30], (1600, 900), (1024, 600)) == ((1200, 700), (40, 30))


def test_the_dice_lab_says_what_an_alkemy_check_and_its_symbols_are(home):
    from client_helpers import click

    application = make_app(size=(1024, 600))
    try:
        application.goto("dice_lab")
        frames(application, 2)
        lab = application.scenes.current
        about = lab.rects["about"]
        text = application.t(lab.tab.about).lower()
        assert about.h > 0 and "sword" in text and "axe" in text and "mace" in text and "difficulty" in text
        assert lab.rects["tray"].contains(about) and about.bottom <= lab.rects["tray"].centery  # above the hint
        click(application, lab.tab_buttons[2])  # D6 + D3 needs no such line
        assert lab.rects["about"].h == 0
    finally:
        application.close()
