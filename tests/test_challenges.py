"""Challenges: every stored one is proven by the engine, its solution scores three stars, a wrong first move does
not, and a malformed file is refused with a message naming what is wrong."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import files, registry
from game.engine.core import JSON
from game.learn import challenge_search as search
from game.learn.battle_checkers_challenges import exposed_units
from game.learn.challenges import (
    BestTurn,
    Challenge,
    TurnGoal,
    WinIn,
    challenge_modes,
    complete_line,
    load_challenge,
    load_challenges,
    make_goal,
    make_turn_over,
    read_challenges,
    score,
    turn_stars,
    verify,
)

# Read without raising, so one damaged file fails its own test below instead of the whole module's collection.
READ = {mode: read_challenges(mode) for mode in challenge_modes()}
ALL = [c for good, _ in READ.values() for c in good]


@pytest.mark.parametrize("mode", challenge_modes())
def test_every_shipped_challenge_file_loads(mode: str) -> None:
    assert [str(e) for e in READ[mode][1]] == []


@pytest.mark.parametrize("mode", challenge_modes())
def test_each_game_has_a_dozen_challenges_ordered_by_difficulty(mode: str) -> None:
    found = load_challenges(mode)
    assert len(found) >= 12
    difficulties = [c.difficulty for c in found]
    assert difficulties == sorted(difficulties)
    assert difficulties[0] <= 2 and difficulties[-1] >= 9
    assert all(c.mode == mode for c in found)
    assert len({json.dumps(c.position, sort_keys=True) + repr(c.proof) for c in found}) == len(found)


def _wrong_first_moves(challenge: Challenge, state: object) -> list[str]:
    """The first decisions the proof does not accept; a turn keeps the runner-up and a few others (each costs a
    line played to the end)."""
    legal = [challenge.state().action_to_str(a) for a in challenge.state().legal_actions()]
    wrong = [t for t in legal if t not in challenge.proof.first_moves]
    if isinstance(challenge.proof, WinIn):
        return wrong
    return wrong[:: max(1, len(wrong) // 4)]


@pytest.mark.parametrize("challenge", ALL, ids=[f"{c.mode}-{c.id}" for c in ALL])
def test_challenge_is_proven_and_scored(challenge: Challenge) -> None:
    # The proof, repeated by exhaustive search: the stored first moves are exactly the winning (or best) ones.
    assert verify(challenge) == []
    result = score(challenge, challenge.solution)
    assert result.solved and result.stars == 3, result.detail
    assert result.detail.finished
    # Every accepted first move, played on with the best play, solves it with three stars.
    for first in challenge.proof.first_moves:
        line = complete_line(challenge, [first])
        accepted = score(challenge, line)
        assert accepted.solved and accepted.stars == 3, (first, line, accepted.detail)
    state = challenge.state()
    wrong = _wrong_first_moves(challenge, state)
    assert wrong, "a challenge where every first move is right teaches nothing"
    for first in wrong:
        # A Kubtafl defence escapes a wrong move (the proof shows it), so its line is the move alone.
        line = [first] if isinstance(challenge.proof, WinIn) else complete_line(challenge, [first])
        result = score(challenge, line)
        assert not result.solved and result.stars == 0, (first, result.detail)
        assert result.detail.reason == "wrong_first_move"


@pytest.mark.parametrize("challenge", [c for c in ALL if isinstance(c.proof, BestTurn)][:3], ids=lambda c: c.id)
def test_turn_score_is_the_exact_chance_of_the_plan(challenge: Challenge) -> None:
    result = score(challenge, challenge.solution)
    assert isinstance(challenge.proof, BestTurn)
    assert isinstance(result.detail.chance, Fraction)
    assert result.detail.chance == result.detail.best == challenge.proof.best
    # An unfinished attempt is scored as far as it goes but not solved.
    part = score(challenge, challenge.solution[:1])
    assert not part.solved and part.detail.reason == "unfinished" and part.detail.chance == challenge.proof.best


def test_kubtafl_wrong_first_move_is_refused_even_when_the_defence_later_errs() -> None:
    challenge = next(c for c in load_challenges("kubtafl") if c.proof.moves == 2)  # type: ignore[union-attr]
    state = challenge.state()
    wrong = next(a for a in state.legal_actions() if state.action_to_str(a) not in challenge.proof.first_moves)
    # The defence has a reply after which no win in one exists: the wrong move really lets it out.
    after = state.clone()
    after.apply(wrong)
    reply = search.stubborn_reply(after, challenge.seat, 1)
    assert reply is not None
    after.apply(reply)
    assert not after.is_terminal() and not search.winning_now(after, challenge.seat)
    result = score(challenge, [state.action_to_str(wrong)])
    assert not result.solved and result.detail.reason == "wrong_first_move" and result.detail.at == 0


def test_an_illegal_action_in_an_attempt_is_reported_not_raised() -> None:
    challenge = load_challenges("checkrisk")[0]
    result = score(challenge, [challenge.solution[0], "h9-h10:1"])
    assert not result.solved and result.detail.reason == "illegal" and result.detail.at == 1
    assert "h9-h10:1" in result.detail.message


def test_stars_of_a_turn_need_the_optimum_for_three() -> None:
    best = Fraction(19, 21)
    assert turn_stars(best, best) == 3
    assert turn_stars(best * Fraction(19, 20), best) == 2
    assert turn_stars(best * Fraction(4, 5), best) == 1
    assert turn_stars(best * Fraction(7, 10), best) == 0


# --------------------------------------------------------------------------------------------------- exact odds


def test_checkrisk_turn_search_gives_the_rules_battle_odds_exactly() -> None:
    """C11/C12: one action left, 2 against 1 beside it: the best chance to take the cell is 19/21 (attack with
    both); attacking with one is 1/3. Taking the enemy's last stack wins the game, which counts too."""
    game = registry.load("checkrisk", "frontline")
    state = game.position({"c3": (0, 2), "c4": (1, 1), "h8": (1, 1)}, actions_left=1)
    goal = make_goal(0, state, TurnGoal("take", cell="c4"))
    turn = search.TurnSearch(0, goal, make_turn_over("checkrisk", 0))
    values = {state.action_to_str(a): v for a, v in turn.action_values(state)}
    assert values["c3xc4:2"] == Fraction(19, 21)
    assert values["c3xc4:1"] == Fraction(1, 3)
    assert turn.value(state) == Fraction(19, 21)
    last = game.position({"c3": (0, 2), "c4": (1, 1)}, actions_left=1)
    goal = make_goal(0, last, TurnGoal("take", cell="c4"))
    assert search.TurnSearch(0, goal, make_turn_over("checkrisk", 0)).value(last) == Fraction(19, 21)


