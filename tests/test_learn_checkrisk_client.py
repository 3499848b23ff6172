"""CheckRisk lessons on screen: the Learn screen lists CheckRisk's stages, and every lesson is played by posted
events on the board (clicks on stacks and cells, digit keys for amounts, the battle's keys, the retreat card): its
solution ends in the result card with three stars and Next, a worse attack in the failure naming both chances."""

from __future__ import annotations

import pygame
import pytest

from game.client.checkrisk.scene import CheckRiskScene
from game.learn.lessons import load_course
from tests import client_helpers as ui
from tests.driver import BoardDriver

LESSONS = load_course("checkrisk").lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]
pytestmark = pytest.mark.anim("instant")
WORD_KEYS = {"continue": pygame.K_c, "withdraw": pygame.K_w, "stand": pygame.K_s, "end": pygame.K_e}


def board(app) -> CheckRiskScene:
    scene = app.scenes.current
    assert isinstance(scene, CheckRiskScene)
    return scene


def click_cell(app, cell: str) -> None:
    BoardDriver(app).click(cell)


def card_button(app, name: str) -> None:
    BoardDriver(app).press_battle_card(name)


def digit(app, n: int) -> None:
    ui.key(app, pygame.K_0 + n)


def play(app, text: str) -> None:
    """One decision in notation, as a player makes it: a stack, the amount's digit, the target; a key for a word;
    the occupation amount in its picker; a reinforcement by a click; a retreat on the battle card."""
    d = BoardDriver(app)
    board(app)
    if text in WORD_KEYS:
        ui.key(app, WORD_KEYS[text])
    elif text.startswith("occupy:"):
        assert d.picker is not None, "the occupation amount opens by itself"
        digit(app, int(text.partition(":")[2]))
        ui.key(app, pygame.K_RETURN)
    elif text.startswith("+"):
        click_cell(app, text[1:])
    elif text.startswith("retreat "):
        card_button(app, "retreat")
        for part in text.removeprefix("retreat ").split(","):
            cell, _, n = part.partition("-")[2].partition(":")
            click_cell(app, cell)
            assert d.picker is not None
            digit(app, int(n))
            ui.key(app, pygame.K_RETURN)
        card_button(app, "retreat_go")
    else:
        src, dst = text.replace("x", "-").split(":")[0].split("-")
        click_cell(app, src)
        assert d.selected == src, f"{src} was not selected"
        digit(app, int(text.partition(":")[2]))
        click_cell(app, dst)
    ui.settle_scene(app)
    ui.frames(app, 2)


def test_the_learn_screen_lists_checkrisks_stages(app):
    screen = ui.learn_screen(app, "checkrisk")
    titles = [title for _, title in screen.rows]
    assert titles[:3] == ["1. Moving and splitting", "2. The rule of six", "3. Attacking and the odds"]
    assert set(screen.tiles) == {lesson.id for lesson in LESSONS}


def test_every_checkrisk_lesson_solved_by_posted_events_shows_three_stars_and_next(app):
    ui.solve_course_by_events(app, "checkrisk", SCRIPTED, play)


def test_blitz_fights_on_by_itself_to_take_the_cell(app):
    d = BoardDriver(app)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "blitz-1")
    app.goto("learn", mode="checkrisk")
    ui.frames(app, 2)
    ui.open_lesson(app, lesson)
    ui.key(app, pygame.K_b)
    ui.settle_scene(app)
    ui.frames(app, 2)
    b = board(app)
    assert d.card_stars == 3 and b.session.log.count("continue") == len(lesson.solution)


def test_a_worse_attack_fails_naming_both_chances_and_offers_retry(app):
    d = BoardDriver(app)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "attack-1")
    app.goto("learn", mode="checkrisk")
    ui.frames(app, 2)
    ui.open_lesson(app, lesson)
    for text in lesson.wrong:
        play(app, text)
    board(app)
    assert d.overlay == "card" and d.card_text[0] == "Not quite"
    assert "That attack wins 41% of the time; c3xd3:6 wins 99%." in d.card_text[1]
    ui.click(app, ui.card_text_button(app, "Retry"))
    assert board(app).session.log == [] and board(app).lesson.verdict.status == "playing"


