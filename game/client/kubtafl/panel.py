"""The side panel: whose turn (and who is thinking), each side's removed dice, the action log, status, keys.

The panel's background is part of the cached static table; this draws only what changes. The Undo, Hint
and Menu buttons are pygame_gui buttons placed in `buttons`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.client.art import wrap
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
            self.pools[side] = pygame.Rect(inner.left, y, inner.w, int(u * 3.6))
            y = self.pools[side].bottom + u // 3
        self.keys = pygame.Rect(inner.left, inner.bottom - int(u * 2.2), inner.w, int(u * 2.2))
        self.buttons = pygame.Rect(inner.left, self.keys.top - int(u * 3.0), inner.w, int(u * 2.4))
        self.status = pygame.Rect(inner.left, self.buttons.top - int(u * 4.3), inner.w, int(u * 4.0))
        self.log = pygame.Rect(inner.left, y + u // 6, inner.w, max(u * 4, self.status.top - y - u // 2))

    def pool_slots(self, side: str, count: int) -> list[pygame.Rect]:
        """Squares for the dice of a pool row: large enough to read each die's kind and value."""
        row = self.pools[side]
        top = row.top + int(self.unit * 1.2)  # below the row's label
        gap = max(2, self.unit // 5)
        # A side has seven dice; all seven fit in one row.
        size = min(row.bottom - top - self.unit // 6, (row.w - self.unit - 6 * gap) // 7)
        return [pygame.Rect(row.left + self.unit // 2 + i * (size + gap), top, size, size) for i in range(count)]

    @property
    def log_line(self) -> int:
        """Height of one line of the move log."""
        return int(self.unit * 1.3)

    @property
    def log_body(self) -> pygame.Rect:
        """The part of the log box that holds move lines (below its title)."""
        top = self.log.top + int(self.unit * 1.5)
        return pygame.Rect(self.log.left, top, self.log.w, max(self.log_line, self.log.bottom - top - self.unit // 2))

    @property
    def log_rows(self) -> int:
        """How many numbered lines the log shows at once."""
        return max(1, self.log_body.h // self.log_line)

    def log_track(self) -> pygame.Rect:
        """The scroll bar's track at the log's right edge."""
        body = self.log_body
        w = max(4, self.unit // 3)
        return pygame.Rect(body.right - w - self.unit // 3, body.top, w, self.log_rows * self.log_line)

    def log_thumb(self, total: int, top: int) -> pygame.Rect | None:
        """The scroll bar's thumb for `total` lines with line `top` first shown; None when all lines fit."""
        rows = self.log_rows
        if total <= rows:
            return None
        track = self.log_track()
        h = max(self.unit, track.h * rows // total)
        y = track.top + (track.h - h) * top // max(1, total - rows)
        return pygame.Rect(track.left, y, track.w, h)


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
    log_top: int | None = None  # first numbered line shown; None follows the newest move
    seat_short: str = ""  # a shorter seat text for when `seat_text` would need a much smaller font


def log_lines(log: list[str]) -> list[tuple[int, str, str]]:
    """The log as numbered lines: (number, Light's action, Dark's action or '')."""
    return [(i // 2 + 1, log[i], log[i + 1] if i + 1 < len(log) else "") for i in range(0, len(log), 2)]


def clamp_log_top(pl: PanelLayout, total: int, top: int | None) -> int:
    """The first line to show: `top` kept in range, or the newest page when following (None)."""
    last_page = max(0, total - pl.log_rows)
    return last_page if top is None else max(0, min(last_page, top))


def draw_dynamic(surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, time: float) -> list[str]:
    """Title, turn card, pools, log lines, status and key help; returns the texts that did not fit (none)."""
    u = pl.unit
    cut: list[str] = []
    title = art.text(surface, info.title, int(u * 1.45), (240, 228, 198),
                     midleft=(pl.title.left, pl.title.centery - u * 0.3), bold=True, shadow=(0, 0, 0))
    if info.subtitle:
        room = pl.title.right - title.right - u
        size = _fitting_size(info.subtitle, room, int(u * 0.85), cut)
        art.text(surface, info.subtitle, size, (196, 170, 130), midright=(pl.title.right, pl.title.centery - u * 0.2))
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
    tx = int(card.left + u * 1.6 + icon)
    # The spinner takes the card's right end while the computer thinks.
    room = (card.right - u * 2.4 if info.thinking else card.right - u // 2) - tx
    size = _fitting_size(info.turn_text, room, int(u * 1.15), cut, bold=True)
    # With no second line (while an action plays out) the first sits in the card's middle.
    turn_y = card.centery - u * 0.65 if info.seat_text else card.centery
    art.text(surface, info.turn_text, size, (246, 236, 214), midleft=(tx, turn_y), bold=True)
    seat = info.seat_text
    dots = "..." if info.thinking else ""
    # The dots are measured at their longest, so the text does not shrink and grow as they count.
    full = int(u * 0.9)
    if info.seat_short and art.font(int(full * 0.85)).size(seat + dots)[0] > room:
        seat = info.seat_short
    size = _fitting_size(seat + dots, room, full, cut)
    if info.thinking:
        seat = seat + "." * (int(time * 3) % 4)
    art.text(surface, seat, size, (200, 186, 160), midleft=(tx, card.centery + u * 0.75))
    if info.thinking:
        cx, cy = card.right - u * 1.4, card.centery
        for i in range(8):
            a = time * 6 + i * math.pi / 4
            shade_ = 90 + int(165 * ((i / 8 + time) % 1))
            pygame.draw.circle(surface, (shade_, shade_, shade_ * 0.8), (cx + math.cos(a) * u * 0.6,
                                                                          cy + math.sin(a) * u * 0.6), max(2, u // 6))

    # Removed pools: dice big enough to read, clickable on the acting human's turn (re-entry).
    for side in SIDE_NAMES:
        box = pl.pools[side]
        label = info.pool_labels.get(side, side)
        size = _fitting_size(label, box.w - u, int(u * 0.8), cut, bold=True)
        art.text(surface, label, size, art.ACCENT[side], topleft=(box.left + u // 2, box.top + u // 5), bold=True)
        kinds = info.pools.get(side, [])
        slots = pl.pool_slots(side, len(kinds))
        for kind, slot in zip(kinds, slots, strict=False):
            img = dice_art.die_surface(kind, side, dice_art.FACES[kind], slot.w)
            if info.pool_active is not None and info.pool_active != side:
                img = img.copy()
                img.set_alpha(150)
            surface.blit(img, slot.topleft)
            if info.pool_active == side:
                sel = info.pool_selected == kind
                pygame.draw.rect(surface, art.SELECT if sel else (150, 130, 90), slot.inflate(4, 4),
                                 3 if sel else 1, border_radius=6)
        if len(slots) < len(kinds):
            cut.append(f"pool {side}: {len(kinds) - len(slots)} dice not shown")
        if not kinds:
            art.text(surface, "—", int(u * 0.9), (120, 104, 84), midleft=(box.left + u // 2, box.bottom - u * 1.2))

    _draw_log(surface, pl, info, cut)
    if info.status:
        _wrapped(surface, info.status, pl.status, int(u * 0.95), (240, 228, 198), cut)
    _wrapped(surface, info.keys, pl.keys, int(u * 0.78), (160, 144, 118), cut)
    return cut


def _draw_log(surface: pygame.Surface, pl: PanelLayout, info: PanelInfo, cut: list[str]) -> None:
    """Numbered pairs, newest at the bottom; scrolled back when `info.log_top` says so, with a scroll bar."""
    u = pl.unit
    log = pl.log
    art.text(surface, info.log_title, int(u * 0.8), art.INK_SOFT, topleft=(log.left + u // 2, log.top + u // 3),
             bold=True)
    lines = log_lines(info.log)
    top = clamp_log_top(pl, len(lines), info.log_top)
    shown = lines[top:top + pl.log_rows]
    body = pl.log_body
    thumb = pl.log_thumb(len(lines), top)
    right = pl.log_track().left - u // 3 if thumb else body.right - u // 2
    col1 = log.left + int(u * 2.6)
    col2 = log.left + log.w // 2 + u // 2
    newest = len(lines) - 1
    for n, (num, a, b) in enumerate(shown):
        y = body.top + n * pl.log_line
        last = top + n == newest
        art.text(surface, f"{num}.", int(u * 0.85), art.INK_SOFT, topleft=(log.left + u // 2, y))
        size = _fitting_size(a, col2 - col1 - u // 2, int(u * 0.9), cut, bold=last and not b)
        art.text(surface, a, size, art.INK, topleft=(col1, y), bold=last and not b)
        if b:
            size = _fitting_size(b, right - col2, int(u * 0.9), cut, bold=last)
            art.text(surface, b, size, art.INK, topleft=(col2, y), bold=last)
    if not lines:
        art.text(surface, "…", int(u * 0.9), art.INK_SOFT, topleft=(col1, body.top))
    if thumb is not None:
        track = pl.log_track()
        pygame.draw.rect(surface, (200, 184, 150), track, border_radius=track.w // 2)
        pygame.draw.rect(surface, art.INK_SOFT, thumb, border_radius=track.w // 2)
        if top + pl.log_rows < len(lines):
            # Scrolled back: a small marker says newer moves are below.
            x, y, k = track.left - u * 0.7, track.bottom - u * 0.35, u * 0.3
            pygame.draw.polygon(surface, art.INK_SOFT, [(x - k, y - k * 0.8), (x + k, y - k * 0.8), (x, y + k * 0.4)])


def _fitting_size(msg: str, width: float, size: int, cut: list[str], bold: bool = False) -> int:
    """The largest font size up to `size` (and no smaller than 70 % of it) at which `msg` fits in `width`."""
    floor = max(6, int(size * 0.7))
    while size > floor and art.font(size, bold).size(msg)[0] > width:
        size -= 1
    if art.font(size, bold).size(msg)[0] > width:
        cut.append(msg)
    return size


def _wrapped(surface: pygame.Surface, msg: str, rect: pygame.Rect, size: int, color, cut: list[str]) -> None:
    """`msg` wrapped into `rect`, in a smaller font when it would not fit at `size`."""
    floor = max(6, int(size * 0.7))
    while True:
        f = art.font(size)
        lines = wrap(f, msg, rect.w)
        fits = len(lines) * f.get_linesize() <= rect.h + 2 and all(f.size(line)[0] <= rect.w for line in lines)
        if fits or size <= floor:
            break
        size -= 1
    if not fits:
        cut.append(msg)
    y = rect.top
    for text_line in lines:
        if y + f.get_linesize() > rect.bottom + 2:
            break
        surface.blit(f.render(text_line, True, color), (rect.left, y))
        y += f.get_linesize()
