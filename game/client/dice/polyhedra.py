"""Polyhedral dice drawn as the top view of their solid: lit face, shaded bevel, rim, large value.

Light dice are ivory with dark numerals and a single rim; Dark dice are charcoal with light numerals and
a double rim, so the sides never rely on colour alone. Rendered supersampled once and cached.
`die_surface(kind, side, value, size, glow)` is the call Kubtafl draws its dice with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.client import lettering, palette

KINDS = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
FACES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}
Point = tuple[float, float]

_STYLE: dict[str, dict[str, tuple[int, int, int] | None]] = {
    "light": {
        "face": palette.DIE_FACE,
        "bevel": palette.DIE_BEVEL,
        "outline": palette.DIE_OUTLINE,
        "ink": palette.DIE_INK,
        "rim2": None,
    },
    "dark": {
        "face": palette.DIE_DARK_FACE,
        "bevel": palette.DIE_DARK_BEVEL,
        "outline": palette.DIE_DARK_OUTLINE,
        "ink": palette.DIE_DARK_INK,
        "rim2": palette.DIE_DARK_RIM,
    },
}
SUPER = 3  # supersampling factor for smooth edges
LIGHT_DIR = (-0.55, -0.83)  # light from the upper left
NOTE_MIN_SIZE = 44  # a die smaller than this (a removed row's) shows its strength alone


def value_label(kind: str, value: int) -> str:
    """The face a Kubtafl die has up: the d% prints 10…90 and 00 for ten; others their value."""
    if kind == "d%":
        return "00" if value >= 10 else f"{value * 10}"
    return str(value)


def strength_label(kind: str, value: int) -> str:
    """The big number on a Kubtafl die: its strength (a d% of 5 reads 5, its printed "50" stands small beside)."""
    return str(value)


def printed_note(kind: str, value: int, size: int = NOTE_MIN_SIZE) -> str:
    """The small printed face beside the strength ("50" on a d% of 5) on a die `size` pixels across, or "" when
    the face is the strength or the die is too small for a second, readable number."""
    face = value_label(kind, value)
    return "" if face == strength_label(kind, value) or size < NOTE_MIN_SIZE else face


def regular(n: int, radius: float, rotation: float) -> list[Point]:
    """The corners of a regular n-gon around the origin."""
    return [
        (math.cos(rotation + 2 * math.pi * i / n) * radius, math.sin(rotation + 2 * math.pi * i / n) * radius)
        for i in range(n)
    ]


def outline_points(kind: str) -> list[Point]:
    """The die's silhouette in unit coordinates (centre 0,0, roughly radius 1; y grows downward)."""
    up = -math.pi / 2
    if kind == "d4":
        return [(x, y + 0.16) for x, y in regular(3, 1.08, up)]
    if kind == "d6":
        c = 0.8
        k = 0.16  # chamfered corners read as a rounded cube
        return [(-c + k, -c), (c - k, -c), (c, -c + k), (c, c - k), (c - k, c), (-c + k, c), (-c, c - k), (-c, -c + k)]
    if kind == "d8":
        return [(0, -1.0), (0.86, 0), (0, 1.0), (-0.86, 0)]
    if kind in ("d10", "d%"):
        return [(0, -0.98), (0.88, -0.32), (0, 1.02), (-0.88, -0.32)]
    if kind == "d12":
        return [(x, y + 0.05) for x, y in regular(5, 0.98, up)]
    if kind == "d20":
        return regular(6, 0.98, up)
    raise ValueError(f"unknown die kind {kind!r}")


_FACE_SCALE = {"d4": 0.56, "d6": 0.74, "d8": 0.62, "d10": 0.64, "d%": 0.64, "d12": 0.68, "d20": 0.66}


def face_points(kind: str) -> list[Point]:
    """The lit top face inside the silhouette (same vertex count, so bevel facets pair up)."""
    outer = outline_points(kind)
    cx = sum(p[0] for p in outer) / len(outer)
    cy = sum(p[1] for p in outer) / len(outer)
    scale = _FACE_SCALE[kind]
    # The face sits a little toward the light, as if seen from slightly above-left.
    return [(cx + (x - cx) * scale - 0.03, cy + (y - cy) * scale - 0.04) for x, y in outer]


