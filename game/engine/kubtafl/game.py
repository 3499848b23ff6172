"""The Kubtafl game: a level (board size + starting position) and the seam's Game interface."""

from __future__ import annotations

from game.engine import files
from game.engine.core import Game, JSONObject
from game.engine.kubtafl import rules
from game.engine.kubtafl.geometry import Geometry, geometry
from game.engine.kubtafl.pieces import FACES, QUIET_LIMIT, SIDES
from game.engine.kubtafl.position_json import board_size, read_position
from game.engine.kubtafl.reasons import KubtaflReason
from game.engine.kubtafl.state import KubtaflState


def _length_bound() -> int:
    """A true bound on a game's length from any position (K18).

    Phi = 2 * (total value on the board) + (dice in the pools) never rises: moves and transfers keep
    it, a re-entry lowers the pool by 1, damage lowers the total by at least 1 per hit and every removal
    costs the removed die's last point, so Phi drops by at least 1 at each damage/removal/re-entry.
    Between two such actions at most QUIET_LIMIT actions happen (the 100th quiet one draws).
    """
    phi_max = 2 * 2 * sum(FACES) + 2 * len(FACES)
    return QUIET_LIMIT * (phi_max + 1)


class KubtaflGame(Game):
    """Kubtafl with one level loaded; seat 0 is Light (moves first), seat 1 Dark."""

    name = "kubtafl"
    max_length = _length_bound()
    reasons = KubtaflReason
    has_chance = False  # K1: no dice are rolled; the dice are the pieces

    def __init__(self, level_name: str = "standard", level_data: JSONObject | None = None) -> None:
        super().__init__(level_name, level_data)
        files.check_level_texts(self.level_data)  # unknown fields are refused by the position reader
        width, height = board_size(self.level_data)
        self.geo: Geometry = geometry(width, height)
        self._initial = self.state_from_dict(self.level_data)

    @property
    def num_players(self) -> int:
        """Two seats."""
        return 2

    @property
    def board_size(self) -> tuple[int, int]:
        """(width, height) of the board."""
        return self.geo.width, self.geo.height

    def seat_name(self, seat: int) -> str:
        """'light' or 'dark'."""
        return SIDES[seat]

    def initial_state(self) -> KubtaflState:
        """The level's starting position."""
        return self._initial.clone()

    def state_from_dict(self, data: JSONObject) -> KubtaflState:
        """Rebuild a state from `to_dict()` (or any position JSON on this board); ValueError names the field."""
        position = read_position(self.geo, data)
        rules.end_if_over(position)
        return KubtaflState(self, position)


def make_game(level_name: str, level_data: JSONObject) -> KubtaflGame:
    """The registry entry point."""
    return KubtaflGame(level_name, level_data)
