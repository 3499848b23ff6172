"""Game-agnostic random play over every registered mode: legality, chance sums, round-trips, termination."""

from __future__ import annotations

import json
import os
import random
from math import lcm

import pytest

from game.engine import CHANCE, TERMINAL, IllegalAction, registry
from game.engine.driver import sample_chance

# Games per mode (issues ask for 500 Kubtafl / 300 per CheckRisk player count / 300 Battle Checkers);
# KUBIKI_RANDOM_GAMES lowers it for a quick local run.
GAMES = {"kubtafl": 500, "checkrisk": 300, "battle_checkers": 300}
FULL_CHECK_GAMES = 5  # games in which every step is also round-tripped through clone and to_dict
SHARD = 100  # seeds per test, so that the two cores share a mode's games


def _games(mode: str) -> int:
    override = os.environ.get("KUBIKI_RANDOM_GAMES")
    return int(override) if override else GAMES.get(mode, 100)


def _count(mode: str, level: str) -> int:
    return _games(mode) if level == registry.DEFAULT_LEVEL else max(20, _games(mode) // 10)


def _cases() -> list[object]:
    """(mode, level, first seed, end seed): every level's games, the standard levels' in shards of `SHARD` seeds."""
    cases: list[object] = []
    for mode in registry.modes():
        for level in registry.levels(mode):
            count = _count(mode, level)
            for first in range(0, count, SHARD):
                end = min(count, first + SHARD)
                cases.append(pytest.param(mode, level, first, end, id=f"{mode}-{level}-{first}-{end}"))
    return cases


def play_random(state, rng: random.Random, full_check: bool) -> int:
    """Play to the end choosing uniformly; checks the protocol at every step; returns the length."""
    game = state.game
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            assert state.is_terminal() and state.outcome() is not None
            assert state.legal_actions() == []
            return steps
        assert not state.is_terminal()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node with no outcomes"
            # The exact sum over a common denominator (as integers: Fraction additions would cost more than the play).
            common = lcm(*(p.denominator for _, p in outcomes))
            assert sum(p.numerator * (common // p.denominator) for _, p in outcomes) == common
            assert all(p.numerator > 0 for _, p in outcomes)  # a Fraction's denominator is positive
            assert state.legal_actions() == []
            action = sample_chance(state, rng)
        else:
            assert 0 <= player < game.num_players
            actions = state.legal_actions()
            assert actions, "a decision node with no legal action must be terminal"
            assert len(set(actions)) == len(actions), "legal actions repeat"
            action = rng.choice(actions)
        text = state.action_to_str(action)
        assert state.action_from_str(text) == action
        if full_check:
            before = state.to_dict()
            copy = state.clone()
            restored = game.state_from_dict(json.loads(json.dumps(before)))
            assert restored.to_dict() == before
            events_copy = copy.apply(action)
            events_restored = restored.apply(action)
        events = state.apply(action)
        assert isinstance(events, list)
        if full_check:
            assert state.to_dict() == copy.to_dict() == restored.to_dict()
            assert events == events_copy == events_restored
            assert state.to_dict() != before or events, "an action changed nothing"
        steps += 1
        assert steps <= game.max_length, f"game longer than the mode's maximum {game.max_length}"


@pytest.mark.parametrize(("mode", "level", "first", "end"), _cases())
def test_random_play(mode: str, level: str, first: int, end: int) -> None:
    game = registry.load(mode, level)
    for seed in range(first, end):
        rng = random.Random(seed)
        state = game.initial_state()
        play_random(state, rng, full_check=seed < FULL_CHECK_GAMES)
        assert state.outcome().reason


@pytest.mark.parametrize("mode", registry.modes())
def test_illegal_action_raises(mode: str) -> None:
    state = registry.load(mode).initial_state()
    with pytest.raises(IllegalAction):
        state.action_from_str("this is no action")
    with pytest.raises(ValueError):
        registry.load(mode).state_from_dict({"game": mode, "nonsense": True})


def test_registry_lists_standard_level_first() -> None:
    for mode in registry.modes():
        assert registry.levels(mode)[0] == registry.DEFAULT_LEVEL


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(KeyError):
        registry.load("no-such-mode")
