"""Battle Checkers' emblem on the menu and in the lists: a unit with its facing edge."""

from __future__ import annotations

import pygame

from game.client.palette import INK, IVORY, VERMILLION, shade


def draw(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """Battle Checkers' emblem: a unit with its facing edge."""
    cx, cy = center
    r = size / 2
    pts = [(cx, cy - r), (cx + r * 0.9, cy + r * 0.75), (cx - r * 0.9, cy + r * 0.75)]
    pygame.draw.polygon(surface, shade(VERMILLION, fade), pts)
    pygame.draw.line(surface, shade(IVORY, fade), pts[0], pts[1], max(2, size // 10))
    pygame.draw.polygon(surface, INK, pts, 2)
