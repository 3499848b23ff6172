"""Battle Checkers lessons (the pip roll, moving, turning, the four sides, duels, flanks and the shield, the rear,
spirit and the fate roll, a first game): each stored solution earns three stars, each wrong line fails, attacks are
judged on their exact chance (Fractions from the engine's forecast), a roll's luck never decides a lesson, B1–B13
are each taught by a level, and each lesson plays on the board to its result card with its goal whole at 1024×600."""

from __future__ import annotations

import dataclasses
import random
import re
from fractions import Fraction

import pytest

from game.engine.battle_checkers import Attack, BattleCheckersState
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.learn import goals
from game.learn.battle_checkers import BattleCheckersJudge, best_attacks, success_chance
from game.learn.lessons import Lesson, load_course
from game.paths import assets_dir
from tests.client_helpers import frames, make_app
from tests.driver import BoardDriver

COURSE = load_course("battle_checkers")
LESSONS = COURSE.lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]


def _state(lesson: Lesson) -> BattleCheckersState:
    state = lesson.game().initial_state()
    assert isinstance(state, BattleCheckersState)
    return state


def _find(lesson_id: str) -> Lesson:
    lesson = COURSE.find(lesson_id)
    assert lesson is not None
    return lesson


def _after(lesson: Lesson, actions: list[str] | tuple[str, ...]) -> BattleCheckersState:
    """The position after the player's `actions`, with the other side's waiting and the seeded dice, as `play_out`."""
    state = _state(lesson)
    rng = random.Random(lesson.seed)
    goals.roll(state, rng)
    for text in actions:
        state.apply(state.action_from_str(text))
        goals.roll(state, rng)
        state = _settled(lesson, state, rng)
    return state


def _settled(lesson: Lesson, state: BattleCheckersState, rng: random.Random) -> BattleCheckersState:
    settled, _ = goals.settle(lesson, state, 0, rng)
    assert isinstance(settled, BattleCheckersState)
    return settled


def test_the_first_game_starts_with_a_short_deployment():
    last = LESSONS[-1]
    first = _state(last)
    assert first.phase == "deploy" and first.board.width == first.board.height == 6  # a short setup: 4 units each
    assert first.position.to_place == [4, 4]


def test_B1_to_B13_rule_coverage_of_the_battle_checkers_lessons():
    """Every rule id of the shipped rules is taught by a level, and each is shown by a position, not only in words."""
    text = (assets_dir() / "rules" / "en" / "battle_checkers.md").read_text(encoding="utf-8")
    reference = set(re.findall(r"\bB\d{1,2}\b", text))
    assert reference == {f"B{i}" for i in range(1, 14)}
    assert {rule for lesson in LESSONS for rule in lesson.rules} == reference
    assert {rule for lesson in SCRIPTED for rule in lesson.rules} == reference


@pytest.mark.parametrize("lesson", SCRIPTED, ids=lambda lesson: lesson.id)
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


def test_B6_both_dice_on_one_unit_or_one_die_each():
    assert goals.play_out(_find("roll-1"), ["c1:2 F3", "end"]).reason == "used_die"  # the lesson asks for the sum
    two = _find("roll-2")
    assert two.test.kind == "reach_all"
    state = _after(two, ["b2:s F2"])  # the sum spent on one unit: the turn is over, e2 never moved
    assert state.unit_at("e2") is not None and goals.play_out(two, ["b2:s F2", "end"]).status == "failure"


