"""The reference opponent: Monte Carlo tree search whose leaves are judged by our own evaluations, for every mode.

No random playouts: a new node is expanded with the mode's candidate decisions, each scored one step ahead by
the mode's evaluation (attack results averaged by their exact odds where the mode's planner does so), and the
node's value is the best of those for the seat deciding there. Selection is UCB1 over those values and the
values backed up from below, so the budget goes to the lines that matter: the rest of the own turn, the dice
of the reply turn (chance nodes sampled by their exact probabilities, one child per outcome) and the
opponent's best decisions in it. Values are always the root seat's, in -1…1; the other seats minimise them.

Decisions the modes' planners settle exactly (deployment, CheckRisk's battle decisions) are left to them, at
the root and inside the tree. Seeded by the rng it is given; a node is one applied action, an evaluation costs
what the mode's planner counts for it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from ai.budget import Budget, BudgetExhausted, Limits
from game.engine.core import CHANCE, Action, ActionT, Game, State
from game.engine.driver import sample_outcome

# UCB1 exploration on values in -1…1: a unit in Battle Checkers is about 0.3 there.
EXPLORATION = 0.25
# A candidate's one-step value counts as this many visits, so a small budget plays the best-scored candidate.
PRIOR_VISITS = 2
# Decisions kept per node (best by their one-step value for the seat deciding there).
WIDTH = 8
# Nodes a planner left to decide a phase on its own may spend inside the tree.
DELEGATE_NODES = 400

#: A candidate decision with its one-step value for the root seat (None: not scored, a forced decision).
Proposal = tuple[Action, float | None]


class Adapter(Protocol):
    """What the reference needs from a mode: values for the root seat, candidates, and decisions left alone."""

    #: The share of the level's node budget the reference spends in the mode, so that it thinks about as long as
    #: the hard level does on the same machine (equal CPU time; figures in ai/levels.py).
    node_share: float

    def start(self, seat: int, budget: Budget) -> None:
        """Begin a search for `seat` within `budget` (evaluations tick it)."""
        ...

    def value(self, state: State[ActionT]) -> float:
        """The root seat's value of `state` in -1…1 (±1 when the game is over)."""
        ...

    def proposals(self, state: State[ActionT]) -> list[Proposal]:
        """The decisions worth searching for the seat to act, with one-step values; one unscored entry when the
        mode's planner settles this decision by itself."""
        ...


class _Node:
    """A decision node: its seat, the candidate decisions, and per candidate the visits, value sums and child;
    or a chance node (`seat` CHANCE) whose children are keyed by outcome."""

    __slots__ = ("actions", "children", "outcomes", "seat", "totals", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.actions: list[Action] = []
        self.visits: list[float] = []
        self.totals: list[float] = []
        self.children: list[_Node | None] = []
        self.outcomes: dict[Action, _Node] = {}


class ReferenceSearch:
    """MCTS with evaluations at the leaves, for any mode with an adapter."""

    def __init__(self, adapter: Adapter, exploration: float = EXPLORATION) -> None:
        self.adapter = adapter
        self.exploration = exploration
        self.me = 0
        self.iterations = 0

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> Action:
        """The most visited root decision for the seat to act in `state` (left unchanged)."""
        self.me = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.adapter.start(self.me, budget)
        root = _Node(self.me)
        self.iterations = 0
        try:
            self._expand(root, state)
            if len(root.actions) == 1:
                return root.actions[0]
            while True:
                self._iterate(root, state, rng)
                self.iterations += 1
        except BudgetExhausted:
            pass
        if not root.actions:
            return legal[0]
        best = max(
            range(len(root.actions)),
            key=lambda i: (root.visits[i], root.totals[i] / root.visits[i] if root.visits[i] else -math.inf, -i),
        )
        return root.actions[best]

    def _expand(self, node: _Node, state: State[ActionT]) -> float | None:
        """Fill a decision node's candidates; its value for the root seat (None for a forced decision)."""
        proposals = self.adapter.proposals(state)
        node.actions = [action for action, _ in proposals]
        node.children = [None] * len(proposals)
        values = [value for _, value in proposals]
        if any(value is None for value in values):
            node.visits = [0.0] * len(proposals)
            node.totals = [0.0] * len(proposals)
            return None
        scored = [value for value in values if value is not None]
        node.visits = [float(PRIOR_VISITS)] * len(scored)
        node.totals = [PRIOR_VISITS * value for value in scored]
        return max(scored) if node.seat == self.me else min(scored)

    def _select(self, node: _Node) -> int:
        if len(node.actions) == 1:
            return 0
        sign = 1.0 if node.seat == self.me else -1.0
        log_total = math.log(sum(node.visits) + 1)
        best, best_score = 0, -math.inf
        for i, n in enumerate(node.visits):
            if n == 0:
                return i
            score = sign * node.totals[i] / n + self.exploration * math.sqrt(log_total / n)
            if score > best_score:
                best, best_score = i, score
        return best

    def _iterate(self, root: _Node, state: State[ActionT], rng: random.Random) -> None:
        """One descent: select down to a new node or the end, expand and judge it, back the value up."""
        s = state.clone()
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            if s.is_terminal():
                value = self.adapter.value(s)
                break
            seat = s.current_player()
            if seat == CHANCE:
                outcome = sample_outcome(s.chance_outcomes(), rng)
                s.apply(outcome)
                child = node.outcomes.get(outcome)
                if child is None:
                    child = node.outcomes[outcome] = _Node(s.current_player())
                node = child
                node.seat = s.current_player()
                continue
            if not node.actions:
                expanded = self._expand(node, s)
                if expanded is not None:
                    value = expanded
                    break
            index = self._select(node)
            path.append((node, index))
            s.apply(cast(ActionT, node.actions[index]))  # the node's actions were this state's legal ones
            child = node.children[index]
            if child is None:
                child = node.children[index] = _Node(s.current_player())
            node = child
        for visited, index in path:
            visited.visits[index] += 1
            visited.totals[index] += value


def ranked(scored: Sequence[tuple[Action, float]], mover_is_me: bool, width: int = WIDTH) -> list[Proposal]:
    """The best `width` of scored decisions for the seat deciding (values are the root seat's)."""
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][1] if mover_is_me else scored[i][1], i))
    return [scored[i] for i in order[:width]]


