"""Kubtafl's entries in the board's legend: where a die can go and what it hits, threats, transfers, re-entry."""

from __future__ import annotations

import pygame

from game.client import palette
from game.client.board.legend import LegendEntry, badge_sample, frame_sample
from game.client.board.marks import crosshair, dashed_rect
from game.client.i18n import Translator


def _dot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.circle(surface, palette.SELECT, rect.center, max(4, rect.h // 7))


def _ram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    crosshair(surface, rect.center, rect.h * 0.4, palette.ATTACK, 2)


def _dashed(surface: pygame.Surface, rect: pygame.Rect) -> None:
    dashed_rect(surface, rect.inflate(-rect.w // 3, -rect.h // 6), palette.TRANSFER, 2)


def entries(t: Translator) -> list[LegendEntry]:
    """Kubtafl's marks."""
    return [
        LegendEntry(t("kubtafl.legend.value")),
        LegendEntry(t("kubtafl.legend.move"), _dot),
        LegendEntry(t("kubtafl.legend.ram"), _ram),
        LegendEntry(t("kubtafl.legend.damage"), badge_sample("−3", palette.WHITE, palette.ATTACK)),
        LegendEntry(t("kubtafl.legend.threat"), frame_sample(palette.ATTACK)),
        LegendEntry(t("kubtafl.legend.transfer"), badge_sample("+", palette.TRANSFER_INK, palette.TRANSFER)),
        LegendEntry(t("kubtafl.legend.reentry"), _dashed),
        LegendEntry(t("kubtafl.legend.threats_key")),
    ]
