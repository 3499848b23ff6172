"""The reference opponent plays whole legal games in every mode; Battle Checkers prices the fate roll (B11, B12)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from ai.battle_checkers_eval import BattleCheckersEval, fate_bonus, fate_gain, fate_kill_chance
from ai.budget import Budget, Limits
from ai.controllers import AIController
from ai.levels import BASELINES, LEVELS, PLAYER_LEVELS, REFERENCE, parse_level
from ai.reference import ReferencePlanner
from game.engine import registry
from game.engine.battle_checkers.actions import FATE, NOFATE, FateRoll
from game.engine.core import CHANCE
from game.engine.driver import sample_chance
from tests.test_ai_dice_modes import BC, _certain_kills, _enemy_turn, assert_turn_leaves_no_certain_kill, bc, choose
from tests.toygames import NimGame


def _reference(game: Any, nodes: int, seed: int) -> AIController:
    """The reference on a node budget only, so the test never depends on the machine's speed."""
    return AIController(game, replace(parse_level(f"reference@{nodes}"), seconds=None), seed)


def test_the_reference_is_an_arena_level_not_offered_to_players() -> None:
    assert LEVELS["reference"].kind == REFERENCE
    assert "reference" in BASELINES and "reference" not in PLAYER_LEVELS
    assert parse_level("reference@900").nodes == 900


@pytest.mark.parametrize(
    ("mode", "level", "options", "nodes"),
    [
        ("kubtafl", "endgame", {}, 800),
        ("battle_checkers", "skirmish6", {}, 3_000),
        ("checkrisk", "frontline", {"turn_limit": 10}, 2_000),
    ],
)
def test_the_reference_plays_legal_games_to_the_end(mode: str, level: str, options: dict, nodes: int) -> None:
    game = registry.load(mode, level)
    if options:
        game = game.with_options(options)
    seats = [_reference(game, nodes, 1), AIController(game, parse_level("greedy"), 2)]
    dice = random.Random(3)
    state = game.initial_state()
    decisions = 0
    while not state.is_terminal():
        assert decisions < game.max_length
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, dice))
            continue
        action = seats[seat].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        decisions += 1
    assert state.outcome() is not None


def test_the_reference_plays_any_game_by_its_knowledge() -> None:
    # A game with no adapter of its own is searched on its knowledge: from 6 in Nim, taking 2 leaves a lost 4.
    planner = ReferencePlanner(NimGame(6))
    state = NimGame(6).initial_state()
    assert planner.choose(state, Budget(Limits(2_000)), random.Random(0)) in state.legal_actions()


def test_the_reference_is_seeded() -> None:
    game = registry.load("battle_checkers", "skirmish6")
    state = game.initial_state()
    while state.current_player() != CHANCE and state.phase == "deploy":
        state.apply(_reference(game, 3_000, 4).choose(state))
    state.apply(sample_chance(state, random.Random(1)))
    first = [_reference(game, 3_000, 7).choose(state) for _ in range(2)]
    assert first[0] == first[1]


# ---------------------------------------------------------------------------------------------- fate and spirit


def test_B11_fate_kill_chance_is_exact() -> None:
    for spirit in range(1, 7):
        exact = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if b - a >= spirit), 36)
        assert Fraction(fate_kill_chance(spirit)).limit_denominator(36) == exact


def test_B11_a_kill_brings_the_fate_roll_its_side_calls_only_when_it_pays() -> None:
    # Even spirit out of reach of one roll: calling is even, so a kill brings nothing beyond the unit and grain.
    assert fate_bonus(6, 7) == 0.0 and fate_gain(7, 7) == pytest.approx(0.0)
    # Against a side in the range where one roll ends the game the roll pays, more the lower that side is.
    assert fate_bonus(6, 1) > fate_bonus(6, 3) > fate_bonus(6, 5) > 0
    # Calling from low spirit risks one's own game: never worth it against a side out of reach.
    assert fate_bonus(1, 6) == 0.0 and fate_gain(2, 6) < 0


def test_B11_the_enemy_threat_is_dearer_while_our_spirit_is_low() -> None:
    # The enemy at e3 reaches our e5's rear with any roll of 1 or more: a kill it follows with a fate roll.
    ev = BattleCheckersEval(BC)
    units = [("e5", 0, "N"), ("e3", 1, "N"), ("a1", 0, "N"), ("j10", 1, "S")]
    safe, low = bc(units, spirit=(6, 6)), bc(units, spirit=(2, 6))
    drop = ev.value(safe, 0) - ev.value(low, 0)
    grains = BattleCheckersEval(BC).value(bc(units, spirit=(6, 6)), 0) - ev.value(bc(units, spirit=(5, 6)), 0)
    assert drop > 4 * grains + 1.0  # far more than the four grains: the roll after the kill may end the game


@pytest.mark.parametrize("dice", [(1, 3), (2, 4), (4, 4), (5, 6)])
def test_B12_never_walks_into_a_lethal_fate_range_when_a_safe_plan_exists(dice: tuple[int, int]) -> None:
    # Two grains left: a kill of ours would let the enemy call a roll that ends the game with chance 10/36.
    # Our e5 has its rear to the enemy e4; a lure on f6 could be hit on its weapon flank (half a kill).
    units = [("e5", 0, "N"), ("e4", 1, "N"), ("f6", 1, "W"), ("b2", 0, "E"), ("j10", 1, "S")]
    state = bc(units, dice=dice, spirit=(2, 6))
    assert _certain_kills(_enemy_turn(state.clone(), []))
    assert_turn_leaves_no_certain_kill(state)


def test_B12_declines_a_fate_roll_that_would_bring_its_own_spirit_into_the_lethal_range() -> None:
    units = [("d5", 0, "N"), ("h8", 1, "S"), ("a1", 0, "N"), ("j9", 1, "S")]
    # Four grains against seven: the roll cannot end the enemy's game, and ends ours with chance 3/36.
    close = bc(units, spirit=(4, 7), phase="fate_choice", fate_player=0)
    assert choose(BC, close) == NOFATE
    # Against one grain the roll is worth the risk.
    assert choose(BC, bc(units, spirit=(7, 1), phase="fate_choice", fate_player=0)) == FATE
    assert FateRoll(1, 5) in {o for o, _ in _called(close).chance_outcomes()}  # the roll that would end ours


def _called(state: Any) -> Any:
    called = state.clone()
    called.apply(FATE)
    return called
