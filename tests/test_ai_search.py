"""The searchers: forced wins, budgets, determinism, legality over random positions."""

from __future__ import annotations

import random
import threading
from dataclasses import replace

import pytest

from ai.alphabeta import MATE_THRESHOLD, AlphaBeta
from ai.budget import Budget, BudgetExhausted, Limits
from ai.controllers import AIController, make_controller
from ai.greedy import greedy_choice
from ai.knowledge import Knowledge, knowledge_for
from ai.levels import parse_level
from ai.montecarlo import MonteCarlo
from game.engine import CHANCE, registry
from game.engine.driver import sample_chance
from tests.toygames import NimGame, RaceGame

# Kubtafl positions (Light to move) with a win in two moves and none in one; the winning first moves are
# worked out by brute force in the test, not written down.
WIN_IN_TWO = [
    [("light", "d20", "c6", 8), ("light", "d12", "g7", 11), ("light", "d4", "e1", 3),
     ("dark", "d20", "b8", 1), ("dark", "d10", "f3", 4), ("dark", "d12", "g6", 11)],
    [("light", "d20", "f7", 13), ("light", "d12", "d2", 9), ("light", "d4", "d3", 3),
     ("dark", "d20", "h3", 1), ("dark", "d6", "a3", 2), ("dark", "d12", "g4", 3)],
    [("light", "d20", "h2", 17), ("light", "d8", "d7", 4), ("light", "d%", "e8", 5),
     ("dark", "d20", "h6", 7), ("dark", "d8", "d3", 7), ("dark", "d12", "c1", 4)],
]  # fmt: skip


def kubtafl_position(dice: list[tuple[str, str, str, int]], to_move: str = "light"):
    game = registry.load("kubtafl")
    data = {
        "game": "kubtafl",
        "width": 8,
        "height": 8,
        "to_move": to_move,
        "dice": [{"side": s, "kind": k, "cell": c, "value": v} for s, k, c, v in dice],
        "removed": {"light": [], "dark": []},
    }
    return game.state_from_dict(data)


def _wins_now(state, seat: int) -> bool:
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.outcome() is not None and child.outcome().winners == (seat,):
            return True
    return False


def brute_force_wins_in_two(state) -> list:
    """Every first move after which each reply leaves a win in one (plain minimax, no pruning)."""
    seat = state.current_player()
    good = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_terminal():
            continue
        replies_lose = True
        for reply in child.legal_actions():
            after = child.clone()
            after.apply(reply)
            if after.is_terminal() or not _wins_now(after, seat):
                replies_lose = False
                break
        if replies_lose:
            good.append(action)
    return good


@pytest.mark.parametrize("index", range(len(WIN_IN_TWO)))
def test_kubtafl_search_finds_forced_win_in_two(index: int) -> None:
    state = kubtafl_position(WIN_IN_TWO[index])
    assert not _wins_now(state, 0)
    winning = brute_force_wins_in_two(state)
    assert winning, "the position must hold a forced win in two"
    knowledge = knowledge_for(state.game)
    search = AlphaBeta(knowledge, Budget(Limits(nodes=200_000)), rng=random.Random(index))
    result = search.search(state)
    assert result.action in winning
    assert result.value > MATE_THRESHOLD
    # The hard level (on its node budget) plays it too.
    assert make_controller("hard", state.game, seed=index).choose(state) in winning


@pytest.mark.parametrize(("stones", "take"), [(5, 1), (6, 2), (7, 3), (9, 1)])
def test_alphabeta_finds_the_winning_nim_move(stones: int, take: int) -> None:
    state = NimGame(stones).initial_state()
    result = AlphaBeta(Knowledge(), Budget(Limits(nodes=50_000))).search(state)
    assert result.action == take
    assert result.value > MATE_THRESHOLD


def test_alphabeta_averages_chance_nodes_exactly() -> None:
    # Seat 0 at 10 of 12: a step leaves 11; a roll wins on 2 (1/3), and on 3 unless seat 1 halves it.
    game = RaceGame(2, length=12)
    state = game.state_from_dict({"track": [10, 0], "turn": 0, "phase": "decide", "moves": 0})
    search = AlphaBeta(Knowledge(), Budget(Limits(nodes=10_000)), max_depth=1, quiescence=False)
    result = search.search(state)
    # Depth 1: 'step' is a plain position (0); 'roll' is 1/3 win + 1/3 plain + 1/3 seat 1 to answer (0).
    assert result.action == "roll"
    assert result.scores["roll"] == pytest.approx(search_value_of_win(1) / 3)
    assert result.scores["step"] == 0.0


