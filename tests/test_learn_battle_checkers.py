"""Battle Checkers lessons (a first stage of moving and one of the sides of a unit): each stored solution earns three
stars, each wrong line fails, attacks are judged on their exact chance (Fractions from the engine's forecast), and
each lesson plays on the board to its result card with its goal whole on the card at 1024×600."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.battle_checkers import Attack, BattleCheckersState
from game.learn import goals
from game.learn.battle_checkers import BattleCheckersJudge, best_attacks, success_chance
from game.learn.lessons import Lesson, load_course
from tests.client_helpers import frames, make_app, settle_scene

LESSONS = load_course("battle_checkers").lessons


def _state(lesson: Lesson) -> BattleCheckersState:
    state = lesson.game().initial_state()
    assert isinstance(state, BattleCheckersState)
    return state


def test_the_stages_load_in_order():
    course = load_course("battle_checkers")
    assert course.problems == [] and [stage.id for stage in course.stages] == ["pips", "sides"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_stored_solution_earns_three_stars_and_the_wrong_line_fails(lesson: Lesson):
    verdict = goals.play_out(lesson, lesson.solution)
    assert verdict.status == "success" and verdict.stars == 3
    assert goals.play_out(lesson, lesson.wrong).status == "failure"


def test_B9_B10_the_best_side_is_judged_on_exact_fractions():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "sides-1")
    state = _state(lesson)
    chances = {state.action_to_str(attack): chance for chance, attack in best_attacks(state, "d4")}
    assert chances == {"d3xd4": Fraction(1), "d5xd4": Fraction(1, 2), "c4xd4": Fraction(0)}  # rear, front, shield
    shielded = state.action_from_str("c4xd4")
    assert isinstance(shielded, Attack) and success_chance(state, shielded) == 0
    verdict = goals.play_out(lesson, ["c4xd4"])
    assert verdict.reason == "worse_odds" and verdict.values == {"chosen": 0, "best": 100, "attack": "d3xd4"}


def test_hand_back_ends_the_other_sides_turn_and_rolls_the_players_dice_the_same_every_time():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "pips-1")
    state = _state(lesson)
    state.apply(state.action_from_str("end"))
    judge = BattleCheckersJudge()
    first, second = judge.hand_back(state, 0), judge.hand_back(state, 0)
    assert first.current_player() == 0 and first.to_dict() == second.to_dict()
    assert isinstance(first, BattleCheckersState) and first.dice is not None


@pytest.mark.parametrize("language", ["en", "ru"])
def test_each_lesson_plays_on_the_board_to_three_stars_with_its_goal_whole_at_1024x600(home, language):
    from game.client.learn.start import lesson_session

    app = make_app((1024, 600), language=language, anim_speed="instant")
    try:
        for lesson in LESSONS:
            app.goto("battle_checkers", session=lesson_session(lesson), lesson=lesson)
            frames(app, 2)
            board = app.scenes.current
            assert board.lesson.card.shown[0] == lesson.goal.get(language) and board.lesson.card.cut == []
            for text in lesson.solution:
                board.turns.commit(board.live.state.action_from_str(text))
                settle_scene(app)
                frames(app, 2)
            assert board.dialogs.overlay == "card" and board.dialogs.card_stars == 3, lesson.id
    finally:
        app.close()
