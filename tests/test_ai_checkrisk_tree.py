"""Hard CheckRisk searches its turn as a tree (the rest of the turn, the dice, the reply): with the planner's
candidates and memory, deeper than the reference on the same budget, and to the end of legal games."""

from __future__ import annotations

import random
from typing import Any

from ai.budget import Budget, Limits
from ai.checkrisk_planner import STRENGTHS, CheckRiskPlanner, make_planner
from ai.checkrisk_tree import RESCORED, CheckRiskTreePlanner, TurnAdapter
from ai.reference import ReferencePlanner
from game.engine import registry
from game.engine.checkrisk import actions as A
from game.engine.core import CHANCE
from game.engine.driver import sample_chance

CR: Any = registry.load("checkrisk", "standard")


def cell(name: str) -> int:
    return int(CR.cell_index(name))


def test_hard_searches_its_turn_as_a_tree_and_the_lower_levels_plan_it() -> None:
    assert isinstance(make_planner(CR, "hard"), CheckRiskTreePlanner)
    assert STRENGTHS["hard"].tree_share > 0
    assert all(isinstance(make_planner(CR, level), CheckRiskPlanner) for level in ("easy", "normal"))


def test_with_more_seats_hard_plans_its_turn_as_the_planner_does() -> None:
    # With three or four seats the reply is not one opponent's: the tree is for duels.
    c4 = registry.load("checkrisk", "corners4")
    stacks = {"b2": (0, 3), "c2": (0, 3), "e5": (1, 2), "g3": (2, 2), "h8": (3, 2)}
    state = c4.position(stacks, round=12, supply=[0, 0, 0, 0])
    tree = make_planner(c4, "hard")
    assert isinstance(tree, CheckRiskTreePlanner)
    plain = CheckRiskPlanner(c4, STRENGTHS["hard"])
    budget = Limits(20_000, None)
    assert tree.choose(state.clone(), Budget(budget), random.Random(0)) == plain.choose(
        state.clone(), Budget(budget), random.Random(0)
    )
    assert tree.search.iterations == 0


def test_later_positions_of_a_turn_score_only_the_turns_best_actions_and_what_opened() -> None:
    planner = CheckRiskPlanner(CR, STRENGTHS["hard"])
    adapter = TurnAdapter(planner)
    state = CR.position({"b2": (0, 4), "d2": (0, 3), "f2": (0, 3), "c6": (1, 3), "f7": (1, 4)}, round=6)
    adapter.start(0, Budget(Limits(None, None)))
    before = planner.eval.evaluations
    adapter.act_scores(state, state.legal_actions())
    first = planner.eval.evaluations - before
    move = A.Move(cell("b2"), cell("b3"), 4)
    later = state.clone()
    later.apply(move)
    before = planner.eval.evaluations
    kept = [action for action, _ in adapter.act_scores(later, later.legal_actions())]
    assert planner.eval.evaluations - before < first
    ranking = adapter.rankings[(0, state.round)]
    assert len(ranking) > RESCORED
    # The stack that moved has new moves; they are scored though the turn's first ranking never saw them.
    opened = [a for a in planner.candidates(later) if a not in ranking]
    assert opened and all(isinstance(a, A.Move | A.Attack) and a.origin == cell("b3") for a in opened if a != A.END)
    assert kept


def test_on_the_same_budget_hard_searches_deeper_than_the_reference() -> None:
    state = CR.position(
        {"b2": (0, 4), "d2": (0, 3), "f2": (0, 3), "g1": (0, 2), "c6": (1, 3), "f7": (1, 4), "d7": (1, 3)}, round=6
    )
    hard = make_planner(CR, "hard")
    assert isinstance(hard, CheckRiskTreePlanner)
    reference = ReferencePlanner(CR)
    nodes = 20_000
    hard.choose(state.clone(), Budget(Limits(nodes, None)), random.Random(0))
    # The reference spends its share of a budget: give it the budget that leaves it the same nodes as hard.
    reference.choose(state.clone(), Budget(Limits(int(nodes * hard.share / reference.share), None)), random.Random(0))
    assert hard.search.iterations > 2 * reference.search.iterations


def test_hard_plays_a_legal_duel_to_the_end() -> None:
    from ai.controllers import make_controller

    game = registry.load("checkrisk", "frontline").with_options({"turn_limit": 10})
    players = [make_controller("hard@3000", game, 1), make_controller("normal@3000", game, 2)]
    state = game.initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        action = players[player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.outcome() is not None
