"""Plays a state forward: a controller decides for each seat, a seeded RNG samples chance nodes."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import lcm
from typing import Protocol

from game.engine.core import CHANCE, TERMINAL, ActionT, Event, Record, State


class Controller(Protocol):
    """Anything that picks a decision for the seat to act."""

    def choose(self, state: State[ActionT]) -> ActionT:
        """Return one of `state.legal_actions()`."""
        ...


def sample_outcome(outcomes: Sequence[tuple[ActionT, Fraction]], rng: random.Random) -> ActionT:
    """Pick one outcome with its exact probability, using one integer draw from `rng`."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample")
    # Integer weights over a common denominator: exact, and far cheaper than Fraction arithmetic.
    probabilities = [p if isinstance(p, Fraction) else Fraction(p) for _, p in outcomes]
    denominator = lcm(*(p.denominator for p in probabilities))
    weights = [p.numerator * (denominator // p.denominator) for p in probabilities]
    total = sum(weights)
    if total != denominator:
        raise ValueError(f"chance probabilities sum to {Fraction(total, denominator)}, not 1")
    draw = rng.randrange(total)
    for (outcome, _), weight in zip(outcomes, weights, strict=True):
        if draw < weight:
            return outcome
        draw -= weight
    raise AssertionError("unreachable: weights cover the draw")


def sample_chance(state: State[ActionT], rng: random.Random) -> ActionT:
    """Sample the outcome of the chance node `state` is at."""
    return sample_outcome(state.chance_outcomes(), rng)


def random_action(state: State[ActionT], rng: random.Random) -> ActionT:
    """A sampled outcome at a chance node, otherwise a uniformly random legal decision."""
    if state.current_player() == CHANCE:
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def random_playout(
    state: State[ActionT], rng: random.Random, on_step: Callable[[State[ActionT]], None] | None = None
) -> int:
    """Play `state` (in place) to the end with random decisions; returns the number of applied actions."""
    steps = 0
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        steps += 1
        if on_step is not None:
            on_step(state)
    return steps


def next_action(state: State[ActionT], controllers: Sequence[Controller], rng: random.Random) -> ActionT:
    """The action to apply next: a sampled chance outcome or the acting seat's decision."""
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over")
    if player == CHANCE:
        return sample_chance(state, rng)
    return controllers[player].choose(state)


def play(
    state: State[ActionT],
    controllers: Sequence[Controller],
    rng: random.Random | int | None = None,
    max_actions: int | None = None,
    on_step: Callable[[State[ActionT], ActionT, list[Event]], None] | None = None,
    mode: str = "",
) -> Record:
    """Play `state` (in place) until it ends or `max_actions` were applied; returns the record."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    record = Record(mode=mode or state.game.name, level=state.game.level_name)
    applied = 0
    while not state.is_terminal() and (max_actions is None or applied < max_actions):
        action = next_action(state, controllers, rng)
        text = state.action_to_str(action)
        events = state.apply(action)
        record.actions.append(text)
        applied += 1
        if on_step is not None:
            on_step(state, action, events)
    record.outcome = state.outcome()
    return record


def replay(state: State[ActionT], actions: Sequence[str]) -> State[ActionT]:
    """Apply recorded notation (decisions and chance outcomes) to `state` in place and return it."""
    for text in actions:
        state.apply(state.action_from_str(text))
    return state
