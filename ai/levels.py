"""AI levels: what each one may spend per decision and how it plays, and the spec strings that name them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.budget import Limits

SEARCH, GREEDY, RANDOM = "search", "greedy", "random"


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


# Node budgets are set so the time cap is rarely reached on an idle machine (see bench/bench_ai.py);
# the seconds are the per-decision budgets players are promised.
LEVELS: dict[str, Level] = {
    "random": Level("random", RANDOM),
    "greedy": Level("greedy", GREEDY),
    "easy": Level("easy", SEARCH, nodes=1_500, seconds=0.2, max_depth=2, mistake_rate=0.25, jitter=0.05),
    "normal": Level("normal", SEARCH, nodes=6_000, seconds=0.6, jitter=0.01),
    "hard": Level("hard", SEARCH, nodes=15_000, seconds=1.5, jitter=0.005),
}
# The one list of level names: baselines are reference opponents (arena, tests), players choose among the rest.
BASELINES = ("random", "greedy")
PLAYER_LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = BASELINES + PLAYER_LEVELS


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
    if level.kind != SEARCH:
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
