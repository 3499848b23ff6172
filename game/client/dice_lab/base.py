"""What every Lab tab shares: its steppers, text fields, observed rolls, history, and the shape of a roll."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.client.dice import TrayDie
from game.client.dice_lab.chart import ChartModel
from game.client.dice_lab.inputs import Stepper, StepperColumn, StepValue
from game.client.dice_lab.stats import Fit, chi_square
from game.client.i18n import Keys

if TYPE_CHECKING:
    from game.client.look import Look
    from game.engine.core import JSONObject

HISTORY = 20
Translate = Callable[..., str]


@dataclass
class Throw:
    """One throw of the tray: rows of dice, row labels, which glow and which are dimmed, and a caption."""

    groups: list[list[TrayDie]]
    labels: list[str] = field(default_factory=list)
    glow: list[tuple[int, int]] = field(default_factory=list)
    dimmed: list[tuple[int, int]] = field(default_factory=list)
    caption: str = ""


@dataclass
class Chip:
    """One entry of the roll history: a short text and whether it went well (None: neither)."""

    text: str
    good: bool | None = None


@dataclass
class Entry:
    """A text field a tab asks for: its key, label, current text, where it goes and the error to show."""

    key: str
    label: str
    text: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    error: str = ""
    enabled: bool = True


class Tab:
    """A Lab tab: inputs on the left, a chart and a tray on the right. Subclasses fill in the figures."""

    key = ""
    title = ""  # translation key
    about = ""  # translation key of a line beside the inputs saying what the roll is ('' for none)
    choosing: int | None = None  # the die picked first while choosing which pair to keep, marked in the tray

    def __init__(self) -> None:
        # The scene hands in its translator before drawing; stepper labels of choices read it.
        self.t: Translate = lambda key, **_: key
        self.column = StepperColumn(self.make_steppers())
        self.entries: list[Entry] = self.make_entries()
        self.observed: Counter[Hashable] = Counter()
        self.observed_for: tuple[object, ...] = ()
        self.history: list[Chip] = []
        self.fit: Fit | None = None
        self.recompute()

    def choice_stepper(
        self, key: str, label: str, value: str, choices: tuple[str, ...], words: Keys, value_width: int = 62
    ) -> Stepper:
        """A stepper over named `choices`, each shown by its text in the family `words`."""
        return Stepper(
            key, label, value, choices=choices, choice_label=lambda c: self.t(words(c)), value_width=value_width
        )

    # --- to fill in -----------------------------------------------------------------------------------
    def make_steppers(self) -> list[Stepper]:
        """The tab's steppers."""
        return []

    def make_entries(self) -> list[Entry]:
        """The tab's text fields."""
        return []

    def recompute(self) -> None:
        """Work the exact figures out again from the inputs."""

    def chart(self, t: Translate) -> ChartModel:
        """What the chart shows now."""
        raise NotImplementedError

    def sample_key(self, rng: random.Random) -> Hashable:
        """One roll, sampled by the engine, reduced to the chart key it lands on."""
        raise NotImplementedError

    def roll(self, rng: random.Random) -> list[Throw]:
        """One roll shown in the tray (several throws when ties reroll); remembers it for the card."""
        raise NotImplementedError

    def card_lines(self, t: Translate, language: str) -> list[str]:
        """The result card of the last roll (empty before the first)."""
        return []

    def tray_note(self, t: Translate) -> str:
        """A line under the landed dice (what a click on them does), or ''."""
        return ""

    def draw_figures(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The exact figures under the inputs."""

    def draw_side(self, look: Look, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The side panel beside the chart."""

    def layout_extra(self, rect: pygame.Rect, s: Callable[[float], int]) -> int:
        """Place text fields below the steppers; returns the y below them."""
        return rect.y

    def pick_die(self, key: tuple[int, int]) -> Throw | None:
        """A click on a die of the last roll; a new look for the tray when it changes the roll."""
        return None

    def next_pair(self) -> Throw | None:
        """Keyboard: keep the next pair of the last roll, if the tab allows a choice."""
        return None

    def set_entry(self, key: str, text: str) -> None:
        """A text field changed."""

    # --- shared ---------------------------------------------------------------------------------------
    @property
    def steppers(self) -> dict[str, Stepper]:
        """The steppers by key."""
        return {st.key: st for st in self.column.steppers}

    def value(self, key: str) -> StepValue:
        """The current value of a stepper."""
        return self.steppers[key].value

    def number(self, key: str) -> int:
        """The current value of a stepper of whole numbers."""
        value = self.value(key)
        if not isinstance(value, int):
            raise TypeError(f"stepper {key!r} holds a choice, not a number")
        return value

    def choice(self, key: str) -> str:
        """The current value of a stepper of named choices."""
        return str(self.value(key))

    def signature(self) -> tuple[object, ...]:
        """Everything the distribution depends on (observed rolls are kept only while it stays the same)."""
        return tuple(st.value for st in self.column.steppers) + tuple(e.text for e in self.entries)

    def changed(self) -> None:
        """An input changed: figures again, and observed rolls of other inputs are dropped."""
        self.recompute()
        if self.observed_for != self.signature():
            self.observed.clear()
            self.fit = None

    def roll_many(self, rng: random.Random, count: int) -> None:
        """Roll `count` times and add the outcomes to the observed counts; then judge the fit."""
        if self.observed_for != self.signature():
            self.observed.clear()
            self.observed_for = self.signature()
        for _ in range(count):
            self.observed[self.sample_key(rng)] += 1
        self.judge()

    def judge(self) -> None:
        """Chi-square of the observed counts against the chart's exact chances."""
        exact = self.exact_chances()
        self.fit = chi_square(self.observed, exact) if exact else None

    def exact_chances(self) -> dict[Hashable, Fraction]:
        """The exact chance of each chart key (what observed rolls are tested against)."""
        model = self.chart(lambda key, **_: key)
        return dict(model.series[0].values) if model.series else {}

    def observed_shares(self) -> dict[Hashable, float] | None:
        """Observed frequencies per key, or None when there are none for the current inputs."""
        total = sum(self.observed.values())
        if not total or self.observed_for != self.signature():
            return None
        return {k: c / total for k, c in self.observed.items()}

    def remember(self, chip: Chip) -> None:
        """Add a roll to the history (the last 20 stay)."""
        self.history.append(chip)
        del self.history[:-HISTORY]

    def to_dict(self) -> JSONObject:
        """The inputs, for the settings file."""
        data: JSONObject = {st.key: st.value for st in self.column.steppers}
        data.update({f"entry.{e.key}": e.text for e in self.entries})
        return data

    def load(self, data: object) -> None:
        """Take remembered inputs, ignoring anything unknown or out of range."""
        if not isinstance(data, dict):
            return
        for st in self.column.steppers:
            if st.key in data:
                st.accept(data[st.key])
        for entry in self.entries:
            text = data.get(f"entry.{entry.key}")
            if isinstance(text, str) and len(text) <= 200:
                entry.text = text
                self.set_entry(entry.key, text)
        self.changed()
