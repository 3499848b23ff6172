"""AI levels are defined once: every planner has a strength for every level that searches, and no other."""

from __future__ import annotations

import pytest

from ai.levels import BASELINES, LEVEL_NAMES, LEVELS, PLAYER_LEVELS, SEARCH, strength_of, strengths_by_level
from game.client.i18n import LANGUAGE_NAMES, table
from game.client.play.seats import SEAT_CHOICES, parse_seat
from game.engine import registry

PLANNED = [spec for spec in registry.MODES if spec.planner is not None]


def test_the_level_table_names_each_level_once() -> None:
    assert all(level.name == name for name, level in LEVELS.items())
    assert sorted(LEVEL_NAMES) == sorted(LEVELS) and set(BASELINES).isdisjoint(PLAYER_LEVELS)
    assert all(LEVELS[name].kind == SEARCH for name in PLAYER_LEVELS)


@pytest.mark.parametrize("spec", PLANNED, ids=[spec.name for spec in PLANNED])
def test_every_player_level_has_its_own_strength_in_every_planner(spec: registry.ModeSpec) -> None:
    assert spec.planner is not None
    make_planner = registry.resolve(spec.planner)
    game = registry.load(spec.name)
    strengths = [make_planner(game, level).strength for level in PLAYER_LEVELS]
    assert len(set(strengths)) == len(PLAYER_LEVELS)  # no level plays as another
    with pytest.raises(ValueError, match="'expert'"):
        make_planner(game, "expert")


def test_a_strength_table_must_cover_exactly_the_levels_that_search() -> None:
    full = {name: name.upper() for name in PLAYER_LEVELS}
    assert strengths_by_level("test", full) is full
    with pytest.raises(ValueError, match="missing for AI levels \\['hard'\\]"):
        strengths_by_level("test", {k: v for k, v in full.items() if k != "hard"})
    with pytest.raises(ValueError, match="unknown levels \\['expert'\\]"):
        strengths_by_level("test", {**full, "expert": "EXPERT"})
    with pytest.raises(ValueError, match="unknown AI level 'expert'"):
        strength_of(full, "expert")


@pytest.mark.parametrize("language", sorted(LANGUAGE_NAMES))
def test_every_level_has_its_texts(language: str) -> None:
    texts = table(language)
    for name in LEVELS:
        assert f"board.level.{name}" in texts
    for seat in SEAT_CHOICES:
        assert f"seat.short.{seat}" in texts
        assert parse_seat(seat) == seat
