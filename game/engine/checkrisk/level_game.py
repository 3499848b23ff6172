"""A CheckRisk level loaded: its spec, board, action tables and starting position, and the questions asked of it."""

from __future__ import annotations

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.level import MAX_STACK, LevelSpec, parse_level
from game.engine.checkrisk.position import Position
from game.engine.checkrisk.position_json import start_position
from game.engine.checkrisk.reasons import CheckRiskReason
from game.engine.core import Game, GameOption, JSONObject

# A battle of a + d ≤ 12 tokens loses at least one token per (decisive) round, so it has at most 11 rounds;
# each round is a roll, a continue and a stand, then one closing decision (occupy).
_STEPS_PER_BATTLE = 1 + (2 * MAX_STACK - 1) * 3 + 1
# The bounds the new-game dialog offers for the numbers C2 and C15 leave to the players (the starting tokens are
# also bounded by what the deployment zones hold, six a cell).
START_TOKENS = (8, 48)
SUPPLY = (8, 200)
TURN_LIMIT = (10, 200)


class LevelGame(Game):
    """CheckRisk on one level: 2, 3 or 4 seats, deployment zones and presets from the level; `game.CheckRiskGame`
    adds the states (a state names its game by this type, which imports no state)."""

    name = "checkrisk"
    min_players = 2
    max_players = 4
    reasons = CheckRiskReason

    def __init__(self, level_name: str = "standard", level_data: JSONObject | None = None) -> None:
        super().__init__(level_name, level_data)
        self.spec: LevelSpec = parse_level(self.level_data)
        self.board = self.spec.board
        spec = self.spec
        # Every applied step is bounded: deployment places ≥ 1 token a step, reinforcement placements use up
        # the supply, and each turn has `actions` actions (each at most one battle) plus an `end`.
        self.max_length = spec.players * spec.supply + spec.players * spec.turn_limit * (
            1 + spec.actions * _STEPS_PER_BATTLE
        )
        self.tables = A.ActionTables.of(self.board)
        # A level may begin mid-game (a lesson, a puzzle): read and checked once, here.
        start = self.level_data.get("start")
        self.start: Position | None = None if start is None else start_position(spec, self.tables, start)

    @property
    def num_players(self) -> int:
        """Number of seats (from the level)."""
        return self.spec.players

    @property
    def board_size(self) -> tuple[int, int]:
        """(width, height) of the level's board."""
        return self.board.width, self.board.height

    def cell_name(self, cell: int) -> str:
        """The name of a cell index, e.g. 'c2'."""
        return self.board.names[cell]

    def cell_index(self, name: str) -> int:
        """The index of a cell name; ValueError when it is not on the board."""
        return self.board.cell(name)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The orthogonal neighbours of a cell (C1)."""
        return self.board.neighbours[cell]

    def is_edge(self, cell: int) -> bool:
        """True when the cell lies on the board edge (matters for reinforcements, C7)."""
        return self.board.edge[cell]

    def zone(self, seat: int) -> frozenset[int]:
        """The cells where a seat deploys (C4, C5)."""
        return self.spec.zones[seat].cells

    def presets(self, seat: int) -> dict[str, tuple[tuple[int, int], ...]]:
        """Preset name -> ((cell, count), ...) usable by a seat (C6)."""
        return dict(self.spec.presets[seat])

    def preset_title(self, name: str, language: str = "en") -> str:
        """A preset's display title in `language` (English, then the name, as fallbacks)."""
        titles = self.spec.preset_titles.get(name, {})
        return titles.get(language) or titles.get("en") or name.replace("_", " ").capitalize()

    def options(self) -> tuple[GameOption, ...]:
        """C2 and C15 by agreement: the starting tokens (no more than a zone holds), the supply (at least the
        starting tokens) and the turn limit in rounds."""
        spec = self.spec
        room = min(zone.max_cells * MAX_STACK for zone in spec.zones)
        return (
            GameOption("start_tokens", spec.start_tokens, START_TOKENS[0], min(START_TOKENS[1], room)),
            GameOption("supply", spec.supply, *SUPPLY, at_least="start_tokens"),
            GameOption("turn_limit", spec.turn_limit, *TURN_LIMIT),
        )
