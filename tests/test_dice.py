"""The dice engine (rules/dice.md): P1–P2, A1–A5, D1–D5, as exact fractions."""

from __future__ import annotations

import json
import operator
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import dice
from game.engine.dice import AlkemyFace
from game.paths import levels_dir


def brute(faces: list[int], count: int, reduce) -> dict[int, Fraction]:
    """The distribution of reduce(roll) over every ordered roll, by enumeration."""
    counts = Counter(reduce(list(roll)) for roll in product(faces, repeat=count))
    total = len(faces) ** count
    return {v: Fraction(c, total) for v, c in sorted(counts.items())}


# --------------------------------------------------------------------------- P1, P2


def test_P1_standard_dice_are_uniform() -> None:
    for sides in (4, 6, 8, 10, 12, 20):
        dist = dice.parse(f"d{sides}").distribution()
        assert dist == {v: Fraction(1, sides) for v in range(1, sides + 1)}


def test_P1_d3_is_a_d6_marked_1_1_2_2_3_3() -> None:
    assert dice.D3.faces == (1, 1, 2, 2, 3, 3)
    assert dice.parse("d3").distribution() == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}


def test_P1_d10_face_zero_reads_ten_and_percentile_faces() -> None:
    assert dice.D10.label(9) == "0" and dice.D10.faces[9] == 10
    assert [dice.D_PERCENT.label(i) for i in range(10)] == ["00", "10", "20", "30", "40", "50", "60", "70", "80", "90"]
    assert dice.parse("d%").distribution() == {v: Fraction(1, 10) for v in range(0, 100, 10)}
    # Kubtafl reads 10…90 as 1…9 and 00 as 10.
    assert [dice.kubtafl_percent_value(dice.D_PERCENT.label(i)) for i in range(10)] == [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_P1_custom_die() -> None:
    die = dice.custom_die([0, 0, 1, 1, 2, 5])
    assert die.distribution() == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 6), 5: Fraction(1, 6)}
    with pytest.raises(ValueError):
        dice.custom_die([])


def test_P2_2d6_sum() -> None:
    dist = dice.parse("2d6").distribution()
    assert dist[7] == Fraction(1, 6) and dist[2] == Fraction(1, 36) and dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_P2_4d6kh2_exact() -> None:
    expected = brute([1, 2, 3, 4, 5, 6], 4, lambda r: sum(sorted(r)[-2:]))
    assert dice.parse("4d6kh2").distribution() == expected
    assert expected[12] == Fraction(171, 1296)  # at least two sixes among four dice


def test_P2_3d6kl2_exact() -> None:
    expected = brute([1, 2, 3, 4, 5, 6], 3, lambda r: sum(sorted(r)[:2]))
    assert dice.parse("3d6kl2").distribution() == expected


def test_P2_5d6_count_successes_is_binomial_half() -> None:
    dist = dice.parse("5d6>=4").distribution()
    assert dist == {k: Fraction([1, 5, 10, 10, 5, 1][k], 32) for k in range(6)}


def test_P2_12d6_successes_sum_to_one() -> None:
    dist = dice.parse("12d6>=4").distribution()
    assert sum(dist.values()) == 1 and dist[6] == Fraction(924, 4096)


def test_P2_constant_modifier() -> None:
    dist = dice.parse("2d6+3").distribution()
    assert min(dist) == 5 and max(dist) == 15 and dist[10] == Fraction(1, 6)
    assert dice.parse("d20 - 2").distribution()[-1] == Fraction(1, 20)
    assert dice.parse("2d6+3").mean() == 10


def test_P2_d18_in_notation() -> None:
    assert dice.parse("d18").distribution() == {v: Fraction(1, 18) for v in range(1, 19)}


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=2, max_value=8),
    st.sampled_from(["h", "l"]),
    st.data(),
)
def test_P2_keep_matches_enumeration(count: int, sides: int, how: str, data: st.DataObject) -> None:
    k = data.draw(st.integers(min_value=1, max_value=count))
    expected = brute(list(range(1, sides + 1)), count, lambda r: sum(sorted(r, reverse=(how == "h"))[:k]))
    assert dice.parse(f"{count}d{sides}k{how}{k}").distribution() == expected


