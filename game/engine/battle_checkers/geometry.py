"""Board geometry of Battle Checkers (B1, B2, B9): cells, names, the 8 facings, rays and the side hit."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# Facings clockwise from north; north points to higher ranks (towards player 2's half).
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
FACING_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
FILES = "abcdefghijklmnopqrstuvwxyz"
MIN_SIDE, MAX_SIDE = 4, 26

FRONT, RIGHT, LEFT, REAR = "front", "right", "left", "rear"
# B9: the direction from the defender to the attacker, in eighths clockwise from the defender's facing.
SIDE_BY_RELATIVE = (FRONT, RIGHT, RIGHT, REAR, REAR, REAR, LEFT, LEFT)


def rotation_cost(a: int, b: int) -> int:
    """Eighths of a turn needed to go from facing `a` to facing `b` (0…4)."""
    d = (b - a) % 8
    return d if d <= 4 else 8 - d


def signed_turn(a: int, b: int) -> int:
    """The shortest turn from `a` to `b` in eighths, clockwise (right) positive; a half turn is +4."""
    d = (b - a) % 8
    return d if d <= 4 else d - 8


# ROTATION[a][b] and, per direction and spare pips (0…4), the facings reachable by a final turn.
ROTATION = tuple(tuple(rotation_cost(a, b) for b in range(8)) for a in range(8))
END_FACINGS = tuple(
    tuple(tuple(f for f in range(8) if ROTATION[d][f] <= spare) for spare in range(5)) for d in range(8)
)
# TURNS[a][pips]: the other facings a unit facing `a` can turn to in place with `pips` (0…4; more reach them all).
TURNS = tuple(
    tuple(tuple(f for f in range(8) if f != a and ROTATION[a][f] <= pips) for pips in range(5)) for a in range(8)
)


def facing_from_name(name: object, field: str = "facing") -> int:
    """The index of a facing name such as 'NE'; ValueError naming `field` otherwise."""
    if not isinstance(name, str) or name.upper() not in FACING_INDEX:
        raise ValueError(f"{field}: unknown facing {name!r} (expected one of {' '.join(DIRECTIONS)})")
    return FACING_INDEX[name.upper()]


@dataclass(frozen=True, eq=False)
class Board:
    """A w×h board: cells are ints `y * w + x`; precomputed names, neighbours and rays."""

    width: int
    height: int
    names: tuple[str, ...]
    index: dict[str, int]
    #: ahead[cell][d]: the neighbour in direction d, or -1 off the board.
    ahead: tuple[tuple[int, ...], ...]
    #: rays[cell][d]: the cells from `cell` (exclusive) to the edge in direction d.
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    #: neighbours[cell]: the (up to 8) surrounding cells.
    neighbours: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    def name(self, cell: int) -> str:
        """The name of a cell, e.g. 'd2'."""
        return self.names[cell]

    def cell(self, ref: object, field: str = "cell") -> int:
        """The cell index of a name ('d2') or index; ValueError naming `field` when off the board."""
        if isinstance(ref, bool):
            raise ValueError(f"{field}: not a cell: {ref!r}")
        if isinstance(ref, int):
            if 0 <= ref < self.size:
                return ref
        elif isinstance(ref, str) and ref.lower() in self.index:
            return self.index[ref.lower()]
        raise ValueError(f"{field}: {ref!r} is not a cell of the {self.width}x{self.height} board")

    def xy(self, cell: int) -> tuple[int, int]:
        """File and rank of a cell, both from 0."""
        return cell % self.width, cell // self.width

    def at(self, x: int, y: int) -> int:
        """The cell at file x, rank y (from 0), or -1 off the board."""
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else -1

    def direction(self, start: int, end: int) -> tuple[int, int] | None:
        """(direction, distance) when `end` lies on a straight line (orthogonal or diagonal) from `start`."""
        (x0, y0), (x1, y1) = self.xy(start), self.xy(end)
        dx, dy = x1 - x0, y1 - y0
        k = max(abs(dx), abs(dy))
        if k == 0 or (dx and dy and abs(dx) != abs(dy)):
            return None
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        return STEPS.index(step), k

    def half_ranks(self, seat: int) -> range:
        """The ranks (from 0) where a seat deploys (B4): the lower half for player 1, the upper for player 2."""
        half = self.height // 2
        return range(0, half) if seat == 0 else range(self.height - half, self.height)

    def mirror(self, cell: int) -> int:
        """The cell seen from the other side of the board (a half turn about the centre)."""
        return self.size - 1 - cell


def side_hit(board: Board, attacker: int, defender: int, defender_facing: int) -> str:
    """B9: which side of the defender an attack from the neighbouring cell `attacker` hits."""
    found = board.direction(defender, attacker)
    if found is None or found[1] != 1:
        raise ValueError(f"{board.name(attacker)} is not next to {board.name(defender)}")
    return SIDE_BY_RELATIVE[(found[0] - defender_facing) % 8]


@cache
def board(width: int, height: int) -> Board:
    """The (shared, immutable) geometry of a width×height board."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ValueError(f"board: size {width}x{height} outside {MIN_SIDE}…{MAX_SIDE} cells a side")
    names = tuple(f"{FILES[c % width]}{c // width + 1}" for c in range(width * height))

    def at(x: int, y: int) -> int:
        return y * width + x if 0 <= x < width and 0 <= y < height else -1

    ahead, rays, neighbours = [], [], []
    for c in range(width * height):
        x, y = c % width, c // width
        ahead.append(tuple(at(x + dx, y + dy) for dx, dy in STEPS))
        cell_rays = []
        for dx, dy in STEPS:
            ray, k = [], 1
            while at(x + k * dx, y + k * dy) >= 0:
                ray.append(at(x + k * dx, y + k * dy))
                k += 1
            cell_rays.append(tuple(ray))
        rays.append(tuple(cell_rays))
        neighbours.append(tuple(n for n in ahead[-1] if n >= 0))
    index = {n: i for i, n in enumerate(names)}
    return Board(width, height, names, index, tuple(ahead), tuple(rays), tuple(neighbours))
