"""Cube-shaped dice: the pip d6, the d3 (a d6 marked 1–3), Alkemy health dice with their symbols, odd dN tokens."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.client import lettering, palette, shapes
from game.client.dice.polyhedra import SUPER, Point, bevelled_body, draw_glow, outline_points, regular, scaled

PIPS = shapes.PIPS
# Health dice also differ by the wound marks in a corner (none, one, two), never by colour alone.
WOUNDS = {"white": 0, "yellow": 1, "red": 2}


def _rotate(points: Sequence[Point], angle: float) -> list[Point]:
    c, s = math.cos(angle), math.sin(angle)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def _circle(cx: float, cy: float, r: float, n: int = 16) -> list[Point]:
    return [(cx + x, cy + y) for x, y in regular(n, r, 0.0)]


def symbol_shapes(symbol: str) -> list[list[Point]]:
    """Polygons of a weapon symbol in unit coordinates (about −1…1), tilted like a weapon laid on a die."""
    if symbol == "sword":
        shapes = [
            [(0, -1.0), (0.17, -0.72), (0.17, 0.36), (-0.17, 0.36), (-0.17, -0.72)],
            [(-0.52, 0.34), (0.52, 0.34), (0.52, 0.5), (-0.52, 0.5)],
            [(-0.09, 0.5), (0.09, 0.5), (0.09, 0.84), (-0.09, 0.84)],
            _circle(0, 0.92, 0.14, 10),
        ]
    elif symbol == "axe":
        shapes = [
            [(-0.08, -0.86), (0.08, -0.86), (0.08, 0.98), (-0.08, 0.98)],
            [(0.02, -0.72), (0.5, -0.98), (0.78, -0.55), (0.82, -0.2), (0.56, 0.2), (0.02, -0.08)],
            [(-0.02, -0.62), (-0.34, -0.52), (-0.34, -0.2), (-0.02, -0.16)],
        ]
    elif symbol == "mace":
        spikes = []
        for i in range(8):
            a = 2 * math.pi * i / 8
            tip = (math.cos(a) * 0.62, -0.42 + math.sin(a) * 0.62)
            left = (math.cos(a - 0.32) * 0.34, -0.42 + math.sin(a - 0.32) * 0.34)
            right = (math.cos(a + 0.32) * 0.34, -0.42 + math.sin(a + 0.32) * 0.34)
            spikes.append([tip, left, right])
        shapes = [[(-0.09, -0.2), (0.09, -0.2), (0.09, 0.98), (-0.09, 0.98)], _circle(0, -0.42, 0.38), *spikes]
    else:
        raise ValueError(f"unknown symbol {symbol!r}")
    return [_rotate(shape, math.radians(28)) for shape in shapes]


def draw_symbol(
    surf: pygame.Surface,
    symbol: str,
    center: Point,
    radius: float,
    ink: tuple[int, int, int],
    edge: tuple[int, int, int],
) -> None:
    """Draw a weapon symbol of `radius` pixels at `center`, with a thin contrasting edge."""
    shapes = [[(center[0] + x * radius, center[1] + y * radius) for x, y in shape] for shape in symbol_shapes(symbol)]
    width = max(2, round(radius / 9))
    for shape in shapes:
        pygame.draw.polygon(surf, edge, shape, width * 2)
    for shape in shapes:
        pygame.draw.polygon(surf, ink, shape)


def _cube(big: int, body: tuple[int, int, int], glow: bool, light: bool) -> tuple[pygame.Surface, list[Point], float]:
    """A cube body on a fresh supersampled surface; returns it, its top face (pixels) and the unit radius."""
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    half = big / 2
    r = half * 0.95
    unit = outline_points("d6")
    if glow:
        draw_glow(surf, unit, r * 0.92, half)
    outer = scaled(unit, r, half)
    inner = [(half + (x - half) * 0.8 - r * 0.03, half + (y - half) * 0.8 - r * 0.04) for x, y in outer]
    line = max(2, big // 36)
    bevelled_body(surf, outer, inner, body, palette.shade(body, 0.8), line, (half - 0.3 * r, half - 0.3 * r), r, light)
    pygame.draw.polygon(surf, palette.shade(body, 0.3), outer, line)
    return surf, inner, r


def _finish(surf: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (max(8, int(size)), max(8, int(size))))


def light_body(colour: tuple[int, int, int]) -> bool:
    """True when dark pips read best on a die of `colour` (its luminance is high)."""
    r, g, b = colour
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140


@cache
def pip_surface(
    value: int, size: int, glow: bool = False, dark: bool = False, tint: tuple[int, int, int] | None = None
) -> pygame.Surface:
    """A d6 showing `value` (1–6) as pips, ivory (or charcoal when `dark`, or a player's colour `tint`, its pips
    dark or light to stand out on it), `size` pixels across (cached)."""
    if value not in PIPS:
        raise ValueError(f"a pip die shows 1…6, not {value}")
    big = max(8, int(size)) * SUPER
    if tint is not None:
        dark = not light_body(tint)
        body = tint
    else:
        body = palette.CHARCOAL if dark else palette.IVORY
    ink = palette.IVORY if dark else palette.DIE_INK
    surf, inner, r = _cube(big, body, glow, not dark)
    cx = sum(p[0] for p in inner) / len(inner)
    cy = sum(p[1] for p in inner) / len(inner)
    step = r * 0.36
    pip = r * 0.13
    for dx, dy in PIPS[value]:
        p = (cx + dx * step, cy + dy * step)
        pygame.draw.circle(surf, palette.shade(body, 0.7), (p[0] + pip * 0.15, p[1] + pip * 0.2), pip)
        pygame.draw.circle(surf, palette.ACE_PIP if value == 1 and not dark and tint is None else ink, p, pip)
    return _finish(surf, size)


@cache
def d3_surface(value: int, size: int, glow: bool = False) -> pygame.Surface:
    """A d3 (brass cube) showing 1–3 as a numeral over a small triangle mark, `size` pixels across (cached)."""
    if value not in (1, 2, 3):
        raise ValueError(f"a d3 shows 1…3, not {value}")
    big = max(8, int(size)) * SUPER
    surf, inner, r = _cube(big, palette.D3_BODY, glow, True)
    cx = sum(p[0] for p in inner) / len(inner)
    cy = sum(p[1] for p in inner) / len(inner)
    img = lettering.font(int(r * 0.95), bold=True).render(str(value), True, palette.DIE_INK)
    surf.blit(img, img.get_rect(center=(cx, cy - r * 0.1)))
    tri = [(cx, cy + r * 0.34), (cx + r * 0.2, cy + r * 0.6), (cx - r * 0.2, cy + r * 0.6)]
    pygame.draw.polygon(surf, palette.DIE_INK, tri)
    return _finish(surf, size)


@cache
def alkemy_surface(colour: str, value: int, symbol: str, size: int, glow: bool = False) -> pygame.Surface:
    """An Alkemy health die (white / yellow / red) showing `value` and its weapon `symbol` (cached)."""
    if colour not in palette.HEALTH:
        raise ValueError(f"unknown health colour {colour!r}")
    big = max(8, int(size)) * SUPER
    body = palette.HEALTH[colour]
    ink = palette.IVORY if colour == "red" else palette.DIE_INK
    edge = palette.shade(body, 1.12) if colour != "red" else palette.shade(body, 0.7)
    surf, inner, r = _cube(big, body, glow, colour != "red")
    cx = sum(p[0] for p in inner) / len(inner)
    cy = sum(p[1] for p in inner) / len(inner)
    img = lettering.font(int(r * 0.78), bold=True).render(str(value), True, ink)
    surf.blit(img, img.get_rect(center=(cx - r * 0.32, cy - r * 0.04)))
    draw_symbol(surf, symbol, (cx + r * 0.32, cy + r * 0.0), r * 0.4, ink, edge)
    for i in range(WOUNDS[colour]):
        pygame.draw.circle(surf, ink, (cx - r * 0.5 + i * r * 0.2, cy + r * 0.52), r * 0.065)
    return _finish(surf, size)


@cache
def token_surface(label: str, sides: int, size: int, glow: bool = False) -> pygame.Surface:
    """A die of an unusual size (d7, d100…) as a round token with its value and its name under it (cached)."""
    big = max(8, int(size)) * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    half = big / 2
    r = half * 0.9
    unit = regular(24, 1.0, 0.0)
    if glow:
        draw_glow(surf, unit, r, half)
    outer = scaled(unit, r, half)
    inner = scaled(regular(24, 0.78, 0.0), r, half - r * 0.03)
    bevelled_body(
        surf,
        outer,
        inner,
        palette.DIE_FACE,
        palette.DIE_BEVEL,
        max(2, big // 36),
        (half - 0.3 * r, half - 0.3 * r),
        r,
        True,
    )
    pygame.draw.polygon(surf, palette.DIE_OUTLINE, outer, max(2, big // 36))
    px = int(r * (0.8 if len(label) <= 2 else 0.56))
    img = lettering.font(px, bold=True).render(label, True, palette.DIE_INK)
    surf.blit(img, img.get_rect(center=(half, half - r * 0.1)))
    name = lettering.font(int(r * 0.26)).render(f"d{sides}", True, palette.INK_SOFT)
    surf.blit(name, name.get_rect(center=(half, half + r * 0.5)))
    return _finish(surf, size)
