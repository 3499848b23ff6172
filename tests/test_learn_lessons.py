"""Lesson files: every stage loads, every stored solution earns three stars in the engine and no shorter one
exists, every wrong line fails, bad files are named clearly, and the rule ids the lessons teach are mapped against
the rules reference the game ships (`assets/rules/en/<mode>.md`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.core import AnyState
from game.learn import goals
from game.learn.lessons import Lesson, LessonError, course_modes, learn_dir, load_course, load_stage
from game.paths import assets_dir

KUBTAFL = load_course("kubtafl")
LESSONS = KUBTAFL.lessons
SCRIPTED = [lesson for lesson in LESSONS if lesson.opponent != "easy"]
#: The modes whose lessons must teach every rule id (the others report their coverage only).
FULL_MAP = tuple(course_modes())
#: Rules no position can show, taught in words by a lesson's tip: K17 (a side with no legal action loses) cannot
#: arise, since a die next to an empty cell can always move and one next to an enemy can always ram it.
IN_WORDS = {"K17"}


def rule_ids(mode: str) -> set[str]:
    """Every rule id of the rules reference the game ships, for `mode`."""
    text = (assets_dir() / "rules" / "en" / f"{mode}.md").read_text(encoding="utf-8")
    spec = registry.find(mode)
    assert spec is not None and spec.rule_prefix
    prefix = spec.rule_prefix
    return set(re.findall(rf"\b{prefix}\d{{1,2}}\b", text))


def test_every_stage_of_every_course_loads_without_problems():
    assert course_modes()[:2] == ["kubtafl", "checkrisk"]
    for mode in course_modes():
        course = load_course(mode)
        assert course.problems == []
        assert course.lessons and len({lesson.id for lesson in course.lessons}) == len(course.lessons)


STAGES = {
    "kubtafl": ["moving", "ramming", "pushes", "pins", "transfers", "reentry", "winning", "first-game"],
    "checkrisk": [
        "moving",
        "six",
        "attack",
        "continue",
        "withdraw",
        "occupy",
        "reinforce",
        "blitz",
        "first-game",
    ],
    "battle_checkers": ["pips", "moving", "turning", "sides", "duels", "flanks", "rear", "spirit", "first-game"],
}


@pytest.mark.parametrize("mode", FULL_MAP)
def test_the_course_has_every_stage_in_order_and_ends_with_a_game_against_the_easy_computer(mode: str):
    course = load_course(mode)
    assert course.problems == []
    assert [stage.id for stage in course.stages] == STAGES[mode]
    last = course.lessons[-1]
    assert last.opponent == "easy" and last.test.kind == "win" and last.max_actions is None
    assert last.seats() == ["human", "ai:easy"]


@pytest.mark.parametrize("lesson", SCRIPTED, ids=[lesson.id for lesson in SCRIPTED])
def test_stored_solution_earns_three_stars_and_the_wrong_line_fails(lesson: Lesson):
    solved = goals.play_out(lesson, lesson.solution)
    assert (solved.status, solved.stars) == ("success", 3)
    assert lesson.wrong, "every scripted lesson shows how it fails"
    failed = goals.play_out(lesson, lesson.wrong)
    assert failed.status == "failure" and failed.reason


def _solves_within(lesson: Lesson, state: AnyState, start: AnyState, decisions: list, replies: int, depth: int) -> bool:
    """True when some line of at most `depth` more player actions passes the lesson's test."""
    if depth == 0:
        return False
    for action in state.legal_actions():
        text = state.action_to_str(action)
        after = state.clone()
        after.apply(action)
        line = [*decisions, (state.clone(), text)]
        if goals.judge(lesson, start, after, line).status == "success":
            return True
        settled, used = goals.settle(lesson, after, replies)
        verdict = goals.judge(lesson, start, settled, line)
        if verdict.status == "success":
            return True
        if verdict.status == "playing" and _solves_within(lesson, settled, start, line, used, depth - 1):
            return True
    return False


SHORT = [lesson for lesson in SCRIPTED if lesson.stars[0] <= 2]


@pytest.mark.parametrize("lesson", SHORT, ids=[lesson.id for lesson in SHORT])
def test_three_stars_ask_for_the_shortest_solution(lesson: Lesson):
    """No line shorter than the three-star limit solves the lesson (so three stars mean the best play)."""
    start = lesson.game().initial_state()
    assert not _solves_within(lesson, start.clone(), start, [], 0, lesson.stars[0] - 1)


def test_a_lesson_is_never_failed_by_luck_every_attempt_plays_the_same():
    for lesson in SCRIPTED:
        assert goals.play_out(lesson, lesson.solution) == goals.play_out(lesson, lesson.solution)
        assert isinstance(lesson.seed, int)


def test_K1_to_K18_rule_coverage_of_the_kubtafl_lessons():
    """Every rule id of the shipped Kubtafl rules is taught by a lesson (K17 in words: no position can show it)."""
    reference = rule_ids("kubtafl")
    assert reference == {f"K{i}" for i in range(1, 19)}
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught <= reference
    assert reference - taught == set()
    shown = {rule for lesson in LESSONS if lesson.opponent != "easy" for rule in lesson.rules}
    assert reference - shown == IN_WORDS


