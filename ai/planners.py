"""Mode-specific searchers for the dice-battle modes, named by the mode registry and chosen by AI level."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ai.budget import Budget, Limits
from ai.levels import REFERENCE, SEARCH, Level
from game.engine import registry
from game.engine.core import Action, ActionT, Game, State

# These planners count one evaluated position as several nodes (see each planner) and get this share of the
# level's node budget, so that a level's node budget stays within its time budget on an idle machine.
NODE_SHARE = 0.5


def planner_budget(budget: Budget) -> Budget:
    """The budget a planner searches with: the level's node budget scaled by NODE_SHARE, the same time and stop."""
    nodes = budget.limits.nodes
    scaled = None if nodes is None else max(1, int(nodes * NODE_SHARE))
    return Budget(Limits(scaled, budget.limits.seconds), budget.stop)


class Planner(Protocol):
    """Decides for the seat to act in a state of its mode within a budget."""

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> Action:
        """A legal action for `state.current_player()`; `state` is left unchanged."""
        ...


@runtime_checkable
class Remembering(Protocol):
    """A planner that remembers the game's recent decisions (its own moves, so as not to undo them)."""

    def recall(self, played: Sequence[tuple[State[ActionT], ActionT]]) -> None:
        """Learn the decisions played, each with the position it was played in, oldest first."""
        ...


def planner_for(game: Game, level: Level) -> Planner | None:
    """The mode's own searcher at `level`'s strength (the reference level's search for it), or None when the mode
    uses the generic searchers."""
    if level.kind == REFERENCE:
        from ai.reference import ReferencePlanner  # imported only when the reference plays

        return ReferencePlanner(game)
    spec = registry.find(game.name)
    if spec is None or spec.planner is None or level.kind != SEARCH:
        return None
    # The factory takes (game, level name); ValueError for a level it has no strength for.
    factory: Callable[[Game, str], Planner] = registry.resolve(spec.planner)
    return factory(game, level.name)
