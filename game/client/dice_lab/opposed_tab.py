"""Opposed roll (A4): two sides each with attribute, health colour, bonus and penalty; ties and rerolls spelled out."""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, TypedDict

import pygame

from game.client import lettering, palette
from game.client.dice import TrayDie
from game.client.dice_lab import text
from game.client.dice_lab.base import Chip, Tab, Throw, Translate
from game.client.dice_lab.chart import ChartModel, Colour, Series, keyed
from game.client.dice_lab.inputs import Stepper
from game.client.dice_lab.keys import HEALTH, WHERE
from game.client.dice_lab.stats import difference, fraction_text, percent_text, standing
from game.engine.dice import (
    HEALTH_COLOURS,
    AlkemyRoll,
    OpposedRoll,
    alkemy_kept_distribution,
    alkemy_opposed,
    alkemy_opposed_roll,
    alkemy_opposed_round,
    alkemy_roll,
)

if TYPE_CHECKING:
    from game.client.look import Look


class OpposedArgs(TypedDict):
    """The two sides' inputs, as the engine's opposed-roll functions take them."""

    attr_a: int
    attr_b: int
    health_a: str
    health_b: str
    bonus_a: int
    penalty_a: int
    bonus_b: int
    penalty_b: int


SIDES = ("a", "b")
SIDE_COLOURS = {"a": palette.ORANGE, "b": palette.SKY}
REROLL = palette.CHART_REROLL


