"""The popups over the board: the option chooser (a chip commits its option's action) and the amount picker, how
they are opened by a cell, laid out over the board and answered from pointer and keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client.board.chooser import Chooser, Option
from game.client.board.input import left_press
from game.client.board.layout import BoardLayout, cell_xy
from game.client.board.picker import CANCEL, COMMIT, AmountPicker

ARROW_FOCUS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Popups:
    """The open chooser or picker (at most one), over the board laid out by `layout()`; a chosen option's action
    goes to `commit`."""

    def __init__(self, layout: Callable[[], BoardLayout], commit: Callable[[object], None]) -> None:
        self._board_layout = layout
        self._commit = commit
        self.chooser: Chooser | None = None
        self.hover: tuple[int, int] | None = None  # (row, column) of the hovered chip
        self._on_focus: Callable[[Option | None], None] | None = None  # the mode's preview of the focused chip
        self.picker: AmountPicker | None = None
        self._picker_avoid: Callable[[], pygame.Rect | None] | None = None  # what the open picker keeps clear of

    @property
    def open(self) -> bool:
        """True while a chooser or a picker is open."""
        return self.chooser is not None or self.picker is not None

    def open_chooser(
        self,
        title: str,
        rows: Sequence[tuple[str, Sequence[Option]]],
        cell: str,
        on_focus: Callable[[Option | None], None] | None = None,
        focus: tuple[int, int] = (0, 0),
        keep_clear: tuple[str, ...] = (),
    ) -> None:
        """Open the option chooser by `cell`: rows of (label, options); a chip commits its option's action.
        `on_focus(option or None)` runs when the hovered or focused chip changes (the mode previews it); `focus` is
        the chip focused first; the card keeps off the `keep_clear` cells and the badges beside them."""
        self.picker = None
        self.chooser = Chooser(title, rows, self._board_layout().cell_center(cell), keep_clear=keep_clear)
        self.chooser.focus = focus if self.chooser.option(*focus) is not None else (0, 0)
        self._on_focus = on_focus
        self.hover = None
        self.layout()
        self._focus_changed(self.chooser.focused)

    def open_picker(
        self,
        title: str,
        low: int,
        high: int,
        default: int,
        cell: str,
        on_commit: Callable[[int], None],
        on_change: Callable[[int], None] | None = None,
        avoid: Callable[[], pygame.Rect | None] | None = None,
    ) -> AmountPicker:
        """Open the amount picker by `cell` with `default` chosen; `on_commit(amount)` runs on OK or Enter; the
        picker keeps clear of the rectangle `avoid()` gives (a card over the board) where it fits."""
        self.chooser = None
        self._picker_avoid = avoid
        self.picker = AmountPicker(
            title, low, high, default, self._board_layout().cell_center(cell), on_commit, on_change
        )
        self.layout()
        return self.picker

    def close(self) -> None:
        """Close the chooser and the picker."""
        if self.chooser is not None:
            self.chooser = None
            self._focus_changed(None)
        self.picker = None

    def _focus_changed(self, option: Option | None) -> None:
        if self._on_focus is not None:
            self._on_focus(option)

    def layout(self) -> None:
        """Place open popups over the board and its frame."""
        layout = self._board_layout()
        if self.chooser is not None:
            # A kept-clear cell's badges sit beside its piece: keep the card half a cell further off.
            avoid = [layout.cell_rect(*cell_xy(c)).inflate(layout.cell, layout.cell) for c in self.chooser.keep_clear]
            self.chooser.layout(layout.frame, layout.cell // 3, avoid)
        if self.picker is not None:
            clear_of = self._picker_avoid() if self._picker_avoid is not None else None
            self.picker.layout(layout.frame, layout.cell // 3, clear_of)

    def draw(self, surface: pygame.Surface) -> None:
        """The open popup."""
        if self.chooser is not None:
            self.chooser.draw(surface, self.hover)
        if self.picker is not None:
            self.picker.draw(surface)

    def handle(self, event: pygame.event.Event, accepting: bool) -> bool:
        """An event while a popup is open (the chooser follows the pointer even when no input is taken); True when
        a popup was open."""
        if self.chooser is not None:
            if accepting or event.type == pygame.MOUSEMOTION:
                self._chooser_event(event)
            return True
        if self.picker is not None:
            if accepting:
                self._picker_event(event)
            return True
        return False

    def _chooser_event(self, event: pygame.event.Event) -> None:
        chooser = self.chooser
        assert chooser is not None
        if event.type == pygame.MOUSEMOTION:
            self.hover = chooser.hit(event.pos)
            if self.hover is not None:
                self._focus_changed(chooser.option(*self.hover))
        elif left_press(event):
            self._chooser_press(chooser, event.pos)
        elif event.type == pygame.KEYDOWN and not self._chooser_key(chooser, event.key):
            self._focus_changed(chooser.focused)

    def _chooser_press(self, chooser: Chooser, pos: tuple[int, int]) -> None:
        hit = chooser.hit(pos)
        if hit is not None:
            option = chooser.option(*hit)
            if option is not None:
                self._commit(option.action)
        elif not chooser.rect.collidepoint(pos):
            self.close()

    def _chooser_key(self, chooser: Chooser, key: int) -> bool:
        """Arrows move the focus; Enter or a digit commits; True when an option was committed."""
        option = None
        if key in ARROW_FOCUS:
            chooser.move_focus(*ARROW_FOCUS[key])
        elif key in ENTER_KEYS:
            option = chooser.focused
        elif pygame.K_1 <= key <= pygame.K_9:
            option = chooser.digit(key - pygame.K_0)
        if option is None:
            return False
        self._commit(option.action)
        return True

    def _picker_event(self, event: pygame.event.Event) -> None:
        picker = self.picker
        assert picker is not None
        result = None
        if event.type == pygame.MOUSEWHEEL:
            picker.wheel(int(event.y))
        elif event.type == pygame.MOUSEMOTION:
            picker.motion(event.pos)
        elif left_press(event):
            result = picker.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            picker.release()
        elif event.type == pygame.KEYDOWN:
            result = picker.key(event.key)
        if result in (COMMIT, CANCEL) and self.picker is picker:
            self.picker = None
