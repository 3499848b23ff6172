"""Kubtafl: a tafl-like duel of polyhedral dice (rules in rules/kubtafl.md, ids K1–K18).

Public API: `make_game`, `KubtaflGame`, `KubtaflState`, the events, the piece tables and `Geometry`.
Modules: `actions`, `events`, `position` (the data), `rules` (the rules as functions over a position),
`state` (the seam over a position), `notation`, `position_json`, `geometry`, `pieces`, `reasons`, `game`.

For searchers and evaluators (all cheap, read-only unless noted):
- `state.legal_actions()` -> typed named tuples (`actions`): `Move(src, dst)` move/impact,
  `Transfer(donor, recipient, amount)`, `ReEntry(kind, cell, donor, amount)`; cells are `y * width + x`;
  tell them apart by their type. `state.is_impact(a)` tells hits apart.
- `state.for_side(side)`: a copy with `side` to move (the other side's threats: its legal actions and previews).
- `state.forecast(a)`: one certain `ForecastOutcome` with the action's events (`Forecast.events`).
- `state.apply(a)` mutates and returns events; `state.clone()` (~1 µs) and `state.preview(a)`.
- `state.key()`: exact hashable position key with the side to move (`hash()` it for a 64-bit key).
- `state.board[cell]` die id or -1; `state.pos[id]` cell / REMOVED / ABSENT; `state.val[id]`; die id =
  `side * 7 + kind` (`SIDE_OF`, `KIND_OF`, `FACES_OF`, `D20`); `state.to_move`; `state.quiet` (K18 count).
- `state.dice(side)`, `state.die_at(cell)`, `state.removed(side)`, `state.total(side)`, `state.width/height`,
  `state.cell_name(x, y)`; `state.geo` holds `rays[cell][dir]` (N, E, S, W), `nbrs[cell]`, `names`.
"""

from game.engine.kubtafl import events, pieces
from game.engine.kubtafl.actions import KubtaflAction, Move, ReEntry, Transfer
from game.engine.kubtafl.events import *  # noqa: F403
from game.engine.kubtafl.game import KubtaflGame, make_game
from game.engine.kubtafl.geometry import DIRECTIONS, Geometry, geometry
from game.engine.kubtafl.pieces import *  # noqa: F403
from game.engine.kubtafl.state import Action, DieInfo, KubtaflState

__all__ = [
    "KubtaflAction",
    "Move",
    "ReEntry",
    "Transfer",
    "KubtaflGame",
    "make_game",
    "DIRECTIONS",
    "Geometry",
    "geometry",
    "Action",
    "DieInfo",
    "KubtaflState",
]
__all__ += events.__all__
__all__ += pieces.__all__
