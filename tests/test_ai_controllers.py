"""Controllers: specs, the human inbox, cancelling, hints, and acting for the seat that decides."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

import ai
from ai.controllers import AIController, Cancelled, HumanController, make_controller, quick_choice
from ai.levels import LEVELS, QUICK_SECONDS, parse_level, quick_level
from game.engine import registry
from tests.toygames import NimGame, RaceGame
from tests.waits import ends


@pytest.mark.parametrize("spec", ["random", "greedy", "easy", "normal", "hard", "ai:normal", " AI:Hard ", "hard@500"])
def test_make_controller_accepts_level_specs(spec: str) -> None:
    controller = make_controller(spec, NimGame(), seed=1)
    assert isinstance(controller, AIController)
    assert controller.level == spec.strip().lower().removeprefix("ai:").partition("@")[0]
    assert controller.choose(NimGame(6).initial_state()) in (1, 2, 3)


def test_make_controller_human_and_bad_specs() -> None:
    assert isinstance(make_controller("human", NimGame()), HumanController)
    for bad in ("expert", "ai:", "hard@", "hard@-3", "hard@xs", "greedy@100"):
        with pytest.raises(ValueError, match="AI"):
            make_controller(bad, NimGame())


def test_level_budgets_follow_the_spec() -> None:
    assert parse_level("hard").seconds == 1.5 and parse_level("normal").seconds == 0.6
    assert parse_level("easy").seconds == 0.2
    assert parse_level("hard@1234").nodes == 1234 and parse_level("hard@1234").seconds == 1.5
    timed = parse_level("normal@0.3s")
    assert timed.nodes is None and timed.seconds == 0.3
    assert parse_level("hard@time").nodes is None
    assert LEVELS["easy"].max_depth < LEVELS["hard"].max_depth and LEVELS["easy"].mistake_rate > 0


def test_human_controller_waits_for_a_legal_submission() -> None:
    human = HumanController()
    state = NimGame(2).initial_state()
    result: list = []
    worker = threading.Thread(target=lambda: result.append(human.choose(state)))
    worker.start()
    human.submit(3)  # not legal with two stones: dropped
    human.submit(2)
    ends(worker, "the choice")
    assert result == [2]


def test_human_controller_cancel_raises() -> None:
    human = HumanController()
    stop = threading.Event()
    errors: list = []

    def wait() -> None:
        try:
            human.choose(NimGame(5).initial_state(), stop)
        except Cancelled as exc:
            errors.append(exc)

    worker = threading.Thread(target=wait)
    worker.start()
    stop.set()
    ends(worker, "the choice")
    assert len(errors) == 1


def test_ai_cancel_returns_a_legal_move_from_an_unbounded_search() -> None:
    state = registry.load("kubtafl").initial_state()
    controller = AIController(state.game, replace(LEVELS["hard"], nodes=None, seconds=None), seed=4)
    evaluate = controller.knowledge.evaluate
    calls = []

    def evaluate_then_cancel(position, seat):
        # The search runs inline; part-way through it, cancel() is called as another thread would call it.
        calls.append(1)
        if len(calls) == 200:
            controller.cancel()
        return evaluate(position, seat)

    controller.knowledge.evaluate = evaluate_then_cancel
    assert controller.choose(state) in state.legal_actions()
    assert 200 <= len(calls) < 1000  # it stopped soon after the cancel instead of searching on without limit


def test_a_stop_raised_before_the_search_still_gives_a_legal_move() -> None:
    state = registry.load("kubtafl").initial_state()
    controller = AIController(state.game, replace(LEVELS["hard"], nodes=None, seconds=None), seed=4)
    stop = threading.Event()
    stop.set()
    assert controller.choose(state, stop) in state.legal_actions()


def test_controllers_refuse_chance_and_finished_states() -> None:
    race = RaceGame(2).initial_state()
    race.apply("roll")
    with pytest.raises(ValueError, match="chance"):
        make_controller("random", race.game).choose(race)
    nim = NimGame(1).initial_state()
    nim.apply(1)
    with pytest.raises(ValueError):
        make_controller("greedy", nim.game).choose(nim)


def test_hint_suggests_the_winning_move() -> None:
    assert ai.hint(NimGame(7).initial_state(), level="hard@5000") == 3
    state = registry.load("kubtafl").initial_state()
    assert ai.hint(state, level="easy@200", seed=1) in state.legal_actions()


def test_choose_acts_for_the_seat_asked_even_out_of_turn() -> None:
    race = RaceGame(2, length=12).state_from_dict({"track": [9, 11], "turn": 0, "phase": "answer", "moves": 8})
    assert race.current_player() == 1
    for spec in ("greedy", "easy@400", "hard@400"):
        # Allowing lets seat 0 finish at once; halving keeps seat 1 in the race.
        assert make_controller(spec, race.game, seed=2).choose(race) == "halve"


def test_the_quick_search_is_the_easy_searcher_without_its_deliberate_mistakes() -> None:
    quick = quick_level()
    assert quick.mistake_rate == 0 and quick.seconds == QUICK_SECONDS <= 0.1
    assert quick.nodes == LEVELS["easy"].nodes and quick.name == "easy"  # the easy level's planner strength
    # Taking 3 of 7 wins; the easy level sometimes errs on purpose, the quick search (which stands in for a lost
    # search) never does.
    easy = [make_controller("easy", NimGame(), seed=seed).choose(NimGame(7).initial_state()) for seed in range(40)]
    assert set(easy) != {3}
    # (its tenth of a second is a guard for the window: given the time a loaded machine may need, it never errs)
    unhurried = replace(quick, seconds=10.0)
    assert {AIController(NimGame(), unhurried, seed).choose(NimGame(7).initial_state()) for seed in range(40)} == {3}
    state = registry.load("kubtafl").initial_state()
    assert quick_choice(state, 1) in state.legal_actions()