def test_checkrisk_wipe_out_does_not_count_a_retreat() -> None:
    """C12.4: a defender that retreats gives up the cell but keeps its tokens, so it is not wiped out."""
    game = registry.load("checkrisk", "frontline")
    state = game.position({"c3": (0, 6), "c4": (1, 1), "c6": (1, 1)}, actions_left=1)
    take = search.TurnSearch(0, make_goal(0, state, TurnGoal("take", cell="c4")), make_turn_over("checkrisk", 0))
    wipe = search.TurnSearch(0, make_goal(0, state, TurnGoal("wipe", cell="c4")), make_turn_over("checkrisk", 0))
    # The defender can retreat to c5 (to deny the wipe) but not hold the cell against six dice for ever.
    assert wipe.value(state) < take.value(state)


def test_battle_checkers_exposure_sees_a_unit_open_in_the_rear() -> None:
    """B9, B7: an enemy behind a unit can turn to it and strike the rear; one standing in front of it cannot move
    away (it starts next to an enemy) and meets its front."""
    game = registry.load("battle_checkers", "skirmish6")
    base: dict[str, JSON] = {
        "game": "battle_checkers",
        "board": [6, 6],
        "spirit": [6, 6],
        "phase": "roll",
        "player": 1,
        "turn": 2,
        "dice": None,
        "spent": [False, False],
        "to_place": [0, 0],
    }
    behind = dict(base, units=[_unit("c3", 0, "N"), _unit("c2", 1, "N")])
    ahead = dict(base, units=[_unit("c3", 0, "N"), _unit("c4", 1, "S")])
    assert exposed_units(game.state_from_dict(behind), 0) == [game.board.cell("c3")]
    assert exposed_units(game.state_from_dict(ahead), 0) == []


