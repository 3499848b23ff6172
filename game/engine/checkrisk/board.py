"""CheckRisk board geometry (C1): cell names, orthogonal neighbours, edge cells and boxes."""

from __future__ import annotations

from functools import cache

MIN_SIZE = 6
MAX_SIZE = 12
FILES = "abcdefghijkl"


class Board:
    """A width × height grid; cell index = rank_index * width + file_index (a1 is 0)."""

    def __init__(self, width: int, height: int) -> None:
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(f"board size {width}×{height} is outside {MIN_SIZE}…{MAX_SIZE}")
        self.width = width
        self.height = height
        self.size = width * height
        self.names: tuple[str, ...] = tuple(f"{FILES[i % width]}{i // width + 1}" for i in range(self.size))
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(self._neighbours(i) for i in range(self.size))
        self.edge: tuple[bool, ...] = tuple(len(n) < 4 for n in self.neighbours)

    def _neighbours(self, i: int) -> tuple[int, ...]:
        # Orthogonal only [C1 decided]; order up, right, down, left keeps enumeration stable.
        f, r = i % self.width, i // self.width
        out = []
        if r + 1 < self.height:
            out.append(i + self.width)
        if f + 1 < self.width:
            out.append(i + 1)
        if r > 0:
            out.append(i - self.width)
        if f > 0:
            out.append(i - 1)
        return tuple(out)

    def file_rank(self, i: int) -> tuple[int, int]:
        """The 0-based (file, rank) of a cell index."""
        return i % self.width, i // self.width

    def at(self, file: int, rank: int) -> int:
        """The cell index of 0-based (file, rank)."""
        return rank * self.width + file

    def cell(self, name: str) -> int:
        """The index of a cell name such as 'c2'; ValueError when it is not on this board."""
        i = self.index.get(name.strip().lower()) if isinstance(name, str) else None
        if i is None:
            raise ValueError(f"{name!r} is not a cell of the {self.width}×{self.height} board")
        return i

    def box(self, spec: object) -> list[int]:
        """The cells of a rectangle written 'a1:d2' (corners in any order), rank by rank."""
        parts = spec.split(":") if isinstance(spec, str) else []
        if len(parts) != 2:
            raise ValueError(f"{spec!r} is not a box like 'a1:d2'")
        (f0, r0), (f1, r1) = (self.file_rank(self.cell(p)) for p in parts)
        return [self.at(f, r) for r in range(min(r0, r1), max(r0, r1) + 1) for f in range(min(f0, f1), max(f0, f1) + 1)]


@cache
def board(width: int, height: int) -> Board:
    """The shared geometry for a board size."""
    return Board(width, height)
