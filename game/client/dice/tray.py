"""The dice tray: dice tumble in, bounce and settle on the faces the caller sampled; rows per side; glow; skip."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client import lettering, palette, shapes
from game.client.anim import ease_out_cubic, speed_factor
from game.client.dice.faces import TrayDie, die_image, flicker_face, halo_image, shadow_image

TUMBLE_SECONDS = 0.95  # one die's flight at normal speed
STAGGER_SECONDS = 0.06  # between one die and the next
FLICKER_SECONDS = 0.07  # a face change while tumbling
FLICKER_FACES = 4  # other faces a die flashes in the air (few, so each is drawn once)
SETTLE_SHARE = 0.72  # from this share of the flight on, the die shows its landing face
FRAME_PX = 14  # the wooden rim, layout pixels at scale 1
RAISE = 0.1  # a hit stands this share of its size above the others, and that much larger


@dataclass
class TrayEntry:
    """One die in the tray: what it lands on and where it is now (the drawing model)."""

    group: int
    index: int
    die: TrayDie
    center: tuple[float, float] = (0.0, 0.0)  # where it comes to rest
    start: tuple[float, float] = (0.0, 0.0)
    delay: float = 0.0
    duration: float = TUMBLE_SECONDS
    spin: float = 0.0
    angle: float = 0.0  # resting tilt, degrees
    bounces: int = 3
    elapsed: float = 0.0
    shown: TrayDie | None = None  # the face on top now (a flicker while tumbling)
    flickers: list[TrayDie] = field(default_factory=list)  # the faces it flashes while in the air
    flicker_left: float = 0.0

    @property
    def t(self) -> float:
        """Flight progress 0…1 (0 before the die is thrown)."""
        if self.elapsed >= self.delay + self.duration:
            return 1.0  # checked apart from the division, which can fall a rounding error short of 1
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def settled(self) -> bool:
        """True once the die lies still on its landing face."""
        return self.t >= 1.0

    @property
    def key(self) -> tuple[int, int]:
        """(group, index): how the caller names this die."""
        return self.group, self.index


@dataclass
class DiceTray:
    """A wooden tray holding rows of dice (one row per group: a side, a pool); see the package docstring."""

    rect: pygame.Rect
    speed: Callable[[], object] = field(default=lambda: "normal")
    scale: float = 1.0
    seed: int = 0
    entries: list[TrayEntry] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    glow: set[tuple[int, int]] = field(default_factory=set)
    marked: set[tuple[int, int]] = field(default_factory=set)
    dimmed: set[tuple[int, int]] = field(default_factory=set)
    hits: set[tuple[int, int]] = field(default_factory=set)  # raised and outlined: the dice that count
    die_size: int = 0
    rolls: int = 0  # how many rolls were thrown (a fresh cosmetic stream each)
    _rng: random.Random = field(default_factory=random.Random, repr=False)
    _row_ys: list[float] = field(default_factory=list, repr=False)
    _row_h: float = 0.0

    # --- what the caller does ---------------------------------------------------------------------------
    def roll(
        self, groups: Sequence[Sequence[TrayDie]], labels: Sequence[str] = (), glow: Sequence[tuple[int, int]] = ()
    ) -> None:
        """Throw the dice of each group (a row each); they land on exactly these faces."""
        self._place(groups, labels, glow)
        rng = random.Random(self.seed * 7919 + self.rolls)
        self.rolls += 1
        order = 0
        for entry in self.entries:
            from_right = entry.group % 2 == 1
            x0 = self.rect.right + self.die_size if from_right else self.rect.left - self.die_size
            entry.start = (x0, entry.center[1] - self.rect.h * rng.uniform(0.1, 0.35))
            entry.delay = order * STAGGER_SECONDS + rng.uniform(0.0, 0.04)
            entry.duration = TUMBLE_SECONDS * rng.uniform(0.85, 1.1)
            entry.spin = rng.uniform(240, 520) * (1 if from_right else -1)
            entry.bounces = rng.randint(2, 3)
            entry.elapsed = 0.0
            entry.flickers = [flicker_face(entry.die, rng) for _ in range(FLICKER_FACES)]
            entry.shown = entry.flickers[0]
            entry.flicker_left = FLICKER_SECONDS
            order += 1
            # Drawn now, in one go: a face first met mid-tumble would cost a frame its budget.
            for face in (*entry.flickers, entry.die):
                die_image(face, self.die_size)
        self._rng = rng
        if speed_factor(self.speed()) == 0.0:
            self.skip()

    def show(
        self, groups: Sequence[Sequence[TrayDie]], labels: Sequence[str] = (), glow: Sequence[tuple[int, int]] = ()
    ) -> None:
        """Lay the dice in the tray at rest, with no throw (restoring a screen)."""
        self._place(groups, labels, glow)
        self.skip()

    def clear(self) -> None:
        """Empty the tray."""
        self.entries = []
        self.labels = []
        self.glow = set()
        self.marked = set()
        self.dimmed = set()
        self.hits = set()

    def skip(self) -> None:
        """Let every die land at once."""
        for entry in self.entries:
            entry.elapsed = entry.delay + entry.duration
            entry.shown = entry.die

    def set_glow(self, keys: Sequence[tuple[int, int]]) -> None:
        """Which dice glow (hits, kept dice), by (group, index)."""
        self.glow = set(keys)

    def set_hits(self, keys: Sequence[tuple[int, int]], dim_rest: bool = True) -> None:
        """Which dice count (a round's hits, a duel's winner), by (group, index): they stand raised and outlined,
        and with `dim_rest` every other die is dimmed, so hits read at a glance."""
        self.hits = set(keys)
        if dim_rest:
            self.dimmed = {e.key for e in self.entries if e.key not in self.hits}

    def row_y(self, group: int) -> float:
        """The middle of a row's dice (screen pixels), for a label or a count drawn beside the row."""
        ys = [e.center[1] for e in self.entries if e.group == group]
        if ys:
            return sum(ys) / len(ys)
        if group < len(self._row_ys):
            return self._row_ys[group]
        return float(self.rect.centery)

    def set_rect(self, rect: pygame.Rect, scale: float = 1.0) -> None:
        """Move or resize the tray; resting dice are laid out again."""
        self.rect = pygame.Rect(rect)
        self.scale = scale
        if self.entries:
            groups: dict[int, list[TrayDie]] = {}
            for entry in self.entries:
                groups.setdefault(entry.group, []).append(entry.die)
            state = [(e.elapsed, e.delay, e.duration) for e in self.entries]
            self._layout([groups.get(g, []) for g in range(max(groups) + 1)])
            for entry, (elapsed, delay, duration) in zip(self.entries, state, strict=True):
                entry.elapsed, entry.delay, entry.duration = elapsed, delay, duration

    @property
    def busy(self) -> bool:
        """True while any die is still tumbling."""
        return any(not e.settled for e in self.entries)

    def faces(self) -> list[list[TrayDie]]:
        """The landing faces, row by row."""
        rows: dict[int, list[TrayDie]] = {}
        for entry in self.entries:
            rows.setdefault(entry.group, []).append(entry.die)
        return [rows[g] for g in sorted(rows)]

    def die_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (group, index) of the resting die under `pos`, if any."""
        half = self.die_size * 0.55
        for entry in self.entries:
            if entry.settled and abs(pos[0] - entry.center[0]) <= half and abs(pos[1] - entry.center[1]) <= half:
                return entry.key
        return None

    def die_rect(self, key: tuple[int, int]) -> pygame.Rect:
        """Where a die rests (screen pixels)."""
        for entry in self.entries:
            if entry.key == key:
                rect = pygame.Rect(0, 0, self.die_size, self.die_size)
                rect.center = (round(entry.center[0]), round(entry.center[1]))
                return rect
        raise KeyError(key)

    # --- frame ----------------------------------------------------------------------------------------
    def follow(self, progress: float, seconds: float, last: float) -> float:
        """Drive the tumble from an animation step: from progress `last` to `progress` (0…1) of a step lasting
        `seconds` (already scaled by the speed setting); returns `progress`, to pass as `last` next time."""
        factor = speed_factor(self.speed())
        if progress >= 1.0 or factor == 0.0:
            self.skip()
        else:
            self.update(max(0.0, progress - last) * seconds * factor)
        return progress

    def update(self, dt: float) -> None:
        """Advance the tumble by `dt` real seconds (scaled by the animation-speed setting)."""
        factor = speed_factor(self.speed())
        if factor == 0.0:
            self.skip()
            return
        step = dt / factor
        rng = self._rng
        for entry in self.entries:
            if entry.settled:
                continue
            entry.elapsed += step
            if entry.t >= SETTLE_SHARE:
                entry.shown = entry.die
                continue
            entry.flicker_left -= step
            if entry.flicker_left <= 0 and entry.t > 0 and entry.flickers:
                entry.shown = rng.choice(entry.flickers)
                entry.flicker_left = FLICKER_SECONDS

    def position(self, entry: TrayEntry) -> tuple[float, float, float, float]:
        """(x, y, height above the felt, angle) of a die now."""
        t = entry.t
        if t >= 1.0:
            return entry.center[0], entry.center[1], 0.0, entry.angle
        k = ease_out_cubic(t)
        x = entry.start[0] + (entry.center[0] - entry.start[0]) * k
        y = entry.start[1] + (entry.center[1] - entry.start[1]) * k
        # Bounces: the die drops in, hops a few times lower each time, and comes to rest.
        height = abs(math.cos(math.pi * (entry.bounces + 0.5) * t)) * (1 - t) ** 2 * self.die_size * 0.9
        angle = entry.angle + entry.spin * (1 - k)
        return x, y, height, angle

    def draw(self, surface: pygame.Surface) -> None:
        """The tray, each row's label, and every die (tumbling dice are clipped to the tray)."""
        back = _tray_back(self.rect.size, max(6, round(FRAME_PX * self.scale)))
        pad = max(6, round(FRAME_PX * self.scale)) * 3
        surface.blit(back, (self.rect.x - pad, self.rect.y - pad))
        for group, label in enumerate(self.labels):
            if not label or group >= len(self._row_ys):
                continue
            img = lettering.rendered(
                lettering.font(max(10, round(15 * self.scale)), bold=True), label, palette.PARCHMENT_DARK
            )
            surface.blit(
                img,
                img.get_rect(
                    topleft=(
                        self.rect.x + round(12 * self.scale),
                        self._row_ys[group] - self._row_h / 2 + round(6 * self.scale),
                    )
                ),
            )
        clip = surface.get_clip()
        inside = self.rect.clip(clip) if clip.w else self.rect
        posed = [(self.position(e), e) for e in self.entries if e.elapsed >= e.delay]
        posed.sort(key=lambda p: p[0][2])  # higher dice over lower ones
        for where, entry in posed:
            # Dice in flight stay inside the tray; a die at rest may stand over its rim (a raised hit's outline).
            surface.set_clip(clip if entry.settled else inside)
            self._draw_die(surface, entry, where)
        surface.set_clip(clip)

    def _draw_die(self, surface: pygame.Surface, entry: TrayEntry, where: tuple[float, float, float, float]) -> None:
        x, y, height, angle = where
        size = self.die_size
        raised = entry.settled and entry.key in self.hits
        if raised:
            height = size * RAISE
        lift = 1.0 + height / max(1, size) * (1.0 if raised else 0.25)
        face = entry.shown or entry.die
        shadow = shadow_image(face, round(size * 1.05))
        off = size * 0.08 + height * 0.45
        surface.blit(shadow, shadow.get_rect(center=(x + off, y + off)))
        if entry.settled and entry.key in self.glow:
            halo = halo_image(size)
            surface.blit(halo, halo.get_rect(center=(x, y)))
        dimmed = entry.key in self.dimmed and entry.settled
        # Angles to a degree and lifts to 1/32 look the same in motion, and a resting die is turned only once.
        image = _posed(face, size, round(angle) % 360, round((lift - 1.0) * 32), dimmed)
        surface.blit(image, image.get_rect(center=(x, y - height)))
        if raised:
            _outline(surface, (x, y - height), size * lift, angle, max(2, round(size / 14)))
        if entry.key in self.marked and entry.settled:
            ring = max(2, round(3 * self.scale))
            rect = pygame.Rect(0, 0, size + ring * 4, size + ring * 4)
            rect.center = (round(x), round(y))
            pygame.draw.rect(surface, palette.SKY, rect, ring, border_radius=ring * 3)

    # --- layout ---------------------------------------------------------------------------------------
    def _place(
        self, groups: Sequence[Sequence[TrayDie]], labels: Sequence[str], glow: Sequence[tuple[int, int]]
    ) -> None:
        self.labels = list(labels)
        self.glow = set(glow)
        self.marked = set()
        self.dimmed = set()
        self.hits = set()
        self._layout(groups)

    def _layout(self, groups: Sequence[Sequence[TrayDie]]) -> None:
        rows = max(1, len(groups))
        self._row_h = self.rect.h / rows
        label_room = round(22 * self.scale) if any(self.labels) else 0
        widest = max((len(g) for g in groups), default=1) or 1
        size = min((self._row_h - label_room) * 0.78, self.rect.w * 0.92 / (widest * 1.22), 110 * self.scale)
        self.die_size = max(12, int(size))
        rng = random.Random(self.seed * 31 + self.rolls)
        self.entries = []
        self._row_ys = []
        for g, dice in enumerate(groups):
            cy = self.rect.y + self._row_h * (g + 0.5) + label_room / 2
            self._row_ys.append(self.rect.y + self._row_h * (g + 0.5))
            gap = self.die_size * 1.22
            x0 = self.rect.centerx - gap * (len(dice) - 1) / 2
            for i, die in enumerate(dice):
                # A little scatter, as dice never land in a perfect line.
                jitter = (rng.uniform(-0.08, 0.08) * self.die_size, rng.uniform(-0.06, 0.06) * self.die_size)
                entry = TrayEntry(g, i, die, (x0 + i * gap + jitter[0], cy + jitter[1]))
                entry.angle = rng.uniform(-11, 11)
                entry.shown = die
                entry.elapsed = entry.duration  # at rest until thrown
                self.entries.append(entry)


