"""AI levels: what each one may spend per decision and how it plays, and the spec strings that name them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from ai.budget import Limits

T = TypeVar("T")

SEARCH, GREEDY, RANDOM = "search", "greedy", "random"
# The reference opponent (`ai.reference`): tree search with the evaluations at its leaves, for the arena.
REFERENCE = "reference"
# Scripted players (`ai.baselines`), named by the level: for the arena and tests only.
SCRIPTED = "scripted"


@dataclass(frozen=True)
class Level:
    """One AI strength: its kind, node budget (reproducible) capped by seconds, depth cap and mistakes."""

    name: str
    kind: str
    nodes: int | None = None
    seconds: float | None = None
    max_depth: int = 64
    mistake_rate: float = 0.0  # share of decisions played as a deliberate mistake (so a beginner can win)
    jitter: float = 0.0  # random spread added to root scores, so games between AIs vary with the seed

    @property
    def limits(self) -> Limits:
        """The per-decision limits."""
        return Limits(self.nodes, self.seconds)


# The one level table. Node budgets are set so the time cap is rarely reached on an idle machine (see
# bench/bench_ai.py); the seconds are the per-decision budgets players are promised.
LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("random", RANDOM),
        Level("greedy", GREEDY),
        # At about hard's decision time (bench/bench_ai.py; per mode: each reference adapter's `node_share`); an
        # arena level, not offered to players: hard beats it (Battle Checkers 75 % of 40 games, seed 1, loaded machine).
        Level("reference", REFERENCE, nodes=15_000, seconds=1.5),
        *(Level(name, SCRIPTED) for name in ("wall", "spreader", "rush")),
        Level(
            "easy",
            SEARCH,
            nodes=1_500,
            seconds=0.2,
            max_depth=2,
            mistake_rate=0.25,
            jitter=0.05,
        ),
        Level(
            "normal",
            SEARCH,
            nodes=6_000,
            seconds=0.6,
            jitter=0.01,
        ),
        Level(
            "hard",
            SEARCH,
            nodes=15_000,
            seconds=1.5,
            jitter=0.005,
        ),
    )
}
# Baselines are reference opponents (arena, tests); players choose among the levels that search, which are
# also the levels a mode's own planner plays.
BASELINES = tuple(name for name, level in LEVELS.items() if level.kind != SEARCH)
PLAYER_LEVELS = tuple(name for name, level in LEVELS.items() if level.kind == SEARCH)
LEVEL_NAMES = BASELINES + PLAYER_LEVELS


# When a seat's own search is lost (its worker hung, died or answered nonsense) it plays the quick search's move
# instead: the easy level's searcher without its deliberate mistakes, within this many seconds, since it runs in the
# window's own process.
QUICK_SECONDS = 0.1


def quick_level() -> Level:
    """The quick search's level: the easy level's planner and node budget, no deliberate mistakes, QUICK_SECONDS."""
    return replace(LEVELS["easy"], seconds=QUICK_SECONDS, mistake_rate=0.0)


def strengths(table: Mapping[str, T]) -> dict[str, T]:
    """A mode planner's strength per player level, checked to name every level that searches and no other; a
    ValueError naming the odd level, so a level added to `LEVELS` fails loudly until each planner says how it
    plays."""
    for name in PLAYER_LEVELS:
        if name not in table:
            raise ValueError(f"AI level {name!r} has no strength in the planner's table")
    for name in table:
        if name not in PLAYER_LEVELS:
            raise ValueError(f"the planner's table names {name!r}, not a level that searches")
    return {name: table[name] for name in PLAYER_LEVELS}


def strength_of(table: Mapping[str, T], level_name: str) -> T:
    """The strength `table` gives the level named `level_name`; ValueError naming an unknown level."""
    try:
        return table[level_name]
    except KeyError:
        raise ValueError(f"unknown AI level {level_name!r}; known: {', '.join(table)}") from None


def parse_level(spec: str) -> Level:
    """A level from a spec: 'hard', 'ai:hard', 'hard@20000' (node budget), 'hard@0.5s' or 'hard@time' (time only)."""
    text = spec.strip().lower()
    if text.startswith("ai:"):
        text = text[3:]
    name, at, budget = text.partition("@")
    if name not in LEVELS:
        raise ValueError(f"unknown AI level {spec!r}; known: {', '.join(LEVELS)}")
    level = LEVELS[name]
    if not at:
        return level
    if level.kind not in (SEARCH, REFERENCE):
        raise ValueError(f"AI level {name!r} takes no budget (got {spec!r})")
    if budget == "time":
        return replace(level, nodes=None)
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if seconds <= 0:
                raise ValueError
            return replace(level, seconds=seconds, nodes=None)
        nodes = int(budget)
        if nodes <= 0:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"bad budget in AI spec {spec!r}: use a node count ('hard@20000'), seconds ('hard@0.5s') or 'time'"
        ) from None
    return replace(level, nodes=nodes)
