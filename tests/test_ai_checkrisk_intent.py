"""CheckRisk with intent (massing before an assault, no undoing moves, sieges of a wall) and the scripted
baselines of the arena."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import arena
from ai.baselines import NAMES, baseline_choice
from ai.budget import Budget, Limits
from ai.checkrisk_eval import CheckRiskEval
from ai.checkrisk_planner import STRENGTHS, CheckRiskPlanner
from ai.checkrisk_undo import undo_moves
from ai.controllers import make_controller
from ai.levels import BASELINES, PLAYER_LEVELS
from game.client.play.seats import SEAT_CHOICES
from game.engine import registry
from game.engine.checkrisk import actions as A
from game.engine.core import CHANCE
from game.engine.driver import sample_chance

CR: Any = registry.load("checkrisk", "standard")


def cr(stacks: dict[str, tuple[int, int]], **fields: Any) -> Any:
    return CR.position(stacks, **fields)


def cell(name: str) -> int:
    return int(CR.cell_index(name))


def play_turns(state: Any, specs: tuple[str, str], turns: int, seed: int = 0) -> list[Any]:
    """Play `turns` whole turns from `state` (in place) with one controller per seat; every action played."""
    controllers = [make_controller(spec, CR, seed + seat) for seat, spec in enumerate(specs)]
    rng, played, ends = random.Random(seed), [], 0
    while not state.is_terminal() and ends < turns:
        player = state.current_player()
        seat = state.seat
        action = sample_chance(state, rng) if player == CHANCE else controllers[player].choose(state)
        played.append(action)
        state.apply(action)
        ends += state.seat != seat
    return played


# ---------------------------------------------------------------------------------------------- massing


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_checkrisk_masses_before_assaulting_a_six(level: str) -> None:
    # Threes around the enemy's last stack, a six: a three against a six only feeds it. Neither level sends one;
    # hard first masses a full stack beside it (C9 merge) and then assaults with it (C10, C14).
    stacks = {"d4": (0, 3), "c4": (0, 3), "e4": (0, 3), "a1": (0, 3), "d5": (1, 6)}
    state = cr(stacks, round=30, supply=[0, 0], removed=[38, 44])
    played = play_turns(state, (f"{level}@20000", "wall"), 1)
    attacks = [a for a in played if isinstance(a, A.Attack)]
    assert all(a.n >= 5 for a in attacks), attacks
    if level == "hard":
        assert attacks and attacks[0].target == cell("d5")
        merged = [a for a in played if isinstance(a, A.Move) and a.target == attacks[0].origin]
        assert merged and played.index(merged[0]) < played.index(attacks[0])


def test_checkrisk_sends_no_lone_token_against_a_fortified_stack() -> None:
    planner = CheckRiskPlanner(CR, STRENGTHS["hard"])
    state = cr({"d4": (0, 1), "b2": (0, 6), "d5": (1, 5), "h8": (1, 4)}, round=8)
    candidates = planner.candidates(state)
    assert not any(isinstance(a, A.Attack) and a.origin == cell("d4") for a in candidates)
    # A token that is lost anyway (a six beside it) may still sell itself, and so may anyone near the turn limit.
    doomed = cr({"d4": (0, 1), "b2": (0, 6), "d5": (1, 5), "e4": (1, 6)}, round=8)
    assert A.Attack(cell("d4"), cell("d5"), 1) in planner.candidates(doomed)
    late = cr({"d4": (0, 1), "b2": (0, 6), "d5": (1, 5), "h8": (1, 4)}, round=CR.spec.turn_limit)
    assert A.Attack(cell("d4"), cell("d5"), 1) in planner.candidates(late)


def test_checkrisk_a_wall_of_full_stacks_counts_as_spent_and_is_besieged_by_masses() -> None:
    evaluation = CheckRiskEval(CR)
    wall = {f"{f}7": (1, 6) for f in "abcdefgh"}
    singles = {f"{f}{r}": (0, 1) for f in "abcdefgh" for r in "23"}
    state = cr({**wall, **singles}, round=20, supply=[0, 2])
    assert evaluation.attrition_phase(state)  # the wall keeps two tokens it can never place
    growing = cr({**wall, "a7": (1, 5), **singles}, round=20, supply=[0, 2])
    assert not evaluation.attrition_phase(growing)
    cells = [16, 8]
    assert evaluation.siege_share(growing, 0, cells) == 1.0  # a wall of fives and sixes: mass fully
    assert evaluation.siege_share(growing, 1, cells) == 0.0  # lone tokens: no siege against them


# ---------------------------------------------------------------------------------------------- no undoing


def test_checkrisk_never_undoes_its_own_recent_move() -> None:
    planner = CheckRiskPlanner(CR, STRENGTHS["hard"])
    state = cr({"d4": (0, 4), "c2": (0, 2), "d6": (1, 3), "g7": (1, 2)}, round=5)
    choice = planner.choose(state.clone(), Budget(Limits(20_000, None)), random.Random(0))
    assert isinstance(choice, A.Move)
    after = state.clone()
    after.apply(choice)
    assert (choice.target, choice.origin) in planner.undo_moves(after)
    assert A.Move(choice.target, choice.origin, choice.n) not in planner.candidates(after)


def test_checkrisk_levels_play_a_few_rounds_without_undoing_a_move() -> None:
    stacks = {"b2": (0, 3), "e2": (0, 3), "g1": (0, 2), "c7": (1, 3), "f7": (1, 3), "b8": (1, 2)}
    state = cr(stacks, round=10)
    played = play_turns(state.clone(), ("hard@3000", "normal@3000"), 6)
    count = undo_moves(state, played)
    assert count.moves >= 6
    assert count.reverse == 0


def test_checkrisk_may_close_the_gap_a_stack_left_with_another() -> None:
    # The four left c3 whole: it may not step back, but the two beside it may take its place (a front closes its
    # gaps; only bringing the same tokens back is shuffling).
    planner = CheckRiskPlanner(CR, STRENGTHS["hard"])
    state = cr({"c3": (0, 4), "b3": (0, 2), "f7": (1, 3)}, round=5)
    ahead = A.Move(cell("c3"), cell("c4"), 4)
    planner.recall([(state.clone(), ahead)])
    state.apply(ahead)
    candidates = planner.candidates(state)
    assert A.Move(cell("c4"), cell("c3"), 4) not in candidates
    assert A.Move(cell("b3"), cell("c3"), 2) in candidates


def test_undo_moves_counts_a_move_back_and_its_reverse() -> None:
    state = cr({"d4": (0, 4), "h8": (1, 2)}, round=5)
    there, back = A.Move(cell("d4"), cell("d5"), 4), A.Move(cell("d5"), cell("d4"), 4)
    count = undo_moves(state, [there, back])
    assert (count.moves, count.reverse, count.back) == (2, 1, 1)


# ---------------------------------------------------------------------------------------------- baselines


def test_baselines_are_arena_levels_never_offered_to_players() -> None:
    assert set(NAMES) <= set(BASELINES) and not set(NAMES) & set(PLAYER_LEVELS)
    assert not any(seat.endswith(name) for seat in SEAT_CHOICES for name in NAMES)
    with pytest.raises(ValueError, match="unknown baseline"):
        baseline_choice("turtle", CR.initial_state(), random.Random(0))


@pytest.mark.parametrize(
    ("mode", "a", "b"),
    [
        ("checkrisk", "wall", "rush"),
        ("checkrisk", "spreader", "rush"),
        ("checkrisk", "wall", "spreader"),
        ("battle_checkers", "rush", "rush"),
        ("battle_checkers", "wall", "rush"),  # a baseline without a script for the mode plays greedy
    ],
)
def test_baselines_play_legal_games_to_the_end(mode: str, a: str, b: str) -> None:
    # The controller refuses any illegal action; the game must reach an outcome within the mode's length.
    record = arena.play_game(mode, "standard", a, b, 0, seed=3)
    assert record["reason"] != "unfinished"
    game = registry.load(mode)
    state = game.initial_state()
    for text in record["actions"]:
        state.apply(state.action_from_str(text))
    assert state.is_terminal()


def test_the_wall_builds_its_front_row_and_never_leaves_it() -> None:
    record = arena.play_game("checkrisk", "standard", "greedy", "wall", 0, seed=5)
    state = CR.initial_state()
    front = set(CR.spec.zones[1].grid[0])
    for text in record["actions"]:
        action = state.action_from_str(text)
        if state.current_player() == 1 and isinstance(action, A.Move | A.Attack):
            assert isinstance(action, A.Move) and action.target in front
        state.apply(action)
        if state.round == 1 and state.seat == 0 and state.phase.name == "ACT":
            assert {i for i, o in enumerate(state.owner) if o == 1} == front


def test_the_rush_attacks_whenever_it_can() -> None:
    state = cr({"d4": (0, 2), "d5": (1, 6), "a1": (0, 3), "h8": (1, 3)}, round=5)
    choice = baseline_choice("rush", state, random.Random(0))
    assert choice == A.Attack(cell("d4"), cell("d5"), 2)


# ---------------------------------------------------------------------------------------------- the reply


def test_checkrisk_hard_prices_the_opponents_best_reply_to_its_turn() -> None:
    # The turn's last action: the lone token beside the enemy six is lost to the reply (C10, C11) unless it steps
    # away; the reply value says so, and hard's choice is among its best few by that value.
    planner = CheckRiskPlanner(CR, STRENGTHS["hard"])
    planner.budget = Budget(Limits(None, None))
    assert STRENGTHS["hard"].reply > 1 and STRENGTHS["normal"].reply <= 1
    state = cr({"d4": (0, 1), "b2": (0, 5), "d5": (1, 6), "h8": (1, 3)}, round=8, actions_left=1)
    stay = planner.reply_value(state)
    away = state.clone()
    away.apply(A.Move(cell("d4"), cell("d3"), 1))
    assert planner.reply_value(away) > stay
    choice = planner.choose(state.clone(), Budget(Limits(20_000, None)), random.Random(0))
    after = state.clone()
    after.apply(choice)
    assert planner.reply_value(after) >= stay


def test_a_search_made_afresh_recalls_the_seats_recent_moves() -> None:
    # The app's worker makes its planner anew for every decision: the moves it must not undo come with the job.
    earlier = cr({"d4": (0, 4), "a1": (0, 1), "h8": (1, 2)}, round=5)
    there = A.Move(cell("d4"), cell("d5"), 4)
    state = earlier.clone()
    state.apply(there)
    back = A.Move(cell("d5"), cell("d4"), 4)
    assert back in make_controller("hard", CR, 0).planner.candidates(state)
    controller = make_controller("hard", CR, 0)
    controller.recall(earlier, [earlier.action_to_str(there)])
    assert back not in controller.planner.candidates(state)


def test_the_session_hands_a_search_the_recent_game() -> None:
    from game.client.play.session import GameSession
    from game.client.play.worker import InlineExecutor

    held = InlineExecutor(hold=True)
    session = GameSession("checkrisk", "standard", ["human", "ai:hard"], seed=3, autosave=False, executor=held)
    name = session.state.deployable_presets()[0]
    session.apply(session.state.preset_action(name))
    assert session.start_ai()
    job = held.pending[0][0]
    assert job.earlier is not None and job.since
    replayed = CR.state_from_dict(job.earlier)
    for text in job.since:
        replayed.apply(replayed.action_from_str(text))
    assert replayed.to_dict() == session.state.to_dict()
