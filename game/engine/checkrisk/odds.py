"""Exact battle probabilities (C11, C12): one round, a battle fought to the end, and after k rounds.

A round in which no die hits changes nothing, so the engine skips it: the chance outcome of a round is the
pair of hit counts *conditioned on at least one hit*. With `a` attacker dice and `d` defender dice the
weight of (ha, hd) is C(a, ha)·C(d, hd) out of 2^(a+d) − 1 (every (ha, hd) except (0, 0)). Every round then
removes a token, so a battle lasts at most a + d − 1 rounds, and the odds of a battle fought to the end are
the rules' "counting only decisive rounds" facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, lcm

Odds = tuple[Fraction, Fraction, Fraction]


def _check(attackers: int, defenders: int) -> None:
    if not isinstance(attackers, int) or not isinstance(defenders, int) or attackers < 0 or defenders < 0:
        raise ValueError(f"attackers and defenders must be whole numbers ≥ 0, not {attackers!r}, {defenders!r}")


@cache
def round_weights(attackers: int, defenders: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """((attacker_hits, defender_hits, weight), ...) of a decisive round, and the total weight."""
    _check(attackers, defenders)
    rows = tuple(
        (ha, hd, comb(attackers, ha) * comb(defenders, hd))
        for ha in range(attackers + 1)
        for hd in range(defenders + 1)
        if ha or hd
    )
    return rows, (1 << (attackers + defenders)) - 1


@cache
def round_outcomes(attackers: int, defenders: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Each decisive round result (attacker_hits, defender_hits) with its exact probability."""
    rows, total = round_weights(attackers, defenders)
    return tuple(((ha, hd), Fraction(w, total)) for ha, hd, w in rows)


def after_round(attackers: int, defenders: int, attacker_hits: int, defender_hits: int) -> tuple[int, int]:
    """The stacks left after a round: each hit removes one token of the other side (C11)."""
    return max(0, attackers - defender_hits), max(0, defenders - attacker_hits)


@cache
def _odds_numerators(attackers: int, defenders: int) -> tuple[int, int, int, int]:
    # Integer numerators over a common denominator keep the cold computation far cheaper than Fractions.
    if defenders == 0:
        return (1, 0, 0, 1) if attackers else (0, 0, 1, 1)
    if attackers == 0:
        return 0, 1, 0, 1
    rows, total = round_weights(attackers, defenders)
    parts = []
    for ha, hd, w in rows:
        na, nd, nb, den = _odds_numerators(*after_round(attackers, defenders, ha, hd))
        parts.append((w * na, w * nd, w * nb, den))
    common = 1
    for *_, den in parts:
        common = common * den // _gcd(common, den)
    wins = holds = both = 0
    for na, nd, nb, den in parts:
        scale = common // den
        wins += na * scale
        holds += nd * scale
        both += nb * scale
    return wins, holds, both, common * total


def _gcd(x: int, y: int) -> int:
    while y:
        x, y = y, x % y
    return x


@cache
def battle_odds(attackers: int, defenders: int) -> Odds:
    """(attacker_wins, defender_holds, both_gone) for a battle fought to the end, no withdraw or retreat."""
    _check(attackers, defenders)
    wins, holds, both, den = _odds_numerators(attackers, defenders)
    return Fraction(wins, den), Fraction(holds, den), Fraction(both, den)


def battle_distribution(attackers: int, defenders: int, rounds: int) -> dict[tuple[int, int], Fraction]:
    """The chance of each (attackers_left, defenders_left) after up to `rounds` decisive rounds.

    A battle that ended earlier (one side gone) stays where it ended.
    """
    _check(attackers, defenders)
    if not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be a whole number ≥ 0, not {rounds!r}")
    # Integer weights over one denominator per round (the lcm of the rounds' totals) instead of Fraction
    # arithmetic: the same exact result, several times faster cold (the AI asks for many stacks). The keys come
    # in the same order as with Fractions: by the previous round's order, then by each round's outcomes.
    dist: dict[tuple[int, int], int] = {(attackers, defenders): 1}
    den = 1
    for _ in range(rounds):
        totals = [round_weights(a, d)[1] for a, d in dist if a and d]
        if not totals:
            break
        scale = lcm(*totals)
        nxt: dict[tuple[int, int], int] = {}
        for (a, d), n in dist.items():
            if a == 0 or d == 0:
                nxt[(a, d)] = nxt.get((a, d), 0) + n * scale
                continue
            rows, total = round_weights(a, d)
            n *= scale // total
            for ha, hd, w in rows:
                key = after_round(a, d, ha, hd)
                nxt[key] = nxt.get(key, 0) + n * w
        dist = nxt
        den *= scale
    return {key: Fraction(n, den) for key, n in dist.items()}


def battle_odds_after(attackers: int, defenders: int, rounds: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(attacker_wins, defender_holds, both_gone, still_fighting) after up to `rounds` decisive rounds."""
    wins = holds = both = going = Fraction(0)
    for (a, d), p in battle_distribution(attackers, defenders, rounds).items():
        if a and not d:
            wins += p
        elif d and not a:
            holds += p
        elif not a and not d:
            both += p
        else:
            going += p
    return wins, holds, both, going


@dataclass(frozen=True)
class BattleForecast:
    """A battle fought to the end: who is left, and how many tokens each side keeps on average."""

    attackers: int
    defenders: int
    win: Fraction
    hold: Fraction
    both_gone: Fraction
    attackers_left: Fraction
    defenders_left: Fraction


@cache
def battle_forecast(attackers: int, defenders: int) -> BattleForecast:
    """The exact end of a battle with these stacks: win / hold / both-gone and the expected survivors."""
    # Every decisive round removes a token, so a + d − 1 rounds always reach the end.
    dist = battle_distribution(attackers, defenders, max(0, attackers + defenders - 1))
    win, hold, both = battle_odds(attackers, defenders)
    left_a = sum((p * a for (a, _), p in dist.items()), Fraction(0))
    left_d = sum((p * d for (_, d), p in dist.items()), Fraction(0))
    return BattleForecast(attackers, defenders, win, hold, both, left_a, left_d)
