"""Drawn-in-code art for the shell: felt table, wooden frame, panels, parchment, popup cards, arrows, the title
dice, messages, and the modes' emblems as the registry names them.

Everything here is generated at run time (no image files), cached by size, and deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
from pygame.typing import ColorLike

from game.client.lettering import Point, label, wrap
from game.client.palette import (
    BRASS,
    BRASS_DARK,
    CHARCOAL,
    FELT,
    FELT_DARK,
    GREEN,
    INK,
    INK_SOFT,
    IVORY,
    ORANGE,
    PANEL,
    PARCHMENT,
    PARCHMENT_DARK,
    PARCHMENT_EDGE,
    SHADOW,
    VERMILLION,
    WARM_LIGHT,
    WHITE,
    WOOD,
    WOOD_DARK,
    WOOD_EDGE,
    WOOD_GRAIN_DARK,
    WOOD_GRAIN_LIGHT,
    WOOD_LIGHT,
    shade,
)
from game.engine import registry

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.look import Look


def _noise_tile(size: int, base: tuple[int, int, int], spread: int, seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    tile = pygame.Surface((size, size))
    tile.fill(base)
    for y in range(size):
        for x in range(size):
            d = rng.randint(-spread, spread)
            tile.set_at(
                (x, y), (max(0, min(255, base[0] + d)), max(0, min(255, base[1] + d)), max(0, min(255, base[2] + d)))
            )
    return tile


@lru_cache(maxsize=4)
def _felt_tile() -> pygame.Surface:
    # Fine fibres: per-pixel noise, softened by a small down-up scale so it reads as cloth, not static.
    tile = _noise_tile(96, FELT, 7, 11)
    soft = pygame.transform.smoothscale(tile, (48, 48))
    soft = pygame.transform.smoothscale(soft, (96, 96))
    tile.set_alpha(110)
    soft.blit(tile, (0, 0))
    return soft


@lru_cache(maxsize=4)
def _vignette(size: tuple[int, int], strength: int = 215) -> pygame.Surface:
    # Radial darkening computed on a small grid and scaled up smoothly (cheap and band-free enough).
    w, h = 64, 36
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx = (x + 0.5) / w * 2 - 1
            dy = (y + 0.5) / h * 2 - 1
            r = math.sqrt(dx * dx * 0.9 + dy * dy * 1.1)
            a = max(0.0, min(1.0, (r - 0.35) / 1.0)) ** 1.6
            small.set_at((x, y), (*FELT_DARK, int(strength * a)))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=6)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """Green felt with a soft vignette, filling `size`."""
    surface = pygame.Surface(size)
    tile = _felt_tile()
    tw, th = tile.get_size()
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            surface.blit(tile, (x, y))
    # A faint broad light from above-left, like a lamp over the table.
    light = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            d = math.hypot((x - 11) / 32, (y - 5) / 18)
            light.set_at((x, y), (*WARM_LIGHT, int(max(0.0, 0.5 - d) * 60)))
    surface.blit(pygame.transform.smoothscale(light, size), (0, 0))
    surface.blit(_vignette(size), (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


def soft_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, spread: int, alpha: int = 120) -> None:
    """A blurred dark shadow under `rect` (drawn small and scaled up)."""
    pad = spread * 2
    big = pygame.Rect(0, 0, rect.w + pad * 2, rect.h + pad * 2)
    scale = 8
    small = pygame.Surface((max(1, big.w // scale), max(1, big.h // scale)), pygame.SRCALPHA)
    inner = pygame.Rect(pad // scale, pad // scale, max(1, rect.w // scale), max(1, rect.h // scale))
    pygame.draw.rect(small, (*SHADOW, alpha), inner, border_radius=max(0, radius // scale))
    blurred = pygame.transform.smoothscale(small, big.size)
    surface.blit(blurred, (rect.x - pad + spread // 3, rect.y - pad + spread // 2))


def wood_frame(surface: pygame.Surface, rect: pygame.Rect, width: int, seed: int = 3) -> None:
    """A wooden frame of `width` pixels around `rect` (the frame lies outside it), with grain and bevels."""
    outer = rect.inflate(width * 2, width * 2)
    soft_shadow(surface, outer, width // 2, max(8, width))
    pygame.draw.rect(surface, WOOD, outer, border_radius=max(2, width // 3))
    rng = random.Random(seed)
    clip = surface.get_clip()
    surface.set_clip(outer)
    # Grain: long thin lines along each side, slightly wavy and of varying tone.
    for _ in range(max(30, (outer.w + outer.h) // 12)):
        tone = rng.choice([WOOD_DARK, WOOD_LIGHT, WOOD_GRAIN_DARK, WOOD_GRAIN_LIGHT])
        if rng.random() < 0.5:
            y = rng.choice([rng.randint(outer.top, rect.top), rng.randint(rect.bottom, outer.bottom)])
            x0 = rng.randint(outer.left, outer.right)
            pygame.draw.line(surface, tone, (x0, y), (x0 + rng.randint(60, 300), y + rng.choice([-1, 0, 1])))
        else:
            x = rng.choice([rng.randint(outer.left, rect.left), rng.randint(rect.right, outer.right)])
            y0 = rng.randint(outer.top, outer.bottom)
            pygame.draw.line(surface, tone, (x, y0), (x + rng.choice([-1, 0, 1]), y0 + rng.randint(60, 300)))
    surface.set_clip(clip)
    # Bevels: light on the outer top-left, dark on the inner edge, a fine dark outline all round.
    pygame.draw.rect(surface, WOOD_DARK, outer, 2, border_radius=max(2, width // 3))
    pygame.draw.line(surface, WOOD_LIGHT, (outer.left + 3, outer.top + 2), (outer.right - 4, outer.top + 2), 2)
    pygame.draw.line(surface, WOOD_LIGHT, (outer.left + 2, outer.top + 3), (outer.left + 2, outer.bottom - 4), 2)
    pygame.draw.rect(surface, WOOD_DARK, rect.inflate(4, 4), 2)
    pygame.draw.rect(surface, WOOD_EDGE, rect.inflate(2, 2), 1)


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0, *, shadow: bool = True) -> None:
    """A warm dark panel with a brass edge and a faint top highlight."""
    radius = max(4, round(12 * scale))
    if shadow:
        soft_shadow(surface, rect, radius, max(8, round(18 * scale)), 150)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*PANEL, 242), body.get_rect(), border_radius=radius)
    # Vertical gradient: a touch lighter at the top.
    glow = pygame.Surface((1, 8))
    for y in range(8):
        k = max(0, 6 - y) / 6
        glow.set_at((0, y), (round(22 * k), round(17 * k), round(12 * k)))
    glow = pygame.transform.smoothscale(glow, (rect.w, max(1, rect.h // 2)))
    # Additive on RGB only: fully transparent corners stay transparent.
    body.blit(glow, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(body, rect.topleft)
    pygame.draw.rect(surface, BRASS_DARK, rect, max(1, round(2 * scale)), border_radius=radius)
    inner = rect.inflate(-round(8 * scale), -round(8 * scale))
    pygame.draw.rect(surface, (*BRASS_DARK, 255), inner, 1, border_radius=max(2, radius - 3))


def parchment(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    """A parchment-coloured text area with darker, slightly mottled edges."""
    radius = max(3, round(8 * scale))
    soft_shadow(surface, rect, radius, max(6, round(10 * scale)), 110)
    paper = _parchment_surface(rect.size, radius)
    surface.blit(paper, rect.topleft)
    pygame.draw.rect(surface, PARCHMENT_DARK, rect, 1, border_radius=radius)


@lru_cache(maxsize=8)
def _parchment_surface(size: tuple[int, int], radius: int) -> pygame.Surface:
    w, h = size
    paper = pygame.Surface(size, pygame.SRCALPHA)
    tile = _noise_tile(64, PARCHMENT, 5, 29)
    for y in range(0, h, 64):
        for x in range(0, w, 64):
            paper.blit(tile, (x, y))
    edge = pygame.Surface((32, 32), pygame.SRCALPHA)
    for y in range(32):
        for x in range(32):
            d = max(abs(x - 15.5) / 16, abs(y - 15.5) / 16)
            edge.set_at((x, y), (*PARCHMENT_EDGE, int(max(0.0, d - 0.7) / 0.3 * 90)))
    paper.blit(pygame.transform.smoothscale(edge, size), (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (*WHITE, 255), mask.get_rect(), border_radius=radius)
    paper.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return paper


def popup_card(surface: pygame.Surface, rect: pygame.Rect, fill: ColorLike, title: str, chip: int) -> None:
    """A popup's card over the board: a soft shadow, the `fill` with a brass edge, and its bold title in the top
    left, sized for chips `chip` pixels high."""
    shadow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*SHADOW, 90), shadow.get_rect(), border_radius=14)
    surface.blit(shadow, rect.move(4, 8).inflate(16, 16).topleft)
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, BRASS, rect, 2, border_radius=10)
    label(
        surface, title, max(12, chip // 2), PARCHMENT, midleft=(rect.left + chip // 3, rect.top + chip // 2), bold=True
    )


def arrow(surface: pygame.Surface, start: Point, end: Point, colour: ColorLike, width: int, head: float) -> None:
    """A straight arrow with a triangular head (drawn on an SRCALPHA surface for ghosts)."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, colour, (sx, sy), base, width)
    px, py = -uy, ux
    tip = [
        (ex, ey),
        (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
        (base[0] - px * head * 0.6, base[1] - py * head * 0.6),
    ]
    pygame.draw.polygon(surface, colour, tip)


# --- dice for the title --------------------------------------------------------------------------------
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def polygon(sides: int, radius: float, rotation: float, center: tuple[float, float]) -> list[tuple[float, float]]:
    """The corners of a regular polygon around `center`, the first at angle `rotation`."""
    return [
        (
            center[0] + radius * math.cos(rotation + 2 * math.pi * i / sides),
            center[1] + radius * math.sin(rotation + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]


def die_image(
    kind: str, value: int, size: int, face: tuple[int, int, int], ink: tuple[int, int, int], font: pygame.font.Font
) -> pygame.Surface:
    """A die seen from above: 'd6' with pips, or 'd4'/'d8'/'d12'/'d20' as a lit polygon with its number."""
    pad = size // 8
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    c = (surf.get_width() / 2, surf.get_height() / 2)
    r = size / 2
    if kind == "d6":
        body = pygame.Rect(0, 0, size, size)
        body.center = (round(c[0]), round(c[1]))
        radius = size // 6
        pygame.draw.rect(surf, shade(face, 0.62), body, border_radius=radius)
        top = body.inflate(-size // 7, -size // 7).move(-size // 40, -size // 40)
        pygame.draw.rect(surf, face, top, border_radius=radius)
        hi = top.inflate(-size // 3, -size // 3).move(-size // 12, -size // 12)
        glint = pygame.Surface(hi.size, pygame.SRCALPHA)
        pygame.draw.ellipse(glint, (*WHITE, 40), glint.get_rect())
        surf.blit(glint, hi.topleft)
        pygame.draw.rect(surf, shade(face, 0.35), body, max(1, size // 40), border_radius=radius)
        step = top.w * 0.27
        for dx, dy in PIPS[value]:
            p = (top.centerx + dx * step, top.centery + dy * step)
            pygame.draw.circle(surf, shade(ink, 0.6), (p[0] + 1, p[1] + 1), max(2, size // 13))
            pygame.draw.circle(surf, ink, p, max(2, size // 13))
        return surf
    sides, rot = {"d4": (3, -math.pi / 2), "d8": (4, -math.pi / 2), "d12": (5, -math.pi / 2), "d20": (6, -math.pi / 2)}[
        kind
    ]
    outer = polygon(sides, r, rot, c)
    inner = polygon(sides, r * (0.7 if sides > 3 else 0.58), rot, (c[0] - r * 0.02, c[1] - r * 0.02))
    pygame.draw.polygon(surf, shade(face, 0.62), outer)
    # Facets between the rim and the lit top face, alternately lighter and darker like a real polyhedron.
    for i in range(sides):
        j = (i + 1) % sides
        tone = 0.78 if (i % 2 == 0) else 0.9
        if i == sides - 1 or i == 0:
            tone = 0.95
        pygame.draw.polygon(surf, shade(face, tone), [outer[i], outer[j], inner[j], inner[i]])
        pygame.draw.line(surf, shade(face, 0.45), outer[i], inner[i], 1)
    pygame.draw.polygon(surf, face, inner)
    pygame.draw.polygon(surf, shade(face, 0.35), outer, max(1, size // 40))
    label = font.render(str(value), True, ink)
    surf.blit(label, label.get_rect(center=(c[0] - r * 0.02, c[1] + (r * 0.12 if sides == 3 else 0))))
    return surf


def title_dice(app: Look, surface: pygame.Surface, center: tuple[int, int], unit: int) -> None:
    """The menu's title decoration: a small scatter of dice (both sides' colours) tumbled on the felt."""
    big = app.fonts.get(round(unit * 0.42), True)
    small = app.fonts.get(round(unit * 0.3), True)
    # (kind, value, size factor, dx, dy, angle, light side?)
    layout = [
        ("d20", 20, 1.05, -1.55, 0.05, 8, False),
        ("d6", 5, 0.95, -0.35, -0.2, -14, True),
        ("d8", 7, 0.9, 0.8, 0.15, 11, False),
        ("d4", 4, 0.75, 1.8, -0.1, -6, True),
        ("d12", 11, 0.8, -2.55, -0.05, -10, True),
    ]
    for kind, value, factor, dx, dy, angle, light in layout:
        size = round(unit * factor)
        face, ink = (IVORY, INK) if light else (CHARCOAL, IVORY)
        image = die_image(kind, value, size, face, ink, big if factor > 0.85 else small)
        image = pygame.transform.rotozoom(image, angle, 1.0)
        pos = (center[0] + dx * unit, center[1] + dy * unit)
        shadow = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (*SHADOW, 90), shadow.get_rect().inflate(-size // 5, -size // 4))
        shadow = pygame.transform.smoothscale(shadow, (shadow.get_width() // 4 or 1, shadow.get_height() // 4 or 1))
        shadow = pygame.transform.smoothscale(shadow, image.get_size())
        surface.blit(shadow, shadow.get_rect(center=(pos[0] + unit * 0.08, pos[1] + unit * 0.12)))
        surface.blit(image, image.get_rect(center=pos))


def draw_toasts(app: App, surface: pygame.Surface) -> None:
    """Messages at the top of the screen: parchment slips, a warning with a vermillion '!' badge and rim, news with
    a brass 'i'; click to dismiss."""
    y = app.s(14)
    width = min(surface.get_width() - app.s(40), app.s(760))
    font = app.fonts.get(app.s(16))
    for toast in app.toasts:
        lines = wrap(font, toast.text, width - app.s(76))[:5]
        height = max(app.s(52), len(lines) * font.get_linesize() + app.s(22))
        rect = pygame.Rect((surface.get_width() - width) // 2, y, width, height)
        toast.rect = rect
        soft_shadow(surface, rect, app.s(8), app.s(12), 160)
        pygame.draw.rect(surface, PARCHMENT, rect, border_radius=app.s(8))
        accent = BRASS_DARK if toast.kind == "info" else VERMILLION
        toast.icon = "i" if toast.kind == "info" else "!"
        pygame.draw.rect(surface, accent, rect, max(2, app.s(2)), border_radius=app.s(8))
        badge = (rect.x + app.s(28), rect.y + app.s(26))
        pygame.draw.circle(surface, accent, badge, app.s(14))
        mark = app.fonts.get(app.s(20), True).render(toast.icon, True, IVORY)
        surface.blit(mark, mark.get_rect(center=badge))
        ty = rect.y + app.s(11)
        for line in lines:
            surface.blit(font.render(line, True, INK), (rect.x + app.s(54), ty))
            ty += font.get_linesize()
        close = app.fonts.get(app.s(14)).render("×", True, INK_SOFT)
        surface.blit(close, close.get_rect(topright=(rect.right - app.s(10), rect.y + app.s(4))))
        y = rect.bottom + app.s(8)


@lru_cache(maxsize=32)
def emblem_image(mode: str, size: int, enabled: bool = True) -> pygame.Surface:
    """`mode_emblem` drawn once on its own transparent square (a little wider than `size`), for cheap reuse."""
    side = size + 4
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    mode_emblem(image, mode, (side // 2, side // 2), size, enabled)
    return image


def mode_emblem(surface: pygame.Surface, mode: str, center: tuple[int, int], size: int, enabled: bool = True) -> None:
    """The small emblem the mode registry names for `mode` (a d6 for a mode it does not know), faded when off."""
    spec = registry.find(mode)
    draw: Callable[[pygame.Surface, tuple[int, int], int, float], None] = (
        registry.resolve(spec.emblem) if spec is not None else die_emblem
    )
    draw(surface, center, size, 1.0 if enabled else 0.55)


def die_emblem(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """A green d6: the Dice Lab's emblem, and the one a mode the registry does not know gets."""
    cx, cy = center
    rect = pygame.Rect(0, 0, size * 0.9, size * 0.9)
    rect.center = center
    pygame.draw.rect(surface, shade(GREEN, fade), rect, border_radius=size // 6)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=size // 6)
    pip = shade(IVORY, fade)
    for dx, dy in PIPS[5]:
        pygame.draw.circle(surface, pip, (cx + dx * size * 0.24, cy + dy * size * 0.24), max(2, size // 12))


#: The theme's space between neighbours (buttons, tiles, a text and what comes next), in layout units.
GAP = 10
#: Where the focus band's marker ends, from the band's left, in layout units (a row's text starts a GAP past it).
FOCUS_MARKER = 14


def focus_band(surface: pygame.Surface, rect: pygame.Rect, s: Callable[[float], int]) -> pygame.Rect:
    """The keyboard-focus highlight of a settings row: a tinted band, a brass outline and a marker; returns the
    marker's rect."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(band, (*ORANGE, 34), band.get_rect(), border_radius=s(8))
    surface.blit(band, rect.topleft)
    pygame.draw.rect(surface, BRASS_DARK, rect, 1, border_radius=s(8))
    # A triangle marker, so the focus does not rely on the tint alone.
    cy = rect.centery
    marker = [(rect.x + s(6), cy - s(7)), (rect.x + s(FOCUS_MARKER), cy), (rect.x + s(6), cy + s(7))]
    return pygame.draw.polygon(surface, ORANGE, marker)
