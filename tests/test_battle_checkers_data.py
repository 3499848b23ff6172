"""Battle Checkers position JSON, notation, levels, presets and the error messages of bad data."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from test_battle_checkers import GAME, acts, pos

from game.engine import IllegalAction, registry
from game.engine.battle_checkers import (
    END,
    FATE,
    NOFATE,
    Activate,
    Attack,
    DuelRoll,
    FateChoice,
    FateRoll,
    Place,
    Preset,
    RepelRoll,
    Roll,
    make_game,
)
from game.engine.battle_checkers.phases import PHASES
from game.engine.driver import random_action

BASE = {"board": [10, 10], "spirit": [6, 6], "phase": "main", "player": 0, "turn": 1, "dice": [3, 5]}


def _error(units=None, **changes) -> str:
    data = {
        **BASE,
        "units": units or [{"cell": "e5", "owner": 0, "facing": "N"}, {"cell": "e9", "owner": 1, "facing": "S"}],
        **changes,
    }
    with pytest.raises(ValueError) as info:
        GAME.state_from_dict(data)
    return str(info.value)


def _roundtrip(state) -> None:
    data = state.to_dict()
    restored = GAME.state_from_dict(json.loads(json.dumps(data)))
    assert restored.to_dict() == data and restored == state
    assert restored.current_player() == state.current_player()
    assert restored.legal_actions() == state.legal_actions()
    assert restored.chance_outcomes() == state.chance_outcomes()


def test_position_round_trips_in_every_phase() -> None:
    seen = {}
    state = GAME.initial_state()
    seen[state.phase] = state.clone()
    acts(state, "place e5 N")
    seen["deploy (partly placed)"] = state.clone()
    rng = random.Random(3)
    while not state.is_terminal():
        seen.setdefault(state.phase, state.clone())
        state.apply(random_action(state, rng))
    seen[state.phase] = state
    # Phases a random game may not visit are built directly.
    base = [("e5", 0, "N"), ("j1", 0, "N"), ("a10", 1, "S")]
    seen.setdefault("duel", pos([*base, ("e6", 1, "S")], phase="duel", pending={"attacker": "e5", "defender": "e6"}))
    seen.setdefault("repel", pos([*base, ("e6", 1, "W")], phase="repel", pending={"attacker": "e5", "defender": "e6"}))
    seen.setdefault("fate_choice", pos(base, phase="fate_choice", fate_player=1))
    seen.setdefault("fate", pos(base, phase="fate", fate_player=0))
    assert set(PHASES) <= set(seen)
    for state in seen.values():
        _roundtrip(state)


def test_position_json_has_the_fields_of_the_rules() -> None:
    state = pos(
        [("d2", 0, "NE", {"attack": False}), ("a10", 1, "S", {"shield": False})], dice=(2, 4), spent=(True, False)
    )
    data = state.to_dict()
    assert data["board"] == [10, 10] and data["spirit"] == [6, 6]
    assert data["units"][0] == {
        "cell": "d2",
        "owner": 0,
        "facing": "NE",
        "attack": False,
        "shield": True,
        "activated": False,
    }
    assert (data["player"], data["phase"], data["turn"], data["dice"], data["spent"]) == (
        0,
        "main",
        1,
        [2, 4],
        [True, False],
    )


@pytest.mark.parametrize(
    ("units", "changes", "field", "reason"),
    [
        ([{"cell": "e5", "owner": 0, "facing": "UP"}], {}, "units[0].facing", "unknown facing"),
        ([{"cell": "k5", "owner": 0, "facing": "N"}], {}, "units[0].cell", "not a cell"),
        ([{"cell": "e11", "owner": 0, "facing": "N"}], {}, "units[0].cell", "not a cell"),
        (
            [{"cell": "e5", "owner": 0, "facing": "N"}, {"cell": "e5", "owner": 1, "facing": "S"}],
            {},
            "units[1].cell",
            "two units on e5",
        ),
        (None, {"spirit": [6, -1]}, "spirit[1]", "negative spirit"),
        ([{"cell": "e5", "owner": 2, "facing": "N"}], {}, "units[0].owner", "outside"),
        (None, {"phase": "lunch"}, "phase", "unknown phase"),
        (None, {"dice": [0, 7]}, "dice", "two faces"),
        (None, {"board": [6, 6]}, "board", "does not match"),
        (None, {"phase": "duel"}, "pending", "missing"),
        (None, {"player": "me"}, "player", "whole number"),
        (None, {"game": "kubtafl"}, "game", "not 'battle_checkers'"),
    ],
)
def test_bad_position_data_names_the_field(units, changes, field, reason) -> None:
    message = _error(units, **changes)
    assert message.startswith(field) and reason in message


def test_missing_fields_are_named() -> None:
    with pytest.raises(ValueError, match="^units: missing"):
        GAME.state_from_dict({"board": [10, 10], "spirit": 6, "phase": "main"})
    with pytest.raises(ValueError, match="board"):
        GAME.state_from_dict({"game": "battle_checkers", "nonsense": True})


def test_notation_round_trips_and_plans_are_canonical() -> None:
    state = pos([("d2", 0, "N"), ("e5", 0, "E"), ("a10", 1, "S")], dice=(4, 6))
    for action in state.legal_actions():
        text = state.action_to_str(action)
        assert state.action_from_str(text) == action
    # Any plan that reaches the same end result names the same action, written the cheapest way.
    action = state.action_from_str("d2:s R1 L2 F3 R1 R1")
    assert state.action_to_str(action) == "d2:s L1 F3 R2"
    assert state.action_to_str(state.action_from_str("e5:1 L4")) == "e5:1 R4"
    assert state.action_to_str(state.action_from_str("e5:2 F2")) == "e5:2 F2"
    for bad in (
        "",
        "d2:s",
        "d2:x F1",
        "d2:s F1 F1",
        "d2:s Q1",
        "d2:s F9",
        "z9xd3",
        "roll 7 1",
        "place d2 UP",
        "d2:s F3 L2 F1",
        "preset nope",
        "c2:s F1",
    ):
        with pytest.raises(IllegalAction):
            state.action_from_str(bad)


def test_chance_notation() -> None:
    state = pos([("e5", 0, "N"), ("a10", 1, "S")], phase="roll", dice=None)
    assert [state.action_to_str(a) for a, _ in state.chance_outcomes()][:2] == ["roll 1 1", "roll 1 2"]
    duel = pos(
        [("e5", 0, "N"), ("e6", 1, "S"), ("a10", 1, "S")], phase="duel", pending={"attacker": "e5", "defender": "e6"}
    )
    assert duel.action_to_str(duel.action_from_str("duel 2 6")) == "duel 2 6"
    fate = pos([("e5", 0, "N"), ("a10", 1, "S")], phase="fate", fate_player=0)
    assert fate.action_to_str(fate.action_from_str("fate 1 5")) == "fate 1 5"
    with pytest.raises(IllegalAction):
        fate.action_from_str("fate")  # the choice was made; now the dice are rolled


def test_apply_rejects_malformed_and_illegal_tuples() -> None:
    state = pos([("e5", 0, "N"), ("a10", 1, "S")])
    before = state.to_dict()
    for bad in [
        (),
        ("act",),
        ("act", 44, 0, 54, 0),
        Activate(44, 0, 44, 0),
        Activate(44, "s", 54, 0),
        Activate(44, 0, 54, 9),
        Roll(1, 2),
        Attack(44, 45),
        Place(3, 0),
        ("nope",),
        "end",
        ("end",),
        Preset([1]),
        FateChoice(1),
        Attack(True, 54),
    ]:
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.to_dict() == before
    assert state.is_legal(Activate(44, 0, 54, 0)) and not state.is_legal(Activate(44, 0, 57, 0))


def test_events_are_json_safe_and_game_over_comes_last() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N")])
    events = acts(state, "e4xe5")
    json.dumps([e.to_dict() for e in events])
    assert events[-1].kind == "GameOver" and events[-1].winners == (0,)


def test_levels_and_presets_load() -> None:
    assert registry.levels("battle_checkers")[:1] == ["standard"]
    assert "skirmish6" in registry.levels("battle_checkers")
    skirmish = registry.load("battle_checkers", "skirmish6")
    assert (skirmish.board.width, skirmish.board.height) == (6, 6)
    state = skirmish.initial_state()
    assert len([a for a in state.legal_actions() if isinstance(a, Place)]) == 18 * 8
    acts(state, "preset line")
    acts(state, "preset wedge")
    assert state.unit_count(0) == state.unit_count(1) == 4 and state.phase == "roll"
    assert {u for u in ("b2", "c2", "d2", "e2") if state.unit_at(u)} == {"b2", "c2", "d2", "e2"}
    assert state.unit_at("c4")["facing"] == "S" and state.unit_at("e5")["facing"] == "SE"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"board": [3, 10]}, "board"),
        ({"board": "big"}, "board"),
        ({"spirit": -2}, "spirit"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"presets": ["no_such_preset"]}, "presets[0]"),
        ({"presets": "line"}, "presets"),
        ({"units_per_player": 4, "presets": ["line"]}, "presets[0].units"),
        ({"board": [6, 6], "units_per_player": 4, "presets": ["line"]}, "presets[0].board"),
        ({"presets": [{"name": "x", "units": [{"cell": "a9", "facing": "N"}] * 8}]}, "presets[0].units[0].cell"),
        (
            {"position": {"board": [10, 10], "spirit": 1, "phase": "main", "units": [{"cell": "a1"}]}},
            "position.units[0].owner",
        ),
    ],
)
def test_bad_level_data_names_the_field(data, field) -> None:
    setup = {"board": [10, 10], "units_per_player": 8, "spirit": 6, "turn_limit": 100}
    with pytest.raises(ValueError) as info:
        make_game("bad", {**setup, **data})
    assert str(info.value).startswith(field)


def test_a_level_may_start_from_a_saved_position() -> None:
    position = pos([("e4", 0, "N"), ("e5", 1, "N")], phase="roll", dice=None).to_dict()
    game = make_game("puzzle", {"position": position})
    state = game.initial_state()
    assert state.phase == "roll" and state.to_dict() == position
    state.apply(Roll(1, 1))
    assert game.initial_state().phase == "roll"  # the start position is not shared


def test_events_describe_every_change_of_the_units() -> None:
    """A client that only follows the events keeps the same board as the engine."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.initial_state()
        model: dict[str, tuple[int, str]] = {}
        while not state.is_terminal():
            for event in state.apply(random_action(state, rng)):
                if event.kind == "Placed":
                    model[event.cell] = (event.player, event.facing)
                elif event.kind == "Turned":
                    assert model[event.cell][1] == event.from_facing
                    model[event.cell] = (model[event.cell][0], event.to_facing)
                elif event.kind == "Moved":
                    assert event.to_cell not in model
                    model[event.to_cell] = model.pop(event.from_cell)
                elif event.kind == "Destroyed":
                    assert model.pop(event.cell)[0] == event.owner
            engine = {u["cell"]: (u["owner"], u["facing"]) for u in state.to_dict()["units"]}
            assert model == engine


