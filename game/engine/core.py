"""The engine seam: the protocol every game mode speaks (states, actions, events, outcomes)."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

# Special values of `State.current_player()`.
CHANCE = -1
TERMINAL = -2

Action = Hashable


class IllegalAction(ValueError):
    """An action that is not legal in the state it was applied to, or text that names none."""


@dataclass(frozen=True)
class Event:
    """Something that happened during `State.apply`; subclasses carry cells and numbers."""

    @property
    def kind(self) -> str:
        """The event's type name, e.g. 'Moved'."""
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form: the type name plus the fields."""
        data = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _jsonable(getattr(self, f.name))
        return data


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (several on a shared draw, all seats on a draw) and why."""

    winners: tuple[int, ...]
    reason: str
    num_players: int = 2

    @property
    def winner(self) -> int | None:
        """The single winning seat, or None on a draw."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_draw(self) -> bool:
        """True when no single seat won."""
        return len(self.winners) != 1

    def score(self, seat: int) -> Fraction:
        """The seat's share of the win: 1 for a sole winner, 1/k for a k-way draw, 0 for a loser."""
        if seat not in self.winners or not self.winners:
            return Fraction(0)
        return Fraction(1, len(self.winners))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form."""
        return {"winners": list(self.winners), "reason": self.reason, "num_players": self.num_players}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """Inverse of `to_dict`."""
        return cls(tuple(data["winners"]), str(data["reason"]), int(data.get("num_players", 2)))


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended; every mode emits it last."""

    winners: tuple[int, ...]
    reason: str


class Game(ABC):
    """A mode with one level loaded: makes states and reads saved ones."""

    name: str = ""
    #: An upper bound on the number of applied actions (chance outcomes included) in one game.
    max_length: int = 10_000

    def __init__(self, level_name: str = "standard", level_data: dict[str, Any] | None = None) -> None:
        self.level_name = level_name
        self.level_data = level_data or {}

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def initial_state(self) -> State:
        """The state at the start of the level."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State:
        """Rebuild a state from `State.to_dict()`; raises ValueError naming a bad field."""

    def seat_name(self, seat: int) -> str:
        """A short stable name for a seat, used in saves and logs."""
        return f"player{seat + 1}"


class State(ABC):
    """One position of a game. Mutable: `apply` changes it in place and returns events."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to act; empty at chance and terminal nodes."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum to 1)."""
        return []

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply a decision or a chance outcome; returns the events; raises IllegalAction."""

    @abstractmethod
    def action_to_str(self, action: Action) -> str:
        """The notation of an action or chance outcome in this state."""

    @abstractmethod
    def action_from_str(self, text: str) -> Action:
        """Parse notation into an action legal here (or a chance outcome); raises IllegalAction."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form that `Game.state_from_dict` restores exactly."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.outcome() is not None

    def is_chance_node(self) -> bool:
        """True when the next thing to apply is a chance outcome."""
        return self.current_player() == CHANCE

    def preview(self, action: Action) -> list[Event]:
        """The events `action` would produce, leaving this state unchanged."""
        return self.clone().apply(action)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable


@dataclass
class Record:
    """A played game: the level, the notation of every applied action in order, and the result."""

    mode: str
    level: str
    actions: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form."""
        return {
            "mode": self.mode,
            "level": self.level,
            "seed": self.seed,
            "actions": list(self.actions),
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
