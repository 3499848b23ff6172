"""The goal card over the side panel during a lesson: 'Goal', the goal in one sentence, the actions used and the
stars still to earn (rendered once per text and size: the board redraws sixty times a second)."""

from __future__ import annotations

import pygame

from game.client import lettering, palette


class GoalCard:
    """Where the card sits and its last image."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 10
        self._key: tuple[object, ...] = ()
        self._image: pygame.Surface | None = None
        self.cut: list[str] = []  # texts that did not fit (none expected)
        self.shown: tuple[str, str, int] = ("", "", 0)  # the goal, the counter and the stars drawn last

    def place(self, rect: pygame.Rect, unit: int) -> None:
        """The card's box and the panel's unit."""
        self.rect, self.unit = pygame.Rect(rect), unit

    def draw(self, surface: pygame.Surface, heading: str, goal: str, counter: str, stars: int) -> None:
        """The card at its place."""
        key = (self.rect.size, self.unit, heading, goal, counter, stars)
        if key != self._key or self._image is None:
            self._image = self._render(heading, goal, counter, stars)
            self._key = key
        self.shown = (goal, counter, stars)
        surface.blit(self._image, self.rect.topleft)

    def _render(self, heading: str, goal: str, counter: str, stars: int) -> pygame.Surface:
        u = self.unit
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box = image.get_rect()
        pygame.draw.rect(image, palette.PANEL_LIGHT, box, border_radius=max(4, u // 2))
        pygame.draw.rect(image, palette.GAIN_DARK, box, 2, border_radius=max(4, u // 2))
        pygame.draw.rect(image, palette.GAIN, pygame.Rect(0, 0, max(4, u // 3), box.h), border_radius=max(2, u // 4))
        self.cut = []
        left = u
        lettering.label(image, heading.upper(), int(u * 0.7), palette.GAIN, topleft=(left, int(u * 0.45)), bold=True)
        bottom = box.h - int(u * 1.6)
        text_box = pygame.Rect(left, int(u * 1.5), box.w - left - u // 2, bottom - int(u * 1.6))
        lettering.wrapped_label(image, goal, text_box, int(u * 1.0), palette.PARCHMENT, self.cut)
        size = lettering.fitting_size(counter, box.w * 0.5, int(u * 0.8), self.cut)
        lettering.label(image, counter, size, palette.MUTED, midleft=(left, bottom + int(u * 0.8)))
        r = u * 0.62
        for index in range(3):
            cx = box.w - u * 0.9 - (2 - index) * r * 2.3
            star(image, (cx, bottom + u * 0.8), r, palette.VICTORY if index < stars else palette.EDGE_DARK)
        return image


def star(surface: pygame.Surface, center: tuple[float, float], radius: float, fill: palette.Colour) -> None:
    """A five-pointed star with a dark rim."""
    import math

    cx, cy = center
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, palette.DARK_INK, points, max(1, int(radius / 6)))