def test_a_lesson_about_the_dice_fails_a_move_that_spends_them_otherwise_with_its_reason():
    """ "One die each" and "with the 3" are passed only as taught: the sum (which also reaches the cells, a turn
    later or with pips to spare) fails at once, and so does the other die, each with a sentence saying why."""
    two = _find("roll-2")
    # The sum on e2, then the next turn's roll on b2, reaches both cells within the action limit: not as taught.
    assert goals.play_out(two, ["e2:s F4", "b2:1 F2"]) == goals.Verdict("failure", 0, "used_sum", {"sum": 6})
    assert goals.play_out(two, two.solution).stars == 3
    walk = _find("pips-1")
    assert goals.play_out(walk, ["c2:s F3"]) == goals.Verdict("failure", 0, "used_sum_not_die", {"sum": 8, "die": 3})
    assert goals.play_out(walk, ["c2:2 F3"]) == goals.Verdict("failure", 0, "wrong_die", {"die": 3, "used": 5})
    assert goals.play_out(walk, ["c2:1 F3"]).stars == 3
    turning = _find("turning-2")
    assert turning.test.params["use"] == "sum" and goals.play_out(turning, turning.solution).stars == 3
    for reason in ("used_sum", "used_sum_not_die", "used_die", "wrong_die"):
        for language in ("en", "ru"):
            assert f'"learn.fail.{reason}"' in (assets_dir() / "i18n" / language / "learn.json").read_text("utf-8")


def test_a_lesson_naming_a_dice_use_it_cannot_check_is_refused_on_load():
    lesson = _find("pips-1")
    for bad, field in (({"use": "both"}, "test.use"), ({"use": "sum", "die": 3}, "test.die")):
        test = dataclasses.replace(lesson.test, params={"cell": "c5", **bad})
        with pytest.raises(ValueError, match=field):
            BattleCheckersJudge().check(dataclasses.replace(lesson, test=test), _state(lesson))


def test_B7_a_unit_next_to_an_enemy_may_turn_but_not_step():
    lesson = _find("moving-2")
    state = _state(lesson)
    ends = {state.action_to_str(a) for a in state.legal_actions() if state.action_to_str(a).startswith("c3:")}
    assert ends and all(" F" not in text for text in ends)
    assert "c3:1 R1" in ends


def test_B9_B10_the_decision_is_judged_not_the_duels_luck():
    """A head-on attack passes the duel lesson whichever side wins the duel: every seed, the same verdict."""
    lesson = _find("duel-1")
    survivors = set()
    for seed in range(8):
        trial = dataclasses.replace(lesson, seed=seed)
        assert goals.play_out(trial, trial.solution) == goals.Verdict("success", 3)
        survivors.add(_after(trial, trial.solution).unit_at("d4") is None)
    assert survivors == {True, False}  # the duel went both ways
    assert goals.play_out(lesson, ["c4:1 R1", "end"]).reason == "out_of_moves"  # no duel fought


def test_B9_B10_the_shield_turns_the_first_blow_and_the_spent_weapon_cannot_repel():
    flank = _find("flank-1")
    state = _state(flank)
    first = state.action_from_str("c4xd4")
    assert isinstance(first, Attack) and success_chance(state, first) == 0
    after = _after(flank, ["c4xd4"])
    assert after.unit_at("d4") is not None and not after.unit_at("d4")["shield"]  # type: ignore[index]
    second = after.action_from_str("c5xd4")
    assert isinstance(second, Attack) and success_chance(after, second) == 1
    spent = _state(_find("flank-2"))
    chances = {spent.action_to_str(attack): chance for chance, attack in best_attacks(spent, "d4")}
    assert chances == {"e4xd4": Fraction(1), "d5xd4": Fraction(1, 2)}  # the weapon side of a unit that struck
    side = _find("sides-name")
    assert goals.play_out(side, ["d5xd4"]).reason == "out_of_moves"  # the front is not its right flank


def test_B5_attack_and_shield_come_back_at_the_start_of_the_next_turn():
    lesson = _find("refresh-1")
    state = _state(lesson)
    assert state.unit_at("c3")["attack"] is False  # type: ignore[index]
    assert not [a for a in state.attacks()]
    back = _after(lesson, ["end"])
    assert back.current_player() == 0 and back.turn == state.turn + 2
    assert back.unit_at("c3")["attack"] is True and back.unit_at("c4")["shield"] is True  # type: ignore[index]
    flank = _after(_find("flank-1"), ["c4xd4", "end"])
    assert flank.unit_at("d4")["shield"] is True  # type: ignore[index]  # the shield is back next turn


