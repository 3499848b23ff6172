"""Impossible positions and outcomes are refused with a ValueError naming the field (never another error)."""

from __future__ import annotations

import math
import random

import pytest

from game.engine import registry
from game.engine.core import Outcome
from game.engine.driver import random_action, random_playout


def _finished(mode: str, seed: int = 5) -> dict:
    state = registry.load(mode).initial_state()
    random_playout(state, random.Random(seed))
    return state.to_dict()


@pytest.mark.parametrize("winners", [[0, 0], [0.0], "SW", [5]])
@pytest.mark.parametrize("mode", registry.modes())
def test_outcome_winners_that_no_game_ends_with_are_refused_or_not_trusted(mode: str, winners: object) -> None:
    data = _finished(mode)
    truth = registry.load(mode).state_from_dict(data).outcome()
    data["outcome"] = {**data.get("outcome", {"reason": "x", "num_players": 2}), "winners": winners}
    try:
        state = registry.load(mode).state_from_dict(data)
    except ValueError as error:
        assert "outcome.winners" in str(error)
    else:
        # A mode that reads its result off the position (the template's race) stores none and takes none.
        assert state.outcome() == truth


def test_kubtafl_d20_destroyed_while_it_stands_is_refused() -> None:
    data = registry.load("kubtafl").initial_state().to_dict()
    data["outcome"] = {"winners": [0], "reason": "d20_destroyed"}
    with pytest.raises(ValueError, match="outcome.reason"):
        registry.load("kubtafl").state_from_dict(data)


@pytest.mark.parametrize(("field", "value"), [("reason", ["x"]), ("num_players", math.inf), ("num_players", -math.inf)])
def test_outcome_fields_of_the_wrong_type_are_value_errors(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"outcome.{field}"):
        Outcome.from_dict({"winners": [0], "reason": "no units", "num_players": 2, field: value})


def test_battle_checkers_turn_far_past_the_limit_is_refused() -> None:
    data = _finished("battle_checkers")
    data["turn"] = 10**6
    with pytest.raises(ValueError, match="turn"):
        registry.load("battle_checkers").state_from_dict(data)


def _level(mode: str) -> dict:
    return registry.read_json(registry.level_path(mode, "standard"))


def test_checkrisk_level_with_a_preset_that_is_not_a_name_is_refused() -> None:
    from game.engine.checkrisk import make_game

    data = {**_level("checkrisk"), "presets": [["wall"]]}
    with pytest.raises(ValueError, match=r"presets\[0\]"):
        make_game("bad", data)


def test_kubtafl_level_with_float_winners_is_refused() -> None:
    from game.engine.kubtafl import make_game

    data = {**_level("kubtafl"), "outcome": {"winners": [0.0], "reason": "d20_destroyed"}}
    with pytest.raises(ValueError, match="outcome.winners"):
        make_game("bad", data)


def test_checkrisk_token_totals_that_do_not_add_up_are_refused() -> None:
    data = registry.load("checkrisk").initial_state().to_dict()
    data["removed"] = [3, 0]
    with pytest.raises(ValueError, match=r"supply\[0\]"):
        registry.load("checkrisk").state_from_dict(data)


def test_battle_checkers_more_units_than_the_level_gives_a_side_are_refused() -> None:
    game = registry.load("battle_checkers")
    state = game.initial_state()
    rng = random.Random(1)
    while state.to_dict()["phase"] == "deploy":
        state.apply(random_action(state, rng))
    data = state.to_dict()
    used = {unit["cell"] for unit in data["units"]}
    free = [f"{c}{r}" for c in "abcdefghij" for r in range(1, 11) if f"{c}{r}" not in used]
    extra = game.level.units_per_player + 1 - state.unit_count(0)  # one more than the level gives: still few
    data["units"] += [
        {"cell": cell, "owner": 0, "facing": "N", "attack": True, "shield": True, "activated": False}
        for cell in free[:extra]
    ]
    with pytest.raises(ValueError, match="units: player 1 has more than the level's"):
        game.state_from_dict(data)