def reference_counts(count: int, faces: tuple[int, ...], keep: tuple[str, int] | None) -> dict[int, int]:
    """Ways to reach each result, die by die: a plain sum convolves one die at a time; a keep tracks the sorted
    kept dice themselves (slow, but plainly right)."""
    if keep is None:
        total = {0: 1}
        for _ in range(count):
            nxt: Counter[int] = Counter()
            for s, w in total.items():
                for f in faces:
                    nxt[s + f] += w
            total = dict(nxt)
        return total
    how, k = keep
    kept: Counter[tuple[int, ...]] = Counter({(): 1})
    for _ in range(count):
        nxt2: Counter[tuple[int, ...]] = Counter()
        for best, w in kept.items():
            for f in faces:
                nxt2[tuple(sorted((*best, f), reverse=(how == "h"))[:k])] += w
        kept = nxt2
    out: Counter[int] = Counter()
    for best, w in kept.items():
        out[sum(best)] += w
    return dict(out)


faces_lists = st.lists(st.integers(min_value=-5, max_value=40), min_size=1, max_size=7).map(tuple)


@settings(max_examples=150, deadline=None)
@given(faces_lists, st.integers(min_value=1, max_value=9), st.data())
def test_P2_fast_pool_counts_match_die_by_die_counting(faces: tuple[int, ...], count: int, data) -> None:
    """Sums by the power recurrence and keeps by the settled-state DP equal the plain counting, for any faces
    (repeated, negative, with gaps)."""
    keep = data.draw(st.one_of(st.none(), st.tuples(st.sampled_from("hl"), st.integers(1, count))))
    pool = dice.Pool(count, dice.custom_die(faces), keep)
    assert pool.counts() == reference_counts(count, faces, keep if keep and keep[1] < count else None)


def reference_distribution(expression: dice.DiceExpression) -> dict[int, Fraction]:
    """The expression's distribution by plain counting: each term's own counts convolved one term at a time."""
    counts, total = {0: 1}, 1
    for sign, term in expression.terms:
        if isinstance(term, int):
            counts = {s + sign * term: w for s, w in counts.items()}
            continue
        if term.success:  # a success count is a sum of dice marked 1 for a hit and 0 for a miss
            meets = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt}[term.success[0]]
            marked = tuple(int(meets(f, term.success[1])) for f in term.die.faces)
            part = reference_counts(term.count, marked, None)
        else:
            part = reference_counts(
                term.count, term.die.faces, term.keep if term.keep and term.keep[1] < term.count else None
            )
        total *= term.outcomes()
        nxt: Counter[int] = Counter()
        for s, w in counts.items():
            for v, c in part.items():
                nxt[s + sign * v] += w * c
        counts = dict(nxt)
    return {v: Fraction(c, total) for v, c in sorted(counts.items())}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([1, -1]),
            st.sampled_from(["d3", "d4", "d6", "d7", "d10", "d%", "d20"]),
            st.integers(min_value=2, max_value=8),
            st.sampled_from(["", "kh2", "kl1", ">=4"]),
        ),
        min_size=1,
        max_size=5,
    ),
    st.integers(min_value=-9, max_value=9),
)
def test_P2_expression_distribution_matches_term_by_term_convolution(terms, constant: int) -> None:
    """Plain pools summed together by one recurrence, others convolved (packed into big integers when long):
    the same exact Fractions as convolving each term's own counts."""
    text = "".join(f"{'+' if sign > 0 else '-'}{n}{die}{mod}" for sign, die, n, mod in terms) + f"+{constant}"
    expression = dice.parse(text.lstrip("+"))
    assert expression.distribution() == reference_distribution(expression)


