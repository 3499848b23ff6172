"""Exact probabilities as players read them: a whole percentage, and a small fraction where it is exact; and where
an odds card goes: its size for its lines, beside the hovered cell."""

from __future__ import annotations

from fractions import Fraction

import pygame

from game.client import lettering, palette
from game.client.board.layout import BoardLayout


def percent(p: Fraction | float) -> str:
    """An exact probability shown as a whole percentage ('<1 %' and '>99 %' at the ends)."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{round(value)}%"


def badge_colour(chance: Fraction) -> tuple[int, int, int]:
    """An attack's odds badge fill, for every mode: green where the attack is likely to succeed, amber near even, red
    only where it is likely to fail (red reads as danger)."""
    if chance >= Fraction(2, 3):
        return palette.TRANSFER
    if chance >= Fraction(1, 3):
        return palette.SELECT
    return palette.ATTACK


def fraction_text(p: Fraction) -> str:
    """A probability as an exact fraction ('1/2', '35/18'); whole numbers without a denominator."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def card_rect(
    layout: BoardLayout,
    cell: str,
    texts: list[str],
    size: int,
    room: int | None = None,
    avoid: pygame.Rect | None = None,
    origin: str | None = None,
) -> pygame.Rect:
    """An odds card of `texts` (the first line bold) at font `size`, no wider than `room`, beside `cell`: on its
    right, else on its left, kept on the board's frame, clear of `cell` and of `origin` (the attacking piece) where
    a place allows; clear of `avoid` (an open amount picker) where it fits."""
    f, fb = lettering.font(size), lettering.font(int(size * 1.08), bold=True)
    w = max(fb.size(texts[0])[0], *(f.size(x)[0] for x in texts[1:])) + size * 2
    h = fb.get_linesize() + f.get_linesize() * (len(texts) - 1) + size
    rect = pygame.Rect(0, 0, w if room is None else min(room, w), h)
    cx, cy = layout.cell_center(cell)
    reach = int(layout.cell * 0.6)
    squares = []
    for name in (cell, origin) if origin else (cell,):
        square = pygame.Rect(0, 0, layout.cell, layout.cell)
        square.center = tuple(int(v) for v in layout.cell_center(name))
        squares.append(square)
    # Beside the cell where it fits, else under or over it (a wide card): never over the cell it speaks of.
    spots = [rect.copy() for _ in range(4)]
    spots[0].midleft = (int(cx) + reach, int(cy))
    spots[1].midright = (int(cx) - reach, int(cy))
    spots[2].midtop = (int(cx), int(cy) + reach)
    spots[3].midbottom = (int(cx), int(cy) - reach)
    for spot in spots:
        spot.clamp_ip(layout.frame)
    clear = [spot for spot in spots if spot.collidelist(squares) < 0]
    rect = clear[0] if clear else next((spot for spot in spots if not spot.colliderect(squares[0])), spots[0])
    if avoid is None or not rect.colliderect(avoid):
        return rect
    gap = size // 2
    for place in ("right", "left", "below", "above"):
        spot = rect.copy()
        if place == "right":
            spot.left = avoid.right + gap
        elif place == "left":
            spot.right = avoid.left - gap
        elif place == "below":
            spot.top = avoid.bottom + gap
        else:
            spot.bottom = avoid.top - gap
        if layout.frame.contains(spot):
            return spot
    return rect
