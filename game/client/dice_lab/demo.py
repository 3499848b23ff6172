"""Set-ups of the Lab that `--screenshot` captures (and tests reuse): each tab with its dice landed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.client.dice_lab.alkemy_tab import AlkemyTab
from game.client.dice_lab.inputs import StepValue

if TYPE_CHECKING:
    from game.client.dice_lab.scene import DiceLabScene

SHOT_SEED = 7


def _inputs(scene: DiceLabScene, steppers: dict[str, StepValue], entries: dict[str, str] | None = None) -> None:
    """Set the open tab's steppers and text fields as a player would leave them."""
    tab = scene.tab
    for key, value in steppers.items():
        tab.steppers[key].accept(value)
    for key, text in (entries or {}).items():
        tab.set_entry(key, text)
    scene._changed()
    scene._build_tab()
    scene.set_seed(SHOT_SEED)
    if scene.seed_entry is not None:
        scene.seed_entry.set_text(str(SHOT_SEED))


def alkemy(scene: DiceLabScene) -> None:
    """Yellow dice with two bonus dice, rolled, and another pair than the best one kept."""
    _inputs(scene, {"attribute": 8, "difficulty": 15, "health": "yellow", "bonus": 2, "penalty": 0})
    scene.roll_many(1000)
    scene.roll()
    scene.skip()
    tab = scene.tab
    if not isinstance(tab, AlkemyTab) or tab.last is None:
        raise RuntimeError("the Alkemy tab shows no roll")
    default = tab.last.kept_indices
    other = next((i, j) for i in range(4) for j in range(i + 1, 4) if (i, j) != default)
    scene.show_look(scene.tab.pick_die((0, other[0])))
    scene.show_look(scene.tab.pick_die((0, other[1])))


def opposed(scene: DiceLabScene) -> None:
    """Equal attributes (ties reroll), one side wounded with a bonus die."""
    _inputs(scene, {"a.attribute": 5, "a.health": "yellow", "a.bonus": 1, "b.attribute": 5, "b.health": "white"})
    scene.roll()
    scene.skip()


def d18(scene: DiceLabScene) -> None:
    """The d18 from a d3 and a d6."""
    _inputs(scene, {"helper": "d18"})
    scene.roll_many(1000)
    scene.roll()
    scene.skip()


def free(scene: DiceLabScene) -> None:
    """Three expressions compared, 1000 rolls of the first overlaid."""
    _inputs(scene, {"view": "exact"}, {"expr0": "3d6", "expr1": "4d6kh3", "expr2": "2d6+3"})
    scene.roll_many(1000)
    scene.roll()
    scene.skip()


SCRIPTS: dict[str, Callable[[DiceLabScene], None]] = {"alkemy": alkemy, "opposed": opposed, "d18": d18, "free": free}


def screenshot_states() -> list[tuple[str, dict[str, object]]]:
    """(name, context) for each tab: `dice_lab_alkemy`, `dice_lab_opposed`, `dice_lab_d18`, `dice_lab_free`."""
    return [(name, {"tab": name, "script": script, "_frames": 6}) for name, script in SCRIPTS.items()]
