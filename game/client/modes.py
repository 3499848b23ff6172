"""Which modes the menu offers and which scene plays each, read from the mode registry each time it is asked (so a
mode registered later, as the tests' template mode is, is offered like the others; scenes imported lazily)."""

from __future__ import annotations

from game.engine import registry


def game_scenes() -> dict[str, str]:
    """The scene of each mode, as 'module:Class' so importing the menu never imports a board."""
    return {spec.name: spec.scene for spec in registry.MODES}


def scene_only() -> tuple[str, ...]:
    """Modes with a scene but no rules in the engine registry: the Dice Lab works on game.engine.dice directly."""
    return tuple(spec.name for spec in registry.MODES if not spec.board)


def menu_modes() -> tuple[str, ...]:
    """Every mode the menu lists, in menu order."""
    return tuple(spec.name for spec in registry.MODES)


def scene_available(mode: str) -> bool:
    """True when the scene module of `mode` exists."""
    target = game_scenes().get(mode)
    return target is not None and registry.present(target)


def playable(mode: str) -> bool:
    """True when `mode` has rules in the engine registry (or needs none) and a scene in the client."""
    return (mode in registry.modes() or mode in scene_only()) and scene_available(mode)


def unavailable_reason(mode: str) -> str:
    """Why `mode` cannot be played yet: "no_rules" (the engine has none for it), "no_board" (the client has no
    scene for it), or "" when it is playable."""
    if not (mode in registry.modes() or mode in scene_only()):
        return "no_rules"
    return "" if scene_available(mode) else "no_board"


def playable_modes() -> list[str]:
    """The menu modes that can be played now."""
    return [m for m in menu_modes() if playable(m)]


def board_modes() -> list[str]:
    """The playable modes that are board games with a session (seats, dice RNG, undo): all but the Lab."""
    return [m for m in playable_modes() if m not in scene_only()]
