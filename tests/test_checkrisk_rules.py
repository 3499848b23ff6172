"""CheckRisk rules C1–C15, one or more tests per rule id, on hand-built positions."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from game.engine import CHANCE, GameOver, IllegalAction, registry
from game.engine.checkrisk import Deploy, Preset, Roll, make_game
from game.engine.checkrisk import events as ev
from game.engine.checkrisk.phases import Stage

STD = registry.load("checkrisk", "standard")


def pos(stacks, game=STD, **fields):
    return game.position(stacks, **fields)


def do(state, text):
    return state.apply(state.action_from_str(text))


def cell(name, game=STD):
    return game.cell_index(name)


def names(cells, game=STD):
    return sorted(game.cell_name(i) for i in cells)


def legal_texts(state):
    return {state.action_to_str(a) for a in state.legal_actions()}


def level(**changes):
    data = registry.read_json(registry.level_path("checkrisk", "standard"))
    data.update(changes)
    return make_game("custom", data)


# ---------------------------------------------------------------- C1 board


def test_C1_board_is_8x8_with_chess_names():
    assert (STD.board.width, STD.board.height) == (8, 8)
    assert STD.cell_name(0) == "a1" and STD.cell_name(63) == "h8" and STD.cell_index("c2") == 10


def test_C1_neighbours_are_orthogonal():
    assert names(STD.neighbours(cell("d4"))) == ["c4", "d3", "d5", "e4"]
    assert names(STD.neighbours(cell("a1"))) == ["a2", "b1"]
    assert STD.is_edge(cell("a5")) and STD.is_edge(cell("h8")) and not STD.is_edge(cell("d4"))


def test_C1_no_diagonal_steps():
    state = pos({"c2": (0, 3), "h8": (1, 1)})
    with pytest.raises(IllegalAction):
        do(state, "c2-d3:1")
    assert "c2-d3:1" not in legal_texts(state)


@pytest.mark.parametrize("size", [6, 12])
def test_C1_level_may_set_6_to_12(size):
    zones = [
        {"box": f"a1:{'abcdefghijkl'[size - 1]}2", "home": "bottom"},
        {"box": f"a{size - 1}:{'abcdefghijkl'[size - 1]}{size}", "home": "top", "mirror": True},
    ]
    game = level(width=size, height=size, zones=zones)
    assert game.board.size == size * size
    assert game.cell_name(game.board.size - 1) == f"{'abcdefghijkl'[size - 1]}{size}"


@pytest.mark.parametrize("size", [5, 13])
def test_C1_other_sizes_rejected(size):
    with pytest.raises(ValueError, match="width"):
        level(width=size)


# ---------------------------------------------------------------- C2 players and supply


@pytest.mark.parametrize(("name", "players"), [("standard", 2), ("corners3", 3), ("corners4", 4)])
def test_C2_two_three_or_four_players_with_50_tokens_24_on_board(name, players):
    state = registry.load("checkrisk", name).initial_state()
    assert state.game.num_players == players
    assert state.supply == [50] * players and state.to_deploy == [24] * players


def test_C2_level_may_change_supply_and_start_tokens():
    game = registry.load("checkrisk", "large10")
    state = game.initial_state()
    assert state.supply == [60, 60] and state.to_deploy == [30, 30]


def test_C2_five_players_rejected():
    with pytest.raises(ValueError, match="players"):
        level(players=5)


def test_C2_supply_after_deployment_is_the_rest():
    state = STD.initial_state()
    do(state, "preset wall")
    do(state, "preset towers")
    assert state.supply == [26, 26] and state.tokens_on_board(0) == 24


# ---------------------------------------------------------------- C3 rule of six


def test_C3_merge_may_not_exceed_six():
    state = pos({"c2": (0, 4), "c3": (0, 3), "h8": (1, 1)})
    assert "c2-c3:3" in legal_texts(state) and "c2-c3:4" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="six"):
        do(state, "c2-c3:4")
    do(state, "c2-c3:3")
    assert state.stack(cell("c3")) == (0, 6)


def test_C3_full_stack_accepts_nothing():
    state = pos({"c2": (0, 2), "c3": (0, 6), "h8": (1, 1)})
    assert not any(t.startswith("c2-c3") for t in legal_texts(state))


def test_C3_stack_of_seven_rejected():
    with pytest.raises(ValueError, match=r"stacks\[0\]\.count"):
        pos({"c2": (0, 7), "h8": (1, 1)})


def test_C3_deployment_obeys_six():
    state = STD.initial_state()
    do(state, "deploy a1:4")
    assert "deploy a1:2" in legal_texts(state) and "deploy a1:3" not in legal_texts(state)
    with pytest.raises(IllegalAction):
        do(state, "deploy a1:3")


# ---------------------------------------------------------------- C4 two-player deployment


def test_C4_zones_are_two_home_ranks():
    assert names(STD.zone(0)) == sorted(f"{f}{r}" for f in "abcdefgh" for r in (1, 2))
    assert names(STD.zone(1)) == sorted(f"{f}{r}" for f in "abcdefgh" for r in (7, 8))


def test_C4_deploy_outside_zone_is_illegal():
    state = STD.initial_state()
    with pytest.raises(IllegalAction, match="zone"):
        do(state, "deploy c3:2")
    assert not any(t.endswith(("3:1", "7:1")) for t in legal_texts(state))


def test_C4_at_most_eight_cells():
    state = STD.initial_state()
    for f in "abcdefgh":
        do(state, f"deploy {f}1:1")
    assert state.to_deploy[0] == 16
    with pytest.raises(IllegalAction, match="cell limit"):
        do(state, "deploy a2:1")
    assert all(t.split()[1][1] == "1" for t in legal_texts(state))
    do(state, "deploy a1:5")


def test_C4_one_to_six_per_cell():
    state = STD.initial_state()
    for bad in ("deploy a1:0", "deploy a1:7"):
        with pytest.raises(IllegalAction):
            do(state, bad)
    assert {int(t.split(":")[1]) for t in legal_texts(state) if t.startswith("deploy")} == set(range(1, 7))


def test_C4_deployment_never_strands_tokens():
    import random

    game = level(
        zones=[{"box": "a1:h2", "home": "bottom", "max_cells": 4}, {"box": "a7:h8", "home": "top", "max_cells": 4}]
    )
    # 24 tokens on at most 4 cells: whatever is legal must still end with four full stacks.
    for seed in range(30):
        rng = random.Random(seed)
        state = game.initial_state()
        while state.phase == "deploy":
            choices = [a for a in state.legal_actions() if isinstance(a, Deploy)]
            assert choices, "deployment got stuck"
            state.apply(rng.choice(choices))
        assert sorted(c for _, o, c in state.stacks() if o == 0) == [6, 6, 6, 6]


def test_C4_all_tokens_are_placed_before_play():
    state = STD.initial_state()
    while state.to_deploy[0]:
        do(state, state.action_to_str(state.legal_actions()[0]))
    assert state.current_player() == 1 and state.phase == "deploy"
    assert state.tokens_on_board(0) == 24


# ---------------------------------------------------------------- C5 three or four players


@pytest.mark.parametrize("name", ["corners3", "corners4"])
def test_C5_zones_are_2x4_corner_boxes(name):
    game = registry.load("checkrisk", name)
    corners = {game.cell_index(c) for c in ("a1", "h1", "a8", "h8")}
    for seat in range(game.num_players):
        cells = game.zone(seat)
        files = {game.board.file_rank(i)[0] for i in cells}
        ranks = {game.board.file_rank(i)[1] for i in cells}
        assert len(cells) == 8 and len(files) == 4 and len(ranks) == 2
        assert ranks in ({0, 1}, {6, 7})  # the long side lies along the bottom or top edge
        assert cells & corners


def test_C5_deploy_inside_the_box_only():
    state = registry.load("checkrisk", "corners4").initial_state()
    with pytest.raises(IllegalAction):
        do(state, "deploy e1:3")
    do(state, "deploy d2:6")
    assert state.stack(cell("d2")) == (0, 6)


# ---------------------------------------------------------------- C6 order and presets


def test_C6_seats_deploy_in_order_then_seat_0_starts():
    state = registry.load("checkrisk", "corners3").initial_state()
    seen = []
    while state.phase == "deploy":
        seen.append(state.current_player())
        events = do(state, "preset box")
    assert seen == [0, 1, 2]
    assert events[-1] == ev.TurnStarted(0, 1, 0, 0)
    assert state.current_player() == 0 and state.phase == "act"


def test_C6_preset_is_one_action_in_each_seats_frame():
    state = STD.initial_state()
    events = do(state, "preset spearhead")
    assert all(isinstance(e, ev.Deployed) and e.preset == "spearhead" for e in events)
    assert {(e.cell, e.count) for e in events} == {("c2", 4), ("d2", 6), ("e2", 6), ("f2", 4), ("d1", 2), ("e1", 2)}
    events = do(state, "preset spearhead")
    # Seat 2 faces the other way: its front row is rank 7 and its left is file h.
    assert {(e.cell, e.count) for e in events if isinstance(e, ev.Deployed)} == {
        ("f7", 4),
        ("e7", 6),
        ("d7", 6),
        ("c7", 4),
        ("e8", 2),
        ("d8", 2),
    }


def test_C6_corner_preset_keeps_to_the_outer_side():
    state = registry.load("checkrisk", "corners4").initial_state()
    placed = {}
    for seat in range(4):
        placed[seat] = {e.cell for e in do(state, "preset fort") if isinstance(e, ev.Deployed)}
    assert placed[0] == {"a1", "a2", "b1", "b2"}
    assert placed[2] == {"g7", "g8", "h7", "h8"}


def test_C6_presets_have_titles_in_both_languages():
    assert STD.preset_title("wall") == "Wall" and STD.preset_title("wall", "ru") == "Стена"
    assert STD.initial_state().deployable_presets() == ["farm", "spearhead", "towers", "wall"]


def test_C6_preset_action_is_offered_only_while_the_seat_may_choose_it():
    state = STD.initial_state()
    assert state.preset_action("wall") == Preset("wall") and state.preset_action("wall") in state.legal_actions()
    assert state.preset_action("box") is None  # a preset of another level
    do(state, "deploy c2:1")
    assert state.preset_action("wall") is None  # tokens are placed: a preset would replace them


def test_C6_preset_only_before_placing():
    state = STD.initial_state()
    assert "preset wall" in legal_texts(state)
    do(state, "deploy a1:1")
    assert not any(t.startswith("preset") for t in legal_texts(state))
    with pytest.raises(IllegalAction):
        do(state, "preset wall")


def test_C6_presets_respect_the_deployment_limits():
    for name in registry.levels("checkrisk"):
        game = registry.load("checkrisk", name)
        for seat in range(game.num_players):
            assert game.presets(seat), f"{name}: seat {seat} has no preset"
            for placed in game.presets(seat).values():
                assert {c for c, _ in placed} <= game.zone(seat)
                assert sum(k for _, k in placed) == game.spec.start_tokens
                assert all(1 <= k <= 6 for _, k in placed)
                assert len(placed) <= game.spec.zones[seat].max_cells


# ---------------------------------------------------------------- C7 reinforcements


def _turn_of_seat0(stacks, **fields):
    """Seat 1 ends its turn in round 2; returns the state at seat 0's turn in round 3 and the events."""
    state = pos(stacks, seat=1, round=2, **fields)
    return state, do(state, "end")


def test_C7_no_reinforcements_on_first_turn():
    state = STD.initial_state()
    do(state, "preset farm")
    events = do(state, "preset farm")
    assert events[-1] == ev.TurnStarted(0, 1, 0, 0)
    assert state.phase == "act"


def test_C7_edge_group_of_eight_gets_two():
    stacks = {f"{f}1": (0, 1) for f in "abcdefgh"} | {"d5": (1, 3)}
    state, events = _turn_of_seat0(stacks)
    assert events[-1] == ev.TurnStarted(0, 3, 2, 2)
    assert state.phase == "reinforce"
    assert legal_texts(state) == {f"+{f}1" for f in "abcdefgh"}
    assert do(state, "+c1") == [ev.Reinforced(0, "c1", 1, 2)]
    do(state, "+c1")
    assert state.stack(cell("c1")) == (0, 3) and state.phase == "act" and state.supply[0] == 50 - 8 - 2


def test_C7_two_groups_of_four_get_one_each():
    stacks = {f"{f}1": (0, 2) for f in "abcd"} | {f"{f}8": (0, 2) for f in "abcd"} | {"g4": (1, 3)}
    state, events = _turn_of_seat0(stacks)
    assert events[-1].due == 2
    assert sorted((names(cells), n) for cells, n in state.pending_reinforcements()) == [
        (["a1", "b1", "c1", "d1"], 1),
        (["a8", "b8", "c8", "d8"], 1),
    ]
    do(state, "+a1")
    with pytest.raises(IllegalAction):
        do(state, "+b1")  # that group has had its token
    assert legal_texts(state) == {"+a8", "+b8", "+c8", "+d8"}


