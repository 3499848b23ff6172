"""AI figures: Kubtafl search speed and decision times; CheckRisk and Battle Checkers decision times per level."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

from ai.alphabeta import AlphaBeta
from ai.budget import Budget, Limits
from ai.controllers import make_controller
from ai.knowledge import knowledge_for
from ai.levels import LEVELS, PLAYER_LEVELS
from bench.common import Figure, figure, percentile, time_call
from game.engine import registry

SEARCH_NODES = 20_000


def _midgame(game: Any, seed: int = 3, plies: int = 16) -> Any:
    """A position after `plies` greedy-vs-random actions (deterministic for the seed)."""
    state = game.initial_state()
    players = [make_controller("greedy", game, seed), make_controller("random", game, seed + 1)]
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(players[state.current_player()].choose(state))
    return state


def _nodes_per_second(state: Any) -> tuple[float, int]:
    budget = Budget(Limits(nodes=SEARCH_NODES))
    search = AlphaBeta(knowledge_for(state.game), budget, rng=random.Random(0))
    start = time.perf_counter()
    result = search.search(state)
    return budget.nodes / (time.perf_counter() - start), result.depth


def figures() -> Iterator[Figure]:
    """Yield the AI figures."""
    game = registry.load("kubtafl")
    start_state = game.initial_state()
    middle = _midgame(game)
    knowledge = knowledge_for(game)
    yield figure("kubtafl_eval_us", 1e6 * time_call(lambda: knowledge.evaluate(middle, 0), repeat=5, number=500), "us")
    for name, state in (("start", start_state), ("midgame", middle)):
        rates, depths = zip(*(_nodes_per_second(state) for _ in range(3)), strict=True)
        yield figure(f"kubtafl_search_nodes_per_s_{name}", statistics.median(rates), "nodes/s", depth=max(depths))
    for level in PLAYER_LEVELS:
        samples = []
        depths = []
        for seed in range(5):
            controller = make_controller(level, game, seed)
            begin = time.perf_counter()
            controller.choose(start_state)
            samples.append(1000 * (time.perf_counter() - begin))
            if controller.last_search is not None:
                depths.append(controller.last_search.depth)
        budget_ms = 1000 * LEVELS[level].seconds
        yield figure(
            f"kubtafl_decision_ms_{level}_start",
            statistics.median(samples),
            "ms",
            p95=round(percentile(samples, 95), 1),
            budget_ms=budget_ms,
            depth=max(depths, default=0),
        )
    yield from dice_mode_figures()


# Decisions timed per dice mode and level: the first this many decisions of a seat after a greedy opening.
DICE_MODE_DECISIONS = 12


def _dice_mode_positions(mode: str, seed: int = 3, plies: int = 120) -> list[Any]:
    """Decision points of a greedy-vs-greedy game after `plies` applied actions (deterministic for the seed)."""
    from game.engine.core import CHANCE
    from game.engine.driver import sample_chance

    game = registry.load(mode)
    state = game.initial_state()
    players = [make_controller("greedy", game, seed + i) for i in range(game.num_players)]
    dice = random.Random(seed)
    out: list[Any] = []
    applied = 0
    while not state.is_terminal() and len(out) < DICE_MODE_DECISIONS:
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, dice))
        else:
            if applied >= plies and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply(players[player].choose(state))
        applied += 1
    return out


def dice_mode_figures() -> Iterator[Figure]:
    """Median and p95 decision time of each level in the modes with their own planner, on node budgets."""
    for mode in [spec.name for spec in registry.MODES if spec.planner is not None]:
        positions = _dice_mode_positions(mode)
        game = positions[0].game
        for level in (*PLAYER_LEVELS, "reference"):  # the reference beside them: equal CPU time with hard
            controller = make_controller(level, game, 0)
            samples = []
            for state in positions:
                begin = time.perf_counter()
                controller.choose(state)
                samples.append(1000 * (time.perf_counter() - begin))
            yield figure(
                f"{mode}_decision_ms_{level}_midgame",
                statistics.median(samples),
                "ms",
                p95=round(percentile(samples, 95), 1),
                budget_ms=1000 * (LEVELS[level].seconds or 0),
                decisions=len(samples),
            )
