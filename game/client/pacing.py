"""When the real loop draws: wake-up times ("seconds until this changes by itself"), the loop's clock, and what
pygame_gui's elements still have to show.

A part of the screen says when it next changes by itself: 0 while it animates, a number of seconds for a change it
has scheduled (a toast's end, a caret's blink, the next frame of a slow indicator), None while only input can change
it. The loop draws when an event arrives or the soonest of these is due, and otherwise rests.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    import pygame_gui

#: While resting, the loop looks for input this often: at most 10 ms late (less than a frame), and a tenth of the
#: cost of `pygame.event.wait`, which looks every millisecond (over 2 % of a core spent waiting).
REST_POLL = 0.01
#: The rate of a "something is happening" mark (the computer thinking): slow, and drawn only while it shows.
SLOW_FRAME = 1 / 8
#: pygame_gui acts once a time is strictly passed: waking this much later does it in one frame, not two.
NUDGE = 0.001


def present_natively() -> None:
    """On X11, frames reach the window through the X server's shared memory, not SDL's texture path: the picture
    is drawn in memory anyway, and where OpenGL is software (virtual machines, remote desktops, no GPU driver) the
    texture path costs about 5 ms of CPU a frame against a fraction of one. Called before the window opens; a
    player's own SDL_FRAMEBUFFER_ACCELERATION wins."""
    # Only where SDL is sure to pick X11: with the hint, a driver without a framebuffer of its own (Wayland) fails.
    x11 = os.environ.get("SDL_VIDEODRIVER", "x11") == "x11" and bool(os.environ.get("DISPLAY"))
    if sys.platform.startswith("linux") and x11 and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def soonest(*times: float | None) -> float | None:
    """The earliest of several wake-up times (None: never)."""
    due = [t for t in times if t is not None]
    return max(0.0, min(due)) if due else None


class LoopClock:
    """The real loop's time: now, a pause to pace frames, and a rest until input or a deadline (tests pass their
    own, to run the loop without waiting)."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        """Pause `seconds` (pacing frames)."""
        if seconds > 0:
            time.sleep(seconds)

    def rest(self, timeout: float | None) -> None:
        """Return when an event is queued or after `timeout` seconds (None: only for an event)."""
        end = None if timeout is None else self.now() + timeout
        while not pygame.event.peek():
            left = REST_POLL if end is None else min(REST_POLL, end - self.now())
            if left <= 0:
                return
            time.sleep(left)


def ui_wake_in(manager: pygame_gui.UIManager) -> float | None:
    """When pygame_gui's elements next change by themselves: a shape still being rebuilt or blending between
    states and a held button (a slider's arrow) need frames now, a focused text field its caret's next blink, a
    hovered element its tooltip."""
    import pygame_gui

    due: list[float | None] = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.core.UIElement):
            continue
        if _settling(element.drawable_shape) or getattr(element, "held", False):
            return 0.0
        if element.is_focused and isinstance(element, pygame_gui.elements.UITextEntryLine):
            due.append(_caret_due(element))
        if element.hovered and element.tool_tip_text is not None and element.tool_tip is None:
            due.append(element.tool_tip_delay - element.hover_time + NUDGE)
    return soonest(*due)


def _settling(shape: object | None) -> bool:
    """True while an element's shape still builds its state images (one a frame) or blends between states."""
    if shape is None:
        return False
    return bool(
        shape.states_to_redraw_queue  # type: ignore[attr-defined]
        or shape.active_state.transition is not None  # type: ignore[attr-defined]
        or shape.full_rebuild_countdown > 0  # type: ignore[attr-defined]
    )


def _caret_due(entry: pygame_gui.elements.UITextEntryLine) -> float:
    """Seconds until a focused text field's caret next turns on or off."""
    moved_left = entry.cursor_blink_delay_after_moving - entry.cursor_blink_delay_after_moving_acc
    if moved_left >= 0:
        return moved_left + NUDGE
    return entry.blink_cursor_time - entry.blink_cursor_time_acc + NUDGE
