"""Alkemy check (A1–A3, A5): attribute, difficulty, health colour, bonus and penalty dice; the exact odds."""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

import pygame

from game.client.dice import TrayDie
from game.client.dice_lab import text
from game.client.dice_lab.base import Chip, Tab, Throw, Translate
from game.client.dice_lab.chart import FAIL, SUCCESS, ChartModel, Colour, Series, keyed
from game.client.dice_lab.inputs import Stepper
from game.client.dice_lab.keys import HEALTH, SYMBOL, WHERE
from game.client.dice_lab.stats import fraction_text, percent_text, standing
from game.engine.dice import (
    HEALTH_COLOURS,
    KEPT_DICE,
    AlkemyRoll,
    alkemy_check,
    alkemy_kept_distribution,
    alkemy_roll,
    alkemy_symbol_pairs,
    net_modifier,
)

if TYPE_CHECKING:
    from game.client.look import Look

MAX_ATTRIBUTE = 20
MAX_DIFFICULTY = 40
MAX_EXTRA_DICE = 4
NEED_TARGETS = (Fraction(1, 2), Fraction(3, 4), Fraction(9, 10))
NEED_SEARCH = 60  # attributes tried when looking for the smallest that reaches a target


def warm_engine() -> None:
    """Work out every health colour's kept-dice table once (the engine caches them), so no input waits later."""
    for health in HEALTH_COLOURS:
        for net in range(-(MAX_EXTRA_DICE // 2), MAX_EXTRA_DICE // 2 + 1):
            alkemy_kept_distribution(health, max(0, net), max(0, -net))


def net_text(t: Translate, bonus: int, penalty: int) -> str:
    """'2 bonus − 1 penalty = 1 bonus, 3 dice rolled', with a note when extra dice are lost."""
    net = net_modifier(bonus, penalty)
    if net > 0:
        result = t("lab.alk.net_bonus", n=net)
    elif net < 0:
        result = t("lab.alk.net_penalty", n=-net)
    else:
        result = t("lab.alk.net_none")
    line = t("lab.alk.net", bonus=bonus, penalty=penalty, result=result, dice=KEPT_DICE + abs(net))
    if abs(bonus - penalty) != abs(net):
        line += " " + t("lab.alk.net_lost")
    return line


class AlkemyTab(Tab):
    """One miniature's attribute check."""

    key = "alkemy"
    title = "lab.tab.alkemy"
    about = "lab.about.alkemy"

    def __init__(self) -> None:
        self.last: AlkemyRoll | None = None
        self.choosing: int | None = None
        super().__init__()

    def make_steppers(self) -> list[Stepper]:
        """Attribute, difficulty, health, bonus, penalty."""
        return [
            Stepper("attribute", "lab.attribute", 8, 0, MAX_ATTRIBUTE),
            Stepper("difficulty", "lab.difficulty", 15, 2, MAX_DIFFICULTY),
            self.choice_stepper("health", "lab.health", "white", HEALTH_COLOURS, HEALTH),
            Stepper("bonus", "lab.bonus", 0, 0, MAX_EXTRA_DICE),
            Stepper("penalty", "lab.penalty", 0, 0, MAX_EXTRA_DICE),
        ]

    # --- exact figures ----------------------------------------------------------------------------------
    def recompute(self) -> None:
        """Chance, distribution, the table around the chosen pair, what is needed, the symbol pairs."""
        a, d = self.number("attribute"), self.number("difficulty")
        h, b, p = self.choice("health"), self.number("bonus"), self.number("penalty")
        self.chance = alkemy_check(a, d, h, b, p)
        self.dist = alkemy_kept_distribution(h, b, p)
        self.pairs = alkemy_symbol_pairs(h, b, p)
        self.table_attrs = [x for x in range(a - 2, a + 3) if 0 <= x <= MAX_ATTRIBUTE]
        self.table_diffs = [x for x in range(d - 2, d + 3) if 2 <= x <= MAX_DIFFICULTY]
        self.table = {(x, y): alkemy_check(x, y, h, b, p) for x in self.table_attrs for y in self.table_diffs}
        self.need: dict[Fraction, int | None] = {}
        for target in NEED_TARGETS:
            self.need[target] = next((x for x in range(NEED_SEARCH + 1) if alkemy_check(x, d, h, b, p) >= target), None)

    def chart(self, t: Translate) -> ChartModel:
        """The kept total of two dice, the totals that succeed in green, a line where success begins."""
        a, d = self.number("attribute"), self.number("difficulty")
        keys: list[Hashable] = list(self.dist)
        colours: dict[Hashable, Colour] = {k: SUCCESS if a + k >= d else FAIL for k in self.dist}
        first = next((k for k in self.dist if a + k >= d), None)
        return ChartModel(
            keys,
            [Series(t("lab.alk.kept_total"), FAIL, keyed(self.dist))],
            colours,
            self.observed_shares(),
            first,
            t("lab.alk.chart_caption", attribute=a, difficulty=d),
        )

    # --- rolling ----------------------------------------------------------------------------------------
    def _roll(self, rng: random.Random) -> AlkemyRoll:
        return alkemy_roll(
            rng, self.number("attribute"), self.choice("health"), self.number("bonus"), self.number("penalty")
        )

    def sample_key(self, rng: random.Random) -> Hashable:
        """The kept total of one sampled roll."""
        roll = self._roll(rng)
        return roll.total - roll.attribute

    def roll(self, rng: random.Random) -> list[Throw]:
        """The health dice in one row, the kept pair glowing."""
        self.last = self._roll(rng)
        self.choosing = None
        self.remember(Chip(""))
        return [self.throw()]

    def throw(self) -> Throw:
        """How the tray shows the last roll now (the history follows the pair kept)."""
        assert self.last is not None
        if self.history:
            self.history[-1] = Chip(str(self.last.total), self.last.total >= self.number("difficulty"))
        dice = [TrayDie("alkemy", f.value, style=self.last.health, symbol=f.symbol) for f in self.last.rolled]
        kept = set(self.last.kept_indices)
        return Throw([dice], glow=[(0, i) for i in kept], dimmed=[(0, i) for i in range(len(dice)) if i not in kept])

    @property
    def can_choose(self) -> bool:
        """Bonus dice let the player keep any pair (A3)."""
        return self.last is not None and net_modifier(self.number("bonus"), self.number("penalty")) > 0

    def pick_die(self, key: tuple[int, int]) -> Throw | None:
        """Two clicks choose the pair to keep: the first marks a die, the second completes the pair."""
        if not self.can_choose or self.last is None:
            return None
        index = key[1]
        if self.choosing is None or self.choosing == index:
            self.choosing = None if self.choosing == index else index
            return None
        self.last = self.last.keep(self.choosing, index)
        self.choosing = None
        return self.throw()

    def next_pair(self) -> Throw | None:
        """The next pair in order (keyboard)."""
        if not self.can_choose or self.last is None:
            return None
        pairs = list(combinations(range(len(self.last.rolled)), 2))
        at = pairs.index(self.last.kept_indices) if self.last.kept_indices in pairs else -1
        i, j = pairs[(at + 1) % len(pairs)]
        self.last = self.last.keep(i, j)
        self.choosing = None
        return self.throw()

    def card_lines(self, t: Translate, language: str) -> list[str]:
        """Dice rolled, the kept pair, total against difficulty, where it fell, the symbols and their odds."""
        if self.last is None:
            return []
        roll, d = self.last, self.number("difficulty")
        x, y = roll.kept
        verdict = t("lab.success") if roll.total >= d else t("lab.failure")
        where = standing(self.dist, x.value + y.value)
        a, b = sorted(roll.symbols)
        pair_chance = self.pairs.get((a, b), Fraction(0))
        lines = [
            t(
                "lab.alk.card_total",
                attribute=roll.attribute,
                a=x.value,
                b=y.value,
                total=roll.total,
                difficulty=d,
                verdict=verdict,
            ),
            t(WHERE(where.side), chance=percent_text(where.chance, language)),
            t(
                "lab.alk.card_symbols",
                a=t(SYMBOL(x.symbol)),
                b=t(SYMBOL(y.symbol)),
                chance=percent_text(pair_chance, language),
            ),
        ]
        return lines

    def tray_note(self, t: Translate) -> str:
        """With bonus dice, how to keep another pair (shown on the tray, where the dice are clicked)."""
        return t("lab.alk.choose_hint") if self.can_choose and self.last is not None else ""

    # --- drawing ----------------------------------------------------------------------------------------
    def figure_text(self, language: str) -> str:
        """The chance of success as shown, large."""
        return percent_text(self.chance, language)

    def draw_figures(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The net modifier, the chance large, the kept symbol pairs' odds."""
        t, s, lang = look.t, look.s, look.t.language
        y = text.block(
            look,
            surface,
            pygame.Rect(rect.x, rect.y, rect.w, s(60)),
            "",
            [net_text(t, self.number("bonus"), self.number("penalty"))],
            size=14,
        )
        y = text.big_figure(
            look, surface, (rect.x, y), t("lab.alk.chance"), self.figure_text(lang), f"= {fraction_text(self.chance)}"
        )
        lines = [
            f"{t(SYMBOL(a))} + {t(SYMBOL(b))}: {percent_text(p, lang)}"
            for (a, b), p in sorted(self.pairs.items(), key=lambda kv: -kv[1])
        ]
        half = (len(lines) + 1) // 2
        top = text.block(look, surface, pygame.Rect(rect.x, y + s(4), rect.w, s(20)), t("lab.alk.pairs"), [])
        text.block(look, surface, pygame.Rect(rect.x, top, rect.w // 2, s(120)), "", lines[:half], size=13)
        text.block(
            look, surface, pygame.Rect(rect.x + rect.w // 2, top, rect.w // 2, s(120)), "", lines[half:], size=13
        )

    def draw_side(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Success chance by attribute × difficulty around the chosen pair; the attribute needed for 50/75/90 %."""
        t, s = look.t, look.s
        y = text.block(look, surface, rect, t("lab.alk.table"), [])
        header = [t("lab.alk.attr_short")] + [str(d) for d in self.table_diffs]
        rows = [[str(a)] + [whole_percent(self.table[(a, d)]) for d in self.table_diffs] for a in self.table_attrs]
        mark = (self.table_attrs.index(self.number("attribute")), 1 + self.table_diffs.index(self.number("difficulty")))
        y = text.table(look, surface, pygame.Rect(rect.x, y, rect.w, s(150)), header, rows, mark)
        need = []
        for target, attribute in self.need.items():
            shown = t("lab.alk.out_of_reach") if attribute is None else str(attribute)
            need.append(t("lab.alk.need_line", target=percent_text(target, look.t.language), attribute=shown))
        text.block(
            look,
            surface,
            pygame.Rect(rect.x, y + s(6), rect.w, s(90)),
            t("lab.alk.need", difficulty=self.number("difficulty")),
            need,
            size=14,
        )


def whole_percent(chance: Fraction) -> str:
    """A table cell: the chance in whole percent, never 0 or 100 unless exact."""
    value = round(float(chance) * 100)
    if chance > 0 and value == 0:
        return "<1"
    if chance < 1 and value == 100:
        return ">99"
    return str(value)
