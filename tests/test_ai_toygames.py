"""Two tiny games for testing the AI against the engine seam, and checks that they keep the protocol.

- Nim: one pile, take 1–3 stones, taking the last one wins (two seats, no dice; n % 4 == 0 loses).
- Dice race: 2–4 seats on a track. The seat to act either `step`s 1 or `roll`s a d3 (a chance node).
  A roll of 3 lets the *next* seat decide, out of turn, to `allow` it (advance 3) or `halve` it
  (advance 1, and the decider goes back 1). Reaching the end wins.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from game.engine.core import CHANCE, TERMINAL, Event, Game, IllegalAction, Outcome, State
from game.engine.driver import sample_chance


class NimGame(Game):
    """One pile of stones."""

    name = "nim"
    max_length = 100

    def __init__(self, stones: int = 11) -> None:
        super().__init__("toy", {"stones": stones})
        self.stones = stones

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self) -> NimState:
        return NimState(self, self.stones, 0)

    def state_from_dict(self, data: dict[str, Any]) -> NimState:
        if not isinstance(data.get("stones"), int) or data["stones"] < 0:
            raise ValueError("stones: must be a non-negative integer")
        return NimState(self, data["stones"], int(data.get("to_move", 0)))


class NimState(State):
    def __init__(self, game: NimGame, stones: int, to_move: int) -> None:
        self.game = game
        self.stones = stones
        self.to_move = to_move

    def current_player(self) -> int:
        return TERMINAL if self.stones == 0 else self.to_move

    def legal_actions(self) -> list[int]:
        return [] if self.stones == 0 else [n for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: Any) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot take {action!r}")
        self.stones -= action
        self.to_move = 1 - self.to_move
        return [Event()]

    def action_to_str(self, action: Any) -> str:
        return f"take{action}"

    def action_from_str(self, text: str) -> int:
        if text in ("take1", "take2", "take3") and int(text[4:]) in self.legal_actions():
            return int(text[4:])
        raise IllegalAction(text)

    def clone(self) -> NimState:
        return NimState(self.game, self.stones, self.to_move)

    def to_dict(self) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def outcome(self) -> Outcome | None:
        # The seat that took the last stone is the one not to move now.
        return Outcome((1 - self.to_move,), "last_stone") if self.stones == 0 else None


class RaceGame(Game):
    """A dice race on a track."""

    name = "race"
    max_length = 2_000

    def __init__(self, players: int = 2, length: int = 12) -> None:
        super().__init__("toy", {"players": players, "length": length})
        self.players = players
        self.length = length

    @property
    def num_players(self) -> int:
        return self.players

    def initial_state(self) -> RaceState:
        return RaceState(self, [0] * self.players, 0, "decide", 0)

    def state_from_dict(self, data: dict[str, Any]) -> RaceState:
        if data.get("phase") not in ("decide", "roll", "answer"):
            raise ValueError("phase: must be decide, roll or answer")
        return RaceState(self, list(data["track"]), data["turn"], data["phase"], data["moves"])


class RaceState(State):
    def __init__(self, game: RaceGame, track: list[int], turn: int, phase: str, moves: int) -> None:
        self.game = game
        self.track = track
        self.turn = turn
        self.phase = phase
        self.moves = moves

    def _next(self) -> int:
        return (self.turn + 1) % self.game.players

    def outcome(self) -> Outcome | None:
        for seat, where in enumerate(self.track):
            if where >= self.game.length:
                return Outcome((seat,), "finished", self.game.players)
        if self.moves >= 300:
            return Outcome(tuple(range(self.game.players)), "too_long", self.game.players)
        return None

    def current_player(self) -> int:
        if self.outcome() is not None:
            return TERMINAL
        if self.phase == "roll":
            return CHANCE
        return self._next() if self.phase == "answer" else self.turn

    def legal_actions(self) -> list[str]:
        if self.outcome() is not None or self.phase == "roll":
            return []
        return ["allow", "halve"] if self.phase == "answer" else ["step", "roll"]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return [(face, Fraction(1, 3)) for face in (1, 2, 3)] if self.current_player() == CHANCE else []

    def _end_turn(self) -> None:
        self.turn, self.phase, self.moves = self._next(), "decide", self.moves + 1

    def apply(self, action: Any) -> list[Event]:
        if self.phase == "roll":
            if action not in (1, 2, 3):
                raise IllegalAction(f"not a d3 face: {action!r}")
            if action == 3:
                self.phase = "answer"
            else:
                self.track[self.turn] += action
                self._end_turn()
            return [Event()]
        if action not in self.legal_actions():
            raise IllegalAction(f"not legal now: {action!r}")
        if action == "step":
            self.track[self.turn] += 1
            self._end_turn()
        elif action == "roll":
            self.phase = "roll"
        elif action == "allow":
            self.track[self.turn] += 3
            self._end_turn()
        else:
            self.track[self.turn] += 1
            self.track[self._next()] = max(0, self.track[self._next()] - 1)
            self._end_turn()
        return [Event()]

    def action_to_str(self, action: Any) -> str:
        return str(action)

    def action_from_str(self, text: str) -> Any:
        if self.phase == "roll" and text in ("1", "2", "3"):
            return int(text)
        if text in self.legal_actions():
            return text
        raise IllegalAction(text)

    def clone(self) -> RaceState:
        return RaceState(self.game, list(self.track), self.turn, self.phase, self.moves)

    def to_dict(self) -> dict[str, Any]:
        return {"track": list(self.track), "turn": self.turn, "phase": self.phase, "moves": self.moves}


TOY_GAMES = (NimGame(11), RaceGame(2), RaceGame(3))


def _play_checked(state: State, rng: random.Random) -> int:
    steps = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            assert sum(p for _, p in state.chance_outcomes()) == 1
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        assert state.action_from_str(state.action_to_str(action)) == action
        restored = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert restored.to_dict() == state.to_dict()
        state.apply(action)
        steps += 1
        assert steps <= state.game.max_length
    return steps


def test_toy_games_keep_the_protocol() -> None:
    for game in TOY_GAMES:
        for seed in range(20):
            state = game.initial_state()
            assert _play_checked(state, random.Random(seed)) > 0
            assert state.outcome() is not None and state.legal_actions() == []


def test_race_asks_the_next_seat_out_of_turn() -> None:
    state = RaceGame(3).initial_state()
    state.apply("roll")
    assert state.current_player() == CHANCE
    state.apply(3)
    assert state.current_player() == 1 and state.turn == 0
    state.apply("halve")
    assert state.track == [1, 0, 0] and state.current_player() == 1


def test_nim_last_stone_wins() -> None:
    state = NimGame(3).initial_state()
    state.apply(3)
    assert state.outcome().winner == 0
