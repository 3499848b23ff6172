"""Battle Checkers units: a tetrahedron seen from above, a triangle pointing along its facing in its side's colour,
with a bright nose (the front), a blade along the right flank (faded once the unit has attacked) and a shield on
the left flank (dimmed once spent this turn). Orange units have a single rim, blue ones a double rim, so the
sides never rely on colour alone. Images are cached per facing step, size and flags."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.client import palette

ANGLE_STEPS = 64  # cached facings: 8 per eighth, enough for a smooth turn
SUPER = 3  # supersampling: pygame draws polygons without anti-aliasing
BLADE = palette.BLADE
SHIELD = palette.SHIELD
INK = palette.PIECE_INK


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The side's accent."""
    return palette.SEAT_COLOURS[seat % 2]


def direction(facing: float) -> tuple[float, float]:
    """The screen vector of a facing in eighths clockwise from N (north is up)."""
    a = facing * math.pi / 4
    return math.sin(a), -math.cos(a)


def unit_image(seat: int, facing: float, size: int, attack: bool = True, shield: bool = True) -> pygame.Surface:
    """A unit `size` pixels across facing `facing` (cached by facing step)."""
    step = round(facing * ANGLE_STEPS / 8) % ANGLE_STEPS
    return _unit_image(seat, step, max(8, size), attack, shield)


@lru_cache(maxsize=1024)
def _unit_image(seat: int, step: int, size: int, attack: bool, shield: bool) -> pygame.Surface:
    big = size * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    a = step * 2 * math.pi / ANGLE_STEPS
    fx, fy = math.sin(a), -math.cos(a)  # forward
    rx, ry = -fy, fx  # the unit's right, on screen

    def at(forward: float, right: float) -> tuple[float, float]:
        return c + (fx * forward + rx * right) * big, c + (fy * forward + ry * right) * big

    nose, rear_r, rear_l = at(0.42, 0.0), at(-0.3, 0.34), at(-0.3, -0.34)
    top = at(0.0, 0.0)
    colour = seat_colour(seat)
    # A soft shadow below and behind, as lit from the upper left.
    shadow = [(x + big * 0.035, y + big * 0.05) for x, y in (nose, rear_r, rear_l)]
    pygame.draw.polygon(surf, (*palette.SHADOW, 95), shadow)
    # Three faces meeting at the apex, each lit by how much it faces the light (from the upper left).
    light = (-0.6, -0.8)
    for p, q in ((nose, rear_r), (rear_r, rear_l), (rear_l, nose)):
        mx, my = (p[0] + q[0]) / 2 - c, (p[1] + q[1]) / 2 - c
        norm = math.hypot(mx, my) or 1.0
        lit = (mx * light[0] + my * light[1]) / norm
        pygame.draw.polygon(surf, palette.shade(colour, 0.78 + 0.32 * lit), [p, q, top])
    rim = max(2, big // 36)
    outline = [nose, rear_r, rear_l]
    pygame.draw.polygon(surf, INK, outline, rim)
    if seat % 2 == 1:
        # The blue side's double rim: an inner line a little inside the outer one.
        inner = [(c + (x - c) * 0.8, c + (y - c) * 0.8) for x, y in outline]
        pygame.draw.polygon(surf, palette.shade(colour, 0.45), inner, max(1, rim // 2 + 1))
    # The front: the nose lit bright, so the facing reads at a glance.
    tip = [nose, at(0.2, 0.105), at(0.2, -0.105)]
    pygame.draw.polygon(surf, palette.mix(colour, palette.BLADE_GLEAM, 0.75), tip)
    pygame.draw.polygon(surf, INK, tip, max(1, rim // 2))
    # The blade along the right flank, standing out of the edge: steel, grey once the unit has attacked.
    blade = [at(-0.24, 0.36), at(0.22, 0.165), at(0.26, 0.19), at(-0.2, 0.41)]
    hilt = [at(-0.27, 0.3), at(-0.22, 0.28), at(-0.17, 0.47), at(-0.22, 0.49)]
    steel = BLADE if attack else palette.BLADE_DOWN
    pygame.draw.polygon(surf, steel, blade)
    pygame.draw.polygon(surf, INK, blade, max(1, rim // 2))
    pygame.draw.polygon(surf, palette.HILT if attack else palette.HILT_DOWN, hilt)
    pygame.draw.polygon(surf, INK, hilt, max(1, rim // 2))
    # The shield on the left flank: a heater shield across the edge, dark once spent this turn.
    sc = at(-0.06, -0.25)
    sw, sh = 0.1, 0.13
    plate = [
        at(-0.06 + sh, -0.25 - sw),
        at(-0.06 + sh, -0.25 + sw),
        at(-0.06 - sh * 0.2, -0.25 + sw),
        at(-0.06 - sh, -0.25),
        at(-0.06 - sh * 0.2, -0.25 - sw),
    ]
    face = SHIELD if shield else palette.SHIELD_DOWN
    pygame.draw.polygon(surf, face, plate)
    pygame.draw.polygon(surf, INK, plate, max(1, rim // 2))
    if shield:
        pygame.draw.circle(surf, palette.SHIELD_GLINT, sc, big * 0.025)
    return pygame.transform.smoothscale(surf, (size, size))


def draw_emblem(surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """The side's emblem: a unit facing up."""
    image = unit_image(seat, 0.0, max(8, min(rect.w, rect.h)))
    surface.blit(image, image.get_rect(center=rect.center))


def grain(
    surface: pygame.Surface, center: tuple[float, float], r: float, colour: tuple[int, int, int], lit: bool = True
) -> None:
    """One spirit grain: a small glowing bead (dark when lost)."""
    if lit:
        pygame.draw.circle(surface, palette.shade(colour, 0.5), (center[0] + 1, center[1] + 1), r)
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, palette.GRAIN_LIGHT, (center[0] - r * 0.35, center[1] - r * 0.35), max(1, r * 0.35))
    else:
        pygame.draw.circle(surface, palette.GRAIN_DARK, center, r, max(1, int(r // 3)))
