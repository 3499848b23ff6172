"""CheckRisk's emblem on the menu and in the lists: a checker stack."""

from __future__ import annotations

import pygame

from game.client.palette import INK, ORANGE, SKY, shade


def draw(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """CheckRisk's emblem: a checker stack."""
    cx, cy = center
    r = size / 2
    for i, colour in enumerate((SKY, ORANGE, ORANGE)):
        rect = pygame.Rect(0, 0, size, size * 0.42)
        rect.center = (cx, cy + r * 0.45 - i * r * 0.38)
        pygame.draw.ellipse(surface, shade(colour, 0.6 * fade), rect.move(0, size * 0.08))
        pygame.draw.ellipse(surface, shade(colour, fade), rect)
        pygame.draw.ellipse(surface, INK, rect, 1)
