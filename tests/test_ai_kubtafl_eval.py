"""The Kubtafl evaluation and move ordering: symmetry, material, d20 safety, threats, impact-first order."""

from __future__ import annotations

import random

import pytest
from test_ai_search import _random_positions, kubtafl_position

from ai.knowledge import knowledge_for
from game.engine import registry


def _value(dice, seat: int = 0, to_move: str = "light") -> float:
    state = kubtafl_position(dice, to_move)
    return knowledge_for(state.game).evaluate(state, seat)


BASE = [("light", "d20", "d1", 20), ("light", "d8", "a5", 8), ("dark", "d20", "e8", 20), ("dark", "d8", "h4", 8)]


def test_start_position_is_even_and_values_are_zero_sum() -> None:
    game = registry.load("kubtafl")
    knowledge = knowledge_for(game)
    start = game.initial_state()
    assert knowledge.evaluate(start, 0) == pytest.approx(0.0, abs=0.05)
    for state in _random_positions("kubtafl", 30, seed=5):
        light, dark = knowledge.evaluate(state, 0), knowledge.evaluate(state, 1)
        assert -1 < light < 1
        assert light == pytest.approx(-dark)


def test_material_by_kind_and_value() -> None:
    even = _value(BASE)
    assert _value([*BASE, ("light", "d12", "a3", 12)]) > _value([*BASE, ("light", "d4", "a3", 4)]) > even
    assert _value([*BASE[:1], ("light", "d8", "a5", 3), *BASE[2:]]) < even  # a weakened die


def test_d20_safety_enemy_neighbours_and_mortal_threat() -> None:
    open_field = [("light", "d20", "d4", 20), ("dark", "d20", "e8", 20), ("dark", "d6", "h1", 6)]
    hemmed = [("light", "d20", "d4", 20), ("dark", "d20", "e8", 20), ("dark", "d6", "d5", 6), ("dark", "d4", "c4", 4)]
    assert _value(hemmed) < _value(open_field)
    # Cornered with its one free neighbour reachable by Dark: close to lost.
    cornered = [("light", "d20", "a1", 20), ("dark", "d20", "h8", 20), ("dark", "d6", "b1", 6), ("dark", "d4", "a5", 4)]
    assert _value(cornered, to_move="dark") < _value(hemmed, to_move="dark") - 0.3
    # A weak d20 in line with an enemy impact is in mortal danger when the enemy moves.
    weak = [("light", "d20", "d4", 2), ("dark", "d20", "e8", 20), ("dark", "d6", "d8", 6)]
    safe = [("light", "d20", "d4", 2), ("dark", "d20", "e8", 20), ("dark", "d6", "h1", 6)]
    assert _value(weak, to_move="dark") < _value(safe, to_move="dark")


def test_threatened_die_counts_for_the_side_to_move() -> None:
    # Light's d8 on a5 can smash Dark's d4(1) on a7: good for Light to move, less so for Dark to move.
    dice = [*BASE, ("dark", "d4", "a7", 1)]
    assert _value(dice, to_move="light") > _value(dice, to_move="dark")


def test_order_hint_puts_kills_before_impacts_before_quiet_moves() -> None:
    state = kubtafl_position(
        [("light", "d20", "d1", 20), ("light", "d8", "a1", 8), ("dark", "d20", "h8", 20),
         ("dark", "d4", "a4", 2), ("dark", "d12", "e1", 12)]
    )  # fmt: skip
    knowledge = knowledge_for(state.game)
    kill = state.action_from_str("a1-a4")  # 3 or 4 damage on a d4(2)
    impact = state.action_from_str("d1-e1")  # 2 damage on a d12(12)
    quiet = state.action_from_str("a1-b1")
    assert knowledge.order_hint(state, kill) > knowledge.order_hint(state, impact) > knowledge.order_hint(state, quiet)
    assert knowledge.is_tactical(state, kill) and not knowledge.is_tactical(state, quiet)
    assert knowledge.key(state) == state.clone().key()


@pytest.mark.parametrize("mode", registry.modes())
def test_every_mode_evaluation_is_bounded_and_zero_sum_for_two(mode: str) -> None:
    game = registry.load(mode)
    knowledge = knowledge_for(game)
    for state in _random_positions(mode, 8, seed=random.Random(mode).randrange(1000)):
        values = [knowledge.value(state, seat) for seat in range(game.num_players)]
        assert all(-1 <= v <= 1 for v in values)
        if game.num_players == 2:
            assert values[0] == pytest.approx(-values[1])
