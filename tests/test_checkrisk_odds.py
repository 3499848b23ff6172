"""CheckRisk battle probabilities: the rules' facts exactly, and the engine's chance nodes agreeing with them."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import pytest

from game.engine import CHANCE, registry
from game.engine.checkrisk import battle_distribution, battle_odds, battle_odds_after, round_outcomes

STD = registry.load("checkrisk", "standard")


@pytest.mark.parametrize(
    ("a", "d", "expected"),
    [
        (1, 1, (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))),
        (2, 1, (Fraction(19, 21), Fraction(1, 21), Fraction(1, 21))),
        (2, 2, (Fraction(131, 315), Fraction(131, 315), Fraction(53, 315))),
    ],
)
def test_C12_probability_facts_of_the_rules(a, d, expected):
    assert battle_odds(a, d) == expected


def test_C11_one_round_is_binomial_half_per_side():
    # Conditioned on the round being decisive, the weights are exactly the product of two Binomial(n, 1/2).
    for a in range(1, 7):
        for d in range(1, 7):
            outcomes = dict(round_outcomes(a, d))
            decisive = 1 - Fraction(1, 2 ** (a + d))
            for (ha, hd), p in outcomes.items():
                assert p * decisive == Fraction(comb(a, ha), 2**a) * Fraction(comb(d, hd), 2**d)
            assert sum(outcomes.values()) == 1 and (0, 0) not in outcomes


def test_C12_odds_sum_to_one_and_mirror():
    for a in range(7):
        for d in range(7):
            wins, holds, both = battle_odds(a, d)
            assert wins + holds + both == 1
            assert battle_odds(d, a) == (holds, wins, both)


def test_C12_more_attackers_never_hurt():
    for d in range(1, 7):
        wins = [battle_odds(a, d)[0] for a in range(1, 7)]
        assert wins == sorted(wins) and len(set(wins)) == 6


def test_C12_odds_after_rounds_for_the_preview():
    assert battle_odds_after(2, 2, 0) == (0, 0, 0, 1)
    wins, holds, both, going = battle_odds_after(1, 1, 1)
    assert (wins, holds, both, going) == (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3), 0)
    wins, holds, both, going = battle_odds_after(2, 2, 1)
    # One round of 2 v 2: (2,0),(2,1),(2,2) empty the defence, weights 1·1 + 1·2 + 1·1 of 15, (2,2) leaves both gone.
    assert (wins, both) == (Fraction(3, 15), Fraction(1, 15)) and going == 1 - wins - holds - both
    # A battle of a + d tokens cannot outlast a + d - 1 decisive rounds.
    for a, d in ((6, 6), (3, 5), (1, 6)):
        assert battle_odds_after(a, d, a + d - 1) == (*battle_odds(a, d), 0)
        assert battle_odds_after(a, d, a + d - 2)[3] > 0


def test_C12_distribution_after_rounds_is_a_distribution():
    dist = battle_distribution(4, 3, 2)
    assert sum(dist.values()) == 1
    assert all(0 <= a <= 4 and 0 <= d <= 3 for a, d in dist)


def test_C12_engine_battle_fought_to_the_end_matches_battle_odds():
    """Expand the engine's own chance nodes (always continue, the defender stands) and compare."""
    stacks = {"h8": (1, 1), "a1": (0, 1)}

    @cache
    def fight(a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
        state = STD.position(stacks | {"c3": (0, a), "c4": (1, d)})
        state.apply(state.action_from_str(f"c3xc4:{a}"))
        return expand(state)

    def expand(state) -> tuple[Fraction, Fraction, Fraction]:
        battle = state.pending_battle()
        if state.current_player() == CHANCE:
            total = [Fraction(0)] * 3
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply(outcome)
                for i, q in enumerate(expand(child)):
                    total[i] += p * q
            return tuple(total)
        if battle is None or battle.stage == "occupy":
            attackers_won = battle is not None
            target = state.stack(state.game.cell_index("c4"))
            if attackers_won:
                return (Fraction(1), Fraction(0), Fraction(0))
            return (Fraction(0), Fraction(1), Fraction(0)) if target else (Fraction(0), Fraction(0), Fraction(1))
        action = "continue" if battle.stage == "attacker" else "stand"
        state.apply(state.action_from_str(action))
        return expand(state)

    for a, d in ((1, 1), (2, 1), (2, 2), (3, 2), (2, 3)):
        assert fight(a, d) == battle_odds(a, d)


def test_attack_forecast_uses_the_actual_stacks():
    state = STD.position({"c3": (0, 5), "c4": (1, 2)})
    action = state.action_from_str("c3xc4:2")
    forecast = state.forecast(action)
    odds = (forecast.probability("win"), forecast.probability("hold"), forecast.probability("both_gone"))
    assert odds == battle_odds(2, 2)
    assert (forecast.detail.attackers, forecast.detail.defenders) == (2, 2)


@pytest.mark.parametrize("bad", [(-1, 2), (2, -1), (1.5, 2), ("2", 2)])
def test_bad_battle_arguments_are_refused(bad):
    with pytest.raises(ValueError):
        battle_odds(*bad)