def _sub_budget(budget: Budget) -> Budget:
    """A small budget for a planner deciding one phase inside the tree; its nodes are charged to `budget`."""
    return Budget(Limits(DELEGATE_NODES, None), budget.stop)


class KnowledgeAdapter:
    """A mode without an adapter of its own (Kubtafl): every legal move scored by the mode's knowledge after it
    (Kubtafl rolls no dice: a turn is one move)."""

    node_share = 1.0

    def __init__(self, game: Game) -> None:
        from ai.knowledge import knowledge_for

        self.knowledge = knowledge_for(game)
        self.me = 0
        self.budget: Budget | None = None

    def start(self, seat: int, budget: Budget) -> None:
        """Begin a search for `seat`."""
        self.me, self.budget = seat, budget

    def value(self, state: State[ActionT]) -> float:
        """The knowledge's value for the root seat (already in -1…1)."""
        assert self.budget is not None
        self.budget.tick()
        return self.knowledge.value(state, self.me)

    def proposals(self, state: State[ActionT]) -> list[Proposal]:
        """Every legal move with the value after it; the best WIDTH for the mover."""
        scored: list[tuple[Action, float]] = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            scored.append((action, self.value(child)))
        return ranked(scored, state.current_player() == self.me, 2 * WIDTH)


def charged(budget: Budget) -> Budget:
    """A planner's budget for one phase decision inside the tree, charged to `budget` up front."""
    budget.tick(DELEGATE_NODES // 4)
    return _sub_budget(budget)


def adapter_for(game: Game) -> Adapter:
    """The adapter the mode's spec names (`ModeSpec.reference`), else the one over the mode's knowledge."""
    from game.engine import registry

    spec = registry.find(game.name)
    make: Callable[[Game], Adapter] = (
        registry.resolve(spec.reference) if spec is not None and spec.reference is not None else KnowledgeAdapter
    )
    return make(game)


class ReferencePlanner:
    """The reference level's decision maker for one game (a `Planner`)."""

    def __init__(self, game: Game) -> None:
        adapter = adapter_for(game)
        self.search = ReferenceSearch(adapter)
        self.share = adapter.node_share

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> Action:
        """The reference's decision for the seat to act in `state` (left unchanged)."""
        nodes = budget.limits.nodes
        scaled = None if nodes is None else max(1, int(nodes * self.share))
        return self.search.choose(state, Budget(Limits(scaled, budget.limits.seconds), budget.stop), rng)
