"""AI levels: what each one may spend per decision and how it plays, and the spec strings that name them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ai.budget import Limits
from ai.strengths import BattleCheckersStrength, CheckRiskStrength

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
    # How each mode's own planner plays at this level, by mode name (a level that searches names one per planner).
    plans: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

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
        # At about hard's decision time (bench/bench_ai.py; per-mode shares in ai/reference.py); an arena level,
        # not offered to players: hard beats it (Battle Checkers 75 % of 40 games, seed 1, on a loaded machine).
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
            plans={
                "checkrisk": CheckRiskStrength(
                    depth=1, widths=(1,), exact_occupation=False, jitter=5.0, attrition_seats=0
                ),
                "battle_checkers": BattleCheckersStrength(per_unit=1, evaluated=6, widths=(1,), jitter=0.4),
            },
        ),
        Level(
            "normal",
            SEARCH,
            nodes=6_000,
            seconds=0.6,
            jitter=0.01,
            plans={
                "checkrisk": CheckRiskStrength(depth=1, widths=(1,), exact_occupation=True, jitter=1.0, mass_lead=8.0),
                "battle_checkers": BattleCheckersStrength(per_unit=2, evaluated=12, widths=(2, 1), jitter=0.05),
            },
        ),
        Level(
            "hard",
            SEARCH,
            nodes=15_000,
            seconds=1.5,
            jitter=0.005,
            plans={
                "checkrisk": CheckRiskStrength(
                    depth=3,
                    widths=(5, 2, 1),
                    exact_occupation=True,
                    jitter=0.2,
                    approach=3,
                    attrition_seats=4,
                    reply=3,
                ),
                # With the reply check, arena decisions: median 31-144 ms, p95 205-619 ms (on a loaded machine).
                "battle_checkers": BattleCheckersStrength(
                    per_unit=3, evaluated=24, widths=(4, 2, 1), jitter=0.01, replies=2, reply_nodes=4_000
                ),
            },
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


def strengths_for(mode: str, kind: type[T]) -> dict[str, T]:
    """Each player level's strength for `mode`'s own planner, from the level table; ValueError naming a level that
    gives none (or one of another kind), so a level added to `LEVELS` fails loudly until it says how it plays."""
    table: dict[str, T] = {}
    for name in PLAYER_LEVELS:
        plan = LEVELS[name].plans.get(mode)
        if not isinstance(plan, kind):
            raise ValueError(f"AI level {name!r} gives no {kind.__name__} for {mode!r}")
        table[name] = plan
    return table


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
