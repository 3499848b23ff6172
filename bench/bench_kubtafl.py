"""Kubtafl engine speed: random playouts, clone, legal-action generation, preview."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, figure, time_call
from game.engine import registry

PLAYOUT_GAMES = 200


def random_playouts(level: str, games: int, seed: int = 0) -> tuple[int, float]:
    """Play `games` random games (legal actions, pick one, apply, until the end); returns (plies, seconds)."""
    game = registry.load("kubtafl", level)
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
    return plies, time.perf_counter() - start


def _midgame(level: str = "standard", plies: int = 60, seed: int = 1) -> Any:
    """A non-terminal position some random plies into a game."""
    game = registry.load("kubtafl", level)
    rng = random.Random(seed)
    while True:
        state = game.initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return state


def _long_quiet(seen: int = 60, seed: int = 2) -> Any:
    """A position with a long K18 repetition table (many quiet actions since the last damage)."""
    game = registry.load("kubtafl")
    rng = random.Random(seed)
    while True:
        state = game.initial_state()
        while not state.is_terminal():
            if len(state.seen) >= seen:
                return state
            state.apply(rng.choice(state.legal_actions()))


def figures() -> Iterator[Figure]:
    """The Kubtafl figures, one dict per measurement."""
    for level in ("standard", "wide10"):
        plies, seconds = random_playouts(level, PLAYOUT_GAMES)
        yield figure(
            f"kubtafl_random_playout_{level}",
            plies / seconds,
            "plies/s",
            games=PLAYOUT_GAMES,
            plies=plies,
            target=10_000,
        )
    start = registry.load("kubtafl").initial_state()
    yield figure("kubtafl_clone_start", time_call(start.clone, number=20_000) * 1e6, "µs", target=20)
    yield figure("kubtafl_legal_actions_start", time_call(start.legal_actions, number=5_000) * 1e6, "µs",
                 actions=len(start.legal_actions()))  # fmt: skip
    mid = _midgame()
    yield figure("kubtafl_clone_midgame", time_call(mid.clone, number=20_000) * 1e6, "µs", target=20)
    yield figure("kubtafl_legal_actions_midgame", time_call(mid.legal_actions, number=5_000) * 1e6, "µs",
                 actions=len(mid.legal_actions()))  # fmt: skip
    actions = mid.legal_actions()
    yield figure(
        "kubtafl_preview_midgame",
        time_call(lambda: [mid.preview(a) for a in actions], number=50) * 1e6 / len(actions),
        "µs per action",
    )
    yield figure("kubtafl_key_midgame", time_call(mid.key, number=20_000) * 1e6, "µs")
    quiet = _long_quiet()
    yield figure("kubtafl_clone_long_history", time_call(quiet.clone, number=20_000) * 1e6, "µs",
                 positions=len(quiet.seen), target=20)  # fmt: skip
