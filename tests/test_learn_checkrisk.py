"""CheckRisk lessons: every stage loads, every stored solution earns three stars with the lesson's seeded dice, every
wrong line fails with its reason, attacks are judged on their exact odds (Fractions from the engine's forecast), the
other side stands, withdraws or waits as the lesson says, and C1–C15 are each taught by a level."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from game.engine import registry
from game.engine.checkrisk import Attack, CheckRiskState, battle_odds
from game.learn import goals
from game.learn.checkrisk import CheckRiskJudge, best_attacks, win_chance
from game.learn.goals import percent
from game.learn.lessons import Lesson, load_course
from game.paths import assets_dir

COURSE = load_course("checkrisk")
LESSONS = COURSE.lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]
#: Rules the first game against the computer teaches by playing it (deployment, the turn limit) or in its tip (C5:
#: three or four players deploy in corner boxes; a lesson is played by two).
IN_THE_FIRST_GAME = {"C4", "C5", "C6", "C15"}


def _state(lesson: Lesson) -> CheckRiskState:
    state = lesson.game().initial_state()
    assert isinstance(state, CheckRiskState)
    return state


def test_the_first_game_starts_with_the_players_deployment():
    assert _state(LESSONS[-1]).phase == "deploy"  # a short setup: the player deploys, then plays


@pytest.mark.parametrize("lesson", SCRIPTED, ids=lambda lesson: lesson.id)
def test_stored_solution_earns_three_stars_and_the_wrong_line_fails(lesson: Lesson):
    verdict = goals.play_out(lesson, lesson.solution)
    assert verdict.status == "success" and verdict.stars == 3
    assert lesson.wrong, f"{lesson.id} shows no failure"
    wrong = goals.play_out(lesson, lesson.wrong)
    assert wrong.status == "failure" and wrong.reason in ("out_of_moves", "worse_odds")


def test_a_lesson_is_never_failed_by_luck_every_attempt_rolls_the_same_dice():
    for lesson in SCRIPTED:
        assert goals.play_out(lesson, lesson.solution) == goals.play_out(lesson, lesson.solution)
    # Where the goal rests on a battle, the test is the decision (best odds) or the seeded dice of the one right line.
    kinds = {lesson.test.kind for lesson in SCRIPTED}
    assert {"best_odds", "win_battle", "reinforce", "stacks", "reach"} <= kinds


def test_C11_best_odds_is_judged_on_exact_fractions_from_the_engine():
    lesson = COURSE.find("attack-1")
    assert lesson is not None
    state = _state(lesson)
    ranked = best_attacks(state, "d3")
    best, attack = ranked[0]
    assert state.action_to_str(attack) == "c3xd3:6" and best == battle_odds(6, 2)[0]
    two = state.action_from_str("d2xd3:2")
    assert isinstance(two, Attack) and win_chance(state, two) == Fraction(131, 315)  # the rules' 2 vs 2
    verdict = goals.play_out(lesson, ["d2xd3:2"])
    assert verdict.reason == "worse_odds"
    assert verdict.values == {"chosen": percent(Fraction(131, 315)), "best": percent(best), "attack": "c3xd3:6"}
    assert verdict.values["chosen"] == 41 and verdict.values["best"] == 99  # rounded down: never a sure 100


def test_C10_the_best_attack_need_not_be_the_biggest_stack_it_is_the_weakest_target():
    lesson = COURSE.find("attack-2")
    assert lesson is not None
    ranked = best_attacks(_state(lesson), None)
    assert ranked[0][0] == battle_odds(5, 1)[0] > battle_odds(5, 3)[0] > battle_odds(5, 4)[0]
    assert goals.play_out(lesson, ["c3xd3:5"]).reason == "worse_odds"


def test_C12_C13_the_other_side_stands_withdraws_and_moves_nothing_in_when_it_does_nothing():
    judge = CheckRiskJudge()
    game = registry.make_game("checkrisk", "t", COURSE.lessons[1].position)
    defending = game.position({"c3": (0, 3), "c4": (1, 3)}, phase="battle", battle=_battle("c3", "c4", 3, "defender"))
    attacking = game.position({"c3": (0, 3), "c4": (1, 3)}, phase="battle", battle=_battle("c3", "c4", 3, "attacker"))
    occupying = game.position({"c3": (0, 3), "a6": (1, 3)}, phase="battle", battle=_battle("c3", "c4", 0, "occupy"))
    assert judge.idle_reply(defending) == "stand"
    assert judge.idle_reply(attacking) == "withdraw"
    assert judge.idle_reply(occupying) == "occupy:0"
    assert judge.idle_reply(game.position({"c3": (0, 3), "c4": (1, 3)})) is None


def test_C7_hand_back_starts_the_players_next_turn_with_the_reinforcements_its_edge_groups_earn():
    lesson = COURSE.find("reinforce-1")
    assert lesson is not None
    state = _state(lesson)
    for text in lesson.solution:
        state.apply(state.action_from_str(text))
    state.apply(state.action_from_str("end"))
    assert state.current_player() == 1
    back = goals.hand_back(lesson, state)
    assert isinstance(back, CheckRiskState)
    assert back.current_player() == 0 and back.phase == "reinforce" and back.round == state.round + 1
    assert sum(left for _, left in back.pending_reinforcements()) == 1  # four cells at the edge earn one
    assert back.stack(back.game.cell_index("f6")) == (1, 2)  # the other side did nothing


def test_a_level_may_start_mid_game_and_a_bad_start_is_named():
    lesson = COURSE.find("retreat-1")
    assert lesson is not None
    state = _state(lesson)
    assert state.phase == "battle" and state.current_player() == 0 and state.seat == 1  # the player defends
    level = dict(lesson.position)
    level["start"] = {"stacks": [{"cell": "c3", "owner": 0, "count": 7}]}
    with pytest.raises(ValueError, match=r"start\.stacks\[0\]\.count"):
        registry.make_game("checkrisk", "t", level)
    level["start"] = {"stacks": [{"cell": "c3", "owner": 0, "count": 2}], "phase": "nowhere"}
    with pytest.raises(ValueError, match=r"start\.phase"):
        registry.make_game("checkrisk", "t", level)


def test_C1_to_C15_rule_coverage_of_the_checkrisk_lessons():
    text = (assets_dir() / "rules" / "en" / "checkrisk.md").read_text(encoding="utf-8")
    reference = set(re.findall(r"\bC\d{1,2}\b", text))
    assert reference == {f"C{i}" for i in range(1, 16)}
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught == reference
    shown = {rule for lesson in SCRIPTED for rule in lesson.rules}
    assert reference - shown == IN_THE_FIRST_GAME


def _battle(origin: str, target: str, attackers: int, pending: str) -> dict[str, object]:
    return {"origin": origin, "target": target, "attackers": attackers, "pending": pending, "rounds": 1}
