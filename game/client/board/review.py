"""Review and replay on any board: which past position is shown, the banner over the board, and the playback
(play / pause / step / speed) that replays and watch mode share. Nothing here knows a mode: positions come from
the engine (`records.Timeline`) and are drawn with the mode's own model-from-state."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import lettering, palette
from game.client.play.records import Timeline
from game.engine.core import AnyState

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_SECONDS = 1.1  # between two moves at speed 1×


@dataclass
class Playback:
    """Play / pause / step / speed: `due(dt)` says when the next move should come."""

    playing: bool = True
    speed_index: int = 1
    timer: float = 0.0
    step_asked: bool = False

    @property
    def speed(self) -> float:
        """The speed factor (0.5×…4×)."""
        return SPEEDS[self.speed_index]

    def toggle(self) -> None:
        """Play ↔ pause."""
        self.playing = not self.playing
        self.timer = 0.0

    def step(self) -> None:
        """One move now (and pause)."""
        self.playing = False
        self.step_asked = True

    def faster(self) -> None:
        """Next speed up (the speed button: wrapping round from the fastest to the slowest)."""
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def nudge(self, by: int) -> None:
        """One speed faster (`by` 1) or slower (-1), staying at the end it reaches (the + and - keys)."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + by))

    def wake_in(self) -> float | None:
        """Seconds until the next move is due (None while paused)."""
        if self.step_asked:
            return 0.0
        return STEP_SECONDS / self.speed - self.timer if self.playing else None

    def due(self, dt: float) -> bool:
        """True when the next move should be made now."""
        if self.step_asked:
            self.step_asked = False
            return True
        if not self.playing:
            return False
        self.timer += dt
        if self.timer >= STEP_SECONDS / self.speed:
            self.timer = 0.0
            return True
        return False


def speed_text(playback: Playback) -> str:
    """The speed as a button shows it: '0.5×', '1×', '2×'."""
    return f"{playback.speed:g}×"


class Review:
    """The move-list entry shown read-only (0 = the start) over a `Timeline` of the game."""

    def __init__(self, timeline: Timeline, entry: int) -> None:
        self.timeline = timeline
        self.entry = 0
        self.go(entry)

    @property
    def total(self) -> int:
        """How many entries (decisions) the game has."""
        return len(self.timeline.entry_ends())

    def go(self, entry: int) -> None:
        """Show `entry`, kept in range."""
        self.entry = max(0, min(self.total, entry))

    def state(self) -> AnyState:
        """The position after the shown entry (the start: after the opening chance outcomes)."""
        ends = self.timeline.entry_ends()
        if self.entry > 0:
            return self.timeline.states[ends[self.entry - 1]]
        first = next((i for i, a in enumerate(self.timeline.actors) if a >= 0), len(self.timeline.actors))
        return self.timeline.states[first]

    def events(self) -> list[object]:
        """The events of the shown entry (its decision and the chance outcomes after it)."""
        if self.entry == 0:
            return []
        ends = self.timeline.entry_ends()
        start = (
            ends[self.entry - 2] if self.entry > 1 else next(i for i, a in enumerate(self.timeline.actors) if a >= 0)
        )
        return [e for events in self.timeline.events[start : ends[self.entry - 1]] for e in events]


def draw_banner(surface: pygame.Surface, strip: pygame.Rect, unit: int, text: str, chip: str) -> pygame.Rect | None:
    """A bar filling `strip` (the panel's title row, so the board's coordinates stay in sight) with `text` and, when
    `chip` is given, a clickable chip at its right (returned, for clicks)."""
    h = strip.h
    pygame.draw.rect(surface, palette.PANEL, strip)  # the title row it covers does not show at the rounded ends
    pygame.draw.rect(surface, palette.REVIEW_BAR, strip, border_radius=h // 2)
    pygame.draw.rect(surface, palette.BRASS, strip, 2, border_radius=h // 2)
    chip_rect = None
    right = strip.right - unit // 2
    if chip:
        cw = lettering.font(int(unit * 0.85), bold=True).size(chip)[0] + unit * 2
        chip_rect = pygame.Rect(0, 0, cw, h - unit // 2)
        chip_rect.midright = (strip.right - unit // 3, strip.centery)
        pygame.draw.rect(surface, palette.SELECT, chip_rect, border_radius=chip_rect.h // 2)
        lettering.label(surface, chip, int(unit * 0.85), palette.INK, center=chip_rect.center, bold=True)
        right = chip_rect.left - unit // 2
    cut: list[str] = []
    size = lettering.fitting_size(text, right - strip.left - unit, int(unit * 0.95), cut, bold=True)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(strip.left, strip.top, right - strip.left, h).clip(clip))  # never under the chip
    lettering.label(surface, text, size, palette.PARCHMENT, midleft=(strip.left + unit, strip.centery), bold=True)
    surface.set_clip(clip)
    return chip_rect