def test_unit_actions_and_odds_for_the_preview() -> None:
    state = pos([("e5", 0, "N"), ("e6", 1, "S"), ("c3", 0, "N"), ("a10", 1, "S")])
    mine = state.unit_actions("e5")
    assert mine[0] == Attack(44, 54) and all(a in state.legal_actions() for a in mine)
    assert {a.cell for a in mine} == {44}
    assert state.unit_actions("e6") == []
    forecast = state.forecast(mine[0])
    assert forecast.probability("success") == forecast.probability("fail") == Fraction(1, 2)
    assert forecast.detail.side == "front" and forecast.detail.repel is None
    with pytest.raises(IllegalAction):
        state.forecast(Attack(44, 90))


def test_actions_of_different_types_are_never_equal() -> None:
    same_fields = [Roll(3, 5), DuelRoll(3, 5), FateRoll(3, 5), Attack(3, 5), Place(3, 5)]
    assert len(set(same_fields)) == len(same_fields)
    assert END != () and FATE != NOFATE and RepelRoll(1) != FateChoice(True) and Roll(3, 5) != (3, 5)
    assert Roll(3, 5) == Roll(3, 5) and hash(Roll(3, 5)) == hash(Roll(3, 5)) and not Roll(3, 5) != Roll(3, 5)
