"""Battle Checkers for the reference opponent (`ai.reference`): its candidates and values."""

from __future__ import annotations

import math
import random

from ai.budget import Budget
from ai.reference import Proposal, charged, ranked
from game.engine.core import ActionT, Game, State


class BattleCheckersAdapter:
    """Battle Checkers: the hard search's candidates (attacks, `end`, the best activations), each valued by the
    exact expectation over its attack's results; the fate choice by its exact expectation; deployment left to
    the search."""

    node_share = 0.1

    def __init__(self, game: Game) -> None:
        from ai.battle_checkers_eval import as_battle_checkers
        from ai.battle_checkers_search import make_planner

        self.search = make_planner(game, "hard")
        self.as_state = as_battle_checkers
        self.me = 0
        self.budget: Budget | None = None

    def start(self, seat: int, budget: Budget) -> None:
        """Begin a search for `seat`."""
        self.me, self.budget = seat, budget
        self.search.budget = budget

    def value(self, state: State[ActionT]) -> float:
        """The evaluation for the root seat, a unit about 0.3."""
        s = self.as_state(state)
        self.search.me = self.me
        return math.tanh(self.search.leaf(s) / 3)

    def proposals(self, state: State[ActionT]) -> list[Proposal]:
        """Candidates by the search's one-step values, for the seat deciding."""
        from game.engine.battle_checkers.actions import FATE, NOFATE
        from game.engine.battle_checkers.phases import Phase

        s = self.as_state(state)
        mover = s.current_player()
        sign = 1.0 if mover == self.me else -1.0
        search = self.search
        search.me = mover
        if s.phase is Phase.DEPLOY:
            assert self.budget is not None
            action = search.choose(s, charged(self.budget), random.Random(0))
            search.budget = self.budget  # the search's own decision used a budget of its own
            return [(action, None)]
        if s.phase is Phase.FATE_CHOICE:
            declined = s.clone()
            declined.apply(NOFATE)
            called_value = math.tanh(search.fate_value(s) / 3)
            declined_value = math.tanh(search.leaf(declined) / 3)
            return [(FATE, sign * called_value), (NOFATE, sign * declined_value)]
        scored = [(action, sign * math.tanh(value / 3)) for value, _, action, _ in search.scored(s)]
        return ranked(scored, mover == self.me)
