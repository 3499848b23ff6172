"""The CheckRisk odds card's last line says in words when no amount from the stack reaches an even or a strong
chance, instead of a dash where a number of tokens belongs (English and Russian)."""

from __future__ import annotations

from game.client.checkrisk.odds_card import lines
from game.client.i18n import Translator
from tests.test_move_list_words import checkrisk


def test_the_needed_line_names_a_chance_out_of_reach_in_words(home):
    t = Translator("en")
    even = checkrisk({"c3": (0, 3), "c4": (1, 3), "h8": (1, 3)}, []).state  # 3 against 3: under 50 %
    assert lines(even, "c3", "c4", 3, [1, 2, 3], t)[-1] == "Under 50 % even with all 3 tokens this stack can send"
    half = checkrisk({"c3": (0, 4), "c4": (1, 2), "h8": (1, 3)}, []).state
    needed = lines(half, "c3", "c4", 4, [1, 2, 3, 4], t)[-1]
    assert "—" not in needed and needed.startswith("50 % from ")
    t.language = "ru"
    assert "—" not in lines(even, "c3", "c4", 3, [1, 2, 3], t)[-1]


def test_one_token_out_of_reach_is_one_token(home):
    lone = checkrisk({"c3": (0, 1), "c4": (1, 1), "h8": (1, 3)}, []).state
    assert lines(lone, "c3", "c4", 1, [1], Translator("en"))[-1] == (
        "Under 50 % even with the 1 token this stack can send"
    )
