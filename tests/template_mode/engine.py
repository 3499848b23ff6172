"""Dice Strip's rules (the template mode): a d6 chance node, then a run or a walk; bumping; a turn limit."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from game.engine import files
from game.engine.core import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    GameOver,
    IllegalAction,
    JSONObject,
    Outcome,
    State,
    distinct,
)

FACES = range(1, 7)


class DiceStripReason(StrEnum):
    """Why a game of Dice Strip ended."""

    FINISHED = "finished"
    TURN_LIMIT = "turn limit"


@distinct
class Roll(NamedTuple):
    """The d6 of the turn (a chance outcome)."""

    face: int


@distinct
class Step(NamedTuple):
    """A decision: move the own token `cells` forward (the rolled number, or one)."""

    cells: int


@dataclass(frozen=True)
class Rolled(Event):
    """The seat's d6 showed `face`."""

    seat: int
    face: int


@dataclass(frozen=True)
class Stepped(Event):
    """The seat's token moved from `start` to `end`."""

    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class Bumped(Event):
    """The other token stood on `cell` and went back to the start."""

    seat: int
    cell: int


class DiceStripGame(Game):
    """One level of Dice Strip: the strip's length and the turn limit."""

    name = "dice_strip"
    reasons = DiceStripReason

    def __init__(self, level_name: str = "standard", level_data: JSONObject | None = None) -> None:
        super().__init__(level_name, level_data)
        files.check_keys(self.level_data, {"length", "turn_limit", *files.LEVEL_TEXTS})
        files.check_level_texts(self.level_data)
        self.length = _whole(self.level_data.get("length", 12), "length", 3, 40)
        self.turn_limit = _whole(self.level_data.get("turn_limit", 60), "turn_limit", 1, 500)
        self.max_length = 3 * self.turn_limit + 3

    @property
    def num_players(self) -> int:
        """Two seats."""
        return 2

    @property
    def board_size(self) -> tuple[int, int]:
        """The strip: one row of cells."""
        return (self.length, 1)

    def initial_state(self) -> DiceStripState:
        """Both tokens before the first cell, seat 1 to roll."""
        return DiceStripState(self, [0, 0], 0, None, 0)

    def state_from_dict(self, data: JSONObject) -> DiceStripState:
        """A state from `DiceStripState.to_dict()`; ValueError naming a bad field."""
        if not isinstance(data, dict):
            raise ValueError("a Dice Strip position must be a JSON object")
        tokens = data.get("tokens")
        if not isinstance(tokens, list) or len(tokens) != 2:
            raise ValueError("tokens: expected two cells")
        cells = [_whole(t, "tokens", 0, self.length) for t in tokens]
        if cells[0] == cells[1] != 0 or min(cells) == self.length:
            raise ValueError("tokens: two tokens on one cell, or both at the end")
        seat = _whole(data.get("seat"), "seat", 0, 1)
        rolled = data.get("rolled")
        face = None if rolled is None else _whole(rolled, "rolled", 1, 6)
        turn = _whole(data.get("turn"), "turn", 0, self.turn_limit)
        return DiceStripState(self, cells, seat, face, turn)


def _whole(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name}: expected a whole number {low}…{high}, not {value!r}")
    return value


class DiceStripState(State[Roll | Step]):
    """Where the tokens stand, whose turn it is and the face rolled this turn (None: still to roll)."""

    game: DiceStripGame

    def __init__(self, game: DiceStripGame, tokens: list[int], seat: int, rolled: int | None, turn: int) -> None:
        self.game = game
        self.tokens = tokens
        self.seat = seat
        self.rolled = rolled
        self.turn = turn

    def outcome(self) -> Outcome | None:
        """The seat whose token reached the end, or a draw at the turn limit."""
        for seat, cell in enumerate(self.tokens):
            if cell >= self.game.length:
                return Outcome((seat,), DiceStripReason.FINISHED, 2)
        if self.turn >= self.game.turn_limit:
            return Outcome((0, 1), DiceStripReason.TURN_LIMIT, 2)
        return None

    def current_player(self) -> int:
        """The seat to move, CHANCE before its roll, or TERMINAL."""
        if self.outcome() is not None:
            return TERMINAL
        return CHANCE if self.rolled is None else self.seat

    def progress(self) -> tuple[int, int] | None:
        """The turn against the limit."""
        return (self.turn + 1, self.game.turn_limit)

    def legal_actions(self) -> list[Roll | Step]:
        """Run the rolled number of cells, or walk one."""
        if self.current_player() < 0 or self.rolled is None:
            return []
        return [Step(cells) for cells in sorted({self.rolled, 1}, reverse=True)]

    def chance_outcomes(self) -> list[tuple[Roll | Step, Fraction]]:
        """A fair d6 before each move."""
        if self.current_player() != CHANCE:
            return []
        return [(Roll(face), Fraction(1, 6)) for face in FACES]

    def apply(self, action: Roll | Step) -> list[Event]:
        """Roll, or move the token (bumping the other one home), then pass the turn."""
        if self.current_player() == CHANCE:
            if not isinstance(action, Roll) or action.face not in FACES:
                raise IllegalAction(f"not a d6 face: {action!r}")
            self.rolled = action.face
            return [Rolled(self.seat, action.face)]
        if action not in self.legal_actions() or not isinstance(action, Step):
            raise IllegalAction(f"not legal now: {action!r}")
        seat, other = self.seat, 1 - self.seat
        start = self.tokens[seat]
        end = min(self.game.length, start + action.cells)
        self.tokens[seat] = end
        events: list[Event] = [Stepped(seat, start, end)]
        if end == self.tokens[other] and end < self.game.length:
            self.tokens[other] = 0
            events.append(Bumped(other, end))
        self.seat, self.rolled, self.turn = other, None, self.turn + (seat == 1)
        result = self.outcome()
        if result is not None:
            events.append(GameOver(result.winners, result.reason))
        return events

    def action_to_str(self, action: Roll | Step) -> str:
        """`d6=4` for a roll, `+4` for a step."""
        return f"d6={action.face}" if isinstance(action, Roll) else f"+{action.cells}"

    def action_from_str(self, text: str) -> Roll | Step:
        """The roll or step the notation names, when it may be applied here."""
        if self.current_player() == CHANCE and text.startswith("d6=") and text[3:] in {str(f) for f in FACES}:
            return Roll(int(text[3:]))
        for action in self.legal_actions():
            if self.action_to_str(action) == text:
                return action
        raise IllegalAction(f"not a move here: {text!r}")

    def clone(self) -> DiceStripState:
        """An independent copy."""
        return DiceStripState(self.game, list(self.tokens), self.seat, self.rolled, self.turn)

    def to_dict(self) -> JSONObject:
        """The tokens, the seat, the roll and the turn."""
        return {"tokens": list(self.tokens), "seat": self.seat, "rolled": self.rolled, "turn": self.turn}


def make_game(level_name: str, level_data: JSONObject) -> DiceStripGame:
    """The game of a level."""
    return DiceStripGame(level_name, level_data)
