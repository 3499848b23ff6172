"""The one-ply baseline: the action whose resulting position the mode's evaluation likes best."""

from __future__ import annotations

import random

from ai.knowledge import Knowledge
from game.engine.core import CHANCE, ActionT, State

# Chance nodes right after an action are averaged exactly, this many in a row.
CHANCE_LAYERS = 2
TIE = 1e-9


def expected_value(state: State[ActionT], seat: int, knowledge: Knowledge, chance_layers: int = CHANCE_LAYERS) -> float:
    """The value of `state` for `seat`, averaging the rolls that follow it over their exact probabilities."""
    if chance_layers > 0 and state.current_player() == CHANCE:
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            child = state.clone()
            child.apply(outcome)
            total += float(probability) * expected_value(child, seat, knowledge, chance_layers - 1)
        return total
    return knowledge.value(state, seat)


def greedy_choice(state: State[ActionT], knowledge: Knowledge, rng: random.Random) -> ActionT:
    """The best action after one ply for the seat to act; ties broken by `rng`."""
    seat = state.current_player()
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no legal action to choose from")
    best: list[ActionT] = []
    best_value = float("-inf")
    for action in actions:
        child = state.clone()
        child.apply(action)
        value = expected_value(child, seat, knowledge)
        if value > best_value + TIE:
            best, best_value = [action], value
        elif value >= best_value - TIE:
            best.append(action)
    return rng.choice(best)
