"""Dice Strip: the template mode. A tiny complete mode kept under the tests, registered by one `ModeSpec`
(`SPEC`), that proves a mode needs nothing but its own folder and its registry entry (docs/adding-a-mode.md).

Two seats race two tokens along a strip. At the start of a turn the seat rolls a d6 (a chance node), then runs
the rolled number of cells or walks one; landing on the other token sends it back to the start. The first token
past the last cell wins; a game long past its turn limit is a draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.engine import registry

HERE = Path(__file__).resolve().parent

#: The one registry entry of the mode.
SPEC = registry.ModeSpec(
    "dice_strip",
    scene="tests.template_mode.view:DiceStripScene",
    emblem="tests.template_mode.view:draw_emblem",
    data=(str(HERE / "levels"),),
    engine="tests.template_mode.engine:make_game",
    reasons="tests.template_mode.engine:DiceStripReason",
)


@contextmanager
def registered() -> Iterator[registry.ModeSpec]:
    """The registry with the template mode added at the end for the duration (then as it was)."""
    before = registry.MODES
    registry.MODES = (*before, SPEC)
    try:
        yield SPEC
    finally:
        registry.MODES = before
