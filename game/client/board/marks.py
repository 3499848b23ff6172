"""Overlay marks on a board, one shape per meaning so nothing relies on colour alone: ring (selected), corner
ticks (can act), dot (move), crosshair (attack), dashed ring or dashed cell (a place to choose), ghost arrow
(what will slide), plus badge (give), starburst (hit), cross (destroyed), text badge (numbers), cell tint (last
move), cursor (keyboard). Marks are drawn onto a cleared translucent layer the size of the window.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from game.client import lettering, palette, shapes
from game.client.board.layout import BoardLayout, Cell, cell_xy

Point = tuple[float, float]
Segment = tuple[Point, Point]
#: An RGB or RGBA colour.
Paint = tuple[int, ...]
#: A seat's accent colour by seat.
Colour = Callable[[int], tuple[int, int, int]]
#: After the last input (or a new position), pulses and turning rings move this long, then come to rest over
#: `CALM_SECONDS`: a board waiting for the player draws nothing.
PULSE_SECONDS = 4.0
CALM_SECONDS = 0.6


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
    w, h = lettering.font(size, bold=True).size(text)
    return pygame.Rect(0, 0, w, h).inflate(size * 0.7, size * 0.25)


def text_badge(
    surface: pygame.Surface,
    text: str,
    center: Point,
    size: int,
    fg: Paint,
    bg: Paint,
    outline: Paint = palette.DARK_INK,
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
    img = lettering.font(size, bold=True).render(text, True, fg)
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
    pygame.draw.polygon(layer, (*palette.WARM_LIGHT, 230), points, 2)


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
    paint: Paint = ()  # the badge's fill, where a mark's colour says something (an attack's odds)


class Marks:
    """Draws the marks onto a reusable translucent layer; `time` drives pulses. `drawn` lists the marks of the
    current frame (the drawing model tests and the review read), cleared by `new_frame`."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.time = 0.0
        self.drawn: list[Mark] = []
        self.stirred = -PULSE_SECONDS  # `time` of the last input: pulses run a while after it, then rest
        self.moving = False  # this frame drew a pulse or a turning ring that still moves

    def new_frame(self) -> None:
        """Forget the last frame's marks."""
        self.drawn = []
        self.moving = False

    def stir(self) -> None:
        """Input (or a new position): the pulses move again for `PULSE_SECONDS`."""
        self.stirred = self.time

    def _liveliness(self) -> float:
        """1 while pulses move, easing to 0 as they come to rest after the last input (a waiting board draws
        nothing); reading it says that this frame shows moving marks."""
        k = max(0.0, min(1.0, (self.stirred + PULSE_SECONDS - self.time) / CALM_SECONDS))
        self.moving = self.moving or k > 0
        return k

    def wave(self, speed: float) -> float:
        """0..1 pulsing at `speed` radians a second, settling at 0.5 once the board has rested a while."""
        return 0.5 + 0.5 * math.sin(self.time * speed) * self._liveliness()

    def spin(self, speed: float) -> float:
        """An angle turning at `speed` radians a second, standing still once the board has rested a while."""
        self._liveliness()
        return min(self.time, self.stirred + PULSE_SECONDS) * speed

    def begin(self, size: tuple[int, int], area: pygame.Rect | None = None) -> pygame.Surface:
        """A transparent layer the size of the window, cleared within `area` (the whole layer by default): marks
        are drawn there only, so the caller blits that part alone."""
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        self.layer.fill(palette.CLEAR, area)
        return self.layer

    @property
    def pulse(self) -> float:
        """0..1, a slow pulse for selections and hints."""
        return self.wave(5)

    def ring(self, layer: pygame.Surface, layout: BoardLayout, cell: str, colour: Paint = palette.SELECT) -> None:
        """A glowing ring around the selected piece."""
        self.drawn.append(Mark("ring", cell))
        cx, cy = layout.cell_center(cell)
        r = layout.cell * 0.5
        pygame.draw.circle(
            layer, palette.with_alpha(colour, 70 + int(40 * self.pulse)), (cx, cy), r, max(3, layout.cell // 12)
        )
        pygame.draw.circle(layer, palette.with_alpha(colour, 230), (cx, cy), r - layout.cell // 14, 2)

    def corner_ticks(self, layer: pygame.Surface, layout: BoardLayout, cells: set[str]) -> None:
        """Soft corner ticks on pieces that can act (so a new player sees what to click)."""
        for cell in cells:
            self.drawn.append(Mark("ticks", cell))
            rect = layout.cell_rect(*cell_xy(cell)).inflate(-4, -4)
            k = max(4, layout.cell // 7)
            colour = palette.with_alpha(palette.SELECT, 120)
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
        pygame.draw.circle(layer, palette.with_alpha(palette.DARK_INK, 90), (cx + 1, cy + 2), r + 2)
        pygame.draw.circle(layer, palette.with_alpha(palette.MOVE_MARK, 235 if hot else 190), (cx, cy), r)
        if hot:
            dashed_ring(
                layer, (cx, cy), layout.cell * 0.38, palette.with_alpha(palette.MOVE_MARK, 220), 2, 14, self.spin(1.5)
            )

    def attack(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        cell: str,
        hot: bool,
        badge: str = "",
        badge_bg: Paint | None = None,
        keep_clear: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect | None:
        """An attack target: a crosshair, with an optional badge (damage, odds) at its upper right, else at the first
        corner clear of `keep_clear` (the pieces' own numbers), on `badge_bg` (the attack's red unless the mode says
        how good the odds are); returns where the badge went."""
        bg = badge_bg or palette.ATTACK
        self.drawn.append(Mark("crosshair", cell, badge, tuple(bg)))
        cx, cy = layout.cell_center(cell)
        r = layout.cell * 0.44
        crosshair(
            layer, (cx, cy), r, palette.with_alpha(palette.ATTACK, 255 if hot else 210), max(2, layout.cell // 22)
        )
        if badge:
            fg = palette.WHITE if badge_bg is None else ink_on(bg)
            size = max(10, layout.cell // 5)
            corners = [(cx + dx * r * 0.72, cy + dy * r * 0.72) for dx, dy in ((1, -1), (-1, -1), (1, 1), (-1, 1))]
            spots = [badge_rect(badge, size) for _ in corners]
            for spot, corner in zip(spots, corners, strict=True):
                spot.center = (int(corner[0]), int(corner[1]))
            best = next((i for i, spot in enumerate(spots) if spot.collidelist(list(keep_clear)) < 0), 0)
            return text_badge(layer, badge, corners[best], size, fg, bg)
        return None

    def plus_badge(self, layer: pygame.Surface, layout: BoardLayout, a: str, b: str, hot: bool) -> pygame.Rect:
        """A '+' badge on the edge between two cells (give from a to b); returns its clickable rect."""
        self.drawn.append(Mark("plus", b, a))
        x, y = edge_point(layout, a, b)
        r = max(9, layout.cell // 7)
        pygame.draw.circle(layer, palette.with_alpha(palette.TRANSFER_SHADOW, 200), (x + 1, y + 2), r + 2)
        pygame.draw.circle(layer, palette.with_alpha(palette.TRANSFER, 255 if hot else 225), (x, y), r)
        pygame.draw.circle(layer, palette.with_alpha(palette.TRANSFER_INK, 255), (x, y), r, 2)
        w = max(2, r // 4)
        pygame.draw.line(layer, palette.TRANSFER_INK, (x - r * 0.5, y), (x + r * 0.5, y), w)
        pygame.draw.line(layer, palette.TRANSFER_INK, (x, y - r * 0.5), (x, y + r * 0.5), w)
        return pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6)

    def dashed_cell(self, layer: pygame.Surface, layout: BoardLayout, cell: str, hot: bool, plus: bool = True) -> None:
        """A dashed square: a place to choose (re-entry, deployment), with a '+' inside."""
        self.drawn.append(Mark("dashed_cell", cell))
        rect = layout.cell_rect(*cell_xy(cell)).inflate(-layout.cell // 5, -layout.cell // 5)
        colour = palette.with_alpha(palette.TRANSFER, 255 if hot else 190)
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
        pygame.draw.rect(layer, palette.with_alpha(palette.WHITE, 230), rect, 3, border_radius=4)
        pygame.draw.rect(layer, palette.with_alpha(palette.DARK_INK, 160), rect.inflate(4, 4), 1, border_radius=5)

    def ghost_arrow(
        self, layer: pygame.Surface, a: Point, b: Point, colour: Paint, width: int, head: float, what: str = ""
    ) -> None:
        """A translucent arrow with a dark under-stroke (what will slide, or a suggested move: `what`, in cells)."""
        self.drawn.append(Mark("arrow", what.partition("-")[0], what))
        shapes.arrow(layer, a, b, palette.with_alpha(palette.DARK_INK, 120), width + 4, head + 3)
        shapes.arrow(layer, a, b, colour, width, head)

    def cell_tint(self, layer: pygame.Surface, layout: BoardLayout, cell: str, colour: Paint, strong: bool) -> None:
        """A square tinted and outlined in a seat's accent (strong: filled more, for the end of a move)."""
        self.drawn.append(Mark("tint_strong" if strong else "tint", cell))
        width = max(2, layout.cell // 24)
        rect = layout.cell_rect(*cell_xy(cell))
        pygame.draw.rect(layer, palette.with_alpha(colour, 95 if strong else 50), rect)
        pygame.draw.rect(layer, palette.with_alpha(colour, 235 if strong else 200), rect.inflate(-width, -width), width)

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
            pygame.draw.rect(layer, palette.with_alpha(colour, 42), rect)
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
                        palette.with_alpha(colour, 235),
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
                palette.with_alpha(palette.STRIKE_SHADOW, 200),
                (cx - r, cy - sgn * r + 2),
                (cx + r, cy + sgn * r + 2),
                max(6, layout.cell // 8),
            )
            pygame.draw.line(
                layer,
                palette.with_alpha(palette.STRIKE, 245),
                (cx - r, cy - sgn * r),
                (cx + r, cy + sgn * r),
                max(4, layout.cell // 11),
            )


# ----- the other seats' last turn, drawn until the player acts -----
@dataclass(frozen=True)
class Chip:
    """A result on a mark's cell ("taken", "−7"), on a fill (the side it favours)."""

    text: str
    colour: tuple[int, int, int]


@dataclass(frozen=True)
class TurnStep:
    """One decision of a turn as the mode's `turn_marks` reads it: where it stands in the log, the seat that made
    it, the seat whose turn it was, the typed action, the events it and the chance outcomes after it caused, and
    the position before it (read-only)."""

    index: int
    seat: int
    owner: int
    action: object
    events: tuple[object, ...]
    before: object


#: The kinds of turn marks: arrows (`move`, `attack` with a ring round the battle's cell, and the thinner `follow`
#: for what an action set going: pushes, a retreat), `turn` (an arc round a piece), `plus` ("+N"), `place` (a
#: piece brought on), `hit` (a piece struck where it stands) and `chip` (a result alone).
ARROW_KINDS = ("move", "attack", "follow")


@dataclass(frozen=True)
class TurnMark:
    """One thing a turn did, drawn on the board: its `kind` (see `ARROW_KINDS`), the `seat` whose colour it takes,
    its `cells` (from, to for an arrow; the cell otherwise), whether it is its action's `lead` mark (which carries
    the action's number), an `amount` ("+N", or a turn's eighths, clockwise positive), a turn's final `facing`
    (eighths from north, clockwise), a result `chip` on its last cell, and `clear`: an arrow that keeps off the
    pieces at its ends (a die's value must stay readable). The board sets `number` (1, 2, …) on the lead marks in
    the order of the turn."""

    kind: str
    seat: int
    cells: tuple[str, ...]
    lead: bool = False
    amount: int = 0
    facing: int = -1
    chip: Chip | None = None
    clear: bool = False
    number: int = 0


def ink_on(colour: Sequence[int]) -> tuple[int, int, int]:
    """Dark lettering on a light fill, light lettering on a dark one."""
    r, g, b = colour[0], colour[1], colour[2]
    return palette.DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else palette.WHITE


def number_marks(marks: Iterable[TurnMark]) -> list[TurnMark]:
    """The marks with their actions' numbers (one per lead mark, in order) and the "+N" of one seat on one cell
    added up into one mark (reinforcements placed one by one)."""
    out: list[TurnMark] = []
    plus: dict[tuple[int, str], int] = {}
    number = 0
    for mark in marks:
        if mark.kind == "plus":
            key = (mark.seat, mark.cells[0])
            if key in plus:
                old = out[plus[key]]
                out[plus[key]] = replace(old, amount=old.amount + mark.amount)
                continue
            plus[key] = len(out)
        if mark.lead:
            number += 1
            mark = replace(mark, number=number)
        out.append(mark)
    return out


class TurnPainter:
    """Draws a turn's marks like a finished diagram: arrows in the seat's colour over a dark under-stroke, small
    numbered badges, "+N" badges, turn arcs and result chips, readable on light and dark squares alike."""

    def __init__(self, marks: Marks) -> None:
        self.marks = marks
        self.number_rects: list[pygame.Rect] = []  # where the last frame's action numbers went
        self.arrow_segments: list[Segment] = []  # where the last frame's arrows went
        self.keep_clear: Sequence[pygame.Rect] = ()  # the pieces' own numbers, which arrows and numbers keep off

    def draw_under(self, layer: pygame.Surface, layout: BoardLayout, turn: Sequence[TurnMark], colour: Colour) -> None:
        """Under the pieces: the squares an action ended on, lightly tinted in its seat's colour, and the ring of
        each battle (under the piece, so its count stays readable)."""
        for mark in turn:
            if mark.kind in ("move", "attack", "turn") and not mark.clear:
                rect = layout.cell_rect(*cell_xy(mark.cells[-1]))
                pygame.draw.rect(layer, palette.with_alpha(colour(mark.seat), 46), rect)
            if mark.kind == "attack":
                self._battle_ring(layer, layout, mark.cells[-1], colour(mark.seat))

    def draw_over(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        turn: Sequence[TurnMark],
        colour: Colour,
        keep_clear: Sequence[pygame.Rect] = (),
    ) -> None:
        """Over the pieces: arrows first (thin ones under thick ones), then the arcs and the rings of struck or
        returned pieces, then "+N" and the chips, the numbers last, so nothing hides a number; the numbers keep off
        `keep_clear` (the pieces' own numbers) where a place nearby allows."""
        self.number_rects = []
        self.arrow_segments = []
        self.keep_clear = keep_clear
        lanes = _lanes(turn)
        badges: list[tuple[Point, TurnMark]] = []
        for i in sorted(range(len(turn)), key=lambda i: turn[i].kind != "follow"):
            point = self._shape(layer, layout, turn[i], colour(turn[i].seat), lanes[i])
            if turn[i].lead:
                badges.append((point, turn[i]))
        placed: list[pygame.Rect] = []  # numbers keep off the "+N" badges, the chips and one another
        for mark in turn:
            if mark.kind == "plus":
                placed.append(self._plus(layer, layout, mark, colour(mark.seat)))
            if mark.chip is not None:
                placed.append(self._chip(layer, layout, mark.cells[-1], mark.chip))
        for point, mark in badges:
            rect = self._number(layer, layout, point, mark, colour(mark.seat), placed, keep_clear)
            placed.append(rect)
            self.number_rects.append(rect)

    def _shape(self, layer: pygame.Surface, layout: BoardLayout, mark: TurnMark, paint: Paint, lane: float) -> Point:
        """A mark's arrow, arc or ring; returns where its number goes."""
        cell = layout.cell
        x, y = layout.cell_center(mark.cells[0])
        corner = (x - cell * 0.34, y - cell * 0.34)
        if mark.kind in ARROW_KINDS:
            a, b = self._arrow(layer, layout, mark, paint, lane)
            return _badge_point(a, b, cell)
        if mark.kind == "turn":
            self._turn(layer, layout, mark, paint)
        elif mark.kind == "hit":
            r = cell * 0.46
            pygame.draw.circle(layer, palette.with_alpha(palette.DARK_INK, 150), (x, y), r, max(3, cell // 16) + 2)
            pygame.draw.circle(layer, palette.with_alpha(paint, 235), (x, y), r, max(2, cell // 16))
            self.marks.drawn.append(Mark("turn_hit", mark.cells[0]))
        elif mark.kind == "place":
            dashed_ring(layer, (x, y), cell * 0.44, palette.with_alpha(paint, 235), max(2, cell // 20))
            self.marks.drawn.append(Mark("turn_place", mark.cells[0]))
        return corner

    def _arrow(self, layer: pygame.Surface, layout: BoardLayout, mark: TurnMark, paint: Paint, lane: float) -> Segment:
        """One arrow from its first cell to its last, moved sideways into its `lane` when others share the way."""
        cell = layout.cell
        a, b = layout.cell_center(mark.cells[0]), layout.cell_center(mark.cells[-1])
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        shift = lane * cell * 0.16
        begin = 0.3 if mark.clear else 0.1
        a = (a[0] - uy * shift + ux * cell * begin, a[1] + ux * shift + uy * cell * begin)
        stop = 0.34 if mark.clear else 0.3 if mark.kind == "attack" else 0.16
        b = (b[0] - uy * shift - ux * cell * stop, b[1] + ux * shift - uy * cell * stop)
        thin = mark.kind == "follow"
        width = max(2, cell // (22 if thin else 13))
        head = max(8.0, cell * (0.17 if thin else 0.24))
        a, b = keep_off(a, b, self.keep_clear, width / 2 + 2, cell * 0.45, cell * 0.3)
        self.arrow_segments.append((a, b))
        shapes.arrow(layer, a, b, palette.with_alpha(palette.DARK_INK, 130 if thin else 160), width + 4, head + 4)
        shapes.arrow(layer, a, b, palette.with_alpha(paint, 200 if thin else 245), width, head)
        self.marks.drawn.append(Mark(f"turn_{mark.kind}", mark.cells[-1], "-".join((mark.cells[0], mark.cells[-1]))))
        return a, b

    def _battle_ring(self, layer: pygame.Surface, layout: BoardLayout, cell: str, paint: Paint) -> None:
        """Where a battle was fought: a ring of the attacker's colour with eight short rays, a clash (not the
        crosshair, which marks a target the player may attack)."""
        x, y = layout.cell_center(cell)
        r = layout.cell * 0.44
        width = max(2, layout.cell // 20)
        pygame.draw.circle(layer, palette.with_alpha(palette.DARK_INK, 150), (x, y), r, width + 3)
        pygame.draw.circle(layer, palette.with_alpha(paint, 240), (x, y), r, width)
        for k in range(8):
            angle = math.pi / 8 + k * math.pi / 4
            dx, dy = math.cos(angle), math.sin(angle)
            a, b = (x + dx * r * 1.04, y + dy * r * 1.04), (x + dx * r * 1.2, y + dy * r * 1.2)
            pygame.draw.line(layer, palette.with_alpha(palette.DARK_INK, 150), a, b, width + 3)
            pygame.draw.line(layer, palette.with_alpha(paint, 240), a, b, width)
        self.marks.drawn.append(Mark("turn_battle", cell))

    def _turn(self, layer: pygame.Surface, layout: BoardLayout, mark: TurnMark, paint: Paint) -> None:
        """A turn on the spot: an arc round the piece from its old facing to its new one, with a head."""
        x, y = layout.cell_center(mark.cells[0])
        r = layout.cell * 0.45
        end = mark.facing % 8
        start = (end - mark.amount) % 8
        sweep = mark.amount * math.pi / 4
        # Facings count clockwise from north; on screen y grows downwards.
        a0 = start * math.pi / 4 - math.pi / 2
        steps = max(6, abs(mark.amount) * 6)
        points = [
            (x + math.cos(a0 + sweep * k / steps) * r, y + math.sin(a0 + sweep * k / steps) * r)
            for k in range(steps + 1)
        ]
        width = max(2, layout.cell // 18)
        if len(points) > 1:
            pygame.draw.lines(layer, palette.with_alpha(palette.DARK_INK, 150), False, points, width + 4)
            pygame.draw.lines(layer, palette.with_alpha(paint, 245), False, points, width)
            shapes.arrow(
                layer, points[-2], points[-1], palette.with_alpha(paint, 245), width, max(8.0, layout.cell * 0.16)
            )
        self.marks.drawn.append(Mark("turn_turn", mark.cells[0], f"{mark.amount:+d}"))

    def _plus(self, layer: pygame.Surface, layout: BoardLayout, mark: TurnMark, paint: Paint) -> pygame.Rect:
        """The "+N" at a cell's upper left (a stack's count sits at its upper right); returns where."""
        x, y = layout.cell_center(mark.cells[0])
        size = max(11, layout.cell // 4)
        text = f"+{mark.amount}"
        self.marks.drawn.append(Mark("turn_plus", mark.cells[0], text))
        return text_badge(layer, text, (x - layout.cell * 0.3, y - layout.cell * 0.33), size, ink_on(paint), paint)

    def _chip(self, layer: pygame.Surface, layout: BoardLayout, cell: str, chip: Chip) -> pygame.Rect:
        """A result chip across the bottom edge of the cell; returns where."""
        x, y = layout.cell_center(cell)
        size = max(11, layout.cell // 5)
        self.marks.drawn.append(Mark("turn_chip", cell, chip.text))
        return text_badge(layer, chip.text, (x, y + layout.cell * 0.38), size, ink_on(chip.colour), chip.colour)

    def _number(
        self,
        layer: pygame.Surface,
        layout: BoardLayout,
        point: Point,
        mark: TurnMark,
        paint: Paint,
        placed: list[pygame.Rect],
        keep_clear: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect:
        """The action's number on a light diamond edged in its seat's colour (a piece's count is a dark disc: the two
        never look alike), nudged off the numbers already placed and off the pieces' own numbers."""
        r = max(8, int(layout.cell * 0.16))
        x, y = point
        rect = pygame.Rect(0, 0, int(2.4 * r) + 2, int(2.4 * r) + 2)
        rect.center = (int(x), int(y))
        steps = ((0, 0), (r, -r), (-r, -r), (r, r), (-r, r), (2 * r, 0), (-2 * r, 0), (0, -2 * r), (0, 2 * r))
        spots = [rect.move(dx, dy) for dx, dy in steps]
        spots += [rect.move(2 * dx, 2 * dy) for dx, dy in steps[1:]]
        # The first free place nearby: where it belongs, else a step to a side, then further; clear of the pieces'
        # numbers where one is free, else at least of the other marks.
        free = [spot for spot in spots if spot.collidelist(placed) < 0 and layout.frame.contains(spot)]
        clear = [spot for spot in free if spot.collidelist(list(keep_clear)) < 0]
        rect = (clear or free or spots)[0]
        x, y = rect.center
        k = r * 1.2
        diamond = [(x, y - k), (x + k, y), (x, y + k), (x - k, y)]
        pygame.draw.polygon(layer, palette.with_alpha(palette.DARK_INK, 170), [(px + 1, py + 2) for px, py in diamond])
        pygame.draw.polygon(layer, palette.IVORY, diamond)
        pygame.draw.polygon(layer, paint, diamond, max(2, r // 4))
        pygame.draw.polygon(layer, palette.DARK_INK, diamond, 1)
        lettering.label(layer, str(mark.number), max(9, int(r * 1.1)), palette.DARK_INK, center=(x, y + 1), bold=True)
        self.marks.drawn.append(Mark("turn_number", mark.cells[-1], str(mark.number)))
        return rect


def keep_off(a: Point, b: Point, rects: Sequence[pygame.Rect], margin: float, least: float, aside: float) -> Segment:
    """The segment a→b kept off `rects` (grown by `margin`): as it is, else moved `aside` pixels to either side,
    else shortened at the end nearer each rect it crosses (never below `least`); as it is where nothing helps."""
    if not rects:
        return a, b
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    grown = [rect.inflate(int(2 * margin), int(2 * margin)) for rect in rects]
    for k in (0.0, aside, -aside):
        moved = (a[0] + nx * k, a[1] + ny * k), (b[0] + nx * k, b[1] + ny * k)
        if not any(rect.clipline(*moved) for rect in grown):
            return moved
    return _trimmed(a, b, grown, least)


def _trimmed(a: Point, b: Point, rects: Sequence[pygame.Rect], least: float) -> Segment:
    """a→b shortened at the end nearer each of `rects` it crosses; as it is where that leaves less than `least`."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length <= least:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start, end = 0.0, length
    for rect in rects:
        touched = rect.clipline(a, b)
        if not touched:
            continue
        t1, t2 = sorted((x - a[0]) * ux + (y - a[1]) * uy for x, y in touched)
        if t1 + t2 < length:
            start = max(start, t2 + 1)
        else:
            end = min(end, t1 - 1)
    if end - start < least:
        return a, b
    return (a[0] + ux * start, a[1] + uy * start), (a[0] + ux * end, a[1] + uy * end)


def _badge_point(a: Point, b: Point, cell: int) -> Point:
    """Where an arrow's number goes: on a long arrow, on its shaft near its start (plainly its own, even where
    arrows cross further on); on a short one, beside its middle, so the number does not hide it."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if length >= cell * 1.4:
        return a[0] + ux * cell * 0.45, a[1] + uy * cell * 0.45
    by = cell * 0.27
    return (a[0] + b[0]) / 2 - uy * by, (a[1] + b[1]) / 2 + ux * by


def _lanes(turn: Sequence[TurnMark]) -> list[float]:
    """For each mark, how far to move its arrow sideways: arrows between the same two cells (either way) spread
    out side by side instead of lying on one another."""
    groups: dict[frozenset[str], list[int]] = {}
    for i, mark in enumerate(turn):
        if mark.kind in ARROW_KINDS and len(mark.cells) > 1:
            groups.setdefault(frozenset((mark.cells[0], mark.cells[-1])), []).append(i)
    lanes = [0.0] * len(turn)
    for members in groups.values():
        for k, i in enumerate(members):
            lane = k - (len(members) - 1) / 2
            # The way back runs on the other side of the line: flip it so both spread apart.
            lanes[i] = lane if turn[i].cells[0] <= turn[i].cells[-1] else -lane
    return lanes
