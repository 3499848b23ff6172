"""The Kubtafl state: the engine seam over a `Position`; the rules are the functions of `rules`."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.core import TERMINAL, Event, Game, JSONObject, Outcome, State
from game.engine.kubtafl import rules
from game.engine.kubtafl.actions import KubtaflAction, Move
from game.engine.kubtafl.notation import action_to_str, parse_notation
from game.engine.kubtafl.pieces import KINDS_PER_SIDE, REMOVED, SIDE_OF
from game.engine.kubtafl.position import POSITION_FIELDS, Position
from game.engine.kubtafl.position_json import position_to_dict

Action = KubtaflAction


class DieInfo(NamedTuple):
    """One die on the board: its id, side (0 light, 1 dark), kind index, value and cell index."""

    id: int
    side: int
    kind: int
    value: int
    cell: int


class KubtaflState(Position, State[KubtaflAction]):
    """A game in progress: the engine's seam over the `Position` it is (the rules change it in place).

    Its fields, read-only for searchers and evaluators (never mutate them): `board[cell]` = die id on the cell or -1;
    `pos[id]` = cell, REMOVED (-1, in the pool) or ABSENT (-2); `val[id]` = value (0 when off the board);
    `to_move` = 0 light / 1 dark; `quiet` = actions since the last damage, removal or re-entry; `seen` the K18
    repetition table. Die ids are `side * 7 + kind` (see `pieces`).
    """

    __slots__ = ("game",)
    # Equal as every state is, by its position JSON (the position's dataclass would compare the fields first).
    __eq__ = State.__eq__

    def __init__(self, game: Game, position: Position) -> None:
        self.game = game
        for name in POSITION_FIELDS:
            setattr(self, name, getattr(position, name))

    @property
    def position(self) -> Position:
        """The position the rules read and change: the state is its position (one object, so a clone copies one)."""
        return self

    # ----- the State protocol -----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move (0 light, 1 dark) or TERMINAL."""
        p = self.position
        return TERMINAL if p.result is not None else p.to_move

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.position.result

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.position.result is not None

    def clone(self) -> KubtaflState:
        """An independent copy."""
        new = self.copy()  # the position's copy, of this class
        new.game = self.game
        return new

    def legal_actions(self) -> list[Action]:
        """All legal actions of the side to move, in a fixed order: moves, transfers, re-entries."""
        return rules.legal_actions(self.position)

    def apply(self, action: Action) -> list[Event]:
        """Play `action` for the side to move; returns the events; raises IllegalAction."""
        return rules.apply_action(self.position, action)

    def action_to_str(self, action: Action) -> str:
        """The notation: 'c1-c4', 'a1>b1:3' or 'd6@b3/a3:2'."""
        return action_to_str(self.position.geo, action)

    def action_from_str(self, text: str) -> Action:
        """Parse notation into a legal action; raises IllegalAction naming what is wrong."""
        action = self.parse_notation(text.strip() if isinstance(text, str) else "")
        rules.check(self.position, action)
        return action

    def parse_notation(self, text: str) -> Action:
        """The action a notation names, legal here or not (it may be a past move); raises IllegalAction."""
        return parse_notation(self.position.geo, text)

    def to_dict(self) -> JSONObject:
        """The position JSON of the rules file plus the board size and the K18 counters."""
        return position_to_dict(self.position)

    # ----- accessors for searchers, evaluators and the client ---------------------------------------------

    @property
    def width(self) -> int:
        """Board width (files)."""
        return self.position.geo.width

    @property
    def height(self) -> int:
        """Board height (ranks)."""
        return self.position.geo.height

    def cell_name(self, x: int, y: int | None = None) -> str:
        """The name of cell (x, y), or of a cell index when `y` is None."""
        geo = self.position.geo
        return geo.names[x if y is None else geo.cell_at(x, y)]

    def dice(self, side: int | None = None) -> list[DieInfo]:
        """The dice on the board (of one side, or both), in id order."""
        val = self.position.val
        return [
            DieInfo(i, SIDE_OF[i], i % KINDS_PER_SIDE, val[i], cell)
            for i, cell in enumerate(self.position.pos)
            if cell >= 0 and (side is None or SIDE_OF[i] == side)
        ]

    def die_at(self, cell: int) -> DieInfo | None:
        """The die on a cell index, or None."""
        i = self.position.board[cell]
        return None if i < 0 else DieInfo(i, SIDE_OF[i], i % KINDS_PER_SIDE, self.position.val[i], cell)

    def removed(self, side: int) -> list[int]:
        """Kind indices in `side`'s removed pool (K9, K14)."""
        base = side * KINDS_PER_SIDE
        return [k for k in range(KINDS_PER_SIDE) if self.position.pos[base + k] == REMOVED]

    def total(self, side: int) -> int:
        """The sum of `side`'s values on the board."""
        base = side * KINDS_PER_SIDE
        return sum(self.position.val[base : base + KINDS_PER_SIDE])

    def for_side(self, side: int) -> KubtaflState:
        """A copy with `side` to move on the same dice: what that side could do were it its turn (its threats).

        Its `legal_actions()`, `preview()` and `forecast()` are the ordinary ones; the copy starts its own
        repetition table, so only the dice matter. A finished game stays finished (no actions)."""
        new = self.clone()
        p = new.position
        p.to_move = side
        p.seen = {p.key(): 1}
        return new

    def is_impact(self, action: Action) -> bool:
        """True when a move action hits a die (its target cell is occupied)."""
        return type(action) is Move and self.position.board[action.dst] >= 0
