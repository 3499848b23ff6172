"""The CheckRisk planner and the Battle Checkers search: exact odds, battle and fate decisions, safe plans."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from ai import arena
from ai.battle_checkers_eval import BattleCheckersEval, approaches, fate_kill_chance
from ai.battle_checkers_search import DUEL_RESULTS, FATE_RESULTS, REPEL_RESULTS, BattleCheckersSearch
from ai.battle_checkers_search import STRENGTHS as BC_STRENGTHS
from ai.budget import Budget, Limits
from ai.checkrisk_eval import WIN, CheckRiskEval, fight_table, relative
from ai.checkrisk_planner import STRENGTHS as CR_STRENGTHS
from ai.checkrisk_planner import CheckRiskPlanner, fight_to, generated_layouts
from ai.controllers import AIController, make_controller
from game.engine import registry
from game.engine.battle_checkers.actions import (
    DUEL_OUTCOMES,
    FATE,
    FATE_OUTCOMES,
    NOFATE,
    REPEL_MIN,
    REPEL_OUTCOMES,
    ROLL_OUTCOMES,
    Attack,
    EndTurn,
    Preset,
    Roll,
)
from game.engine.battle_checkers.geometry import FRONT, RIGHT
from game.engine.battle_checkers.odds import attack_odds, side_odds
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.odds import battle_distribution, battle_odds
from game.engine.core import CHANCE
from game.engine.driver import replay, sample_chance

CR: Any = registry.load("checkrisk", "standard")
BC: Any = registry.load("battle_checkers", "standard")


def choose(game: Any, state: Any, level: str = "hard", seed: int = 0) -> Any:
    """The level's decision (node budget only, so the test never depends on the machine's speed)."""
    return make_controller(f"{level}@20000", game, seed).choose(state)


def cr(stacks: dict[str, tuple[int, int]], **fields: Any) -> Any:
    return CR.position(stacks, **fields)


def bc(
    units: list[tuple],
    *,
    player: int = 0,
    dice: Any = (3, 5),
    spirit=(6, 6),
    phase: str = "main",
    fate_player: Any = None,
) -> Any:
    data = {
        "board": [BC.board.width, BC.board.height],
        "spirit": list(spirit),
        "units": [{"cell": u[0], "owner": u[1], "facing": u[2], **(u[3] if len(u) > 3 else {})} for u in units],
        "phase": phase,
        "player": player,
        "turn": 1,
        "dice": list(dice) if dice is not None and phase != "roll" else None,
        "spent": [False, False],
        "pending": None,
        "fate_player": fate_player,
    }
    return BC.state_from_dict(data)


# ---------------------------------------------------------------------------------------------- wiring
#: Each mode with a planner of its own and the planner's class (from the registry).
PLANNED = [
    (spec.name, type(registry.resolve(spec.planner)(registry.load(spec.name), "hard")))
    for spec in registry.MODES
    if spec.planner is not None
]
#: A board mode the generic searchers play.
UNPLANNED = next(spec.name for spec in registry.MODES if spec.board and spec.planner is None)


@pytest.mark.parametrize(("mode", "kind"), PLANNED)
def test_every_search_level_uses_the_modes_own_searcher(mode: str, kind: type) -> None:
    game = registry.load(mode, "standard")
    for level in ("easy", "normal", "ai:hard", "hard@500"):
        assert isinstance(_ai(level, game).planner, kind)
    assert _ai("greedy", game).planner is None
    assert _ai("hard", registry.load(UNPLANNED, "standard")).planner is None


def _ai(spec: str, game: Any) -> AIController:
    controller = make_controller(spec, game, 0)
    assert isinstance(controller, AIController)
    return controller


@pytest.mark.parametrize(("mode", "kind"), PLANNED)
def test_the_hint_comes_from_the_hard_level_of_the_modes_own_searcher(mode: str, kind: type, home: Any) -> None:
    from game.client.play.session import GameSession
    from game.client.play.worker import InlineExecutor

    executor = InlineExecutor(hold=True)
    session = GameSession(mode, "standard", None, seed=4, autosave=False, executor=executor)
    assert session.request_hint()
    job = executor.pending[0][0]
    assert job.spec == "hard" and job.mode == mode
    assert isinstance(_ai(job.spec, session.game).planner, kind)
    assert executor.run_pending() == 1
    assert session.poll_hint() in session.state.legal_actions()


# ---------------------------------------------------------------------------------------------- CheckRisk


def test_C11_fight_table_uses_the_exact_battle_odds() -> None:
    for a in range(1, 7):
        for d in range(1, 7):
            win, lost_a, lost_d = fight_table(a, d)
            assert win == pytest.approx(float(battle_odds(a, d)[0]), abs=1e-12)
            dist = battle_distribution(a, d, a + d)
            assert lost_a == pytest.approx(float(sum(p * (a - x) for (x, _), p in dist.items())), abs=1e-12)
            assert lost_d == pytest.approx(float(sum(p * (d - y) for (_, y), p in dist.items())), abs=1e-12)
    assert Fraction(fight_table(2, 1)[0]).limit_denominator(100) == Fraction(19, 21)


@pytest.mark.parametrize("a0", range(1, 7))
@pytest.mark.parametrize("d0", range(1, 7))
def test_C12_fight_to_reaches_every_end_of_a_battle(a0: int, d0: int) -> None:
    for a, d in battle_distribution(a0, d0, a0 + d0):
        state = cr({"c3": (0, a0), "c4": (1, d0), "h8": (1, 1)})
        state.apply(A.Attack(CR.cell_index("c3"), CR.cell_index("c4"), a0))
        fight_to(state, a, d)
        if a and d:
            assert (state.battle.attackers, state.count[CR.cell_index("c4")]) == (a, d)
        else:
            assert state.battle is None or state.battle.stage == "occupy"
            assert state.count[CR.cell_index("c4")] == d
            assert state.count[CR.cell_index("c3")] == a


def test_C7_income_matches_the_reinforcements_the_engine_deals() -> None:
    rng = random.Random(3)
    ev = CheckRiskEval(CR)
    for _ in range(40):
        stacks = {}
        for cell in rng.sample(range(64), 30):
            stacks[CR.cell_name(cell)] = (rng.randrange(2), rng.randint(1, 3))
        state = cr(stacks)
        for seat in (0, 1):
            due = sum(t for _, t in state.reinforcement_due(seat))
            assert ev.income(state, seat) == min(due, state.supply[seat])


def test_C15_cells_weigh_more_as_the_turn_limit_comes_near() -> None:
    ev = CheckRiskEval(CR)
    early = ev.cell_weight(cr({"a1": (0, 1), "h8": (1, 1)}, round=10))
    late = ev.cell_weight(cr({"a1": (0, 1), "h8": (1, 1)}, round=60))
    assert late > 2 * early


def test_with_more_seats_the_leader_counts_most() -> None:
    base = [10.0, 10.0, 10.0, 10.0]
    stronger_leader = [10.0, 14.0, 10.0, 10.0]
    stronger_trailer = [10.0, 12.0, 9.0, 13.0]
    out = [False] * 4
    assert relative(stronger_leader, 0, out) < relative(base, 0, out)
    # Same total for the others, but the leader is stronger: worse for seat 0.
    assert relative([10.0, 16.0, 8.0, 8.0], 0, out) < relative(stronger_trailer, 0, out)
    assert relative([10.0, 4.0], 0, [False, False]) == 6.0


def test_C8_ending_the_turn_is_judged_on_the_same_clock_as_acting() -> None:
    # A position inside the deciding seat's turn is judged as if the turn had ended; with no supply left,
    # 'end' changes nothing else, so both must be worth the same (else ending early looks like a gain).
    rng = random.Random(5)
    planner = CheckRiskPlanner(CR, CR_STRENGTHS["hard"])
    planner.budget = Budget(Limits(None, None))
    for _ in range(30):
        stacks = {CR.cell_name(c): (rng.randrange(2), rng.randint(1, 6)) for c in rng.sample(range(64), 14)}
        seat = rng.randrange(2)
        state = cr(stacks, round=rng.randint(1, 59), seat=seat, supply=[0, 0])
        if state.is_terminal():
            continue
        planner.me = seat
        ended = state.clone()
        ended.apply(A.END)
        assert planner.leaf(state) == pytest.approx(planner.leaf(ended))


def test_checkrisk_hunts_scattered_tokens_once_the_supply_is_spent() -> None:
    # A lone six far from the enemy's last lone tokens: hard closes in instead of ending its turn.
    state = cr({"a1": (0, 6), "h8": (1, 1), "g8": (1, 1)}, round=20, supply=[0, 0], removed=[44, 48])
    played = own_turn(state.clone())
    moves = [a for a in played if isinstance(a, A.Move)]
    assert moves and moves[0].origin == CR.cell_index("a1")
    distance = CheckRiskEval(CR).distance
    h8 = CR.cell_index("h8")
    after = state.clone()
    for action in played:
        after.apply(action)
    nearest = min(distance[cell][h8] for cell in range(64) if after.owner[cell] == 0)
    assert nearest < distance[CR.cell_index("a1")][h8]
    assert CheckRiskEval(CR).hunt(after, 0) > CheckRiskEval(CR).hunt(state, 0)


def test_checkrisk_takes_the_winning_attack_on_the_last_enemy_stack() -> None:
    state = cr({"d4": (0, 6), "d5": (1, 1), "a1": (0, 3)})
    action = choose(CR, state)
    assert isinstance(action, A.Attack) and action.target == CR.cell_index("d5")


def own_turn(state: Any, seed: int = 0, level: str = "hard", game: Any = CR) -> list[Any]:
    """The actions a level (hard unless named) plays for the seat to act until its turn ends (dice seeded)."""
    seat, rng, played = state.seat, random.Random(seed), []
    controller = make_controller(f"{level}@20000", game, seed)
    while not state.is_terminal() and state.seat == seat:
        player = state.current_player()
        action = sample_chance(state, rng) if player == CHANCE else controller.choose(state)
        if player == seat:
            played.append(action)
        state.apply(action)
    return played


def test_checkrisk_a_seat_ahead_breaks_a_standoff_by_moving_beside_and_attacking() -> None:
    # Eighteen tokens against twelve, the supply spent, two sixes a step apart: moving beside the enemy six scores
    # below standing still, so only the approach search finds the move and the attack in one turn (C9, C10).
    stacks = {"c3": (0, 6), "a1": (0, 6), "b1": (0, 6), "e3": (1, 6), "h8": (1, 6)}
    state = cr(stacks, round=20, supply=[0, 0], removed=[32, 38])
    played = [(type(a), a.origin, a.target) for a in own_turn(state.clone()) if isinstance(a, A.Move | A.Attack)]
    c3, d3, e3 = (CR.cell_index(c) for c in ("c3", "d3", "e3"))
    assert (A.Move, c3, d3) in played
    assert played.index((A.Attack, d3, e3)) > played.index((A.Move, c3, d3))
    beam_only = CheckRiskPlanner(CR, replace(CR_STRENGTHS["hard"], approach=0))
    first = beam_only.choose(state.clone(), Budget(Limits(20_000, None)), random.Random(0))
    assert isinstance(first, A.Move) and first.target != d3


def test_checkrisk_normal_masses_only_once_ahead_and_hard_always() -> None:
    # Supply spent, two stacks of three side by side: against an even, massed enemy normal spreads them for cells;
    # against a beaten or a scattered one it masses them into a six to run it down; hard masses in every case.
    mine = {"b2": (0, 3), "c2": (0, 3), "a1": (0, 1)}
    for theirs, removed, masses in (
        ({"e7": (1, 6), "f7": (1, 2)}, [43, 42], {"normal": False, "hard": True}),
        ({"g7": (1, 1)}, [43, 49], {"normal": True, "hard": True}),
        (
            {"e7": (1, 1), "f8": (1, 1), "g7": (1, 1), "h8": (1, 1), "d8": (1, 1), "b8": (1, 1), "a7": (1, 1)},
            [43, 43],
            {"normal": True, "hard": True},
        ),
    ):
        for level, expected in masses.items():
            state = cr({**mine, **theirs}, round=20, supply=[0, 0], removed=removed)
            own_turn(state, level=level)
            biggest = max(n for o, n in zip(state.owner, state.count, strict=True) if o == 0)
            assert (biggest == 6) == expected, (level, theirs)


def test_checkrisk_with_four_seats_hard_masses_once_the_supply_is_spent_and_normal_spreads() -> None:
    # Corners4, every supply spent, the enemies down to lone tokens: hard knows the war of attrition with any
    # number of seats (a six eats lone tokens at a profit), normal only in a duel and keeps spreading for cells.
    c4 = registry.load("checkrisk", "corners4")
    stacks = {
        "b2": (0, 3),
        "c2": (0, 3),
        "a1": (0, 1),
        "e5": (1, 1),
        "f6": (1, 1),
        "a5": (1, 1),
        "g3": (2, 1),
        "h1": (2, 1),
        "h8": (3, 1),
        "a8": (3, 1),
    }
    results = {}
    for level in ("hard", "normal"):
        state = c4.position(stacks, round=30, supply=[0, 0, 0, 0], removed=[43, 47, 48, 48])
        own_turn(state, level=level, game=c4)
        results[level] = state
    hard, normal = results["hard"], results["normal"]
    assert max(n for o, n in zip(hard.owner, hard.count, strict=True) if o == 0) == 6
    assert max(n for o, n in zip(normal.owner, normal.count, strict=True) if o == 0) <= 3
    assert sum(o == 0 for o in normal.owner) > sum(o == 0 for o in hard.owner)


def test_checkrisk_attacks_a_weak_stack_with_a_strong_one() -> None:
    # With supply left it may first spread for income; within the turn the six takes the lone token.
    for supply in (None, [0, 0]):
        fields = {} if supply is None else {"supply": supply}
        state = cr({"d4": (0, 6), "d5": (1, 1), "a1": (0, 3), "h8": (1, 6), "g8": (1, 6), "h7": (1, 6)}, **fields)
        played = own_turn(state)
        attacks = [(a.origin, a.target) for a in played if isinstance(a, A.Attack)]
        assert (CR.cell_index("d4"), CR.cell_index("d5")) in attacks


def test_checkrisk_withdraws_from_a_hopeless_battle_and_fights_on_a_winning_one() -> None:
    hopeless = cr({"c3": (0, 3), "c4": (1, 6), "h8": (1, 2), "a1": (0, 4)})
    hopeless.apply(A.Attack(CR.cell_index("c3"), CR.cell_index("c4"), 3))
    hopeless.apply(A.Roll(0, 2))  # one attacker left against six
    assert hopeless.battle.stage == "attacker"
    assert choose(CR, hopeless) == A.WITHDRAW
    winning = cr({"c3": (0, 6), "c4": (1, 2), "h8": (1, 2), "a1": (0, 4)})
    winning.apply(A.Attack(CR.cell_index("c3"), CR.cell_index("c4"), 6))
    winning.apply(A.Roll(1, 0))  # six against one
    assert choose(CR, winning) == A.CONTINUE


def test_checkrisk_defender_retreats_a_lone_token_from_a_big_attack() -> None:
    state = cr({"c3": (0, 6), "c4": (1, 2), "h8": (1, 5), "a1": (0, 4)})
    state.apply(A.Attack(CR.cell_index("c3"), CR.cell_index("c4"), 6))
    state.apply(A.Roll(1, 0))
    state.apply(A.CONTINUE)
    assert state.current_player() == 1 and state.battle.stage == "defender"
    action = choose(CR, state)
    assert isinstance(action, A.Retreat)


def test_checkrisk_occupies_a_won_cell() -> None:
    state = cr({"c3": (0, 6), "c4": (1, 1), "h8": (1, 5), "a1": (0, 4)})
    state.apply(A.Attack(CR.cell_index("c3"), CR.cell_index("c4"), 6))
    state.apply(A.Roll(1, 0))
    assert state.battle.stage == "occupy"
    action = choose(CR, state)
    assert isinstance(action, A.Occupy) and 1 <= action.k < 6


def _traded(state: Any, cells: tuple[str, ...]) -> Any:
    """The same position with one token taken off each of `cells` (removed in battle, C11)."""
    data = state.to_dict()
    for stack in data["stacks"]:
        if stack["cell"] in cells:
            stack["count"] -= 1
            data["removed"][stack["owner"]] += 1
    return CR.state_from_dict(data)


def test_C14_a_seat_ahead_gains_by_trading_down_and_one_behind_does_not() -> None:
    # Seat 0 holds far more; a battle that costs each side one token brings the enemy's elimination nearer.
    stacks = {**{f"{c}1": (0, 3) for c in "abcdefgh"}, "d4": (0, 3), "d5": (1, 3), "h8": (1, 2)}
    before = cr(stacks, round=30)
    after = _traded(before, ("d4", "d5"))
    ev = CheckRiskEval(CR)
    assert ev.seat_scores(after)[0] - ev.seat_scores(after)[1] == pytest.approx(
        ev.seat_scores(before)[0] - ev.seat_scores(before)[1], abs=0.5
    )  # material alone hardly moves
    assert ev.value(after, 0) > ev.value(before, 0) + 1.0
    assert ev.value(after, 1) <= ev.value(before, 1) + 1e-9


def test_C14_no_unfinished_game_is_worth_a_win_however_far_ahead() -> None:
    ev = CheckRiskEval(CR)
    mine = {f"{c}1": (0, 6) for c in "abcdefgh"}
    nearly = cr({**mine, "d5": (1, 1)}, round=59, supply=[2, 0], removed=[0, 49])
    less_far = cr({**mine, "d5": (1, 3)}, round=59, supply=[2, 0], removed=[0, 47])
    assert ev.value(less_far, 0) < ev.value(nearly, 0) < WIN


@pytest.mark.parametrize("level", ["standard", "corners4", "large10"])
def test_C6_the_planner_deploys_a_whole_layout_for_every_seat(level: str) -> None:
    game: Any = registry.load("checkrisk", level)
    state: Any = game.initial_state()
    while state.phase == "deploy":
        state.apply(choose(game, state, "normal"))
    assert state.phase in ("act", "reinforce")
    for seat in range(game.num_players):
        assert state.tokens_on_board(seat) == game.spec.start_tokens
        assert set(state.cells_of(seat)) <= game.zone(seat)


def test_C4_generated_layouts_fit_the_zone_and_hold_every_token() -> None:
    for level in ("standard", "corners4", "large10"):
        game: Any = registry.load("checkrisk", level)
        zone = game.spec.zones[0]
        layouts = generated_layouts(zone, game.spec.start_tokens)
        assert len(layouts) >= 6
        for layout in layouts:
            assert set(layout) <= zone.cells and len(layout) <= zone.max_cells
            assert sum(layout.values()) == game.spec.start_tokens
            assert all(1 <= n <= 6 for n in layout.values())


def test_checkrisk_decisions_replay_with_a_seed_and_node_budget() -> None:
    state = cr({"c3": (0, 4), "c4": (1, 2), "d4": (1, 3), "e3": (0, 2), "a1": (0, 4), "h8": (1, 5)})
    first = [make_controller("normal@3000", CR, 7).choose(state) for _ in range(2)]
    assert first[0] == first[1]
    # A budget spent almost at once still gives a legal action.
    action = CheckRiskPlanner(CR, CR_STRENGTHS["hard"]).choose(state, Budget(Limits(nodes=5)), random.Random(0))
    assert action in state.legal_actions()


# ---------------------------------------------------------------------------------------------- Battle Checkers


def test_B7_approach_costs_match_the_engine_on_an_open_board() -> None:
    rng = random.Random(5)
    ev = BattleCheckersEval(BC)
    for _ in range(60):
        cell, target = rng.sample(range(100), 2)
        facing, target_facing = rng.randrange(8), rng.randrange(8)
        state = bc([(BC.board.name(cell), 0, "N"), (BC.board.name(target), 1, "N")])
        state.facing[cell], state.facing[target] = facing, target_facing
        for n, cost, _side in approaches(BC.board, cell, facing, target, target_facing):
            face = BC.board.direction(n, target)[0]
            engine = state.activation_cost(cell, n, face)
            if n == cell or (not state.next_to_enemy(cell) and ev._free_path(state, cell, n)):
                assert engine == cost
            else:
                assert engine is None


def test_B10_attack_branches_carry_the_engines_exact_odds() -> None:
    assert [p for _, p in DUEL_RESULTS] == [float(side_odds(FRONT, True, True))] * 2
    assert sum(p for (d,), p in REPEL_RESULTS if d < REPEL_MIN) == float(side_odds(RIGHT, True, True))
    for outcome, _ in DUEL_RESULTS + REPEL_RESULTS:
        assert outcome in {o for o, _ in DUEL_OUTCOMES + REPEL_OUTCOMES}


def test_B11_fate_results_cover_every_difference_with_its_exact_chance() -> None:
    assert len(FATE_RESULTS) == 11
    assert sum(Fraction(p).limit_denominator(36) for _, p in FATE_RESULTS) == 1
    for (mine, theirs), p in FATE_RESULTS:
        exact = sum(q for (x, y), q in FATE_OUTCOMES if x - y == mine - theirs)
        assert p == float(exact)
    assert fate_kill_chance(1) == 15 / 36 and fate_kill_chance(5) == 1 / 36 and fate_kill_chance(6) == 0


def test_B13_expected_best_threat_is_exact_over_the_roll() -> None:
    for cost in range(1, 13):
        exact = sum(p for (a, b), p in ROLL_OUTCOMES if a + b >= cost)
        assert BattleCheckersEval.expected_best([(cost, 1.0, 0, 1)]) == pytest.approx(float(exact), abs=1e-12)


def test_battle_checkers_takes_a_sure_kill() -> None:
    # Our d5 faces north onto the enemy's rear at d6 (it faces north too): B10, a rear attack always succeeds.
    state = bc([("d5", 0, "N"), ("d6", 1, "N"), ("j1", 0, "N"), ("a10", 1, "S")])
    assert attack_odds(state, "d5", "d6") == 1
    assert choose(BC, state) == Attack(BC.board.cell("d5"), BC.board.cell("d6"))


def _certain_kills(state: Any) -> list[Any]:
    """The attacks with odds 1 open to the side whose turn it is, after its roll."""
    return [a for a in state.attacks() if attack_odds(state, a.cell, a.target) == 1]


@pytest.mark.parametrize("dice", [(1, 3), (2, 4), (4, 4), (5, 6)])
def test_battle_checkers_never_leaves_a_rear_to_a_certain_kill_when_a_safe_plan_exists(dice) -> None:
    # The enemy at e4 faces our e5 from behind; turning e5 to face it (4 eighths) or killing it is safe.
    state = bc([("e5", 0, "N"), ("e4", 1, "N"), ("b2", 0, "E"), ("j10", 1, "S")], dice=dice)
    assert _certain_kills(_enemy_turn(state.clone(), []))  # ending the turn at once would leave the kill
    assert_turn_leaves_no_certain_kill(state)


def assert_turn_leaves_no_certain_kill(state: Any) -> None:
    """Play seat 0's turn by the hard level (fate rolls as their first outcome): after it, no enemy kill is certain."""
    plan: list[Any] = []
    while not state.is_terminal() and state.player == 0 and state.current_player() == 0:
        action = choose(BC, state)
        plan.append(action)
        state.apply(action)
        while state.current_player() == CHANCE and state.phase != "roll":
            state.apply(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        assert _certain_kills(_enemy_turn(state, plan)) == []


def _enemy_turn(state: Any, plan: list[Any]) -> Any:
    """The position after our turn ends and the enemy rolls (a double one: the attacks need no pips)."""
    if state.phase == "main" and state.player == 0:
        state.apply(EndTurn())
    if state.phase == "roll":
        state.apply(Roll(1, 1))
    return state


def test_battle_checkers_fate_roll_only_when_its_expectation_favours_it() -> None:
    units = [("d5", 0, "N"), ("h8", 1, "S"), ("a1", 0, "N"), ("j9", 1, "S")]
    # The enemy is one grain from losing and we have plenty: the roll can only end the game our way.
    ahead = bc(units, spirit=(10, 1), phase="fate_choice", fate_player=0)
    assert choose(BC, ahead) == FATE
    # We are one grain from losing: the roll risks the game for nothing.
    behind = bc(units, spirit=(1, 10), phase="fate_choice", fate_player=0)
    assert choose(BC, behind) == NOFATE
    search = BattleCheckersSearch(BC, BC_STRENGTHS["hard"])
    search.budget, search.me = Budget(Limits()), 0
    for state in (ahead, behind):
        called = search.fate_value(state)
        skipped = search.leaf(search._after(state, NOFATE))
        assert (choose(BC, state) == FATE) == (called > skipped)


def _gap(state: Any, seat: int) -> int:
    """The sum over the enemy's units of the distance (king steps) to the nearest unit of `seat`."""
    xy = BC.board.xy
    mine = [c for c in range(BC.board.size) if state.owner[c] == seat]
    theirs = [c for c in range(BC.board.size) if state.owner[c] == 1 - seat]
    return sum(min(max(abs(xy(e)[0] - xy(m)[0]), abs(xy(e)[1] - xy(m)[1])) for m in mine) for e in theirs)


@pytest.mark.parametrize(("units", "dice"), [
    ([("b2", 0, "N"), ("c2", 0, "N"), ("d2", 0, "N"), ("i9", 1, "S")], (3, 5)),
    ([("a1", 0, "NE"), ("b1", 0, "N"), ("i9", 1, "S")], (2, 5)),
])  # fmt: skip
def test_B12_a_side_ahead_closes_in_on_the_enemy_left(units: list[tuple], dice: tuple[int, int]) -> None:
    state = bc(units, dice=dice)
    after = state.clone()
    after.apply(choose(BC, state))
    assert _gap(after, 0) <= _gap(state, 0) - 4


def test_B13_both_sides_seek_contact_as_the_turn_limit_nears() -> None:
    ev = BattleCheckersEval(BC)
    units = [("b2", 0, "N"), ("c2", 0, "N"), ("h9", 1, "S"), ("i9", 1, "S")]
    early, late = bc(units, player=1), bc(units, player=1)
    late.position.turn = 2 * late.turn_limit - 10
    assert ev.contact_cost(early, 0) == ev.contact_cost(early, 1) == 0  # even, early: no side is pushed
    assert ev.contact_cost(late, 0) > 0 and ev.contact_cost(late, 1) > 0


def test_battle_checkers_deploys_with_a_preset() -> None:
    state = BC.initial_state()
    action = choose(BC, state)
    assert isinstance(action, Preset)
    state.apply(action)
    assert isinstance(choose(BC, state), Preset)


# ---------------------------------------------------------------------------------------------- arena


def test_placings_share_ties_and_rank_the_fallen_by_when_they_fell() -> None:
    assert arena.placings((2,), [0, 1], 4) == [4.0, 3.0, 1.0, 2.0]
    assert arena.placings((1,), [], 3) == [2.5, 1.0, 2.5]
    assert arena.placings((0, 1), [2], 3) == [1.5, 1.5, 3.0]


def test_seat_players_rotate_over_the_games() -> None:
    assert arena.seat_players(0, 4) == [0, 1, 2, 3]
    assert arena.seat_players(1, 4) == [3, 0, 1, 2]
    assert [arena.seat_players(i, 4).index(0) for i in range(4)] == [0, 1, 2, 3]


def test_seated_arena_reports_every_player_and_replays(tmp_path, capsys) -> None:
    out = tmp_path / "seats.json"
    code = arena.main(
        [
            "checkrisk",
            "--level",
            "corners3",
            "--seats",
            "greedy,random,random",
            "--games",
            "2",
            "--seed",
            "4",
            "--json",
            str(out),
            "--no-time-cap",
            "--quiet",
        ]
    )
    assert code == 0
    assert "place" in capsys.readouterr().out

    report = json.loads(out.read_text(encoding="utf-8"))
    assert [r["level"] for r in report["players"]] == ["greedy", "random", "random"]
    assert sum(r["score"] for r in report["players"]) == pytest.approx(1.0)
    for game in report["games"]:
        state = replay(registry.load("checkrisk", "corners3").initial_state(), game["actions"])
        outcome = state.outcome()
        assert outcome is not None and [game["players"][s] for s in outcome.winners] == game["winners"]
    assert [g["players"] for g in report["games"]] == [[0, 1, 2], [2, 0, 1]]


def test_seated_arena_refuses_a_wrong_seat_count(capsys) -> None:
    assert arena.main(["checkrisk", "--level", "corners4", "--seats", "hard,normal"]) == 2
    assert "4 seats" in capsys.readouterr().err