def test_B3_B11_a_kill_gains_a_grain_and_calling_fate_with_spirit_to_spare_is_never_a_loss():
    lesson = _find("spirit-1")
    start = _state(lesson)
    assert start.spirit == [5, 2]
    killed = _after(lesson, ["c3xc4"])
    assert killed.spirit == [6, 2] and killed.phase == "fate_choice"
    outcomes = set()
    for seed in range(12):
        trial = dataclasses.replace(lesson, seed=seed)
        assert goals.play_out(trial, trial.solution).status == "success"
        after = _after(trial, trial.solution)
        assert after.spirit[0] >= 1 and (after.outcome() is None or after.outcome().winner == 0)  # type: ignore[union-attr]
        outcomes.add(after.spirit[0] == 6)
    assert outcomes == {True, False}  # the fate roll went both ways, the lesson passed each time
    assert goals.play_out(lesson, ["c3xc4", "nofate"]).reason == "out_of_moves"


def test_B4_a_unit_is_placed_on_its_own_half_with_a_facing_then_the_turn_rolls():
    lesson = _find("deploy-1")
    state = _state(lesson)
    assert state.phase == "deploy" and state.position.to_place == [1, 0]
    placed = _after(lesson, ["place c3 N"])
    assert placed.phase == "main" and placed.dice is not None and placed.unit_at("c3")["facing"] == "N"  # type: ignore[index]
    with pytest.raises(ValueError):
        state.clone().apply(state.action_from_str("place c5 N"))  # the enemy's half


def test_B12_the_last_unit_destroyed_wins_at_once():
    after = _after(_find("end-1"), ["e4xf5"])
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == BattleCheckersReason.NO_UNITS


def test_B13_the_turn_limit_counts_units_then_spirit():
    lesson = _find("limit-1")
    won = _after(lesson, lesson.solution).outcome()
    assert won is not None and won.winner == 0 and won.reason == BattleCheckersReason.TURN_LIMIT_MORE_UNITS
    drawn = _after(lesson, ["end"]).outcome()
    assert drawn is not None and drawn.is_draw and drawn.reason == BattleCheckersReason.TURN_LIMIT_DRAW
    assert goals.play_out(lesson, ["end"]).reason == "ended_draw"


@pytest.mark.parametrize(
    ("test", "says"),
    [
        ({"kind": "event", "event": "Duel"}, "test.event"),
        ({"kind": "event", "event": "Destroyed"}, "test.event"),
        ({"kind": "event", "event": "Shielded", "side": "rear"}, "test.side"),
        ({"kind": "event", "event": "Attacked", "side": "back"}, "test.side"),
        ({"kind": "reach_all", "cells": []}, "test.cells"),
        ({"kind": "reach_all", "cells": ["c3", "z9"]}, "test.cells"),
        ({"kind": "reach_all", "cells": "c3"}, "test.cells"),
    ],
)
def test_a_bad_event_or_cells_test_is_named(test: dict[str, object], says: str):
    lesson = _find("roll-2")
    bad = dataclasses.replace(lesson, test=goals_test(test))
    with pytest.raises(ValueError, match=re.escape(says)):
        BattleCheckersJudge().check(bad, _state(lesson))


def goals_test(data: dict[str, object]):
    from game.learn.lessons import Test

    return Test(str(data["kind"]), {k: v for k, v in data.items() if k != "kind"})


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_goal_is_whole_on_its_card_at_1024x600(home, language):
    """The goal card of each lesson, the first game's too, holds the whole sentence on the smallest screen, and the
    lesson's title fits the panel's header (the lessons are played by posted events in
    test_learn_battle_checkers_client)."""
    from game.client.learn.start import lesson_session

    app = make_app((1024, 600), language=language, anim_speed="instant")
    try:
        for lesson in LESSONS:
            app.goto("battle_checkers", session=lesson_session(lesson), lesson=lesson)
            frames(app, 2)
            scene = app.scenes.current
            card = scene.lesson.card
            assert card.shown[0] == lesson.goal.get(language) and card.cut == [], lesson.id
            assert BoardDriver(app).cut == [], lesson.id  # the lesson's title beside the game's name too
    finally:
        app.close()
