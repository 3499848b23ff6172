"""Small text layouts the Lab's panels share: a big figure, a titled block of lines, a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette

if TYPE_CHECKING:
    from game.client.look import Look


def big_figure(
    look: Look,
    surface: pygame.Surface,
    pos: tuple[int, int],
    label: str,
    figure: str,
    note: str = "",
    colour: tuple[int, int, int] = palette.IVORY,
) -> int:
    """A caption, a large number under it and a small note beside it; returns the y below."""
    s = look.s
    rect = lettering.text(look, surface, label, pos, size=15, colour=palette.MUTED)
    big = lettering.text(look, surface, figure, (pos[0], rect.bottom), size=40, bold=True, colour=colour, shadow=True)
    if note:
        lettering.text(
            look,
            surface,
            note,
            (big.right + s(12), big.centery + s(6)),
            size=15,
            colour=palette.PARCHMENT_DARK,
            anchor="midleft",
        )
    return big.bottom + s(4)


def block(
    look: Look,
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    lines: Sequence[str],
    size: int = 15,
    highlight: int = -1,
) -> int:
    """A bold title and wrapped lines under it inside `rect`; returns the y below."""
    s = look.s
    y = rect.y
    if title:
        y = lettering.text(look, surface, title, (rect.x, y), size=15, bold=True, colour=palette.BRASS).bottom + s(2)
    for i, line in enumerate(lines):
        colour = palette.IVORY if i == highlight else palette.PARCHMENT
        y = lettering.wrapped_text(
            look, surface, line, pygame.Rect(rect.x, y, rect.w, rect.h), size=size, colour=colour
        )
    return y + s(6)


def table(
    look: Look,
    surface: pygame.Surface,
    rect: pygame.Rect,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    mark: tuple[int, int] | None = None,
    size: int = 13,
) -> int:
    """A grid of short texts (first column and first row as headings); `mark` (row, col) is boxed; returns y below."""
    s = look.s
    cols = len(header)
    cell_w = rect.w / max(1, cols)
    line_h = s(size + 8)
    y = rect.y
    for c, head in enumerate(header):
        lettering.text(
            look,
            surface,
            head,
            (round(rect.x + cell_w * (c + 0.5)), y + line_h // 2),
            size=size,
            bold=True,
            colour=palette.BRASS,
            anchor="center",
        )
    y += line_h
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            centre = (round(rect.x + cell_w * (c + 0.5)), y + line_h // 2)
            if mark == (r, c):
                box = pygame.Rect(0, 0, round(cell_w) - s(2), line_h - s(2))
                box.center = centre
                pygame.draw.rect(surface, palette.BRASS, box, max(1, s(2)), border_radius=s(4))
            colour = palette.BRASS if c == 0 else palette.PARCHMENT
            lettering.text(look, surface, cell, centre, size=size, bold=(c == 0), colour=colour, anchor="center")
        y += line_h
    return y
