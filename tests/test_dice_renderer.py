"""The one dice renderer and the tray: every kind draws, dice land on the caller's faces, skip and speed work."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.dice import KINDS, DiceTray, TrayDie, die_image, polyhedra

SPEED = {"value": "normal"}


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((320, 200))
    SPEED["value"] = "normal"
    yield
    pygame.quit()


def sample_dice() -> list[TrayDie]:
    """One die of every kind and style the renderer knows."""
    dice = [TrayDie("pips", v) for v in range(1, 7)] + [TrayDie("pips", 3, style="dark")]
    dice += [TrayDie("d3", v) for v in (1, 2, 3)]
    dice += [
        TrayDie("alkemy", v, style=c, symbol=s)
        for c in ("white", "yellow", "red")
        for v, s in ((1, "sword"), (2, "axe"), (6, "mace"))
    ]
    dice += [TrayDie(k, polyhedra.FACES[k], style=side) for k in polyhedra.KINDS for side in ("light", "dark")]
    dice += [TrayDie("d%", 0, label="00"), TrayDie("token", 7, sides=7), TrayDie("token", 100, sides=100)]
    return dice


def test_every_die_kind_draws_and_its_face_shows() -> None:
    seen = set()
    for die in sample_dice():
        image = die_image(die, 64)
        assert image.get_size() == (64, 64)
        assert image.get_bounding_rect().w > 40, die
        seen.add(die.kind)
    assert seen == set(KINDS)
    # A different face is a different picture, for every kind.
    pairs = [
        (TrayDie("pips", 2), TrayDie("pips", 5)),
        (TrayDie("d3", 1), TrayDie("d3", 3)),
        (TrayDie("alkemy", 3, style="red", symbol="axe"), TrayDie("alkemy", 3, style="red", symbol="mace")),
        (TrayDie("alkemy", 3, style="white"), TrayDie("alkemy", 3, style="yellow")),
        (TrayDie("d20", 7), TrayDie("d20", 17)),
        (TrayDie("token", 3, sides=7), TrayDie("token", 4, sides=7)),
    ]
    for a, b in pairs:
        assert pygame.image.tobytes(die_image(a, 48), "RGBA") != pygame.image.tobytes(die_image(b, 48), "RGBA")


def test_bad_faces_are_refused() -> None:
    with pytest.raises(ValueError):
        die_image(TrayDie("pips", 7), 40)
    with pytest.raises(ValueError):
        die_image(TrayDie("d3", 4), 40)
    with pytest.raises(ValueError):
        die_image(TrayDie("nonsense", 1), 40)


def test_kubtafl_call_draws_every_polyhedron_with_its_value_inside() -> None:
    for kind in polyhedra.KINDS:
        for side in ("light", "dark"):
            surf = polyhedra.die_surface(kind, side, polyhedra.FACES[kind], 96)
            assert surf.get_size() == (96, 96)
            box = polyhedra.value_rect(kind, polyhedra.FACES[kind], 96, (48, 48))
            assert surf.get_rect().contains(box)
    assert polyhedra.value_label("d%", 10) == "00" and polyhedra.value_label("d%", 3) == "30"
    light, dark = polyhedra.die_surface("d6", "light", 6, 96), polyhedra.die_surface("d6", "dark", 6, 96)
    assert light.get_at((48, 48)) != dark.get_at((48, 48))


def make_tray(seed: int = 0) -> DiceTray:
    return DiceTray(pygame.Rect(10, 10, 300, 180), speed=lambda: SPEED["value"], seed=seed)


GROUPS = [[TrayDie("pips", 5), TrayDie("pips", 2), TrayDie("pips", 6)], [TrayDie("pips", 1), TrayDie("pips", 4)]]


def run_until_still(tray: DiceTray, limit: int = 600) -> int:
    """Frames of 1/60 s until every die has landed; returns how many it took."""
    surface = pygame.Surface((320, 200))
    for frame in range(1, limit + 1):
        tray.update(1 / 60)
        tray.draw(surface)
        if not tray.busy:
            return frame
    raise AssertionError("the dice never settled")


def test_tray_settles_on_the_given_faces_in_rows() -> None:
    tray = make_tray()
    tray.roll(GROUPS, labels=["Attacker", "Defender"], glow=[(0, 2)])
    assert tray.busy
    run_until_still(tray)
    assert tray.faces() == GROUPS
    assert all(entry.shown == entry.die for entry in tray.entries)
    # One row per group: the attacker's dice above the defender's.
    rows = {g: [e.center[1] for e in tray.entries if e.group == g] for g in (0, 1)}
    assert max(rows[0]) < min(rows[1])
    assert tray.glow == {(0, 2)}
    assert tray.die_at(tray.die_rect((1, 1)).center) == (1, 1)


def test_tray_tumbles_through_other_faces_before_landing() -> None:
    tray = make_tray(seed=3)
    tray.roll([[TrayDie("pips", 6)] * 6])
    shown = set()
    for _ in range(20):
        tray.update(1 / 60)
        shown |= {e.shown.value for e in tray.entries if e.shown is not None}
    assert shown - {6}  # the faces flicker while the dice are in the air


def test_skip_lands_every_die_at_once() -> None:
    tray = make_tray()
    tray.roll(GROUPS)
    tray.update(1 / 60)
    tray.skip()
    assert not tray.busy
    assert [[e.shown for e in tray.entries if e.group == g] for g in (0, 1)] == GROUPS


def test_tray_follows_the_animation_speed_setting() -> None:
    took = {}
    for speed in ("slow", "normal", "fast"):
        SPEED["value"] = speed
        tray = make_tray()
        tray.roll(GROUPS)
        took[speed] = run_until_still(tray)
    assert took["slow"] > took["normal"] > took["fast"]
    SPEED["value"] = "instant"
    tray = make_tray()
    tray.roll(GROUPS)
    assert not tray.busy and tray.faces() == GROUPS


def test_cosmetic_motion_follows_the_tray_seed_only() -> None:
    def path(seed: int) -> list[tuple[float, float, float, float]]:
        tray = make_tray(seed)
        tray.roll(GROUPS)
        out = []
        for _ in range(10):
            tray.update(1 / 60)
            out += [tray.position(e) for e in tray.entries]
        return out

    dice_rng = random.Random(5)
    before = dice_rng.getstate()
    assert path(1) == path(1) != path(2)
    assert dice_rng.getstate() == before