def text_center(kind: str) -> Point:
    """Where the value sits in unit coordinates."""
    face = face_points(kind)
    cx = sum(p[0] for p in face) / len(face)
    cy = sum(p[1] for p in face) / len(face)
    if kind in ("d10", "d%"):
        cy -= 0.1  # the kite's wide part is above its centroid
    return cx, cy


def scaled(points: Sequence[Point], size: float, origin: float) -> list[Point]:
    """Unit points scaled by `size` around (`origin`, `origin`)."""
    return [(origin + x * size, origin + y * size) for x, y in points]


def _value_px(kind: str, label: str, big: int, noted: bool = False) -> int:
    # The numeral's pixel size on a die image `big` pixels across: as large as the top face allows (a little
    # smaller when the printed face stands under it).
    half = big / 2
    inner = scaled(face_points(kind), half * 0.95, half)
    face_w = max(p[0] for p in inner) - min(p[0] for p in inner)
    one = len(label) == 1
    px = int(big * (0.42 if one else 0.34))
    if kind == "d4":
        px = int(big * (0.34 if one else 0.25))
    if len(label) > 2:
        px = int(px * 0.72)
    if noted:
        px = int(px * 0.8)
    return min(px, int(face_w * (1.0 if one else 0.72)))


def value_rect(kind: str, value: int, size: int, center: tuple[float, float]) -> pygame.Rect:
    """Where the value's numerals appear on a die `size` pixels across centred at `center` (screen pixels)."""
    note = printed_note(kind, value, int(size))
    left, top, w, h = _value_box(kind, strength_label(kind, value), max(8, int(size)), note)
    return pygame.Rect(round(center[0] + left), round(center[1] + top), w, h)


def _note_px(px: int) -> int:
    # The printed face beside the strength: small, yet readable on a board cell.
    return max(6, int(px * 0.5))


def _label_center(kind: str, px: int, r: float, note: str) -> Point:
    # The big numerals' centre relative to the die's centre; with a note under them they sit a little higher.
    cx, cy = text_center(kind)
    lift = _note_px(px) * 0.5 if note else 0.0
    return cx * r, cy * r + px * 0.03 - lift


@cache
def _value_box(kind: str, label: str, size: int, note: str = "") -> tuple[float, float, int, int]:
    # The inked glyphs' box relative to the die's centre, measured on the numerals rendered as the die is.
    big = size * SUPER
    px = _value_px(kind, label, big, bool(note))
    img = lettering.font(px, bold=True).render(label, True, palette.WHITE)
    ink = img.get_bounding_rect()
    r = big / 2 * 0.95
    text = img.get_rect(center=_label_center(kind, px, r, note))
    k = size / big
    return ((text.x + ink.x) * k, (text.y + ink.y) * k, max(1, round(ink.w * k)), max(1, round(ink.h * k)))


def draw_glow(surf: pygame.Surface, unit_outline: Sequence[Point], r: float, half: float) -> None:
    """A soft golden halo just outside a silhouette (hits, kept dice)."""
    for grow, alpha in ((1.16, 70), (1.09, 150)):
        grown = [(x * grow, y * grow) for x, y in unit_outline]
        pygame.draw.polygon(surf, (*palette.SELECT, alpha), scaled(grown, r, half))


