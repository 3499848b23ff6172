"""The mouse on the Kubtafl board: hover previews, clicks on dice, badges, popup chips and the removed rows,
and dragging a die onto a target or a transfer recipient.

`PointerInput` is a mixin of `KubtaflScene`; what a click means is decided by `selection.SelectionFlow`.
"""

from __future__ import annotations

from game.client.kubtafl.layout import cell_name

DRAG_PIXELS = 8  # how far the pointer must travel with the button down before it is a drag


class PointerInput:
    """Pointer motion, button down and button up on the board and the panel's removed rows."""

    _deselect_on_release: bool  # a press on the selected die drops the selection when released in place

    def _cell_at(self, pos: tuple[int, int]) -> str | None:
        xy = self.layout.cell_at(pos)
        return cell_name(*xy) if xy is not None else None

    def _pointer_moved(self, pos: tuple[int, int]) -> None:
        if self.popup is not None:
            self.popup_hover = self.popup.hit(pos)
            if self.popup_hover is not None:
                opt = self.popup.option(*self.popup_hover)
                self._set_preview(opt.text if opt else None)
            return
        if self.press is not None and not self.dragging:
            start = self.press[1]
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_PIXELS:
                self.dragging = True
        self.hover_badge = None
        for rec, rect in self.badges:
            if rect.collidepoint(pos):
                self.hover_badge = rec
        self.hover = self._cell_at(pos)
        self.cursor = None
        self._update_hover_preview()

    def _pointer_down(self, pos: tuple[int, int]) -> None:
        if not self.accepting_input:
            return
        if self.popup is not None:
            hit = self.popup.hit(pos)
            if hit is not None:
                opt = self.popup.option(*hit)
                if opt is not None:
                    self.commit(opt.action)
                return
            if not self.popup.rect.collidepoint(pos):
                self.close_popup()
            return
        # The removed-dice rows in the panel: pick a die to bring back.
        side = self._own_side()
        kinds = self.model.removed.get(side, [])
        for kind, slot in zip(kinds, self.panel.pool_slots(side, len(kinds)), strict=False):
            if slot.collidepoint(pos):
                self.select_reentry(kind)
                return
        for rec, rect in self.badges:
            if rect.collidepoint(pos) and self.selected:
                self.open_transfer(self.selected, rec)
                return
        cell = self._cell_at(pos)
        if cell is None:
            self._reset_interaction()
            return
        self.activate(cell, pos)

    def _pointer_up(self, pos: tuple[int, int]) -> None:
        press, dragging = self.press, self.dragging
        self.press = None
        self.dragging = False
        if press is None or not self.accepting_input:
            return
        src = press[0]
        cell = self._cell_at(pos)
        if dragging and cell and cell != src:
            if (src, cell) in self.index.transfers:
                self.open_transfer(src, cell)
            elif cell in self.index.targets(src):
                self.commit(self.index.targets(src)[cell].action)
        elif not dragging and cell == src and self._deselect_on_release:
            self._reset_interaction()
        self._deselect_on_release = False
