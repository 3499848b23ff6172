"""The engine seam: outcomes, events, exact chance sampling and the driver, on the toy dice race."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from game.engine import Event, GameOver, Outcome, State, registry
from game.engine.atomic import write_json_atomic
from game.engine.core import quick_init
from game.engine.driver import play, random_playout, replay, sample_outcome
from tests.toygames import Advanced, RaceGame, Rolled


class Always:
    """Plays `action` whenever it is legal, else the first legal action (a race's out-of-turn answer)."""

    def __init__(self, action: str) -> None:
        self.action = action

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        return self.action if self.action in legal else legal[0]


def test_outcome_scores_and_round_trip() -> None:
    win = Outcome((1,), "d20_destroyed")
    assert win.winner == 1 and not win.is_draw and win.score(1) == 1 and win.score(0) == 0
    draw = Outcome((0, 1, 2), "turn_limit", num_players=4)
    assert draw.winner is None and draw.is_draw and draw.score(2) == Fraction(1, 3) and draw.score(3) == 0
    assert Outcome.from_dict(json.loads(json.dumps(draw.to_dict()))) == draw


def test_event_to_dict_is_json_safe() -> None:
    data = Advanced(0, 3).to_dict()
    assert data == {"kind": "Advanced", "seat": 0, "steps": 3}
    assert GameOver((1,), "x").to_dict() == {"kind": "GameOver", "winners": [1], "reason": "x"}
    json.dumps(data)


@quick_init
@dataclasses.dataclass(frozen=True)
class _Quick(Event):
    seat: int
    cell: str
    note: str = ""


@dataclasses.dataclass(frozen=True)
class _Generated(Event):
    seat: int
    cell: str
    note: str = ""


def test_quick_init_builds_the_same_frozen_event_as_the_dataclass() -> None:
    for args, kwargs in (((0, "c2"), {}), ((1, "d4", "x"), {}), ((2,), {"cell": "e5", "note": "y"})):
        quick, generated = _Quick(*args, **kwargs), _Generated(*args, **kwargs)
        assert dataclasses.astuple(quick) == dataclasses.astuple(generated)
        assert repr(quick) == repr(generated).replace("_Generated", "_Quick")
    assert _Quick(0, "c2") == _Quick(seat=0, cell="c2", note="") and hash(_Quick(0, "c2")) == hash(_Quick(0, "c2"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        _Quick(0, "c2").seat = 1
    with pytest.raises(TypeError):
        _Quick(0)
    with pytest.raises(TypeError):
        _Quick(0, "c2", seat=1)
    with pytest.raises(TypeError, match="frozen dataclass"):
        quick_init(dataclasses.dataclass(type("Loose", (), {"__annotations__": {"x": int}})))


def test_sample_outcome_is_exact_and_seeded() -> None:
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2))]
    rng = random.Random(1)
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(6000))
    assert abs(counts["a"] / 6000 - 1 / 6) < 0.02 and abs(counts["c"] / 6000 - 1 / 2) < 0.02
    assert [sample_outcome(outcomes, random.Random(5)) for _ in range(3)] == [
        sample_outcome(outcomes, random.Random(5)) for _ in range(3)
    ]
    with pytest.raises(ValueError):
        sample_outcome([("a", Fraction(1, 2))], rng)
    with pytest.raises(ValueError):
        sample_outcome([], rng)


def test_driver_plays_to_the_end_and_replays() -> None:
    game = RaceGame()
    seen: list[list[Event]] = []
    record = play(game.initial_state(), [Always("roll"), Always("roll")], rng=7, on_step=lambda s, a, e: seen.append(e))
    assert record.outcome is not None and record.outcome.reason == "finished"
    assert any(isinstance(e, GameOver) for events in seen for e in events)
    # The same seed and decisions give the same game; the record replays it exactly.
    again = play(game.initial_state(), [Always("roll"), Always("roll")], rng=random.Random(7))
    assert again.actions == record.actions
    replayed = replay(game.initial_state(), record.actions)
    assert replayed.outcome() == record.outcome
    assert json.loads(json.dumps(record.to_dict()))["actions"] == record.actions


def test_random_playout_plays_to_the_end_reproducibly() -> None:
    lengths = []
    for _ in range(2):
        state = RaceGame().initial_state()
        seen: list[int] = []
        lengths.append(random_playout(state, random.Random(3), on_step=lambda s, seen=seen: seen.append(s.moves)))
        assert state.is_terminal() and len(seen) == lengths[-1]
    assert lengths[0] == lengths[1] > 0


def test_driver_stops_at_max_actions() -> None:
    record = play(RaceGame().initial_state(), [Always("step"), Always("step")], rng=1, max_actions=5)
    assert len(record.actions) == 5 and record.outcome is None


def test_preview_leaves_state_unchanged() -> None:
    state = RaceGame().initial_state()
    state.apply("roll")
    before = state.to_dict()
    assert state.preview(2) == [Rolled(0, 2), Advanced(0, 2)]
    assert state.to_dict() == before


def test_state_equality_uses_the_dict_form() -> None:
    game = RaceGame()
    a, b = game.initial_state(), game.initial_state()
    assert a == b
    b.apply("step")
    assert a != b


def test_registry_level_errors_name_the_file(tmp_path) -> None:
    for mode in registry.modes():
        bad = tmp_path / "broken.json"
        bad.write_text("{ not json", encoding="utf-8")
        with pytest.raises(ValueError) as err:
            registry.load(mode, str(bad))
        assert "broken.json" in str(err.value) and "not valid JSON" in str(err.value)
        missing = tmp_path / "missing.json"
        with pytest.raises(ValueError) as err:
            registry.load(mode, str(missing))
        assert "cannot read" in str(err.value)


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path) -> None:
    target = tmp_path / "save" / "state.json"
    write_json_atomic(target, {"a": 1})
    write_json_atomic(target, {"a": 2, "text": "кубики"})
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 2, "text": "кубики"}
    assert [p.name for p in target.parent.iterdir()] == ["state.json"]


def test_atomic_write_keeps_the_old_file_when_serialising_fails(tmp_path) -> None:
    target = tmp_path / "state.json"
    write_json_atomic(target, {"good": True})
    with pytest.raises(TypeError):
        write_json_atomic(target, {"bad": object()})
    assert json.loads(target.read_text(encoding="utf-8")) == {"good": True}