class OpposedTab(Tab):
    """Side A against side B."""

    key = "opposed"
    title = "lab.tab.opposed"
    about = "lab.about.opposed"

    def __init__(self) -> None:
        self.last: OpposedRoll | None = None
        super().__init__()

    def make_steppers(self) -> list[Stepper]:
        """Four steppers per side: side A's column, then side B's."""
        out = []
        for side, attribute in (("a", 2), ("b", 5)):
            out += [
                Stepper(f"{side}.attribute", "lab.attribute", attribute, 0, 20),
                self.choice_stepper(f"{side}.health", "lab.health", "white", HEALTH_COLOURS, HEALTH),
                Stepper(f"{side}.bonus", "lab.bonus", 0, 0, 4),
                Stepper(f"{side}.penalty", "lab.penalty", 0, 0, 4),
            ]
        return out

    def side(self, side: str) -> tuple[int, str, int, int]:
        """(attribute, health, bonus, penalty) of a side."""
        return (
            self.number(f"{side}.attribute"),
            self.choice(f"{side}.health"),
            self.number(f"{side}.bonus"),
            self.number(f"{side}.penalty"),
        )

    def _args(self) -> OpposedArgs:
        (aa, ha, ba, pa), (ab, hb, bb, pb) = self.side("a"), self.side("b")
        return {
            "attr_a": aa,
            "attr_b": ab,
            "health_a": ha,
            "health_b": hb,
            "bonus_a": ba,
            "penalty_a": pa,
            "bonus_b": bb,
            "penalty_b": pb,
        }

    def recompute(self) -> None:
        """A's chance to win (rerolls summed), one exchange's higher / equal / lower, and the margin."""
        self.chance_a = alkemy_opposed(**self._args())
        self.round = alkemy_opposed_round(**self._args())
        (aa, ha, ba, pa), (ab, hb, bb, pb) = self.side("a"), self.side("b")
        dist_a, dist_b = alkemy_kept_distribution(ha, ba, pa), alkemy_kept_distribution(hb, bb, pb)
        self.margin = difference(dist_a, dist_b, aa - ab)
        self.means = {
            side: attribute + sum((v * p for v, p in dist.items()), Fraction(0))
            for side, attribute, dist in (("a", aa, dist_a), ("b", ab, dist_b))
        }

    def tie_winner(self) -> str | None:
        """Who takes equal totals: the higher attribute, or None (reroll)."""
        aa, ab = self.number("a.attribute"), self.number("b.attribute")
        return None if aa == ab else ("a" if aa > ab else "b")

    def chart(self, t: Translate) -> ChartModel:
        """A's total minus B's in one exchange: A's wins orange, B's blue, a full tie grey (reroll)."""
        tie = self.tie_winner()
        colours: dict[Hashable, Colour] = {
            d: SIDE_COLOURS["a"] if d > 0 else SIDE_COLOURS["b"] if d < 0 else (SIDE_COLOURS[tie] if tie else REROLL)
            for d in self.margin
        }
        keys: list[Hashable] = list(self.margin)
        return ChartModel(
            keys,
            [Series(t("lab.opp.margin"), REROLL, keyed(self.margin))],
            colours,
            self.observed_shares(),
            None,
            t("lab.opp.chart_caption"),
        )

    def _exchange(self, rng: random.Random) -> tuple[AlkemyRoll, AlkemyRoll]:
        (aa, ha, ba, pa), (ab, hb, bb, pb) = self.side("a"), self.side("b")
        return alkemy_roll(rng, aa, ha, ba, pa), alkemy_roll(rng, ab, hb, bb, pb)

    def sample_key(self, rng: random.Random) -> Hashable:
        """The margin of one exchange."""
        a, b = self._exchange(rng)
        return a.total - b.total

    def roll(self, rng: random.Random) -> list[Throw]:
        """Every exchange in turn (a full tie rerolls), both sides in one tray."""
        self.last = alkemy_opposed_roll(rng, **self._args())
        throws = []
        for n, (a, b) in enumerate(self.last.exchanges):
            reroll = n < len(self.last.exchanges) - 1
            throws.append(self._throw(a, b, self.t("lab.opp.reroll", total=a.total) if reroll else ""))
        self.remember(Chip(self.last.winner.upper(), self.last.winner == "a"))
        return throws

    def _throw(self, a: AlkemyRoll, b: AlkemyRoll, caption: str) -> Throw:
        groups, glow, dimmed, labels = [], [], [], []
        for g, (name, roll) in enumerate((("A", a), ("B", b))):
            groups.append([TrayDie("alkemy", f.value, style=roll.health, symbol=f.symbol) for f in roll.rolled])
            glow += [(g, i) for i in roll.kept_indices]
            dimmed += [(g, i) for i in range(len(roll.rolled)) if i not in roll.kept_indices]
            x, y = roll.kept
            labels.append(f"{name} · {roll.attribute} + {x.value} + {y.value} = {roll.total}")
        return Throw(groups, labels, glow, dimmed, caption)

    def card_lines(self, t: Translate, language: str) -> list[str]:
        """Totals, the winner and why, the rerolls, where the margin fell."""
        if self.last is None:
            return []
        a, b = self.last.exchanges[-1]
        winner = self.last.winner
        why = t("lab.opp.by_attribute") if a.total == b.total else ""
        lines = [t("lab.opp.card", a=a.total, b=b.total, winner=winner.upper(), why=why).strip()]
        rerolls = len(self.last.exchanges) - 1
        if rerolls:
            lines.append(t("lab.opp.rerolled", n=rerolls))
        where = standing(self.margin, a.total - b.total)
        lines.append(t(WHERE(where.side), chance=percent_text(where.chance, language)) + " " + t("lab.opp.for_a"))
        return lines

    def figure_texts(self, language: str) -> tuple[str, str]:
        """A's and B's chances to win as shown, large."""
        return percent_text(self.chance_a, language), percent_text(1 - self.chance_a, language)

    def draw_figures(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A's and B's chances large, and the tie rule as it applies to these attributes."""
        t, s, lang = look.t, look.s, look.t.language
        shown_a, shown_b = self.figure_texts(lang)
        y = text.big_figure(look, surface, (rect.x, rect.y), t("lab.opp.chance_a"), shown_a, colour=palette.ORANGE)
        text.big_figure(
            look, surface, (rect.x + rect.w // 2, rect.y), t("lab.opp.chance_b"), shown_b, colour=palette.SKY
        )
        y = lettering.text(
            look,
            surface,
            t("lab.opp.exact", a=fraction_text(self.chance_a), b=fraction_text(1 - self.chance_a)),
            (rect.x, y),
            size=13,
            colour=palette.PARCHMENT_DARK,
        ).bottom + s(4)
        aa, ab = self.number("a.attribute"), self.number("b.attribute")
        tie = self.tie_winner()
        if tie is None:
            rule = t("lab.opp.tie_reroll", chance=percent_text(self.round[1], lang))
        else:
            high, low = (aa, ab) if tie == "a" else (ab, aa)
            rule = t("lab.opp.tie_attribute", side=tie.upper(), high=high, low=low)
        win, tie_p, lose = self.round
        lines = [
            rule,
            t(
                "lab.opp.round",
                win=percent_text(win, lang),
                tie=percent_text(tie_p, lang),
                lose=percent_text(lose, lang),
            ),
        ]
        text.block(
            look, surface, pygame.Rect(rect.x, y + s(4), rect.w, rect.bottom - y), t("lab.opp.ties"), lines, size=14
        )

    def draw_side(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each side's dice and kept-total chances, and the rule in the source's words."""
        t = look.t
        lines = []
        for side in SIDES:
            health = self.choice(f"{side}.health")
            mean = self.means[side]
            lines.append(
                t(
                    "lab.opp.side_line",
                    side=side.upper(),
                    health=t(HEALTH(health)),
                    mean=t.numbers.number(float(mean), 2),
                )
            )
        y = text.block(look, surface, rect, t("lab.opp.sides"), lines, size=14)
        text.block(
            look,
            surface,
            pygame.Rect(rect.x, y + look.s(4), rect.w, rect.bottom - y),
            t("lab.opp.rule_title"),
            [t("lab.opp.rule")],
            size=13,
        )
