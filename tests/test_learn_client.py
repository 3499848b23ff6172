"""Learn on screen: the menu's entry (offered on the first start), the Learn screen, and every Kubtafl lesson played
by posted clicks on the board: its solution ends in the result card with three stars and Next, a wrong line in the
failure's explanation and Retry, and the stars survive a restart."""

from __future__ import annotations

import pygame
import pytest

from game.client import palette
from game.client.learn.screen import LearnScene
from game.learn.lessons import Lesson, course_modes, load_course
from game.learn.progress import load_progress, progress_path
from tests.client_helpers import (
    board_of,
    button_by_text,
    click,
    click_at,
    click_cell,
    frames,
    key,
    make_app,
    read_intro,
    settle,
)
from tests.driver import BoardDriver

LESSONS = load_course("kubtafl").lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]


def learn_screen(app) -> LearnScene:
    scene = app.scenes.current
    assert isinstance(scene, LearnScene)
    return scene


def choose_option(app, text: str) -> None:
    """In the open chooser, click the chip whose option is `text`."""
    d = BoardDriver(app)
    board_of(app)
    chooser = d.chooser
    assert chooser is not None, f"no chooser for {text}"
    for rect, row, col in chooser.chips:
        option = chooser.option(row, col)
        if option is not None and option.text == text:
            click_at(app, rect.center, settle=1)
            return
    raise AssertionError(f"{text} is not offered")


def play(app, text: str) -> None:
    """Play one action in notation as a player would: clicks on dice, cells, the '+' badge, the removed row and the
    chooser."""
    d = BoardDriver(app)
    board = board_of(app)
    if "@" in text:
        kind, _, rest = text.partition("@")
        cell = rest.partition("/")[0]
        side = "light" if board.session.current_seat == 0 else "dark"
        kinds = board.model.removed[side]
        slot = board.view.pools().slots(side, len(kinds))[kinds.index(kind)]
        click_at(app, slot.center, settle=1)
        click_cell(app, cell)
        choose_option(app, text)
    elif ">" in text:
        donor, _, rest = text.partition(">")
        recipient = rest.partition(":")[0]
        click_cell(app, donor)
        badge = d.transfer_badges[recipient]
        click_at(app, badge.center, settle=1)
        choose_option(app, text)
    else:
        src, dst = text.split("-")
        click_cell(app, src)
        assert d.selected == src, f"{src} was not selected"
        click_cell(app, dst)
    settle(app)
    frames(app, 2)


def card_button(app, text: str):
    """The result card's button with `text` (the panel under the card has its own Retry)."""
    buttons = board_of(app).dialogs.buttons.buttons
    found = [button for button in buttons if button.text == text]
    assert found, f"no {text!r} on the card; have {[b.text for b in buttons]}"
    return found[0]


def open_tile(app, lesson: Lesson) -> None:
    d = BoardDriver(app)
    click(app, learn_screen(app).tiles[lesson.id])
    board_of(app)
    assert d.lesson == lesson
    read_intro(app)
    settle(app)


def test_menu_offers_learn_on_the_first_start_and_the_screen_lists_stages_levels_and_stars(home):
    app = make_app()
    assert app.scenes.current.first_start
    click(app, button_by_text(app, "Learn"))
    screen = learn_screen(app)
    assert [title for _, title in screen.rows][:2] == ["1. Moving", "2. Ramming"]
    assert len(screen.tiles) == len(LESSONS)
    for tab, mode in screen.tabs.items():  # each game with lessons opens; one without (a new mode) says why not
        assert tab.is_enabled == (mode in course_modes())
        assert tab.is_enabled or tab.tool_tip_text == app.t("learn.no_lessons")
    assert sum(tab.is_enabled for tab in screen.tabs) == len(course_modes()) >= 3  # the three games' courses
    assert load_progress().offered  # the offer is over once Learn was opened
    key(app, pygame.K_ESCAPE)
    assert app.scenes.current_name == "menu" and not app.scenes.current.first_start
    app.close()


def test_every_scripted_lesson_solved_by_clicks_shows_three_stars_and_next(home):
    app = make_app(anim_speed="instant")
    d = BoardDriver(app)
    app.goto("learn")
    frames(app, 2)
    open_tile(app, SCRIPTED[0])
    for index, lesson in enumerate(SCRIPTED):
        board = board_of(app)
        assert d.lesson == lesson
        # The goal in one sentence over the panel, the counter, and the arrows and marks on the board.
        assert d.lesson_card[0] == lesson.goal.en
        assert d.lesson_card[1].startswith("Moves: 0")
        drawn = {(m.kind, m.cell) for m in board.marks.drawn}
        assert {("goal", cell) for cell in lesson.marks} <= drawn
        assert {("arrow", a) for a, _ in lesson.arrows} <= drawn
        for text in lesson.solution:
            play(app, text)
        assert d.overlay == "card", f"{lesson.id} did not end"
        assert d.card_text[0] == "Well done!" and d.card_stars == 3
        assert load_progress().get(lesson.key) == 3
        if index + 1 < len(SCRIPTED):
            click(app, card_button(app, "Next"))
            read_intro(app)
    app.close()


