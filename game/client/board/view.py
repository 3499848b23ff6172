"""The table every board sits on: felt with a vignette, a wooden frame with a drop shadow, the squares and the
coordinates on the frame, for any grid size; rendered once per layout and cached."""

from __future__ import annotations

import math
import random

import pygame

from game.client import lettering, palette, shapes
from game.client.board.layout import BoardLayout


class TableView:
    """Caches the static table for a layout (pieces and marks are drawn over it each frame)."""

    def __init__(self) -> None:
        self._static: pygame.Surface | None = None
        self._static_key: tuple[tuple[int, int], int, int] | None = None

    def static_surface(self, layout: BoardLayout) -> pygame.Surface:
        """Felt, frame, squares and coordinates for `layout` (rebuilt only when it changes)."""
        key = (layout.size, layout.cols, layout.rows)
        if self._static is None or self._static_key != key:
            self._static = render_table(layout)
            self._static_key = key
        return self._static


def render_table(layout: BoardLayout) -> pygame.Surface:
    """The table for `layout` on a new surface."""
    surf = pygame.Surface(layout.size)
    surf.blit(shapes.table_background(layout.size), (0, 0))
    frame = layout.frame
    # Drop shadow under the frame: a few widening translucent rounded rects.
    shadow = pygame.Surface(layout.size, pygame.SRCALPHA)
    for i in range(10, 0, -1):
        pygame.draw.rect(shadow, (*palette.SHADOW, 12), frame.move(6, 9).inflate(i * 3, i * 3), border_radius=12 + i)
    surf.blit(shadow, (0, 0))
    _draw_wood(surf, frame, layout)
    # Squares with a faint inner bevel so the grid reads as inlaid tiles.
    for y in range(layout.rows):
        for x in range(layout.cols):
            rect = layout.cell_rect(x, y)
            base = palette.SQUARE_LIGHT if (x + y) % 2 else palette.SQUARE_DARK
            pygame.draw.rect(surf, base, rect)
            pygame.draw.line(surf, palette.shade(base, 1.08), rect.topleft, (rect.right - 1, rect.top))
            pygame.draw.line(surf, palette.shade(base, 1.08), rect.topleft, (rect.left, rect.bottom - 1))
            pygame.draw.line(surf, palette.shade(base, 0.9), (rect.left, rect.bottom - 1), rect.bottomright)
            pygame.draw.line(surf, palette.shade(base, 0.9), (rect.right - 1, rect.top), rect.bottomright)
    pygame.draw.rect(surf, palette.shade(palette.FRAME_DARK, 0.7), layout.board.inflate(4, 4), 2)
    _draw_coordinates(surf, layout)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def _draw_coordinates(surf: pygame.Surface, layout: BoardLayout) -> None:
    """Files below and above, ranks left and right, small and bold on the frame."""
    size = max(10, int(layout.border * 0.48))
    half = layout.border / 2
    marks: list[tuple[str, tuple[float, float]]] = []
    for x in range(layout.cols):
        cx = layout.board.left + (x + 0.5) * layout.cell
        marks += [(chr(97 + x), (cx, layout.board.bottom + half)), (chr(97 + x), (cx, layout.board.top - half))]
    for y in range(layout.rows):
        cy = layout.board.bottom - (y + 0.5) * layout.cell
        marks += [(str(y + 1), (layout.board.left - half, cy)), (str(y + 1), (layout.board.right + half, cy))]
    for text, center in marks:
        lettering.label(surf, text, size, palette.FRAME_TEXT, center=center, bold=True, shadow=palette.FRAME_SHADOW)


def _draw_wood(surf: pygame.Surface, frame: pygame.Rect, layout: BoardLayout) -> None:
    wood = pygame.Surface(frame.size, pygame.SRCALPHA)
    pygame.draw.rect(wood, palette.FRAME_DARK, wood.get_rect(), border_radius=10)
    inner = wood.get_rect().inflate(-4, -4)
    pygame.draw.rect(wood, palette.FRAME_LIGHT, inner, border_radius=8)
    # Grain: long wavy darker strokes across the frame.
    rng = random.Random(11)
    for _ in range(max(20, frame.h // 5)):
        y0 = rng.uniform(0, frame.h)
        amp = rng.uniform(1, 4)
        freq = rng.uniform(0.004, 0.015)
        colour = palette.shade(palette.FRAME_LIGHT, rng.uniform(0.78, 0.95))
        points = [(x, y0 + math.sin(x * freq + y0) * amp) for x in range(0, frame.w + 8, 8)]
        pygame.draw.lines(wood, colour, False, points, 1)
    # Bevel: light top-left edge, dark bottom-right edge.
    pygame.draw.rect(wood, palette.shade(palette.FRAME_LIGHT, 1.18), inner, 2, border_radius=8)
    pygame.draw.line(
        wood,
        palette.shade(palette.FRAME_DARK, 0.8),
        (inner.left + 6, inner.bottom - 2),
        (inner.right - 6, inner.bottom - 2),
        2,
    )
    # Recess around the squares.
    recess = pygame.Rect(layout.border - 4, layout.border - 4, layout.board.w + 8, layout.board.h + 8)
    pygame.draw.rect(wood, palette.shade(palette.FRAME_DARK, 0.75), recess, border_radius=3)
    surf.blit(wood, frame.topleft)
