"""Light knowledge for the dice-battle modes (CheckRisk, Battle Checkers): material shares, for greedy and playouts."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from ai.knowledge import Knowledge
from game.engine.core import ActionT, Game, State

if TYPE_CHECKING:
    from game.engine.battle_checkers import BattleCheckersState
    from game.engine.checkrisk import CheckRiskState


def _share_advantage(mine: float, all_values: list[float]) -> float:
    """How far `mine` is above a fair share of the total, in -1…1."""
    total = sum(all_values)
    if total <= 0:
        return 0.0
    return mine / total - 1 / len(all_values)


class CheckRiskKnowledge(Knowledge):
    """Cells held count most (the turn-limit winner), then tokens on the board (a seat with none is out)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def evaluate(self, state: State[ActionT], seat: int) -> float:
        """Token and cell shares against a fair share, in (-1, 1)."""
        s = cast("CheckRiskState", state)  # this knowledge is made for CheckRisk games only
        seats = range(self.game.num_players)
        tokens = [float(s.tokens_on_board(p)) for p in seats]
        cells = [float(s.cells_held(p)) for p in seats]
        score = _share_advantage(tokens[seat], tokens) + 2 * _share_advantage(cells[seat], cells)
        return math.tanh(2 * score) * 0.99


class BattleCheckersKnowledge(Knowledge):
    """Units count most, then spirit (both lose the game at zero)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def evaluate(self, state: State[ActionT], seat: int) -> float:
        """Unit and spirit shares against a fair share, in (-1, 1)."""
        s = cast("BattleCheckersState", state)  # this knowledge is made for Battle Checkers games only
        seats = range(self.game.num_players)
        units = [float(s.unit_count(p)) for p in seats]
        spirit = [float(max(0, s.spirit[p])) for p in seats]
        score = 2 * _share_advantage(units[seat], units) + _share_advantage(spirit[seat], spirit)
        return math.tanh(2 * score) * 0.99
