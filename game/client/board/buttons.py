"""Small drawn buttons for a mode's panel slot and board cards: laid out in rows, hit by position, hover-lit.

They are drawn with pygame (they come and go with the phase, many times a turn) and report clicks to the view by
key; a disabled button is drawn dim and never reports.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.client import lettering, palette, shapes


@dataclass
class Button:
    """One button: what it does (`key`), its text, where it is, and how it looks."""

    key: str
    text: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    primary: bool = False
    selected: bool = False


def row(keys: Sequence[Button], area: pygame.Rect, gap: int, weights: Sequence[float] | None = None) -> None:
    """Lay `keys` out across `area`, side by side (widths by `weights`, equal by default)."""
    if not keys:
        return
    weights = list(weights) if weights is not None else [1.0] * len(keys)
    total = sum(weights)
    room = area.w - gap * (len(keys) - 1)
    x = float(area.left)
    for button, weight in zip(keys, weights, strict=True):
        w = room * weight / total
        button.rect = pygame.Rect(round(x), area.top, round(w), area.h)
        x += w + gap


def hit(buttons: Sequence[Button], pos: tuple[int, int] | None) -> Button | None:
    """The enabled button under `pos`."""
    if pos is None:
        return None
    for button in buttons:
        if button.enabled and button.rect.collidepoint(pos):
            return button
    return None


def draw(
    surface: pygame.Surface,
    buttons: Sequence[Button],
    hover: str | None,
    size: int,
    cut: list[str],
    offset: tuple[int, int] = (0, 0),
) -> None:
    """Every button (moved by `offset`), its text shrunk to fit (what cannot fit goes to `cut`); the buttons of a row
    share one text size, so a long title does not make its row look uneven."""
    fits = [lettering.fitting_size(button.text, button.rect.w - 8, size, cut, bold=True) for button in buttons]
    row_size: dict[tuple[int, int], int] = {}
    for button, fit in zip(buttons, fits, strict=True):
        line = (button.rect.top, button.rect.h)
        row_size[line] = min(fit, row_size.get(line, fit))
    for button in buttons:
        rect = button.rect.move(offset)
        hot = button.enabled and button.key == hover
        if not button.enabled:
            bg, fg, edge = palette.BUTTON_OFF, palette.MUTED, palette.INK_DARK
        elif button.primary or button.selected:
            bg = palette.shade(palette.ORANGE, 1.1 if hot else 1.0)
            fg, edge = palette.BUTTON_TEXT_DARK, palette.PRIMARY_EDGE_HOT if hot else palette.PRIMARY_EDGE
        else:
            bg = palette.BUTTON_HOT if hot else palette.BUTTON
            fg, edge = palette.IVORY, palette.BUTTON_EDGE_HOT if hot else palette.EDGE_DARK
        radius = max(4, rect.h // 4)
        pygame.draw.rect(surface, palette.shade(bg, 0.5), rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, bg, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)
        lettering.label(
            surface, button.text, row_size[(button.rect.top, button.rect.h)], fg, center=rect.center, bold=True
        )


def draw_icon(surface: pygame.Surface, button: Button, hover: str | None) -> None:
    """A round button with a drawn icon for its key (`replay`: an arrow coming round to a play triangle), lit while
    hovered, like a brass token lying on the table."""
    rect = button.rect
    hot = button.enabled and button.key == hover
    r = rect.w / 2
    cx, cy = rect.center
    pygame.draw.circle(surface, palette.shade(palette.SHADOW, 1.0), (cx + 1, cy + 3), r)
    pygame.draw.circle(surface, palette.BUTTON_HOT if hot else palette.BUTTON, (cx, cy), r)
    pygame.draw.circle(surface, palette.BUTTON_EDGE_HOT if hot else palette.BRASS, (cx, cy), r, max(2, int(r // 9)))
    ink = palette.IVORY if button.enabled else palette.MUTED
    if button.key == "replay":
        _replay_glyph(surface, (cx, cy), r * 0.55, ink, max(2, int(r // 7)))


def draw_tip(surface: pygame.Surface, words: str, beside: pygame.Rect, size: int) -> None:
    """A round button's words in a small box at its left (while it is hovered)."""
    box = pygame.Rect(0, 0, *lettering.font(size, bold=True).size(words)).inflate(size, size // 2)
    box.midright = (beside.left - 6, beside.centery)
    box.left = max(4, box.left)
    pygame.draw.rect(surface, palette.POPUP, box, border_radius=6)
    pygame.draw.rect(surface, palette.BRASS, box, 2, border_radius=6)
    lettering.label(surface, words, size, palette.PARCHMENT, center=box.center, bold=True)


def _replay_glyph(
    surface: pygame.Surface, center: tuple[float, float], r: float, ink: tuple[int, int, int], width: int
) -> None:
    """An arrow running round anticlockwise most of a circle, and a play triangle in it."""
    cx, cy = center
    start, sweep = math.radians(-60), math.radians(-280)
    steps = 24
    points = [
        (cx + math.cos(start + sweep * k / steps) * r, cy + math.sin(start + sweep * k / steps) * r)
        for k in range(steps + 1)
    ]
    pygame.draw.lines(surface, ink, False, points, width)
    shapes.arrow(surface, points[-3], points[-1], ink, width, max(5.0, r * 0.55))
    k = r * 0.42
    pygame.draw.polygon(surface, ink, [(cx - k * 0.6, cy - k), (cx - k * 0.6, cy + k), (cx + k, cy)])
