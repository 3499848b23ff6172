"""Every hint says why, in English and Russian, read from the engine: in Kubtafl the die a move saves, the enemy die
it lets you destroy (the d20: the win) or ram next turn, what a re-entry or a transfer gains, and what it risks after
that; in CheckRisk why a move with neither threat nor mass, a reinforcement, each battle decision and the end of the
turn; in Battle Checkers the fate roll's odds and the end of the turn. Each from a small position shown on a real
board scene, worded by the scene's hint path."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.board.odds import percent
from game.engine.checkrisk import battle_forecast, battle_odds
from tests.client_helpers import make_app
from tests.test_move_list_words import D20S, HOME, battle_checkers, checkrisk, kubtafl, shown


@pytest.fixture
def en(home: Any) -> Any:
    app = make_app(anim_speed="instant", menu=False)
    yield app
    app.close()


@pytest.fixture
def ru(home: Any) -> Any:
    app = make_app(language="ru", anim_speed="instant", menu=False)
    yield app
    app.close()


# ----- Kubtafl -----
THREATENED_D6 = [*D20S, ("dark", "d8", "a4", 8), ("light", "d6", "c4", 1), ("dark", "d10", "h4", 10)]
LONE_D4 = [*D20S, ("dark", "d4", "e7", 1), ("light", "d6", "c3", 6)]


def test_kubtafl_a_move_that_takes_a_die_out_of_danger_says_so(en, ru, tmp_path):
    board = shown(en, "kubtafl", kubtafl(tmp_path, THREATENED_D6, []))
    assert board.view.hint_words("c4-c3") == "Hint: move the d6 from c4 to c3 — your d6 on c3 is then out of danger"
    # A move that leaves it where it stood saves nothing; the danger it neither makes nor mends is not said again.
    assert board.view.hint_words("a1-a3") == (
        "Hint: move the d20 from a1 to a3 — it closes in on Dark's d20 on h8 (12 cells away)"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, THREATENED_D6, []))
    assert board.view.hint_words("c4-c3") == "Подсказка: переместите d6 с c4 на c3 — ваш d6 на c3 будет вне опасности"


def test_kubtafl_a_move_that_lets_you_destroy_a_die_next_turn_names_it(en, ru, tmp_path):
    board = shown(en, "kubtafl", kubtafl(tmp_path, LONE_D4, []))
    assert board.view.hint_words("c3-c7") == (
        "Hint: move the d6 from c3 to c7 — next turn you can destroy Dark's d4 on e7"
    )
    # It reaches nothing from c4: the reason is the ground it gains.
    assert (
        board.view.hint_words("c3-c4")
        == "Hint: move the d6 from c3 to c4 — it closes in on Dark's d20 on h8 (9 cells away)"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, LONE_D4, []))
    assert board.view.hint_words("c3-c7") == (
        "Подсказка: переместите d6 с c3 на c7 — следующим ходом вы сможете уничтожить d4 тёмных на e7"
    )


def test_kubtafl_a_threat_on_the_enemy_d20_is_the_win_or_a_ram_with_its_damage(en, ru, tmp_path):
    weak = [("light", "d20", "a1", 12), ("dark", "d20", "h8", 3), ("light", "d6", "c3", 6)]
    board = shown(en, "kubtafl", kubtafl(tmp_path, weak, []))
    assert board.view.hint_words("c3-c8") == (
        "Hint: move the d6 from c3 to c8 — next turn you can destroy Dark's d20 on h8 and win"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, weak, []))
    assert board.view.hint_words("c3-c8") == (
        "Подсказка: переместите d6 с c3 на c8 — следующим ходом вы сможете уничтожить d20 тёмных на h8 и победить"
    )
    # A d20 too strong to destroy: the ram and its damage, and then (one dash a sentence) what the move risks.
    strong = [("light", "d20", "a1", 12), ("dark", "d20", "h8", 20), ("light", "d6", "c3", 6)]
    board = shown(en, "kubtafl", kubtafl(tmp_path, strong, []))
    assert board.view.hint_words("c3-c8") == (
        "Hint: move the d6 from c3 to c8 — next turn you can ram Dark's d20 on h8 for 5; "
        "but Dark can then destroy your d6 on c8"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, strong, []))
    assert board.view.hint_words("c3-c8") == (
        "Подсказка: переместите d6 с c3 на c8 — следующим ходом вы сможете протаранить d20 тёмных на h8 (−5); "
        "но Тёмные смогут затем уничтожить ваш d6 на c8"
    )


def test_kubtafl_a_reentry_and_a_transfer_say_what_they_gain(en, ru, tmp_path):
    dice, removed = [*D20S, ("light", "d6", "c3", 6)], {"light": ["d8"], "dark": []}
    board = shown(en, "kubtafl", kubtafl(tmp_path, dice, [], removed))
    assert board.view.hint_words("d8@c4/c3:3") == (
        "Hint: bring the d8 back on c4 with 3, paid by the d6 on c3 — you have 3 dice on the board again"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, dice, [], removed))
    assert board.view.hint_words("d8@c4/c3:3") == (
        "Подсказка: верните d8 на c4 со значением 3 за счёт d6 на c3 — на доске снова 3 ваших кубика"
    )
    pair = [*D20S, ("light", "d6", "c3", 6), ("light", "d8", "c4", 2)]
    board = shown(en, "kubtafl", kubtafl(tmp_path, pair, []))
    assert board.view.hint_words("c3>c4:2") == (
        "Hint: give 2 from the d6 on c3 to the d8 on c4 — your d8 on c4 grows to 4"
    )
    board = shown(ru, "kubtafl", kubtafl(tmp_path, pair, []))
    assert (
        board.view.hint_words("c3>c4:2")
        == "Подсказка: передайте 2 с d6 на c3 кубику d8 на c4 — ваш d8 на c4 вырастет до 4"
    )


def test_kubtafl_every_hint_says_why(en, ru, tmp_path):
    """Whatever the computer hints, the sentence gives a reason: no bare "move the d6 from c3 to c4"."""
    for dice in (THREATENED_D6, LONE_D4, [*D20S, ("light", "d6", "c3", 6), ("light", "d8", "c4", 2)]):
        for app in (en, ru):
            board = shown(app, "kubtafl", kubtafl(tmp_path, dice, []))
            state = board.session.state
            for action in state.legal_actions():
                text = board.view.hint_words(state.action_to_str(action))
                assert " — " in text, text


def test_kubtafl_a_move_that_clears_the_way_says_for_which_die(en, ru, tmp_path):
    blocked = [*D20S, ("light", "d8", "a3", 5), ("light", "d6", "c3", 2)]
    board = shown(en, "kubtafl", kubtafl(tmp_path, blocked, []))
    assert board.view.hint_words("c3-c4") == "Hint: move the d6 from c3 to c4 — it opens the way for your d8 on a3"
    board = shown(ru, "kubtafl", kubtafl(tmp_path, blocked, []))
    assert board.view.hint_words("c3-c4").endswith("— он освобождает путь вашему d8 на a3")


def test_kubtafl_a_hint_warns_of_a_danger_it_makes_not_of_one_it_cannot_mend(en, tmp_path):
    board = shown(en, "kubtafl", kubtafl(tmp_path, THREATENED_D6, []))
    # The d6 on c4 stood to be destroyed before: moving the d20 neither makes nor mends that, so no warning.
    assert "careful" not in board.view.hint_words("a1-a3") and "but" not in board.view.hint_words("a1-a3")
    board = shown(en, "kubtafl", kubtafl(tmp_path, LONE_D4, []))
    state = board.session.state
    # A move that brings the d6 next to danger says so.
    warned = [
        board.view.hint_words(state.action_to_str(a))
        for a in state.legal_actions()
        if "can then destroy your d6" in board.view.hint_words(state.action_to_str(a))
    ]
    assert warned, "no move of the d6 into danger is warned of"


def test_kubtafl_a_ram_that_destroys_says_it_once(en, tmp_path):
    board = shown(en, "kubtafl", kubtafl(tmp_path, [*D20S, ("dark", "d4", "a4", 2)], []))
    assert board.view.hint_words("a1-a4") == "Hint: ram the d4 on a4 with the d20 for 4 and destroy it"


# ----- CheckRisk -----
def test_checkrisk_a_plain_move_claims_a_cell_leaves_danger_or_goes_where_no_enemy_stands(en, ru):
    lone = {"c3": (0, 4), "h8": (1, 3)}
    board = shown(en, "checkrisk", checkrisk(lone, []))
    assert (
        board.view.hint_words("c3-d3:3") == "Hint: move 3 tokens from c3 to d3 — it claims the empty cell: 2 cells held"
    )
    assert board.view.hint_words("c3-d3:4") == "Hint: move 4 tokens from c3 to d3 — no enemy stands next to d3"
    board = shown(ru, "checkrisk", checkrisk(lone, []))
    assert board.view.hint_words("c3-d3:3") == (
        "Подсказка: переведите 3 фишки с c3 на d3 — пустая клетка занята: у вас 2 клетки"
    )
    assert (
        board.view.hint_words("c3-d3:4") == "Подсказка: переведите 4 фишки с c3 на d3 — рядом с d3 нет ни одного врага"
    )
    # The whole stack leaves a cell an enemy stack would likely take: the enemy it leaves and those odds.
    near = {"c3": (0, 3), "c4": (1, 6), "h8": (1, 3)}
    board = shown(en, "checkrisk", checkrisk(near, []))
    assert board.view.hint_words("c3-c2:3") == (
        f"Hint: move 3 tokens from c3 to c2 — away from Player 2's 6 on c4 ({percent(battle_odds(6, 3)[0])} "
        "it would have fallen)"
    )


def test_checkrisk_a_reinforcement_says_what_it_builds_or_stands_against(en, ru):
    rows = {"a8": (1, 1), "b8": (1, 1), "c8": (1, 1), "d8": (1, 1), "c3": (0, 4), "a7": (0, 2)}
    board = shown(en, "checkrisk", checkrisk(rows, ["end"]))
    p = percent(battle_odds(2, 2)[0])
    assert (
        board.view.hint_words("+a8")
        == f"Hint: place a reinforcement on a8 — 2 there against Player 1's 2 on a7 ({p} it falls next turn)"
    )
    assert board.view.hint_words("+d8") == "Hint: place a reinforcement on d8 — 2 there, no enemy next to it"
    board = shown(ru, "checkrisk", checkrisk(rows, ["end"]))
    assert (
        board.view.hint_words("+d8") == "Подсказка: поставьте подкрепление на d8 — там будет фишек: 2, врагов рядом нет"
    )


def test_checkrisk_battle_decisions_give_the_odds_from_here_and_the_occupation_what_stays(en, ru):
    stacks = {"c3": (0, 4), "c4": (1, 2), "c5": (1, 1), "h8": (1, 3)}
    board = shown(en, "checkrisk", checkrisk(stacks, ["c3xc4:3", "roll a:1 d:1"]))
    on = battle_forecast(2, 1)  # two attackers left against one defender
    assert (
        board.view.hint_words("continue") == f"Hint: fight another round — {percent(on.win)} to take the cell from here"
    )
    assert board.view.hint_words("withdraw") == (
        f"Hint: withdraw your survivors — fighting on: {percent(on.win)} to take the cell"
    )
    board = shown(en, "checkrisk", checkrisk(stacks, ["c3xc4:3", "roll a:1 d:1", "continue"]))
    assert board.view.hint_words("stand") == f"Hint: stand and fight — {percent(on.hold)} to hold the cell from here"
    assert board.view.hint_words("retreat c4-c5:1") == (
        f"Hint: retreat to c5 — standing: {percent(on.hold)} to hold the cell"
    )
    board = shown(ru, "checkrisk", checkrisk(stacks, ["c3xc4:3", "roll a:1 d:1", "continue"]))
    assert (
        board.view.hint_words("stand") == f"Подсказка: стойте и сражайтесь — удержать клетку отсюда: {percent(on.hold)}"
    )
    won = {"c3": (0, 4), "c4": (1, 1), "h8": (1, 3)}
    board = shown(en, "checkrisk", checkrisk(won, ["c3xc4:3", "roll a:1 d:0"]))
    assert board.view.hint_words("occupy:2") == "Hint: move 2 tokens into the won cell — 2 left on c3"
    board = shown(ru, "checkrisk", checkrisk(won, ["c3xc4:3", "roll a:1 d:0"]))
    assert board.view.hint_words("occupy:2") == "Подсказка: введите во взятую клетку 2 фишки — на c3 останется фишек: 2"


def test_checkrisk_ending_the_turn_says_why(en, ru):
    board = shown(en, "checkrisk", checkrisk({"c3": (0, 4), "h8": (1, 3)}, []))
    assert board.view.hint_words("end") == "Hint: end the turn — no move or attack left improves the position"
    board = shown(ru, "checkrisk", checkrisk({"c3": (0, 4), "h8": (1, 3)}, []))
    assert board.view.hint_words("end") == (
        "Подсказка: завершите ход — ни один оставшийся ход или атака не улучшат позицию"
    )


# ----- Battle Checkers -----
REAR = {**HOME, "d5": (1, "N")}


def test_battle_checkers_the_fate_roll_hint_gives_its_odds_or_the_spirit(en, ru):
    board = shown(en, "battle_checkers", battle_checkers(REAR, ["d4xd5"], spirit=(6, 2)))
    state = board.session.state
    called = state.forecast(state.action_from_str("fate"))
    win, lose = percent(called.probability("opponent_out")), percent(called.probability("caller_out"))
    assert called.probability("opponent_out") > 0  # Blue's 2 spirit: the roll can end the game
    assert board.view.hint_words("fate") == (
        f"Hint: call the fate roll — {win} it ends the game in your favour, {lose} against you"
    )
    assert board.view.hint_words("nofate") == (
        f"Hint: let the fate roll pass — calling it: {lose} it ends the game against you, {win} in your favour"
    )
    board = shown(ru, "battle_checkers", battle_checkers(REAR, ["d4xd5"], spirit=(6, 2)))
    assert (
        board.view.hint_words("fate")
        == f"Подсказка: бросайте кубики судьбы — победа сразу: {win}, поражение сразу: {lose}"
    )
    board = shown(en, "battle_checkers", battle_checkers(REAR, ["d4xd5"]))
    spirit = board.session.state.spirit
    assert board.view.hint_words("fate") == (
        f"Hint: call the fate roll — it cannot end the game yet: spirit {spirit[0]} against {spirit[1]}"
    )
    assert (
        board.view.hint_words("nofate")
        == f"Hint: let the fate roll pass — spirit stays {spirit[0]} against {spirit[1]}"
    )


def test_battle_checkers_a_hinted_move_names_the_die_it_uses(en, ru):
    """The hint names the die a click on its end takes: the one that wastes the fewest pips (3 and 5 here)."""
    board = shown(en, "battle_checkers", battle_checkers(HOME, []))
    assert board.view.hint_words("d4:1 F1").startswith("Hint: with the 3: move d4 one square north")
    assert board.view.hint_words("d4:s F1").startswith("Hint: with the 3: ")  # the sum would waste 7 of 8
    assert board.view.hint_words("d4:2 F4").startswith("Hint: with the 5: ")
    assert board.view.hint_words("d4:s F6").startswith("Hint: with the sum (8): ")  # only the sum reaches d10
    board = shown(ru, "battle_checkers", battle_checkers(HOME, []))
    assert board.view.hint_words("d4:s F6").startswith("Подсказка: суммой (8): ")
    assert board.view.hint_words("d4:1 F1").startswith("Подсказка: кубиком 3: ")


def test_battle_checkers_a_move_that_sets_up_nothing_says_it_is_safe(en, ru):
    board = shown(en, "battle_checkers", battle_checkers(HOME, []))
    assert board.view.hint_words("a1:1 F1") == (
        "Hint: with the 3: move a1 one square north — no enemy can then strike its rear or weapon flank"
    )
    board = shown(ru, "battle_checkers", battle_checkers(HOME, []))
    assert board.view.hint_words("a1:1 F1").endswith("— враг не сможет ударить его в тыл или правый фланг")


def test_battle_checkers_ending_the_turn_says_why(en, ru):
    board = shown(en, "battle_checkers", battle_checkers(HOME, ["d4:1 F3"]))
    assert board.view.hint_words("end") == "Hint: end the turn — no safe use of the pips is left"
    board = shown(ru, "battle_checkers", battle_checkers(HOME, ["d4:1 F3"]))
    assert board.view.hint_words("end") == "Подсказка: завершите ход — безопасно использовать остаток броска нечем"


def test_kubtafl_a_ram_on_the_enemy_d20_is_not_said_to_close_in_on_it(en, tmp_path):
    ram = [("light", "d20", "a1", 12), ("dark", "d20", "h8", 20), ("light", "d6", "h5", 6)]
    board = shown(en, "kubtafl", kubtafl(tmp_path, ram, []))
    words = board.view.hint_words("h5-h8")
    assert words.startswith("Hint: ram the d20 on h8 with the d6 for 3")
    assert "cells away" not in words and "closes in" not in words


def test_kubtafl_the_result_card_counts_one_die_as_one(en, tmp_path):
    board = shown(en, "kubtafl", kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4)], []))
    assert board.view.end_summary(board.session.state) == (
        "Light kept 2 dice, worth 16 in all; Dark kept 1 die, worth 12."
    )


def test_a_shown_hint_follows_a_switch_of_language(en, tmp_path):
    import pygame

    from tests.driver import BoardDriver

    d = BoardDriver(en)
    shown(en, "kubtafl", kubtafl(tmp_path, LONE_D4, []))
    d.key(pygame.K_h)
    assert d.hint.startswith("Hint: ")
    en.set_language("ru")  # as Settings does while the game waits under it
    assert d.hint.startswith("Подсказка: ") and d.hint_move
