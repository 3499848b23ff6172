"""Draws the table: felt, the framed board with coordinates, and the dice of a `BoardModel`."""

from __future__ import annotations

import math
import random

import pygame

from game.client.kubtafl import art, dice_art
from game.client.kubtafl.layout import BoardLayout
from game.client.kubtafl.model import BoardModel, DieView


class BoardView:
    """Caches the static table for a layout and draws dice on top each frame."""

    def __init__(self) -> None:
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._flicker_rng = random.Random(3)

    def static_surface(self, layout: BoardLayout) -> pygame.Surface:
        """Felt, frame, squares and coordinates for `layout` (rebuilt only when it changes)."""
        key = (layout.size, layout.cols, layout.rows)
        if self._static is None or self._static_key != key:
            self._static = self._render_static(layout)
            self._static_key = key
        return self._static

    def _render_static(self, layout: BoardLayout) -> pygame.Surface:
        surf = pygame.Surface(layout.size)
        surf.blit(art.vignette(layout.size), (0, 0))
        frame = layout.frame
        # Drop shadow under the frame: a few widening translucent rounded rects.
        shadow = pygame.Surface(layout.size, pygame.SRCALPHA)
        for i in range(10, 0, -1):
            pygame.draw.rect(shadow, (0, 0, 0, 12), frame.move(6, 9).inflate(i * 3, i * 3), border_radius=12 + i)
        surf.blit(shadow, (0, 0))
        self._draw_wood(surf, frame, layout)
        # Squares with a faint inner bevel so the grid reads as inlaid tiles.
        for y in range(layout.rows):
            for x in range(layout.cols):
                rect = layout.cell_rect(x, y)
                base = art.SQUARE_LIGHT if (x + y) % 2 else art.SQUARE_DARK
                pygame.draw.rect(surf, base, rect)
                pygame.draw.line(surf, art.shade(base, 1.08), rect.topleft, (rect.right - 1, rect.top))
                pygame.draw.line(surf, art.shade(base, 1.08), rect.topleft, (rect.left, rect.bottom - 1))
                pygame.draw.line(surf, art.shade(base, 0.9), (rect.left, rect.bottom - 1), rect.bottomright)
                pygame.draw.line(surf, art.shade(base, 0.9), (rect.right - 1, rect.top), rect.bottomright)
        # The corner cells the d20s start on carry a faint rune circle: the sides' home corners.
        pygame.draw.rect(surf, art.shade(art.FRAME_DARK, 0.7), layout.board.inflate(4, 4), 2)
        # Coordinates on the frame: files below and above, ranks left and right.
        size = max(10, int(layout.border * 0.48))
        for x in range(layout.cols):
            cx = layout.board.left + (x + 0.5) * layout.cell
            letter = chr(97 + x)
            art.text(surf, letter, size, art.FRAME_TEXT, center=(cx, layout.board.bottom + layout.border / 2),
                     bold=True, shadow=(30, 18, 10))
            art.text(surf, letter, size, art.FRAME_TEXT, center=(cx, layout.board.top - layout.border / 2), bold=True,
                     shadow=(30, 18, 10))
        for y in range(layout.rows):
            cy = layout.board.bottom - (y + 0.5) * layout.cell
            art.text(surf, str(y + 1), size, art.FRAME_TEXT, center=(layout.board.left - layout.border / 2, cy),
                     bold=True, shadow=(30, 18, 10))
            art.text(surf, str(y + 1), size, art.FRAME_TEXT, center=(layout.board.right + layout.border / 2, cy),
                     bold=True, shadow=(30, 18, 10))
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _draw_wood(self, surf: pygame.Surface, frame: pygame.Rect, layout: BoardLayout) -> None:
        wood = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(wood, art.FRAME_DARK, wood.get_rect(), border_radius=10)
        inner = wood.get_rect().inflate(-4, -4)
        pygame.draw.rect(wood, art.FRAME_LIGHT, inner, border_radius=8)
        # Grain: long wavy darker strokes across the frame.
        rng = random.Random(11)
        for _ in range(max(20, frame.h // 5)):
            y0 = rng.uniform(0, frame.h)
            amp = rng.uniform(1, 4)
            freq = rng.uniform(0.004, 0.015)
            color = art.shade(art.FRAME_LIGHT, rng.uniform(0.78, 0.95))
            points = [(x, y0 + math.sin(x * freq + y0) * amp) for x in range(0, frame.w + 8, 8)]
            pygame.draw.lines(wood, color, False, points, 1)
        # Bevel: light top-left edge, dark bottom-right edge.
        pygame.draw.rect(wood, art.shade(art.FRAME_LIGHT, 1.18), inner, 2, border_radius=8)
        pygame.draw.line(wood, art.shade(art.FRAME_DARK, 0.8), (inner.left + 6, inner.bottom - 2),
                         (inner.right - 6, inner.bottom - 2), 2)
        # Recess around the squares.
        recess = pygame.Rect(layout.border - 4, layout.border - 4, layout.board.w + 8, layout.board.h + 8)
        pygame.draw.rect(wood, art.shade(art.FRAME_DARK, 0.75), recess, border_radius=3)
        surf.blit(wood, frame.topleft)

    def draw_dice(self, surface: pygame.Surface, layout: BoardLayout, model: BoardModel,
                  offset: tuple[float, float] = (0, 0), hidden: set[str] | None = None,
                  highlight: str | None = None) -> None:
        """Every die of the model (bottom rows last so lower dice overlap upper shadows), plus fading ghosts."""
        dice = [d for c, d in model.dice.items() if not hidden or c not in hidden]
        dice.extend(model.ghosts)
        dice.sort(key=lambda d: (d.lift, -d.y))
        for die in dice:
            self.draw_die(surface, layout, die, offset, glow=highlight is not None and model.dice.get(highlight) is die)

    def draw_die(self, surface: pygame.Surface, layout: BoardLayout, die: DieView,
                 offset: tuple[float, float] = (0, 0), glow: bool = False, size: int | None = None,
                 center: tuple[float, float] | None = None) -> None:
        """One die at its (float) board position or at `center`, with shadow, squash, flash and fade."""
        size = size or layout.die_size
        cx, cy = center or layout.center(die.x, die.y)
        cx += offset[0]
        cy += offset[1] - die.lift * size * 0.08
        value = die.value
        if die.flicker:
            value = self._flicker_rng.randint(1, dice_art.FACES.get(die.kind, 6))
        image = dice_art.die_surface(die.kind, die.side, max(1, value), size, glow)
        w = h = size
        if die.squash > 0.01:
            sx, sy = die.squash_axis
            amount = 0.22 * die.squash
            w = int(size * (1 - amount * abs(sx) + amount * 0.5 * abs(sy)))
            h = int(size * (1 - amount * abs(sy) + amount * 0.5 * abs(sx)))
            image = pygame.transform.smoothscale(image, (max(4, w), max(4, h)))
        shadow = dice_art.shadow_surface(die.kind, size)
        drop = size * (0.05 + 0.1 * die.lift)
        alpha = max(0, min(255, int(255 * die.alpha)))
        if alpha < 255:
            shadow.set_alpha(alpha)
            image = image.copy()
            image.set_alpha(alpha)
        surface.blit(shadow, (cx - size / 2 + drop * 0.6, cy - size / 2 + drop))
        if alpha < 255:
            shadow.set_alpha(255)
        surface.blit(image, (cx - w / 2, cy - h / 2))
        if die.flash > 0.01:
            flash = dice_art.die_surface(die.kind, die.side, max(1, value), size, True).copy()
            flash.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            flash.set_alpha(int(150 * die.flash))
            surface.blit(flash, (cx - size / 2, cy - size / 2))