def test_C7_group_away_from_edge_gets_nothing():
    stacks = {f"{f}{r}": (0, 1) for f in "cdef" for r in (3, 4)} | {"h8": (1, 3)}
    state, events = _turn_of_seat0(stacks)
    assert events[-1] == ev.TurnStarted(0, 3, 0, 0)
    assert state.phase == "act"


def test_C7_group_of_three_gets_nothing_and_cells_not_tokens_count():
    stacks = {"a1": (0, 6), "b1": (0, 6), "c1": (0, 6), "h8": (1, 1)}
    _, events = _turn_of_seat0(stacks)
    assert events[-1] == ev.TurnStarted(0, 3, 0, 0)


def test_C7_only_stacks_with_room_and_what_finds_no_room_stays_in_supply():
    stacks = {"a1": (0, 6), "b1": (0, 6), "c1": (0, 6), "d1": (0, 5), "h8": (1, 1)}
    stacks |= {f"{f}1": (0, 6) for f in "efgh"}
    state, events = _turn_of_seat0(stacks)
    assert events[-1] == ev.TurnStarted(0, 3, 2, 1)  # one token has room (on d1), the other stays in the supply
    assert legal_texts(state) == {"+d1"}
    supply = state.supply[0]
    do(state, "+d1")
    assert state.supply[0] == supply - 1 and state.phase == "act"


