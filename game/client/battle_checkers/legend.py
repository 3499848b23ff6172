"""Battle Checkers' entries in the board's legend: the sides a unit is struck on, threats, units that can act."""

from __future__ import annotations

import pygame

from game.client import palette
from game.client.battle_checkers.keys import LEGEND_SIDE, SIDE_SHORT
from game.client.board.legend import LegendEntry, badge_sample
from game.client.i18n import Translator
from game.engine.battle_checkers import FRONT, LEFT, REAR, RIGHT

SIDES = ((FRONT, palette.SIDE_FRONT), (LEFT, palette.SIDE_LEFT), (RIGHT, palette.SIDE_RIGHT), (REAR, palette.SIDE_REAR))


def _ticks(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cell = rect.inflate(-rect.w // 3, -rect.h // 5)
    k = cell.h // 3
    for x, y, dx, dy in ((cell.left, cell.top, 1, 1), (cell.right, cell.top, -1, 1)):
        pygame.draw.lines(surface, palette.SELECT, False, [(x, y + dy * k), (x, y), (x + dx * k, y)], 3)
    for x, y, dx, dy in ((cell.left, cell.bottom, 1, -1), (cell.right, cell.bottom, -1, -1)):
        pygame.draw.lines(surface, palette.SELECT, False, [(x, y + dy * k), (x, y), (x + dx * k, y)], 3)


def entries(t: Translator) -> list[LegendEntry]:
    """The four sides' letters (as the hovered unit's ring shows them), then the other marks."""
    out = [
        LegendEntry(
            t(LEGEND_SIDE(side)),
            badge_sample(t(SIDE_SHORT(side)), palette.DARK_INK, colour),
        )
        for side, colour in SIDES
    ]
    return [
        *out,
        LegendEntry(t("battle_checkers.legend.ready"), _ticks),
        LegendEntry(t("battle_checkers.legend.pips"), badge_sample("2", palette.IVORY, palette.DARK_WELL)),
        LegendEntry(t("battle_checkers.legend.threat"), badge_sample("42%", palette.WHITE, palette.THREAT_BADGE)),
    ]
