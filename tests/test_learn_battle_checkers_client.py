"""Battle Checkers lessons on screen: the Learn screen lists the course's stages, and every lesson is played by posted
events on the board (clicks on units and cells, the chip keys, Q/E to turn the planner's ghost, N to end the turn,
F/D to answer the fate roll, a click and Enter to deploy): its solution ends in three stars and Next, its wrong line
in the failure's explanation and Retry; the first game deploys by the slot's buttons and the easy computer answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.client.battle_checkers.scene import BattleCheckersScene
from game.engine.battle_checkers import DIRECTIONS, Activate, BattleCheckersState
from game.learn.lessons import load_course
from tests import client_helpers as ui
from tests.driver import BoardDriver

LESSONS = load_course("battle_checkers").lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]
pytestmark = pytest.mark.anim("instant")
USE_KEYS = {"1": pygame.K_1, "2": pygame.K_2, "s": pygame.K_3}
WORD_KEYS = {"end": pygame.K_n, "fate": pygame.K_f, "nofate": pygame.K_d}


def board(app) -> BattleCheckersScene:
    scene = app.scenes.current
    assert isinstance(scene, BattleCheckersScene)
    return scene


def _pos(app, cell: str) -> tuple[int, int]:
    return BoardDriver(app).point(cell)


def hover(app, cell: str) -> None:
    BoardDriver(app).hover(cell)


def click_cell(app, cell: str) -> None:
    hover(app, cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_pos(app, cell), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pos(app, cell), button=1))
    ui.frames(app, 1)


def _turn_until(app, facing_now, facing: int) -> None:
    """E turns a quarter of an eighth at a time until the shown facing is the wanted one."""
    for _ in range(8):
        if facing_now() == facing:
            return
        ui.key(app, pygame.K_e)
    assert facing_now() == facing, "the facing was not reached by turning"


def _activate(app, text: str) -> None:
    d = BoardDriver(app)
    b = board(app)
    state = b.session.state
    assert isinstance(state, BattleCheckersState)
    action = state.action_from_str(text)
    assert isinstance(action, Activate)
    src, use = text.split()[0].split(":")
    dst = state.board.name(action.to)
    click_cell(app, src)
    assert d.selected == src, f"{src} was not selected"
    ui.key(app, USE_KEYS[use])
    hover(app, dst)
    _turn_until(app, lambda: d.facing(dst), action.facing)
    click_cell(app, dst)


def play(app, text: str, activate: Callable[[Any, str], None] | None = None) -> None:
    """One decision in notation, as a player makes it: a key for a word, a click and the facing for a placement
    (Enter confirms), two clicks for an attack, the unit, its chip and the end cell with its facing for a plan (or
    the clicks `activate` makes)."""
    d = BoardDriver(app)
    board(app)
    if text in WORD_KEYS:
        ui.key(app, WORD_KEYS[text])
    elif text.startswith("place "):
        _, cell, facing = text.split()
        click_cell(app, cell)
        _turn_until(app, lambda: d.draft.get(cell), DIRECTIONS.index(facing))
        ui.key(app, pygame.K_RETURN)
    elif "x" in text:
        src, dst = text.split("x")
        click_cell(app, src)
        click_cell(app, dst)
    else:
        (activate or _activate)(app, text)
    ui.settle_scene(app)
    ui.frames(app, 2)


def _click_plan(app, text: str) -> None:
    """An activation by plain clicks, no chip chosen: the unit, then its end cell (for a turn where it stands, the
    neighbouring cell it is to face), with the wheel only where the final facing is not the one shown first."""
    d = BoardDriver(app)
    b = board(app)
    state = b.session.state
    assert isinstance(state, BattleCheckersState)
    action = state.action_from_str(text)
    assert isinstance(action, Activate)
    src, dst = state.board.name(action.cell), state.board.name(action.to)
    click_cell(app, src)
    assert d.selected == src and d.chosen_die is None, f"{src} was not selected"
    if dst == src:
        faced = state.board.name(state.board.ahead[action.cell][action.facing])
        assert d.facing_targets.get(faced) == action.facing, "the cell to face is not marked"
        hover(app, faced)
        assert any(m.kind == "cost" and m.cell == faced for m in b.marks.drawn)
        click_cell(app, faced)
        return
    hover(app, dst)
    for _ in range(8):
        if d.facing(dst) == action.facing:
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        ui.frames(app, 1)
    assert d.plan_action(dst) == action, f"a click on {dst} would play {d.plan_action(dst)}, not {text}"
    click_cell(app, dst)


def play_by_clicks(app, text: str) -> None:
    """One decision of a stored solution as a new player makes it: clicks (and the wheel for a facing), never a
    chip key; the move played is the solution's, die and all."""
    d = BoardDriver(app)
    b = board(app)
    before = len(b.session.log)
    play(app, text, _click_plan)
    assert b.session.log[before] == text or d.overlay == "card", (text, b.session.log[before:])


