"""What the CheckRisk board shows: stacks with float positions, the attackers out on a battle, fades and lifts.

Built from a state (any state, also a past one); the animation handlers change it step by step while events
play, and the scene rebuilds it from the state when the queue empties.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.board.layout import cell_xy
from game.client.board.piece import PieceView
from game.engine.checkrisk import CheckRiskState

FIELD_SHARE = 0.42  # how far the attackers stand out from their origin toward the target, in cells


@dataclass
class StackView(PieceView):
    """One stack as drawn: a piece (owner, position, lift, opacity) with its count and a flash."""

    count: int
    flash: float = 0.0


@dataclass
class CheckRiskModel:
    """Stacks by cell name; the attacking tokens out between origin and target; seats out of the game."""

    cols: int = 8
    rows: int = 8
    stacks: dict[str, StackView] = field(default_factory=dict)
    attackers: StackView | None = None  # the tokens out on a battle, drawn between origin and target
    battle: tuple[str, str] | None = None  # (origin, target) of the battle in progress
    out: tuple[bool, ...] = ()
    ghosts: list[StackView] = field(default_factory=list)  # fading stacks no longer on a cell

    @classmethod
    def from_state(cls, state: CheckRiskState) -> CheckRiskModel:
        """The stacks of a CheckRisk state."""
        game = state.game
        cols, rows = game.board_size
        model = cls(cols=cols, rows=rows, out=tuple(bool(o) for o in state.out))
        for cell, owner, count in state.stacks():
            name = game.cell_name(cell)
            x, y = cell_xy(name)
            model.stacks[name] = StackView(owner, float(x), float(y), count=count)
        battle = state.pending_battle()
        if battle is not None:
            origin, target = game.cell_name(battle.origin), game.cell_name(battle.target)
            model.battle = (origin, target)
            if battle.attackers:
                model.attackers = field_stack(battle.attacker, battle.attackers, origin, target)
        return model

    def add(self, cell: str, owner: int, count: int) -> StackView:
        """Put `count` tokens of `owner` on `cell` (joining a stack there)."""
        stack = self.stacks.get(cell)
        if stack is None:
            x, y = cell_xy(cell)
            stack = self.stacks[cell] = StackView(owner, float(x), float(y), count=0)
        stack.owner = owner
        stack.count += count
        return stack

    def take(self, cell: str, count: int) -> None:
        """Take `count` tokens off the stack on `cell` (the stack goes when empty)."""
        stack = self.stacks.get(cell)
        if stack is None:
            return
        stack.count -= count
        if stack.count <= 0:
            del self.stacks[cell]


def field_point(origin: str, target: str) -> tuple[float, float]:
    """Where the attackers stand: out of their cell toward the target."""
    ox, oy = cell_xy(origin)
    tx, ty = cell_xy(target)
    return ox + (tx - ox) * FIELD_SHARE, oy + (ty - oy) * FIELD_SHARE


def field_stack(owner: int, count: int, origin: str, target: str) -> StackView:
    """The attackers' stack out on the field."""
    x, y = field_point(origin, target)
    return StackView(owner, x, y, count=count)
