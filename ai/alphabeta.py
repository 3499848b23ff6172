"""Alpha-beta search with iterative deepening for two-seat modes, with exact expectation at chance nodes.

Values are from the root seat's view: a heuristic lies in (-1, 1), a finished game is worth
`outcome_value * (WIN - ply * MATE_STEP)` so that faster wins (and slower losses) score higher.
Move ordering: transposition-table move, then the mode's hint (impacts and kills), killers, history.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from ai.budget import Budget, BudgetExhausted
from ai.knowledge import Knowledge, outcome_value
from game.engine.core import CHANCE, ActionT, State

#: The action type of a search result (read only, so a result for one mode is a result for any).
A_co = TypeVar("A_co", bound=Hashable, covariant=True)

WIN = 10.0
MATE_STEP = 0.001
MATE_THRESHOLD = WIN / 2
INF = float("inf")
MAX_DEPTH = 64
QUIESCENCE_DEPTH = 4

EXACT, LOWER, UPPER = 0, 1, 2


@dataclass(frozen=True)
class SearchResult(Generic[A_co]):
    """The outcome of one search: the chosen action, its value, the depth completed and nodes used."""

    action: A_co
    value: float
    depth: int
    nodes: int
    scores: Mapping[A_co, float] = field(default_factory=dict)


@dataclass
class _Entry:
    depth: int
    value: float
    flag: int
    move: Hashable | None


def _to_table(value: float, ply: int) -> float:
    # Mate scores are stored as distance from this node so they stay right when reached by another path.
    if value > MATE_THRESHOLD:
        return value + ply * MATE_STEP
    if value < -MATE_THRESHOLD:
        return value - ply * MATE_STEP
    return value


def _from_table(value: float, ply: int) -> float:
    if value > MATE_THRESHOLD:
        return value - ply * MATE_STEP
    if value < -MATE_THRESHOLD:
        return value + ply * MATE_STEP
    return value


def _table_cut(entry: _Entry, alpha: float, beta: float, ply: int) -> float | None:
    """The stored value when it settles the node for the window (an exact value or a bound outside it), else None."""
    value = _from_table(entry.value, ply)
    if entry.flag == EXACT or (entry.flag == LOWER and value >= beta) or (entry.flag == UPPER and value <= alpha):
        return value
    return None


def _flag(value: float, alpha: float, beta: float) -> int:
    """What a value searched with the window (alpha, beta) is: an upper bound, a lower bound or exact."""
    if value <= alpha:
        return UPPER
    if value >= beta:
        return LOWER
    return EXACT


class AlphaBeta:
    """One decision's search: knowledge of the mode, a budget, optional depth cap and root jitter."""

    def __init__(
        self,
        knowledge: Knowledge,
        budget: Budget,
        max_depth: int = MAX_DEPTH,
        rng: random.Random | None = None,
        jitter: float = 0.0,
        quiescence: bool = True,
    ) -> None:
        self.knowledge = knowledge
        self.budget = budget
        self.max_depth = max_depth
        self.rng = rng or random.Random(0)
        self.jitter = jitter
        self.quiescence = quiescence
        self.table: dict[Hashable, _Entry] = {}
        self.killers: dict[int, list[Hashable]] = {}
        self.history: dict[tuple[int, Hashable], int] = {}
        self.me = 0

    # ---- root -------------------------------------------------------------------------------------------
    def search(self, state: State[ActionT]) -> SearchResult[ActionT]:
        """Deepen until the budget runs out, the depth cap is reached or a forced result is found."""
        self.me = state.current_player()
        actions = list(state.legal_actions())
        if not actions:
            raise ValueError("no legal action to search")
        self.rng.shuffle(actions)  # seeds vary the tie-breaks, so AI-vs-AI games differ
        noise = {a: self.rng.uniform(-self.jitter, self.jitter) if self.jitter else 0.0 for a in actions}
        best = SearchResult(actions[0], -INF, 0, 0)
        if len(actions) == 1:
            return replace(best, nodes=self.budget.nodes)
        order = sorted(actions, key=lambda a: -self.knowledge.order_hint(state, a))
        for depth in range(1, self.max_depth + 1):
            scores: dict[ActionT, float] = {}
            alpha = -INF
            iteration_best: ActionT | None = None
            try:
                for action in order:
                    child = state.clone()
                    child.apply(action)
                    n = noise[action]
                    value = self._value(child, depth - 1, alpha - n, INF, 1) + n
                    scores[action] = value
                    if value > alpha:
                        alpha, iteration_best = value, action
            except BudgetExhausted:
                # The previous best is searched first, so a move that completed at the new depth is at least as good.
                if iteration_best is not None:
                    best = SearchResult(iteration_best, alpha, best.depth, self.budget.nodes, best.scores)
                elif best.depth == 0:
                    best = SearchResult(order[0], -INF, 0, self.budget.nodes)
                return replace(best, nodes=self.budget.nodes)
            assert iteration_best is not None  # every searched value beats -INF
            best = SearchResult(iteration_best, alpha, depth, self.budget.nodes, scores)
            if abs(alpha) > MATE_THRESHOLD:
                break
            # Best first, the rest by this iteration's scores: a good order makes the next depth cheaper.
            order = sorted(order, key=lambda a: -scores[a])
        return replace(best, nodes=self.budget.nodes)

    # ---- tree -------------------------------------------------------------------------------------------
    def _value(self, state: State[ActionT], depth: int, alpha: float, beta: float, ply: int) -> float:
        self.budget.tick()
        outcome = state.outcome()
        if outcome is not None:
            return outcome_value(outcome, self.me) * (WIN - ply * MATE_STEP)
        player = state.current_player()
        if player == CHANCE:
            return self._chance(state, depth, ply)
        if depth <= 0:
            if self.quiescence:
                return self._quiesce(state, alpha, beta, ply, QUIESCENCE_DEPTH)
            return self.knowledge.evaluate(state, self.me)
        key = self.knowledge.key(state)
        entry = self.table.get(key) if key is not None else None
        if entry is not None and entry.depth >= depth:
            cut = _table_cut(entry, alpha, beta, ply)
            if cut is not None:
                return cut
        tt_move: Hashable | None = entry.move if entry is not None else None
        best_value, best_move = self._children(state, player, depth, alpha, beta, ply, tt_move)
        if key is not None:
            # The window is the one this node was given (the children narrowed their own copy of it).
            self.table[key] = _Entry(depth, _to_table(best_value, ply), _flag(best_value, alpha, beta), best_move)
        return best_value

    def _children(
        self,
        state: State[ActionT],
        player: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        tt_move: Hashable | None,
    ) -> tuple[float, Hashable | None]:
        """The best value of the seat to act over its actions in the window, and the action that reached it."""
        maximizing = player == self.me
        best_value = -INF if maximizing else INF
        best_move: ActionT | None = None
        for action in self._ordered(state, player, ply, tt_move):
            child = state.clone()
            child.apply(action)
            value = self._value(child, depth - 1, alpha, beta, ply + 1)
            if maximizing:
                if value > best_value:
                    best_value, best_move = value, action
                alpha = max(alpha, value)
            else:
                if value < best_value:
                    best_value, best_move = value, action
                beta = min(beta, value)
            if alpha >= beta:
                self._reward(state, player, ply, action, depth)
                break
        return best_value, best_move

    def _chance(self, state: State[ActionT], depth: int, ply: int) -> float:
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            child = state.clone()
            child.apply(outcome)
            # Rolls do not use up depth, and without a window the expectation stays exact.
            total += float(probability) * self._value(child, depth, -INF, INF, ply)
        return total

    def _quiesce(self, state: State[ActionT], alpha: float, beta: float, ply: int, qdepth: int) -> float:
        stand = self.knowledge.evaluate(state, self.me)
        if qdepth <= 0:
            return stand
        player = state.current_player()
        maximizing = player == self.me
        # Standing pat: the side to act may decline every tactical action.
        if maximizing:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        else:
            if stand <= alpha:
                return stand
            beta = min(beta, stand)
        best = stand
        tactical = [a for a in state.legal_actions() if self.knowledge.is_tactical(state, a)]
        tactical.sort(key=lambda a: -self.knowledge.order_hint(state, a))
        for action in tactical:
            self.budget.tick()
            child = state.clone()
            child.apply(action)
            outcome = child.outcome()
            if outcome is not None:
                value = outcome_value(outcome, self.me) * (WIN - (ply + 1) * MATE_STEP)
            elif child.current_player() == CHANCE:
                value = self.knowledge.evaluate(child, self.me)
            else:
                value = self._quiesce(child, alpha, beta, ply + 1, qdepth - 1)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    # ---- ordering ---------------------------------------------------------------------------------------
    def _ordered(self, state: State[ActionT], player: int, ply: int, tt_move: Hashable | None) -> list[ActionT]:
        actions = state.legal_actions()
        killers = self.killers.get(ply, ())
        hint = self.knowledge.order_hint
        history = self.history

        def rank(action: ActionT) -> float:
            if action == tt_move:
                return 1e12
            score = hint(state, action) * 1e6
            if action in killers:
                score += 5e5
            return score + history.get((player, action), 0)

        return sorted(actions, key=rank, reverse=True)

    def _reward(self, state: State[ActionT], player: int, ply: int, action: ActionT, depth: int) -> None:
        # Quiet moves that cut off become killers; every cutoff feeds the history table.
        if self.knowledge.order_hint(state, action) <= 0:
            killers = self.killers.setdefault(ply, [])
            if action not in killers:
                killers.insert(0, action)
                del killers[2:]
        self.history[(player, action)] = self.history.get((player, action), 0) + depth * depth
