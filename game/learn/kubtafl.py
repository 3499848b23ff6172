"""Kubtafl's judge for the lesson tests: dice named by a start cell or a kind, their values, cells and events."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.core import AnyState, Event
from game.engine.kubtafl import KubtaflState
from game.engine.kubtafl.pieces import KIND_INDEX, KIND_NAME_OF, REMOVED, SIDE_NAME_OF, SIDE_OF, SIDES, die_id
from game.learn.goals import drawn_cells_on_board, params
from game.learn.lessons import Lesson

# The test kinds and the parameters each takes (name: type), with those it needs.
_PARAMS: dict[str, tuple[dict[str, type], tuple[str, ...]]] = {
    "destroy": ({"piece": str}, ("piece",)),
    "reach": ({"cell": str, "piece": str}, ("cell",)),
    "weaken": ({"piece": str, "value": int}, ("piece", "value")),
    "value": ({"piece": str, "at_least": int}, ("piece", "at_least")),
    "enter": ({"piece": str}, ("piece",)),
    "event": ({"event": str}, ("event",)),
    "win": ({}, ()),
    "draw": ({}, ()),
}
# The events a lesson may ask the player to cause (the engine's names).
EVENTS = ("Impact", "Pushed", "Ricochet", "Damaged", "Destroyed", "Pinned", "Transferred", "ReEntered")


def _state(state: AnyState) -> KubtaflState:
    if not isinstance(state, KubtaflState):
        raise TypeError(f"expected a Kubtafl position, got {type(state).__name__}")
    return state


def _number(value: object) -> int:
    # Checked on load to be a whole number.
    return value if isinstance(value, int) else 0


def piece_id(ref: str, start: KubtaflState, seat: int) -> int:
    """The die a lesson names: a cell (the die on it at the start), a kind (the player's), or 'side:kind'."""
    side_name, _, kind = ref.rpartition(":")
    if kind in KIND_INDEX:
        side = SIDES.index(side_name) if side_name in SIDES else seat
        if side_name and side_name not in SIDES:
            raise ValueError(f"{ref!r}: the side must be light or dark")
        return die_id(side, KIND_INDEX[kind])
    cell = start.geo.index.get(ref)
    if cell is None:
        raise ValueError(f"{ref!r} is neither a cell of this board nor a die kind")
    die = start.board[cell]
    if die < 0:
        raise ValueError(f"{ref!r}: no die stands there at the start")
    return die


def piece_name(die: int) -> str:
    """A die as the failure text names it: 'light d8'."""
    return f"{SIDE_NAME_OF[die]} {KIND_NAME_OF[die]}"


class KubtaflJudge:
    """The success tests on a Kubtafl board."""

    def check(self, lesson: Lesson, start: AnyState) -> None:
        """ValueError naming the field when a test parameter, a kept die, an arrow or a mark does not fit."""
        state = _state(start)
        allowed, required = _PARAMS[lesson.test.kind]
        given = params(lesson, allowed, required)
        for name in ("cell",):
            if name in given and given[name] not in state.geo.index:
                raise ValueError(f"test.{name}: {given[name]!r} is not a cell of this board")
        if "piece" in given:
            try:
                piece_id(str(given["piece"]), state, lesson.seat)
            except ValueError as exc:
                raise ValueError(f"test.piece: {exc}") from exc
        if "event" in given and given["event"] not in EVENTS:
            raise ValueError(f"test.event: {given['event']!r} is not one of {', '.join(EVENTS)}")
        for index, ref in enumerate(lesson.keep):
            try:
                piece_id(ref, state, lesson.seat)
            except ValueError as exc:
                raise ValueError(f"keep[{index}]: {exc}") from exc
        drawn_cells_on_board(lesson, state.geo.index)

    def passed(self, lesson: Lesson, start: AnyState, now: AnyState, events: Sequence[Event]) -> bool:
        """True when the lesson's test holds on `now` (or in the player's `events`)."""
        first, state = _state(start), _state(now)
        kind, given = lesson.test.kind, lesson.test.params
        if kind == "event":
            return any(event.kind == given["event"] for event in events)
        if kind == "reach":
            cell = state.geo.index[str(given["cell"])]
            die = state.board[cell]
            if "piece" in given:
                return die == piece_id(str(given["piece"]), first, lesson.seat)
            return die >= 0 and SIDE_OF[die] == lesson.seat
        die = piece_id(str(given["piece"]), first, lesson.seat)
        gone = state.pos[die] == REMOVED
        if kind == "destroy":
            return gone
        if kind == "weaken":
            return gone or state.val[die] <= _number(given["value"])
        if kind == "value":
            return not gone and state.pos[die] >= 0 and state.val[die] >= _number(given["at_least"])
        return state.pos[die] >= 0  # enter

    def lost(self, lesson: Lesson, start: AnyState, now: AnyState) -> str | None:
        """The first kept die that is off the board."""
        first, state = _state(start), _state(now)
        for ref in lesson.keep:
            die = piece_id(ref, first, lesson.seat)
            if state.pos[die] < 0:
                return piece_name(die)
        return None

    def hand_back(self, state: AnyState, seat: int) -> AnyState:
        """The same dice with `seat` to move."""
        return _state(state).for_side(seat)
