"""What the board shows: dice with float positions, values, fades and flashes, built from a state's fields.

The animator changes this model step by step while events play; when the queue empties the scene rebuilds
it from the state, so the screen always ends exactly at the engine's position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.board.layout import cell_xy
from game.engine.kubtafl import KINDS, KubtaflState

SIDES = ("light", "dark")
FACES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}
KIND_ORDER = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")


@dataclass
class DieView:
    """One die as drawn: side, kind, shown value, position in board coordinates, and effects."""

    side: str
    kind: str
    value: int
    x: float
    y: float
    alpha: float = 1.0
    squash: float = 0.0  # 0..1, flattened along `squash_axis` during an impact
    squash_axis: tuple[int, int] = (0, 1)
    flash: float = 0.0  # 0..1 white flash (pin)
    lift: float = 0.0  # 0..1 raised with a larger shadow (moving)
    flicker: bool = False  # the value is "rolling"

    @property
    def cell(self) -> tuple[int, int]:
        """The nearest cell (x, y)."""
        return round(self.x), round(self.y)


@dataclass
class BoardModel:
    """Dice on the board by cell name, the removed pools, and whose turn it is."""

    cols: int = 8
    rows: int = 8
    dice: dict[str, DieView] = field(default_factory=dict)
    removed: dict[str, list[str]] = field(default_factory=lambda: {"light": [], "dark": []})
    to_move: str = "light"
    ghosts: list[DieView] = field(default_factory=list)  # fading dice no longer on a cell

    @classmethod
    def from_state(cls, state: KubtaflState) -> BoardModel:
        """The dice and removed pools of a Kubtafl state, with the side to move."""
        model = cls(cols=state.width, rows=state.height, to_move=SIDES[state.to_move])
        for die in state.dice():
            cell = state.cell_name(die.cell)
            x, y = cell_xy(cell)
            model.dice[cell] = DieView(SIDES[die.side], KINDS[die.kind], die.value, float(x), float(y))
        for side, name in enumerate(SIDES):
            kinds = [KINDS[k] for k in state.removed(side)]
            model.removed[name] = sorted(kinds, key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 99)
        return model

    def die_at(self, cell: str) -> DieView | None:
        """The die on a named cell."""
        return self.dice.get(cell)

    def move(self, src: str, dst: str) -> DieView | None:
        """Re-key a die from `src` to `dst` (its drawn position is animated separately)."""
        die = self.dice.pop(src, None)
        if die is not None:
            self.dice[dst] = die
        return die
