"""The arena: report shape, replayable games, side alternation, command line."""

from __future__ import annotations

import json

import pytest

from ai import arena
from game.engine import registry
from game.engine.driver import replay


def _check_report(report: dict, games: int, spec_a: str, spec_b: str) -> None:
    assert set(report) >= {"a", "b", "games", "mode", "seed", "average_plies"}
    for side, spec in (("a", spec_a), ("b", spec_b)):
        entry = report[side]
        assert entry["level"] == spec
        assert entry["wins"] + entry["draws"] + entry["losses"] == games
        assert 0 <= entry["decision_ms_median"] <= entry["decision_ms_p95"] <= entry["decision_ms_max"]
        assert 0 <= entry["decision_ms_mean"] <= entry["decision_ms_max"]
    assert report["a"]["wins"] == report["b"]["losses"] and report["a"]["draws"] == report["b"]["draws"]
    assert len(report["games"]) == games
    for game in report["games"]:
        assert set(game) >= {"seed", "winner", "plies", "actions", "seats"}
        assert game["winner"] in ("a", "b", None)


def _replay_matches(mode: str, level: str, game: dict) -> None:
    state = replay(registry.load(mode, level).initial_state(), game["actions"])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == game["reason"]
    sides = {game["seats"][seat] for seat in outcome.winners}
    assert game["winner"] == (sides.pop() if len(sides) == 1 else None)


def test_kubtafl_arena_report_replays_and_alternates_sides() -> None:
    report = arena.run("kubtafl", "skirmish", "easy@150", "greedy", games=2, seed=5, progress=False, time_cap=False)
    _check_report(report, 2, "easy@150", "greedy")
    assert [g["seats"] for g in report["games"]] == [["a", "b"], ["b", "a"]]
    assert [g["seed"] for g in report["games"]] == [5, 6]
    for game in report["games"]:
        _replay_matches("kubtafl", "skirmish", game)
    # Same seeds and node budgets: the same games again.
    again = arena.run("kubtafl", "skirmish", "easy@150", "greedy", games=2, seed=5, progress=False, time_cap=False)
    assert [g["actions"] for g in again["games"]] == [g["actions"] for g in report["games"]]


@pytest.mark.parametrize("mode", registry.modes())
def test_baselines_play_every_mode(mode: str) -> None:
    report = arena.run(mode, registry.DEFAULT_LEVEL, "random", "greedy", games=1, seed=2, progress=False)
    _check_report(report, 1, "random", "greedy")
    _replay_matches(mode, registry.DEFAULT_LEVEL, report["games"][0])


def test_arena_command_line_writes_table_and_json(tmp_path, capsys) -> None:
    out = tmp_path / "report.json"
    code = arena.main(
        ["kubtafl", "--level", "skirmish", "--a", "random", "--b", "greedy", "--games", "2", "--seed", "3",
         "--jobs", "2", "--json", str(out), "--no-time-cap"]
    )  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    assert "wins" in captured.out and "greedy" in captured.out
    assert "2/2" in captured.err  # the progress bar
    report = json.loads(out.read_text(encoding="utf-8"))
    _check_report(report, 2, "random", "greedy")
    for game in report["games"]:
        _replay_matches("kubtafl", "skirmish", game)


@pytest.mark.parametrize(
    "argv",
    [["nomode"], ["kubtafl", "--a", "expert"], ["kubtafl", "--b", "human"], ["kubtafl", "--games", "0"],
     ["kubtafl", "--level", "missing-level"]],
)  # fmt: skip
def test_arena_refuses_bad_arguments(argv: list[str], capsys) -> None:
    assert arena.main(argv) == 2
    assert "arena:" in capsys.readouterr().err


def test_seat_sides_alternate_for_more_seats() -> None:
    assert arena.seat_sides(0, 3) == ["a", "b", "a"]
    assert arena.seat_sides(1, 3) == ["b", "a", "b"]
    assert arena.seat_sides(1, 2) == ["b", "a"]
