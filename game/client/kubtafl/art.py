"""Palette, fonts and small drawing helpers shared by the Kubtafl board, panel and overlays."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.client.fonts import Fonts

# The table and board.
FELT = (34, 58, 50)
FELT_EDGE = (14, 26, 22)
FRAME_DARK = (74, 46, 26)
FRAME_LIGHT = (140, 96, 58)
FRAME_TEXT = (236, 214, 170)
SQUARE_LIGHT = (178, 158, 120)
SQUARE_DARK = (136, 113, 82)
PANEL_BG = (44, 34, 28)
PANEL_EDGE = (92, 70, 50)
PARCHMENT = (232, 220, 192)
INK = (52, 38, 28)
INK_SOFT = (110, 90, 70)

# One accent per side (Okabe–Ito orange and sky blue: colour-blind safe); sides also differ by rim.
ACCENT = {"light": (230, 159, 0), "dark": (86, 180, 233)}

# Overlays.
MOVE_MARK = (250, 240, 200)
SELECT = (255, 214, 90)
ATTACK = (222, 72, 52)
GHOST = (255, 246, 220)
DAMAGE = (255, 90, 70)
PIN = (255, 120, 200)
TRANSFER = (120, 220, 150)


_fonts = Fonts()
_quit_hooked = False


def _forget_fonts() -> None:
    # Fonts die with pygame.quit(); a later pygame.init() (a new window, the next test) needs fresh ones.
    global _fonts, _quit_hooked
    _fonts = Fonts()
    _quit_hooked = False


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (has Cyrillic) at a pixel size, cached until pygame quits."""
    global _quit_hooked
    if not pygame.font.get_init():
        pygame.font.init()
    if not _quit_hooked:
        pygame.register_quit(_forget_fonts)
        _quit_hooked = True
    return _fonts.get(size, bold)


def text(surface: pygame.Surface, msg: str, size: int, color, center=None, topleft=None, bold=False,
         shadow: tuple[int, int, int] | None = None, midleft=None, midright=None) -> pygame.Rect:
    """Blit one line of text anchored at one of the given points; returns its rect."""
    img = font(size, bold).render(msg, True, color)
    rect = img.get_rect()
    if center is not None:
        rect.center = center
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    elif topleft is not None:
        rect.topleft = topleft
    if shadow is not None:
        surface.blit(font(size, bold).render(msg, True, shadow), rect.move(1, 1))
    surface.blit(img, rect)
    return rect


def shade(color, factor: float) -> tuple[int, int, int]:
    """Lighter (factor > 1) or darker (< 1) version of an RGB colour."""
    return tuple(max(0, min(255, int(c * factor))) for c in color[:3])


def mix(a, b, t: float) -> tuple[int, int, int]:
    """Blend two RGB colours."""
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def arrow(surface: pygame.Surface, start, end, color, width: int, head: float) -> None:
    """A straight arrow with a triangular head (drawn on an SRCALPHA surface for ghosts)."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, color, (sx, sy), base, width)
    px, py = -uy, ux
    tip = [(ex, ey), (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
           (base[0] - px * head * 0.6, base[1] - py * head * 0.6)]
    pygame.draw.polygon(surface, color, tip)


def dashed_ring(surface: pygame.Surface, center, radius: float, color, width: int, dashes: int = 12,
                phase: float = 0.0) -> None:
    """A ring of dashes (for destinations)."""
    cx, cy = center
    step = 2 * math.pi / dashes
    for i in range(dashes):
        a0 = phase + i * step
        a1 = a0 + step * 0.55
        points = [(cx + math.cos(a0 + (a1 - a0) * k / 4) * radius, cy + math.sin(a0 + (a1 - a0) * k / 4) * radius)
                  for k in range(5)]
        pygame.draw.lines(surface, color, False, points, width)


def crosshair(surface: pygame.Surface, center, radius: float, color, width: int) -> None:
    """A target mark for impacts: circle with four ticks."""
    cx, cy = center
    pygame.draw.circle(surface, color, (cx, cy), radius, width)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(surface, color, (cx + dx * radius * 0.55, cy + dy * radius * 0.55),
                         (cx + dx * radius * 1.3, cy + dy * radius * 1.3), width)


@cache
def vignette(size: tuple[int, int]) -> pygame.Surface:
    """Felt with a soft dark vignette, cached per window size."""
    w, h = size
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx = (x - 31.5) / 32
            dy = (y - 17.5) / 18
            d = min(1.0, math.sqrt(dx * dx + dy * dy) / 1.25)
            small.set_at((x, y), mix(shade(FELT, 1.12), FELT_EDGE, d ** 1.8))
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    # A faint felt grain so large areas don't look flat.
    import random

    grain = random.Random(7)
    noise = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    for _ in range(w * h // 90):
        x = grain.randrange(max(1, w))
        y = grain.randrange(max(1, h))
        noise.set_at((x, y), (255, 255, 255, 10) if grain.random() < 0.5 else (0, 0, 0, 16))
    surf.blit(noise, (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf
