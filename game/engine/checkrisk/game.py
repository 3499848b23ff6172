"""The CheckRisk mode: a loaded level (`level_game`) that makes its states (`state`), and the registry entry."""

from __future__ import annotations

from game.engine.checkrisk.level_game import LevelGame
from game.engine.checkrisk.position import Position
from game.engine.checkrisk.position_json import position_data, position_from_dict
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import JSONObject


class CheckRiskGame(LevelGame):
    """CheckRisk on one level, with its states: the start, a saved one or a hand-made one."""

    def initial_state(self) -> CheckRiskState:
        """The empty board at the start of deployment, seat 0 to deploy; or the level's `start` position."""
        if self.start is not None:
            return CheckRiskState(self, self.start.copy())
        return CheckRiskState(self, Position.start(self.spec, self.tables))

    def state_from_dict(self, data: JSONObject) -> CheckRiskState:
        """Rebuild a position from `to_dict()`; ValueError names the bad field."""
        return CheckRiskState(self, position_from_dict(self.spec, self.tables, data))

    def position(self, stacks: dict[str, tuple[int, int]], **fields: object) -> CheckRiskState:
        """A position from {"c2": (owner, count)} and overridden position fields (see `position_json.position_data`)."""
        return CheckRiskState(
            self, position_from_dict(self.spec, self.tables, position_data(self.spec, stacks, **fields))
        )


def make_game(level_name: str, level_data: JSONObject) -> CheckRiskGame:
    """The registry entry point."""
    return CheckRiskGame(level_name, level_data)
