"""The test suite's toy games, for the AI, the engine seam and the session (one set, shared by every test file).

- Nim: one pile, take 1–3 stones, taking the last one wins (two seats, no dice; n % 4 == 0 loses).
- Dice race: 2–4 seats on a track. The seat to act either `step`s 1 or `roll`s a d3 (a chance node).
  A roll of 3 lets the *next* seat decide, out of turn, to `allow` it (advance 3) or `halve` it
  (advance 1, and the decider goes back 1). Reaching the end wins. Moves are reported as typed events.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.engine.core import CHANCE, TERMINAL, Event, Game, GameOver, IllegalAction, Outcome, State


@dataclass(frozen=True)
class Took(Event):
    """Nim: a seat took stones."""

    seat: int
    stones: int


@dataclass(frozen=True)
class Rolled(Event):
    """Race: the d3 showed a face for a seat."""

    seat: int
    face: int


@dataclass(frozen=True)
class Advanced(Event):
    """Race: a seat's token moved (back, when negative)."""

    seat: int
    steps: int


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
    game: NimGame

    def __init__(self, game: NimGame, stones: int, to_move: int) -> None:
        self.game = game
        self.stones = stones
        self.to_move = to_move

    def current_player(self) -> int:
        return TERMINAL if self.stones == 0 else self.to_move

    def legal_actions(self) -> list[Any]:
        return [] if self.stones == 0 else [n for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: Any) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot take {action!r}")
        self.stones -= action
        self.to_move = 1 - self.to_move
        return [Took(1 - self.to_move, action)]

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
    game: RaceGame

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

    def legal_actions(self) -> list[Any]:
        if self.outcome() is not None or self.phase == "roll":
            return []
        return ["allow", "halve"] if self.phase == "answer" else ["step", "roll"]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return [(face, Fraction(1, 3)) for face in (1, 2, 3)] if self.current_player() == CHANCE else []

    def _end_turn(self) -> None:
        self.turn, self.phase, self.moves = self._next(), "decide", self.moves + 1

    def apply(self, action: Any) -> list[Event]:
        seat = self.turn
        if self.phase == "roll":
            if action not in (1, 2, 3):
                raise IllegalAction(f"not a d3 face: {action!r}")
            if action == 3:
                self.phase = "answer"
                return [Rolled(seat, action)]
            self.track[seat] += action
            self._end_turn()
            return self._finished([Rolled(seat, action), Advanced(seat, action)])
        if action not in self.legal_actions():
            raise IllegalAction(f"not legal now: {action!r}")
        if action == "roll":
            self.phase = "roll"
            return []
        steps = {"step": 1, "allow": 3, "halve": 1}[action]
        events: list[Event] = [Advanced(seat, steps)]
        self.track[seat] += steps
        if action == "halve":
            back = self._next()
            if self.track[back] > 0:
                self.track[back] -= 1
                events.append(Advanced(back, -1))
        self._end_turn()
        return self._finished(events)

    def _finished(self, events: list[Event]) -> list[Event]:
        result = self.outcome()
        if result is not None:
            events.append(GameOver(result.winners, result.reason))
        return events

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
