"""The results at game over: one row per player with the emblem, name and who played it, a small chart of cells
and tokens held at each turn start (to the final board), battles won and lost, and luck (hits rolled against hits
expected). Drawn into the game-over card by `CheckRiskView.draw_results`; eliminated players are greyed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette
from game.client.checkrisk.pieces import GREY, draw_emblem, seat_colour
from game.client.checkrisk.stats import GameStats

if TYPE_CHECKING:
    from game.client.i18n import Translator

WIDTH = 600  # layout units
HEAD_H, ROW_H = 24, 50


def height(players: int) -> int:
    """The results' height in layout units for `players` rows."""
    return HEAD_H + ROW_H * players


def chart_points(values: list[int], top: int, rect: pygame.Rect) -> list[tuple[int, int]]:
    """`values` (one per turn start) as points across `rect`, scaled so `top` reaches its top edge."""
    if not values:
        return []
    top = max(1, top)
    span = max(1, len(values) - 1)
    return [(round(rect.left + rect.w * i / span), round(rect.bottom - rect.h * v / top)) for i, v in enumerate(values)]


def draw(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    stats: GameStats,
    out: list[bool],
    name: Callable[[int], str],
    controller: Callable[[int], str],
    t: Translator,
    winners: tuple[int, ...],
    cut: list[str],
) -> None:
    """The results table into `rect` (`scale`: pixels per layout unit); texts that cannot fit go to `cut`."""

    def s(v: float) -> int:
        return max(1, round(v * scale))

    cols = _columns(rect, s)
    head_y = rect.top + s(HEAD_H) // 2
    small = s(13)
    chart = cols["chart"]
    # The legend names the chart's two lines: cells solid, tokens dotted.
    x = chart.left
    for text, dotted in ((t("checkrisk.results.cells"), False), (t("checkrisk.results.tokens"), True)):
        _line(surface, [(x, head_y), (x + s(18), head_y)], palette.PARCHMENT, s(2), dotted)
        x = lettering.label(surface, text, small, palette.MUTED, midleft=(x + s(22), head_y)).right + s(12)
    for key, col in (("checkrisk.results.battles", cols["battles"]), ("checkrisk.results.luck", cols["luck"])):
        text = t(key)
        size = lettering.fitting_size(text, col.w, small, cut)
        lettering.label(surface, text, size, palette.MUTED, midleft=(col.left, head_y))
    top_cells = max((max(r.cells, default=0) for r in stats.seats), default=1)
    top_tokens = max((max(r.tokens, default=0) for r in stats.seats), default=1)
    for seat, record in enumerate(stats.seats):
        y = rect.top + s(HEAD_H) + s(ROW_H) * seat
        row = pygame.Rect(rect.left, y, rect.w, s(ROW_H) - s(6))
        gone = seat < len(out) and out[seat]
        colour = GREY if gone else seat_colour(seat)
        ink = palette.MUTED if gone else palette.PARCHMENT
        band = pygame.Surface(row.size, pygame.SRCALPHA)
        band.fill((*colour, 40 if seat in winners else 18))
        surface.blit(band, row)
        pygame.draw.rect(surface, colour, pygame.Rect(row.left, row.top, s(4), row.h))
        draw_emblem(surface, seat, pygame.Rect(row.left + s(10), row.centery - s(14), s(28), s(28)), gone)
        who = cols["who"]
        title = name(seat)
        if seat in winners:
            pygame.draw.rect(surface, colour, row, max(1, s(2)))
        size = lettering.fitting_size(title, who.w, s(16), cut, bold=True)
        lettering.label(surface, title, size, ink, midleft=(who.left, row.centery - s(8)), bold=True)
        sub = t("checkrisk.results.out", who=controller(seat)) if gone else controller(seat)
        size = lettering.fitting_size(sub, who.w, small, cut)
        lettering.label(surface, sub, size, palette.MUTED, midleft=(who.left, row.centery + s(10)))
        plot = pygame.Rect(chart.left, row.top + s(5), chart.w, row.h - s(10))
        pygame.draw.line(surface, palette.shade(colour, 0.5), plot.bottomleft, plot.bottomright, 1)
        _line(surface, chart_points(record.tokens, top_tokens, plot), palette.shade(colour, 1.25), s(2), True)
        _line(surface, chart_points(record.cells, top_cells, plot), colour, s(2), False)
        for line, (text, size) in enumerate(
            ((t("checkrisk.results.won", n=record.won), s(15)), (t("checkrisk.results.lost", n=record.lost), small))
        ):
            size = lettering.fitting_size(text, cols["battles"].w, size, cut)
            lettering.label(
                surface,
                text,
                size,
                ink if line == 0 else palette.MUTED,
                midleft=(cols["battles"].left, row.centery + (s(10) if line else -s(8))),
            )
        luck = cols["luck"]
        hits = t("checkrisk.results.hits", hits=record.hits, expected=f"{float(record.expected):.1f}")
        size = lettering.fitting_size(hits, luck.w, s(15), cut)
        lettering.label(surface, hits, size, ink, midleft=(luck.left, row.centery - s(8)))
        delta = record.luck
        verdict = t(
            "checkrisk.results.lucky"
            if delta > 0.5
            else "checkrisk.results.unlucky"
            if delta < -0.5
            else "checkrisk.results.even",
            delta=f"{delta:+.1f}",
        )
        tint = palette.RISE if delta > 0.5 else palette.DECLINE if delta < -0.5 else palette.MUTED
        size = lettering.fitting_size(verdict, luck.w, small, cut)
        lettering.label(surface, verdict, size, tint, midleft=(luck.left, row.centery + s(10)))


def _columns(rect: pygame.Rect, s: Callable[[float], int]) -> dict[str, pygame.Rect]:
    x = rect.left + s(46)
    widths = (("who", 146), ("chart", 170), ("battles", 96), ("luck", 0))
    cols = {}
    for key, w in widths:
        width = (rect.right - x) if not w else s(w)
        cols[key] = pygame.Rect(x, rect.top, width, rect.h)
        x += width + s(12)
    return cols


def _line(
    surface: pygame.Surface, points: list[tuple[int, int]], colour: palette.Colour, width: int, dotted: bool
) -> None:
    """A polyline, solid or dotted (a dot every few pixels along it)."""
    if len(points) < 2:
        if points:
            pygame.draw.circle(surface, colour, points[0], width)
        return
    if not dotted:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    step = max(6, width * 4)
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        for i in range(0, int(length), step):
            f = i / length
            pygame.draw.circle(
                surface, colour, (round(x0 + (x1 - x0) * f), round(y0 + (y1 - y0) * f)), max(1, width // 2)
            )