def test_every_lesson_solved_by_plain_clicks_takes_the_default_die(app):
    """The default die of every click is the one the lesson's solution names: nothing to choose first."""
    ui.solve_course_by_events(app, "battle_checkers", SCRIPTED, play_by_clicks)


def test_a_lessons_hint_warns_of_no_strike_from_a_side_that_does_nothing(app):
    """In "One die each" the other side never moves: the hint says the die and the move, no risk of a next turn
    that never comes, and the card by the hinted cell neither."""
    d = BoardDriver(app)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "roll-2")
    ui.learn_screen(app, "battle_checkers")
    ui.open_lesson(app, lesson)
    b = board(app)
    ui.key(app, pygame.K_h)
    assert d.hint == "Hint: with the 2: move b2 two squares north"
    click_cell(app, "b2")
    hover(app, "b4")
    assert not any("strike" in line for line in b.view.plan_lines("b4"))


def test_the_learn_screen_lists_the_battle_checkers_stages(app):
    screen = ui.learn_screen(app, "battle_checkers")
    titles = [title for _, title in screen.rows]
    assert titles[:3] == ["1. The pip roll", "2. Moving nose first", "3. Turning"]
    assert titles[-1] == "9. A first game"
    assert set(screen.tiles) == {lesson.id for lesson in LESSONS}


def test_every_battle_checkers_lesson_solved_by_posted_events_shows_three_stars_and_next(app):
    ui.solve_course_by_events(app, "battle_checkers", SCRIPTED, play)


def test_every_wrong_line_played_by_posted_events_ends_in_its_explanation_and_retry(app):
    d = BoardDriver(app)
    app.goto("learn", mode="battle_checkers")
    ui.frames(app, 2)
    for lesson in SCRIPTED:
        app.goto("learn", mode="battle_checkers")
        ui.frames(app, 2)
        ui.open_lesson(app, lesson)
        board(app)
        for text in lesson.wrong:
            if d.overlay != "card":
                play(app, text)
        assert d.overlay == "card" and d.card_text[0] == "Not quite", lesson.id
        if lesson.id == "deploy-1":  # one unit placed, then the turn ended: the move list counts the placement only
            assert any("deployed 1 unit" in line.text for line in d.move_lines), [line.text for line in d.move_lines]
        explanation = d.card_text[1]
        assert explanation.startswith(
            ("Out of moves", "That attack wins", "The game ended in a draw", "That move used")
        ), explanation
        ui.click(app, ui.card_text_button(app, "Retry"))
        assert board(app).session.log == [] and board(app).lesson.verdict.status == "playing"


def test_the_first_game_deploys_by_the_slots_buttons_and_the_easy_computer_answers(app):
    d = BoardDriver(app)
    lesson = LESSONS[-1]
    b = ui.start_first_game(app, "battle_checkers", lesson)
    state = b.session.state
    assert isinstance(state, BattleCheckersState)
    assert state.phase == "main" and state.unit_count(1) == state.unit_count(0) == 4
    assert d.lesson_status == "playing" and d.lesson_moves >= 1
