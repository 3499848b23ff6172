"""CheckRisk for the reference opponent (`ai.reference`): its candidates and values."""

from __future__ import annotations

import math
import random

from ai.budget import Budget
from ai.reference import Proposal, charged, ranked
from game.engine.core import ActionT, Game, State


class CheckRiskAdapter:
    """CheckRisk: the hard planner's candidates for the turn's actions and reinforcements, valued one step ahead
    (battles by their exact result distribution); deployment and battle decisions left to the planner."""

    node_share = 0.12

    def __init__(self, game: Game) -> None:
        from ai.checkrisk_planner import make_planner

        self.planner = make_planner(game, "hard")
        self.me = 0
        self.budget: Budget | None = None

    def start(self, seat: int, budget: Budget) -> None:
        """Begin a search for `seat`."""
        self.me, self.budget = seat, budget
        self.planner.budget = budget

    def _leaf(self, state: State[ActionT], seat: int) -> float:
        from game.engine.checkrisk.state import CheckRiskState

        assert isinstance(state, CheckRiskState)
        self.planner.me = seat
        return self.planner.leaf(state)

    def value(self, state: State[ActionT]) -> float:
        """The planner's evaluation for the root seat, scaled into -1…1."""
        return math.tanh(self._leaf(state, self.me) / 500)

    def proposals(self, state: State[ActionT]) -> list[Proposal]:
        """Actions and reinforcements by their one-step values; everything else as the planner decides it."""
        from game.engine.checkrisk.phases import ACT, REINFORCE
        from game.engine.checkrisk.state import CheckRiskState

        assert isinstance(state, CheckRiskState) and self.budget is not None
        mover = state.current_player()
        planner = self.planner
        legal = state.legal_actions()
        if state.phase is ACT:
            allowed = set(legal)
            planner.me = mover
            scored = [(a, planner.step_value(state, a)[0]) for a in planner.candidates(state) if a in allowed]
        elif state.phase is REINFORCE:
            scored = []
            for action in legal:
                child = state.clone()
                child.apply(action)
                scored.append((action, self._leaf(child, mover)))
        else:
            action = planner.choose(state, charged(self.budget), random.Random(0))
            planner.budget = self.budget  # the planner's own decision used a budget of its own
            return [(action, None)]
        sign = 1.0 if mover == self.me else -1.0
        # Two seats: the mover's value is the root seat's with the sign turned (more seats: paranoid).
        out = [(action, sign * math.tanh(value / 500)) for action, value in scored]
        return ranked(out, mover == self.me)
