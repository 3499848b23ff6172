"""AI levels are defined once: every planner has a strength for every level that searches, and no other."""

from __future__ import annotations

import pytest

from ai.levels import BASELINES, LEVEL_NAMES, LEVELS, PLAYER_LEVELS, SEARCH, Level, strength_of, strengths
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
    with pytest.raises(TypeError, match="not a"):
        make_planner(registry.load("kubtafl"), PLAYER_LEVELS[0])  # a planner plays its own mode only


def test_a_planners_strength_table_must_name_every_player_level_and_no_other(monkeypatch) -> None:
    table = strengths({name: index for index, name in enumerate(PLAYER_LEVELS)})
    assert list(table) == list(PLAYER_LEVELS)
    with pytest.raises(ValueError, match=f"{PLAYER_LEVELS[-1]!r} has no strength"):
        strengths({name: 0 for name in PLAYER_LEVELS[:-1]})
    with pytest.raises(ValueError, match="'expert', not a level that searches"):
        strengths({**table, "expert": 9})
    monkeypatch.setitem(LEVELS, "expert", Level("expert", SEARCH, nodes=1))
    monkeypatch.setattr("ai.levels.PLAYER_LEVELS", (*PLAYER_LEVELS, "expert"))
    with pytest.raises(ValueError, match="'expert' has no strength"):
        strengths(table)
    with pytest.raises(ValueError, match="unknown AI level 'expert'"):
        strength_of(table, "expert")


@pytest.mark.parametrize("language", sorted(LANGUAGE_NAMES))
def test_every_level_has_its_texts(language: str) -> None:
    texts = table(language)
    for name in LEVELS:
        assert f"board.level.{name}" in texts
    for seat in SEAT_CHOICES:
        assert f"seat.short.{seat}" in texts
        assert parse_seat(seat) == seat
