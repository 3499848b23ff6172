"""CheckRisk's pieces: stacks of discs seen slightly from the side, in the four Okabe–Ito seat colours, each
seat with its own emblem (sun, diamond, triangle, star) so no one relies on colour; the count on a badge."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.client import lettering, palette
from game.client.board.layout import BoardLayout
from game.client.board.piece import PieceView

GREY = palette.NEUTRAL
EMBLEMS = ("sun", "diamond", "triangle", "star")
INK = palette.DARK_WELL
SUPER = 2  # supersampling: pygame draws ellipses without anti-aliasing
DISC_W = 0.78  # a disc's width, in cells
DISC_H = 0.34  # its top ellipse's height
DISC_T = 0.07  # its thickness
STACK_RISE = 0.25  # a lifted stack rises this many cells at its full lift


def seat_colour(seat: int, grey: bool = False) -> tuple[int, int, int]:
    """The seat's accent (grey once it is out)."""
    return GREY if grey else palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]


def emblem_points(seat: int, cx: float, cy: float, r: float) -> list[list[tuple[float, float]]]:
    """The polygons of a seat's emblem centred at (cx, cy) with radius r (y squashed by the caller if needed)."""
    kind = EMBLEMS[seat % len(EMBLEMS)]
    if kind == "sun":
        disc = [
            (cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55)
            for a in (2 * math.pi * i / 16 for i in range(16))
        ]
        rays = []
        for i in range(8):
            a = 2 * math.pi * i / 8
            rays.append(
                [
                    (cx + math.cos(a) * r, cy + math.sin(a) * r),
                    (cx + math.cos(a + 0.22) * r * 0.62, cy + math.sin(a + 0.22) * r * 0.62),
                    (cx + math.cos(a - 0.22) * r * 0.62, cy + math.sin(a - 0.22) * r * 0.62),
                ]
            )
        return [disc, *rays]
    if kind == "diamond":
        return [[(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)]]
    if kind == "triangle":
        return [[(cx, cy - r), (cx + r * 0.92, cy + r * 0.72), (cx - r * 0.92, cy + r * 0.72)]]
    star = []
    for i in range(10):
        a = -math.pi / 2 + math.pi * i / 5
        rr = r if i % 2 == 0 else r * 0.45
        star.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return [star]


def draw_emblem(surface: pygame.Surface, seat: int, rect: pygame.Rect, grey: bool = False) -> None:
    """The seat's emblem as a token seen from above: a coloured disc with the emblem in ink."""
    image = emblem_image(seat, max(8, min(rect.w, rect.h)), grey)
    surface.blit(image, image.get_rect(center=rect.center))


