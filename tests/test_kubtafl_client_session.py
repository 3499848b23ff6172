"""The animation queue, dice art and sound player the Kubtafl scene relies on (the session: test_play_session)."""

from __future__ import annotations

import pygame
import pytest

from game.client.anim import Anim, AnimQueue, Step
from game.client.dice import polyhedra
from game.client.sound import SoundBank

# ----- animation queue -----


def test_queue_plays_steps_in_order_and_skip_finishes_them():
    order: list[str] = []
    speed = {"value": "normal"}
    queue = AnimQueue(lambda: speed["value"])
    seen: list[float] = []
    queue.push(
        Step([Anim("a", 0.5, on_tick=seen.append)], lambda: order.append("start1"), lambda: order.append("end1"))
    )
    queue.push(Step([Anim("b", 0.5)], lambda: order.append("start2"), lambda: order.append("end2")))
    queue.update(0.25)
    assert order == ["start1"] and seen[-1] == pytest.approx(0.5)
    queue.update(0.5)  # finishes the first and carries the rest into the second
    assert order == ["start1", "end1", "start2"]
    queue.skip()
    assert order == ["start1", "end1", "start2", "end2"] and not queue.busy
    speed["value"] = "instant"
    queue.push(Step([Anim("c", 1.0)], None, lambda: order.append("end3")))
    assert order[-1] == "end3" and not queue.busy


def test_slow_speed_stretches_time():
    queue = AnimQueue(lambda: "slow")
    queue.push(Step([Anim("a", 1.0)]))
    queue.update(1.0)
    assert queue.busy
    queue.update(0.6)
    assert not queue.busy


# ----- dice art -----


def test_dice_kinds_have_distinct_silhouettes_and_sides_differ():
    pygame.init()
    masks = {}
    for kind in polyhedra.KINDS:
        surf = polyhedra.die_surface(kind, "light", polyhedra.FACES[kind], 96)
        masks[kind] = pygame.mask.from_surface(surf).count()
    assert len({masks[k] for k in ("d4", "d6", "d8", "d10", "d12", "d20")}) == 6
    light = polyhedra.die_surface("d6", "light", 6, 96)
    dark = polyhedra.die_surface("d6", "dark", 6, 96)
    assert light.get_at((48, 48))[:3] != dark.get_at((48, 48))[:3]
    assert polyhedra.value_label("d%", 10) == "00" and polyhedra.value_label("d%", 3) == "30"
    assert polyhedra.value_label("d10", 10) == "10"


# ----- sound -----


def test_sound_respects_the_setting_and_stays_silent_under_dummy_audio():
    settings = {"sound_on": True, "volume": 0.5}
    bank = SoundBank(lambda: settings)
    bank.play("impact")
    assert bank.played == ["impact"]
    settings["sound_on"] = False
    bank.play("destroy")
    assert bank.played == ["impact"]
