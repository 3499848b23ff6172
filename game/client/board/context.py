"""What reaches the board from outside its own turn flow: a screenshot or test context on entering (moves to play,
a review or replay to open, a preparation), and the pointer's intents, held clicks included, for the mode."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.board.input import Hover, Press

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene


def _notations(play: object) -> list[str]:
    """A context's `play`: the notations to commit first (none when it names none)."""
    return [str(text) for text in play] if isinstance(play, list) else []


def _entry(entry: object) -> int:
    """A context's `entry` or `review`: a move-list entry (0, the start, when it names none)."""
    return entry if isinstance(entry, int) else 0


def apply_context(scene: BoardScene, context: dict[str, object]) -> None:
    """Pre-play `play` (notations), open the replay at `entry` or the review at `review`, then call `prepare` with
    the settled scene."""
    for text in _notations(context.get("play")):
        scene.turns.commit(scene.live.state.action_from_str(text))
        scene.queue.skip()
    review = context.get("review")
    if scene.reviewer.replay is not None:
        scene.queue.clear()
        scene.reviewer.start(_entry(context.get("entry")))
    elif review is not None:
        scene.settle_now()
        scene.turns.game_over_shown = scene.live.is_over  # reviewing a finished game: its card was seen
        scene.reviewer.start(_entry(review))
    prepare = context.get("prepare")
    if callable(prepare):
        scene.settle_now()
        prepare(scene)


def pointer_event(scene: BoardScene, event: pygame.event.Event) -> None:
    """The mode's pointer intents (hover always, the rest only when input is taken); a press the mode grabs lets a
    drag start from it."""
    intent = scene.tracker.pointer(event, scene.layout)
    if isinstance(intent, Press):
        if scene.accepting_input and scene.view.pointer(intent) and intent.cell and intent.pos:
            scene.tracker.grab = (intent.cell, intent.pos)
    elif intent is not None and (scene.accepting_input or isinstance(intent, Hover)):
        scene.view.pointer(intent)


def pointer_tick(scene: BoardScene, dt: float) -> None:
    """Time for a held press: once it becomes a `Hold`, the mode may act on it (its release is then ignored)."""
    held = scene.tracker.tick(dt)
    if held is not None and scene.accepting_input:
        scene.tracker.hold_taken = scene.view.pointer(held)
