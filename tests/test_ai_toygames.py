"""The toy games (tests/toygames.py) keep the engine protocol, so AI and session tests can trust them."""

from __future__ import annotations

import json
import random

from game.engine.core import CHANCE, TERMINAL, GameOver, State
from game.engine.driver import sample_chance
from tests.toygames import TOY_GAMES, Advanced, NimGame, RaceGame


def _play_checked(state: State, rng: random.Random) -> int:
    steps = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            assert sum(p for _, p in state.chance_outcomes()) == 1
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        assert state.action_from_str(state.action_to_str(action)) == action
        restored = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert restored.to_dict() == state.to_dict()
        state.apply(action)
        steps += 1
        assert steps <= state.game.max_length
    return steps


def test_toy_games_keep_the_protocol() -> None:
    for game in TOY_GAMES:
        for seed in range(20):
            state = game.initial_state()
            assert _play_checked(state, random.Random(seed)) > 0
            assert state.outcome() is not None and state.legal_actions() == []


def test_race_asks_the_next_seat_out_of_turn() -> None:
    state = RaceGame(3).initial_state()
    state.apply("roll")
    assert state.current_player() == CHANCE
    state.apply(3)
    assert state.current_player() == 1 and state.turn == 0
    state.apply("halve")
    assert state.track == [1, 0, 0] and state.current_player() == 1


def test_nim_last_stone_wins() -> None:
    state = NimGame(3).initial_state()
    state.apply(3)
    assert state.outcome().winner == 0


def test_race_reports_typed_events_and_the_end() -> None:
    state = RaceGame(2, length=2).initial_state()
    assert state.apply("step") == [Advanced(0, 1)]
    state.apply("step")
    events = state.apply("step")
    assert events == [Advanced(0, 1), GameOver((0,), "finished")]
