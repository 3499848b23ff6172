"""CheckRisk speed: whole random games (2 and 4 players) and the exact odds of a 6 v 6 battle."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, figure, time_call
from game.engine import registry
from game.engine.checkrisk import odds
from game.engine.driver import random_playout


def random_game(game: Any, seed: int) -> int:
    """Play one game with uniformly random decisions; returns the number of applied steps."""
    return random_playout(game.initial_state(), random.Random(seed))


def _random_games(level: str, games: int) -> tuple[float, float]:
    game = registry.load("checkrisk", level)
    start = time.perf_counter()
    steps = sum(random_game(game, seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    return elapsed / games * 1000, steps / games


def _cold_odds() -> None:
    for fn in (odds.battle_odds, odds._odds_numerators, odds.round_weights):
        fn.cache_clear()
    odds.battle_odds(6, 6)


def figures() -> Iterator[Figure]:
    """Random-playout speed for 2 and 4 players, and battle_odds(6, 6) cold and memoised."""
    for level, players, games in (("standard", 2, 60), ("corners4", 4, 30)):
        ms, steps = _random_games(level, games)
        extra = {"target_ms": 50} if players == 2 else {}
        yield figure(
            f"checkrisk_random_game_{players}p",
            ms,
            "ms",
            level=level,
            games=games,
            steps_per_game=round(steps),
            **extra,
        )
    yield figure("checkrisk_battle_odds_6v6_cold", time_call(_cold_odds, repeat=7) * 1000, "ms", target_ms=5)
    odds.battle_odds(6, 6)
    yield figure(
        "checkrisk_battle_odds_6v6_memoised", time_call(lambda: odds.battle_odds(6, 6), number=1000) * 1000, "ms"
    )
