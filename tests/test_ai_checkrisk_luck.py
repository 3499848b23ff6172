"""Dice luck and battle edge in CheckRisk arena games (ai.checkrisk_luck): a battle's swing is its expectation by the
exact round odds (C11) plus the dice's share, and a report's sides get each."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ai import arena
from ai.checkrisk_luck import SideLuck, Swing, battle_swings, main, report_luck, round_losses
from game.engine import registry
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.odds import round_outcomes

CR: Any = registry.load("checkrisk", "standard")


def test_C11_a_rounds_expected_losses_follow_its_exact_odds() -> None:
    # One against one: of the three decisive rounds (hit, miss), (miss, hit), (hit, hit), each side loses in two.
    assert round_losses(1, 1) == pytest.approx((2 / 3, 2 / 3))
    for attackers, defenders in ((3, 2), (6, 6), (2, 5)):
        exact_a = sum((p * min(hd, attackers) for (_, hd), p in round_outcomes(attackers, defenders)), Fraction(0))
        exact_d = sum((p * min(ha, defenders) for (ha, _), p in round_outcomes(attackers, defenders)), Fraction(0))
        assert round_losses(attackers, defenders) == pytest.approx((float(exact_a), float(exact_d)))
    assert round_losses(6, 1)[1] > round_losses(1, 6)[1]


def test_C11_a_battles_swing_is_its_expectation_plus_the_dice() -> None:
    state = CR.position({"d4": (0, 3), "d5": (1, 2), "h8": (1, 1)}, round=5)
    attack = A.Attack(CR.cell_index("d4"), CR.cell_index("d5"), 3)
    before = state.clone()
    before.apply(attack)
    lucky = A.Roll(attacker_hits=2, defender_hits=0)  # both defenders fall, no attacker does
    assert lucky in dict(before.chance_outcomes())
    swings = battle_swings(state, [attack, lucky])
    attacker, defender = swings
    expected_a, expected_d = round_losses(3, 2)
    assert attacker.own == pytest.approx(expected_d - expected_a) and attacker.against == 0
    assert defender.against == pytest.approx(-attacker.own) and defender.own == 0
    # The attacker gained two tokens on the defender: what it was expected to gain plus its luck.
    assert attacker.edge + attacker.luck == pytest.approx(2)
    assert defender.luck == pytest.approx(-attacker.luck) and attacker.luck > 0


def test_an_arena_reports_sides_split_their_swings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = arena.run("checkrisk", "frontline", "greedy", "random", 2, seed=3, progress=False)
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    sides = report_luck(path)
    assert [sides[s].level for s in ("a", "b")] == ["greedy", "random"] and sides["a"].games == 2
    a, b = sides["a"].total, sides["b"].total
    assert a.own == pytest.approx(-b.against) and a.luck == pytest.approx(-b.luck)
    assert a.own or a.against  # the frontline puts stacks in reach: battles were fought
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "a greedy: per game edge" in out and "luck" in out and "pooled" not in out
    # Two reports of the same levels are also printed pooled: twice the games, the same per-game means.
    assert main([str(path), str(path)]) == 0
    pooled = capsys.readouterr().out.split("2 reports pooled (tokens per game)\n")[1]
    for alone, both in zip(out.splitlines()[1:], pooled.splitlines(), strict=True):
        assert alone.split(" ± ")[0] == both.split(" ± ")[0]  # the edge
        assert alone.split("luck ")[1].split(" (")[0] == both.split("luck ")[1].split(" (")[0]
    # Reports of other levels are printed each on its own, never pooled, wherever they come in the list.
    report["a"]["level"] = "normal"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(report), encoding="utf-8")
    assert main([str(path), str(other), str(path)]) == 0
    out = capsys.readouterr().out
    assert "a normal: per game edge" in out and "pooled" not in out
    assert main([]) == 2


def test_a_sides_per_game_spread_and_the_edges_standard_error() -> None:
    side = SideLuck("hard")
    assert side.edge_error == 0 and side.luck_spread == 0
    for own, luck in ((3.0, 4.0), (1.0, -4.0), (2.0, 6.0), (2.0, -6.0)):
        side.add(Swing(own=own, against=-1.0, luck=luck), won=luck > 0)
    # Edges 2, 0, 1, 1: standard deviation sqrt(2/3), standard error half of it; lucks ±4, ±6: sd sqrt(104/3).
    assert side.edge_error == pytest.approx((2 / 3) ** 0.5 / 2)
    assert side.luck_spread == pytest.approx((104 / 3) ** 0.5)
    assert (side.favoured, side.favoured_won) == (2, 2)
    other = SideLuck("hard")
    other.add(Swing(own=1.0), won=None)
    side.merge(other)
    assert side.games == 5 and side.edges[-1] == 1.0 and side.total.own == pytest.approx(9.0)
