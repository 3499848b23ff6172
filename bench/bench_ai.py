"""AI figures: Kubtafl search speed (nodes per second) and decision time per level at the start position."""

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
from bench.common import figure, percentile, time_call
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


def figures() -> Iterator[dict[str, Any]]:
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
