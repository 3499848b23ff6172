"""Kubtafl's first lessons tell a die's kind from the number it shows before the first move: each die a moving
lesson's goal names comes with the number it shows (its reach), in English and Russian."""

from __future__ import annotations

import re

from game.engine.kubtafl import KINDS
from game.learn.lessons import load_course

LESSONS = load_course("kubtafl").lessons


def test_the_first_lesson_says_what_kind_a_die_is_and_what_it_shows():
    first = LESSONS[0]
    state = first.game().initial_state()
    d6 = next(d for d in state.dice(0) if KINDS[d.kind] == "d6")
    assert f"it shows {d6.value}, so it moves up to {d6.value} cells" in first.goal.en
    assert f"на нём {d6.value}, значит, он идёт до {d6.value} клеток" in first.goal.ru
    assert "d6 is the kind of die; the number on top is what it shows now" in first.tip.en
    assert "d6 — вид кубика, а число сверху — то, что он показывает сейчас" in first.tip.ru


def test_every_die_a_moving_lesson_names_comes_with_the_number_it_shows():
    moving = [lesson for lesson in LESSONS if lesson.id.startswith("moving-")]
    assert len(moving) == 4
    for lesson in moving:
        state = lesson.game().initial_state()
        shows = {KINDS[d.kind]: d.value for d in state.dice(0)}
        for goal in (lesson.goal.en, lesson.goal.ru):
            named = re.findall(r"\bd(?:4|6|8|10|12|20)\b", goal)
            assert named, goal
            for kind in named:
                assert re.search(rf"{kind}\W[^.]*?\b{shows[kind]}\b", goal), (lesson.id, goal)
