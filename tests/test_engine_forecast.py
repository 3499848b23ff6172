"""`State.forecast`, typed actions and game metadata: the seam clients read instead of re-deriving rules."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from test_battle_checkers import pos

from game.engine import registry
from game.engine.battle_checkers.odds import REPEL_CHANCE
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.checkrisk import actions as CA
from game.engine.checkrisk.reasons import CheckRiskReason
from game.engine.core import CHANCE, Forecast, IllegalAction
from game.engine.driver import random_action, random_playout
from game.engine.kubtafl.actions import Move, ReEntry, Transfer
from game.engine.kubtafl.reasons import KubtaflReason

CHECKRISK = registry.load("checkrisk", "standard")


def _fight_to_the_end(state, origin: int, target: int) -> dict[str, Fraction]:
    """Resolve a declared battle over every chance outcome, the attacker continuing and the defender standing."""
    if state.current_player() == CHANCE:
        total: dict[str, Fraction] = {}
        for outcome, p in state.chance_outcomes():
            child = state.clone()
            child.apply(outcome)
            for label, q in _fight_to_the_end(child, origin, target).items():
                total[label] = total.get(label, Fraction(0)) + p * q
        return total
    battle = state.pending_battle()
    if battle is None or battle.stage == "occupy" or state.is_terminal():
        attackers_left = state.count[target] if state.owner[target] == 0 else 0
        if battle is not None and battle.stage == "occupy":
            return {"win": Fraction(1)}
        if state.count[target]:
            return {"hold": Fraction(1)}
        return {"win" if attackers_left else "both_gone": Fraction(1)}
    word = CA.CONTINUE if battle.stage == "attacker" else CA.STAND
    state.apply(word)
    return _fight_to_the_end(state, origin, target)


@pytest.mark.parametrize(
    ("a", "d", "odds"),
    [
        (1, 1, (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))),
        (2, 1, (Fraction(19, 21), Fraction(1, 21), Fraction(1, 21))),
        (2, 2, (Fraction(131, 315), Fraction(131, 315), Fraction(53, 315))),
    ],
)
def test_C11_C12_battle_odds_through_forecast(a: int, d: int, odds: tuple[Fraction, ...]) -> None:
    state = CHECKRISK.position({"c3": (0, a), "c4": (1, d), "h8": (1, 1)})
    action = state.action_from_str(f"c3xc4:{a}")
    forecast = state.forecast(action)
    assert isinstance(action, CA.Attack) and (action.origin, action.target, action.n) == (18, 26, a)
    assert tuple(forecast.probability(label) for label in ("win", "hold", "both_gone")) == odds
    assert sum(o.probability for o in forecast.outcomes) == 1 and not forecast.certain
    assert forecast.detail.attackers == a and forecast.detail.defenders == d


@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2)])
def test_C12_forecast_agrees_with_resolving_the_battle_over_all_chance_outcomes(a: int, d: int) -> None:
    state = CHECKRISK.position({"c3": (0, a), "c4": (1, d), "h8": (1, 1)})
    action = state.action_from_str(f"c3xc4:{a}")
    forecast = state.forecast(action)
    state.apply(action)
    resolved = _fight_to_the_end(state, 18, 26)
    assert {o.label: o.probability for o in forecast.outcomes if o.probability} == resolved


def test_checkrisk_forecast_expected_survivors_of_one_against_one() -> None:
    state = CHECKRISK.position({"c3": (0, 1), "c4": (1, 1), "h8": (1, 1)})
    detail = state.forecast(state.action_from_str("c3xc4:1")).detail
    assert (detail.attackers_left, detail.defenders_left) == (Fraction(1, 3), Fraction(1, 3))


def test_checkrisk_move_forecast_is_certain_with_the_events_of_applying_it() -> None:
    state = CHECKRISK.position({"c3": (0, 3), "h8": (1, 1)})
    action = state.action_from_str("c3-c4:2")
    forecast = state.forecast(action)
    assert forecast.certain and forecast.outcomes[0].probability == 1
    assert list(forecast.events) == state.clone().apply(action)
    assert action == CA.Move(18, 26, 2) and hash(action) == hash(CA.Move(18, 26, 2))
    assert action != CA.Attack(18, 26, 2)


def test_B10_forecast_head_on_is_half_and_names_the_front() -> None:
    state = pos([("e5", 0, "N"), ("e6", 1, "S"), ("a10", 1, "S")])
    forecast = state.forecast(state.action_from_str("e5xe6"))
    assert forecast.probability("success") == Fraction(1, 2) and forecast.detail.side == "front"
    assert forecast.detail.repel is None


def test_B10_forecast_right_flank_gives_the_repel_chance() -> None:
    state = pos([("f5", 0, "W"), ("e5", 1, "N"), ("a10", 1, "S")])
    forecast = state.forecast(state.action_from_str("f5xe5"))
    assert forecast.detail.side == "right" and forecast.detail.repel == REPEL_CHANCE == Fraction(1, 2)
    assert forecast.probability("success") == Fraction(1, 2)


def test_B10_forecast_left_shield_and_rear() -> None:
    state = pos([("d5", 0, "E"), ("e4", 0, "N"), ("e5", 1, "N"), ("a10", 1, "S")])
    left = state.forecast(state.action_from_str("d5xe5"))
    assert left.detail.side == "left" and left.detail.shielded and left.probability("success") == 0
    rear = state.forecast(state.action_from_str("e4xe5"))
    assert rear.detail.side == "rear" and rear.certain and rear.probability("success") == 1


def test_kubtafl_forecast_is_one_certain_outcome_with_the_events() -> None:
    state = registry.load("kubtafl").initial_state()
    for action in state.legal_actions()[:20]:
        forecast = state.forecast(action)
        assert forecast.certain and list(forecast.events) == state.clone().apply(action)


def test_kubtafl_actions_are_typed_and_plain_tuples_are_refused() -> None:
    state = registry.load("kubtafl").initial_state()
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds <= {Move, Transfer, ReEntry} and Move in kinds
    move = next(a for a in state.legal_actions() if isinstance(a, Move))
    assert Move(move.src, move.dst) == move
    assert state.action_from_str(state.action_to_str(move)) == move
    assert isinstance(state.action_from_str(state.action_to_str(move)), Move)
    with pytest.raises(IllegalAction, match="not a Kubtafl action"):
        state.apply((move.src, move.dst))  # type: ignore[arg-type]


def test_every_mode_builds_typed_actions_in_random_games() -> None:
    for mode in registry.modes():
        state = registry.load(mode).initial_state()
        rng = random.Random(3)
        seen: set[type] = set()
        while not state.is_terminal():
            action = random_action(state, rng)
            # One style in every mode: typed named tuples.
            assert type(action) is not tuple and isinstance(action, tuple) and hasattr(action, "_fields"), (
                mode,
                action,
            )
            seen.add(type(action))
            state.apply(action)
        assert len(seen) >= 2, (mode, seen)  # several kinds of action come up (the template: a roll and a step)


def test_game_metadata_seat_range_board_size_names_and_reasons() -> None:
    kubtafl = registry.load("kubtafl")
    assert (kubtafl.min_players, kubtafl.max_players, kubtafl.num_players) == (2, 2, 2)
    assert kubtafl.board_size == (8, 8) and kubtafl.seat_names() == ("light", "dark")
    assert kubtafl.reasons is KubtaflReason and KubtaflReason.D20_DESTROYED == "d20_destroyed"
    corners = registry.load("checkrisk", "corners4")
    assert (corners.min_players, corners.max_players, corners.num_players) == (2, 4, 4)
    assert corners.reasons is CheckRiskReason and len(corners.seat_names()) == 4
    assert corners.board_size == (corners.board.width, corners.board.height)
    battle = registry.load("battle_checkers")
    assert battle.board_size == (10, 10) and battle.reasons is BattleCheckersReason


def test_outcome_reasons_are_enum_members_after_a_game_and_after_loading() -> None:
    for mode in registry.modes():
        game = registry.load(mode)
        state = game.initial_state()
        random_playout(state, random.Random(5))
        outcome = state.outcome()
        assert outcome is not None and isinstance(outcome.reason, game.reasons)
        loaded = game.state_from_dict(state.to_dict()).outcome()
        assert loaded == outcome and isinstance(loaded.reason, game.reasons)


def test_forecast_is_a_frozen_value() -> None:
    forecast = Forecast.sure([])
    with pytest.raises(AttributeError):
        forecast.outcomes = ()  # type: ignore[misc]
