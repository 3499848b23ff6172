"""Where everything sits for a window size and any w×h grid: the framed board on the left, the side panel on the
right, and the cell ↔ pixel mapping (file letters a…, ranks 1… upwards, as in every mode's notation)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_PANEL = 280
PANEL_SHARE = 0.3
MAX_PANEL_PER_HEIGHT = 0.56


Cell = tuple[int, int]


def cell_xy(name: str) -> Cell:
    """(file, rank) indices of a cell name such as 'c4' -> (2, 3)."""
    return ord(name[0]) - 97, int(name[1:]) - 1


def cell_name(x: int, y: int) -> str:
    """The name of (file, rank) indices."""
    return f"{chr(97 + x)}{y + 1}"


@dataclass
class BoardLayout:
    """Pixel geometry for one window size and board size."""

    size: tuple[int, int]
    cols: int = 8
    rows: int = 8

    def __post_init__(self) -> None:
        w, h = self.size
        # On very wide windows the panel stops growing (its contents scale with the height anyway).
        panel_w = max(MIN_PANEL, min(int(w * PANEL_SHARE), int(h * MAX_PANEL_PER_HEIGHT)))
        margin = max(10, int(min(w, h) * 0.03))
        self.panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
        area = pygame.Rect(margin, margin, self.panel.left - 2 * margin, h - 2 * margin)
        # The frame holds the coordinates; its width is a fraction of a cell.
        cells_w = self.cols + 1.0
        cells_h = self.rows + 1.0
        self.cell = max(8, int(min(area.w / cells_w, area.h / cells_h)))
        self.border = max(12, int(self.cell * 0.5))
        board_w = self.cell * self.cols
        board_h = self.cell * self.rows
        self.board = pygame.Rect(0, 0, board_w, board_h)
        self.board.center = area.center
        self.frame = self.board.inflate(self.border * 2, self.border * 2)
        self.area = area
        self.piece_size = int(self.cell * 0.92)  # a piece fills most of its square

    def center(self, x: float, y: float) -> tuple[float, float]:
        """Pixel centre of board coordinates (x file, y rank; floats allowed for sliding dice)."""
        return (self.board.left + (x + 0.5) * self.cell, self.board.bottom - (y + 0.5) * self.cell)

    def cell_center(self, name: str) -> tuple[float, float]:
        """Pixel centre of a named cell."""
        return self.center(*cell_xy(name))

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """The square of a cell."""
        return pygame.Rect(
            self.board.left + x * self.cell, self.board.bottom - (y + 1) * self.cell, self.cell, self.cell
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """(x, y) of the cell under a pixel, or None off the board."""
        px, py = pos
        if not self.board.collidepoint(px, py):
            return None
        x = int((px - self.board.left) // self.cell)
        y = int((self.board.bottom - 1 - py) // self.cell)
        if 0 <= x < self.cols and 0 <= y < self.rows:
            return x, y
        return None

    def name_at(self, pos: tuple[int, int]) -> str | None:
        """The name of the cell under a pixel, or None off the board."""
        xy = self.cell_at(pos)
        return cell_name(*xy) if xy is not None else None