def test_C7_supply_runs_out():
    stacks = {f"{f}1": (0, 1) for f in "abcdefgh"} | {"d5": (1, 3)}
    state, events = _turn_of_seat0(stacks, supply=[1, 47])
    assert events[-1] == ev.TurnStarted(0, 3, 2, 1)
    do(state, "+a1")
    assert state.supply[0] == 0 and state.phase == "act"


# ---------------------------------------------------------------- C8 actions


def test_C8_three_actions_same_stack_then_turn_passes():
    state = pos({"a1": (0, 3), "h8": (1, 1)})
    do(state, "a1-a2:3")
    do(state, "a2-a3:3")
    assert state.actions_left == 1 and state.current_player() == 0
    events = do(state, "a3-a4:3")
    assert events[1:] == [ev.TurnEnded(0), ev.TurnStarted(1, 2, 0, 0)]
    assert state.current_player() == 1 and state.actions_left == 3


def test_C8_end_early():
    state = pos({"a1": (0, 3), "h8": (1, 1)})
    do(state, "a1-a2:1")
    assert do(state, "end")[0] == ev.TurnEnded(0)
    assert state.current_player() == 1


# ---------------------------------------------------------------- C9 moves


def test_C9_split_merge_and_shift():
    state = pos({"c2": (0, 6), "h8": (1, 1)}, actions_left=3)
    assert do(state, "c2-c3:1") == [ev.Moved(0, "c2", "c3", 1)]
    do(state, "c2-d2:4")
    assert (state.stack(cell("c2")), state.stack(cell("c3")), state.stack(cell("d2"))) == ((0, 1), (0, 1), (0, 4))
    do(state, "c3-c2:1")
    assert state.stack(cell("c2")) == (0, 2) and state.stack(cell("c3")) is None


