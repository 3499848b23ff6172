"""The board's input, routed to its parts in order: the legend, an online card, the review banner's chip, the move
list, the panel's buttons, the last turn's replay, review keys, a running animation (skipped, or undone with
Ctrl+Z), the hand-over card, then keys (Ctrl+Z, Ctrl+Y, H), popups and the mode's pointer and key intents. Esc
first closes what is open on the board (the legend, a replay, a review, a popup, the mode's pick).

It is handed the parts it routes to and a few callables, never the scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.client.board.input import left_press

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.handover import HandoverFlow
    from game.client.board.input import PointerTracker
    from game.client.board.legend import Legend
    from game.client.board.log import MoveLog
    from game.client.board.marks import Marks
    from game.client.board.mode_view import ModeView
    from game.client.board.popups import Popups
    from game.client.board.reviewing import ReviewController
    from game.client.board.signals import BoardEnv
    from game.client.board.trace import TurnTrace
    from game.client.board.turns import TurnFlow

SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN)


def ctrl(event: pygame.event.Event, key: int) -> bool:
    """True for Ctrl + `key`."""
    return bool(event.type == pygame.KEYDOWN and event.key == key and event.mod & pygame.KMOD_CTRL)


class BoardInput:
    """Routes the board's events; `actions` maps the panel's button keys to what they do (the playback's buttons
    are the reviewer's), `button_key(element)` names a panel button, `pointer(event)` hands the mode its pointer
    intents, `others` are the parts before the move list that may take an event (an online card's buttons)."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        queue: AnimQueue,
        *,
        turns: TurnFlow,
        reviewer: ReviewController,
        handovers: HandoverFlow,
        trace: TurnTrace,
        legend: Legend,
        popups: Popups,
        log: MoveLog,
        tracker: PointerTracker,
        marks: Marks,
        others: list[Callable[[pygame.event.Event], bool]],
        actions: dict[str, Callable[[], None]],
        button_key: Callable[[object], str | None],
        pointer: Callable[[pygame.event.Event], None],
        accepting: Callable[[], bool],
        ui_consumed: Callable[[], bool],
    ) -> None:
        self.env = env
        self.view = view
        self.queue = queue
        self.turns = turns
        self.reviewer = reviewer
        self.handovers = handovers
        self.trace = trace
        self.legend = legend
        self.popups = popups
        self.log = log
        self.tracker = tracker
        self.marks = marks
        self.others = others
        self.actions = actions
        self.button_key = button_key
        self.pointer = pointer
        self.accepting = accepting
        self.ui_consumed = ui_consumed

    def escape(self) -> bool:
        """Esc on the board: leave the replay or the review, close a popup or drop the mode's pick; False: pause."""
        if self.legend.open:
            self.legend.close()
        elif self.trace.replaying and self.queue.busy:
            self.queue.skip()  # Esc skips the last turn's replay
        elif self.reviewer.replay is not None:
            self.reviewer.back_from_replay()
        elif self.reviewer.review is not None:
            self.reviewer.leave()
        elif self.popups.open:
            self.popups.close()
        else:
            return self.view.cancel()
        return True

    def handle(self, event: pygame.event.Event) -> None:
        """The banner's chip, the move log, buttons, review keys, skipping animations, the hand-over card, then keys,
        popups and the mode's pointer intents."""
        if event.type == pygame.MOUSEMOTION:
            self.tracker.pos = event.pos
        self.marks.stir()
        self.turns.picks_current()
        ctrl_z = ctrl(event, pygame.K_z)
        if (
            self.legend.handle(event)
            or any(other(event) for other in self.others)
            or self.reviewer.chip_pressed(event)
            or self._log_event(event)
            or self._button_event(event)
            or self.trace.handle(event)
            or (event.type == pygame.KEYDOWN and self.reviewer.key(event))
            or self._while_busy(event, ctrl_z)
            or self.handovers.handle(event, ctrl_z)
        ):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event, ctrl_z)
        elif not (
            self.ui_consumed() and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ) and not self.popups.handle(event, self.accepting()):
            self.pointer(event)

    def _log_event(self, event: pygame.event.Event) -> bool:
        if not self.log.handle(event, self.tracker.pos):
            return False
        entry = self.log.take_click()
        if entry is not None:
            self.reviewer.start(entry)
        return True

    def _button_event(self, event: pygame.event.Event) -> bool:
        """A panel button."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = self.button_key(event.ui_element)
        if key in self.actions:
            if self.reviewer.review is not None and key in ("undo", "redo", "hint"):
                self.reviewer.leave()
            self.actions[key]()
        else:
            self.reviewer.button(key)
        self.env.signals.buttons_changed.emit()
        return True

    def _while_busy(self, event: pygame.event.Event, ctrl_z: bool) -> bool:
        """While events play: Ctrl+Z undoes (finishing them at once), the mode's own control over a running
        animation (CheckRisk's Stop blitz), else a click, Space or Enter skips; True while busy."""
        if not self.queue.busy:
            return False
        if ctrl_z:
            self.turns.undo()
        elif left_press(event) and self.view.press_while_busy(event.pos):
            pass
        elif left_press(event) or (event.type == pygame.KEYDOWN and event.key in SKIP_KEYS):
            self.queue.skip()
        return True

    def _key(self, event: pygame.event.Event, ctrl_z: bool) -> None:
        """Ctrl+Z, Ctrl+Y, H, then a popup's keys or the mode's key intents."""
        if ctrl_z:
            self.turns.undo()
        elif ctrl(event, pygame.K_y):
            self.turns.redo()
        elif event.key == pygame.K_h:
            self.turns.ask_hint()
        elif self.accepting() and not self.popups.handle(event, True):
            self.view.key(self.tracker.key(event))
