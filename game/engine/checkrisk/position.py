"""A CheckRisk position's data (one dataclass, with its battle) and the read-only questions asked of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.checkrisk.actions import ActionTables
from game.engine.checkrisk.board import Board
from game.engine.checkrisk.level import LevelSpec
from game.engine.checkrisk.phases import DEPLOY, EMPTY, BattleView, Phase, Stage
from game.engine.core import Outcome

_new = object.__new__
# (group cells sorted, tokens still to place on them) for each group due reinforcements this turn.
Reinforcement = tuple[tuple[int, ...], int]
#: The cells a group needs for each token of reinforcement it earns (C7).
CELLS_PER_TOKEN = 4


@dataclass(frozen=True, slots=True)
class GroupEarning:
    """One of a seat's groups and what it earns at the start of the seat's turn by C7: `tokens` is
    ⌊cells / 4⌋ for a group with a cell on the board's edge, 0 for one away from it."""

    cells: tuple[int, ...]
    on_edge: bool
    tokens: int


@dataclass(slots=True)
class Battle:
    """The battle being fought: `attackers` tokens out from `origin` against the stack on `target`."""

    origin: int
    target: int
    attackers: int
    stage: Stage
    rounds: int = 0

    def copy(self) -> Battle:
        """An independent copy."""
        return Battle(self.origin, self.target, self.attackers, self.stage, self.rounds)


@dataclass(slots=True)
class Position:
    """The data of a CheckRisk position. `owner`, `count` are per cell; `supply`, `removed`, `to_deploy`,
    `on_board`, `out` per seat. Cells are indices (see `Board.names`)."""

    spec: LevelSpec
    tables: ActionTables
    owner: list[int]
    count: list[int]
    supply: list[int]  # tokens not on the board and not removed
    removed: list[int]  # tokens that left the game in battle (C11)
    to_deploy: list[int]
    on_board: list[int]  # includes attackers out on a battle
    out: list[bool]
    seat: int = 0  # whose turn (or deployment) it is
    round: int = 0  # 0 during deployment, then 1…turn_limit
    actions_left: int = 0
    phase: Phase = DEPLOY
    reinforcements: list[Reinforcement] = field(default_factory=list)
    battle: Battle | None = None
    rolls: int = 0  # rounds rolled this game; seeds the faces shown
    outcome: Outcome | None = None

    @classmethod
    def start(cls, spec: LevelSpec, tables: ActionTables) -> Position:
        """The empty board at the start of deployment, seat 0 to deploy."""
        size, players = spec.board.size, spec.players
        return cls(
            spec,
            tables,
            [EMPTY] * size,
            [0] * size,
            [spec.supply] * players,
            [0] * players,
            [spec.start_tokens] * players,
            [0] * players,
            [False] * players,
        )

    def copy(self) -> Position:
        """An independent copy."""
        # Field by field rather than through __init__: the AI copies positions by the thousand and the generated
        # __init__ costs a fifth more.
        new = _new(Position)
        new.spec = self.spec
        new.tables = self.tables
        new.owner = self.owner[:]
        new.count = self.count[:]
        new.supply = self.supply[:]
        new.removed = self.removed[:]
        new.to_deploy = self.to_deploy[:]
        new.on_board = self.on_board[:]
        new.out = self.out[:]
        new.seat = self.seat
        new.round = self.round
        new.actions_left = self.actions_left
        new.phase = self.phase
        new.reinforcements = self.reinforcements[:]  # of immutable pairs
        battle = self.battle
        new.battle = None if battle is None else battle.copy()
        new.rolls = self.rolls
        new.outcome = self.outcome
        return new

    @property
    def board(self) -> Board:
        """The level's board."""
        return self.spec.board

    def fight(self) -> Battle:
        """The battle being fought; only called where the phase guarantees one."""
        if self.battle is None:
            raise ValueError("no battle is being fought")
        return self.battle

    def stack(self, cell: int) -> tuple[int, int] | None:
        """(owner, count) of the stack on a cell, or None when it is empty."""
        return (self.owner[cell], self.count[cell]) if self.count[cell] else None

    def owner_at(self, cell: int) -> int:
        """The seat owning the stack on a cell, or -1 when empty."""
        return self.owner[cell] if self.count[cell] else EMPTY

    def stacks(self) -> list[tuple[int, int, int]]:
        """Every stack as (cell, owner, count), by cell index."""
        return [(i, o, c) for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if c]

    def cells_of(self, seat: int) -> list[int]:
        """The cells holding the seat's stacks (a cell is owned exactly while it holds tokens: `turns.lift`)."""
        return [i for i, o in enumerate(self.owner) if o == seat]

    def cells_held(self, seat: int) -> int:
        """How many cells the seat holds."""
        return self.owner.count(seat)

    def groups(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's orthogonally connected groups of cells (C7), each sorted, largest first."""
        nbrs = self.spec.board.neighbours
        count = self.count
        # Flood fill over the seat's cells, removing each as it joins a group; the start order does not matter
        # since the groups are disjoint and sorted at the end.
        mine = {i for i, o in enumerate(self.owner) if o == seat and count[i]}
        out = []
        while mine:
            start = mine.pop()
            group = [start]
            todo = [start]
            while todo:
                for j in nbrs[todo.pop()]:
                    if j in mine:
                        mine.remove(j)
                        group.append(j)
                        todo.append(j)
            out.append(tuple(sorted(group)))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def group_earnings(self, seat: int) -> list[GroupEarning]:
        """Every group of the seat, largest first, with whether it touches the edge and the tokens it earns (C7)."""
        edge = self.spec.board.edge
        out = []
        for g in self.groups(seat):
            on_edge = any(edge[i] for i in g)
            out.append(GroupEarning(g, on_edge, len(g) // CELLS_PER_TOKEN if on_edge else 0))
        return out

    def reinforcement_due(self, seat: int) -> list[Reinforcement]:
        """(group, tokens) for each of the seat's groups that touches the edge and has ⌊cells/4⌋ ≥ 1 (C7)."""
        return [(g.cells, g.tokens) for g in self.group_earnings(seat) if g.tokens]

    def pending_reinforcements(self) -> list[Reinforcement]:
        """(group cells, tokens still to place) while reinforcing."""
        return [(cells, left) for cells, left in self.reinforcements if left]

    def pending_battle(self) -> BattleView | None:
        """The battle being fought, or None."""
        b = self.battle
        if b is None:
            return None
        target = b.target
        defender = self.owner[target] if self.count[target] else EMPTY
        return BattleView(b.origin, target, self.seat, defender, b.attackers, self.count[target], b.stage, b.rounds)
