"""The keyboard on the Kubtafl board: Ctrl+Z undo, H hint, arrows move a cursor, Enter/Space activate, Tab cycles
the movable dice, T opens a transfer to the cursor, R picks a removed die; inside the popup arrows, Enter, digits.

`KeyboardInput` is a mixin of `KubtaflScene`; what a key does to the selection is decided by `selection`.
"""

from __future__ import annotations

import pygame

from game.client.kubtafl.layout import cell_name, cell_xy

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class KeyboardInput:
    """Key presses while the board is idle, and the cursor they move."""

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_z and ctrl:
            self.undo()
            return
        if event.key == pygame.K_h:
            self.ask_hint()
            return
        if not self.accepting_input:
            return
        if self.popup is not None:
            self._popup_key(event)
            return
        if event.key in ARROWS:
            self._move_cursor(*ARROWS[event.key])
        elif event.key in ENTER_KEYS:
            if self.cursor is not None:
                self.activate(cell_name(*self.cursor))
        elif event.key == pygame.K_TAB:
            self._cycle_dice(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key == pygame.K_t:
            if self.selected and self.cursor is not None:
                self.open_transfer(self.selected, cell_name(*self.cursor))
        elif event.key == pygame.K_r:
            self._cycle_reentry()

    def _popup_key(self, event: pygame.event.Event) -> None:
        popup = self.popup
        assert popup is not None
        if event.key in ARROWS:
            dx, dy = ARROWS[event.key]
            popup.move_focus(-dy, dx)
        elif event.key in ENTER_KEYS:
            opt = popup.focused
            if opt is not None:
                self.commit(opt.action)
                return
        elif pygame.K_1 <= event.key <= pygame.K_9:
            opt = popup.digit(event.key - pygame.K_0)
            if opt is not None:
                self.commit(opt.action)
                return
        self._preview_popup_focus()

    def _cycle_reentry(self) -> None:
        """The next removed die that can come back, with the cursor on its first cell."""
        kinds = self._returnable_kinds()
        if kinds:
            current = kinds.index(self.reentry_kind) if self.reentry_kind in kinds else -1
            nxt = kinds[(current + 1) % len(kinds)]
            self.select_reentry(nxt)
            cells = sorted(self.index.reentries[nxt])
            self.cursor = cell_xy(cells[0])
            self.hover = cells[0]

    def _move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            start = self.selected or self._default_cursor_cell()
            self.cursor = cell_xy(start) if start else (0, 0)
        else:
            x = max(0, min(self.layout.cols - 1, self.cursor[0] + dx))
            y = max(0, min(self.layout.rows - 1, self.cursor[1] + dy))
            self.cursor = (x, y)
        self.hover = cell_name(*self.cursor)
        self.hover_badge = None
        if self.selected and (self.selected, self.hover) in self.index.transfers and \
                self.hover not in self.index.targets(self.selected):
            self.hover_badge = self.hover
        self._update_hover_preview()

    def _default_cursor_cell(self) -> str | None:
        side = self._own_side()
        for cell, die in self.model.dice.items():
            if die.side == side and die.kind == "d20":
                return cell
        return next(iter(self.index.dice_with_actions()), None)

    def _cycle_dice(self, step: int) -> None:
        cells = sorted(self.index.dice_with_actions(), key=lambda c: (cell_xy(c)[1], cell_xy(c)[0]))
        if not cells:
            return
        i = cells.index(self.selected) + step if self.selected in cells else 0
        cell = cells[i % len(cells)]
        self._try_select(cell, None)
        self.cursor = cell_xy(cell)
        self.hover = cell
