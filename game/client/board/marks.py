"""Overlay marks on a board, one shape per meaning so nothing relies on colour alone: ring (selected), corner
ticks (can act), dot (move), crosshair (attack), dashed ring or dashed cell (a place to choose), ghost arrow
(what will slide), plus badge (give), starburst (hit), cross (destroyed), text badge (numbers), cell tint (last
move), cursor (keyboard). Marks are drawn onto a cleared translucent layer the size of the window.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import art
from game.client.board.layout import BoardLayout, Cell, cell_xy

Point = tuple[float, float]
Segment = tuple[Point, Point]
#: An RGB or RGBA colour.
Paint = tuple[int, ...]


def trim_start(a: Point, b: Point, by: float) -> tuple[Point, Point]:
    """The segment a→b with its start moved `by` pixels towards b (arrows start at a piece's edge, not its
    centre, so its value stays readable)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    by = min(by, length * 0.4)
    return (a[0] + dx / length * by, a[1] + dy / length * by), b


def edge_point(layout: BoardLayout, a: str, b: str) -> Point:
    """The midpoint between two cells' centres (where a badge between them sits)."""
    ax, ay = layout.cell_center(a)
    bx, by = layout.cell_center(b)
    return (ax + bx) / 2, (ay + by) / 2


def badge_rect(text: str, size: int) -> pygame.Rect:
    """The rectangle a text badge with this text takes (at the origin)."""
    w, h = art.font(size, bold=True).size(text)
    return pygame.Rect(0, 0, w, h).inflate(size * 0.7, size * 0.25)


def text_badge(
    surface: pygame.Surface, text: str, center: Point, size: int, fg: Paint, bg: Paint, outline: Paint = art.DARK_INK
) -> pygame.Rect:
    """A rounded label (damage numbers, odds, amounts); returns where it was drawn."""
    image = _badge_image(text, size, tuple(fg), tuple(bg), tuple(outline))
    rect = image.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=512)
