"""Battle Checkers 2 rules B1–B13, one or more tests per rule id, with exact probabilities."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.engine import CHANCE, TERMINAL, GameOver, IllegalAction, registry
from game.engine.battle_checkers import (
    END,
    FATE,
    NOFATE,
    Activate,
    ActivationForecast,
    Attack,
    Attacked,
    Destroyed,
    Duel,
    FateRolled,
    Place,
    Preset,
    RepelFailed,
    Repelled,
    RepelRoll,
    Roll,
    Shielded,
    SpiritChanged,
    attack_odds,
    make_game,
)
from game.engine.battle_checkers.geometry import DIRECTIONS, ROTATION
from game.engine.battle_checkers.odds import fate_distribution, fate_expected_loss_of_lower, fate_no_change
from tests.test_battle_checkers_reference import VECTORS, Ref

GAME = registry.load("battle_checkers")
# A level gives every field of its setup (B1–B3, B13); tests change one or two of the standard ones.
SETUP = {"board": [10, 10], "units_per_player": 8, "spirit": 6, "turn_limit": 100}
B = GAME.board


def pos(
    units: list[tuple],
    *,
    phase: str = "main",
    player: int = 0,
    dice: Any = (3, 5),
    spent=(False, False),
    spirit=(6, 6),
    turn: int = 1,
    pending: Any = None,
    fate_player: Any = None,
    game=GAME,
) -> Any:
    """A position from (cell, owner, facing[, extra fields]) tuples; defaults: player 1 to act, dice 3 5."""
    data = {
        "board": [game.board.width, game.board.height],
        "spirit": list(spirit),
        "units": [{"cell": u[0], "owner": u[1], "facing": u[2], **(u[3] if len(u) > 3 else {})} for u in units],
        "phase": phase,
        "player": player,
        "turn": turn,
        "dice": list(dice) if dice is not None and phase not in ("roll", "deploy") else None,
        "spent": list(spent),
        "pending": pending,
        "fate_player": fate_player,
    }
    return game.state_from_dict(data)


def acts(state, text: str) -> list:
    """Apply notation; return the events."""
    return state.apply(state.action_from_str(text))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def results(state, cell: str, use: int = 0, pips: int | None = None) -> set[tuple[str, str]]:
    """The (cell, facing) end results of the activations of the unit on `cell`."""
    c = B.cell(cell)
    if pips is None:
        pips = dict(state.uses())[use]
    return {(B.name(a.to), DIRECTIONS[a.facing]) for a in state.activations(c, use, pips)}


# ---------------------------------------------------------------- B1 board


def test_B1_board_is_10x10_with_eight_neighbours() -> None:
    assert (B.width, B.height) == (10, 10)
    assert B.names[0] == "a1" and B.names[99] == "j10" and B.cell("e5") == 44
    assert len(B.neighbours[B.cell("a1")]) == 3
    assert len(B.neighbours[B.cell("a5")]) == 5
    assert sorted(B.name(n) for n in B.neighbours[B.cell("e5")]) == sorted(
        ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
    )


# ---------------------------------------------------------------- B2 units


def test_B2_units_face_eight_directions_and_levels_set_4_to_12_units() -> None:
    assert DIRECTIONS == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert GAME.level.units_per_player == 8
    assert registry.load("battle_checkers", "skirmish6").level.units_per_player == 4
    for bad in (3, 13):
        with pytest.raises(ValueError, match="units_per_player"):
            make_game("x", {**SETUP, "units_per_player": bad})


# ---------------------------------------------------------------- B3 spirit


def test_B3_each_player_starts_with_six_spirit_unless_the_level_says_otherwise() -> None:
    assert GAME.initial_state().spirit == [6, 6]
    assert make_game("x", {**SETUP, "spirit": [5, 7]}).initial_state().spirit == [5, 7]
    assert registry.load("battle_checkers", "skirmish6").initial_state().spirit == [4, 4]


# ---------------------------------------------------------------- B4 deployment


def test_B4_deployment_each_half_in_turn_with_any_facing() -> None:
    state = GAME.initial_state()
    assert state.phase == "deploy" and state.current_player() == 0
    actions = state.legal_actions()
    presets = [a for a in actions if isinstance(a, Preset)]
    places = [a for a in actions if isinstance(a, Place)]
    assert sorted(a.name for a in presets) == ["line", "refused_flank", "wedge"]
    assert len(places) == 50 * 8  # ranks 1–5, 8 facings
    assert all(B.xy(a.cell)[1] < 5 for a in places)
    with pytest.raises(IllegalAction):
        state.action_from_str("place e6 N")  # player 2's half
    events = acts(state, "place e5 SW")
    assert kinds(events) == ["Placed"] and events[0].facing == "SW"
    with pytest.raises(IllegalAction):
        acts(state, "place e5 N")  # taken
    with pytest.raises(IllegalAction):
        acts(state, "preset line")  # a preset places all units at once
    for cell in ("a1", "b1", "c1", "d1", "e1", "f1", "g1"):
        acts(state, f"place {cell} N")
    assert state.current_player() == 1 and state.phase == "deploy"
    assert all(B.xy(a.cell)[1] >= 5 for a in state.legal_actions() if isinstance(a, Place))
    events = acts(state, "preset wedge")
    # Presets are written for player 1 and turned about the centre for player 2.
    assert [(e.cell, e.facing) for e in events[:2]] == [("f6", "S"), ("e6", "S")]
    assert kinds(events)[-1] == "TurnStarted"
    assert state.phase == "roll" and state.current_player() == CHANCE and state.player == 0 and state.turn == 1


# ---------------------------------------------------------------- B5 refresh


def test_B5_refresh_restores_own_attacks_and_every_shield() -> None:
    spent = {"attack": False, "shield": False}
    state = pos([("e5", 0, "N", spent), ("a10", 1, "S", spent), ("j1", 0, "N")])
    acts(state, "end")
    # Player 2's turn: its unit regains its attack; every unit its shield; player 1's spent attack stays spent.
    assert state.player == 1 and state.phase == "roll"
    assert state.can_attack(B.cell("a10")) and not state.can_attack(B.cell("e5"))
    assert state.has_shield(B.cell("a10")) and state.has_shield(B.cell("e5"))


# ---------------------------------------------------------------- B6 roll and use of pips


def test_B6_roll_is_a_chance_node_of_2d6() -> None:
    state = pos([("e5", 0, "N"), ("a10", 1, "S")], phase="roll")
    assert state.current_player() == CHANCE and state.legal_actions() == []
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert sum(p for (a, b), p in outcomes.items() if a + b == 7) == Fraction(1, 6)
    assert outcomes[Roll(3, 5)] == Fraction(1, 18) and outcomes[Roll(4, 4)] == Fraction(1, 36)
    assert state.action_from_str("roll 5 3") == Roll(3, 5)
    events = acts(state, "roll 3 5")
    assert kinds(events) == ["DiceRolled"] and events[0].dice == (3, 5)
    assert state.phase == "main" and state.uses() == [(0, 8), (1, 3), (2, 5)]


def test_B6_sum_for_one_unit_or_each_die_for_a_different_unit() -> None:
    state = pos([("c3", 0, "N"), ("g3", 0, "N"), ("a10", 1, "S")])
    with_sum = state.clone()
    acts(with_sum, "c3:s F7")
    assert with_sum.player == 1 and with_sum.phase == "roll"  # both dice spent: the turn ended by itself
    acts(state, "c3:1 F3")
    assert state.uses() == [(2, 5)]
    with pytest.raises(IllegalAction):
        acts(state, "c6:2 F1")  # that unit was activated already: pips never pass between units
    assert {a.cell for a in state.legal_actions() if isinstance(a, Activate)} == {B.cell("g3")}
    acts(state, "g3:2 F5")
    assert state.player == 1


def test_B6_pips_may_go_unused() -> None:
    state = pos([("c3", 0, "N"), ("a10", 1, "S")])
    assert END in state.legal_actions()
    events = acts(state, "end")
    assert kinds(events) == ["TurnEnded", "TurnStarted"] and state.player == 1


def test_B6_an_activations_forecast_says_the_pips_it_uses_gives_up_and_keeps() -> None:
    state = pos([("c3", 0, "N"), ("g3", 0, "N"), ("a10", 1, "S")], dice=(3, 5))
    cases = {"c3:1 F3": (1, 3, 3, 0, (5,)), "c3:2 F3": (2, 5, 3, 2, (3,)), "c3:s F3": (0, 8, 3, 5, ())}
    for text, (use, pips, cost, wasted, kept) in cases.items():
        forecast = state.forecast(state.action_from_str(text))
        assert forecast.detail == ActivationForecast(use, pips, cost, wasted, kept), text
        assert forecast.certain and forecast.events  # still its one certain result, with its events
    double = pos([("c3", 0, "N"), ("a10", 1, "S")], dice=(4, 4))
    assert double.forecast(double.action_from_str("c3:1 R1")).detail == ActivationForecast(1, 4, 1, 3, (4,))


def test_B6_a_double_offers_die_one_while_both_dice_are_unspent() -> None:
    state = pos([("c3", 0, "N"), ("g3", 0, "N"), ("a10", 1, "S")], dice=(4, 4))
    assert state.uses() == [(0, 8), (1, 4)]
    assert state.action_from_str("c3:2 F1").use == 1
    acts(state, "c3:1 F1")
    assert state.uses() == [(2, 4)]
    # Either name reads as the die left over: the two dice of a double are alike.
    assert (
        state.action_from_str("g3:1 F1")
        == state.action_from_str("g3:2 F1")
        == Activate(B.cell("g3"), 2, B.cell("g4"), 0)
    )


# ---------------------------------------------------------------- B7 activation


def _brute_force(state, cell: int, pips: int) -> dict[tuple[int, int], int]:
    """Every plan turn-move-turn within `pips`, tried step by step by the plain reference reading: end result ->
    cheapest cost."""
    plans = Ref(state.to_dict()).plans(*state.board.xy(cell), pips)
    return {(state.board.at(x, y), DIRECTIONS.index(facing)): cost for ((x, y), facing), (cost, _) in plans.items()}


@pytest.mark.parametrize("pips", [1, 2, 3, 5, 8, 12])
def test_B7_activations_are_the_distinct_end_results_of_turn_move_turn(pips: int) -> None:
    state = pos([("e5", 0, "NE"), ("e7", 0, "N"), ("h5", 1, "W"), ("c3", 1, "S"), ("a10", 1, "S")])
    cell = B.cell("e5")
    actions = state.activations(cell, 0, pips)
    expected = _brute_force(state, cell, pips)
    assert len(actions) == len(set(actions)) == len(expected)
    assert {(a.to, a.facing) for a in actions} == set(expected)
    for a in actions:
        first, steps, last = state.plan(a)
        assert abs(first) + steps + abs(last) == expected[(a.to, a.facing)]  # the canonical plan is the cheapest


@settings(max_examples=60, deadline=None)
@given(
    others=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 1)), max_size=7),  # within the level's 8 a side
    facing=st.integers(0, 7),
    pips=st.integers(1, 12),
)
@example(others=[(90, 0), (99, 0)], facing=0, pips=1)  # both corners the player's own: the enemy goes elsewhere
def test_B7_enumeration_matches_brute_force_on_random_boards(others, facing, pips) -> None:
    units = {"e5": (0, DIRECTIONS[facing])}
    for cell, owner in others:
        units.setdefault(B.name(cell), (owner, "S"))
    if all(owner == 0 for owner, _ in units.values()):
        # An enemy unit somewhere, so the game is not over (with no enemy left, no action is legal).
        units[next(c for c in ("a10", "j10", "a1", "j1") if c not in units)] = (1, "S")
    state = pos([(c, o, f) for c, (o, f) in units.items()])
    actions = state.activations(B.cell("e5"), 0, pips)
    expected = _brute_force(state, B.cell("e5"), pips)
    assert {(a.to, a.facing) for a in actions} == set(expected) and len(actions) == len(expected)
    for a in actions:
        cost = expected[(a.to, a.facing)]
        first, steps, last = state.plan(a)
        assert abs(first) + steps + abs(last) == cost
        assert state.is_legal(a) == (cost <= 8)  # the position's dice are 3 and 5: the sum is 8 pips


def test_B7_moving_passes_only_through_empty_cells_and_may_pass_next_to_enemies() -> None:
    state = pos([("e2", 0, "N"), ("e6", 0, "N"), ("f4", 1, "S"), ("a10", 1, "S")])
    reach = results(state, "e2", pips=8)
    assert ("e5", "N") in reach  # passes f4's neighbours e3, e4, e5
    assert not any(cell in ("e6", "e7", "e8") for cell, _ in reach)  # blocked by its own unit
    assert not any(cell == "f4" for cell, _ in reach)


def test_B7_a_unit_next_to_an_enemy_may_turn_but_not_move() -> None:
    state = pos([("e5", 0, "N"), ("f6", 1, "S"), ("a10", 1, "S")])
    reach = results(state, "e5", pips=12)
    assert reach == {("e5", f) for f in DIRECTIONS if f != "N"}
    with pytest.raises(IllegalAction):
        acts(state, "e5:s L1 F1")
    events = acts(state, "e5:2 L4")
    assert [e.kind for e in events][:5] == ["Activated", "Turned", "Turned", "Turned", "Turned"]


def test_B7_turns_and_steps_cost_one_pip_each() -> None:
    state = pos([("e5", 0, "N"), ("a10", 1, "S")])
    assert ("e7", "N") in results(state, "e5", pips=2)
    assert ("f6", "NE") in results(state, "e5", pips=2)
    assert ("f6", "N") not in results(state, "e5", pips=2)  # R1 F1 L1 costs 3
    assert ("f6", "N") in results(state, "e5", pips=3)
    assert results(state, "e5", pips=1) == {("e6", "N"), ("e5", "NE"), ("e5", "NW")}
    assert ROTATION[0][4] == 4


def test_B7_twelve_pips_in_open_space() -> None:
    state = pos([("e5", 0, "N"), ("a10", 1, "S")])
    reach = results(state, "e5", pips=12)
    # Every cell on the 8 rays from e5 with every facing, plus 7 new facings in place.
    ray_cells = sum(len(B.rays[B.cell("e5")][d]) for d in range(8))
    assert len(reach) == ray_cells * 8 + 7


def test_B7_activation_events_turn_then_step_then_turn() -> None:
    state = pos([("d2", 0, "N"), ("a10", 1, "S")], dice=(4, 6))
    events = acts(state, "d2:s L1 F3 R2")
    assert kinds(events)[:7] == ["Activated", "Turned", "Moved", "Moved", "Moved", "Turned", "Turned"]
    assert events[0].plan == "L1 F3 R2" and events[0].pips == 10 and events[0].use == "s"
    assert [(e.from_cell, e.to_cell) for e in events[2:5]] == [("d2", "c3"), ("c3", "b4"), ("b4", "a5")]
    assert (events[1].from_facing, events[1].to_facing) == ("N", "NW")
    assert state.unit_at("a5")["facing"] == "NE"


# ---------------------------------------------------------------- B8 attacks


def test_B8_attack_with_the_front_only_costs_no_pips_and_uses_the_attack() -> None:
    state = pos([("e5", 0, "NE"), ("f6", 1, "N"), ("e6", 1, "S"), ("a10", 1, "S")])
    attacks = [state.action_to_str(a) for a in state.legal_actions() if isinstance(a, Attack)]
    assert attacks == ["e5xf6"]  # e6 is next to it but not in front
    assert state.action_from_str("e5xf6") == Attack(B.cell("e5"), B.cell("f6"))
    with pytest.raises(IllegalAction):
        state.action_from_str("e5xe6")
    acts(state, "e5xf6")  # hits f6's rear
    acts(state, "nofate")
    assert not state.can_attack(B.cell("e5")) and state.uses() == [(0, 8), (1, 3), (2, 5)]
    assert not any(isinstance(a, Attack) for a in state.legal_actions())


def test_B8_attacking_is_never_forced_and_allowed_after_moving() -> None:
    state = pos([("e3", 0, "N"), ("e5", 1, "S"), ("a10", 1, "S")], dice=(1, 2))
    assert END in state.legal_actions()
    acts(state, "e3:1 F1")
    assert state.action_from_str("e4xe5") in state.legal_actions()


# ---------------------------------------------------------------- B9 side hit

# Rows: the defender's facing; columns: where the attacker stands (N NE E SE S SW W NW of the defender).
B9_TABLE = {
    "N": "F R R B B B L L",
    "NE": "L F R R B B B L",
    "E": "L L F R R B B B",
    "SE": "B L L F R R B B",
    "S": "B B L L F R R B",
    "SW": "B B B L L F R R",
    "W": "R B B B L L F R",
    "NW": "R R B B B L L F",
}
_SIDE = {"F": "front", "R": "right", "L": "left", "B": "rear"}


@pytest.mark.parametrize("defender_facing", DIRECTIONS)
@pytest.mark.parametrize("where", DIRECTIONS)
def test_B9_side_hit_table(defender_facing: str, where: str) -> None:
    expected = _SIDE[B9_TABLE[defender_facing].split()[DIRECTIONS.index(where)]]
    dx, dy = VECTORS[where]
    attacker = B.name(B.at(4 + dx, 4 + dy))
    towards = DIRECTIONS[(DIRECTIONS.index(where) + 4) % 8]  # the attacker faces the defender on e5
    state = pos([(attacker, 0, towards), ("e5", 1, defender_facing), ("a10", 1, "S")])
    assert state.side_of(B.cell(attacker), B.cell("e5")) == expected
    events = acts(state, f"{attacker}xe5")
    assert events[0] == Attacked(attacker, "e5", expected)


# ---------------------------------------------------------------- B10 resolution


def test_B10_head_on_duel_rerolls_ties_and_the_lower_roller_dies() -> None:
    state = pos([("e5", 0, "N"), ("e6", 1, "S"), ("a10", 1, "S")])
    acts(state, "e5xe6")
    assert state.phase == "duel" and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and all(a != b and p == Fraction(1, 30) for (a, b), p in outcomes)
    assert sum(p for (a, b), p in outcomes if a > b) == Fraction(1, 2)
    assert attack_odds(pos([("e5", 0, "N"), ("e6", 1, "S"), ("a10", 1, "S")]), "e5", "e6") == Fraction(1, 2)
    with pytest.raises(IllegalAction):
        state.action_from_str("duel 3 3")
    lost = state.clone()
    events = acts(state, "duel 5 2")
    assert events[:2] == [Duel("e5", "e6", 5, 2), Destroyed("e6", 1)]
    events = acts(lost, "duel 2 6")
    assert events[1] == Destroyed("e5", 0)


def test_B10_right_flank_fresh_defender_repels_on_4_to_6() -> None:
    state = pos([("f5", 0, "W"), ("e5", 1, "N"), ("a10", 1, "S")])  # f5 is east of a north-facing e5
    assert attack_odds(state, "f5", "e5") == Fraction(1, 2)
    acts(state, "f5xe5")
    assert state.phase == "repel" and state.chance_outcomes() == [(RepelRoll(d), Fraction(1, 6)) for d in range(1, 7)]
    held = state.clone()
    assert acts(held, "repel 4")[0] == Repelled("f5", "e5", 4)
    assert held.unit_count(1) == 2 and held.unit_count(0) == 1
    events = acts(state, "repel 3")
    assert events[:2] == [RepelFailed("f5", "e5", 3), Destroyed("e5", 1)]


def test_B10_right_flank_of_a_defender_that_attacked_always_succeeds() -> None:
    state = pos([("f5", 0, "W"), ("e5", 1, "N", {"attack": False}), ("a10", 1, "S")])
    assert attack_odds(state, "f5", "e5") == 1
    events = acts(state, "f5xe5")
    assert kinds(events)[:2] == ["Attacked", "Destroyed"]


def test_B10_left_flank_shield_stops_the_first_attack_in_a_turn_only() -> None:
    state = pos([("d5", 0, "E"), ("d6", 0, "SE"), ("e5", 1, "N"), ("a10", 1, "S")])
    assert attack_odds(state, "d5", "e5") == 0
    events = acts(state, "d5xe5")
    assert events == [Attacked("d5", "e5", "left"), Shielded("d5", "e5")]
    assert not state.has_shield(B.cell("e5")) and attack_odds(state, "d6", "e5") == 1
    events = acts(state, "d6xe5")
    assert events[:2] == [Attacked("d6", "e5", "left"), Destroyed("e5", 1)]


def test_B10_rear_attacks_always_succeed() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N"), ("a10", 1, "S")])
    assert attack_odds(state, "e4", "e5") == 1
    events = acts(state, "e4xe5")
    assert events[:2] == [Attacked("e4", "e5", "rear"), Destroyed("e5", 1)]


# ---------------------------------------------------------------- B11 spirit and fate


def test_B11_destroying_gains_spirit_then_an_optional_fate_roll() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N"), ("a10", 1, "S")])
    events = acts(state, "e4xe5")
    assert events[2] == SpiritChanged(0, 1, 7) and state.spirit == [7, 6]
    assert state.phase == "fate_choice" and state.current_player() == 0 and state.legal_actions() == [FATE, NOFATE]
    declined = state.clone()
    acts(declined, "nofate")
    assert declined.spirit == [7, 6] and declined.phase == "main"
    acts(state, "fate")
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 36
    events = acts(state, "fate 2 6")  # the caller rolled lower: it loses the difference itself
    assert events[:2] == [FateRolled(0, 2, 6, 0, 4, 4), SpiritChanged(0, -4, 3)]


def test_B11_the_defender_that_wins_a_duel_gains_spirit_and_calls_fate() -> None:
    state = pos([("e5", 0, "N"), ("j1", 0, "N"), ("e6", 1, "S"), ("a10", 1, "S")])
    acts(state, "e5xe6")
    events = acts(state, "duel 1 2")
    assert events[1:3] == [Destroyed("e5", 0), SpiritChanged(1, 1, 7)]
    assert state.current_player() == 1 and state.legal_actions() == [FATE, NOFATE]
    acts(state, "fate")
    events = acts(state, "fate 6 1")
    assert events[:2] == [FateRolled(1, 6, 1, 0, 5, 5), SpiritChanged(0, -5, 1)]


def test_B11_a_fate_roll_takes_no_more_spirit_than_the_loser_has_and_its_event_says_what_was_lost() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N"), ("a10", 1, "S")], spirit=(6, 2))
    acts(state, "e4xe5")
    acts(state, "fate")
    events = acts(state, "fate 6 1")  # the opponent rolled 5 lower with 2 spirit: it loses those 2, and the game
    assert events[:2] == [FateRolled(0, 6, 1, 1, 5, 2), SpiritChanged(1, -2, 0)]
    assert state.spirit == [7, 0] and state.is_terminal()


def test_B11_fate_roll_probabilities() -> None:
    assert fate_expected_loss_of_lower() == Fraction(35, 18)
    assert fate_no_change() == Fraction(1, 6)
    dist = fate_distribution()
    assert sum(dist.values()) == 1 and dist[5] == dist[-5] == Fraction(1, 36)


# ---------------------------------------------------------------- B12 losing


def test_B12_a_player_without_units_loses_at_once() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N")])
    events = acts(state, "e4xe5")
    assert events[-1] == GameOver((0,), "no units")
    assert state.is_terminal() and state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.outcome().winner == 0


def test_B12_a_player_at_zero_spirit_loses_at_once() -> None:
    state = pos([("e4", 0, "N"), ("e5", 1, "N"), ("a10", 1, "S")], spirit=(6, 3))
    acts(state, "e4xe5")
    acts(state, "fate")
    events = acts(state, "fate 6 2")  # opponent loses 4 of its 3 grains
    assert events[1] == SpiritChanged(1, -3, 0)
    assert events[-1] == GameOver((0,), "no spirit") and state.outcome().reason == "no spirit"
    loaded = pos([("e4", 0, "N"), ("a10", 1, "S")], spirit=(0, 2))
    assert loaded.outcome().winners == (1,)


def test_B12_a_side_without_spirit_when_deployment_ends_loses_at_once() -> None:
    # A saved deployment with no spirit left for player 2: the game ends before the first roll.
    game = make_game("t", {**SETUP, "units_per_player": 4})
    cells = [
        ("a1", 0, "N"),
        ("b1", 0, "N"),
        ("c1", 0, "N"),
        ("d1", 0, "N"),
        ("a10", 1, "S"),
        ("b10", 1, "S"),
        ("c10", 1, "S"),
    ]
    state = game.state_from_dict(
        {
            "board": [10, 10],
            "spirit": [2, 0],
            "phase": "deploy",
            "player": 1,
            "turn": 0,
            "to_place": [0, 1],
            "units": [{"cell": c, "owner": o, "facing": f} for c, o, f in cells],
        }
    )
    events = acts(state, "place d10 S")
    assert events[-1] == GameOver((0,), "no spirit") and state.is_terminal()


def test_B12_a_level_may_not_start_a_side_without_spirit() -> None:
    with pytest.raises(ValueError, match=r"^spirit\[1\]: "):
        make_game("bad", {**SETUP, "spirit": [3, 0]})
    with pytest.raises(ValueError, match=r"^spirit: "):
        make_game("bad", {**SETUP, "spirit": 0})


# ---------------------------------------------------------------- B13 turn limit


@pytest.mark.parametrize(
    ("units", "spirit", "winners", "reason"),
    [
        ([("a1", 0, "N"), ("b1", 0, "N"), ("a10", 1, "S")], (1, 9), (0,), "turn limit: more units"),
        ([("a1", 0, "N"), ("a10", 1, "S")], (3, 4), (1,), "turn limit: more spirit"),
        ([("a1", 0, "N"), ("a10", 1, "S")], (4, 4), (0, 1), "turn limit: draw"),
    ],
)
def test_B13_turn_limit_more_units_then_more_spirit_else_draw(units, spirit, winners, reason) -> None:
    state = pos(units, spirit=spirit, player=0, turn=199)
    acts(state, "end")
    assert state.turn == 200 and state.player == 1 and state.phase == "roll"
    acts(state, "roll 1 1")
    acts(state, "end")
    assert state.outcome().winners == winners and state.outcome().reason == reason


def test_B13_max_length_bounds_a_whole_game() -> None:
    # Deployment, then per turn: roll, two activations, end, and per unit attack + roll + fate choice + fate roll.
    assert GAME.max_length == 2 * 8 + 200 * (4 + 4 * 8)
