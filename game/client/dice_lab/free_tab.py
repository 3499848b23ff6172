"""Free roller (P1–P2): any expression the dice parser knows, up to three compared on one chart."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.client import lettering
from game.client.dice import TrayDie
from game.client.dice_lab import text
from game.client.dice_lab.base import Chip, Entry, Tab, Throw, Translate
from game.client.dice_lab.chart import SERIES_COLOURS, ChartModel, Series, keyed
from game.client.dice_lab.inputs import Stepper
from game.client.dice_lab.keys import EXPR, PARSE, SLOTS, VIEW, VIEW_CAPTION, VIEWS, WHERE
from game.client.dice_lab.stats import Standing, cumulative, mean_sd, percent_text, standing
from game.engine.dice import DiceExpression, Distribution, NotationError, Pool, Roll, parse

if TYPE_CHECKING:
    from game.client.look import Look

DEFAULTS = ("2d6+3", "4d6kh2", "")
TRAY_MAX = 20  # dice shown in the tray; the rest are counted in the card
# Expressions the engine expects to work out within this many microseconds are charted at once, leaving the
# rest of a 60 fps frame for the chart; heavier ones are refused with a hint rather than freezing the window.
WORK_BUDGET_US = 8000.0
POLYHEDRA = {"d4", "d8", "d10", "d%", "d12", "d20"}


def notation_error(t: Translate, exc: NotationError) -> str:
    """Why the parser refused an expression, in the player's language."""
    found = repr(exc.found) if isinstance(exc.found, str) else str(exc.found)
    reason = t(PARSE(exc.code), found=found, most=exc.most)
    return t("lab.parse.at", column=exc.column, text=repr(exc.text), reason=reason) if exc.column else reason


def tray_die(name: str, value: int, label: str) -> TrayDie:
    """How a rolled die of the parser looks in the tray."""
    if name == "d6":
        return TrayDie("pips", value)
    if name == "d3":
        return TrayDie("d3", value)
    if name == "d%":
        return TrayDie("d%", value, label=label)
    if name in POLYHEDRA:
        return TrayDie(name, value)
    sides = int(name[1:]) if name[1:].isdigit() else 0
    return TrayDie("token", value, sides=sides)


