"""D6 + D3 (D1–D5): the d18, picking from lists by a d3 or a d6, and printed percentages against true chances."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, NotRequired, TypedDict

import pygame

from game.client import palette
from game.client.dice import TrayDie
from game.client.dice_lab import text
from game.client.dice_lab.base import Chip, Entry, Tab, Throw, Translate
from game.client.dice_lab.chart import FAIL, SUCCESS, ChartModel, Colour, Series, keyed
from game.client.dice_lab.inputs import Stepper
from game.client.dice_lab.keys import HELPER, HELPER_CAPTION, HELPER_EXPLAIN, HELPERS, WHERE
from game.client.dice_lab.stats import fraction_text, percent_text, standing
from game.engine.dice import D3, D6, d6d3

if TYPE_CHECKING:
    from game.client.look import Look
    from game.engine.core import JSONObject

SIZES = {"three": 3, "table": 6, "two": 2}


class Sample(TypedDict):
    """One roll of a helper: the dice it threw and the chart key it landed on."""

    helper: str
    key: Hashable
    d3: NotRequired[int]
    d6: NotRequired[int]
    faces: NotRequired[int]  # the percent check's true faces


DEFAULT_OPTIONS = {"three": "1-2-3 / 4-5-6 / 3-4-5", "table": "1, 1, 2, 2, 3, 4", "two": "left / right"}


def split_options(raw: str) -> list[str]:
    """A typed list of options: separated by '/' when there is one, else by commas."""
    parts = raw.split("/") if "/" in raw else raw.split(",")
    return [p.strip() for p in parts]


def named_faces(faces: int) -> list[int]:
    """The faces that make a printed chance come true: the highest `faces` of a d6 (85 % → 2…6)."""
    return list(range(7 - faces, 7))


class D18Tab(Tab):
    """The D6 + D3 system's helpers."""

    key = "d18"
    title = "lab.tab.d18"

    def __init__(self) -> None:
        self.options = {k: split_options(v) for k, v in DEFAULT_OPTIONS.items()}
        self.texts = dict(DEFAULT_OPTIONS)
        self.errors: dict[str, str] = {}
        self.last: Sample | None = None
        super().__init__()

    def make_steppers(self) -> list[Stepper]:
        """Which helper, and the printed percentage for the percent check."""
        return [
            self.choice_stepper("helper", "lab.d18.helper", "d18", HELPERS, HELPER, value_width=130),
            Stepper(
                "percent", "lab.d18.percent", 85, choices=tuple(d6d3.PERCENT_TABLE), choice_label=lambda p: f"{p} %"
            ),
        ]

    def make_entries(self) -> list[Entry]:
        """The option list of the chosen helper."""
        return [Entry("options", "lab.d18.options", DEFAULT_OPTIONS["three"])]

    @property
    def helper(self) -> str:
        """The chosen helper."""
        return self.choice("helper")

    def layout_extra(self, rect: pygame.Rect, s: Callable[[float], int]) -> int:
        """The option list field under the steppers."""
        entry = self.entries[0]
        entry.rect = pygame.Rect(rect.x, rect.y + s(24), rect.w, s(36))
        return entry.rect.bottom + s(24)

    def recompute(self) -> None:
        """The chart's exact chances for the chosen helper; the option field follows the helper."""
        helper = self.helper
        entry = self.entries[0] if self.entries else None
        self.steppers["percent"].enabled = helper == "percent"
        if entry is not None:
            entry.enabled = helper in SIZES
            if helper in SIZES:
                entry.text = self.texts[helper]
                entry.error = self.errors.get(helper, "")
        if helper == "d18":
            self.exact: dict[Hashable, Fraction] = keyed(d6d3.d18_distribution())
        elif helper in SIZES:
            self.exact = keyed(d6d3.options_distribution(self.options[helper]))
        else:
            _, chance = d6d3.percent_chance(self.number("percent"))
            self.exact = {"yes": chance, "no": 1 - chance}

    def set_entry(self, key: str, text: str) -> None:
        """A new option list: taken when it has the right number of entries, else its error is shown."""
        helper = self.helper
        if helper not in SIZES:
            return
        self.texts[helper] = text
        options = split_options(text)
        need = SIZES[helper]
        if len(options) != need or not all(options):
            self.errors[helper] = self.t("lab.d18.need_entries", n=need, got=len([o for o in options if o]))
        else:
            self.errors.pop(helper, None)
            self.options[helper] = options
        self.recompute()

    def signature(self) -> tuple[object, ...]:
        """Inputs and the option lists."""
        return super().signature() + tuple(tuple(v) for v in self.options.values())

    def to_dict(self) -> JSONObject:
        """Steppers and every helper's option text."""
        data = super().to_dict()
        data.pop("entry.options", None)
        data.update({f"options.{k}": v for k, v in self.texts.items()})
        return data

    def load(self, data: object) -> None:
        """Steppers, then each helper's remembered options."""
        if isinstance(data, dict):
            for helper in SIZES:
                raw = data.get(f"options.{helper}")
                if isinstance(raw, str) and len(raw) <= 200:
                    options = split_options(raw)
                    if len(options) == SIZES[helper] and all(options):
                        self.texts[helper], self.options[helper] = raw, options
        super().load(data)

    def chart(self, t: Translate) -> ChartModel:
        """The uniform d18, the chance of each option, or the check's true chance."""
        keys: list[Hashable] = list(self.exact)
        labels = {"yes": t("lab.d18.comes_true"), "no": t("lab.d18.fails")}
        colours: dict[Hashable, Colour] = {"yes": SUCCESS, "no": FAIL} if self.helper == "percent" else {}
        model = ChartModel(
            keys,
            [Series(t(HELPER(self.helper)), palette.ORANGE, dict(self.exact))],
            colours,
            self.observed_shares(),
            None,
            t(HELPER_CAPTION(self.helper)),
        )
        model.key_labels = {k: labels.get(str(k), str(k)) for k in keys}
        return model

    def _sample(self, rng: random.Random) -> Sample:
        helper = self.helper
        if helper == "d18":
            d3, d6, value = d6d3.roll_d18(rng)
            return {"helper": helper, "d3": d3, "d6": d6, "key": value}
        if helper == "three":
            d3 = D3.sample(rng)
            return {"helper": helper, "d3": d3, "key": d6d3.pick_one_of_three(self.options[helper], d3)}
        d6 = D6.sample(rng)
        if helper == "table":
            return {"helper": helper, "d6": d6, "key": d6d3.table_by_d6(self.options[helper], d6)}
        if helper == "two":
            options = self.options[helper]
            return {"helper": helper, "d6": d6, "key": d6d3.pick_one_of_two(options[0], options[1], d6)}
        faces, _ = d6d3.percent_chance(self.number("percent"))
        hit = d6d3.percent_check(named_faces(faces), d6)
        return {"helper": helper, "d6": d6, "key": "yes" if hit else "no", "faces": faces}

    def sample_key(self, rng: random.Random) -> Hashable:
        """What one roll lands on (a d18 value, an option, or yes / no)."""
        return self._sample(rng)["key"]

    def roll(self, rng: random.Random) -> list[Throw]:
        """The d3 and / or d6 in the tray; a true percent check glows."""
        self.last = self._sample(rng)
        dice = []
        if "d3" in self.last:
            dice.append(TrayDie("d3", self.last["d3"]))
        if "d6" in self.last:
            dice.append(TrayDie("pips", self.last["d6"]))
        glow = [(0, len(dice) - 1)] if self.last["key"] == "yes" else []
        key = self.last["key"]
        good = None if self.helper not in ("percent",) else key == "yes"
        self.remember(
            Chip(
                self.t("lab.d18.yes_short")
                if key == "yes"
                else self.t("lab.d18.no_short")
                if key == "no"
                else str(key),
                good,
            )
        )
        return [Throw([dice], glow=glow)]

    def card_lines(self, t: Translate, language: str) -> list[str]:
        """The formula written out and what it means."""
        last = self.last
        if last is None:
            return []
        helper = last["helper"]
        if helper == "d18":
            d3, d6 = last["d3"], last["d6"]
            value = d6d3.d18_value(d3, d6)
            where = standing(d6d3.d18_distribution(), value)
            return [
                t("lab.d18.formula", d3=d3, base=(d3 - 1) * 6, d6=d6, value=value),
                t(WHERE(where.side), chance=percent_text(where.chance, language)),
            ]
        if helper == "percent":
            faces = last["faces"]
            printed = next(p for p, f in d6d3.PERCENT_TABLE.items() if f == faces)
            verdict = t("lab.d18.comes_true") if last["key"] == "yes" else t("lab.d18.fails")
            return [
                t(
                    "lab.d18.percent_card",
                    d6=last["d6"],
                    faces=", ".join(map(str, named_faces(faces))),
                    verdict=verdict,
                ),
                t(
                    "lab.d18.printed_true",
                    printed=printed,
                    true=fraction_text(Fraction(faces, 6)),
                    percent=percent_text(Fraction(faces, 6), language),
                ),
            ]
        die = f"d3 {last['d3']}" if "d3" in last else f"d6 {last['d6']}"
        chance = self.exact.get(last["key"], Fraction(0))
        return [
            t("lab.d18.pick_card", die=die, entry=last["key"]),
            t("lab.d18.entry_chance", chance=fraction_text(chance), percent=percent_text(chance, language)),
        ]

    def draw_figures(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the helper does, and its exact chances."""
        t, lang = look.t, look.t.language
        helper = self.helper
        lines = [t(HELPER_EXPLAIN(helper))]
        if helper == "percent":
            faces, chance = d6d3.percent_chance(self.number("percent"))
            lines.append(
                t(
                    "lab.d18.printed_true",
                    printed=self.number("percent"),
                    true=fraction_text(chance),
                    percent=percent_text(chance, lang),
                )
            )
        elif helper == "d18":
            lines.append(t("lab.d18.uniform"))
        else:
            lines += [f"{entry}: {fraction_text(p)} ~ {percent_text(p, lang)}" for entry, p in self.exact.items()]
        text.block(look, surface, rect, t("lab.d18.exact"), lines, size=14)

    def draw_side(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The percent table: printed and true chance side by side."""
        t, lang = look.t, look.t.language
        y = text.block(look, surface, rect, t("lab.d18.percent_table"), [])
        rows = []
        for printed, faces in d6d3.PERCENT_TABLE.items():
            chance = Fraction(faces, 6)
            rows.append([f"{printed} %", str(faces), fraction_text(chance), percent_text(chance, lang)])
        mark = None
        if self.helper == "percent":
            mark = (list(d6d3.PERCENT_TABLE).index(self.number("percent")), 3)
        header = [t("lab.d18.printed"), t("lab.d18.faces"), t("lab.d18.true"), "%"]
        y = text.table(look, surface, pygame.Rect(rect.x, y, rect.w, rect.h), header, rows, mark)
        text.block(
            look,
            surface,
            pygame.Rect(rect.x, y + look.s(6), rect.w, rect.bottom - y),
            "",
            [t("lab.d18.percent_note")],
            size=13,
        )
