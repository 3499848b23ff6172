"""The amount picker: how many tokens to move, attack with, retreat or occupy with (CheckRisk), or any count a
mode asks for. A card next to a cell shows the amount large between − and + buttons, with an OK button.

A mode opens it with `BoardServices.popups.open_picker(title, low, high, default, cell, on_commit, on_change)`;
while it is open the scene routes input to it. Every way of choosing ends in the same `value`:
- mouse wheel anywhere: ± 1;
- press on the number and drag up (more) or down (fewer), one step per `DRAG_STEP` units;
- − / + buttons; OK commits;
- keys: ↑ / → more, ↓ / ← fewer, Home / End the least / most, digits type an amount (Backspace edits), Enter
  commits, Esc cancels. A click outside the card cancels.
`on_change(value)` runs whenever the amount changes (so the preview follows it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client import lettering, palette, shapes

DRAG_STEP = 0.6  # drag distance per step, in picker units (about a fifth of a cell)
COMMIT, CANCEL = "commit", "cancel"


@dataclass
class AmountPicker:
    """One amount in `low..high`, starting at `value` (the mode's default)."""

    title: str
    low: int
    high: int
    value: int
    anchor: tuple[float, float]
    on_commit: Callable[[int], None] = lambda value: None
    on_change: Callable[[int], None] | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    minus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    plus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    number: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    ok: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    typed: str = ""
    unit: int = 12
    drag_from: tuple[int, int] | None = None  # (pointer y, value) when a drag of the number began

    def __post_init__(self) -> None:
        self.value = self._clamp(self.value)

    def _clamp(self, value: int) -> int:
        return max(self.low, min(self.high, value))

    def set(self, value: int) -> None:
        """Change the amount (clamped) and tell the mode."""
        value = self._clamp(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def layout(self, bounds: pygame.Rect, unit: int, avoid: pygame.Rect | None = None) -> None:
        """Place the card near its anchor inside `bounds`, clear of `avoid` (a card over the board) where it fits;
        `unit` is about a third of a cell."""
        self.unit = u = max(10, unit)
        chip = max(26, int(u * 1.1))
        gap = max(4, chip // 6)
        title_w = lettering.font(max(12, chip // 2), bold=True).size(self.title)[0]
        number_w = max(chip * 2, lettering.font(int(chip * 0.98), bold=True).size(str(self.high))[0] + gap * 4)
        body_w = chip * 2 + number_w + gap * 2
        w = max(title_w + gap * 4, body_w + gap * 4)
        number_h = int(chip * 1.4)
        h = gap * 6 + int(chip * 0.8) + number_h + chip
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (int(self.anchor[0]), int(self.anchor[1] - u))
        if rect.top < bounds.top:
            rect.midtop = (int(self.anchor[0]), int(self.anchor[1] + u))
        rect.clamp_ip(bounds)
        if avoid is not None and rect.colliderect(avoid):
            below, above = rect.copy(), rect.copy()
            below.midtop = (int(self.anchor[0]), int(self.anchor[1] + u))
            above.midbottom = (int(self.anchor[0]), int(self.anchor[1] - u))
            beyond_below, beyond_above = rect.copy(), rect.copy()
            beyond_below.top, beyond_above.bottom = avoid.bottom + gap, avoid.top - gap
            spots = [below, above, beyond_below, beyond_above]
            for spot in spots:
                spot.clamp_ip(bounds)
            rect = next((spot for spot in spots if not spot.colliderect(avoid)), rect)
        self.rect = rect
        # Title; then − amount +; then OK across the card.
        top = rect.top + gap * 2 + int(chip * 0.8)
        x = rect.centerx - body_w // 2
        self.number = pygame.Rect(x + chip + gap, top, number_w, number_h)
        self.minus = pygame.Rect(x, 0, chip, chip)
        self.minus.centery = self.number.centery
        self.plus = pygame.Rect(self.number.right + gap, 0, chip, chip)
        self.plus.centery = self.number.centery
        self.ok = pygame.Rect(x, self.number.bottom + gap, body_w, chip)

    # ----- input -----
    def wheel(self, steps: int) -> None:
        """The wheel turned `steps` notches (up = more)."""
        self.typed = ""
        self.set(self.value + steps)

    def press(self, pos: tuple[int, int]) -> str | None:
        """A left press: ± buttons step, OK commits, the number starts a drag, outside cancels."""
        if self.ok.collidepoint(pos):
            return self.commit()
        if self.minus.collidepoint(pos):
            self.set(self.value - 1)
        elif self.plus.collidepoint(pos):
            self.set(self.value + 1)
        elif self.number.collidepoint(pos):
            self.drag_from = (pos[1], self.value)
        elif not self.rect.collidepoint(pos):
            return CANCEL
        self.typed = ""
        return None

    def motion(self, pos: tuple[int, int]) -> None:
        """The pointer moved: while dragging the number, up adds and down takes away."""
        if self.drag_from is not None:
            start_y, start_value = self.drag_from
            self.set(start_value + int((start_y - pos[1]) / max(1.0, self.unit * DRAG_STEP)))

    def release(self) -> None:
        """The button came up: a drag ends."""
        self.drag_from = None

    def key(self, key: int) -> str | None:
        """A key while the picker is open; returns COMMIT or CANCEL when it closes."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.commit()
        if key == pygame.K_ESCAPE:
            return CANCEL
        steps = {pygame.K_UP: 1, pygame.K_RIGHT: 1, pygame.K_DOWN: -1, pygame.K_LEFT: -1}
        if key in steps:
            self.typed = ""
            self.set(self.value + steps[key])
        elif key == pygame.K_HOME:
            self.set(self.low)
        elif key == pygame.K_END:
            self.set(self.high)
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            if self.typed:
                self.set(int(self.typed))
        elif pygame.K_0 <= key <= pygame.K_9:
            typed = self.typed + str(key - pygame.K_0)
            # A digit that would leave the range starts a new number instead of extending the old one.
            self.typed = typed if self.low <= int(typed) <= self.high else str(key - pygame.K_0)
            self.set(int(self.typed))
        return None

    def commit(self) -> str:
        """Hand the amount to the mode."""
        self.on_commit(self.value)
        return COMMIT

    # ----- drawing -----
    def draw(self, surface: pygame.Surface) -> None:
        """A dark card with a brass edge: title, − amount +, OK."""
        rect = self.rect
        chip = self.minus.h
        shapes.popup_card(surface, rect, palette.PANEL_LIGHT, self.title, chip)
        for button, sign, live in ((self.minus, "−", self.value > self.low), (self.plus, "+", self.value < self.high)):
            pygame.draw.rect(surface, palette.CHIP if live else palette.CHIP_OFF, button, border_radius=6)
            pygame.draw.rect(surface, palette.CHIP_EDGE, button, 2, border_radius=6)
            lettering.label(
                surface,
                sign,
                int(chip * 0.7),
                palette.IVORY if live else palette.MUTED,
                center=button.center,
                bold=True,
            )
        pygame.draw.rect(surface, palette.PARCHMENT, self.number, border_radius=8)
        pygame.draw.rect(
            surface, palette.ORANGE if self.drag_from else palette.BRASS_DARK, self.number, 2, border_radius=8
        )
        lettering.label(
            surface, str(self.value), int(self.number.h * 0.7), palette.INK, center=self.number.center, bold=True
        )
        pygame.draw.rect(surface, palette.ORANGE, self.ok, border_radius=6)
        pygame.draw.rect(surface, palette.CHIP_EDGE, self.ok, 2, border_radius=6)
        lettering.label(surface, "OK", int(chip * 0.55), palette.CHIP_TEXT, center=self.ok.center, bold=True)
