"""Overlays on the board: selection ring, move dots, impact crosshairs, transfer badges, the preview, effects.

Marks differ by shape, not only colour: ring = selected, dot = move, crosshair = impact (with its damage),
plus-badge = transfer, dashed square = re-entry cell, arrows = what the preview says will slide.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.anim import Effect
from game.client.kubtafl import art, dice_art
from game.client.kubtafl.layout import BoardLayout, cell_xy
from game.client.kubtafl.preview import Cell, Preview, merge_pushes


def _alpha(color, a: int) -> tuple[int, int, int, int]:
    return (*color[:3], max(0, min(255, a)))


def _trim_start(a, b, by: float) -> tuple[tuple[float, float], tuple[float, float]]:
    # Arrows start at the die's edge, not its centre, so the value stays readable.
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    by = min(by, length * 0.4)
    return (a[0] + dx / length * by, a[1] + dy / length * by), b


def edge_point(layout: BoardLayout, a: str, b: str) -> tuple[float, float]:
    """The midpoint between two adjacent cells' centres (where a transfer badge sits)."""
    ax, ay = layout.cell_center(a)
    bx, by = layout.cell_center(b)
    return (ax + bx) / 2, (ay + by) / 2


def pill_rect(label: str, size: int) -> pygame.Rect:
    """The rectangle a `pill` with this label takes (at the origin)."""
    w, h = art.font(size, bold=True).size(label)
    return pygame.Rect(0, 0, w, h).inflate(size * 0.7, size * 0.25)


