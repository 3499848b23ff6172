"""What reaches the board from outside its own turn flow: a screenshot or test context on entering (moves to play,
a review or replay to open, a preparation), and the pointer's intents, held clicks included, for the mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client.board.input import Hover, Press

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.input import PointerTracker
    from game.client.board.layout import BoardLayout
    from game.client.board.mode_view import ModeView
    from game.client.board.reviewing import ReviewController
    from game.client.board.signals import BoardEnv
    from game.client.board.turns import TurnFlow


def _notations(play: object) -> list[str]:
    """A context's `play`: the notations to commit first (none when it names none)."""
    return [str(text) for text in play] if isinstance(play, list) else []


def _entry(entry: object) -> int:
    """A context's `entry` or `review`: a move-list entry (0, the start, when it names none)."""
    return entry if isinstance(entry, int) else 0


def apply_context(
    context: dict[str, object],
    env: BoardEnv,
    queue: AnimQueue,
    turns: TurnFlow,
    reviewer: ReviewController,
    stage: object,
) -> None:
    """Pre-play `play` (notations), open the replay at `entry` or the review at `review`, then call `prepare` with
    `stage` (the settled board scene a screenshot or test stages its picture on)."""
    for text in _notations(context.get("play")):
        turns.commit(env.live.state.action_from_str(text))
        queue.skip()
    review = context.get("review")
    if reviewer.replay is not None:
        queue.clear()
        reviewer.start(_entry(context.get("entry")))
    elif review is not None:
        queue.skip()
        turns.settle()
        turns.game_over_shown = env.live.is_over  # reviewing a finished game: its card was seen
        reviewer.start(_entry(review))
    prepare = context.get("prepare")
    if callable(prepare):
        queue.skip()
        turns.settle()
        prepare(stage)


class PointerIntents:
    """The mode's pointer intents from the tracker over the board laid out by `layout()` (hover always, the rest
    only while `accepting()`); a press the mode grabs lets a drag start from it, a held press becomes a `Hold`."""

    def __init__(
        self,
        tracker: PointerTracker,
        view: ModeView[Any, Any],
        layout: Callable[[], BoardLayout],
        accepting: Callable[[], bool],
    ) -> None:
        self.tracker = tracker
        self.view = view
        self.layout = layout
        self.accepting = accepting

    def event(self, event: pygame.event.Event) -> None:
        """The mode's pointer intent of `event`."""
        tracker = self.tracker
        intent = tracker.pointer(event, self.layout())
        if isinstance(intent, Press):
            if self.accepting() and self.view.pointer(intent) and intent.cell and intent.pos:
                tracker.grab = (intent.cell, intent.pos)
        elif intent is not None and (self.accepting() or isinstance(intent, Hover)):
            self.view.pointer(intent)

    def tick(self, dt: float) -> None:
        """Time for a held press: once it becomes a `Hold`, the mode may act on it (its release is then ignored)."""
        held = self.tracker.tick(dt)
        if held is not None and self.accepting():
            self.tracker.hold_taken = self.view.pointer(held)
