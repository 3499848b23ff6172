"""Properties of random CheckRisk play with 2, 3 and 4 players: rule of six, token conservation, round-trips."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GameOver, registry
from game.engine.checkrisk.phases import EMPTY
from game.engine.driver import random_action, random_playout

LEVELS = {2: "standard", 3: "corners3", 4: "corners4"}
GAMES = {players: registry.load("checkrisk", name) for players, name in LEVELS.items()}


def check_invariants(state) -> None:
    spec = state.game.spec
    battle = state.pending_battle()
    for i, (owner, count) in enumerate(zip(state.owner, state.count, strict=True)):
        assert 0 <= count <= 6, f"rule of six broken on {state.game.cell_name(i)}"
        assert (owner == EMPTY) == (count == 0)
    if battle is not None:
        assert state.count[battle.origin] + battle.attackers <= 6  # the survivors always fit back home
    for seat in range(spec.players):
        on_board = sum(c for o, c in zip(state.owner, state.count, strict=True) if o == seat)
        if battle is not None and seat == battle.attacker:
            on_board += battle.attackers
        assert on_board == state.tokens_on_board(seat)
        assert state.supply[seat] >= 0 and state.removed[seat] >= 0
        assert on_board + state.supply[seat] + state.removed[seat] == spec.supply
        if state.phase != "deploy":
            assert state.out[seat] == (on_board == 0)  # C14


def play(game, seed: int, round_trip_every: int) -> list:
    rng = random.Random(seed)
    state = game.initial_state()
    events = []
    steps = 0
    while not state.is_terminal():
        events = state.apply(random_action(state, rng))
        steps += 1
        check_invariants(state)
        if steps % round_trip_every == 0:
            data = json.loads(json.dumps(state.to_dict()))
            assert game.state_from_dict(data).to_dict() == state.to_dict()
        assert steps <= game.max_length
    assert isinstance(events[-1], GameOver)
    assert state.to_dict()["outcome"]["winners"] == list(state.outcome().winners)
    return events


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_C3_rule_of_six_and_token_conservation_in_random_play(players, seed):
    play(GAMES[players], seed, round_trip_every=7)


def test_C14_C15_random_games_end_with_a_reason_for_every_player_count():
    for players, game in GAMES.items():
        for seed in range(6):
            events = play(game, seed, round_trip_every=50)
            assert events[-1].reason
            assert all(0 <= w < players for w in events[-1].winners)


def test_replaying_the_notation_reproduces_the_game():
    from game.engine.driver import play as drive
    from game.engine.driver import replay

    class RandomSeat:
        def __init__(self, rng):
            self.rng = rng

        def choose(self, state):
            return self.rng.choice(state.legal_actions())

    for players, game in GAMES.items():
        state = game.initial_state()
        rng = random.Random(players)
        record = drive(state, [RandomSeat(rng)] * players, rng)
        again = replay(game.initial_state(), record.actions)
        assert again.to_dict() == state.to_dict() and again.outcome() == record.outcome


def _check_rule_of_six(state) -> None:
    assert max(state.count) <= 6


@pytest.mark.parametrize("first", [0, 100, 200])
@pytest.mark.parametrize("players", [3, 4])
def test_C3_C15_three_hundred_random_games_for_three_and_four_players(players, first):
    """The issue's 300 random games per player count (the generic test plays 300 of the 2-player level), in tests of
    100 seeds so that both cores share them."""
    game = GAMES[players]
    for seed in range(first, first + 100):
        state = game.initial_state()
        steps = random_playout(state, random.Random(seed), on_step=lambda s: _check_rule_of_six(s))
        assert steps <= game.max_length
        check_invariants(state)
        assert state.outcome().winners