def bevelled_body(
    surf: pygame.Surface,
    outer: Sequence[Point],
    inner: Sequence[Point],
    face: tuple[int, int, int],
    bevel: tuple[int, int, int],
    line: int,
    highlight: Point,
    r: float,
    light: bool,
) -> None:
    """Bevel facets shaded toward the light, ridges, the lit top face and a soft highlight."""
    n = len(outer)
    for i in range(n):
        j = (i + 1) % n
        ex, ey = outer[j][0] - outer[i][0], outer[j][1] - outer[i][1]
        length = math.hypot(ex, ey) or 1.0
        nx, ny = ey / length, -ex / length  # outward normal for clockwise-on-screen order
        lit = nx * LIGHT_DIR[0] + ny * LIGHT_DIR[1]
        pygame.draw.polygon(surf, palette.shade(bevel, 1.0 + 0.22 * lit), [outer[i], outer[j], inner[j], inner[i]])
    ridge = palette.shade(bevel, 0.8)
    for i in range(n):
        pygame.draw.line(surf, ridge, inner[i], outer[i], max(1, line // 2))
    pygame.draw.polygon(surf, face, inner)
    big = surf.get_width()
    hl = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(hl, (*palette.WHITE, 34 if light else 22), highlight, r * 0.42)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (*palette.WHITE, 255), inner)
    hl.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(hl, (0, 0))
    pygame.draw.polygon(surf, palette.shade(face, 0.82), inner, max(1, line // 2))


@cache
def labelled_surface(kind: str, side: str, label: str, size: int, glow: bool = False, note: str = "") -> pygame.Surface:
    """A polyhedron of `kind` for `side` with `label` large on its top face and an optional small `note` under it,
    `size` pixels across (cached)."""
    style = _STYLE["dark" if side == "dark" else "light"]
    face, bevel, outline, ink = (style[k] or palette.SHADOW for k in ("face", "bevel", "outline", "ink"))
    big = max(8, int(size)) * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    half = big / 2
    r = half * 0.95
    outer = scaled(outline_points(kind), r, half)
    inner = scaled(face_points(kind), r, half)
    line = max(2, big // 36)
    if glow:
        draw_glow(surf, outline_points(kind), r * 0.92, half)
    hx, hy = text_center(kind)
    bevelled_body(
        surf, outer, inner, face, bevel, line, (half + (hx - 0.22) * r, half + (hy - 0.22) * r), r, side != "dark"
    )
    # Rim: single for Light; double (outline plus a brass inner line) for Dark.
    pygame.draw.polygon(surf, outline, outer, line)
    if style["rim2"] is not None:
        rim2 = scaled([(x * 0.9, y * 0.9) for x, y in outline_points(kind)], r, half)
        pygame.draw.polygon(surf, style["rim2"], rim2, max(2, line * 2 // 3))
    px = _value_px(kind, label, big, bool(note))
    img = lettering.font(px, bold=True).render(label, True, ink)
    lx, ly = _label_center(kind, px, r, note)
    rect = img.get_rect(center=(half + lx, half + ly))
    if side == "dark":
        surf.blit(lettering.font(px, bold=True).render(label, True, palette.SHADOW), rect.move(0, max(1, big // 90)))
    surf.blit(img, rect)
    if note:
        small = lettering.font(_note_px(px), bold=True).render(note, True, palette.mix(ink, face, 0.3))
        surf.blit(small, small.get_rect(midtop=(rect.centerx, rect.bottom - px * 0.08)))
    if label in ("6", "9"):
        # The underline that tells 6 from 9 on real dice.
        pygame.draw.line(
            surf,
            ink,
            (rect.left + rect.w * 0.25, rect.bottom - px * 0.12),
            (rect.right - rect.w * 0.25, rect.bottom - px * 0.12),
            max(2, big // 60),
        )
    return pygame.transform.smoothscale(surf, (max(8, int(size)), max(8, int(size))))


def die_surface(kind: str, side: str, value: int, size: int, glow: bool = False) -> pygame.Surface:
    """A Kubtafl die of `kind` for `side` showing `value`, `size` pixels across (SRCALPHA, cached)."""
    return labelled_surface(kind, side, strength_label(kind, value), size, glow, printed_note(kind, value, size))


@cache
def outline_shadow(points: tuple[Point, ...], size: int) -> pygame.Surface:
    """A soft drop shadow for a silhouette given in unit points (cached)."""
    size = max(8, int(size))
    small = max(8, size // 4)
    surf = pygame.Surface((small, small), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (*palette.SHADOW, 110), scaled(points, small / 2 * 0.86, small / 2))
    surf = pygame.transform.smoothscale(surf, (small // 2 + 1, small // 2 + 1))
    return pygame.transform.smoothscale(surf, (size, size))


@cache
def shadow_surface(kind: str, size: int) -> pygame.Surface:
    """A soft drop shadow for a die silhouette (cached)."""
    return outline_shadow(tuple(outline_points(kind)), size)
