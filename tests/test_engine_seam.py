"""The engine seam: outcomes, events, exact chance sampling and the driver, on a tiny dice race."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from game.engine import CHANCE, TERMINAL, Event, Game, GameOver, IllegalAction, Outcome, State, registry
from game.engine.atomic import write_json_atomic
from game.engine.driver import play, random_playout, replay, sample_outcome


@dataclass(frozen=True)
class Advanced(Event):
    seat: int
    steps: int


class RaceGame(Game):
    """Two seats race to 10; on a turn a seat either rolls a d3 and advances, or passes (and loses a point)."""

    name = "race"
    max_length = 200

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self) -> RaceState:
        return RaceState(self)

    def state_from_dict(self, data: dict[str, Any]) -> RaceState:
        state = RaceState(self)
        try:
            state.pos = [int(p) for p in data["pos"]]
            state.turn = int(data["turn"])
            state.rolling = bool(data["rolling"])
            state.moves = int(data["moves"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad race state: {exc}") from exc
        return state


class RaceState(State):
    def __init__(self, game: RaceGame) -> None:
        self.game = game
        self.pos = [0, 0]
        self.turn = 0
        self.rolling = False
        self.moves = 0

    def current_player(self) -> int:
        if self.outcome():
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_actions(self) -> list[str]:
        return [] if self.current_player() < 0 else ["roll", "pass"]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(k, Fraction(1, 3)) for k in (1, 2, 3)] if self.current_player() == CHANCE else []

    def apply(self, action: Any) -> list[Event]:
        if self.current_player() == CHANCE:
            if action not in (1, 2, 3):
                raise IllegalAction(f"not a d3 face: {action!r}")
            self.pos[self.turn] += action
            events: list[Event] = [Advanced(self.turn, action)]
            self.rolling = False
            self.turn = 1 - self.turn
        elif action in self.legal_actions():
            self.moves += 1
            if action == "roll":
                self.rolling = True
                return []
            self.pos[self.turn] = max(0, self.pos[self.turn] - 1)
            events = [Advanced(self.turn, -1)]
            self.turn = 1 - self.turn
        else:
            raise IllegalAction(f"not legal: {action!r}")
        result = self.outcome()
        if result:
            events.append(GameOver(result.winners, result.reason))
        return events

    def action_to_str(self, action: Any) -> str:
        return f"d3 {action}" if isinstance(action, int) else str(action)

    def action_from_str(self, text: str) -> Any:
        if text.startswith("d3 "):
            return int(text[3:])
        if text in ("roll", "pass"):
            return text
        raise IllegalAction(text)

    def clone(self) -> RaceState:
        return self.game.state_from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"pos": list(self.pos), "turn": self.turn, "rolling": self.rolling, "moves": self.moves}

    def outcome(self) -> Outcome | None:
        for seat in (0, 1):
            if self.pos[seat] >= 10:
                return Outcome((seat,), "finish")
        if self.moves >= 60:
            return Outcome((0, 1), "move_limit")
        return None


class Always:
    def __init__(self, action: str) -> None:
        self.action = action

    def choose(self, state: State) -> str:
        return self.action


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
    assert record.outcome is not None and record.outcome.reason == "finish"
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
    record = play(RaceGame().initial_state(), [Always("pass"), Always("pass")], rng=1, max_actions=5)
    assert len(record.actions) == 5 and record.outcome is None


def test_preview_leaves_state_unchanged() -> None:
    state = RaceGame().initial_state()
    state.apply("roll")
    before = state.to_dict()
    assert state.preview(2) == [Advanced(0, 2)]
    assert state.to_dict() == before


def test_state_equality_uses_the_dict_form() -> None:
    game = RaceGame()
    a, b = game.initial_state(), game.initial_state()
    assert a == b
    b.apply("pass")
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
