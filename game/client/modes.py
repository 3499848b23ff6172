"""Which modes the menu offers and which scene plays each, read from the mode registry each time it is asked (so a
mode registered later, as the tests' template mode is, is offered like the others; scenes imported lazily)."""

from __future__ import annotations

from collections.abc import Iterator

from game.client.i18n import Keys
from game.engine import registry
from game.engine.core import State
from game.online.protocol import RESIGNATION


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


def _board_specs() -> list[registry.ModeSpec]:
    """The specs of every registered board game (modes with rules), playable or not."""
    return [spec for spec in registry.MODES if spec.board]


def reason_slug(reason: object) -> str:
    """An outcome reason as its text key names it ("turn limit: draw" -> "turn_limit_draw")."""
    return str(reason).replace(" ", "_").replace(":", "")


def _reasons() -> Iterator[tuple[str, str]]:
    """(mode, reason) for every outcome reason of every board game, resignation included."""
    for spec in _board_specs():
        reasons = [*(registry.load(spec.name).reasons or ()), RESIGNATION]
        yield from ((spec.name, reason_slug(reason)) for reason in reasons)


def _counted() -> list[str]:
    """The board games whose rules count their turns or rounds against a limit (their state has `progress`)."""
    states = {spec.name: type(registry.load(spec.name).initial_state()) for spec in _board_specs()}
    return [mode for mode, state in states.items() if state.progress is not State.progress]


# The texts every mode has under its own name ('<mode>.…'), found by convention in its part of the tables.
MODE = Keys("mode.{}", menu_modes)
MODE_BLURB = Keys("mode.{}.blurb", menu_modes)
UNAVAILABLE = Keys("msg.mode_unavailable.{}", ("no_rules", "no_board"))
#: The key help under the board's panel, and the status line's hint.
KEYS_HELP = Keys("{}.keys", lambda: [spec.name for spec in _board_specs()])
STATUS_HINT = Keys("{}.status.hint", lambda: [spec.name for spec in _board_specs()])
#: Why a game ended, by the mode's outcome reasons.
REASON = Keys("{}.reason.{}", pairs=_reasons)
#: The turn or round counted against the limit: on the board, and mid-sentence in the Games list.
COUNT = Keys("{}.count", _counted)
PROGRESS = Keys("{}.games.progress", _counted)
#: A mode's own words where it has them: "X to move", its lessons' key help and pieces, its seats and sides.
TO_MOVE = Keys("{}.to_move", lambda: [spec.name for spec in _board_specs()], optional=True)
LESSON_KEYS = Keys("learn.keys.{}", lambda: [spec.name for spec in _board_specs()], optional=True)
LESSON_PIECE = Keys("learn.piece.{}", lambda: [spec.name for spec in _board_specs()], optional=True)
