"""The hand-over card of pass-and-play: when the seat to act changes between two humans (a defender's decision in
the attacker's turn included), a card names who acts and what is asked ("Orange defends c4 — Stand or
Retreat?"); the board takes no input until that player clicks it or presses Enter or Space.

The scene shows it when `ModeView.handover(seat)` returns a message for the new acting human seat (a mode with
open information and strict turns, like Kubtafl, returns None and never shows it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client import art

DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class HandoverCard:
    """Who acts (name and colour), what they are asked, and the button text."""

    seat: int
    name: str
    colour: tuple[int, int, int]
    message: str
    button: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    ok: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def layout(self, bounds: pygame.Rect, unit: int) -> None:
        """Centre the card over `bounds` (the board)."""
        w = min(bounds.w - 2 * unit, unit * 26)
        lines = art.wrap(art.font(int(unit * 1.1)), self.message, w - 3 * unit)
        h = int(unit * 7.5) + len(lines) * art.font(int(unit * 1.1)).get_linesize()
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = bounds.center
        self.ok = pygame.Rect(0, 0, unit * 8, int(unit * 2.4))
        self.ok.midbottom = (self.rect.centerx, self.rect.bottom - unit)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when this event dismisses the card (a click on it, Enter or Space)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return bool(self.rect.collidepoint(event.pos))
        return event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS

    def draw(self, surface: pygame.Surface, unit: int) -> None:
        """A veil over the board and a parchment card in the seat's colour."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 10, 8, 170))
        surface.blit(veil, (0, 0))
        art.panel(surface, self.rect, unit / 18)
        pygame.draw.rect(surface, self.colour, self.rect.inflate(-unit // 2, -unit // 2), 3, border_radius=10)
        art.label(surface, self.name, int(unit * 1.8), self.colour,
                  center=(self.rect.centerx, self.rect.top + unit * 2.2), bold=True, shadow=(0, 0, 0))
        f = art.font(int(unit * 1.1))
        y = self.rect.top + int(unit * 3.8)
        for line in art.wrap(f, self.message, self.rect.w - 3 * unit):
            image = f.render(line, True, art.PARCHMENT)
            surface.blit(image, image.get_rect(midtop=(self.rect.centerx, y)))
            y += f.get_linesize()
        pygame.draw.rect(surface, self.colour, self.ok, border_radius=8)
        pygame.draw.rect(surface, (30, 20, 14), self.ok, 2, border_radius=8)
        art.label(surface, self.button, int(unit * 1.0), art.INK, center=self.ok.center, bold=True)
