"""Which modes the menu offers and which board scene plays each (imported lazily)."""

from __future__ import annotations

import importlib.util

from game.engine import registry

# Board scene of each mode, as 'module:Class' so importing the menu never imports a board.
GAME_SCENES: dict[str, str] = {
    "kubtafl": "game.client.kubtafl.scene:KubtaflScene",
    "checkrisk": "game.client.checkrisk.scene:CheckRiskScene",
    "battle_checkers": "game.client.battle_checkers.scene:BattleCheckersScene",
    "dice_lab": "game.client.dice_lab.scene:DiceLabScene",
}

# Modes with a scene but no rules in the engine registry: the Dice Lab works on game.engine.dice directly.
SCENE_ONLY: tuple[str, ...] = ("dice_lab",)

# Every mode the menu lists, in menu order.
MENU_MODES: tuple[str, ...] = ("kubtafl", "checkrisk", "battle_checkers", "dice_lab")


def scene_available(mode: str) -> bool:
    """True when the board scene module of `mode` exists."""
    target = GAME_SCENES.get(mode)
    if target is None:
        return False
    module = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def playable(mode: str) -> bool:
    """True when `mode` has rules in the engine registry (or needs none) and a scene in the client."""
    return (mode in registry.modes() or mode in SCENE_ONLY) and scene_available(mode)


def unavailable_reason(mode: str) -> str:
    """Why `mode` cannot be played yet: "no_rules" (the engine has none for it), "no_board" (the client has no
    scene for it), or "" when it is playable."""
    if not (mode in registry.modes() or mode in SCENE_ONLY):
        return "no_rules"
    return "" if scene_available(mode) else "no_board"


def playable_modes() -> list[str]:
    """The menu modes that can be played now."""
    return [m for m in MENU_MODES if playable(m)]


def board_modes() -> list[str]:
    """The playable modes that are board games with a session (seats, dice RNG, undo): all but the Lab."""
    return [m for m in playable_modes() if m not in SCENE_ONLY]
