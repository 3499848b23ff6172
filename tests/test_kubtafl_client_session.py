"""GameSession (mode-agnostic): seeded chance nodes, undo that never rerolls, exact resume, AI workers; plus
the animation queue, dice art and sound player the Kubtafl scene relies on."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame
import pytest

from game.client import saves
from game.client.anim import Anim, AnimQueue, Step
from game.client.kubtafl import dice_art
from game.client.play import session as session_module
from game.client.play.session import GameSession, parse_seat
from game.client.sound import SoundBank
from game.engine.core import CHANCE, TERMINAL, Event, Game, IllegalAction, Outcome, State


class DiceRace(Game):
    """A toy mode with chance nodes: each decision ('+1' or '+2') is followed by a d6 roll added to the mover."""

    name = "dice_race"

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self) -> State:
        return RaceState(self, [0, 0], 0, False, 0)

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return RaceState(self, list(data["scores"]), data["turn"], data["rolling"], data["decisions"])


class RaceState(State):
    def __init__(self, game: Game, scores: list[int], turn: int, rolling: bool, decisions: int) -> None:
        self.game, self.scores, self.turn, self.rolling, self.decisions = game, scores, turn, rolling, decisions

    def current_player(self) -> int:
        if self.decisions >= 6 and not self.rolling:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_actions(self) -> list[Any]:
        return ["+1", "+2"] if self.current_player() >= 0 else []

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return [(f"roll{n}", Fraction(1, 6)) for n in range(1, 7)] if self.rolling else []

    def apply(self, action: Any) -> list[Event]:
        if self.rolling and isinstance(action, str) and action.startswith("roll"):
            self.scores[self.turn] += int(action[4:])
            self.rolling = False
            self.turn = 1 - self.turn
            return [Event()]
        if action not in self.legal_actions():
            raise IllegalAction(f"not legal: {action!r}")
        self.scores[self.turn] += int(action[1:])
        self.decisions += 1
        self.rolling = True
        return [Event()]

    def action_to_str(self, action: Any) -> str:
        return str(action)

    def action_from_str(self, text: str) -> Any:
        if text in self.legal_actions() or (self.rolling and text.startswith("roll")):
            return text
        raise IllegalAction(text)

    def clone(self) -> State:
        return RaceState(self.game, list(self.scores), self.turn, self.rolling, self.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "turn": self.turn, "rolling": self.rolling, "decisions": self.decisions}

    def outcome(self) -> Outcome | None:
        if self.current_player() != TERMINAL:
            return None
        a, b = self.scores
        return Outcome((0, 1) if a == b else ((0,) if a > b else (1,)), "score")


@pytest.fixture
def race(monkeypatch, tmp_path):
    monkeypatch.setenv("KUBIKI_HOME", str(tmp_path))
    monkeypatch.setattr(session_module.registry, "load", lambda mode, level=None: DiceRace(level or "standard"))


def test_chance_nodes_are_sampled_with_the_seed(race):
    a = GameSession("dice_race", "standard", ["human", "human"], seed=42, autosave=False)
    b = GameSession("dice_race", "standard", ["human", "human"], seed=42, autosave=False)
    for move in ("+1", "+2", "+1"):
        a.apply_text(move)
        b.apply_text(move)
    assert a.log == b.log
    assert sum(1 for text in a.log if text.startswith("roll")) == 3


def test_undo_restores_the_decision_point_and_never_rerolls(race):
    s = GameSession("dice_race", "standard", ["human", "human"], seed=7, autosave=False)
    s.apply_text("+1")
    first = list(s.log)
    assert s.undo()
    assert s.log == [] and s.state.to_dict() == s.game.initial_state().to_dict()
    s.apply_text("+1")
    assert s.log == first  # the same decision meets the same die roll
    assert s.undo() and not s.undo()


def test_undo_versus_ai_takes_back_the_reply_too(race):
    s = GameSession("dice_race", "standard", ["human", "ai:random"], seed=3, autosave=False)
    s.apply_text("+2")
    reply = s.wait_ai()
    assert reply in ("+1", "+2")
    s.apply(reply)
    assert len(s.log) == 4 and s.is_human_turn
    assert s.undo()
    assert s.log == [] and s.is_human_turn


def test_resume_from_dict_continues_exactly(race):
    s = GameSession("dice_race", "standard", ["human", "human"], seed=99, autosave=False)
    for move in ("+1", "+2", "+2"):
        s.apply_text(move)
    data = s.to_dict()
    resumed = GameSession.from_dict(data, autosave=False)
    assert resumed.log == s.log and resumed.state == s.state
    assert resumed.rng.getstate() == s.rng.getstate()
    s.apply_text("+1")
    resumed.apply_text("+1")
    assert resumed.log == s.log  # the next roll is the same
    assert resumed.undo() and resumed.log == s.log[:6]


def test_autosave_written_after_every_action_and_cleared_at_the_end(race):
    s = GameSession("dice_race", "standard", ["human", "human"], seed=5)
    s.apply_text("+1")
    assert saves.read_autosave()["actions"] == s.log
    while not s.is_over:
        s.apply_text("+2")
    assert saves.read_autosave() is None


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ("nope", "JSON object"),
        ({"mode": "dice_race", "level": "standard", "seats": ["human", "human"]}, "actions"),
        ({"mode": "dice_race", "level": "standard", "seats": ["human", "human"], "actions": ["+9"]}, "#1"),
        ({"mode": "dice_race", "level": "standard", "seats": ["human", "robot"], "actions": []}, "robot"),
        ({"mode": "dice_race", "level": "standard", "seats": ["human", "human"], "actions": [], "seed": "x"},
         "seed"),
        ({"mode": "dice_race", "level": "standard", "seats": ["human", "human"], "actions": [], "rng": [1]}, "rng"),
    ],
)
def test_bad_saves_are_rejected_naming_the_problem(race, data, field):
    with pytest.raises(ValueError, match=field):
        GameSession.from_dict(data)


def test_seats_are_validated():
    assert parse_seat("ai:hard") == "ai:hard" and parse_seat("Human") == "human"
    with pytest.raises(ValueError, match="seat"):
        parse_seat("ai:genius")


def test_kubtafl_session_roundtrip_and_hint():
    s = GameSession("kubtafl", "endgame", ["human", "human"], seed=1, autosave=False)
    s.apply_text("a1>a2:1")
    again = GameSession.from_dict(s.to_dict(), autosave=False)
    assert again.state == s.state and again.log == ["a1>a2:1"]
    hint = s.wait_hint()
    assert hint in s.state.legal_actions()


# ----- animation queue -----

def test_queue_plays_steps_in_order_and_skip_finishes_them():
    order: list[str] = []
    speed = {"value": "normal"}
    queue = AnimQueue(lambda: speed["value"])
    seen: list[float] = []
    queue.push(Step([Anim("a", 0.5, on_tick=seen.append)], lambda: order.append("start1"),
                    lambda: order.append("end1")))
    queue.push(Step([Anim("b", 0.5)], lambda: order.append("start2"), lambda: order.append("end2")))
    queue.update(0.25)
    assert order == ["start1"] and seen[-1] == pytest.approx(0.5)
    queue.update(0.5)  # finishes the first and carries the rest into the second
    assert order == ["start1", "end1", "start2"]
    queue.skip()
    assert order == ["start1", "end1", "start2", "end2"] and not queue.busy
    speed["value"] = "instant"
    queue.push(Step([Anim("c", 1.0)], None, lambda: order.append("end3")))
    assert order[-1] == "end3" and not queue.busy


def test_slow_speed_stretches_time():
    queue = AnimQueue(lambda: "slow")
    queue.push(Step([Anim("a", 1.0)]))
    queue.update(1.0)
    assert queue.busy
    queue.update(0.6)
    assert not queue.busy


# ----- dice art -----

def test_dice_kinds_have_distinct_silhouettes_and_sides_differ():
    pygame.init()
    masks = {}
    for kind in dice_art.KINDS:
        surf = dice_art.die_surface(kind, "light", dice_art.FACES[kind], 96)
        masks[kind] = pygame.mask.from_surface(surf).count()
    assert len({masks[k] for k in ("d4", "d6", "d8", "d10", "d12", "d20")}) == 6
    light = dice_art.die_surface("d6", "light", 6, 96)
    dark = dice_art.die_surface("d6", "dark", 6, 96)
    assert light.get_at((48, 48))[:3] != dark.get_at((48, 48))[:3]
    assert dice_art.value_label("d%", 10) == "00" and dice_art.value_label("d%", 3) == "30"
    assert dice_art.value_label("d10", 10) == "10"


# ----- sound -----

def test_sound_respects_the_setting_and_stays_silent_under_dummy_audio():
    settings = {"sound_on": True, "volume": 0.5}
    bank = SoundBank(lambda: settings)
    bank.play("impact")
    assert bank.played == ["impact"]
    settings["sound_on"] = False
    bank.play("destroy")
    assert bank.played == ["impact"]