@pytest.mark.parametrize("text", ["100d20", "100d%", "60d3", "40d20kh3", "30d12kl4", "80d6+70d8-50d4+5"])
def test_P2_large_pools_are_exact(text: str) -> None:
    """The largest pools checked against plain counting: every chance in lowest terms, summing to one."""
    expression = dice.parse(text)
    dist = expression.distribution()
    assert dist == reference_distribution(expression)
    assert all(p.denominator == Fraction(p.numerator, p.denominator).denominator for p in dist.values())
    assert sum(dist.values()) == 1


def test_P2_sampling_is_seeded_and_marks_kept_dice() -> None:
    expr = dice.parse("4d6kh2")
    a = [expr.roll(random.Random(7)) for _ in range(3)]
    b = [expr.roll(random.Random(7)) for _ in range(3)]
    assert a == b
    roll = expr.roll(random.Random(3))
    kept = [d.value for d in roll.dice if d.kept]
    assert len(kept) == 2 and sum(kept) == roll.total
    assert sorted(kept) == sorted(d.value for d in roll.dice)[-2:]


@pytest.mark.parametrize("text", ["2d6+3", "4d6kh2-1", "6d8kl3", "12d6>=4", "3d%+d3-2d4", "100d20"])
def test_P2_sample_draws_the_same_total_as_roll(text: str) -> None:
    expression = dice.parse(text)
    for seed in range(20):
        assert expression.sample(random.Random(seed)) == expression.roll(random.Random(seed)).total


def test_P2_sampling_frequencies_follow_the_distribution() -> None:
    expr = dice.parse("5d6>=4")
    rng = random.Random(11)
    counts = Counter(expr.sample(rng) for _ in range(4000))
    for value, p in expr.distribution().items():
        assert abs(counts[value] / 4000 - float(p)) < 0.03


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("2x6", "column 2"),
        ("2d", "after 'd'"),
        ("d6+", "nothing after"),
        ("4d6kh", "how many dice to keep"),
        ("4d6kh5", "can keep 1…4"),
        ("0d6", "number of dice"),
        ("d0", "faces"),
        ("5d6>=", "target number"),
        ("2d6 3", "expected '+' or '-'"),
    ],
)
def test_P2_bad_notation_says_where_and_why(text: str, fragment: str) -> None:
    with pytest.raises(ValueError) as err:
        dice.parse(text)
    assert fragment in str(err.value)


# --------------------------------------------------------------------------- A1–A5


def test_A1_default_face_tables() -> None:
    table = dice.default_alkemy_table()
    assert [f.value for f in table["white"]] == [1, 2, 3, 4, 5, 6]
    assert [f.value for f in table["yellow"]] == [1, 2, 3, 3, 4, 5]
    assert [f.value for f in table["red"]] == [1, 2, 2, 3, 3, 4]
    for colour in dice.HEALTH_COLOURS:
        assert [f.symbol for f in table[colour]] == ["sword", "axe", "mace"] * 2


def _table_json() -> dict:
    return json.loads((levels_dir() / "dice" / "alkemy.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: d["colours"]["yellow"].__setitem__(2, {"value": 9, "symbol": "axe"}), "'yellow', face 3"),
        (lambda d: d["colours"]["red"].__setitem__(5, {"value": 4, "symbol": "spear"}), "'red', face 6"),
        (lambda d: d["colours"]["white"].pop(), "'white': needs a list of exactly 6"),
        (lambda d: d["colours"].__setitem__("blue", []), "unknown colour"),
    ],
)
def test_A1_bad_table_names_colour_and_face(mutate, fragment: str) -> None:
    data = _table_json()
    mutate(data)
    with pytest.raises(ValueError) as err:
        dice.validate_alkemy_table(data)
    assert fragment in str(err.value)


def test_A1_health_colour_limits() -> None:
    for colour, top in (("white", 12), ("yellow", 10), ("red", 8)):
        dist = dice.alkemy_kept_distribution(colour)
        assert max(dist) == top and sum(dist.values()) == 1