def test_a_retreat_lesson_is_played_by_the_defender_without_a_hand_over_card(app):
    d = BoardDriver(app)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "retreat-1")
    app.goto("learn", mode="checkrisk")
    ui.frames(app, 2)
    ui.open_lesson(app, lesson)
    assert d.handover is None and d.battle_card_shown
    play(app, lesson.solution[0])
    assert d.card_stars == 3


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_checkrisk_goal_fits_its_card_at_1024x600(home, language):
    from game.client.learn.start import lesson_session

    application = ui.make_app((1024, 600), language=language, anim_speed="instant")
    try:
        for lesson in LESSONS:
            application.goto("checkrisk", session=lesson_session(lesson), lesson=lesson)
            ui.frames(application, 2)
            card = board(application).lesson.card
            assert card.shown[0] == lesson.goal.get(language) and card.cut == [], lesson.id
    finally:
        application.close()


def test_the_first_game_deploys_by_the_slots_buttons_and_the_easy_computer_answers(app):
    d = BoardDriver(app)
    lesson = LESSONS[-1]
    b = ui.start_first_game(app, "checkrisk", lesson)
    state = b.session.state
    assert state.phase in ("act", "reinforce") and state.tokens_on_board(1) == state.game.spec.start_tokens
    assert d.lesson_status == "playing" and d.lesson_card[1] == f"Moves: {d.lesson_moves}"
    assert d.lesson_moves >= 1  # every placement is a decision of the player


def by_clicks(app, text: str, hint: bool) -> None:
    """A move or an attack as a new player makes it: the hint asked for first (H) when `hint`, then the stack and
    the target, with no amount chosen unless the lesson's goal says which key to press (never after a hint: its
    amount is what the clicks send); every other decision as `play` makes it."""
    d = BoardDriver(app)
    b = board(app)
    if "-" not in text.partition(" ")[0] and "x" not in text.partition(":")[0]:
        play(app, text)
        return
    if hint:
        ui.key(app, pygame.K_h)
        assert d.hint_move == text
    src, dst = text.replace("x", "-").split(":")[0].split("-")
    n = int(text.partition(":")[2])
    before = len(b.session.log)
    click_cell(app, src)
    assert d.selected == src, f"{src} was not selected"
    if not hint and f"press {n}" in d.lesson.goal.en:
        digit(app, n)
    click_cell(app, dst)
    ui.settle_scene(app)
    ui.frames(app, 2)
    assert b.session.log[before] == text, f"the clicks played {b.session.log[before:]}, not {text}"


def test_every_checkrisk_lesson_is_passed_by_the_clicks_its_goal_names(app):
    """The obvious clicks give each lesson's amount: the whole stack by default, a digit only where the goal
    teaches the key."""
    ui.solve_course_by_events(app, "checkrisk", SCRIPTED, lambda app, text: by_clicks(app, text, hint=False))


def test_following_every_lessons_hint_by_clicks_plays_the_hinted_amount(app):
    ui.solve_course_by_events(app, "checkrisk", SCRIPTED, lambda app, text: by_clicks(app, text, hint=True))


def test_the_first_lesson_shows_what_a_click_sends_and_passes_with_three_stars(app):
    d = BoardDriver(app)
    lesson = LESSONS[0]
    ui.learn_screen(app, "checkrisk")
    ui.open_lesson(app, lesson)
    b = board(app)
    click_cell(app, "c2")
    d.hover("c3", settle=2)
    assert b.view.odds_rect is not None  # the move card beside c3
    assert d.amount("c2", "c3") == 4
    click_cell(app, "c3")
    ui.settle_scene(app)
    click_cell(app, "c3")
    click_cell(app, "c4")
    ui.settle_scene(app)
    ui.frames(app, 2)
    assert b.session.log == ["c2-c3:4", "c3-c4:4"]
    assert d.card_stars == 3


def test_a_lessons_move_list_numbers_its_entries_from_1_not_by_round(app):
    d = BoardDriver(app)
    ui.learn_screen(app, "checkrisk")
    ui.open_lesson(app, LESSONS[0])
    play(app, "c2-c3:4")
    assert board(app).session.log == ["c2-c3:4"]
    assert [d.move_list.number(line.turn) for line in d.move_lines if line.lead] == ["1"]


def test_the_first_battle_lesson_says_how_the_dice_hit_before_the_first_attack():
    first = next(lesson for lesson in LESSONS if any("x" in text.partition(":")[0] for text in lesson.solution))
    assert "die" in first.goal.en and "4–6 hit" in first.goal.en
    assert "кубик" in first.goal.ru and "4–6" in first.goal.ru