@cache
def emblem_image(seat: int, size: int, grey: bool = False) -> pygame.Surface:
    """A round token in the seat's colour with its emblem (cached)."""
    big = size * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = seat_colour(seat, grey)
    c = big / 2
    pygame.draw.circle(surf, palette.shade(colour, 0.55), (c, c), c - 1)
    pygame.draw.circle(surf, colour, (c, c), c * 0.86)
    pygame.draw.circle(surf, palette.shade(colour, 1.18), (c, c), c * 0.86, max(1, big // 24))
    for poly in emblem_points(seat, c, c, c * 0.55):
        pygame.draw.polygon(surf, INK, poly)
    return pygame.transform.smoothscale(surf, (size, size))


@cache
def stack_image(seat: int, count: int, cell: int, grey: bool = False, badge: bool = True) -> pygame.Surface:
    """A stack of `count` discs for a cell `cell` pixels wide, the emblem on the top disc and the count on a badge.

    The image is `cell` × `cell`; the stack's foot sits a little below the cell's centre."""
    big = cell * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = seat_colour(seat, grey)
    side = palette.shade(colour, 0.62)
    edge = palette.shade(colour, 0.38)
    w, h, t = big * DISC_W, big * DISC_H, big * DISC_T
    cx = big / 2
    base = big * 0.5 + big * 0.34  # the bottom of the lowest disc's side
    # A soft contact shadow under the stack.
    shadow = pygame.Rect(0, 0, int(w * 1.08), int(h * 0.9))
    shadow.center = (int(cx + big * 0.03), int(base - h * 0.35))
    pygame.draw.ellipse(surf, (*palette.SHADOW, 90), shadow)
    line = max(1, big // 60)
    for k in range(max(1, count)):
        top_y = base - h / 2 - (k + 1) * t  # centre of this disc's top face
        band = pygame.Rect(0, 0, int(w), int(h))
        band.center = (int(cx), int(top_y + t))
        pygame.draw.ellipse(surf, side, band)
        pygame.draw.rect(surf, side, pygame.Rect(int(cx - w / 2), int(top_y), int(w), int(t) + 1))
        pygame.draw.ellipse(surf, edge, band, line)
        pygame.draw.line(surf, edge, (cx - w / 2, top_y), (cx - w / 2, top_y + t), line)
        pygame.draw.line(surf, edge, (cx + w / 2 - 1, top_y), (cx + w / 2 - 1, top_y + t), line)
        face = pygame.Rect(0, 0, int(w), int(h))
        face.center = (int(cx), int(top_y))
        pygame.draw.ellipse(surf, colour if k == count - 1 else palette.shade(colour, 0.86), face)
        pygame.draw.ellipse(surf, edge, face, line)
    top_y = base - h / 2 - max(1, count) * t
    inner = pygame.Rect(0, 0, int(w * 0.78), int(h * 0.74))
    inner.center = (int(cx), int(top_y))
    pygame.draw.ellipse(surf, palette.shade(colour, 1.12), inner, max(1, big // 50))
    # The emblem lies on the top face, flattened as the face is.
    er = h * 0.34
    for poly in emblem_points(seat, 0, 0, er * 1.6):
        pygame.draw.polygon(surf, INK, [(cx + x, top_y + y * (h / w) * 1.55) for x, y in poly])
    if badge:
        bx, by, r = count_badge(count, big)
        pygame.draw.circle(surf, (*palette.SHADOW, 110), (bx + 2, by + 3), r)
        pygame.draw.circle(surf, palette.COUNT_BADGE, (bx, by), r)
        pygame.draw.circle(surf, colour, (bx, by), r, max(2, big // 40))
        img = lettering.font(int(r * 1.45), bold=True).render(str(count), True, palette.LIGHT_TEXT)
        surf.blit(img, img.get_rect(center=(bx, by + r * 0.04)))
    return pygame.transform.smoothscale(surf, (cell, cell))


def count_badge(count: int, size: float) -> tuple[float, float, float]:
    """Where a stack's count badge sits in its `size` × `size` image: centre x, centre y and radius."""
    w, h, t = size * DISC_W, size * DISC_H, size * DISC_T
    top_y = size * 0.84 - h / 2 - max(1, count) * t
    r = size * 0.15
    return size / 2 + w * 0.42, max(r + 2, top_y - h * 0.35), r


def count_rect(layout: BoardLayout, stack: PieceView, count: int, rise: float) -> pygame.Rect:
    """The screen rectangle of the count badge of a stack drawn by `blit_piece` with this `rise`."""
    cx, cy = layout.center(stack.x, stack.y)
    cy -= stack.lift * layout.cell * rise
    bx, by, r = count_badge(count, layout.cell)
    rect = pygame.Rect(0, 0, int(2 * r) + 2, int(2 * r) + 2)
    rect.center = (int(cx - layout.cell / 2 + bx), int(cy - layout.cell / 2 + by))
    return rect


def ghost_image(seat: int, count: int, cell: int) -> pygame.Surface:
    """A translucent stack (a preview of where tokens would go)."""
    image = stack_image(seat, count, cell).copy()
    image.set_alpha(130)
    return image
