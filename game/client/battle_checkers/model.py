"""What the Battle Checkers board shows: units with float positions and facings, their attack and shield, both
sides' spirit, the turn's dice and which are spent, and the turn counter.

Built from a state (any state, also a past one); the animation handlers change it step by step while events play,
and the scene rebuilds it from the state when the queue empties (the two then compare equal).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.board.layout import cell_xy
from game.client.board.piece import PieceView
from game.engine.battle_checkers import BattleCheckersState


@dataclass
class UnitView(PieceView):
    """One unit as drawn: a piece (owner, position, lift, opacity) with its facing in eighths clockwise from N (a
    float while it turns) and whether it still has its attack and its shield."""

    facing: float
    attack: bool = True
    shield: bool = True


@dataclass
class BattleCheckersModel:
    """Units by cell name; spirit of both sides; the turn's dice, the spent ones and the turn counter."""

    cols: int = 10
    rows: int = 10
    units: dict[str, UnitView] = field(default_factory=dict)
    spirit: list[int] = field(default_factory=lambda: [0, 0])
    dice: tuple[int, int] | None = None
    spent: list[bool] = field(default_factory=lambda: [False, False])
    turn: int = 0
    turn_limit: int = 100
    player: int = 0

    @classmethod
    def from_state(cls, state: BattleCheckersState) -> BattleCheckersModel:
        """The units of a Battle Checkers state."""
        board = state.board
        model = cls(
            cols=board.width,
            rows=board.height,
            spirit=list(state.spirit),
            dice=state.dice,
            spent=list(state.spent),
            turn=state.turn,
            turn_limit=state.turn_limit,
            player=state.player,
        )
        for seat in (0, 1):
            for cell in state.units_of(seat):
                x, y = board.xy(cell)
                model.units[board.name(cell)] = UnitView(
                    seat,
                    float(x),
                    float(y),
                    float(state.facing[cell]),
                    attack=state.can_attack(cell),
                    shield=state.has_shield(cell),
                )
        return model

    def unit(self, cell: str) -> UnitView | None:
        """The unit on `cell`, if any."""
        return self.units.get(cell)

    def place(self, cell: str, owner: int, facing: int) -> UnitView:
        """Put a fresh unit on `cell`."""
        x, y = cell_xy(cell)
        unit = self.units[cell] = UnitView(owner, float(x), float(y), float(facing))
        return unit

    def count(self, seat: int) -> int:
        """Units of `seat` on the board."""
        return sum(1 for u in self.units.values() if u.owner == seat)