def test_A2_source_example_attribute_8_rolls_3_4_difficulty_15() -> None:
    table = dice.default_alkemy_table()
    roll = dice.AlkemyRoll("white", 8, (table["white"][2], table["white"][3]), (0, 1))
    assert roll.total == 15 and roll.total >= 15


def test_A2_check_exact() -> None:
    assert dice.alkemy_check(8, 15) == Fraction(21, 36)  # 2d6 ≥ 7
    assert dice.alkemy_check(0, 2) == 1
    assert dice.alkemy_check(0, 13) == 0
    assert dice.alkemy_check(0, 8, health="red") == Fraction(1, 36)  # 4 + 4 only


def test_A3_source_examples_of_keeping() -> None:
    assert dice.keep_default([4, 5, 1], dice.net_modifier(1, 0)) == (4, 5)
    assert sum(dice.keep_default([5, 1, 3, 4], dice.net_modifier(0, 2))) == 4
    assert dice.net_modifier(1, 2) == -1
    assert dice.net_modifier(3, 1) == 2
    assert dice.net_modifier(1, 1) == 0


def test_A3_at_most_four_dice_and_extra_dice_lost() -> None:
    assert dice.net_modifier(5, 0) == 2 and dice.net_modifier(0, 7) == -2
    assert dice.alkemy_check(0, 9, bonus=5) == dice.alkemy_check(0, 9, bonus=2)
    roll = dice.alkemy_roll(random.Random(1), 3, bonus=4)
    assert len(roll.rolled) == 4 and len(roll.kept) == 2


def test_A3_bonus_and_penalty_exact() -> None:
    faces = [1, 2, 3, 4, 5, 6]
    one_bonus = brute(faces, 3, lambda r: sum(sorted(r)[-2:]))
    two_penalty = brute(faces, 4, lambda r: sum(sorted(r)[:2]))
    assert dice.alkemy_kept_distribution("white", bonus=1) == one_bonus
    assert dice.alkemy_kept_distribution("white", penalty=2) == two_penalty
    assert dice.alkemy_check(5, 15, bonus=1) == sum(p for v, p in one_bonus.items() if v >= 10)
    yellow = [1, 2, 3, 3, 4, 5]
    assert dice.alkemy_kept_distribution("yellow", penalty=1) == brute(yellow, 3, lambda r: sum(sorted(r)[:2]))


def test_A3_player_may_keep_another_pair() -> None:
    roll = dice.alkemy_roll(random.Random(5), 2, bonus=2)
    other = roll.keep(0, 3)
    assert other.kept == (roll.rolled[0], roll.rolled[3])
    with pytest.raises(ValueError):
        roll.keep(1, 1)


def test_A4_source_example_equal_totals_higher_attribute_wins() -> None:
    assert dice.opposed_winner(2, 2 + 4 + 4, 5, 5 + 1 + 4) == "b"
    assert dice.opposed_winner(3, 10, 3, 10) is None


def test_A4_opposed_exact_with_rerolls() -> None:
    win, tie, lose = dice.alkemy_opposed_round(3, 3)
    assert win == lose and win + tie + lose == 1
    assert dice.alkemy_opposed(3, 3) == Fraction(1, 2)
    # unequal attributes: ties go to the higher attribute, no reroll
    win, tie, _ = dice.alkemy_opposed_round(4, 2)
    assert dice.alkemy_opposed(4, 2) == win + tie
    assert dice.alkemy_opposed(2, 4) == 1 - dice.alkemy_opposed(4, 2)


def test_A5_opposed_is_a_geometric_series_of_rerolls() -> None:
    win, tie, _ = dice.alkemy_opposed_round(2, 2, "white", "red", bonus_a=0, penalty_a=1, bonus_b=2)
    expected = win / (1 - tie)
    assert dice.alkemy_opposed(2, 2, "white", "red", penalty_a=1, bonus_b=2) == expected
    # Summing the series term by term converges to the same exact value.
    partial = sum(win * tie**k for k in range(200))
    assert abs(float(expected - partial)) < 1e-12