def pill(surface: pygame.Surface, label: str, center, size: int, fg, bg, outline=(20, 12, 8)) -> pygame.Rect:
    """A rounded label (damage numbers, badges)."""
    img = art.font(size, bold=True).render(label, True, fg)
    rect = pill_rect(label, size)
    rect.center = (int(center[0]), int(center[1]))
    pygame.draw.rect(surface, bg, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, outline, rect, max(1, size // 10), border_radius=rect.h // 2)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def place_labels(layout: BoardLayout, labels: list[tuple[Cell, str]], size: int, dice: dict[Cell, tuple[str, int]],
                 segments: list[tuple[tuple[float, float], tuple[float, float]]],
                 marks: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles for the preview's labels: each next to its die's value (above, below, right or left of it),
    on the side that covers no die's value, no other label, and as little as possible of the arrows and bursts.
    """
    values = [dice_art.value_rect(kind, value, layout.die_size, layout.center(*c)) for c, (kind, value) in dice.items()]
    frame = layout.board.inflate(layout.border * 2, layout.border * 2)
    gap = max(2, layout.cell // 30)
    placed: list[pygame.Rect] = []
    for c, text in labels:
        cx, cy = layout.center(*c)
        if c in dice:
            kind, value = dice[c]
            own = dice_art.value_rect(kind, value, layout.die_size, (cx, cy))
        else:
            own = pygame.Rect(0, 0, layout.cell * 2 // 5, layout.cell * 2 // 5)
            own.center = (int(cx), int(cy))
        box = pill_rect(text, size)
        candidates = []
        for anchor, point in (("midbottom", (own.centerx, own.top - gap)), ("midtop", (own.centerx, own.bottom + gap)),
                              ("midleft", (own.right + gap, own.centery)), ("midright", (own.left - gap, own.centery))):
            rect = box.copy()
            setattr(rect, anchor, point)
            score = 0
            score += 100 * sum(rect.colliderect(v) for v in values)
            score += 100 * sum(rect.colliderect(other) for other in placed)
            # Off the squares is worse than over an arrow: on the frame a label hides the coordinates.
            score += 4 * (not layout.board.contains(rect)) + 10 * (not frame.contains(rect))
            score += 3 * sum(bool(rect.clipline(a, b)) for a, b in segments)
            score += 3 * sum(rect.colliderect(m) for m in marks)
            candidates.append((score, len(candidates), rect))
        best = min(candidates)[2]
        placed.append(best)
    return placed


class Overlay:
    """Draws the interaction marks onto a reusable translucent layer."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.time = 0.0
        self.label_rects: list[pygame.Rect] = []  # where the last preview put its damage and gain labels

    def begin(self, size: tuple[int, int]) -> pygame.Surface:
        """A cleared transparent layer the size of the window."""
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        self.layer.fill((0, 0, 0, 0))
        return self.layer

    # ----- selection and targets -----
    def selection(self, layer: pygame.Surface, layout: BoardLayout, cell: str) -> None:
        """A glowing ring around the selected die."""
        cx, cy = layout.cell_center(cell)
        r = layout.cell * 0.5
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        pygame.draw.circle(layer, _alpha(art.SELECT, 70 + int(40 * pulse)), (cx, cy), r, max(3, layout.cell // 12))
        pygame.draw.circle(layer, _alpha(art.SELECT, 230), (cx, cy), r - layout.cell // 14, 2)

    def movable(self, layer: pygame.Surface, layout: BoardLayout, cells: set[str]) -> None:
        """Soft corner ticks on dice that can act (so a new player sees what to click)."""
        for cell in cells:
            rect = layout.cell_rect(*cell_xy(cell)).inflate(-4, -4)
            k = max(4, layout.cell // 7)
            color = _alpha(art.SELECT, 120)
            for (x, y), (dx, dy) in ((rect.topleft, (1, 1)), (rect.topright, (-1, 1)), (rect.bottomleft, (1, -1)),
                                     (rect.bottomright, (-1, -1))):
                pygame.draw.line(layer, color, (x, y), (x + dx * k, y), 2)
                pygame.draw.line(layer, color, (x, y), (x, y + dy * k), 2)

    def targets(self, layer: pygame.Surface, layout: BoardLayout, moves: dict[str, Any], occupied: set[str],
                damage: dict[str, int], hover: str | None) -> None:
        """Dots for moves, crosshairs (with damage) for impacts."""
        for cell in moves:
            cx, cy = layout.cell_center(cell)
            hot = cell == hover
            if cell in occupied:
                r = layout.cell * 0.44
                art.crosshair(layer, (cx, cy), r, _alpha(art.ATTACK, 255 if hot else 210), max(2, layout.cell // 22))
                if cell in damage:
                    pill(layer, f"−{damage[cell]}", (cx + r * 0.72, cy - r * 0.72), max(10, layout.cell // 5),
                         (255, 255, 255), art.ATTACK)
            else:
                r = layout.cell * (0.17 if hot else 0.12)
                pygame.draw.circle(layer, _alpha((20, 14, 10), 90), (cx + 1, cy + 2), r + 2)
                pygame.draw.circle(layer, _alpha(art.MOVE_MARK, 235 if hot else 190), (cx, cy), r)
                if hot:
                    art.dashed_ring(layer, (cx, cy), layout.cell * 0.38, _alpha(art.MOVE_MARK, 220), 2, 14,
                                    self.time * 1.5)

    def transfer_badges(self, layer: pygame.Surface, layout: BoardLayout, donor: str, recipients: list[str],
                        hover: str | None) -> list[tuple[str, pygame.Rect]]:
        """A '+' badge on the edge between the donor and each recipient; returns their rects for clicks."""
        rects = []
        for rec in recipients:
            x, y = edge_point(layout, donor, rec)
            r = max(9, layout.cell // 7)
            hot = hover == rec
            pygame.draw.circle(layer, _alpha((10, 40, 20), 200), (x + 1, y + 2), r + 2)
            pygame.draw.circle(layer, _alpha(art.TRANSFER, 255 if hot else 225), (x, y), r)
            pygame.draw.circle(layer, _alpha((16, 60, 30), 255), (x, y), r, 2)
            w = max(2, r // 4)
            pygame.draw.line(layer, (16, 60, 30), (x - r * 0.5, y), (x + r * 0.5, y), w)
            pygame.draw.line(layer, (16, 60, 30), (x, y - r * 0.5), (x, y + r * 0.5), w)
            rects.append((rec, pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6)))
        return rects

    def reentry_cells(self, layer: pygame.Surface, layout: BoardLayout, cells: list[str], hover: str | None) -> None:
        """Dashed squares where a removed die can come back."""
        for cell in cells:
            rect = layout.cell_rect(*cell_xy(cell)).inflate(-layout.cell // 5, -layout.cell // 5)
            hot = cell == hover
            color = _alpha(art.TRANSFER, 255 if hot else 190)
            self._dashed_rect(layer, rect, color, 3 if hot else 2)
            cx, cy = rect.center
            k = rect.w // 6
            pygame.draw.line(layer, color, (cx - k, cy), (cx + k, cy), 3)
            pygame.draw.line(layer, color, (cx, cy - k), (cx, cy + k), 3)

    @staticmethod
    def _dashed_rect(layer: pygame.Surface, rect: pygame.Rect, color, width: int) -> None:
        dash = max(4, rect.w // 8)
        for x in range(rect.left, rect.right, dash * 2):
            pygame.draw.line(layer, color, (x, rect.top), (min(x + dash, rect.right), rect.top), width)
            pygame.draw.line(layer, color, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), width)
        for y in range(rect.top, rect.bottom, dash * 2):
            pygame.draw.line(layer, color, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), width)
            pygame.draw.line(layer, color, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), width)

    def cursor(self, layer: pygame.Surface, layout: BoardLayout, cell: tuple[int, int]) -> None:
        """The keyboard cursor: a bright square outline."""
        rect = layout.cell_rect(*cell).inflate(-3, -3)
        pygame.draw.rect(layer, _alpha((255, 255, 255), 230), rect, 3, border_radius=4)
        pygame.draw.rect(layer, _alpha((20, 20, 20), 160), rect.inflate(4, 4), 1, border_radius=5)

    def hint(self, layer: pygame.Surface, layout: BoardLayout, src: str, dst: str, label: str = "",
             ghost: tuple[str, str, int] | None = None) -> None:
        """The suggestion as a pulsing green arrow; a transfer or re-entry adds its amount (`label`) and a
        re-entry the returning die (`ghost`: kind, side, value) on a dashed square."""
        pulse = 0.5 + 0.5 * math.sin(self.time * 4)
        color = _alpha(art.TRANSFER, 150 + int(90 * pulse))
        if ghost is not None:
            rect = layout.cell_rect(*cell_xy(dst)).inflate(-layout.cell // 8, -layout.cell // 8)
            self._dashed_rect(layer, rect, _alpha(art.TRANSFER, 255), 3)
            kind, side, value = ghost
            img = dice_art.die_surface(kind, side, max(1, value), layout.die_size).copy()
            img.set_alpha(120 + int(60 * pulse))
            cx, cy = layout.cell_center(dst)
            layer.blit(img, (cx - img.get_width() / 2, cy - img.get_height() / 2))
        # From the die's edge (and to the other die's edge when one stands there), so both values stay readable.
        a, b = _trim_start(layout.cell_center(src), layout.cell_center(dst), layout.cell * 0.36)
        if label or ghost is not None:
            b, a = _trim_start(b, a, layout.cell * 0.36)
        art.arrow(layer, a, b, color, max(4, layout.cell // 10), layout.cell * 0.3)
        if label:
            x, y = edge_point(layout, src, dst)
            pill(layer, label, (x, y), max(11, layout.cell // 4), (16, 60, 30), art.TRANSFER, (16, 60, 30))

    def last_action(self, layer: pygame.Surface, layout: BoardLayout, src: str, dst: str, side: str) -> None:
        """Where the last action went: both squares tinted in the acting side's accent, the start one outlined
        and the end one filled, so the opponent's reply reads at a glance once it has played out."""
        accent = art.ACCENT.get(side, art.SELECT)
        width = max(2, layout.cell // 24)
        start = layout.cell_rect(*cell_xy(src))
        end = layout.cell_rect(*cell_xy(dst))
        if src != dst:
            pygame.draw.rect(layer, _alpha(accent, 50), start)
            pygame.draw.rect(layer, _alpha(accent, 200), start.inflate(-width, -width), width)
        pygame.draw.rect(layer, _alpha(accent, 95), end)
        pygame.draw.rect(layer, _alpha(accent, 235), end.inflate(-width, -width), width)

    # ----- preview -----
    def preview(self, layer: pygame.Surface, layout: BoardLayout, p: Preview, ghost: dict[str, Any] | None,
                dice: dict[Cell, tuple[str, int]] | None = None) -> None:
        """The full outcome: mover ghost and path, push arrows, hits, damage, destructions, pins, gains.

        `dice` (cell -> kind, value of the dice on the board) lets the damage labels keep clear of every value.
        """
        cell = layout.cell
        width = max(4, cell // 11)
        head = cell * 0.28
        segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
        # Pushes and ricochet paths: amber ghost arrows, drawn first so the mover's arrow sits on top. They start
        # at the die's edge so its value stays readable.
        for src, dst in merge_pushes(p.pushes):
            a, b = _trim_start(layout.center(*src), layout.center(*dst), cell * 0.36)
            segments.append((a, b))
            art.arrow(layer, a, b, _alpha((20, 12, 6), 120), width + 4, head + 3)
            art.arrow(layer, a, b, _alpha((255, 190, 80), 225), width, head)
        if p.mover is not None and p.mover[0] != p.mover[1]:
            a, b = _trim_start(layout.center(*p.mover[0]), layout.center(*p.mover[1]), cell * 0.36)
            if dice and p.mover[1] in dice:
                # It lands where a struck die stands now: stop at that die's edge, off its value.
                b, a = _trim_start(b, a, cell * 0.36)
            segments.append((a, b))
            art.arrow(layer, a, b, _alpha((20, 12, 6), 120), width + 4, head + 3)
            art.arrow(layer, a, b, _alpha(art.GHOST, 235), width, head)
        # The mover's ghost where it will stand.
        if ghost is not None and p.mover is not None and p.mover[0] != p.mover[1]:
            img = dice_art.die_surface(ghost["kind"], ghost["side"], max(1, ghost["value"]), layout.die_size).copy()
            img.set_alpha(140)
            cx, cy = layout.center(*p.mover[1])
            layer.blit(img, (cx - img.get_width() / 2, cy - img.get_height() / 2))
        for c, side, kind, value in p.placed:
            img = dice_art.die_surface(kind, side, max(1, value), layout.die_size).copy()
            img.set_alpha(150)
            cx, cy = layout.center(*c)
            layer.blit(img, (cx - img.get_width() / 2, cy - img.get_height() / 2))
        # Hits: a starburst where the dice meet.
        bursts = []
        for a, b, _dmg in p.hits:
            ax, ay = layout.center(*a)
            bx, by = layout.center(*b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            if a == b:
                mx, my = bx, by
            self._burst(layer, (mx, my), cell * 0.16, _alpha(art.ATTACK, 240))
            r = int(cell * 0.16)
            bursts.append(pygame.Rect(int(mx) - r, int(my) - r, 2 * r, 2 * r))
        for a, b, target in p.pins:
            ax, ay = layout.center(*a)
            bx, by = layout.center(*b)
            pygame.draw.line(layer, _alpha(art.PIN, 220), (ax, ay), (bx, by), max(3, cell // 16))
            tx, ty = layout.center(*target)
            pygame.draw.circle(layer, _alpha(art.PIN, 230), (tx, ty), cell * 0.46, max(3, cell // 16))
        # Destroyed dice get a red cross.
        for c in p.destroyed:
            cx, cy = layout.center(*c)
            r = cell * 0.34
            for sgn in (1, -1):
                pygame.draw.line(layer, _alpha((30, 0, 0), 200), (cx - r, cy - sgn * r + 2), (cx + r, cy + sgn * r + 2),
                                 max(6, cell // 8))
                pygame.draw.line(layer, _alpha((235, 50, 40), 245), (cx - r, cy - sgn * r), (cx + r, cy + sgn * r),
                                 max(4, cell // 11))
        size = max(11, cell // 4)
        labels = []
        for c, (dmg, new) in p.damage.items():
            labels.append((c, f"−{dmg}" if c in p.destroyed else f"−{dmg} › {new}", (200, 50, 38)))
        for c, delta in p.gains.items():
            bg = (40, 140, 80) if delta > 0 else (110, 100, 90)
            labels.append((c, f"+{delta}" if delta > 0 else f"−{-delta}", bg))
        spots = place_labels(layout, [(c, text) for c, text, _ in labels], size, dice or {}, segments, bursts)
        self.label_rects = []
        for (_c, text, bg), rect in zip(labels, spots, strict=True):
            self.label_rects.append(pill(layer, text, rect.center, size, (255, 255, 255), bg))

    @staticmethod
    def _burst(layer: pygame.Surface, center, r: float, color) -> None:
        cx, cy = center
        points = []
        for i in range(16):
            a = math.pi * 2 * i / 16
            rr = r if i % 2 == 0 else r * 0.45
            points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        pygame.draw.polygon(layer, color, points)
        pygame.draw.polygon(layer, (255, 240, 200, 230), points, 2)

    # ----- effects -----
    def effects(self, surface: pygame.Surface, layout: BoardLayout, effects: list[Effect]) -> None:
        """Particles, floating numbers, sparks, pin lines, transfer orbs, the victory glow."""
        cell = layout.cell
        for e in effects:
            t = e.t
            if e.kind == "float":
                delay = e.params.get("delay", 0.0) / max(e.duration, 1e-6)
                if t < delay:
                    continue
                u = (t - delay) / max(1e-6, 1 - delay)
                cx, cy = layout.center(e.params["x"], e.params["y"])
                cy -= cell * (0.25 + 0.55 * u)
                alpha = 255 if u < 0.6 else int(255 * (1 - (u - 0.6) / 0.4))
                size = max(16, int(cell * 0.46))
                img = art.font(size, bold=True).render(e.params["text"], True, e.params["color"])
                out = art.font(size, bold=True).render(e.params["text"], True, (20, 10, 6))
                for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                    out.set_alpha(alpha)
                    surface.blit(out, out.get_rect(center=(cx + ox, cy + oy)))
                img.set_alpha(alpha)
                surface.blit(img, img.get_rect(center=(cx, cy)))
            elif e.kind == "burst":
                ox, oy = layout.center(e.params["x"], e.params["y"])
                for vx, vy, size, lag, color in e.params["parts"]:
                    u = max(0.0, (t - lag * 0.3))
                    px = ox + vx * cell * 0.6 * u
                    py = oy + vy * cell * 0.6 * u + cell * 0.5 * u * u
                    rad = max(1, int(size * cell * (1 - u)))
                    pygame.draw.circle(surface, color, (px, py), rad)
            elif e.kind == "spark":
                cx, cy = layout.center(e.params["x"], e.params["y"])
                r = cell * (0.12 + 0.3 * t)
                for i in range(8):
                    a = math.pi * 2 * i / 8 + 0.3
                    pygame.draw.line(surface, art.mix((255, 250, 220), (255, 140, 60), t),
                                     (cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5),
                                     (cx + math.cos(a) * r, cy + math.sin(a) * r), max(1, int(3 * (1 - t)) + 1))
            elif e.kind == "pin":
                ax, ay = layout.center(*e.params["a"])
                bx, by = layout.center(*e.params["b"])
                color = art.mix(art.PIN, (255, 255, 255), 0.3 * (1 - t))
                w = max(2, int(cell * 0.09 * (1 - t)))
                pygame.draw.line(surface, color, (ax, ay), (bx, by), w)
            elif e.kind == "orbs":
                ax, ay = layout.center(*e.params["a"])
                bx, by = layout.center(*e.params["b"])
                n = e.params["n"]
                for i in range(n):
                    u = min(1.0, max(0.0, t * 1.4 - i * 0.4 / n))
                    if 0 < u < 1:
                        px = ax + (bx - ax) * u
                        py = ay + (by - ay) * u - math.sin(math.pi * u) * cell * 0.25
                        pygame.draw.circle(surface, (160, 255, 190), (px, py), max(3, cell // 14))
                        pygame.draw.circle(surface, (40, 120, 70), (px, py), max(3, cell // 14), 1)
            elif e.kind == "victory":
                cx, cy = layout.center(e.params["x"], e.params["y"])
                accent = art.ACCENT.get(e.params.get("side", "light"), (255, 220, 120))
                for k in range(3):
                    u = (t * 1.5 - k * 0.25)
                    if 0 < u < 1:
                        pygame.draw.circle(surface, art.mix(accent, (255, 255, 255), 0.3),
                                           (cx, cy), cell * (0.45 + 0.9 * u), max(1, int(5 * (1 - u))))
                for i in range(12):
                    a = math.pi * 2 * i / 12 + t * 1.5
                    r0, r1 = cell * 0.55, cell * (0.7 + 0.35 * math.sin(t * math.pi))
                    pygame.draw.line(surface, accent, (cx + math.cos(a) * r0, cy + math.sin(a) * r0),
                                     (cx + math.cos(a) * r1, cy + math.sin(a) * r1), 2)


def shake_offset(effects: list[Effect]) -> tuple[float, float]:
    """The board's offset from running shakes (≤ 4 px, decaying)."""
    dx = dy = 0.0
    for e in effects:
        if e.kind == "shake":
            amp = e.params.get("amp", 3.0) * (1 - e.t)
            dx += math.sin(e.elapsed * 90) * amp
            dy += math.cos(e.elapsed * 73) * amp * 0.6
    return max(-4.0, min(4.0, dx)), max(-4.0, min(4.0, dy))
