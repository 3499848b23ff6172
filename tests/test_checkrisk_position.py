"""CheckRisk position JSON: exact round-trips in every phase and named errors for bad data."""

from __future__ import annotations

import json
import random

import pytest

from game.engine import CHANCE, registry
from game.engine.checkrisk.level import parse_level, preset_from_data
from game.engine.driver import sample_chance

STD = registry.load("checkrisk", "standard")


def _round_trip(state):
    data = json.loads(json.dumps(state.to_dict()))
    restored = state.game.state_from_dict(data)
    assert restored.to_dict() == state.to_dict()
    assert restored.legal_actions() == state.legal_actions()
    assert restored.chance_outcomes() == state.chance_outcomes()
    assert restored.current_player() == state.current_player()
    return restored


@pytest.mark.parametrize("level", ["standard", "corners3", "corners4", "large10"])
def test_round_trip_in_every_phase_and_pending_decision(level):
    game = registry.load("checkrisk", level)
    seen = set()
    wanted = {("deploy", None), ("reinforce", None), ("act", None), ("over", None)} | {
        ("battle", stage) for stage in ("roll", "attacker", "defender", "occupy")
    }
    for seed in range(40):
        if seed >= 2 and wanted <= seen:
            break
        rng = random.Random(seed)
        state = game.initial_state()
        while True:
            battle = state.pending_battle()
            seen.add((state.phase, battle.stage if battle else None))
            restored = _round_trip(state)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            assert restored.apply(action) == state.apply(action)
    assert wanted <= seen


def _good():
    return STD.position({"c3": (0, 5), "c4": (1, 4)}).to_dict()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["stacks"][0].update(count=7), r"stacks\[0\]\.count"),
        (lambda d: d["stacks"][0].update(count=0), r"stacks\[0\]\.count"),
        (lambda d: d["stacks"][1].update(cell="c3"), r"stacks\[1\]\.cell: two stacks on c3"),
        (lambda d: d["stacks"][1].update(owner=2), r"stacks\[1\]\.owner: unknown owner"),
        (lambda d: d["stacks"][1].update(owner=-1), r"stacks\[1\]\.owner: unknown owner"),
        (lambda d: d["stacks"][0].update(cell="i1"), r"stacks\[0\]\.cell: 'i1' is off the 8×8 board"),
        (lambda d: d["stacks"][0].update(cell="a9"), r"stacks\[0\]\.cell"),
        (lambda d: d.update(supply=[45, -1]), r"supply\[1\]: -1 is negative"),
        (lambda d: d.update(removed=[-3, 0]), r"removed\[0\]"),
        (lambda d: d.update(supply=[45]), r"supply: must be a list"),
        (lambda d: d.update(phase="dance"), r"phase"),
        (lambda d: d.update(seat=2), r"seat"),
        (lambda d: d.update(width=10), r"width"),
        (lambda d: d.update(players=3), r"players"),
        (lambda d: d.update(actions_left=0), r"actions_left"),
        (lambda d: d.update(actions_left=4), r"actions_left"),
        (lambda d: d.update(out=[False, True]), r"out\[1\]"),
        (lambda d: d.update(stacks="c3"), r"stacks: must be a list"),
        (lambda d: d.update(phase="battle"), r"battle"),
        (
            lambda d: d.update(
                phase="battle", battle={"origin": "c3", "target": "c5", "attackers": 1, "pending": "roll"}
            ),
            r"battle\.target",
        ),
        (
            lambda d: d.update(
                phase="battle", battle={"origin": "c3", "target": "c4", "attackers": 2, "pending": "roll"}
            ),
            r"battle\.attackers",
        ),
        (
            lambda d: d.update(
                phase="battle", battle={"origin": "c3", "target": "c4", "attackers": 1, "pending": "nap"}
            ),
            r"battle\.pending",
        ),
        (
            lambda d: d.update(phase="reinforce", reinforcements=[{"cells": ["c4"], "count": 1}]),
            r"reinforcements\[0\]\.cells",
        ),
        (lambda d: d.update(phase="over"), r"outcome"),
        (lambda d: d.update(phase="over", outcome="won"), r"^outcome: expected an object"),
        (
            lambda d: d.update(
                phase="over", outcome={"winners": [3], "reason": "turn limit: most cells", "num_players": 4}
            ),
            r"^outcome\.winners: unknown seats \[3\]",
        ),
        (
            lambda d: d.update(phase="over", outcome={"winners": [0], "reason": "bored"}),
            r"^outcome\.reason: unknown reason 'bored'",
        ),
    ],
)
def test_bad_position_names_the_field(change, field):
    data = _good()
    change(data)
    with pytest.raises(ValueError, match=field):
        STD.state_from_dict(data)