def test_A5_opposed_with_two_bonus_dice_a_side() -> None:
    assert dice.alkemy_opposed(4, 4, bonus_a=2, bonus_b=2) == Fraction(1, 2)
    p = dice.alkemy_opposed(4, 3, bonus_a=2, bonus_b=2)
    assert Fraction(1, 2) < p < 1


def test_A5_kept_symbol_pairs() -> None:
    pairs = dice.alkemy_symbol_pairs("white")
    assert sum(pairs.values()) == 1
    # two dice, each symbol on 2 of 6 faces: same symbol 1/9 each, mixed pairs 2/9 each
    assert pairs[("sword", "sword")] == Fraction(1, 9)
    assert pairs[("axe", "sword")] == Fraction(2, 9)


def test_A5_sampler_matches_exact_odds() -> None:
    rng = random.Random(2024)
    n = 3000
    wins = sum(dice.alkemy_opposed_roll(rng, 3, 3, bonus_a=1).winner == "a" for _ in range(n))
    assert abs(wins / n - float(dice.alkemy_opposed(3, 3, bonus_a=1))) < 0.04


def test_A5_sampler_reports_dice_kept_and_symbols() -> None:
    roll = dice.alkemy_roll(random.Random(9), 4, "yellow", penalty=2)
    assert len(roll.rolled) == 4
    values = sorted(f.value for f in roll.rolled)
    assert sorted(f.value for f in roll.kept) == values[:2]
    assert all(isinstance(f, AlkemyFace) for f in roll.rolled)
    assert set(roll.symbols) <= set(dice.SYMBOLS)


def test_A_bad_health_is_refused() -> None:
    with pytest.raises(ValueError):
        dice.alkemy_check(3, 10, health="green")
    with pytest.raises(ValueError):
        dice.net_modifier(-1, 0)


# --------------------------------------------------------------------------- D1–D5


def test_D1_source_examples() -> None:
    assert dice.d18_value(2, 4) == 10
    assert dice.d18_value(1, 1) == 1
    assert dice.d18_value(3, 6) == 18


def test_D1_d18_uniform() -> None:
    assert dice.d18_distribution() == {v: Fraction(1, 18) for v in range(1, 19)}
    d3, d6, v = dice.roll_d18(random.Random(4))
    assert v == dice.d18_value(d3, d6)
    with pytest.raises(ValueError):
        dice.d18_value(4, 1)


def test_D2_pick_one_of_three() -> None:
    options = ("1-2-3", "4-5-6", "3-4-5")
    assert [dice.pick_one_of_three(options, d3) for d3 in (1, 2, 3)] == list(options)
    assert dice.options_distribution(options) == {o: Fraction(1, 3) for o in options}


def test_D3_table_by_d6() -> None:
    table = (1, 1, 2, 2, 3, 4)
    assert [dice.table_by_d6(table, f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 4]
    assert dice.options_distribution(table) == {
        1: Fraction(1, 3),
        2: Fraction(1, 3),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
    }


def test_D4_pick_one_of_two() -> None:
    assert [dice.pick_one_of_two("1-2", "4-5", f) for f in range(1, 7)] == ["1-2"] * 3 + ["4-5"] * 3
    assert dice.options_distribution(("1-2", "4-5")) == {"1-2": Fraction(1, 2), "4-5": Fraction(1, 2)}


def test_D5_percent_table_true_odds() -> None:
    assert dice.percent_chance(16) == (1, Fraction(1, 6))
    assert dice.percent_chance(33) == (2, Fraction(1, 3))
    assert dice.percent_chance(50) == (3, Fraction(1, 2))
    assert dice.percent_chance(66) == (4, Fraction(2, 3))
    faces, true = dice.percent_chance(85)
    assert faces == 5 and true == Fraction(5, 6) and round(float(true) * 100, 1) == 83.3
    assert dice.percent_check([6], 6) and not dice.percent_check([6], 5)
    with pytest.raises(ValueError):
        dice.percent_chance(40)
