"""Battle Checkers figures: a whole random game (issue target under 100 ms) and activation enumeration."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, figure, percentile, time_call
from game.engine import registry
from game.engine.driver import random_playout

GAMES = 60


def random_game(game: Any, seed: int) -> int:
    """Play one game with uniformly random decisions (deployment included); return its length."""
    return random_playout(game.initial_state(), random.Random(seed))


def open_space_unit(game: Any) -> tuple[Any, int]:
    """A position with one unit on e5 facing N and a lone enemy far away, and the unit's cell."""
    state = game.state_from_dict(
        {
            "board": [10, 10],
            "spirit": 6,
            "phase": "main",
            "player": 0,
            "turn": 1,
            "dice": [6, 6],
            "units": [{"cell": "e5", "owner": 0, "facing": "N"}, {"cell": "a10", "owner": 1, "facing": "S"}],
        }
    )
    return state, state.board.cell("e5")


def figures() -> Iterator[Figure]:
    """Yield the Battle Checkers figures."""
    for level in ("standard", "skirmish6"):
        game = registry.load("battle_checkers", level)
        times, lengths = [], []
        for seed in range(GAMES):
            start = time.perf_counter()
            lengths.append(random_game(game, seed))
            times.append(1000 * (time.perf_counter() - start))
        yield figure(
            f"battle_checkers_random_game_ms_{level}",
            statistics.mean(times),
            "ms",
            p90=round(percentile(times, 90), 2),
            mean_length=round(statistics.mean(lengths)),
            games=GAMES,
        )
    game = registry.load("battle_checkers")
    state, cell = open_space_unit(game)
    count = len(state.activations(cell, 0, 12))
    seconds = time_call(lambda: state.activations(cell, 0, 12), repeat=7, number=2000)
    yield figure("battle_checkers_activations_12_pips", count, "results")
    yield figure("battle_checkers_activations_12_pips_us", 1e6 * seconds, "us")
    yield figure("battle_checkers_legal_actions_us_midturn", 1e6 * time_call(_midturn_legal(game), number=200), "us")


def _midturn_legal(game: Any) -> Any:
    # After a preset deployment and a 6-6 roll: every unit, the sum and a die each (the widest decision).
    state = game.initial_state()
    state.apply(state.action_from_str("preset line"))
    state.apply(state.action_from_str("preset wedge"))
    state.apply(state.action_from_str("roll 5 6"))
    return state.legal_actions
