"""The side panel: whose turn (and who is thinking), each side's removed dice, the action log, status, keys.

The panel's background is part of the cached static table; this draws only what changes. The Undo, Hint
and Menu buttons are pygame_gui buttons placed in `buttons`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.client.kubtafl import art, dice_art

SIDE_NAMES = ("light", "dark")


@dataclass
class PanelLayout:
    """Sub-rectangles of the panel for one window size."""

    rect: pygame.Rect
    unit: int = 0
    title: pygame.Rect = field(default_factory=pygame.Rect)
    turn: pygame.Rect = field(default_factory=pygame.Rect)
    pools: dict[str, pygame.Rect] = field(default_factory=dict)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: pygame.Rect = field(default_factory=pygame.Rect)
    keys: pygame.Rect = field(default_factory=pygame.Rect)

    def __post_init__(self) -> None:
        r = self.rect
        u = self.unit = max(10, min(r.w // 17, r.h // 33))
        pad = u
        inner = r.inflate(-2 * pad, -2 * pad)
        y = inner.top
        self.title = pygame.Rect(inner.left, y, inner.w, int(u * 2.2))
        y = self.title.bottom + u // 2
        self.turn = pygame.Rect(inner.left, y, inner.w, int(u * 3.4))
        y = self.turn.bottom + u // 2
        for side in SIDE_NAMES:
            self.pools[side] = pygame.Rect(inner.left, y, inner.w, int(u * 3.1))
            y = self.pools[side].bottom + u // 3
        self.keys = pygame.Rect(inner.left, inner.bottom - int(u * 2.2), inner.w, int(u * 2.2))
        self.buttons = pygame.Rect(inner.left, self.keys.top - int(u * 3.0), inner.w, int(u * 2.4))
        self.status = pygame.Rect(inner.left, self.buttons.top - int(u * 4.6), inner.w, int(u * 4.3))
        self.log = pygame.Rect(inner.left, y + u // 3, inner.w, max(u * 4, self.status.top - y - u))

    def pool_slots(self, side: str, count: int) -> list[pygame.Rect]:
        """Squares for the mini dice of a pool row."""
        row = self.pools[side]
        top = row.top + int(self.unit * 1.25)  # below the row's label
        size = min(row.bottom - top - self.unit // 5, (row.w - self.unit) // 7)
        return [pygame.Rect(row.left + self.unit // 2 + i * (size + self.unit // 4), top, size, size)
                for i in range(count)]


def draw_static(surface: pygame.Surface, pl: PanelLayout, shell_art: object | None) -> None:
    """Panel body and the parchment log box (cached with the table)."""
    if shell_art is not None:
        shell_art.panel(surface, pl.rect, pl.unit / 18)  # type: ignore[attr-defined]
        shell_art.parchment(surface, pl.log, pl.unit / 18)  # type: ignore[attr-defined]
    else:
        pygame.draw.rect(surface, art.PANEL_BG, pl.rect, border_radius=12)
        pygame.draw.rect(surface, art.PANEL_EDGE, pl.rect, 2, border_radius=12)
        pygame.draw.rect(surface, art.PARCHMENT, pl.log, border_radius=8)
    for side in SIDE_NAMES:
        box = pl.pools[side]
        pygame.draw.rect(surface, (34, 26, 21), box, border_radius=8)
        pygame.draw.rect(surface, (82, 62, 42), box, 1, border_radius=8)


@dataclass
class PanelInfo:
    """What the panel shows this frame."""

    title: str
    subtitle: str
    to_move: str
    turn_text: str
    seat_text: str
    thinking: bool
    over: bool
    pools: dict[str, list[str]]
    pool_labels: dict[str, str]
    pool_active: str | None  # the side whose pool can be clicked (its human turn), else None
    pool_selected: str | None
    log: list[str]
    log_title: str
    status: str
    keys: str


def draw_dynamic(surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, time: float) -> None:
    """Title, turn card, pools, log lines, status and key help."""
    u = pl.unit
    art.text(surface, info.title, int(u * 1.45), (240, 228, 198), midleft=(pl.title.left, pl.title.centery - u * 0.3),
             bold=True, shadow=(0, 0, 0))
    if info.subtitle:
        art.text(surface, info.subtitle, int(u * 0.85), (196, 170, 130),
                 midright=(pl.title.right, pl.title.centery - u * 0.2))
    pygame.draw.line(surface, (122, 92, 52), (pl.title.left, pl.title.bottom), (pl.title.right, pl.title.bottom), 2)

    # Turn card: the side's die icon, accent bar, who plays it, and a thinking indicator.
    card = pl.turn
    accent = art.ACCENT.get(info.to_move, (200, 200, 200))
    pygame.draw.rect(surface, (30, 23, 19), card, border_radius=10)
    pygame.draw.rect(surface, accent, card, 2, border_radius=10)
    pygame.draw.rect(surface, accent, pygame.Rect(card.left, card.top, max(6, u // 2), card.h),
                     border_top_left_radius=10, border_bottom_left_radius=10)
    icon = int(card.h * 0.72)
    img = dice_art.die_surface("d20", info.to_move, 20, icon)
    surface.blit(img, (card.left + u, card.centery - icon // 2))
    tx = card.left + u * 1.6 + icon
    art.text(surface, info.turn_text, int(u * 1.15), (246, 236, 214), midleft=(tx, card.centery - u * 0.65), bold=True)
    seat = info.seat_text
    if info.thinking:
        dots = int(time * 3) % 4
        seat = seat + "." * dots
    art.text(surface, seat, int(u * 0.9), (200, 186, 160), midleft=(tx, card.centery + u * 0.75))
    if info.thinking:
        cx, cy = card.right - u * 1.4, card.centery
        for i in range(8):
            a = time * 6 + i * math.pi / 4
            shade_ = 90 + int(165 * ((i / 8 + time) % 1))
            pygame.draw.circle(surface, (shade_, shade_, shade_ * 0.8), (cx + math.cos(a) * u * 0.6,
                                                                          cy + math.sin(a) * u * 0.6), max(2, u // 6))

    # Removed pools: mini dice, clickable on the acting human's turn (re-entry).
    for side in SIDE_NAMES:
        box = pl.pools[side]
        label = info.pool_labels.get(side, side)
        art.text(surface, label, int(u * 0.8), art.ACCENT[side], topleft=(box.left + u // 2, box.top + u // 5),
                 bold=True)
        kinds = info.pools.get(side, [])
        slots = pl.pool_slots(side, len(kinds))
        for kind, slot in zip(kinds, slots, strict=False):
            img = dice_art.die_surface(kind, side, dice_art.FACES[kind], slot.w)
            if info.pool_active != side:
                img = img.copy()
                img.set_alpha(150)
            surface.blit(img, slot.topleft)
            if info.pool_active == side:
                sel = info.pool_selected == kind
                pygame.draw.rect(surface, art.SELECT if sel else (150, 130, 90), slot.inflate(4, 4),
                                 3 if sel else 1, border_radius=6)
        if not kinds:
            art.text(surface, "—", int(u * 0.9), (120, 104, 84), midleft=(box.left + u // 2, box.bottom - u * 0.95))

    # Log: numbered pairs, newest at the bottom; older lines scroll off the top.
    log = pl.log
    art.text(surface, info.log_title, int(u * 0.8), art.INK_SOFT, topleft=(log.left + u // 2, log.top + u // 3),
             bold=True)
    line_h = int(u * 1.3)
    body_top = log.top + int(u * 1.9)
    visible = max(1, (log.bottom - body_top - u // 2) // line_h)
    rows = []
    for i in range(0, len(info.log), 2):
        rows.append((i // 2 + 1, info.log[i], info.log[i + 1] if i + 1 < len(info.log) else ""))
    rows = rows[-visible:]
    col1 = log.left + int(u * 2.6)
    col2 = log.left + log.w // 2 + u // 2
    for n, (num, a, b) in enumerate(rows):
        y = body_top + n * line_h
        last = n == len(rows) - 1
        art.text(surface, f"{num}.", int(u * 0.85), art.INK_SOFT, topleft=(log.left + u // 2, y))
        art.text(surface, a, int(u * 0.9), art.INK, topleft=(col1, y), bold=last and not b)
        if b:
            art.text(surface, b, int(u * 0.9), art.INK, topleft=(col2, y), bold=last)
    if not rows:
        art.text(surface, "…", int(u * 0.9), art.INK_SOFT, topleft=(col1, body_top))

    if info.status:
        _wrapped(surface, info.status, pl.status, int(u * 0.95), (240, 228, 198))
    _wrapped(surface, info.keys, pl.keys, int(u * 0.78), (160, 144, 118))


def _wrapped(surface: pygame.Surface, msg: str, rect: pygame.Rect, size: int, color) -> None:
    f = art.font(size)
    words = msg.split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= rect.w or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    y = rect.top
    for text_line in lines:
        if y + f.get_linesize() > rect.bottom + 2:
            break
        surface.blit(f.render(text_line, True, color), (rect.left, y))
        y += f.get_linesize()
