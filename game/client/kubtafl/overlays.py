"""Kubtafl's overlays, built from the board layer's marks: targets with their damage, transfer badges, re-entry
squares, the hint, the last action, the full preview of a move (pushes, hits, damage, destructions, pins, gains)
and the pin effect."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.client import palette, shapes
from game.client.anim import Effect
from game.client.board.layout import BoardLayout, Cell, cell_name, cell_xy
from game.client.board.marks import (
    Mark,
    Marks,
    Segment,
    crosshair,
    dashed_rect,
    edge_point,
    ghost_image,
    place_badges,
    starburst,
    text_badge,
    trim_start,
)
from game.client.dice import polyhedra
from game.client.kubtafl.preview import Preview, merge_pushes

if TYPE_CHECKING:
    from game.client.kubtafl.model import BoardModel, DieView
    from game.client.kubtafl.threats import Reach

ACCENT = {"light": palette.ORANGE, "dark": palette.SKY}


def draw_pin(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    """The pin effect: a fading line between the pinning pair."""
    ax, ay = layout.center(*e.params["a"])
    bx, by = layout.center(*e.params["b"])
    colour = palette.mix(palette.PIN, palette.WHITE, 0.3 * (1 - e.t))
    pygame.draw.line(surface, colour, (ax, ay), (bx, by), max(2, int(layout.cell * 0.09 * (1 - e.t))))


class KubtaflOverlays:
    """Kubtafl's marks over the board; `label_rects` are where the last preview put its damage and gain labels."""

    def __init__(self, marks: Marks) -> None:
        self.marks = marks
        self.label_rects: list[pygame.Rect] = []

    def targets(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        moves: Iterable[str],
        occupied: set[str],
        damage: dict[str, int],
        hover: str | None,
    ) -> None:
        """Dots for moves, crosshairs (with damage) for impacts."""
        for cell in moves:
            if cell in occupied:
                self.marks.attack(layer, layout, cell, cell == hover, f"−{damage[cell]}" if cell in damage else "")
            else:
                self.marks.dot(layer, layout, cell, cell == hover)

    def transfer_badges(
        self, layer: pygame.Surface, layout: BoardLayout, donor: str, recipients: list[str], hover: str | None
    ) -> list[tuple[str, pygame.Rect]]:
        """A '+' badge between the donor and each recipient; returns their rects for clicks."""
        return [(rec, self.marks.plus_badge(layer, layout, donor, rec, hover == rec)) for rec in recipients]

    def reach(self, layer: pygame.Surface, layout: BoardLayout, cell: str, reach: Reach, side: str) -> None:
        """An enemy die's reach (`reach`: a `threats.Reach`): its die ringed in its side's accent, hollow rings on
        the cells it can move to, crosshairs with the damage on the dice it can ram."""
        accent = ACCENT.get(side, palette.ATTACK)
        self.marks.ring(layer, layout, cell, accent)
        for target in reach.moves:
            self.marks.drawn.append(Mark("reach", target))
            cx, cy = layout.cell_center(target)
            r = max(5, int(layout.cell * 0.13))
            pygame.draw.circle(
                layer, palette.with_alpha(palette.DARK_INK, 110), (cx + 1, cy + 2), r + 1, max(3, r // 2)
            )
            pygame.draw.circle(layer, palette.with_alpha(accent, 235), (cx, cy), r, max(3, r * 2 // 5))
        for target, damage in reach.rams.items():
            self.marks.drawn.append(Mark("reach_hit", target, f"−{damage}"))
            cx, cy = layout.cell_center(target)
            radius = layout.cell * 0.44
            crosshair(layer, (cx, cy), radius, palette.with_alpha(palette.ATTACK, 235), max(2, layout.cell // 22))
            text_badge(
                layer,
                f"−{damage}",
                (cx + radius * 0.72, cy - radius * 0.72),
                max(10, layout.cell // 5),
                palette.WHITE,
                palette.ATTACK,
            )

    def threats(self, layer: pygame.Surface, layout: BoardLayout, worst: dict[str, int], fatal: set[str]) -> None:
        """Each own die the other side can damage next turn: a pulsing red frame and its worst loss ("−5", with a
        cross when a blow could destroy it)."""
        pulse = self.marks.wave(4)
        for cell, damage in worst.items():
            text = f"−{damage} ×" if cell in fatal else f"−{damage}"
            self.marks.drawn.append(Mark("threat", cell, text))
            rect = layout.cell_rect(*cell_xy(cell)).inflate(-layout.cell // 12, -layout.cell // 12)
            pygame.draw.rect(
                layer,
                palette.with_alpha(palette.ATTACK, 150 + int(80 * pulse)),
                rect,
                max(3, layout.cell // 18),
                border_radius=layout.cell // 6,
            )
            # At the lower left: the upper right holds a crosshair's damage when an enemy's reach is shown too.
            text_badge(
                layer,
                text,
                (rect.left + rect.w * 0.2, rect.bottom - rect.h * 0.12),
                max(10, layout.cell // 5),
                palette.WHITE,
                palette.ATTACK,
            )

    def reentry_cells(self, layer: pygame.Surface, layout: BoardLayout, cells: list[str], hover: str | None) -> None:
        """Dashed squares where a removed die can come back."""
        for cell in cells:
            self.marks.dashed_cell(layer, layout, cell, cell == hover)

    def hint(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        src: str,
        dst: str,
        label: str = "",
        ghost: tuple[str, str, int] | None = None,
    ) -> None:
        """The suggestion as a pulsing green arrow; a transfer or re-entry adds its amount (`label`) and a
        re-entry the returning die (`ghost`: kind, side, value) on a dashed square."""
        self.marks.drawn.append(Mark("hint", dst, label or f"{src}-{dst}"))
        pulse = self.marks.wave(4)
        colour = palette.with_alpha(palette.TRANSFER, 150 + int(90 * pulse))
        if ghost is not None:
            rect = layout.cell_rect(*cell_xy(dst)).inflate(-layout.cell // 8, -layout.cell // 8)
            dashed_rect(layer, rect, palette.with_alpha(palette.TRANSFER, 255), 3)
            kind, side, value = ghost
            ghost_image(
                layer,
                polyhedra.die_surface(kind, side, max(1, value), layout.piece_size),
                layout.cell_center(dst),
                120 + int(60 * pulse),
            )
        # From the die's edge (and to the other die's edge when one stands there), so both values stay readable.
        a, b = trim_start(layout.cell_center(src), layout.cell_center(dst), layout.cell * 0.36)
        if label or ghost is not None:
            b, a = trim_start(b, a, layout.cell * 0.36)
        shapes.arrow(layer, a, b, colour, max(4, layout.cell // 10), layout.cell * 0.3)
        if label:
            text_badge(
                layer,
                label,
                edge_point(layout, src, dst),
                max(11, layout.cell // 4),
                palette.TRANSFER_INK,
                palette.TRANSFER,
                palette.TRANSFER_INK,
            )

    def last_action(self, layer: pygame.Surface, layout: BoardLayout, src: str, dst: str, side: str) -> None:
        """Both squares of the last action tinted in the acting side's accent: the start outlined, the end filled."""
        accent = ACCENT.get(side, palette.SELECT)
        if src != dst:
            self.marks.cell_tint(layer, layout, src, accent, strong=False)
        self.marks.cell_tint(layer, layout, dst, accent, strong=True)

    def preview(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        p: Preview,
        ghost: DieView | None,
        dice: dict[Cell, tuple[str, int]],
    ) -> None:
        """The full outcome: mover ghost and path, push arrows, hits, damage, destructions, pins, gains; the
        labels keep clear of every die's value (`dice`: cell -> kind, value)."""
        cell = layout.cell
        width = max(4, cell // 11)
        head = cell * 0.28
        segments: list[Segment] = []
        # Pushes and ricochet paths first, so the mover's arrow sits on top.
        for src, dst in merge_pushes(p.pushes):
            a, b = trim_start(layout.center(*src), layout.center(*dst), cell * 0.36)
            segments.append((a, b))
            self.marks.ghost_arrow(
                layer,
                a,
                b,
                palette.with_alpha(palette.PLAN_ARROW, 225),
                width,
                head,
                f"{cell_name(*src)}-{cell_name(*dst)}",
            )
        if p.mover is not None and p.mover[0] != p.mover[1]:
            a, b = trim_start(layout.center(*p.mover[0]), layout.center(*p.mover[1]), cell * 0.36)
            if p.mover[1] in dice:
                # It lands where a struck die stands now: stop at that die's edge, off its value.
                b, a = trim_start(b, a, cell * 0.36)
            segments.append((a, b))
            self.marks.ghost_arrow(
                layer,
                a,
                b,
                palette.with_alpha(palette.GHOST, 235),
                width,
                head,
                f"{cell_name(*p.mover[0])}-{cell_name(*p.mover[1])}",
            )
            if ghost is not None:
                image = polyhedra.die_surface(ghost.kind, ghost.side, max(1, ghost.value), layout.piece_size)
                ghost_image(layer, image, layout.center(*p.mover[1]), 140)
        for c, side, kind, value in p.placed:
            ghost_image(
                layer, polyhedra.die_surface(kind, side, max(1, value), layout.piece_size), layout.center(*c), 150
            )
        bursts = []
        for a_cell, b_cell, _dmg in p.hits:
            ax, ay = layout.center(*a_cell)
            bx, by = layout.center(*b_cell)
            mx, my = ((ax + bx) / 2, (ay + by) / 2) if a_cell != b_cell else (bx, by)
            starburst(layer, (mx, my), cell * 0.16, palette.with_alpha(palette.ATTACK, 240))
            r = int(cell * 0.16)
            bursts.append(pygame.Rect(int(mx) - r, int(my) - r, 2 * r, 2 * r))
        for a_cell, b_cell, target in p.pins:
            pygame.draw.line(
                layer,
                palette.with_alpha(palette.PIN, 220),
                layout.center(*a_cell),
                layout.center(*b_cell),
                max(3, cell // 16),
            )
            pygame.draw.circle(
                layer, palette.with_alpha(palette.PIN, 230), layout.center(*target), cell * 0.46, max(3, cell // 16)
            )
        for c in p.destroyed:
            self.marks.cross(layer, layout, c)
        self._labels(layer, layout, p, dice, segments, bursts)

    def _labels(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        p: Preview,
        dice: dict[Cell, tuple[str, int]],
        segments: list[Segment],
        bursts: list[pygame.Rect],
    ) -> None:
        """Damage and gain badges, each beside its die's value."""
        size = max(11, layout.cell // 4)
        labels = []
        for c, (dmg, new) in p.damage.items():
            labels.append((c, f"−{dmg}" if c in p.destroyed else f"−{dmg} › {new}", palette.PREVIEW_LOSS))
        for c, delta in p.gains.items():
            labels.append(
                (
                    c,
                    f"+{delta}" if delta > 0 else f"−{-delta}",
                    palette.PREVIEW_GAIN if delta > 0 else palette.PREVIEW_NONE,
                )
            )
        values = [
            polyhedra.value_rect(kind, value, layout.piece_size, layout.center(*c)) for c, (kind, value) in dice.items()
        ]
        owns = []
        for c, _text, _bg in labels:
            if c in dice:
                kind, value = dice[c]
                owns.append(polyhedra.value_rect(kind, value, layout.piece_size, layout.center(*c)))
            else:
                own = pygame.Rect(0, 0, layout.cell * 2 // 5, layout.cell * 2 // 5)
                own.center = (int(layout.center(*c)[0]), int(layout.center(*c)[1]))
                owns.append(own)
        spots = place_badges(
            layout,
            [(own, text) for own, (_c, text, _bg) in zip(owns, labels, strict=True)],
            size,
            values,
            segments,
            bursts,
        )
        self.label_rects = [
            text_badge(layer, text, rect.center, size, palette.WHITE, bg)
            for (_c, text, bg), rect in zip(labels, spots, strict=True)
        ]
        self.marks.drawn.extend(Mark("badge", cell_name(*c), text) for c, text, _bg in labels)


def dice_cells(model: BoardModel) -> dict[Cell, tuple[str, int]]:
    """Cell -> (kind, value) of the dice on the board (for labels that keep clear of the values)."""
    return {cell_xy(c): (d.kind, d.value) for c, d in model.dice.items()}