def test_C9_move_needs_an_adjacent_empty_or_own_cell():
    state = pos({"c2": (0, 3), "c3": (1, 2)})
    assert not any(t.startswith("c2-c3") for t in legal_texts(state))
    for bad in ("c2-c3:1", "c2-c4:1", "c2-d2:4", "c2-d2:0"):
        with pytest.raises(IllegalAction):
            do(state, bad)


# ---------------------------------------------------------------- C10 attack


def test_C10_attack_with_n_tokens_is_one_action():
    state = pos({"c3": (0, 5), "c4": (1, 2)})
    events = do(state, "c3xc4:3")
    assert events == [ev.AttackDeclared(0, "c3", "c4", 3, 1, 2)]
    assert state.stack(cell("c3")) == (0, 2) and state.actions_left == 2
    assert state.current_player() == CHANCE and state.pending_battle().attackers == 3


def test_C10_attack_needs_an_adjacent_enemy():
    state = pos({"c3": (0, 5), "e4": (1, 2)})
    assert not any("x" in t for t in legal_texts(state))
    with pytest.raises(IllegalAction):
        do(state, "c3xc4:1")


# ---------------------------------------------------------------- C11 rounds


def test_C11_hits_remove_tokens_simultaneously_and_leave_the_game():
    state = pos({"c3": (0, 5), "c4": (1, 3)})
    do(state, "c3xc4:3")
    events = do(state, "roll a:1 d:2")
    assert isinstance(events[0], ev.BattleRound)
    assert events[1] == ev.Losses(0, 1, 2, 1, 1, 2)
    assert state.removed == [2, 1] and state.supply == [45, 47]
    assert state.stack(cell("c4")) == (1, 2)


def test_C11_round_hits_are_binomial_half():
    state = pos({"c3": (0, 5), "c4": (1, 3)})
    do(state, "c3xc4:4")
    outcomes = dict(state.chance_outcomes())
    none = Fraction(1, 2**7)  # the round with no hit, which changes nothing, is not rolled
    for ha in range(5):
        for hd in range(4):
            binomial = Fraction(comb(4, ha), 2**4) * Fraction(comb(3, hd), 2**3)
            if ha or hd:
                assert outcomes[Roll(ha, hd)] == binomial / (1 - none)
    assert sum(outcomes.values()) == 1 and len(outcomes) == 5 * 4 - 1


def test_C11_every_die_face_is_shown_and_matches_the_hits():
    state = pos({"c3": (0, 6), "c4": (1, 6)})
    do(state, "c3xc4:6")
    event = do(state, "roll a:2 d:5")[0]
    assert len(event.attacker_dice) == 6 and len(event.defender_dice) == 6
    assert sum(f >= 4 for f in event.attacker_dice) == 2 and sum(f >= 4 for f in event.defender_dice) == 5
    assert all(1 <= f <= 6 for f in event.attacker_dice + event.defender_dice)


def test_C11_hits_beyond_the_stack_do_nothing_more():
    state = pos({"c3": (0, 5), "c4": (1, 1)})
    do(state, "c3xc4:2")
    do(state, "roll a:2 d:0")
    assert state.removed == [0, 1]


# ---------------------------------------------------------------- C12 after a round