def _material_choice(state, me: int):
    """A careful beginner: the action best for material after the other side's best answer (a win first)."""

    def score(s) -> int:
        outcome = s.outcome()
        if outcome is not None:
            return 10**6 if outcome.winner == me else -(10**6)
        return s.total(me) - s.total(1 - me)

    def worst_reply(s) -> int:
        values = []
        for reply in s.legal_actions():
            after = s.clone()
            after.apply(reply)
            values.append(score(after))
        return min(values)

    best = None
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = score(after) if after.is_terminal() else worst_reply(after)
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


def test_the_first_game_against_the_easy_computer_is_won_by_clicks(home):
    app = make_app(anim_speed="instant")
    d = BoardDriver(app)
    app.goto("learn")
    frames(app, 2)
    lesson = LESSONS[-1]
    open_tile(app, lesson)
    board = board_of(app)
    assert board.session.seats == ["human", "ai:easy"]
    for _ in range(40):
        if d.overlay == "card":
            break
        state = board.session.state
        play(app, state.action_to_str(_material_choice(state, lesson.seat)))
    assert d.overlay == "card" and d.card_text[0] == "Well done!"
    assert d.lesson_stars >= 1
    assert d.card_buttons == ["Retry", "Lessons"]  # the last lesson has no Next
    app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_wrong_move_ends_in_the_failure_explanation_and_retry_starts_again(home, language):
    app = make_app(language=language, anim_speed="instant")
    d = BoardDriver(app)
    lesson = next(item for item in LESSONS if item.id == "ramming-3")
    app.goto("learn")
    frames(app, 2)
    open_tile(app, lesson)
    board_of(app)
    for text in lesson.wrong:
        play(app, text)
    assert d.overlay == "card" and d.card_stars == 0
    title, explanation = d.card_text
    assert title == app.t("learn.result.failure")
    assert app.t("learn.fail.out_of_moves", n=1) in explanation and lesson.tip is not None
    assert lesson.tip.get(language) in explanation
    assert d.card_buttons == [app.t("learn.retry"), app.t("learn.back")]
    click(app, card_button(app, app.t("learn.retry")))
    retried = board_of(app)
    assert retried.lesson.lesson == lesson and retried.session.log == [] and retried.dialogs.overlay is None
    assert load_progress().get(lesson.key) == 0


def test_a_lost_piece_is_named_in_the_failure(home):
    app = make_app(anim_speed="instant")
    lesson = LESSONS[-1]  # the first game keeps the player's d20
    app.goto("learn")
    frames(app, 2)
    open_tile(app, lesson)
    board = board_of(app)
    board.lesson.verdict = board.lesson.verdict.__class__("failure", reason="lost", values={"piece": "light d20"})
    assert board.lesson.explanation().startswith("Light d20 was lost")
    app.close()


def test_stars_survive_a_restart_and_show_on_the_learn_screen(home):
    app = make_app(anim_speed="instant")
    app.goto("learn")
    frames(app, 2)
    lesson = LESSONS[0]
    open_tile(app, lesson)
    for text in lesson.solution:
        play(app, text)
    click(app, card_button(app, "Lessons"))
    assert learn_screen(app).progress.get(lesson.key) == 3
    app.close()
    again = make_app()
    again.goto("learn")
    frames(again, 2)
    screen = learn_screen(again)
    assert screen.progress.get(lesson.key) == 3
    # The next unsolved level has the keyboard focus: Enter plays it.
    assert screen.group.focused is screen.tiles[LESSONS[1].id]
    key(again, pygame.K_RETURN)
    assert board_of(again).lesson.lesson == LESSONS[1]
    again.close()


def test_a_damaged_progress_file_is_reported_and_set_aside(home):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    app = make_app()
    app.goto("learn")
    frames(app, 2)
    assert any("lesson progress could not be read" in message for message in app.messages)
    assert (path.parent / "learn.json.bad").exists()
    app.close()


def test_hint_shows_the_next_step_of_the_solution_and_undo_is_not_offered(home):
    app = make_app(anim_speed="instant")
    d = BoardDriver(app)
    lesson = next(item for item in LESSONS if item.id == "moving-2")
    app.goto("learn")
    frames(app, 2)
    open_tile(app, lesson)
    board = board_of(app)
    assert "undo" not in d.buttons and "retry" in d.buttons
    key(app, pygame.K_h)
    assert d.hint_move == lesson.solution[0]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # nothing to take back in a lesson
    play(app, lesson.solution[0])
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(board.session.log) == 1
    key(app, pygame.K_h)
    assert d.hint_move == lesson.solution[1]
    # The pause menu leads back to the lessons.
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Lessons"))
    assert app.scenes.current_name == "learn"
    assert palette.GAIN  # the lesson's colour comes from the one palette
    app.close()