def _outline(surface: pygame.Surface, center: tuple[float, float], size: float, angle: float, width: int) -> None:
    """A bright rim around a die turned by `angle` degrees (a dark edge outside it, so it reads on any felt)."""
    half = size * 0.5 + width
    a = math.radians(-angle)
    c, s = math.cos(a), math.sin(a)
    corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
    points = [(center[0] + px * c - py * s, center[1] + px * s + py * c) for px, py in corners]
    pygame.draw.polygon(surface, palette.DARK_INK, points, width + 2)
    pygame.draw.polygon(surface, palette.WARM_LIGHT, points, width)


@lru_cache(maxsize=512)
def _posed(face: TrayDie, size: int, angle: int, lift: int, dimmed: bool) -> pygame.Surface:
    """A die's face turned by `angle` degrees and raised by `lift`/32 of its size (cached: drawn every frame)."""
    image = die_image(face, size)  # one cached size; the lift is a rotozoom, not a fresh render
    if lift > 0:
        image = pygame.transform.rotozoom(image, angle, 1.0 + lift / 32)
    elif angle:
        image = pygame.transform.rotate(image, angle)
    if dimmed:
        image = image.copy()
        image.fill((*palette.DIMMED, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


@lru_cache(maxsize=8)
def _tray_back(size: tuple[int, int], frame: int) -> pygame.Surface:
    """The wooden tray lined with dark felt, drawn once per size (with room for its frame and shadow)."""
    pad = frame * 3
    surf = pygame.Surface((size[0] + pad * 2, size[1] + pad * 2), pygame.SRCALPHA)
    inner = pygame.Rect(pad, pad, *size)
    shapes.wood_frame(surf, inner, frame, seed=5)
    felt = pygame.Surface(size)
    felt.fill(palette.shade(palette.FELT, 0.62))
    # A darker lining toward the walls, as the tray's sides shade its floor.
    small = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            d = max(abs(x - 15.5) / 16, abs(y - 8.5) / 9)
            small.set_at((x, y), (*palette.SHADOW, int(max(0.0, d - 0.55) / 0.45 * 150)))
    felt.blit(pygame.transform.smoothscale(small, size), (0, 0))
    surf.blit(felt, inner.topleft)
    pygame.draw.rect(surf, palette.TRAY_EDGE, inner, max(1, frame // 4))
    return surf
