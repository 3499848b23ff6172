"""Bar charts of exact distributions drawn with pygame, with an observed-frequency overlay."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.client import lettering, palette

if TYPE_CHECKING:
    from game.client.look import Look

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
Colour = tuple[int, int, int]
SERIES_COLOURS: tuple[Colour, ...] = (palette.ORANGE, palette.SKY, palette.GREEN)
FAIL = palette.CHART_FAIL
SUCCESS = palette.GREEN


@dataclass
class Series:
    """One distribution on the chart: a name for the legend, a colour, and the chance of each key."""

    name: str
    colour: Colour
    values: Mapping[Hashable, Fraction]

    @cached_property
    def shares(self) -> dict[Hashable, float]:
        """The values as floats, for drawing (converted once: a 100-dice sum has thousands of big Fractions)."""
        return {k: _float(p) for k, p in self.values.items()}


def keyed(values: Mapping[K, V]) -> dict[Hashable, V]:
    """A copy of `values` keyed by any chart key (a chart mixes numbers and option texts)."""
    return {k: v for k, v in values.items()}


def _float(p: Fraction | float) -> float:
    # numerator / denominator skips the generic numbers.Rational.__float__ that float(Fraction) goes through.
    return p.numerator / p.denominator if isinstance(p, Fraction) else float(p)


@dataclass
class ChartModel:
    """What a chart shows (tests read this, the drawing follows it)."""

    keys: Sequence[Hashable]  # hashable: numbers or option texts
    series: list[Series]
    bar_colours: Mapping[Hashable, Colour] = field(default_factory=dict)  # per key, for the first series
    observed: Mapping[Hashable, float] | None = None  # shares observed, over the first series
    threshold: Hashable | None = None  # a marker before this key (success from here on)
    caption: str = ""
    key_labels: Mapping[Hashable, str] = field(default_factory=dict)  # text under a key, when not the key itself

    def label(self, key: Hashable) -> str:
        """The text under a key."""
        return self.key_labels.get(key, str(key))

    @property
    def peak(self) -> float:
        """The largest value any series or the overlay reaches."""
        values = [p for s in self.series for p in s.shares.values()]
        if self.observed:
            values += list(self.observed.values())
        return max(values, default=0.0)


def _nice_top(peak: float) -> float:
    # Tops whose quarters are round percentages.
    for top in (0.01, 0.02, 0.04, 0.08, 0.1, 0.12, 0.16, 0.2, 0.24, 0.32, 0.4, 0.6, 0.8, 1.0):
        if peak <= top:
            return top
    return 1.0


@dataclass
class _Plot:
    """The plot area of one chart being drawn, and the scale its bars share."""

    look: Look
    surface: pygame.Surface
    area: pygame.Rect
    small: pygame.font.Font
    keys: Sequence[Hashable]
    top: float

    @property
    def slot(self) -> float:
        """The width given to one key."""
        return self.area.w / len(self.keys)

    @property
    def many(self) -> bool:
        """Too many keys for bars: areas and lines instead."""
        return self.slot < self.look.s(5)

    def height(self, p: float) -> float:
        """The height of a share `p` on this plot."""
        return self.area.h * min(1.0, p / self.top)


def draw_chart(look: Look, surface: pygame.Surface, rect: pygame.Rect, model: ChartModel) -> None:
    """The chart over a parchment `rect` drawn beforehand: grid, bars (or areas when keys are many), overlay,
    axis labels and legend."""
    s = look.s
    small = look.fonts.get(max(10, s(13)))
    top_pad = s(30) if model.caption or len(model.series) > 1 else s(14)
    area = pygame.Rect(rect.x + s(44), rect.y + top_pad, rect.w - s(56), rect.h - top_pad - s(30))
    _draw_header(look, surface, rect, model, small)
    plot = _Plot(look, surface, area, small, model.keys, _nice_top(model.peak or 0.01))
    _draw_grid(plot)
    if not model.keys:
        return
    for index, series in enumerate(model.series):
        if plot.many:
            _draw_area(plot, series, index == 0)
        else:
            _draw_bars(plot, model, index)
    if model.threshold is not None and model.threshold in model.keys:
        x = area.x + plot.slot * list(model.keys).index(model.threshold)
        pygame.draw.line(surface, palette.INK, (x, area.y - s(4)), (x, area.bottom), max(2, s(2)))
    if model.observed:
        _draw_observed(plot, model.observed)
    pygame.draw.line(surface, palette.INK, (area.x, area.bottom), (area.right, area.bottom), max(1, s(2)))
    _draw_key_labels(plot, [model.label(k) for k in model.keys])


def _draw_header(
    look: Look, surface: pygame.Surface, rect: pygame.Rect, model: ChartModel, small: pygame.font.Font
) -> None:
    # The caption at the top left and, for several series, a legend at the top right.
    s = look.s
    several = len(model.series) > 1
    legend_w = sum(small.size(series.name)[0] + s(26) for series in model.series) if several else 0
    if model.caption:
        caption = fit_text(look.fonts.get(s(13), True), model.caption, rect.w - s(24) - legend_w)
        lettering.text(look, surface, caption, (rect.x + s(12), rect.y + s(8)), size=13, bold=True, colour=palette.INK)
    if not several:
        return
    x = rect.right - s(12)
    for series in reversed(model.series):
        label = small.render(series.name, True, palette.INK)
        x -= label.get_width()
        surface.blit(label, (x, rect.y + s(9)))
        x -= s(16)
        pygame.draw.rect(surface, series.colour, (x, rect.y + s(11), s(11), s(11)))
        x -= s(10)


def _draw_grid(plot: _Plot) -> None:
    # Four quarters of the top, each labelled with its percentage.
    area, s, numbers = plot.area, plot.look.s, plot.look.t.numbers
    for k in range(5):
        y = area.bottom - area.h * k / 4
        pygame.draw.line(plot.surface, palette.PARCHMENT_DARK, (area.x, y), (area.right, y), 1)
        tick = numbers.percent_of(numbers.number(round(plot.top * k / 4 * 100, 1), 1, trim=True))
        label = plot.small.render(tick, True, palette.INK_SOFT)
        plot.surface.blit(label, label.get_rect(midright=(area.x - s(4), y)))


def _draw_area(plot: _Plot, series: Series, filled: bool) -> None:
    # Thousands of keys: the first series as a filled area, every series as its outline.
    area, shares = plot.area, series.shares
    points = [
        (area.x + plot.slot * (i + 0.5), area.bottom - plot.height(shares.get(k, 0.0))) for i, k in enumerate(plot.keys)
    ]
    if filled:
        pygame.draw.polygon(plot.surface, series.colour, [(area.x, area.bottom), *points, (area.right, area.bottom)])
    if len(points) > 1:
        pygame.draw.lines(plot.surface, palette.shade(series.colour, 0.7), False, points, max(2, plot.look.s(2)))


def _draw_bars(plot: _Plot, model: ChartModel, index: int) -> None:
    # One bar per key, side by side with the other series' bars; the first series may colour each key its own way.
    series, area, slot = model.series[index], plot.area, plot.slot
    width = slot * 0.8 / len(model.series)
    for i, key in enumerate(plot.keys):
        p = series.shares.get(key, 0.0)
        if p <= 0:
            continue
        colour = model.bar_colours.get(key, series.colour) if index == 0 else series.colour
        x = area.x + slot * i + slot * 0.1 + width * index
        bar = pygame.Rect(
            round(x), round(area.bottom - plot.height(p)), max(1, round(width) - 1), round(plot.height(p))
        )
        pygame.draw.rect(plot.surface, colour, bar)
        pygame.draw.rect(plot.surface, palette.shade(colour, 0.6), bar, 1)


def _draw_observed(plot: _Plot, observed: Mapping[Hashable, float]) -> None:
    # Thousands of keys: the observed share is averaged over a few pixels' worth of keys, so the overlay follows
    # the bars' outline instead of a solid mass of single-roll spikes.
    s, keys, slot, area = plot.look.s, plot.keys, plot.slot, plot.area
    span = max(1, math.ceil(s(4) / slot)) if plot.many else 1
    points = []
    for start in range(0, len(keys), span):
        bunch = keys[start : start + span]
        share = sum(observed.get(key, 0.0) for key in bunch) / len(bunch)
        points.append((area.x + slot * (start + len(bunch) / 2), area.bottom - plot.height(share)))
    if len(points) > 1:
        pygame.draw.lines(plot.surface, palette.INK, False, points, max(1, s(2)))
    if not plot.many:
        for x, y in points:
            d = max(3, s(4))
            pygame.draw.polygon(plot.surface, palette.INK, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])


def _draw_key_labels(plot: _Plot, labels: list[str]) -> None:
    # As many key labels as fit without touching.
    s, slot = plot.look.s, plot.slot
    measured = labels
    if len(labels) > 200:
        # Thousands of numbers: only the longest can be the widest (digits share a width), and measuring each costs.
        longest = max(len(label) for label in labels)
        measured = [label for label in labels if len(label) == longest][:20]
    widest = max(plot.small.size(label)[0] for label in measured) + s(6)
    every = max(1, math.ceil(widest / slot))  # keys per label, so that labels never touch
    for i, text in enumerate(labels):
        if i % every:
            continue
        label = plot.small.render(text, True, palette.INK)
        plot.surface.blit(label, label.get_rect(midtop=(plot.area.x + slot * (i + 0.5), plot.area.bottom + s(4))))


fit_text = lettering.fit_text  # the Dice Lab's panels shorten their lines as every screen does
