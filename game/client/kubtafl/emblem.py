"""Kubtafl's emblem on the menu and in the lists: a d20."""

from __future__ import annotations

import math

import pygame

from game.client.palette import INK, IVORY, shade
from game.client.shapes import polygon


def draw(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """Kubtafl's emblem: a d20."""
    cx, cy = center
    r = size / 2
    pts = polygon(6, r, -math.pi / 2, center)
    pygame.draw.polygon(surface, shade(IVORY, fade), pts)
    inner = polygon(3, r * 0.62, -math.pi / 2, (cx, cy + r * 0.05))
    pygame.draw.polygon(surface, shade(IVORY, 0.8 * fade), inner)
    pygame.draw.polygon(surface, INK, pts, 2)
    pygame.draw.polygon(surface, INK, inner, 1)
