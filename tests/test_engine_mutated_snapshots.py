"""Mutated snapshots from random games: a state that round-trips and keeps the mode's invariants, or a ValueError.

Never any other exception (issue: positions that must be refused). Every mode, a few hundred mutations each.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_checkrisk_properties import check_invariants as checkrisk_invariants

from game.engine import registry
from game.engine.battle_checkers.level import MAX_UNITS
from game.engine.driver import random_action
from game.engine.kubtafl import D20, KINDS_PER_SIDE, REMOVED

MODES = registry.modes()
_REPLACEMENTS: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    10**6,
    2**70,
    -(2**70),
    10**5000,
    1.5,
    0.0,
    math.nan,
    math.inf,
    -math.inf,
    "",
    "x",
    "light",
    "dark",
    "SW",
    "a1",
    "over",
    [],
    {},
    [0, 0],
    [0.0],
    [[0]],
    {"winners": [0], "reason": ["x"]},
]


def _snapshots(mode: str, games: int = 3, every: int = 7) -> list[dict[str, Any]]:
    """Every `every`-th position of a few seeded random games, finished positions included."""
    game = registry.load(mode)
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state()
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                out.append(state.to_dict())
            state.apply(random_action(state, rng))
            step += 1
        out.append(state.to_dict())
    return out


SNAPSHOTS = {mode: _snapshots(mode) for mode in MODES}


def _mutate(data: Any, draw: Any) -> Any:
    """One mutation at a random place in the nested JSON: drop, replace, flip a number, retype or nest."""
    if isinstance(data, dict | list) and data and draw(st.booleans()):
        keys = list(data) if isinstance(data, dict) else list(range(len(data)))
        key = draw(st.sampled_from(keys))
        if draw(st.integers(0, 4)) == 0:
            if isinstance(data, dict):
                del data[key]
            else:
                data.pop(key)
            return data
        data[key] = _mutate(data[key], draw)
        return data
    how = draw(st.integers(0, 3))
    if how == 0:  # a fresh copy, so later mutations never change the shared list
        return copy.deepcopy(draw(st.sampled_from(_REPLACEMENTS)))
    if how == 1 and type(data) is int:
        return data + draw(st.sampled_from([1, -1, 2, -2, 100, -(2 * data) - 1]))
    if how == 2:
        return [data]
    return {"x": data} if not isinstance(data, dict) else list(data.values())


def _kubtafl_invariants(state: Any) -> None:
    for die, cell in enumerate(state.pos):
        assert (cell >= 0) == (cell >= 0 and state.board[cell] == die)
        if cell >= 0:
            assert 1 <= state.val[die]
    assert sum(1 for c in state.board if c >= 0) == sum(1 for c in state.pos if c >= 0)
    result = state.outcome()
    if result is not None:
        assert result.winners in ((0,), (1,), (0, 1))
        if result.reason == "d20_destroyed":
            assert state.pos[(1 - result.winners[0]) * KINDS_PER_SIDE + D20] in (REMOVED, -2)
    else:
        assert all(state.pos[s * KINDS_PER_SIDE + D20] >= 0 for s in (0, 1))


def _battle_checkers_invariants(state: Any) -> None:
    for seat in (0, 1):
        assert state.unit_count(seat) <= MAX_UNITS and state.spirit[seat] >= 0
        assert state.unit_count(seat) + state.to_place[seat] <= state.game.level.units_per_player
    assert 0 <= state.turn <= 2 * state.turn_limit
    result = state.outcome()
    if result is not None:
        assert result.winners in ((0,), (1,), (0, 1)) and isinstance(result.reason, state.game.reasons)


def _no_invariants(state: Any) -> None:
    """A mode with no invariants of its own here: the round trip and random play still check it."""


INVARIANTS = {
    "kubtafl": _kubtafl_invariants,
    "checkrisk": checkrisk_invariants,
    "battle_checkers": _battle_checkers_invariants,
}


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(data=st.data())
def test_mutated_snapshots_load_as_valid_states_or_raise_value_error(mode: str, data: st.DataObject) -> None:
    game = registry.load(mode)
    snapshot = copy.deepcopy(data.draw(st.sampled_from(SNAPSHOTS[mode])))
    for _ in range(data.draw(st.integers(1, 3))):
        snapshot = _mutate(snapshot, data.draw)
    try:
        state = game.state_from_dict(snapshot)
    except ValueError:
        return
    saved = state.to_dict()
    assert game.state_from_dict(saved).to_dict() == saved
    INVARIANTS.get(mode, _no_invariants)(state)
    # An accepted position is playable: the seam's questions have answers and random play keeps the invariants.
    rng = random.Random(0)
    for _ in range(20):
        if state.is_terminal():
            break
        assert state.legal_actions() or state.chance_outcomes()
        state.apply(random_action(state, rng))
    INVARIANTS.get(mode, _no_invariants)(state)
