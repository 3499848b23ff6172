"""Kubtafl's pieces on the board: every die of a `BoardModel` with its shadow, squash, flash, lift and fade."""

from __future__ import annotations

import random

import pygame

from game.client import palette
from game.client.board.layout import BoardLayout
from game.client.dice import polyhedra
from game.client.kubtafl.model import BoardModel, DieView


class DicePainter:
    """Draws dice; a rolling die flickers through random faces (its own RNG: drawing never touches the game's)."""

    def __init__(self) -> None:
        self._flicker_rng = random.Random(3)

    def draw_dice(
        self, surface: pygame.Surface, layout: BoardLayout, model: BoardModel, offset: tuple[float, float] = (0, 0)
    ) -> None:
        """Every die of the model (bottom rows last so lower dice overlap upper shadows), plus fading ghosts."""
        dice = [*model.dice.values(), *model.ghosts]
        dice.sort(key=lambda d: (d.lift, -d.y))
        for die in dice:
            self.draw_die(surface, layout, die, offset)

    def draw_die(
        self, surface: pygame.Surface, layout: BoardLayout, die: DieView, offset: tuple[float, float] = (0, 0)
    ) -> None:
        """One die at its (float) board position, with shadow, squash, flash and fade."""
        size = layout.piece_size
        cx, cy = layout.center(die.x, die.y)
        cx += offset[0]
        cy += offset[1] - die.lift * size * 0.08
        value = die.value
        if die.flicker:
            value = self._flicker_rng.randint(1, polyhedra.FACES.get(die.kind, 6))
        image = polyhedra.die_surface(die.kind, die.side, max(1, value), size)
        w = h = size
        if die.squash > 0.01:
            sx, sy = die.squash_axis
            amount = 0.22 * die.squash
            w = int(size * (1 - amount * abs(sx) + amount * 0.5 * abs(sy)))
            h = int(size * (1 - amount * abs(sy) + amount * 0.5 * abs(sx)))
            image = pygame.transform.smoothscale(image, (max(4, w), max(4, h)))
        shadow = polyhedra.shadow_surface(die.kind, size)
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
            flash = polyhedra.die_surface(die.kind, die.side, max(1, value), size, True).copy()
            flash.fill((*palette.WHITE, 0), special_flags=pygame.BLEND_RGBA_MAX)
            flash.set_alpha(int(150 * die.flash))
            surface.blit(flash, (cx - size / 2, cy - size / 2))
