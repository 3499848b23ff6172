"""The Battle Checkers game: a level loaded, making states and reading saved positions."""

from __future__ import annotations

from game.engine.battle_checkers.level import MAX_UNITS, MIN_UNITS, Level, parse_level
from game.engine.battle_checkers.position import Position
from game.engine.battle_checkers.position_json import read_position
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.core import Game, GameOption, JSONObject

# Applied actions in one turn at most: the roll, two activations, `end`, and per unit one attack
# followed by its duel/repel roll, the fate choice and the fate roll.
_PER_TURN_FIXED, _PER_ATTACK = 4, 4
SPIRIT = (1, 12)  # the starting spirit the new-game dialog offers (B3: 0 would have lost already)


class BattleCheckersGame(Game):
    """Battle Checkers 2 on one level (see rules/battle_checkers.md)."""

    name = "battle_checkers"
    reasons = BattleCheckersReason

    def __init__(self, level_name: str = "standard", level_data: JSONObject | None = None) -> None:
        super().__init__(level_name, level_data)
        self.level: Level = parse_level(self.level_data)
        self.board = self.level.board
        self._start: Position | None = None
        units = self.level.units_per_player
        if self.level.position is not None:
            try:
                # The level's own saved position sets the unit count, so it is not bounded by it.
                self._start = read_position(self.level, self.level.position, None)
            except ValueError as exc:
                raise ValueError(f"position.{exc}") from None
            units = max(units, self._start.unit_count(0), self._start.unit_count(1))
        #: The most units a side may hold (on the board and still to place) in a position of this level.
        self.most_units = units
        # B13 bounds the turns; every step of a turn is bounded above, so this is a true maximum.
        self.max_length = 2 * units + 2 * self.level.turn_limit * (_PER_TURN_FIXED + _PER_ATTACK * units)

    @property
    def num_players(self) -> int:
        """Two seats."""
        return 2

    @property
    def board_size(self) -> tuple[int, int]:
        """(width, height) of the level's board."""
        return self.board.width, self.board.height

    def initial_state(self) -> BattleCheckersState:
        """Deployment with nothing placed, or the level's saved position."""
        if self._start is not None:
            return BattleCheckersState(self, self._start.copy())
        return self.new_state()

    def state_from_dict(self, data: JSONObject) -> BattleCheckersState:
        """Rebuild a state from `to_dict()`; ValueError naming a bad field."""
        return BattleCheckersState(self, read_position(self.level, data, self.most_units))

    def new_state(self) -> BattleCheckersState:
        """A state at the start of deployment with nothing placed (whatever the level's saved position)."""
        return BattleCheckersState(self, Position.start(self.level))

    def seat_name(self, seat: int) -> str:
        """'player1' or 'player2'."""
        return f"player{seat + 1}"

    def options(self) -> tuple[GameOption, ...]:
        """B2 and B3 by agreement: units per side (4…12, as many as a half of the board holds) and the starting
        spirit of both sides; none on a level that starts from its own saved position."""
        level = self.level
        if level.position is not None:
            return ()
        half = self.board.width * (self.board.height // 2)
        return (
            GameOption("units_per_player", level.units_per_player, MIN_UNITS, min(MAX_UNITS, half)),
            GameOption("spirit", max(level.spirit), *SPIRIT),
        )

    def agreed_level(self, agreed: dict[str, int]) -> JSONObject:
        """The level with the agreed numbers; with another unit count the level's presets (which place exactly its
        own count) are left out, so each side deploys unit by unit."""
        data = {**self.level_data, **agreed}
        if agreed.get("units_per_player", self.level.units_per_player) != self.level.units_per_player:
            data["presets"] = []
        return data


def make_game(level_name: str, level_data: JSONObject) -> BattleCheckersGame:
    """The registry's entry point."""
    return BattleCheckersGame(level_name, level_data)