def _unit(cell: str, owner: int, facing: str) -> JSON:
    return {"cell": cell, "owner": owner, "facing": facing, "attack": True, "shield": True, "activated": False}


# --------------------------------------------------------------------------------------------------- bad files


def _good_data() -> dict[str, JSON]:
    path = sorted((Path(__file__).parents[1] / "levels" / "challenges" / "kubtafl").glob("*.json"))[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _refused(tmp_path: Path, data: object, text: str | None = None) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text if text is not None else json.dumps(data), encoding="utf-8")
    with pytest.raises(files.DamagedFile) as caught:
        load_challenge(path)
    assert str(path) in str(caught.value)
    return caught.value.reason


def test_the_good_sample_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(_good_data()), encoding="utf-8")
    assert load_challenge(path).mode == "kubtafl"


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d.pop("proof"), "proof: missing"),
        (lambda d: d.update(mode="chess"), "mode"),
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d.update(seat=1 - d["seat"]), "seat"),
        (lambda d: d.update(difficulty=0), "difficulty"),
        (lambda d: d["goal"].pop("ru"), "goal.ru: missing"),
        (lambda d: d["title"].update(en=""), "title.en: empty"),
        (lambda d: d.update(level="no_such_level"), "level"),
        (lambda d: d["position"]["dice"][0].update(value=99), "position.dice[0]"),
        (lambda d: d["position"].update(to_move="blue"), "position.to_move"),
        (lambda d: d["proof"].update(kind="best_turn"), "proof.kind"),
        (lambda d: d["proof"].update(moves=0), "proof.moves"),
        (lambda d: d["proof"].update(first_moves=["z9-z1"]), "proof.first_moves[0]"),
        (lambda d: d.update(solution=[]), "solution"),
        (lambda d: d.update(solution=[d["solution"][0], "a1-a1"]), "solution[1]"),
        (lambda d: d.update(solution=["a1>b1:99"]), "solution[0]"),
    ],
)
def test_a_malformed_challenge_names_what_is_wrong(tmp_path: Path, change: object, named: str) -> None:
    data = _good_data()
    change(data)  # type: ignore[operator]
    assert named in _refused(tmp_path, data)


def test_a_turn_proof_with_a_runner_up_above_the_best_is_refused(tmp_path: Path) -> None:
    path = sorted((Path(__file__).parents[1] / "levels" / "challenges" / "checkrisk").glob("*.json"))[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["proof"]["next_best"] = "1"
    assert "proof.next_best" in _refused(tmp_path, data)
    data["proof"]["next_best"] = "0"
    data["proof"]["best"] = "3/2"
    assert "proof.best" in _refused(tmp_path, data)
    data["proof"]["best"] = "1/2"
    data["proof"]["goal"] = {"kind": "take", "cell": "q99"}
    assert "proof.goal.cell" in _refused(tmp_path, data)


def test_a_file_that_is_not_json_or_not_an_object_is_refused(tmp_path: Path) -> None:
    assert "not valid JSON" in _refused(tmp_path, None, "{ not json")
    assert "JSON object" in _refused(tmp_path, [1, 2])


def test_a_damaged_file_is_set_aside_and_the_others_still_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "challenges" / "kubtafl"
    folder.mkdir(parents=True)
    (folder / "01.json").write_text(json.dumps(_good_data()), encoding="utf-8")
    (folder / "02.json").write_text("[]", encoding="utf-8")
    monkeypatch.setattr("game.learn.challenges.levels_dir", lambda: tmp_path)
    good, bad = read_challenges("kubtafl")
    assert [c.id for c in good] == ["01"]
    assert len(bad) == 1 and "02.json" in str(bad[0])
    with pytest.raises(files.DamagedFile):
        load_challenges("kubtafl")