def test_C12_1_attacker_wins_survivors_return_then_occupy():
    state = pos({"c3": (0, 5), "c4": (1, 1), "h8": (1, 1)})
    do(state, "c3xc4:3")
    events = do(state, "roll a:1 d:1")
    assert events[-1] == ev.BattleEnded("c3", "c4", "attacker", 2)
    assert state.stack(cell("c3")) == (0, 4) and state.pending_battle().stage == Stage.OCCUPY
    assert legal_texts(state) == {f"occupy:{k}" for k in range(5)}
    assert do(state, "occupy:4") == [ev.Occupied(0, "c3", "c4", 4)]
    assert state.stack(cell("c4")) == (0, 4) and state.stack(cell("c3")) is None
    assert state.phase == "act" and state.actions_left == 2


def test_C12_1_occupy_zero_leaves_the_cell_empty():
    state = pos({"c3": (0, 5), "c4": (1, 1), "h8": (1, 1)})
    do(state, "c3xc4:1")
    do(state, "roll a:1 d:0")
    do(state, "occupy:0")
    assert state.stack(cell("c4")) is None and state.stack(cell("c3")) == (0, 5)


def test_C12_2_defender_holds():
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    do(state, "c3xc4:2")
    events = do(state, "roll a:1 d:2")
    assert events[-1] == ev.BattleEnded("c3", "c4", "defender", 0)
    assert state.stack(cell("c4")) == (1, 3) and state.stack(cell("c3")) == (0, 3)
    assert state.phase == "act" and state.current_player() == 0


def test_C12_2_both_gone_leaves_the_cell_empty():
    state = pos({"c3": (0, 5), "c4": (1, 1), "h8": (1, 1)})
    do(state, "c3xc4:1")
    events = do(state, "roll a:1 d:1")
    assert events[-1] == ev.BattleEnded("c3", "c4", "both", 0)
    assert state.stack(cell("c4")) is None and state.stack(cell("c3")) == (0, 4)
    assert state.phase == "act"  # no occupation after a mutual wipe-out


def test_C12_3_withdraw_returns_survivors_defender_stays():
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    assert state.pending_battle().stage == Stage.ATTACKER and legal_texts(state) == {"continue", "withdraw"}
    assert do(state, "withdraw") == [ev.Withdrew(0, "c3", "c4", 3)]
    assert state.stack(cell("c3")) == (0, 4) and state.stack(cell("c4")) == (1, 3)


def test_C12_4_defender_retreats_split_then_attacker_occupies():
    state = pos({"c3": (0, 5), "c4": (1, 4), "b4": (1, 5)})
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    do(state, "continue")
    assert state.pending_battle().stage == Stage.DEFENDER
    legal = state.legal_actions()
    for text in ("stand", "retreat c4-c5:2,c4-d4:1", "retreat c4-b4:1,c4-c5:2", "retreat c4-c5:3"):
        assert state.action_from_str(text) in legal
    with pytest.raises(IllegalAction, match="b4"):
        state.action_from_str("retreat c4-b4:2,c4-c5:1")  # b4 has room for one only
    assert len(legal) == 1 + 4 + 3  # stand; 3 split over c5 and d4 with b4 empty (4 ways) or taking 1 (3 ways)
    events = do(state, "retreat c4-c5:2,c4-d4:1")
    assert events == [ev.Retreated(1, "c4", (("d4", 1), ("c5", 2)))]
    assert state.stack(cell("c5")) == (1, 2) and state.stack(cell("d4")) == (1, 1)
    assert state.stack(cell("c4")) is None and state.stack(cell("c3")) == (0, 4)
    assert state.current_player() == 0 and state.pending_battle().stage == Stage.OCCUPY
    do(state, "occupy:2")
    assert state.stack(cell("c4")) == (0, 2)


