"""The roll card: a dice tray over the middle of the board for the turn's 2d6, a head-on duel, a repel roll and the
fate roll, with a title line saying what is rolled and, once the dice settle, what came of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, shapes
from game.client.board.layout import cell_xy
from game.client.dice import DiceTray, TrayDie
from game.client.dice.tray import FRAME_PX

if TYPE_CHECKING:
    from game.client.board.services import BoardServices


class RollCard:
    """A titled tray; `visible` while a roll is shown."""

    def __init__(self, board: BoardServices) -> None:
        self.board = board
        self.tray = DiceTray(pygame.Rect(0, 0, 10, 10), speed=lambda: board.settings.anim_speed, seed=13)
        self.visible = False
        self.title = ""
        self.result = ""
        self.colour: tuple[int, int, int] = palette.PARCHMENT
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.progress = 0.0
        self.away: int | None = None  # the rank of the cell the roll is about
        self.title_lines: list[str] = []  # the title as drawn: one line, or two when it is wider than the card
        self.title_size = 12
        self.title_rects: list[pygame.Rect] = []  # where each title line was last drawn
        self.result_rect = pygame.Rect(0, 0, 0, 0)  # where the result line was last drawn

    def roll(
        self,
        title: str,
        groups: Sequence[Sequence[TrayDie]],
        labels: Sequence[str],
        colour: tuple[int, int, int],
        near: str | None = None,
    ) -> float:
        """Throw the dice (the faces the engine reported); returns how long they tumble at normal speed. `near`: the
        cell the roll is about (the card keeps clear of it)."""
        self.visible = True
        self.title, self.result, self.colour = title, "", colour
        self.away = cell_xy(near)[1] if near else None
        self.place(len(groups))
        self.tray.roll(groups, labels)
        self.progress = 0.0
        return max((e.delay + e.duration for e in self.tray.entries), default=0.0)

    def advance(self, t: float, seconds: float) -> None:
        """Follow the animation step's progress."""
        self.progress = self.tray.follow(t, seconds, self.progress)

    def settle(self, result: str, glow: Sequence[tuple[int, int]] = ()) -> None:
        """The dice lie still: what came of the roll; the dice that won it stand raised and outlined, the others
        dim (a roll that nobody wins keeps every die bright)."""
        self.tray.skip()
        if glow:
            self.tray.set_hits(glow)
        self.result = result
        # A result wider than the card at its smallest size widens the card (on the board, the tray unmoved).
        layout = self.board.layout
        size = max(12, int(layout.cell * 0.3))
        need = lettering.font(max(6, int(size * 0.7)), bold=True).size(result)[0] + layout.cell * 0.6
        if need > self.rect.w:
            centre = self.rect.centerx
            self.rect.w = min(int(need) + 2, int(layout.board.w * 0.96))
            self.rect.centerx = centre

    def close(self) -> None:
        """Hide the card."""
        self.visible = False
        self.tray.clear()

    def place(self, rows: int | None = None, away: int | None = None) -> None:
        """Over the board, one tray row per group of dice; with `away` (a rank from 0) over the half of the board
        away from it, so the units that fight stay in sight."""
        layout = self.board.layout
        cell = layout.cell
        rows = rows if rows is not None else max(1, len(self.tray.faces()))
        scale = max(0.5, cell / 80)
        frame = max(6, round(FRAME_PX * scale))
        w = int(layout.board.w * 0.62)
        self.title_lines, self.title_size = title_lines(self.title, w - cell * 0.6, max(12, int(cell * 0.32)))
        if len(self.title_lines) > 1:  # a title that needs two lines at this width takes the board's width first
            w = int(layout.board.w * 0.9)
            self.title_lines, self.title_size = title_lines(self.title, w - cell * 0.6, max(12, int(cell * 0.32)))
        extra = max(0, len(self.title_lines) - 1) * lettering.font(self.title_size, bold=True).get_linesize()
        h = int(cell * (1.5 + 1.25 * rows)) + 2 * frame + extra
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = layout.board.center
        if away is not None:
            self.away = away
        if self.away is not None:
            margin = cell // 5
            if self.away >= layout.rows / 2:
                self.rect.bottom = layout.board.bottom - margin
            else:
                self.rect.top = layout.board.top + margin
        top = self.rect.top + int(cell * 0.75) + frame + extra
        bottom = self.rect.bottom - int(cell * 0.62) - frame
        self.tray.set_rect(pygame.Rect(self.rect.left + frame * 2, top, w - frame * 4, bottom - top), scale)

    def draw(self, surface: pygame.Surface, cut: list[str]) -> None:
        """The card, its tray and its two lines."""
        if not self.visible:
            return
        rect = self.rect
        shapes.soft_shadow(surface, rect, 12, 10)
        pygame.draw.rect(surface, palette.PANEL_LIGHT, rect, border_radius=12)
        pygame.draw.rect(surface, self.colour, rect, 2, border_radius=12)
        cell = self.board.layout.cell
        f = lettering.font(self.title_size, bold=True)
        self.title_rects = []
        for i, line in enumerate(self.title_lines):
            centre = (rect.centerx, round(rect.top + cell * 0.4 + i * f.get_linesize()))
            self.title_rects.append(
                lettering.label(surface, line, self.title_size, palette.PARCHMENT, center=centre, bold=True)
            )
            if f.size(line)[0] > rect.w - cell * 0.6:
                cut.append(line)
        self.tray.draw(surface)
        if self.result:
            size = lettering.fitting_size(self.result, rect.w - cell * 0.6, max(12, int(cell * 0.3)), cut, bold=True)
            self.result_rect = lettering.label(
                surface, self.result, size, self.colour, center=(rect.centerx, rect.bottom - cell * 0.32), bold=True
            )


def title_lines(title: str, width: float, size: int) -> tuple[list[str], int]:
    """The card's title fitted into `width`: one line at the largest size down to 70 % of `size`, else two lines at
    the largest size that holds them (the smallest when none does)."""
    floor = max(6, int(size * 0.7))
    for points in range(size, floor - 1, -1):
        if lettering.font(points, bold=True).size(title)[0] <= width:
            return [title], points
    for points in range(size, floor - 1, -1):
        lines = lettering.wrap(lettering.font(points, bold=True), title, int(width))
        if len(lines) <= 2 and all(lettering.font(points, bold=True).size(line)[0] <= width for line in lines):
            return lines, points
    return lettering.wrap(lettering.font(floor, bold=True), title, int(width)), floor
