"""CheckRisk's entries in the board's legend: a stack's count, reinforcements, the odds on a target, the groups."""

from __future__ import annotations

import pygame

from game.client import palette
from game.client.board.legend import LegendEntry, badge_sample
from game.client.checkrisk.pieces import stack_image
from game.client.i18n import Translator


def _stack(surface: pygame.Surface, rect: pygame.Rect) -> None:
    image = stack_image(0, 4, rect.h)
    surface.blit(image, image.get_rect(center=rect.center))


def _pips(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = max(3, rect.h // 7)
    for i in range(3):
        centre = (rect.centerx + (i - 1) * r * 3, rect.centery)
        pygame.draw.circle(surface, palette.PARCHMENT if i < 2 else palette.EDGE_DARK, centre, r)


def entries(t: Translator) -> list[LegendEntry]:
    """CheckRisk's badges and marks."""
    return [
        LegendEntry(t("checkrisk.legend.stack"), _stack),
        LegendEntry(t("checkrisk.legend.plus"), badge_sample("+2", palette.DARK_INK, palette.BRASS)),
        LegendEntry(t("checkrisk.legend.odds"), badge_sample("72%", palette.WHITE, palette.ATTACK)),
        LegendEntry(t("checkrisk.legend.actions"), _pips),
        LegendEntry(t("checkrisk.legend.groups")),
    ]