class FreeTab(Tab):
    """Typed expressions and their exact distributions."""

    key = "free"
    title = "lab.tab.free"

    def __init__(self) -> None:
        self.good: list[tuple[DiceExpression, Distribution] | None] = [None] * SLOTS
        self._cache: dict[str, Distribution] = {}
        self._spread: dict[str, tuple[float, float]] = {}
        self._where: dict[tuple[str, int], Standing] = {}
        self.last: tuple[Roll, DiceExpression] | None = None
        super().__init__()
        for entry in self.entries:
            self.set_entry(entry.key, entry.text)

    def make_steppers(self) -> list[Stepper]:
        """Exact / at least / at most."""
        return [self.choice_stepper("view", "lab.free.view", "exact", VIEWS, VIEW, value_width=110)]

    def make_entries(self) -> list[Entry]:
        """Three expression fields."""
        return [Entry(f"expr{i}", EXPR(i), DEFAULTS[i]) for i in range(SLOTS)]

    def layout_extra(self, rect: pygame.Rect, s: Callable[[float], int]) -> int:
        """Each field with room above for its label and below for its error."""
        y = rect.y
        for entry in self.entries:
            entry.rect = pygame.Rect(rect.x, y + s(22), rect.w, s(36))
            y = entry.rect.bottom + s(24)
        return y

    def set_entry(self, key: str, text: str) -> None:
        """Parse the new text; a good expression replaces the slot's chart, a bad one keeps it and shows why."""
        index = int(key[-1])
        entry = self.entries[index]
        entry.text = text
        if not text.strip() and index > 0:
            entry.error = ""
            self.good[index] = None
            return
        try:
            expression = parse(text)
        except NotationError as exc:
            entry.error = notation_error(self.t, exc)
            return
        if expression.work() > WORK_BUDGET_US:
            entry.error = self.t("lab.free.too_big")
            return
        entry.error = ""
        dist = self._cache.get(expression.text)
        if dist is None:
            dist = self._cache[expression.text] = expression.distribution()
        self.good[index] = (expression, dist)

    def signature(self) -> tuple[object, ...]:
        """The first expression that counts (observed rolls are of it)."""
        first = self.good[0]
        return (first[0].text if first else "",)

    def series(self) -> list[tuple[int, DiceExpression, Distribution]]:
        """(slot, expression, exact distribution) of every slot with a good expression."""
        return [(i, g[0], g[1]) for i, g in enumerate(self.good) if g is not None]

    def chart(self, t: Translate) -> ChartModel:
        """Every good expression's distribution (exact, at least or at most) on one chart."""
        view = self.choice("view")
        keys: set[int] = set()
        series = []
        for slot, expression, dist in self.series():
            keys |= set(dist)
            series.append(Series(expression.text, SERIES_COLOURS[slot], keyed(cumulative(dist, view))))
        observed = self.observed_shares()
        if observed and view != "exact":
            shares = {k: Fraction(v).limit_denominator(10**6) for k, v in observed.items() if isinstance(k, int)}
            observed = {k: float(v) for k, v in cumulative(shares, view).items()}
        ordered = sorted(keys)
        return ChartModel(ordered, series, {}, observed, None, t(VIEW_CAPTION(view)))

    def exact_chances(self) -> dict[Hashable, Fraction]:
        """Observed rolls are of the first expression, tested against its exact (not cumulative) chances."""
        first = self.good[0]
        return keyed(first[1]) if first else {}

    def sample_key(self, rng: random.Random) -> Hashable:
        """The total of one roll of the first expression."""
        first = self.good[0]
        if first is None:
            raise ValueError("no expression to roll")
        return first[0].sample(rng)

    def roll(self, rng: random.Random) -> list[Throw]:
        """The first expression's dice: kept dice glow when some are dropped, hits glow in a success count."""
        first = self.good[0]
        if first is None:
            return []
        expression, _ = first
        result = expression.roll(rng)
        self.last = (result, expression)
        dice: list[TrayDie] = []
        glow: list[tuple[int, int]] = []
        dimmed: list[tuple[int, int]] = []
        index = 0
        for _, term in expression.terms:
            if not isinstance(term, Pool):
                continue
            for die in result.dice[index : index + term.count]:
                i = len(dice)
                if i < TRAY_MAX:
                    dice.append(tray_die(die.die, die.value, die.label))
                    if term.success is not None and die.kept:
                        glow.append((0, i))
                    elif term.keep is not None:
                        (glow if die.kept else dimmed).append((0, i))
                index += 1
        self.remember(Chip(str(result.total)))
        return [Throw([dice], glow=glow, dimmed=dimmed)]

    def card_lines(self, t: Translate, language: str) -> list[str]:
        """The total, the dice, where it fell."""
        if self.last is None:
            return []
        result, expression = self.last
        labels = [d.label for d in result.dice]
        shown = ", ".join(labels[:TRAY_MAX]) + (f" … (+{len(labels) - TRAY_MAX})" if len(labels) > TRAY_MAX else "")
        lines = [t("lab.free.card", expr=expression.text, total=result.total, dice=shown)]
        where = self._where.get((expression.text, result.total))
        if where is None:  # the card is drawn every frame; summing a 100-dice sum's Fractions is not free
            dist = self._cache.get(expression.text) or expression.distribution()
            where = self._where[expression.text, result.total] = standing(dist, result.total)
        lines.append(t(WHERE(where.side), chance=percent_text(where.chance, language)))
        return lines

    def draw_figures(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The grammar, briefly."""
        text.block(look, surface, rect, look.t("lab.free.grammar_title"), [look.t("lab.free.grammar")], size=13)

    def spread(self, text: str, dist: Distribution) -> tuple[float, float]:
        """Mean and standard deviation of an expression (worked out once: the side panel draws every frame)."""
        cached = self._spread.get(text)
        if cached is None:
            cached = self._spread[text] = mean_sd(dist)
        return cached

    def draw_side(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each expression's mean and standard deviation, in its chart colour."""
        t, s, numbers = look.t, look.s, look.t.numbers
        y = text.block(look, surface, rect, t("lab.free.stats"), [])
        for slot, expression, dist in self.series():
            mean, sd = self.spread(expression.text, dist)
            pygame.draw.rect(surface, SERIES_COLOURS[slot], (rect.x, y + s(4), s(12), s(12)))
            lettering.text(look, surface, expression.text, (rect.x + s(18), y), size=15, bold=True)
            y += s(22)
            line = t(
                "lab.free.mean_sd",
                mean=numbers.number(mean, 2, trim=True),
                sd=numbers.number(sd, 2, trim=True),
                low=min(dist),
                high=max(dist),
            )
            y = text.block(look, surface, pygame.Rect(rect.x + s(18), y, rect.w - s(18), s(40)), "", [line], size=13)