@pytest.mark.parametrize("mode", course_modes())
def test_rule_coverage_per_game_is_reported(mode: str):
    """The coverage per game (a full map is required for the modes in FULL_MAP)."""
    reference = rule_ids(mode)
    taught = {rule for lesson in load_course(mode).lessons for rule in lesson.rules}
    assert taught <= reference
    missing = sorted(reference - taught, key=lambda r: int(r[1:]))
    print(f"{mode}: {len(reference & taught)} of {len(reference)} rule ids taught; missing {missing}")
    if mode in FULL_MAP:
        assert not missing


def _stage(tmp_path: Path, level: dict, name: str = "01_bad.json") -> Path:
    folder = tmp_path / "kubtafl"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(json.dumps({"game": "kubtafl", "stage": "bad", "title": {"en": "B", "ru": "Б"}, "levels": [level]}))
    return path


def _good() -> dict:
    data = json.loads((learn_dir() / "kubtafl" / "01_moving.json").read_text(encoding="utf-8"))
    return dict(data["levels"][0])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"goal": {"en": "Go"}}, "goal.ru"),
        ({"rules": ["C3"]}, "rules[0]"),
        ({"test": {"kind": "fly"}}, "test.kind"),
        ({"test": {"kind": "reach", "cell": "z9"}}, "test.cell"),
        ({"test": {"kind": "destroy", "piece": "c5"}}, "test.piece"),
        ({"stars": [3, 1]}, "stars"),
        ({"max_actions": 0}, "max_actions"),
        ({"arrows": [["b2", "q9"]]}, "arrows[0]"),
        ({"opponent": "hard"}, "opponent"),
        ({"replies": ["f6-f5"]}, "replies"),
        ({"solution": ["b2-b3"]}, "solution"),
        ({"solution": ["b2-h8"]}, "solution"),
        ({"wrong": ["b2-e2"]}, "wrong"),
        ({"position": {"width": 6, "height": 6, "to_move": "light", "dice": []}}, "position"),
        ({"seat": 1}, "seat"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_level_is_refused_with_a_message_naming_file_level_and_field(tmp_path, change, says):
    level = {**_good(), **change}
    path = _stage(tmp_path, level)
    with pytest.raises(LessonError) as caught:
        load_stage(path, "kubtafl")
    message = str(caught.value)
    assert str(path) in message and "level 1 (moving-1)" in message and says in message


def test_a_damaged_stage_file_is_left_out_and_named_while_the_others_load(tmp_path):
    _stage(tmp_path, _good(), "01_good.json")
    (tmp_path / "kubtafl" / "02_broken.json").write_text("{not json")
    (tmp_path / "kubtafl" / "03_twice.json").write_text((tmp_path / "kubtafl" / "01_good.json").read_text())
    course = load_course("kubtafl", tmp_path / "kubtafl")
    assert [lesson.id for lesson in course.lessons] == ["moving-1"]
    assert len(course.problems) == 2
    assert "02_broken.json" in course.problems[0] and "not valid JSON" in course.problems[0]
    assert "03_twice.json" in course.problems[1] and "moving-1" in course.problems[1]


def test_a_stage_read_again_is_not_proven_again_unless_its_file_changed(tmp_path, monkeypatch):
    # Opening Learn or a lesson reads the course: its levels are proven once, and again only for a changed file.
    proven = []
    check = goals.check_lesson

    def counted(lesson: Lesson, start: AnyState) -> None:
        proven.append(lesson.id)
        check(lesson, start)

    monkeypatch.setattr(goals, "check_lesson", counted)
    path = _stage(tmp_path, _good(), "01_good.json")
    first = load_course("kubtafl", tmp_path / "kubtafl")
    again = load_course("kubtafl", tmp_path / "kubtafl")
    assert proven == ["moving-1"] and again.lessons == first.lessons and again is not first
    _stage(tmp_path, {**_good(), "id": "moving-9"}, "01_good.json")
    assert [lesson.id for lesson in load_course("kubtafl", tmp_path / "kubtafl").lessons] == ["moving-9"]
    assert proven == ["moving-1", "moving-9"]
    path.write_text(json.dumps({"game": "kubtafl", "stage": "bad", "title": {"en": "B"}, "levels": [_good()]}))
    with pytest.raises(LessonError):  # a file that turned bad is refused, not served from before
        load_stage(path, "kubtafl")


def test_losing_a_kept_piece_fails_and_names_it():
    from dataclasses import replace

    from game.learn.lessons import Test

    pins = next(lesson for lesson in LESSONS if lesson.id == "pins-2")
    lesson = replace(pins, test=Test("reach", {"cell": "a6"}), keep=("e4",), max_actions=3)
    verdict = goals.play_out(lesson, ["d1-d4"])
    assert (verdict.status, verdict.reason, verdict.values) == ("failure", "lost", {"piece": "dark d10"})


def test_the_scripted_other_side_waits_once_the_player_leaves_its_script():
    draw = next(lesson for lesson in LESSONS if lesson.id == "winning-3")
    state = draw.game().initial_state()
    state.apply(state.action_from_str("a1-a3"))
    assert goals.other_side(draw, state, 0) == "f6-f5"
    state.apply(state.action_from_str("f6-f5"))
    state.apply(state.action_from_str("a3-a4"))
    assert goals.other_side(draw, state, 4) is None  # the script is used up: Dark waits
    after, replies = goals.settle(draw, state, 4)
    assert after.current_player() == draw.seat and replies == 4
