"""Flat Monte Carlo with UCB1 at the root: works for any mode (chance nodes, several seats, any decider).

Each root action starts from its one-ply expected value (rolls right after it averaged exactly).
Playouts roll their own dice with the searcher's RNG (never the game's), play random actions for a
short horizon and score the end with the mode's knowledge. Nodes are applied actions.
"""

from __future__ import annotations

import math
import random

from ai.budget import Budget, BudgetExhausted
from ai.knowledge import Knowledge
from game.engine.core import CHANCE, ActionT, State
from game.engine.driver import sample_outcome

EXPLORATION = 0.7
# The one-ply expected value of each root action counts as this many playouts, so a small budget
# plays at least like the greedy baseline and playouts refine it.
PRIOR_VISITS = 20


class MonteCarlo:
    """Spend the budget on playouts from each root action, sharing them out by UCB1."""

    def __init__(self, knowledge: Knowledge, budget: Budget, rng: random.Random, horizon: int = 40) -> None:
        self.knowledge = knowledge
        self.budget = budget
        self.rng = rng
        self.horizon = horizon

    def search(self, state: State[ActionT]) -> ActionT:
        """The root action with the best mean playout value for the seat to act."""
        seat = state.current_player()
        actions = list(state.legal_actions())
        if not actions:
            raise ValueError("no legal action to search")
        if len(actions) == 1:
            return actions[0]
        self.rng.shuffle(actions)
        visits = [0] * len(actions)
        totals = [0.0] * len(actions)
        try:
            for i, action in enumerate(actions):
                visits[i] = PRIOR_VISITS
                totals[i] = PRIOR_VISITS * self._one_ply(state, action, seat)
            while True:
                index = self._select(visits, totals)
                value = self._playout(state, actions[index], seat)
                visits[index] += 1
                totals[index] += value
        except BudgetExhausted:
            pass
        best = max(range(len(actions)), key=lambda i: (totals[i] / visits[i] if visits[i] else -math.inf, visits[i]))
        return actions[best]

    def _select(self, visits: list[int], totals: list[float]) -> int:
        for i, n in enumerate(visits):
            if n == 0:
                return i
        log_total = math.log(sum(visits))
        return max(
            range(len(visits)), key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_total / visits[i])
        )

    def _one_ply(self, state: State[ActionT], action: ActionT, seat: int) -> float:
        child = state.clone()
        self.budget.tick()
        child.apply(action)
        if child.current_player() != CHANCE:
            return self.knowledge.value(child, seat)
        total = 0.0
        for outcome, probability in child.chance_outcomes():
            self.budget.tick()
            after = child.clone()
            after.apply(outcome)
            total += float(probability) * self.knowledge.value(after, seat)
        return total

    def _playout(self, state: State[ActionT], action: ActionT, seat: int) -> float:
        child = state.clone()
        self.budget.tick()
        child.apply(action)
        for _ in range(self.horizon):
            player = child.current_player()
            if child.is_terminal():
                break
            self.budget.tick()
            if player == CHANCE:
                child.apply(sample_outcome(child.chance_outcomes(), self.rng))
            else:
                child.apply(self.rng.choice(child.legal_actions()))
        return self.knowledge.value(child, seat)
