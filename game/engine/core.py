"""The engine seam: the protocol every game mode speaks (states, actions, events, outcomes)."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, TypeAlias, TypeVar, cast

# Special values of `State.current_player()`.
CHANCE = -1
TERMINAL = -2
#: The most seats any mode has; bounds seat numbers read from files.
MAX_SEATS = 4

Action = Hashable
#: The action type of one mode's states (its typed named tuples, see `distinct`).
ActionT = TypeVar("ActionT", bound=Hashable)

#: A parsed JSON value: what `json.loads` returns and every `to_dict()` is made of.
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
#: A JSON object: the form of a saved state, a record, a level.
JSONObject: TypeAlias = dict[str, JSON]


_T = TypeVar("_T")


def quick_init(cls: type[_T]) -> type[_T]:
    """Give a frozen dataclass an `__init__` with the same parameters that fills the instance dict directly.

    The generated one calls `object.__setattr__` per field, which makes an event cost twice as much to create;
    states create events on every applied action, and searchers preview actions by the thousand. Apply it above
    `@dataclass(frozen=True)`; frozen-ness, equality, hashing and repr stay the dataclass's own."""
    params = cls.__dict__.get("__dataclass_params__")
    if params is None or not params.frozen or "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init needs a frozen dataclass without slots or __post_init__, not {cls!r}")
    names: list[str] = []
    args: list[str] = []
    defaults: dict[str, object] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]  # a dataclass, checked above
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} needs the generated __init__")
        names.append(f.name)
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            defaults[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
    if {"self", "_fields_"} & set(names):
        raise TypeError(f"quick_init: {cls.__name__} has a field named like a local of __init__")
    body = "".join(f"    _fields_[{name!r}] = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(args)}):\n    _fields_ = self.__dict__\n{body}"
    exec(source, defaults)  # the way dataclasses itself builds __init__
    init = cast(Callable[..., None], defaults["__init__"])
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


_TupleT = TypeVar("_TupleT", bound=tuple[object, ...])


def _same_type(self: tuple[object, ...], other: object) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _not_same_type(self: tuple[object, ...], other: object) -> bool:
    return type(other) is not type(self) or tuple.__ne__(self, other)


def distinct(cls: type[_TupleT]) -> type[_TupleT]:
    """Make a named tuple equal only to tuples of its own type (it keeps the tuple's hash).

    A mode's actions are typed named tuples; where two of its action types can hold equal fields (a move and an
    attack between the same cells, two words without fields), each is made `distinct` so they never compare equal.
    """
    for name, method in (("__eq__", _same_type), ("__ne__", _not_same_type)):
        setattr(cls, name, method)
    return cls


class IllegalAction(ValueError):
    """An action that is not legal in the state it was applied to, or text that names none."""


@dataclass(frozen=True)
class Event:
    """Something that happened during `State.apply`; subclasses carry cells and numbers."""

    @property
    def kind(self) -> str:
        """The event's type name, e.g. 'Moved'."""
        return type(self).__name__

    def to_dict(self) -> JSONObject:
        """A JSON-safe form: the type name plus the fields."""
        data: JSONObject = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _jsonable(getattr(self, f.name))
        return data


def _jsonable(value: object) -> JSON:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if value is None or isinstance(value, str | int | float):  # bool and the str enums included
        return value
    raise TypeError(f"not JSON-safe: {value!r}")


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

    def to_dict(self) -> JSONObject:
        """A JSON-safe form."""
        return {"winners": list(self.winners), "reason": self.reason, "num_players": self.num_players}

    @classmethod
    def from_dict(cls, data: object, reasons: type[StrEnum] | None = None) -> Outcome:
        """Inverse of `to_dict`; ValueError naming the field for anything else (`reasons` limits the reason)."""
        if not isinstance(data, dict):
            raise ValueError("outcome: expected an object with winners, reason and num_players")
        players = data.get("num_players", 2)
        if type(players) is not int or not 1 <= players <= MAX_SEATS:
            raise ValueError(f"outcome.num_players: expected a whole number 1…{MAX_SEATS}, got {players!r}")
        winners = data.get("winners")
        if (
            not isinstance(winners, list)
            or not winners
            or any(type(w) is not int or not 0 <= w < players for w in winners)
            or len(set(winners)) != len(winners)
        ):
            raise ValueError(f"outcome.winners: expected distinct seats 0…{players - 1}, got {winners!r}")
        reason = data.get("reason")
        if not isinstance(reason, str) or not reason:
            raise ValueError(f"outcome.reason: expected a reason name, got {reason!r}")
        if reasons is not None:
            if reason not in reasons.__members__.values():
                raise ValueError(f"outcome.reason: unknown reason {reason!r}")
            reason = reasons(reason)
        return cls(tuple(winners), reason, players)


@quick_init
@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended; every mode emits it last."""

    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class ForecastOutcome:
    """One possible result of a decision: a label, its exact probability, and its events when they are known."""

    label: str
    probability: Fraction
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Forecast:
    """The exact distribution of results of a decision; `detail` holds the mode's typed figures, if any (readers
    narrow it to the mode's own type)."""

    outcomes: tuple[ForecastOutcome, ...]
    detail: object = None

    @property
    def certain(self) -> bool:
        """True when the decision has one result."""
        return len(self.outcomes) == 1

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of a certain decision (empty when the result is left to chance)."""
        return self.outcomes[0].events if self.certain else ()

    def probability(self, label: str) -> Fraction:
        """The probability of the outcome named `label` (0 when there is none)."""
        return sum((o.probability for o in self.outcomes if o.label == label), Fraction(0))

    @staticmethod
    def sure(events: list[Event] | tuple[Event, ...], label: str = "certain") -> Forecast:
        """The forecast of a decision with one result and these events."""
        return Forecast((ForecastOutcome(label, Fraction(1), tuple(events)),))


@dataclass(frozen=True)
class GameOption:
    """A number the rules leave to the players' agreement ("24 tokens, or another agreed number"): the level field it
    sets, its value in this game and the bounds a game may take; `at_least` names another option it may not be
    below (a supply holds at least the starting tokens)."""

    name: str
    value: int
    low: int
    high: int
    at_least: str = ""

    def bounds(self, values: Mapping[str, int]) -> tuple[int, int]:
        """The bounds with the other agreed `values` taken into account."""
        low = max(self.low, int(values.get(self.at_least, self.low))) if self.at_least else self.low
        return low, self.high


def check_options(options: tuple[GameOption, ...], values: Mapping[str, object]) -> dict[str, int]:
    """`values` as whole numbers within their options' bounds; ValueError naming the first that is not (an unknown
    name, not a whole number, or out of bounds)."""
    known = {option.name: option for option in options}
    agreed: dict[str, int] = {}
    for name, value in values.items():
        if name not in known:
            raise ValueError(f"{name}: not an option of this game (options: {', '.join(known) or 'none'})")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name}: expected a whole number, got {value!r}")
        agreed[name] = value
    merged = {o.name: agreed.get(o.name, o.value) for o in options}
    for name, value in agreed.items():
        low, high = known[name].bounds(merged)
        if not low <= value <= high:
            raise ValueError(f"{name}: {value} is outside {low}…{high}")
    return agreed


class Game(ABC):
    """A mode with one level loaded: makes states and reads saved ones."""

    name: str = ""
    #: The seat-count range of the mode (the loaded level's count is `num_players`).
    min_players: int = 2
    max_players: int = 2
    #: The enum of the mode's outcome reasons (`Outcome.reason` holds one of its values).
    reasons: type[StrEnum] | None = None
    #: An upper bound on the number of applied actions (chance outcomes included) in one game.
    max_length: int = 10_000
    #: False for a mode that never reaches a chance node (no dice are rolled: a seed only steers the AI).
    has_chance: bool = True

    def __init__(self, level_name: str = "standard", level_data: JSONObject | None = None) -> None:
        self.level_name = level_name
        self.level_data = level_data or {}

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    def board_size(self) -> tuple[int, int]:
        """(width, height) of the level's board in cells; (0, 0) for a game without a board."""
        return (0, 0)

    def seat_names(self) -> tuple[str, ...]:
        """The display key of every seat, in seat order (English; the client translates)."""
        return tuple(self.seat_name(seat) for seat in range(self.num_players))

    @abstractmethod
    def initial_state(self) -> AnyState:
        """The state at the start of the level."""

    @abstractmethod
    def state_from_dict(self, data: JSONObject) -> AnyState:
        """Rebuild a state from `State.to_dict()`; raises ValueError naming a bad field."""

    def seat_name(self, seat: int) -> str:
        """A short stable name for a seat, used in saves and logs."""
        return f"player{seat + 1}"

    def presets(self, seat: int) -> Mapping[str, object]:
        """Named setups a seat may deploy in one decision (name -> the mode's placements); none by default."""
        return {}

    def preset_title(self, name: str, language: str = "en") -> str:
        """A preset's display title in `language`."""
        return name.replace("_", " ").capitalize()

    def options(self) -> tuple[GameOption, ...]:
        """The numbers of this game the players may agree on, with their values here; none by default."""
        return ()

    def with_options(self, values: Mapping[str, object]) -> Game:
        """This game with the agreed `values` (option name -> number); itself when there are none; ValueError naming
        the option that is unknown or out of bounds."""
        agreed = check_options(self.options(), values)
        if not agreed:
            return self
        return type(self)(self.level_name, self.agreed_level(agreed))

    def agreed_level(self, agreed: dict[str, int]) -> JSONObject:
        """The level data with agreed values (checked) in place of the level's own."""
        return {**self.level_data, **agreed}


class State(ABC, Generic[ActionT]):
    """One position of a game. Mutable: `apply` changes it in place and returns events."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""

    def progress(self) -> tuple[int, int] | None:
        """(the turn or round being played, the limit) when the rules count turns against a limit, else None."""
        return None

    def turn_seat(self) -> int:
        """The seat whose turn it is: the seat to decide, unless the rules let another seat decide inside a turn."""
        return self.current_player()

    @abstractmethod
    def legal_actions(self) -> list[ActionT]:
        """The decisions open to the seat to act; empty at chance and terminal nodes."""

    def chance_outcomes(self) -> list[tuple[ActionT, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum to 1)."""
        return []

    @abstractmethod
    def apply(self, action: ActionT) -> list[Event]:
        """Apply a decision or a chance outcome; returns the events; raises IllegalAction."""

    @abstractmethod
    def action_to_str(self, action: ActionT) -> str:
        """The notation of an action or chance outcome in this state."""

    @abstractmethod
    def action_from_str(self, text: str) -> ActionT:
        """Parse notation into an action legal here (or a chance outcome); raises IllegalAction."""

    @abstractmethod
    def clone(self) -> State[ActionT]:
        """An independent copy."""

    @abstractmethod
    def to_dict(self) -> JSONObject:
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

    def preset_action(self, name: str) -> ActionT | None:
        """The decision deploying the preset `name` for the seat to act, when it is legal now; else None."""
        return None

    def preview(self, action: ActionT) -> list[Event]:
        """The events `action` would produce, leaving this state unchanged."""
        return self.clone().apply(action)

    def forecast(self, action: ActionT) -> Forecast:
        """The exact distribution of results of a decision (one certain outcome unless the mode says more)."""
        return Forecast.sure(self.preview(action))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable


#: A state of a mode picked by name at run time: its action type is not known where it is held, so code holding
#: one hands back only actions the same state gave out (generic code takes `State[ActionT]` instead).
AnyState: TypeAlias = State[Any]


@dataclass
class Record:
    """A played game: the level, the notation of every applied action in order, and the result."""

    mode: str
    level: str
    actions: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    seed: int | None = None

    def to_dict(self) -> JSONObject:
        """A JSON-safe form."""
        return {
            "mode": self.mode,
            "level": self.level,
            "seed": self.seed,
            "actions": list(self.actions),
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
