"""What a die in a tray shows (`TrayDie`) and the one function that draws any kind of die (`die_image`)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from game.client import palette
from game.client.dice import cubes, polyhedra

POLYHEDRA = set(polyhedra.KINDS)
KINDS = ("pips", "d3", "alkemy", "token", *polyhedra.KINDS)
SYMBOLS = ("sword", "axe", "mace")


@dataclass(frozen=True)
class TrayDie:
    """One die as it lands: its kind, the value it shows, and how it looks.

    kind: 'pips' (a d6 with pips), 'd3', 'alkemy' (a health die), a polyhedron ('d4', 'd6', 'd8', 'd10', 'd%',
    'd12', 'd20', numerals), or 'token' (any other dN, round). `label` overrides the printed text (the d% faces
    '00'…'90'); `style` is 'light' / 'dark' (sides) or 'white' / 'yellow' / 'red' (health); `symbol` is an Alkemy
    face's weapon; `sides` is a token's number of faces; `tint` colours a pip die's body (a player's colour).
    """

    kind: str
    value: int
    label: str = ""
    style: str = "light"
    symbol: str = ""
    sides: int = 6
    tint: tuple[int, int, int] | None = None

    @property
    def text(self) -> str:
        """What is printed on the face."""
        return self.label or str(self.value)


def die_image(die: TrayDie, size: int, glow: bool = False) -> pygame.Surface:
    """The die seen from above, `size` pixels across, optionally with a golden glow (cached per face)."""
    size = max(8, int(size))
    if die.kind == "pips":
        return cubes.pip_surface(die.value, size, glow, die.style == "dark", die.tint)
    if die.kind == "d3":
        return cubes.d3_surface(die.value, size, glow)
    if die.kind == "alkemy":
        return cubes.alkemy_surface(die.style, die.value, die.symbol or "sword", size, glow)
    if die.kind in POLYHEDRA:
        return polyhedra.labelled_surface(die.kind, die.style, die.text, size, glow)
    if die.kind == "token":
        return cubes.token_surface(die.text, die.sides, size, glow)
    raise ValueError(f"unknown die kind {die.kind!r}")


@lru_cache(maxsize=16)
def halo_image(size: int) -> pygame.Surface:
    """A soft golden glow to draw behind a die `size` pixels across (hits, kept dice), about 1.7× its size."""
    side = max(8, int(size * 1.7))
    small = pygame.Surface((24, 24), pygame.SRCALPHA)
    for y in range(24):
        for x in range(24):
            d = math.hypot(x - 11.5, y - 11.5) / 12
            small.set_at((x, y), (*palette.SELECT, int(235 * max(0.0, 1 - d) ** 1.4)))
    return pygame.transform.smoothscale(small, (side, side))


def shadow_image(die: TrayDie, size: int) -> pygame.Surface:
    """A soft drop shadow for the die's silhouette."""
    if die.kind in POLYHEDRA:
        return polyhedra.shadow_surface(die.kind, size)
    if die.kind == "token":
        return polyhedra.outline_shadow(_ROUND, size)
    return polyhedra.shadow_surface("d6", size)


_ROUND = tuple(polyhedra.regular(24, 1.0, 0.0))  # a token's silhouette


def flicker_face(die: TrayDie, rng: random.Random) -> TrayDie:
    """Another face of the same die, for the tumble (cosmetic: the landing face is always the caller's)."""
    if die.kind == "pips":
        return replace(die, value=rng.randint(1, 6))
    if die.kind == "d3":
        return replace(die, value=rng.randint(1, 3))
    if die.kind == "alkemy":
        return replace(die, value=rng.randint(1, 6), symbol=rng.choice(SYMBOLS))
    if die.kind == "d%":
        return replace(die, label=f"{rng.randrange(10) * 10:02d}")
    if die.kind in POLYHEDRA:
        return replace(die, value=rng.randint(1, polyhedra.FACES[die.kind]), label="")
    return replace(die, value=rng.randint(1, max(1, die.sides)), label="")
