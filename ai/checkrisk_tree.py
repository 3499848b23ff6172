"""Hard CheckRisk: each of the turn's actions chosen by a tree search over the rest of the turn, the dice and the
opponent's reply turn (`ai.reference`'s search, with the planner's candidates and evaluation); reinforcements,
battle decisions and deployment as the planner decides them.

The search spends its budget deeper than the reference does: a turn's candidates are all scored once, at the
first position of that turn the search reaches, and later positions of the same turn score again only the best
RESCORED of that ranking and the actions that position opened (a stack that moved, a cell that fell).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.budget import Budget, Limits
from ai.checkrisk_planner import CheckRiskPlanner
from ai.reference import WIDTH, CheckRiskAdapter, ReferenceSearch
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.game import CheckRiskState
from game.engine.checkrisk.phases import ACT
from game.engine.core import Action, ActionT, State

# Actions of a turn's first ranking scored again at its later positions.
RESCORED = 16
# UCB1 exploration: lower than the reference's, so the deeper search follows the best lines (the values of a
# turn's actions differ by a few hundredths).
EXPLORATION = 0.05


class TurnAdapter(CheckRiskAdapter):
    """The reference's CheckRisk adapter with the planner's memory and moves that approach an enemy stack, the
    reinforcements left to the planner, and a turn's ranking reused at its later positions."""

    searches_reinforcements = False
    width = 2 * WIDTH  # what `act_scores` keeps is already the beam

    def __init__(self, planner: CheckRiskPlanner) -> None:
        super().__init__(planner.game, planner)
        # Per (seat, round) being searched: rank of each action at the turn's first position searched.
        self.rankings: dict[tuple[int, int], dict[A.CheckRiskAction, int]] = {}

    def start(self, seat: int, budget: Budget) -> None:
        """Begin a search for `seat` (forgetting the last search's rankings)."""
        super().start(seat, budget)
        self.rankings.clear()

    def act_scores(self, state: CheckRiskState, legal: list[A.CheckRiskAction]) -> Sequence[tuple[Action, float]]:
        """The best candidates for the seat to act with their one-step values, and moves that approach an enemy."""
        planner = self.planner
        planner.me = state.current_player()
        allowed = set(legal)
        options = [a for a in planner.candidates(state) if a in allowed]
        key = (state.seat, state.round)
        ranking = self.rankings.get(key)
        if ranking is not None:
            options = [a for a in options if a == A.END or ranking.get(a, 0) < RESCORED]
        scored: list[tuple[A.CheckRiskAction, float]] = sorted(
            ((a, planner.step_value(state, a)[0]) for a in options), key=lambda t: -t[1]
        )
        if ranking is None:
            self.rankings[key] = {a: i for i, (a, _) in enumerate(scored)}
        return planner.beam(state, scored, WIDTH, state.actions_left, lambda t: t[0])


class CheckRiskTreePlanner:
    """The planner, with the turn's actions searched as a tree in games of two seats."""

    def __init__(self, planner: CheckRiskPlanner, share: float) -> None:
        self.planner = planner
        self.share = share
        self.search = ReferenceSearch(TurnAdapter(planner), EXPLORATION)

    @property
    def strength(self) -> object:
        """The planner's strength (the level table's entry)."""
        return self.planner.strength

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> A.CheckRiskAction:
        """The decision for the seat to act in `state` (left unchanged)."""
        if not (isinstance(state, CheckRiskState) and state.phase is ACT and state.game.num_players == 2):
            return self.planner.choose(state, budget, rng)
        nodes = budget.limits.nodes
        scaled = None if nodes is None else max(1, int(nodes * self.share))
        choice = self.search.choose(state, Budget(Limits(scaled, budget.limits.seconds), budget.stop), rng)
        assert isinstance(choice, A.CheckRiskAction)
        self.planner.remember(state, choice)
        return choice

    def recall(self, played: Sequence[tuple[State[ActionT], ActionT]]) -> None:
        """Learn the game's recent decisions (so as not to undo its own moves)."""
        self.planner.recall(played)
