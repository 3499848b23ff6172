"""The side panel: title and level, the turn card (the acting seat's name, colour and emblem, and a thinking
indicator while a computer seat thinks), the seat chips (two a line) when there are more than two seats
(eliminated seats greyed and struck through), the mode's own slot, the move log, the status line, the buttons
and the key help.

Its body, the log's parchment and the mode slot's static parts are cached with the table; `draw_dynamic` draws
only what changes, from a `PanelInfo` (so the scene can cache the result until the info changes).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client import lettering, palette

EmblemDrawer = Callable[[pygame.Surface, int, pygame.Rect], None]


@dataclass
class PanelLayout:
    """Sub-rectangles of the panel for one window size; `slot_units` is the height the mode's slot asks for."""

    rect: pygame.Rect
    slot_units: float = 0.0
    seat_row: bool = False
    strip_row: bool = False  # an online game's connection strip, between the mode's slot and the move log
    unit: int = 0
    title: pygame.Rect = field(default_factory=pygame.Rect)
    turn: pygame.Rect = field(default_factory=pygame.Rect)
    seats: pygame.Rect = field(default_factory=pygame.Rect)
    slot: pygame.Rect = field(default_factory=pygame.Rect)
    strip: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: pygame.Rect = field(default_factory=pygame.Rect)
    keys: pygame.Rect = field(default_factory=pygame.Rect)

    def __post_init__(self) -> None:
        r = self.rect
        u = self.unit = max(10, min(r.w // 17, r.h // 33))
        inner = r.inflate(-2 * u, -2 * u)
        y = inner.top
        # Compact title, turn card and status, so the move log shows at least eight rows at 1280×720.
        self.title = pygame.Rect(inner.left, y, inner.w, int(u * 1.9))
        y = self.title.bottom + u // 2
        self.turn = pygame.Rect(inner.left, y, inner.w, int(u * 2.9))
        y = self.turn.bottom + u // 2
        if self.seat_row:
            # Three or four seat chips in one line (emblem and name), so the move list keeps its room.
            self.seats = pygame.Rect(inner.left, y, inner.w, int(u * 1.6))
            y = self.seats.bottom + u // 2
        self.slot = pygame.Rect(inner.left, y, inner.w, int(u * self.slot_units))
        y = self.slot.bottom
        if self.strip_row:
            self.strip = pygame.Rect(inner.left, y + u // 4, inner.w, int(u * 1.5))
            y = self.strip.bottom
        self.keys = pygame.Rect(inner.left, inner.bottom - int(u * 2.0), inner.w, int(u * 2.0))
        self.buttons = pygame.Rect(inner.left, self.keys.top - int(u * 3.0), inner.w, int(u * 2.4))
        self.status = pygame.Rect(inner.left, self.buttons.top - int(u * 3.1), inner.w, int(u * 2.8))
        self.log = pygame.Rect(inner.left, y + u // 6, inner.w, max(u * 4, self.status.top - y - u // 2))

    def moved(self, dx: int, dy: int) -> PanelLayout:
        """The same layout shifted (to draw onto the panel's own image)."""
        return PanelLayout(self.rect.move(dx, dy), self.slot_units, self.seat_row, self.strip_row)


@dataclass
class SeatChip:
    """One seat in the seat row: name, accent colour, and whether it is out of the game."""

    name: str
    colour: tuple[int, int, int]
    eliminated: bool = False
    shown: str = field(default="", repr=False, compare=False)  # the name as last drawn (shortened when too long)
    size: int = field(default=0, repr=False, compare=False)  # its font size then


@dataclass
class PanelInfo:
    """What the panel's generic part shows this frame."""

    title: str
    subtitle: str
    seat: int  # whose emblem the turn card shows (the acting seat, the winner, the seat that just acted); -1: a draw
    colour: tuple[int, int, int]
    turn_text: str
    seat_text: str
    thinking: bool
    status: str
    keys: str
    seat_short: str = ""  # a shorter seat text for when `seat_text` would need a much smaller font
    seats: list[SeatChip] = field(default_factory=list)
    acting: int = -1


def draw_dynamic(
    surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, time: float, emblem: EmblemDrawer
) -> list[str]:
    """Title, turn card, seat row, status and key help; returns the texts that did not fit (none expected)."""
    u = pl.unit
    cut: list[str] = []
    sub_size = int(u * 0.85)
    # A long subtitle (a lesson's title on a small screen) takes room from the game's name before it shrinks.
    sub_least = lettering.font(max(6, int(sub_size * 0.7))).size(info.subtitle)[0] + u if info.subtitle else 0
    title_size = lettering.fitting_size(info.title, pl.title.w - sub_least, int(u * 1.45), [], bold=True)
    title = lettering.label(
        surface,
        info.title,
        title_size,
        palette.PARCHMENT,
        midleft=(pl.title.left, pl.title.centery - u * 0.3),
        bold=True,
        shadow=palette.SHADOW,
    )
    if info.subtitle:
        room = pl.title.right - title.right - u
        size = lettering.fitting_size(info.subtitle, room, sub_size, cut)
        lettering.label(
            surface, info.subtitle, size, palette.SUBTITLE, midright=(pl.title.right, pl.title.centery - u * 0.2)
        )
    pygame.draw.line(
        surface, palette.BRASS_DARK, (pl.title.left, pl.title.bottom), (pl.title.right, pl.title.bottom), 2
    )
    _turn_card(surface, pl, info, time, emblem, cut)
    if pl.seat_row and info.seats:
        _seat_row(surface, pl, info, emblem, cut)
    if info.status:
        lettering.wrapped_label(surface, info.status, pl.status, int(u * 0.9), palette.PARCHMENT, cut)
    lettering.wrapped_label(surface, info.keys, pl.keys, int(u * 0.78), palette.KEYS_TEXT, cut)
    return cut


def _turn_card(
    surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, time: float, emblem: EmblemDrawer, cut: list[str]
) -> None:
    """The acting seat's emblem, accent bar, name and who plays it, and a spinner while it thinks."""
    u = pl.unit
    card = pl.turn
    accent = info.colour
    pygame.draw.rect(surface, palette.CARD, card, border_radius=10)
    pygame.draw.rect(surface, accent, card, 2, border_radius=10)
    pygame.draw.rect(
        surface,
        accent,
        pygame.Rect(card.left, card.top, max(6, u // 2), card.h),
        border_top_left_radius=10,
        border_bottom_left_radius=10,
    )
    icon = int(card.h * 0.72)
    icon_rect = pygame.Rect(card.left + u, card.centery - icon // 2, icon, icon)
    if info.seat >= 0:
        emblem(surface, info.seat, icon_rect)
    else:
        draw_emblem(surface, icon_rect)
    tx = int(card.left + u * 1.6 + icon)
    # The spinner takes the card's right end while the computer thinks.
    room = (card.right - u * 2.4 if info.thinking else card.right - u // 2) - tx
    size = lettering.fitting_size(info.turn_text, room, int(u * 1.15), cut, bold=True)
    # With no second line (while an action plays out) the first sits in the card's middle.
    turn_y = card.centery - u * 0.65 if info.seat_text else card.centery
    lettering.label(surface, info.turn_text, size, palette.TURN_TEXT, midleft=(tx, turn_y), bold=True)
    seat = info.seat_text
    dots = "..." if info.thinking else ""
    # The dots are measured at their longest, so the text does not shrink and grow as they count.
    full = int(u * 0.9)
    if info.seat_short and lettering.font(int(full * 0.85)).size(seat + dots)[0] > room:
        seat = info.seat_short
    size = lettering.fitting_size(seat + dots, room, full, cut)
    if info.thinking:
        seat = seat + "." * (int(time * 3) % 4)
    lettering.label(surface, seat, size, palette.LABEL_TEXT, midleft=(tx, card.centery + u * 0.75))
    if info.thinking:
        cx, cy = card.right - u * 1.4, card.centery
        for i in range(8):
            a = time * 6 + i * math.pi / 4
            shade_ = 90 + int(165 * ((i / 8 + time) % 1))
            pygame.draw.circle(
                surface,
                (shade_, shade_, int(shade_ * 0.8)),
                (cx + math.cos(a) * u * 0.6, cy + math.sin(a) * u * 0.6),
                max(2, u // 6),
            )


def draw_emblem(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The neutral emblem of a draw: an equals sign in a brass ring, no seat's piece or colour."""
    r = rect.w // 2 - 1
    pygame.draw.circle(surface, palette.CARD, rect.center, r)
    pygame.draw.circle(surface, palette.BRASS, rect.center, r, max(2, rect.w // 14))
    w, h = int(rect.w * 0.44), max(3, rect.w // 10)
    for dy in (-rect.h * 0.11, rect.h * 0.11):
        bar = pygame.Rect(0, 0, w, h)
        bar.center = (rect.centerx, int(rect.centery + dy))
        pygame.draw.rect(surface, palette.PARCHMENT, bar, border_radius=h // 2)


def _seat_row(surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, emblem: EmblemDrawer, cut: list[str]) -> None:
    """One chip per seat: emblem and name in the seat's colour; the acting seat outlined, eliminated ones grey."""
    u = pl.unit
    gap = u // 4
    count = max(1, len(info.seats))
    w = (pl.seats.w - gap * (count - 1)) // count
    h = pl.seats.h
    for i, chip in enumerate(info.seats):
        rect = pygame.Rect(pl.seats.left + i * (w + gap), pl.seats.top, w, h)
        colour = palette.ELIMINATED if chip.eliminated else chip.colour
        pygame.draw.rect(surface, palette.CARD, rect, border_radius=6)
        pygame.draw.rect(surface, colour, rect, 2 if i == info.acting else 1, border_radius=6)
        icon = int(rect.h * 0.62)
        emblem(surface, i, pygame.Rect(rect.left + u // 5, rect.centery - icon // 2, icon, icon))
        room = rect.right - (rect.left + u // 5 + icon + u // 5) - u // 5
        chip.shown, chip.size = lettering.fitted_name(chip.name, room, int(u * 0.72), bold=i == info.acting)
        lettering.label(
            surface,
            chip.shown,
            chip.size,
            colour,
            midleft=(rect.left + u // 5 + icon + u // 5, rect.centery),
            bold=i == info.acting,
        )
        if chip.eliminated:
            y = rect.centery
            pygame.draw.line(surface, colour, (rect.left + u // 3, y), (rect.right - u // 3, y), 2)
