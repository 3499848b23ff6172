"""Pointer and keys turned into intents a mode understands, so no mode reads raw pygame events.

Pointer: `Hover` (the pointer moved; cell may be None off the board), `Press` (left button down on a cell: a
click; the mode returns True to grab the piece there, which lets a drag start from it), `Release` (the button
came up without a drag), `Hold` (the grabbed press stayed still for `HOLD_SECONDS`; when the mode takes it, the release
counts for nothing), `Drag` (the grabbed piece was dragged past `DRAG_PIXELS` and released on `dst`),
`RightClick`, `Wheel` (notches, + is up). Keys: `Arrow` (move the cursor), `Confirm` (Enter/Space), `Tab`
(cycle pieces; back with Shift), `Key` (any other key a mode may use: T, R, G, V, Q, E…). The key modifiers
held travel on the intent (`Press.mod`, `Key.mod`), so no mode reads the keyboard's state. Undo (Ctrl+Z), hint
(H), skip (Space/click while animating) and cancel/pause (Esc) are the scene's and reach the mode as
`ModeView.cancel()` only.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.board.layout import BoardLayout

DRAG_PIXELS = 8  # how far the pointer must travel with the button down before it is a drag
HOLD_SECONDS = 0.45  # how long a grabbed press must stay still to be a held click (a long press)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
Pos = tuple[int, int]


@dataclass(frozen=True)
class Hover:
    """The pointer is over `cell` (None: off the board) at `pos`."""

    cell: str | None
    pos: Pos


@dataclass(frozen=True)
class Press:
    """The left button went down on `cell` (None: off the board); `pos` is None for Enter on the cursor; `mod`:
    the key modifiers held (Shift+click)."""

    cell: str | None
    pos: Pos | None
    mod: int = 0


@dataclass(frozen=True)
class Release:
    """The left button came up on `cell` without dragging; `grabbed` is the cell the press grabbed."""

    cell: str | None
    pos: Pos
    grabbed: str


@dataclass(frozen=True)
class Hold:
    """The press that grabbed `cell` has been held still for `HOLD_SECONDS` (a long press)."""

    cell: str
    pos: Pos


@dataclass(frozen=True)
class Drag:
    """The piece grabbed on `src` was dragged and dropped on `dst` (None: off the board)."""

    src: str
    dst: str | None
    pos: Pos


@dataclass(frozen=True)
class RightClick:
    """The right button on `cell`."""

    cell: str | None
    pos: Pos


@dataclass(frozen=True)
class Wheel:
    """The wheel turned `steps` notches over `cell` (+ is up)."""

    cell: str | None
    steps: int


@dataclass(frozen=True)
class Arrow:
    """An arrow key: the cursor moves by (dx, dy) in board coordinates (up is +y)."""

    dx: int
    dy: int


@dataclass(frozen=True)
class Confirm:
    """Enter or Space on an idle board."""


@dataclass(frozen=True)
class Tab:
    """Tab (back with Shift): cycle the pieces that can act."""

    back: bool


@dataclass(frozen=True)
class Key:
    """Another key, for the mode to read: its code and modifiers."""

    key: int
    mod: int


Intent = Hover | Press | Release | Hold | Drag | RightClick | Wheel | Arrow | Confirm | Tab | Key


class PointerTracker:
    """Turns board events into intents: remembers the grabbed piece and whether the press became a drag."""

    def __init__(self) -> None:
        self.grab: tuple[str, Pos] | None = None  # the cell a press grabbed, and where
        self.dragging = False
        self.pos: Pos | None = None  # the last pointer position (a wheel event has none)
        self.held = 0.0  # seconds the grabbed press has stayed still
        self.hold_sent = False  # the press became a `Hold` (sent once)
        self.hold_taken = False  # the mode acted on the `Hold`: the release counts for nothing

    def reset(self) -> None:
        """Forget a press in progress."""
        self.grab = None
        self.dragging = False
        self.held = 0.0
        self.hold_sent = False
        self.hold_taken = False

    def hold_due(self) -> float | None:
        """Seconds until a grabbed press held still becomes a `Hold`; None when no press waits for that."""
        if self.grab is None or self.dragging or self.hold_sent:
            return None
        return HOLD_SECONDS - self.held

    def tick(self, dt: float) -> Hold | None:
        """Time passing: a grabbed press held still long enough becomes a `Hold` (once)."""
        if self.grab is None or self.dragging or self.hold_sent:
            return None
        self.held += dt
        if self.held < HOLD_SECONDS:
            return None
        self.hold_sent = True
        return Hold(*self.grab)

    def pointer(self, event: pygame.event.Event, layout: BoardLayout) -> Intent | None:
        """The intent of a mouse event, or None."""
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            if self.grab is not None and not self.dragging:
                start = self.grab[1]
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_PIXELS:
                    self.dragging = True
            return Hover(layout.name_at(event.pos), event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Press(layout.name_at(event.pos), event.pos, pygame.key.get_mods())
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return RightClick(layout.name_at(event.pos), event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            grab, dragging, held = self.grab, self.dragging, self.hold_taken
            self.reset()
            if grab is None or (held and not dragging):
                return None
            cell = layout.name_at(event.pos)
            if dragging:
                return Drag(grab[0], cell, event.pos)
            return Release(cell, event.pos, grab[0])
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pos or pygame.mouse.get_pos()
            return Wheel(layout.name_at(pos), int(event.y))
        return None

    @staticmethod
    def key(event: pygame.event.Event) -> Intent:
        """The intent of a key press on an idle board."""
        if event.key in ARROWS:
            return Arrow(*ARROWS[event.key])
        if event.key in ENTER_KEYS:
            return Confirm()
        if event.key == pygame.K_TAB:
            return Tab(bool(event.mod & pygame.KMOD_SHIFT))
        return Key(event.key, event.mod)


def left_press(event: pygame.event.Event) -> bool:
    """True for a press of the left mouse button."""
    return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)


def step_cursor(cursor: tuple[int, int], dx: int, dy: int, layout: BoardLayout) -> tuple[int, int]:
    """The cursor moved by (dx, dy), kept on the board."""
    return max(0, min(layout.cols - 1, cursor[0] + dx)), max(0, min(layout.rows - 1, cursor[1] + dy))
