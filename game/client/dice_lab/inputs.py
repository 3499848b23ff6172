"""Steppers: a labelled value with − and + buttons over a slider track; mouse, drag and keyboard all change it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, shapes
from game.client.dice_lab.chart import fit_text

if TYPE_CHECKING:
    from game.client.look import Look

ROW_H = 54  # layout pixels per stepper


#: What a stepper holds: a whole number, or one of its choices.
StepValue = int | str


@dataclass
class Stepper:
    """One input: a whole number in lo…hi, or one of `choices` (value, label key); `value` is what it holds."""

    key: str
    label: str  # translation key
    value: StepValue
    lo: int = 0
    hi: int = 1
    choices: Sequence[StepValue] = ()
    choice_label: Callable[[StepValue], str] | None = None
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    minus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    plus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    track: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_at: tuple[int, int] | None = None  # where the label is drawn (midleft); None: not drawn
    value_width: int = 62  # room for the value between − and + (layout pixels): wider for long choice names

    @property
    def options(self) -> list[StepValue]:
        """Every value the stepper can hold, in order."""
        return list(self.choices) if self.choices else list(range(self.lo, self.hi + 1))

    @property
    def position(self) -> int:
        """Index of the current value among the options."""
        options = self.options
        return options.index(self.value) if self.value in options else 0

    def set_position(self, index: int) -> bool:
        """Move to the option at `index` (clamped); True when the value changed."""
        options = self.options
        new = options[max(0, min(len(options) - 1, index))]
        changed = new != self.value
        self.value = new
        return changed

    def step(self, direction: int) -> bool:
        """One option down (−1) or up (+1); True when the value changed."""
        return self.set_position(self.position + direction)

    def accept(self, value: object) -> None:
        """Take a remembered value if it is one of the options, of the same type (anything else is ignored)."""
        for option in self.options:
            if type(option) is type(value) and option == value:
                self.value = option
                return

    def at_track(self, x: int) -> bool:
        """Set the value from a click or drag at screen x on the track; True when it changed."""
        share = (x - self.track.x) / max(1, self.track.w)
        return self.set_position(round(share * (len(self.options) - 1)))


class StepperColumn:
    """A list of steppers laid out in a rect, with a keyboard focus; draws itself and takes mouse and keys."""

    def __init__(self, steppers: Sequence[Stepper]) -> None:
        self.steppers = list(steppers)
        self.focus = 0
        self.dragging: Stepper | None = None

    def layout(self, rect: pygame.Rect, s: Callable[[float], int], columns: int = 1, label_room: int = 0) -> int:
        """Place the steppers in `rect` column by column (labels in a `label_room` strip at the left when several
        columns share them); returns the y below the last row."""
        per_column = -(-len(self.steppers) // columns)
        gap = s(14)
        area = pygame.Rect(rect.x + label_room, rect.y, rect.w - label_room, rect.h)
        width = (area.w - gap * (columns - 1)) // columns
        bottom = rect.y
        for i, st in enumerate(self.steppers):
            col, row = divmod(i, per_column)
            st.rect = pygame.Rect(area.x + col * (width + gap), area.y + row * s(ROW_H), width, s(ROW_H - 4))
            button = s(26)
            value_w = min(s(st.value_width), width - 2 * button - s(4))
            st.plus = pygame.Rect(st.rect.right - button, st.rect.y + s(2), button, button)
            st.minus = pygame.Rect(st.plus.x - value_w - button, st.rect.y + s(2), button, button)
            if label_room:
                st.label_at = (rect.x + s(6), st.minus.centery) if col == 0 else None
            else:
                st.label_at = (st.rect.x + s(6), st.minus.centery)
            st.track = pygame.Rect(st.rect.x + s(6), st.rect.y + s(36), st.rect.w - s(12), s(6))
            bottom = max(bottom, st.rect.bottom)
        return bottom

    @property
    def focused(self) -> Stepper | None:
        """The stepper with the keyboard focus."""
        return self.steppers[self.focus] if 0 <= self.focus < len(self.steppers) else None

    def move_focus(self, step: int) -> None:
        """Focus the next (+1) or previous (−1) enabled stepper, wrapping round."""
        enabled = [i for i, st in enumerate(self.steppers) if st.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus = enabled[0]
            return
        self.focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]

    def handle(self, event: pygame.event.Event) -> Stepper | None:
        """Mouse on −, + and the track, drags, and Left/Right/Home/End on the focused one; the changed stepper."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            if event.buttons and event.buttons[0]:
                return self.dragging if self.dragging.at_track(event.pos[0]) else None
            self.dragging = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.KEYDOWN and self.focused is not None and self.focused.enabled:
            return self._key(self.focused, event.key)
        return None

    def _click(self, pos: tuple[int, int]) -> Stepper | None:
        # A press focuses the stepper under it; on − or + it steps, on the track it jumps there and starts a drag.
        for i, st in enumerate(self.steppers):
            if not st.enabled or not st.rect.inflate(0, 8).collidepoint(pos):
                continue
            self.focus = i
            if st.minus.collidepoint(pos):
                return st if st.step(-1) else None
            if st.plus.collidepoint(pos):
                return st if st.step(1) else None
            if st.track.inflate(0, 18).collidepoint(pos):
                self.dragging = st
                return st if st.at_track(pos[0]) else None
            return None
        return None

    @staticmethod
    def _key(st: Stepper, key: int) -> Stepper | None:
        # Left/Right (A/D) step by one, Page Down/Up by five, Home/End go to the ends.
        moves = {
            pygame.K_LEFT: -1,
            pygame.K_a: -1,
            pygame.K_RIGHT: 1,
            pygame.K_d: 1,
            pygame.K_PAGEDOWN: -5,
            pygame.K_PAGEUP: 5,
        }
        if key in moves:
            return st if st.step(moves[key]) else None
        ends = {pygame.K_HOME: 0, pygame.K_END: len(st.options) - 1}
        if key in ends:
            return st if st.set_position(ends[key]) else None
        return None

    def draw(self, look: Look, surface: pygame.Surface, active: bool) -> None:
        """Every stepper: label, value between − and +, and the track with its handle; the focused one banded."""
        s = look.s
        for i, st in enumerate(self.steppers):
            fade = 1.0 if st.enabled else 0.5
            if active and i == self.focus and st.enabled:
                shapes.focus_band(surface, st.rect.inflate(s(10), s(6)), s)
            if st.label_at is not None:
                lettering.text(
                    look,
                    surface,
                    look.t(st.label),
                    st.label_at,
                    size=16,
                    bold=True,
                    colour=palette.shade(palette.PARCHMENT, fade),
                    anchor="midleft",
                )
            for rect, sign in ((st.minus, "−"), (st.plus, "+")):
                pygame.draw.rect(surface, palette.shade(palette.PANEL_LIGHT, 1.2 * fade), rect, border_radius=s(6))
                pygame.draw.rect(surface, palette.shade(palette.BRASS_DARK, fade), rect, 1, border_radius=s(6))
                lettering.text(
                    look,
                    surface,
                    sign,
                    rect.center,
                    size=18,
                    bold=True,
                    colour=palette.shade(palette.BRASS, fade),
                    anchor="center",
                )
            shown = st.choice_label(st.value) if st.choice_label else str(st.value)
            mid = ((st.minus.right + st.plus.x) // 2, st.minus.centery)
            room = st.plus.x - st.minus.right - s(4)
            size = 17
            while size > 11 and look.fonts.get(s(size), True).size(shown)[0] > room:
                size -= 1  # a long choice (a Russian colour name) shrinks to fit between − and +
            shown = fit_text(look.fonts.get(s(size), True), shown, room)  # and is shortened if still too long
            lettering.text(
                look,
                surface,
                shown,
                mid,
                size=size,
                bold=True,
                colour=palette.shade(palette.IVORY, fade),
                anchor="center",
            )
            pygame.draw.rect(surface, palette.shade(palette.PANEL_LIGHT, 0.8), st.track, border_radius=s(3))
            share = st.position / max(1, len(st.options) - 1)
            filled = st.track.copy()
            filled.w = max(s(3), round(st.track.w * share))
            pygame.draw.rect(surface, palette.shade(palette.BRASS_DARK, fade * 1.2), filled, border_radius=s(3))
            knob = (st.track.x + round(st.track.w * share), st.track.centery)
            pygame.draw.circle(surface, palette.shade(palette.BRASS, fade), knob, s(8))
            pygame.draw.circle(surface, palette.shade(palette.WOOD_DARK, fade), knob, s(8), max(1, s(2)))
