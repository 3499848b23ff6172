"""Scripted baselines for the arena: simple players a human would find, to measure the searching levels against.

- `wall`: CheckRisk — deploys a wall of even stacks on its front row, reinforces its weakest wall stacks, refills
  a lost wall cell from a neighbour, never moves otherwise and never attacks; defends by standing.
- `spreader`: CheckRisk — spreads single tokens over empty cells (forward, away from enemy stacks first), never
  attacks; defends by standing.
- `rush`: CheckRisk — attacks whenever it can, with the whole stack, the best odds first, fights every battle to
  the end and moves in with everything; otherwise marches its biggest stack at the nearest enemy.
  Battle Checkers — attacks anything in front, calls every fate roll, otherwise turns and walks at the nearest
  enemy.

Each mode's scripts are in its own module, named by its spec's `baselines`. A baseline without a script for a
mode returns None (the controller then plays its greedy move). Each decision
depends only on the position and the given RNG, so arena games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine import registry
from game.engine.core import Action, ActionT, State

WALL, SPREADER, RUSH = "wall", "spreader", "rush"
NAMES = (WALL, SPREADER, RUSH)


def baseline_choice(name: str, state: State[ActionT], rng: random.Random) -> Action | None:
    """The baseline `name`'s decision for the seat to act in `state`, or None when it has no script for the mode."""
    if name not in NAMES:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(NAMES)}")
    spec = registry.find(state.game.name)
    if spec is None or spec.baselines is None:
        return None
    # The mode's scripts are loaded at its first scripted decision (arena and tests only).
    choose: Callable[[str, State[ActionT], random.Random], Action | None] = registry.resolve(spec.baselines)
    return choose(name, state, rng)