def _badge_image(
    text: str, size: int, fg: tuple[int, ...], bg: tuple[int, ...], outline: tuple[int, ...]
) -> pygame.Surface:
    """A badge drawn once (boards redraw the same costs and odds every frame)."""
    rect = badge_rect(text, size)
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = rect.move(-rect.x, -rect.y)
    pygame.draw.rect(image, bg, local, border_radius=rect.h // 2)
    pygame.draw.rect(image, outline, local, max(1, size // 10), border_radius=rect.h // 2)
    img = art.font(size, bold=True).render(text, True, fg)
    image.blit(img, img.get_rect(center=local.center))
    return image


def place_badges(
    layout: BoardLayout,
    badges: list[tuple[pygame.Rect, str]],
    size: int,
    keep_clear: list[pygame.Rect],
    segments: list[Segment],
    marks: list[pygame.Rect],
) -> list[pygame.Rect]:
    """Rectangles for text badges, each beside its own rect (above, below, right or left of it): on the side that
    covers nothing in `keep_clear` (pieces' values), no other badge, and as little as possible of the arrows
    (`segments`) and `marks`."""
    frame = layout.frame
    gap = max(2, layout.cell // 30)
    placed: list[pygame.Rect] = []
    for own, text in badges:
        box = badge_rect(text, size)
        candidates: list[tuple[int, int, pygame.Rect]] = []
        for anchor, point in (
            ("midbottom", (own.centerx, own.top - gap)),
            ("midtop", (own.centerx, own.bottom + gap)),
            ("midleft", (own.right + gap, own.centery)),
            ("midright", (own.left - gap, own.centery)),
        ):
            rect = box.copy()
            setattr(rect, anchor, point)
            score = 100 * sum(rect.colliderect(v) for v in keep_clear)
            score += 100 * sum(rect.colliderect(other) for other in placed)
            # Off the squares is worse than over an arrow: on the frame a badge hides the coordinates.
            score += 4 * (not layout.board.contains(rect)) + 10 * (not frame.contains(rect))
            score += 3 * sum(bool(rect.clipline(a, b)) for a, b in segments)
            score += 3 * sum(rect.colliderect(m) for m in marks)
            candidates.append((score, len(candidates), rect))
        placed.append(min(candidates)[2])
    return placed


def dashed_ring(
    surface: pygame.Surface,
    center: Point,
    radius: float,
    colour: Paint,
    width: int,
    dashes: int = 12,
    phase: float = 0.0,
) -> None:
    """A ring of dashes (a chosen destination)."""
    cx, cy = center
    step = 2 * math.pi / dashes
    for i in range(dashes):
        a0 = phase + i * step
        a1 = a0 + step * 0.55
        points = [
            (cx + math.cos(a0 + (a1 - a0) * k / 4) * radius, cy + math.sin(a0 + (a1 - a0) * k / 4) * radius)
            for k in range(5)
        ]
        pygame.draw.lines(surface, colour, False, points, width)


def crosshair(surface: pygame.Surface, center: Point, radius: float, colour: Paint, width: int) -> None:
    """A target mark for attacks: a circle with four ticks."""
    cx, cy = center
    pygame.draw.circle(surface, colour, (cx, cy), radius, width)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(
            surface,
            colour,
            (cx + dx * radius * 0.55, cy + dy * radius * 0.55),
            (cx + dx * radius * 1.3, cy + dy * radius * 1.3),
            width,
        )


def dashed_rect(layer: pygame.Surface, rect: pygame.Rect, colour: Paint, width: int) -> None:
    """A rectangle outlined in dashes."""
    dash = max(4, rect.w // 8)
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(layer, colour, (x, rect.top), (min(x + dash, rect.right), rect.top), width)
        pygame.draw.line(layer, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), width)
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(layer, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), width)
        pygame.draw.line(layer, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), width)


def starburst(layer: pygame.Surface, center: Point, r: float, colour: Paint) -> None:
    """A sixteen-point star where two pieces meet."""
    cx, cy = center
    points = []
    for i in range(16):
        a = math.pi * 2 * i / 16
        rr = r if i % 2 == 0 else r * 0.45
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    pygame.draw.polygon(layer, colour, points)
    pygame.draw.polygon(layer, (*art.WARM_LIGHT, 230), points, 2)


def ghost_image(layer: pygame.Surface, image: pygame.Surface, center: Point, alpha: int) -> None:
    """A piece's image drawn translucent at `center` (where it would stand)."""
    img = image.copy()
    img.set_alpha(alpha)
    layer.blit(img, (center[0] - img.get_width() / 2, center[1] - img.get_height() / 2))


@dataclass(frozen=True)
class Mark:
    """One mark as drawn this frame: its kind, the cell it marks, and its text (badge, or the arrow's cells)."""

    kind: str
    cell: str = ""
    text: str = ""


class Marks:
    """Draws the marks onto a reusable translucent layer; `time` drives pulses. `drawn` lists the marks of the
    current frame (the drawing model tests and the review read), cleared by `new_frame`."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.time = 0.0
        self.drawn: list[Mark] = []

    def new_frame(self) -> None:
        """Forget the last frame's marks."""
        self.drawn = []

    def begin(self, size: tuple[int, int], area: pygame.Rect | None = None) -> pygame.Surface:
        """A transparent layer the size of the window, cleared within `area` (the whole layer by default): marks
        are drawn there only, so the caller blits that part alone."""
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        self.layer.fill(art.CLEAR, area)
        return self.layer

    @property
    def pulse(self) -> float:
        """0..1, a slow pulse for selections and hints."""
        return 0.5 + 0.5 * math.sin(self.time * 5)

    def ring(self, layer: pygame.Surface, layout: BoardLayout, cell: str, colour: Paint = art.SELECT) -> None:
        """A glowing ring around the selected piece."""
        self.drawn.append(Mark("ring", cell))
        cx, cy = layout.cell_center(cell)
        r = layout.cell * 0.5
        pygame.draw.circle(
            layer, art.with_alpha(colour, 70 + int(40 * self.pulse)), (cx, cy), r, max(3, layout.cell // 12)
        )
        pygame.draw.circle(layer, art.with_alpha(colour, 230), (cx, cy), r - layout.cell // 14, 2)

    def corner_ticks(self, layer: pygame.Surface, layout: BoardLayout, cells: set[str]) -> None:
        """Soft corner ticks on pieces that can act (so a new player sees what to click)."""
        for cell in cells:
            self.drawn.append(Mark("ticks", cell))
            rect = layout.cell_rect(*cell_xy(cell)).inflate(-4, -4)
            k = max(4, layout.cell // 7)
            colour = art.with_alpha(art.SELECT, 120)
            for (x, y), (dx, dy) in (
                (rect.topleft, (1, 1)),
                (rect.topright, (-1, 1)),
                (rect.bottomleft, (1, -1)),
                (rect.bottomright, (-1, -1)),
            ):
                pygame.draw.line(layer, colour, (x, y), (x + dx * k, y), 2)
                pygame.draw.line(layer, colour, (x, y), (x, y + dy * k), 2)

    def dot(self, layer: pygame.Surface, layout: BoardLayout, cell: str, hot: bool) -> None:
        """A move target: a dot, larger with a turning dashed ring when hovered."""
        self.drawn.append(Mark("dot_hot" if hot else "dot", cell))
        cx, cy = layout.cell_center(cell)
        r = layout.cell * (0.17 if hot else 0.12)
        pygame.draw.circle(layer, art.with_alpha(art.DARK_INK, 90), (cx + 1, cy + 2), r + 2)
        pygame.draw.circle(layer, art.with_alpha(art.MOVE_MARK, 235 if hot else 190), (cx, cy), r)
        if hot:
            dashed_ring(layer, (cx, cy), layout.cell * 0.38, art.with_alpha(art.MOVE_MARK, 220), 2, 14, self.time * 1.5)

    def attack(self, layer: pygame.Surface, layout: BoardLayout, cell: str, hot: bool, badge: str = "") -> None:
        """An attack target: a crosshair, with an optional badge (damage, odds) at its upper right."""
        self.drawn.append(Mark("crosshair", cell, badge))
        cx, cy = layout.cell_center(cell)
        r = layout.cell * 0.44
        crosshair(layer, (cx, cy), r, art.with_alpha(art.ATTACK, 255 if hot else 210), max(2, layout.cell // 22))
        if badge:
            text_badge(layer, badge, (cx + r * 0.72, cy - r * 0.72), max(10, layout.cell // 5), art.WHITE, art.ATTACK)

    def plus_badge(self, layer: pygame.Surface, layout: BoardLayout, a: str, b: str, hot: bool) -> pygame.Rect:
        """A '+' badge on the edge between two cells (give from a to b); returns its clickable rect."""
        self.drawn.append(Mark("plus", b, a))
        x, y = edge_point(layout, a, b)
        r = max(9, layout.cell // 7)
        pygame.draw.circle(layer, art.with_alpha(art.TRANSFER_SHADOW, 200), (x + 1, y + 2), r + 2)
        pygame.draw.circle(layer, art.with_alpha(art.TRANSFER, 255 if hot else 225), (x, y), r)
        pygame.draw.circle(layer, art.with_alpha(art.TRANSFER_INK, 255), (x, y), r, 2)
        w = max(2, r // 4)
        pygame.draw.line(layer, art.TRANSFER_INK, (x - r * 0.5, y), (x + r * 0.5, y), w)
        pygame.draw.line(layer, art.TRANSFER_INK, (x, y - r * 0.5), (x, y + r * 0.5), w)
        return pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6)

    def dashed_cell(self, layer: pygame.Surface, layout: BoardLayout, cell: str, hot: bool, plus: bool = True) -> None:
        """A dashed square: a place to choose (re-entry, deployment), with a '+' inside."""
        self.drawn.append(Mark("dashed_cell", cell))
        rect = layout.cell_rect(*cell_xy(cell)).inflate(-layout.cell // 5, -layout.cell // 5)
        colour = art.with_alpha(art.TRANSFER, 255 if hot else 190)
        dashed_rect(layer, rect, colour, 3 if hot else 2)
        if plus:
            cx, cy = rect.center
            k = rect.w // 6
            pygame.draw.line(layer, colour, (cx - k, cy), (cx + k, cy), 3)
            pygame.draw.line(layer, colour, (cx, cy - k), (cx, cy + k), 3)

    def cursor(self, layer: pygame.Surface, layout: BoardLayout, cell: Cell) -> None:
        """The keyboard cursor: a bright square outline."""
        self.drawn.append(Mark("cursor", f"{chr(97 + cell[0])}{cell[1] + 1}"))
        rect = layout.cell_rect(*cell).inflate(-3, -3)
        pygame.draw.rect(layer, art.with_alpha(art.WHITE, 230), rect, 3, border_radius=4)
        pygame.draw.rect(layer, art.with_alpha(art.DARK_INK, 160), rect.inflate(4, 4), 1, border_radius=5)

    def ghost_arrow(
        self, layer: pygame.Surface, a: Point, b: Point, colour: Paint, width: int, head: float, what: str = ""
    ) -> None:
        """A translucent arrow with a dark under-stroke (what will slide, or a suggested move: `what`, in cells)."""
        self.drawn.append(Mark("arrow", what.partition("-")[0], what))
        art.arrow(layer, a, b, art.with_alpha(art.DARK_INK, 120), width + 4, head + 3)
        art.arrow(layer, a, b, colour, width, head)

    def cell_tint(self, layer: pygame.Surface, layout: BoardLayout, cell: str, colour: Paint, strong: bool) -> None:
        """A square tinted and outlined in a seat's accent (strong: filled more, for the end of a move)."""
        self.drawn.append(Mark("tint_strong" if strong else "tint", cell))
        width = max(2, layout.cell // 24)
        rect = layout.cell_rect(*cell_xy(cell))
        pygame.draw.rect(layer, art.with_alpha(colour, 95 if strong else 50), rect)
        pygame.draw.rect(layer, art.with_alpha(colour, 235 if strong else 200), rect.inflate(-width, -width), width)

    def cell_tints(self, layer: pygame.Surface, layout: BoardLayout, cells: Iterable[str], colour: Paint) -> None:
        """Each of `cells` lightly tinted in a seat's accent (a deployment zone, the last action's squares)."""
        for cell in cells:
            self.cell_tint(layer, layout, cell, colour, False)

    def region(self, layer: pygame.Surface, layout: BoardLayout, cells: list[str], colour: Paint) -> None:
        """A group of squares lightly tinted with one outline around the whole group (its outer edges only)."""
        width = max(2, layout.cell // 16)
        inside = {cell_xy(cell) for cell in cells}
        for cell in cells:
            self.drawn.append(Mark("region", cell))
            x, y = cell_xy(cell)
            rect = layout.cell_rect(x, y)
            pygame.draw.rect(layer, art.with_alpha(colour, 42), rect)
            # Rank grows upwards on screen: (x, y + 1) is the square above.
            sides = {
                (0, 1): ((rect.left, rect.top), (rect.right - 1, rect.top)),
                (0, -1): ((rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1)),
                (-1, 0): ((rect.left, rect.top), (rect.left, rect.bottom - 1)),
                (1, 0): ((rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1)),
            }
            for (dx, dy), (a, b) in sides.items():
                if (x + dx, y + dy) not in inside:
                    # Drawn inside the square, so neighbouring groups' outlines sit side by side.
                    shift = (-dx * (width // 2), dy * (width // 2))
                    pygame.draw.line(
                        layer,
                        art.with_alpha(colour, 235),
                        (a[0] + shift[0], a[1] + shift[1]),
                        (b[0] + shift[0], b[1] + shift[1]),
                        width,
                    )

    def cross(self, layer: pygame.Surface, layout: BoardLayout, cell: Cell) -> None:
        """A red cross over a piece that would be destroyed."""
        self.drawn.append(Mark("cross", f"{chr(97 + cell[0])}{cell[1] + 1}"))
        cx, cy = layout.center(*cell)
        r = layout.cell * 0.34
        for sgn in (1, -1):
            pygame.draw.line(
                layer,
                art.with_alpha(art.STRIKE_SHADOW, 200),
                (cx - r, cy - sgn * r + 2),
                (cx + r, cy + sgn * r + 2),
                max(6, layout.cell // 8),
            )
            pygame.draw.line(
                layer,
                art.with_alpha(art.STRIKE, 245),
                (cx - r, cy - sgn * r),
                (cx + r, cy + sgn * r),
                max(4, layout.cell // 11),
            )
