"""The option chooser: a small card next to a cell with rows of chips, each chip one legal action (Kubtafl: how
much to give, which donor and value for a re-entry; CheckRisk: Stand / Retreat, Continue / Withdraw).

A mode opens it with `BoardServices.popups.open_chooser(title, rows, cell)`; the scene routes input to it while it is
open. Mouse: hovering a chip previews its action, a click commits it, a click outside closes. Keys: arrows move
the focus (which previews), Enter commits, Esc closes, a digit picks the chip labelled with it in the focused row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.client import lettering, palette, shapes


class Option(Protocol):
    """What a chip offers: the action it commits, its notation (for the preview) and its chip label."""

    @property
    def action(self) -> object: ...

    @property
    def text(self) -> str: ...

    @property
    def label(self) -> str: ...


@dataclass
class Chooser:
    """Title, rows of (label, options), where it is anchored, and which chip has the focus."""

    title: str
    rows: Sequence[tuple[str, Sequence[Option]]]
    anchor: tuple[float, float]
    focus: tuple[int, int] = (0, 0)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    chips: list[tuple[pygame.Rect, int, int]] = field(default_factory=list)
    keep_clear: tuple[str, ...] = ()  # cells (with the preview's badges beside them) the card must not cover

    def option(self, row: int, col: int) -> Option | None:
        """The option at a position, or None."""
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row][1]):
            return self.rows[row][1][col]
        return None

    @property
    def focused(self) -> Option | None:
        """The chip with the keyboard focus."""
        return self.option(*self.focus)

    def layout(self, bounds: pygame.Rect, unit: int, avoid: list[pygame.Rect] | None = None) -> None:
        """Place the popup near its anchor inside `bounds`; `unit` is about a third of a cell. With `avoid` (the
        kept-clear cells and their badges' room) it goes above, below, right or left of them, whichever covers
        the least of them."""
        chip = max(26, int(unit * 1.1))
        gap = max(4, chip // 6)
        label_w = max((lettering.font(max(11, chip // 2)).size(label)[0] for label, _ in self.rows), default=0)
        label_w = label_w + gap * 2 if label_w else 0
        chip_font = lettering.font(_chip_text_size(chip), bold=True)
        # a chip is square for a digit and as wide as its word for a word ("Left flank"), so no label spills
        widths = [[max(chip, chip_font.size(opt.label)[0] + gap * 2) for opt in opts] for _, opts in self.rows]
        widest = max(sum(ws) + gap * len(ws) for ws in widths)
        title_w = lettering.font(max(12, chip // 2), bold=True).size(self.title)[0]
        w = max(title_w + gap * 4, label_w + widest + gap * 3)
        h = gap * 3 + chip * 0.8 + len(self.rows) * (chip + gap)
        rect = pygame.Rect(0, 0, int(w), int(h))
        rect.midbottom = (int(self.anchor[0]), int(self.anchor[1] - unit))
        if rect.top < bounds.top:
            rect.midtop = (int(self.anchor[0]), int(self.anchor[1] + unit))
        rect.clamp_ip(bounds)
        if avoid:
            rect = _clear_of(rect, avoid, bounds, gap)
        self.rect = rect
        self.chips = []
        y = rect.top + gap * 2 + int(chip * 0.8)
        for r, (_label, opts) in enumerate(self.rows):
            x = rect.left + gap * 2 + label_w
            for c in range(len(opts)):
                self.chips.append((pygame.Rect(x, y, widths[r][c], chip), r, c))
                x += widths[r][c] + gap
            y += chip + gap

    def hit(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(row, col) of the chip under a point."""
        for rect, r, c in self.chips:
            if rect.collidepoint(pos):
                return r, c
        return None

    def move_focus(self, drow: int, dcol: int) -> None:
        """Arrow keys."""
        r, c = self.focus
        r = max(0, min(len(self.rows) - 1, r + drow))
        c = max(0, min(len(self.rows[r][1]) - 1, c + dcol))
        self.focus = (r, c)

    def digit(self, value: int) -> Option | None:
        """The option labelled `value` in the focused row."""
        for opt in self.rows[self.focus[0]][1]:
            if opt.label == str(value):
                return opt
        return None

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None) -> None:
        """A dark card with a brass edge, a title, row labels and numbered chips."""
        rect = self.rect
        chip = self.chips[0][0].h if self.chips else 24
        shapes.popup_card(surface, rect, palette.POPUP, self.title, chip)
        for r, (label, _opts) in enumerate(self.rows):
            if label:
                row_rect = next(cr for cr, rr, _ in self.chips if rr == r)
                lettering.label(
                    surface,
                    label,
                    max(11, chip // 2),
                    palette.LABEL_TEXT,
                    midleft=(rect.left + chip // 3, row_rect.centery),
                )
        for chip_rect, r, c in self.chips:
            opt = self.rows[r][1][c]
            focused = (r, c) == self.focus
            hot = (r, c) == hover
            bg = palette.ORANGE if hot or focused else palette.CHIP
            pygame.draw.rect(surface, bg, chip_rect, border_radius=6)
            pygame.draw.rect(
                surface, palette.WARM_LIGHT if focused else palette.CHIP_EDGE, chip_rect, 2, border_radius=6
            )
            lettering.label(
                surface, opt.label, _chip_text_size(chip_rect.h), palette.CHIP_TEXT, center=chip_rect.center, bold=True
            )


def _chip_text_size(chip: int) -> int:
    """The font size of a chip's label for a chip `chip` pixels high."""
    return max(12, int(chip * 0.55))


def _clear_of(rect: pygame.Rect, avoid: list[pygame.Rect], bounds: pygame.Rect, gap: int) -> pygame.Rect:
    """`rect` moved above, below, right or left of everything in `avoid` (kept inside `bounds`): the first place
    that covers none of it, else the one that covers least."""
    union = avoid[0].unionall(avoid[1:])
    best: tuple[int, int, pygame.Rect] | None = None
    for i, (anchor, point) in enumerate(
        (
            ("midbottom", (union.centerx, union.top - gap)),
            ("midtop", (union.centerx, union.bottom + gap)),
            ("midleft", (union.right + gap, union.centery)),
            ("midright", (union.left - gap, union.centery)),
        )
    ):
        place = rect.copy()
        setattr(place, anchor, point)
        place.clamp_ip(bounds)
        covered = sum(place.clip(a).w * place.clip(a).h for a in avoid)
        if best is None or (covered, i) < best[:2]:
            best = (covered, i, place)
    assert best is not None
    return best[2]