def test_C12_4_retreat_never_into_the_origin_even_when_empty():
    state = pos({"c3": (0, 3), "c4": (1, 2), "h8": (0, 1)})
    do(state, "c3xc4:3")
    assert state.stack(cell("c3")) is None
    do(state, "roll a:1 d:1")
    do(state, "continue")
    assert not any("c3" in t for t in legal_texts(state))
    with pytest.raises(IllegalAction):
        do(state, "retreat c4-c3:1")


def test_C12_4_defender_with_nowhere_to_go_must_stand():
    stacks = {"c3": (0, 5), "c4": (1, 4), "b4": (0, 1), "d4": (1, 6), "c5": (0, 2)}
    state = pos(stacks)
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    events = do(state, "continue")
    assert events[-1] == ev.Stood(1, "c4", True)
    assert state.current_player() == CHANCE


def test_C12_4_stand_fights_another_round():
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    do(state, "continue")
    assert do(state, "stand") == [ev.Stood(1, "c4", False)]
    assert state.current_player() == CHANCE and state.pending_battle().rounds == 1


# ---------------------------------------------------------------- C13 defender's seat decides


def test_C13_defender_seat_decides_during_attackers_turn():
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    with pytest.raises(IllegalAction):
        do(state, "stand")  # the attacker must first choose continue or withdraw
    do(state, "continue")
    assert state.current_player() == 1 and state.seat == 0
    with pytest.raises(IllegalAction):
        do(state, "withdraw")


def test_C13_three_player_defender_is_the_stack_owner():
    game = registry.load("checkrisk", "corners3")
    state = pos({"c3": (0, 5), "c4": (2, 4), "h8": (1, 1)}, game=game)
    do(state, "c3xc4:4")
    do(state, "roll a:1 d:1")
    do(state, "continue")
    assert state.current_player() == 2


# ---------------------------------------------------------------- C14 elimination


def test_C14_last_player_left_wins():
    state = pos({"c3": (0, 5), "c4": (1, 1)})
    do(state, "c3xc4:2")
    events = do(state, "roll a:1 d:0")
    assert ev.Eliminated(1) in events and events[-1] == GameOver((0,), "last player standing")
    assert state.is_terminal() and state.outcome().winner == 0


def test_C14_three_players_eliminated_seat_is_skipped():
    game = registry.load("checkrisk", "corners3")
    state = pos({"c3": (0, 5), "c4": (1, 1), "h8": (2, 2)}, game=game)
    do(state, "c3xc4:2")
    events = do(state, "roll a:1 d:0")
    assert ev.Eliminated(1) in events and not state.is_terminal()
    do(state, "occupy:1")
    events = do(state, "end")
    assert events == [ev.TurnEnded(0), ev.TurnStarted(2, 2, 0, 0)]
    events = do(state, "end")
    assert events[-1] == ev.TurnStarted(0, 3, 0, 0)


def test_C14_attacker_can_fall_on_its_own_turn():
    game = registry.load("checkrisk", "corners3")
    state = pos({"c3": (0, 2), "c4": (1, 3), "h8": (2, 2)}, game=game)
    do(state, "c3xc4:2")
    events = do(state, "roll a:0 d:2")
    assert ev.Eliminated(0) in events and events[-2:] == [ev.TurnEnded(0), ev.TurnStarted(1, 2, 0, 0)]
    assert state.out == [True, False, False]


def test_C14_mutual_destruction_of_the_last_two_is_a_draw():
    state = pos({"c3": (0, 1), "c4": (1, 1)})
    do(state, "c3xc4:1")
    events = do(state, "roll a:1 d:1")
    assert events[-1] == GameOver((0, 1), "mutual destruction")
    assert state.outcome().is_draw


# ---------------------------------------------------------------- C15 turn limit


def test_C15_game_ends_after_the_last_seat_of_round_60():
    state = pos({"a1": (0, 1), "b1": (0, 1), "h8": (1, 6)}, round=60)
    assert do(state, "end")[-1] == ev.TurnStarted(1, 60, 0, 0)
    events = do(state, "end")
    assert events[-1] == GameOver((0,), "turn limit: most cells")
    assert isinstance(events[-1], GameOver) and state.is_terminal()


