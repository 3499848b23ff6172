"""Kubtafl's widget in the side panel: each side's removed dice, big enough to read, clickable on the acting
human's turn to bring one back (K14)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client import lettering, palette
from game.client.dice import polyhedra
from game.client.kubtafl.model import SIDES

POOL_UNITS = 3.0  # one row's height in panel units
SLOT_UNITS = 2 * (POOL_UNITS + 1 / 3)  # both rows and the gaps after them
ACCENT = {"light": palette.ORANGE, "dark": palette.SKY}


@dataclass
class PoolsInfo:
    """What the rows show this frame."""

    pools: dict[str, list[str]]
    labels: dict[str, str]
    active: str | None  # the side whose row can be clicked (its human turn), else None
    selected: str | None  # the kind being brought back (or hinted)


@dataclass
class RemovedPools:
    """Both rows' rectangles inside the panel slot."""

    slot: pygame.Rect
    unit: int
    rows: dict[str, pygame.Rect] = field(default_factory=dict)

    def __post_init__(self) -> None:
        y = self.slot.top
        for side in SIDES:
            self.rows[side] = pygame.Rect(self.slot.left, y, self.slot.w, int(self.unit * POOL_UNITS))
            y = self.rows[side].bottom + self.unit // 3

    def slots(self, side: str, count: int) -> list[pygame.Rect]:
        """Squares for the dice of a row: large enough to read each die's kind and value."""
        row = self.rows[side]
        top = row.top + int(self.unit * 1.05)  # below the row's label
        gap = max(2, self.unit // 5)
        # A side has seven dice; all seven fit in one row.
        size = min(row.bottom - top - self.unit // 6, (row.w - self.unit - 6 * gap) // 7)
        return [pygame.Rect(row.left + self.unit // 2 + i * (size + gap), top, size, size) for i in range(count)]

    def hit(self, side: str, kinds: list[str], pos: tuple[int, int]) -> str | None:
        """The kind whose die in `side`'s row is under `pos`."""
        for kind, slot in zip(kinds, self.slots(side, len(kinds)), strict=False):
            if slot.collidepoint(pos):
                return kind
        return None

    def draw_static(self, surface: pygame.Surface) -> None:
        """The rows' dark boxes."""
        for side in SIDES:
            box = self.rows[side]
            pygame.draw.rect(surface, palette.DARK_WELL, box, border_radius=8)
            pygame.draw.rect(surface, palette.POOL_EDGE, box, 1, border_radius=8)

    def draw(self, surface: pygame.Surface, info: PoolsInfo, cut: list[str]) -> None:
        """Labels and dice; the acting side's dice outlined (the chosen one in gold), the other side's dimmed."""
        u = self.unit
        for side in SIDES:
            box = self.rows[side]
            label = info.labels.get(side, side)
            size = lettering.fitting_size(label, box.w - u, int(u * 0.8), cut, bold=True)
            lettering.label(
                surface, label, size, ACCENT[side], topleft=(box.left + u // 2, box.top + u // 5), bold=True
            )
            kinds = info.pools.get(side, [])
            slots = self.slots(side, len(kinds))
            for kind, slot in zip(kinds, slots, strict=False):
                img = polyhedra.die_surface(kind, side, polyhedra.FACES[kind], slot.w)
                if info.active is not None and info.active != side:
                    img = img.copy()
                    img.set_alpha(150)
                surface.blit(img, slot.topleft)
                if info.active == side:
                    sel = info.selected == kind
                    pygame.draw.rect(
                        surface,
                        palette.SELECT if sel else palette.POOL_SLOT,
                        slot.inflate(4, 4),
                        3 if sel else 1,
                        border_radius=6,
                    )
            if not kinds:
                lettering.label(
                    surface, "—", int(u * 0.9), palette.EMPTY_MARK, midleft=(box.left + u // 2, box.bottom - u * 1.2)
                )


class RemovedSlot:
    """The removed rows as the panel slot's widgets: what they show is read each frame."""

    def __init__(self, info: Callable[[], PoolsInfo]) -> None:
        self.info = info

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """Both rows with their dice."""
        RemovedPools(rect, unit).draw(surface, self.info(), cut)

    def key(self) -> object:
        """The rows' contents."""
        return self.info()
