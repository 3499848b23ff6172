"""The legend on demand: what the board's badges and marks mean, in one card over the board (F1 or the round "?"
button beside it). The mode lists its own entries (`ModeView.legend`); the board adds the ones every mode shares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.client import lettering, palette
from game.client.board import buttons as B
from game.client.board.marks import text_badge

if TYPE_CHECKING:
    from game.client.board.mode_view import ModeView
    from game.client.board.signals import BoardEnv

LEGEND_KEY = pygame.K_F1
Sample = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a small drawn sample of the badge (None: words only) and what it means."""

    text: str
    sample: Sample | None = None


def badge_sample(text: str, ink: tuple[int, int, int], paper: tuple[int, int, int]) -> Sample:
    """A text badge like the board's (`ink` on `paper`)."""

    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        text_badge(surface, text, rect.center, max(10, rect.h // 2), ink, paper)

    return draw


def number_sample(text: str, edge: tuple[int, int, int]) -> Sample:
    """A number on a light diamond edged in a seat's colour (the last turn's action numbers, as `marks` draws them)."""

    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        x, y = rect.center
        k = rect.h * 0.38
        diamond = [(x, y - k), (x + k, y), (x, y + k), (x - k, y)]
        pygame.draw.polygon(surface, palette.IVORY, diamond)
        pygame.draw.polygon(surface, edge, diamond, max(2, int(k // 4)))
        pygame.draw.polygon(surface, palette.DARK_INK, diamond, 1)
        lettering.label(surface, text, max(9, int(k * 0.9)), palette.DARK_INK, center=(x, y + 1), bold=True)

    return draw


def frame_sample(colour: tuple[int, int, int]) -> Sample:
    """A cell framed in `colour` (a ring, a threat's frame)."""

    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        cell = rect.inflate(-rect.w // 5, -rect.h // 5)
        pygame.draw.rect(surface, colour, cell, max(2, rect.h // 12), border_radius=rect.h // 6)

    return draw


class Legend:
    """Whether the legend is open, its button beside the board and the card drawn over the board; `place()` gives the
    board's frame and the panel's unit, `beside()` the last turn's button it sits above."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        place: Callable[[], tuple[pygame.Rect, int]],
        beside: Callable[[], pygame.Rect],
    ) -> None:
        self.env = env
        self.view = view
        self.place = place
        self.beside = beside
        self.open = False
        self.button = B.Button("legend", "?")
        self.hover = False
        self.card = pygame.Rect(0, 0, 0, 0)

    def entries(self) -> list[LegendEntry]:
        """The mode's entries, then the board's own."""
        t = self.env.t
        board = [
            LegendEntry(t("legend.board.numbers"), number_sample("1", palette.SKY)),
            LegendEntry(t("legend.board.keys")),
        ]
        return [*self.view.legend(), *board]

    def button_rect(self) -> pygame.Rect:
        """On the felt between the board and the panel, above the last turn's button (on the frame when narrow)."""
        replay = self.beside()
        rect = replay.copy()
        size = max(20, replay.w * 3 // 4)
        rect.size = (size, size)
        rect.midbottom = (replay.centerx, replay.top - size // 2)
        return rect

    def toggle(self) -> None:
        """Open or close the legend."""
        self.open = not self.open
        self.env.play_sound("click")

    def handle(self, event: pygame.event.Event) -> bool:
        """F1 or the button opens and closes it; while open, a click or Esc closes it. True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button_rect().collidepoint(event.pos)
            return False
        if event.type == pygame.KEYDOWN and event.key == LEGEND_KEY:
            self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.button_rect().collidepoint(event.pos):
                self.toggle()
                return True
            if self.open:
                self.close()
                return True
        if self.open and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def close(self) -> None:
        """Take the legend off the board."""
        self.open = False

    def draw_button(self, surface: pygame.Surface) -> None:
        """The round "?" button (its words under it while hovered)."""
        self.button.rect = self.button_rect()
        rect = self.button.rect
        B.draw_icon(surface, self.button, "legend" if self.hover or self.open else None)
        lettering.label(surface, "?", max(12, rect.h * 2 // 3), palette.IVORY, center=rect.center, bold=True)
        if self.hover and not self.open:
            B.draw_tip(surface, self.env.t("legend.button"), rect, max(12, self.place()[1]))

    def draw(self, surface: pygame.Surface) -> None:
        """The card over the board: the title and one line per entry with its sample."""
        if not self.open:
            return
        frame, unit = self.place()
        size = max(12, int(unit * 0.95))
        font = lettering.font(size)
        line_h = font.get_linesize()
        row_h = max(int(size * 2.0), line_h + 6)
        sample_w = row_h * 2
        width = min(frame.w - unit * 2, unit * 34)
        text_w = width - sample_w - unit * 3  # a unit's margin at either side and between sample and text
        entries = self.entries()
        wrapped = [lettering.wrap(font, entry.text, text_w) for entry in entries]
        heights = [max(row_h, len(lines) * line_h + 6) for lines in wrapped]
        title = self.env.t("legend.title")
        height = int(size * 2.6) + sum(heights) + unit + size
        self.card = pygame.Rect(0, 0, width, min(height, frame.h))
        self.card.center = frame.center
        card = self.card
        pygame.draw.rect(surface, palette.shade(palette.SHADOW, 1.0), card.move(0, 4), border_radius=10)
        pygame.draw.rect(surface, palette.POPUP, card, border_radius=10)
        pygame.draw.rect(surface, palette.BRASS, card, 2, border_radius=10)
        lettering.label(
            surface,
            title,
            int(size * 1.2),
            palette.PARCHMENT,
            center=(card.centerx, card.top + int(size * 1.3)),
            bold=True,
        )
        y = card.top + int(size * 2.6)
        for entry, lines, h in zip(entries, wrapped, heights, strict=True):
            if y + h > card.bottom - size:
                break
            if entry.sample is not None:
                entry.sample(surface, pygame.Rect(card.left + unit, y, sample_w, row_h))
            ty = y + (h - len(lines) * line_h) // 2
            for line in lines:
                lettering.label(
                    surface, line, size, palette.PARCHMENT, topleft=(card.left + unit + sample_w + unit, ty)
                )
                ty += line_h
            y += h
        closing = self.env.t("legend.close")
        lettering.label(
            surface, closing, int(size * 0.85), palette.PARCHMENT_DARK, center=(card.centerx, card.bottom - size * 0.7)
        )