def test_C15_tokens_break_a_tie_in_cells():
    state = pos({"a1": (0, 1), "h8": (1, 2)}, round=60, seat=1)
    assert do(state, "end")[-1] == GameOver((1,), "turn limit: most tokens")


def test_C15_full_tie_is_a_draw_among_the_tied():
    game = registry.load("checkrisk", "corners3")
    state = pos({"a1": (0, 2), "h8": (1, 2), "a8": (2, 1)}, game=game, round=60, seat=2)
    assert do(state, "end")[-1] == GameOver((0, 1), "turn limit: draw")
    assert state.outcome().score(0) == Fraction(1, 2) and state.outcome().score(2) == 0


def test_C15_every_game_ends_within_max_length():
    # The limit bounds the number of turns, so the game's max_length is a true bound.
    state = pos({"a1": (0, 1), "h8": (1, 1)}, round=59)
    steps = 0
    while not state.is_terminal():
        do(state, "end")
        steps += 1
    assert steps == 4 and STD.max_length > 120 * 3


# ---------------------------------------------------------------- notation


def test_notation_round_trips_through_every_kind():
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    for text in ("c3-c2:2", "c3xc4:3", "end"):
        assert state.action_to_str(state.action_from_str(text)) == text
    do(state, "c3xc4:4")
    assert state.action_from_str("roll a:1 d:1") == Roll(1, 1)
    do(state, "roll a:1 d:1")
    do(state, "continue")
    assert state.action_to_str(state.action_from_str("retreat c4-d4:1,c4-c5:2")) == "retreat c4-d4:1,c4-c5:2"
    with pytest.raises(IllegalAction):
        state.action_from_str("retreat c4-c5:2,c4-c5:1")


@pytest.mark.parametrize("text", ["c3-c2", "z9-c2:1", "c3xc4", "occupy", "roll a:1", "", "+z1", "deploy c2"])
def test_malformed_notation_is_refused(text):
    state = pos({"c3": (0, 5), "c4": (1, 4)})
    with pytest.raises(IllegalAction):
        state.action_from_str(text)


def test_C11_C12_longest_battle_fits_the_step_bound():
    from game.engine.checkrisk.level_game import _STEPS_PER_BATTLE

    # One token lost per round is the slowest a 6 v 6 battle can go: 11 rounds, each roll, continue, stand.
    state = pos({"c3": (0, 6), "c4": (1, 6), "a1": (0, 1), "h8": (1, 1)})
    steps = 1
    do(state, "c3xc4:6")
    rounds = 0
    while state.pending_battle() is not None and state.pending_battle().stage != Stage.OCCUPY:
        stage = state.pending_battle().stage
        roll = "roll a:1 d:0" if rounds % 2 else "roll a:0 d:1"
        text = {"attacker": "continue", "defender": "stand"}.get(stage, roll)
        rounds += stage == "roll"
        do(state, text)
        steps += 1
    if state.pending_battle() is not None:
        do(state, "occupy:0")
        steps += 1
    assert rounds == 11 and steps <= _STEPS_PER_BATTLE


def test_c4_the_front_line_setup_watched_by_the_computer_fights_within_three_rounds():
    """--watch opens CheckRisk on the front line: armies deployed face to face fight from the first rounds."""
    from game.client.play.session import GameSession
    from game.client.play.worker import InlineExecutor
    from game.engine.checkrisk import Attack

    assert registry.find("checkrisk").watch_level == "frontline"
    seats = ["ai:normal"] * 2
    session = GameSession("checkrisk", "frontline", seats, seed=1, autosave=False, executor=InlineExecutor())
    attacked = False
    while session.state.round <= 3 and not attacked:
        session.start_ai()
        action = session.wait_ai()
        attacked = isinstance(action, Attack)
        session.apply(action)
    assert attacked, session.log