@pytest.mark.parametrize("data", [None, [], "x", {"game": "kubtafl"}, {"game": "checkrisk"}])
def test_nonsense_is_refused_with_a_value_error(data):
    with pytest.raises(ValueError):
        STD.state_from_dict(data)


def test_positions_with_a_battle_round_trip_exactly():
    state = STD.position(
        {"c3": (0, 5), "c4": (1, 4)},
        phase="battle",
        battle={"origin": "c3", "target": "c4", "attackers": 1, "pending": "attacker", "rounds": 2},
    )
    assert state.current_player() == 0 and state.tokens_on_board(0) == 6
    restored = _round_trip(state)
    restored.apply(restored.action_from_str("continue"))
    assert restored.current_player() == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 5}, "players"),
        ({"width": "8"}, "width"),
        ({"zones": []}, "zones"),
        ({"zones": [{"box": "a1:h2", "home": "bottom"}, {"box": "a2:h3", "home": "top"}]}, r"zones\[1\]: overlaps"),
        ({"zones": [{"box": "a1:h2", "home": "left"}, {"box": "a7:h8", "home": "top"}]}, r"zones\[0\]\.home"),
        ({"zones": [{"box": "a1:z2", "home": "bottom"}, {"box": "a7:h8", "home": "top"}]}, r"zones\[0\]\.box"),
        (
            {"zones": [{"box": "a1:h2", "home": "bottom", "max_cells": 3}, {"box": "a7:h8", "home": "top"}]},
            r"zones\[0\]",
        ),
        ({"supply": -4}, "supply"),
        ({"start_tokens": 60}, "start_tokens"),
        ({"presets": ["no_such"]}, r"presets\[0\]"),
        ({"game": "kubtafl"}, "game"),
    ],
)
def test_bad_level_names_the_field(change, field):
    data = registry.read_json(registry.level_path("checkrisk", "standard"))
    data.update(change)
    with pytest.raises(ValueError, match=field):
        parse_level(data)


def test_bad_preset_names_the_row():
    with pytest.raises(ValueError, match=r"rows\[1\]"):
        preset_from_data("odd", {"rows": ["3333", "33x3"]}, "preset odd.json")
    with pytest.raises(ValueError, match="name"):
        preset_from_data("Bad Name", {"rows": ["3"]}, "preset Bad Name.json")


def _deploying():
    """Seat 0 has placed 1 token on each of a1…h1 (eight cells, C4's limit); 16 are still to place."""
    state = STD.initial_state()
    for f in "abcdefgh":
        state.apply(state.action_from_str(f"deploy {f}1:1"))
    return state.to_dict()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        # A ninth cell breaks C4's limit.
        (
            lambda d: (d["stacks"].append({"cell": "a2", "owner": 0, "count": 1}), d["to_deploy"].__setitem__(0, 15)),
            r"stacks: seat 0 .* 9 cells",
        ),
        # Tokens outside the seat's deployment box.
        (
            lambda d: (d["stacks"].append({"cell": "d4", "owner": 0, "count": 1}), d["to_deploy"].__setitem__(0, 15)),
            r"stacks\[8\]\.cell: d4 is outside seat 0's deployment zone",
        ),
        # More tokens to place than the start tokens allow: nothing could ever be placed.
        (lambda d: d["to_deploy"].__setitem__(0, 40), r"to_deploy\[0\]"),
        (lambda d: d["to_deploy"].__setitem__(1, 3), r"to_deploy\[1\]"),
    ],
)
def test_C4_deployment_position_keeps_the_deployment_limits(change, field):
    data = _deploying()
    assert STD.state_from_dict(data).legal_actions()
    change(data)
    with pytest.raises(ValueError, match=field):
        STD.state_from_dict(data)
