"""A CheckRisk position's fields and the read-only accessors every rules layer and caller uses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.checkrisk.phases import DEPLOY, EMPTY, BattleView
from game.engine.core import Outcome

if TYPE_CHECKING:
    from game.engine.checkrisk.game import CheckRiskGame


class CheckRiskFields:
    """The data of a CheckRisk position. `owner`, `count`, `supply`, `removed`, `out` are per-cell / per-seat
    lists: read them freely, never write them (use `apply`). Cells are indices (see `game.cell_name`)."""

    def __init__(self, game: CheckRiskGame) -> None:
        spec = game.spec
        players = spec.players
        self.game = game
        self.owner: list[int] = [EMPTY] * spec.board.size
        self.count: list[int] = [0] * spec.board.size
        self.supply: list[int] = [spec.supply] * players  # tokens not on the board and not removed
        self.removed: list[int] = [0] * players  # tokens that left the game in battle (C11)
        self.to_deploy: list[int] = [spec.start_tokens] * players
        self.on_board: list[int] = [0] * players  # includes attackers out on a battle
        self.out: list[bool] = [False] * players
        self.seat = 0  # whose turn (or deployment) it is
        self.round = 0  # 0 during deployment, then 1…turn_limit
        self.actions_left = 0
        self.phase = DEPLOY
        self.reinforcements: list[list[Any]] = []  # [[cells tuple, tokens left to place], ...]
        self.battle: list[Any] | None = None  # [origin, target, attackers, stage, rounds]
        self.rolls = 0  # rounds rolled this game; seeds the faces shown
        self._outcome: Outcome | None = None

    def _fight(self) -> list[Any]:
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
        """The cells holding the seat's stacks."""
        return [i for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if o == seat and c]

    def cells_held(self, seat: int) -> int:
        """How many cells the seat holds (the first C15 tie-break)."""
        return len(self.cells_of(seat))

    def tokens_on_board(self, seat: int) -> int:
        """The seat's tokens on the board, counting attackers out on a battle."""
        return self.on_board[seat]

    def groups(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's orthogonally connected groups of cells (C7), each sorted, largest first."""
        nbrs = self.game.board.neighbours
        owner, count = self.owner, self.count
        seen: set[int] = set()
        out = []
        for start in range(len(owner)):
            if owner[start] != seat or not count[start] or start in seen:
                continue
            seen.add(start)
            todo = [start]
            group = []
            while todo:
                i = todo.pop()
                group.append(i)
                for j in nbrs[i]:
                    if j not in seen and owner[j] == seat and count[j]:
                        seen.add(j)
                        todo.append(j)
            out.append(tuple(sorted(group)))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def reinforcement_due(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(group, tokens) for each of the seat's groups that touches the edge and has ⌊cells/4⌋ ≥ 1 (C7)."""
        edge = self.game.board.edge
        return [(g, len(g) // 4) for g in self.groups(seat) if len(g) >= 4 and any(edge[i] for i in g)]

    def pending_reinforcements(self) -> list[tuple[tuple[int, ...], int]]:
        """(group cells, tokens still to place) while reinforcing."""
        return [(cells, left) for cells, left in self.reinforcements if left]

    def pending_battle(self) -> BattleView | None:
        """The battle being fought, or None."""
        b = self.battle
        if b is None:
            return None
        origin, target, attackers, stage, rounds = b
        defender = self.owner[target] if self.count[target] else EMPTY
        return BattleView(origin, target, self.seat, defender, attackers, self.count[target], stage, rounds)
