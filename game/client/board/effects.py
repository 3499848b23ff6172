"""Decorative effects over a board, drawn from the animation queue's `Effect`s by kind: floating text, particle
bursts, sparks, orbs flying between cells, a victory glow, and the board shake. A mode adds its own kinds with
`Effects.register(kind, drawer)`; the animator's helpers start the common ones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.client import lettering, palette
from game.client.anim import Effect
from game.client.board.layout import BoardLayout

Drawer = Callable[[pygame.Surface, BoardLayout, Effect], None]
Particle = tuple[float, float, float, float, tuple[int, int, int]]
MAX_SHAKE = 4.0  # pixels (ART.md: a board shake of at most 4 px)


def particles(rng: random.Random, colours: list[tuple[int, int, int]], count: int = 22) -> list[Particle]:
    """Random particles for a burst: (vx, vy, size, lag, colour)."""
    parts = []
    for _ in range(count):
        angle = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(0.6, 1.8)
        parts.append(
            (
                math.cos(angle) * speed,
                math.sin(angle) * speed,
                rng.uniform(0.05, 0.12),
                rng.uniform(0, 0.3),
                rng.choice(colours),
            )
        )
    return parts


def shake_offset(effects: list[Effect]) -> tuple[float, float]:
    """The board's offset from running shakes (≤ 4 px, decaying)."""
    dx = dy = 0.0
    for e in effects:
        if e.kind == "shake":
            amp = e.params.get("amp", 3.0) * (1 - e.t)
            dx += math.sin(e.elapsed * 90) * amp
            dy += math.cos(e.elapsed * 73) * amp * 0.6
    return max(-MAX_SHAKE, min(MAX_SHAKE, dx)), max(-MAX_SHAKE, min(MAX_SHAKE, dy))


def float_origin(e: Effect) -> tuple[float, float]:
    """Where a floating text rises from now (board coordinates): the followed piece, else its cell."""
    piece = e.params.get("follow")
    if piece is not None:
        return float(piece.x), float(piece.y)
    return e.params["x"], e.params["y"]


def _float(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    delay = e.params.get("delay", 0.0) / max(e.duration, 1e-6)
    if e.t < delay:
        return
    u = (e.t - delay) / max(1e-6, 1 - delay)
    cell = layout.cell
    cx, cy = layout.center(*float_origin(e))
    cy -= cell * (0.25 + 0.55 * u)
    alpha = 255 if u < 0.6 else int(255 * (1 - (u - 0.6) / 0.4))
    size = max(16, int(cell * 0.46))
    img = lettering.font(size, bold=True).render(e.params["text"], True, e.params["color"])
    out = lettering.font(size, bold=True).render(e.params["text"], True, palette.DARK_INK)
    for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        out.set_alpha(alpha)
        surface.blit(out, out.get_rect(center=(cx + ox, cy + oy)))
    img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=(cx, cy)))


def _burst(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    cell = layout.cell
    ox, oy = layout.center(e.params["x"], e.params["y"])
    for vx, vy, size, lag, colour in e.params["parts"]:
        u = max(0.0, (e.t - lag * 0.3))
        px = ox + vx * cell * 0.6 * u
        py = oy + vy * cell * 0.6 * u + cell * 0.5 * u * u
        rad = max(1, int(size * cell * (1 - u)))
        pygame.draw.circle(surface, colour, (px, py), rad)


def _spark(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    t = e.t
    cx, cy = layout.center(e.params["x"], e.params["y"])
    r = layout.cell * (0.12 + 0.3 * t)
    for i in range(8):
        a = math.pi * 2 * i / 8 + 0.3
        pygame.draw.line(
            surface,
            palette.mix(palette.SPARK_HOT, palette.SPARK_COOL, t),
            (cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5),
            (cx + math.cos(a) * r, cy + math.sin(a) * r),
            max(1, int(3 * (1 - t)) + 1),
        )


def _orbs(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    cell = layout.cell
    ax, ay = layout.center(*e.params["a"])
    bx, by = layout.center(*e.params["b"])
    n = e.params["n"]
    for i in range(n):
        u = min(1.0, max(0.0, e.t * 1.4 - i * 0.4 / n))
        if 0 < u < 1:
            px = ax + (bx - ax) * u
            py = ay + (by - ay) * u - math.sin(math.pi * u) * cell * 0.25
            pygame.draw.circle(surface, palette.GAIN_ORB, (px, py), max(3, cell // 14))
            pygame.draw.circle(surface, palette.GAIN_DARK, (px, py), max(3, cell // 14), 1)


def _victory(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    t, cell = e.t, layout.cell
    cx, cy = layout.center(e.params["x"], e.params["y"])
    accent = e.params.get("colour", palette.VICTORY)
    for k in range(3):
        u = t * 1.5 - k * 0.25
        if 0 < u < 1:
            pygame.draw.circle(
                surface,
                palette.mix(accent, palette.WHITE, 0.3),
                (cx, cy),
                cell * (0.45 + 0.9 * u),
                max(1, int(5 * (1 - u))),
            )
    for i in range(12):
        a = math.pi * 2 * i / 12 + t * 1.5
        r0, r1 = cell * 0.55, cell * (0.7 + 0.35 * math.sin(t * math.pi))
        pygame.draw.line(
            surface,
            accent,
            (cx + math.cos(a) * r0, cy + math.sin(a) * r0),
            (cx + math.cos(a) * r1, cy + math.sin(a) * r1),
            2,
        )


class Effects:
    """Draws running effects by kind; kinds without a drawer (the shake) are skipped."""

    def __init__(self) -> None:
        self.drawers: dict[str, Drawer] = {
            "float": _float,
            "burst": _burst,
            "spark": _spark,
            "orbs": _orbs,
            "victory": _victory,
        }
        self.over_panel: set[str] = set()  # kinds drawn last, over the side panel (things flying to a counter)

    def register(self, kind: str, drawer: Drawer, over_panel: bool = False) -> None:
        """Draw effects of `kind` with `drawer` (a mode's own effect); `over_panel`: after the side panel, for an
        effect that travels from the board into the panel."""
        self.drawers[kind] = drawer
        if over_panel:
            self.over_panel.add(kind)

    def draw(
        self, surface: pygame.Surface, layout: BoardLayout, effects: list[Effect], over_panel: bool = False
    ) -> None:
        """Every running effect of the layer (under or over the panel), in the order they started."""
        for e in effects:
            if (e.kind in self.over_panel) != over_panel:
                continue
            drawer = self.drawers.get(e.kind)
            if drawer is not None:
                drawer(surface, layout, e)