def search_value_of_win(ply: int) -> float:
    from ai.alphabeta import MATE_STEP, WIN

    return WIN - ply * MATE_STEP


@pytest.mark.parametrize("nodes", [1, 5, 50, 400])
def test_search_respects_a_tiny_node_budget(nodes: int) -> None:
    state = registry.load("kubtafl").initial_state()
    budget = Budget(Limits(nodes=nodes))
    result = AlphaBeta(knowledge_for(state.game), budget).search(state)
    assert result.action in state.legal_actions()
    assert budget.nodes <= nodes + 1  # the node that found the budget spent is the last one counted
    mc_budget = Budget(Limits(nodes=nodes))
    assert MonteCarlo(Knowledge(), mc_budget, random.Random(1)).search(state) in state.legal_actions()
    assert mc_budget.nodes <= nodes + 1


def test_search_stops_when_asked() -> None:
    state = registry.load("kubtafl").initial_state()
    stop = threading.Event()
    stop.set()
    budget = Budget(Limits(nodes=None, seconds=None), stop)
    result = AlphaBeta(knowledge_for(state.game), budget).search(state)
    assert result.action in state.legal_actions()
    assert budget.nodes <= 1


def _random_positions(mode: str, count: int, seed: int) -> list:
    """Positions reached by random play (decision nodes only), a few per game."""
    game = registry.load(mode)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.initial_state()
        stop_at = rng.randrange(1, 80)
        steps = 0
        while not state.is_terminal() and steps < stop_at:
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            steps += 1
        if not state.is_terminal() and state.current_player() != CHANCE:
            positions.append(state)
    return positions


def test_kubtafl_levels_never_return_an_illegal_action() -> None:
    game = registry.load("kubtafl")
    for i, state in enumerate(_random_positions("kubtafl", 24, seed=7)):
        before = state.to_dict()
        for spec in ("random", "greedy", "easy@150", "normal@300", "hard@600"):
            action = make_controller(spec, game, seed=i).choose(state)
            assert action in state.legal_actions(), (spec, state.action_to_str(action))
        assert state.to_dict() == before  # the searches worked on copies


@pytest.mark.parametrize("mode", registry.modes())
def test_every_mode_gets_legal_actions_from_every_level(mode: str) -> None:
    game = registry.load(mode)
    for i, state in enumerate(_random_positions(mode, 6, seed=11)):
        for spec in ("random", "greedy", "easy@100", "hard@200"):
            assert make_controller(spec, game, seed=i).choose(state) in state.legal_actions()


def test_same_seed_and_node_budget_play_the_same_game() -> None:
    game = registry.load("kubtafl")

    def moves(seed: int) -> list:
        state = game.initial_state()
        # Node budgets without the time cap, so a busy machine cannot change the result.
        players = [
            AIController(game, replace(parse_level(spec), seconds=None), seed + i)
            for i, spec in enumerate(("normal@800", "easy@300"))
        ]
        out = []
        for _ in range(12):
            if state.is_terminal():
                break
            action = players[state.current_player()].choose(state)
            out.append(action)
            state.apply(action)
        return out

    assert moves(3) == moves(3)


def test_greedy_takes_an_immediate_win_and_decides_out_of_turn() -> None:
    rng = random.Random(0)
    assert greedy_choice(NimGame(3).initial_state(), Knowledge(), rng) == 3
    # Seat 1 answers seat 0's roll of 3: allowing it would let seat 0 finish.
    race = RaceGame(3, length=12).state_from_dict({"track": [9, 0, 0], "turn": 0, "phase": "answer", "moves": 4})
    assert race.current_player() == 1
    assert greedy_choice(race, Knowledge(), rng) == "halve"
    assert make_controller("hard@300", race.game, seed=1).choose(race) == "halve"


def test_monte_carlo_takes_an_immediate_win() -> None:
    state = NimGame(3).initial_state()
    assert MonteCarlo(Knowledge(), Budget(Limits(nodes=2_000)), random.Random(2)).search(state) == 3


def test_a_spent_time_cap_still_gives_a_legal_action() -> None:
    budget = Budget(Limits(seconds=0.0))
    with pytest.raises(BudgetExhausted):
        budget.tick()
    state = registry.load("kubtafl").initial_state()
    result = AlphaBeta(knowledge_for(state.game), Budget(Limits(seconds=0.0))).search(state)
    assert result.action in state.legal_actions() and result.depth == 0
