"""Board geometry for a width x height Kubtafl board: cell names, rays and neighbours, precomputed."""

from __future__ import annotations

import re
from functools import lru_cache

from game.engine.kubtafl.actions import Move, ReEntry, Transfer
from game.engine.kubtafl.pieces import FACES, KINDS_PER_SIDE

# Directions in the order the rules list them (K1, K12): N (+y), E (+x), S (-y), W (-x).
DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
_CELL_RE = re.compile(r"([a-z])([1-9][0-9]?)")
MIN_SIZE, MAX_SIZE = 3, 26
# K13: a transfer leaves the donor at least as high as the recipient (at least 1), so it moves under half a d20.
MAX_TRANSFER = max(FACES) // 2
#: The re-entries a donor cell can pay for: (neighbour, [kind index][amount - 1] -> the action) per neighbour.
ReEntries = tuple[tuple[int, tuple[tuple[ReEntry, ...], ...]], ...]


class Geometry:
    """Precomputed tables for one board size; cells are ints `y * width + x`."""

    def __init__(self, width: int, height: int) -> None:
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(f"board must be {MIN_SIZE}…{MAX_SIZE} cells wide and high, not {width}×{height}")
        self.width = width
        self.height = height
        self.size = n = width * height
        #: Name of each cell, e.g. 'a1'.
        self.names: tuple[str, ...] = tuple(f"{chr(97 + c % width)}{c // width + 1}" for c in range(n))
        self.index: dict[str, int] = {name: c for c, name in enumerate(self.names)}
        rays = []
        for c in range(n):
            x, y = c % width, c // width
            per_dir = []
            for dx, dy in _STEPS:
                cells = []
                cx, cy = x + dx, y + dy
                while 0 <= cx < width and 0 <= cy < height:
                    cells.append(cy * width + cx)
                    cx, cy = cx + dx, cy + dy
                per_dir.append(tuple(cells))
            rays.append(tuple(per_dir))
        #: rays[cell][direction] = the cells along that line, nearest first.
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        #: moves[cell][direction] = the move actions (cell, target) along the ray, nearest first; shared tuples.
        self.moves: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
            tuple(tuple(Move(c, t) for t in ray) for ray in rays[c]) for c in range(n)
        )
        #: lines[cell] = (ray, moves) of each direction (N, E, S, W) with a cell on the board: what generation walks.
        self.lines: tuple[tuple[tuple[tuple[int, ...], tuple[Move, ...]], ...], ...] = tuple(
            tuple((ray, moves) for ray, moves in zip(rays[c], self.moves[c], strict=True) if ray) for c in range(n)
        )
        #: nbrs[cell] = orthogonal neighbours on the board, in the order N, E, S, W.
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in rays[c] if ray) for c in range(n))
        #: transfers[cell] = (neighbour, the transfers to it of 1, 2, … MAX_TRANSFER) for each neighbour; shared.
        self.transfers: tuple[tuple[tuple[int, tuple[Transfer, ...]], ...], ...] = tuple(
            tuple((nb, tuple(Transfer(c, nb, t) for t in range(1, MAX_TRANSFER + 1))) for nb in self.nbrs[c])
            for c in range(n)
        )
        # line[src * n + dst] = (direction, distance) when dst lies on a line from src, else None.
        line: list[tuple[int, int] | None] = [None] * (n * n)
        for c in range(n):
            for d, ray in enumerate(rays[c]):
                for k, t in enumerate(ray, 1):
                    line[c * n + t] = (d, k)
        self.line: tuple[tuple[int, int] | None, ...] = tuple(line)
        self._reentries: list[ReEntries | None] = [None] * n

    def reentries(self, donor: int) -> ReEntries:
        """For each neighbour of `donor`: (neighbour, by kind index, the re-entries there paid 1, 2, … the kind's
        faces by the die on `donor`); shared, built on first use (most cells never pay for one)."""
        table = self._reentries[donor]
        if table is None:
            table = tuple(
                (
                    nb,
                    tuple(
                        tuple(ReEntry(k, nb, donor, t) for t in range(1, FACES[k] + 1)) for k in range(KINDS_PER_SIDE)
                    ),
                )
                for nb in self.nbrs[donor]
            )
            self._reentries[donor] = table
        return table

    def cell_name(self, cell: int) -> str:
        """The name of a cell index, e.g. 0 -> 'a1'."""
        return self.names[cell]

    def cell_xy(self, cell: int) -> tuple[int, int]:
        """The (x, y) of a cell index, x = file (0 = a), y = rank (0 = 1)."""
        return cell % self.width, cell // self.width

    def cell_at(self, x: int, y: int) -> int:
        """The cell index of (x, y); ValueError when off the board."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"({x}, {y}) is off the {self.width}×{self.height} board")
        return y * self.width + x

    def parse_cell(self, name: str) -> int:
        """The cell index of a name like 'c4'; ValueError when malformed or off the board."""
        cell = self.index.get(name) if isinstance(name, str) else None
        if cell is None:
            if not isinstance(name, str) or not _CELL_RE.fullmatch(name):
                raise ValueError(f"{name!r} is not a cell name like 'c4'")
            raise ValueError(f"{name!r} is off the {self.width}×{self.height} board")
        return cell


@lru_cache(maxsize=16)
def geometry(width: int, height: int) -> Geometry:
    """The shared (immutable) geometry of a board size."""
    return Geometry(width, height)
