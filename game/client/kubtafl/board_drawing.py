"""Drawing the Kubtafl board scene: the cached table, marks under and over the dice, effects, popup, drag arrow.

`BoardDrawing` is a mixin of `KubtaflScene`; the pieces themselves are drawn by `board_view`, `overlay`
and `popup`, the panel by `panel_text`.
"""

from __future__ import annotations

import pygame

from game.client import art as shell_art
from game.client.kubtafl import art
from game.client.kubtafl.layout import cell_name, cell_xy
from game.client.kubtafl.overlay import shake_offset
from game.client.kubtafl.panel import draw_static


class BoardDrawing:
    """The frame, layer by layer."""

    _static: pygame.Surface | None  # table, board and panel body; dropped by `layout_board`

    def _static_surface(self) -> pygame.Surface:
        if self._static is None:
            surf = self.view.static_surface(self.layout).copy()
            draw_static(surf, self.panel, shell_art)
            self._static = surf
        return self._static

    def draw_board(self, surface: pygame.Surface) -> None:
        """Table, dice, marks, preview, effects and the panel."""
        layout = self.layout
        surface.blit(self._static_surface(), (0, 0))
        offset = shake_offset(self.queue.effects)
        if offset != (0.0, 0.0):
            # The shake moves the squares too: redraw the board area shifted.
            board_area = layout.frame
            surface.blit(self._static_surface(), board_area.move(offset).topleft, board_area)
        interactive = self.accepting_input
        marks = interactive and (self.selected or self.reentry_kind or self.preview or self.cursor or self.hint_action)
        last = None if self.queue.busy else self.last_action()
        if interactive or last:
            layer = self.marks.begin(surface.get_size())
            if last is not None:
                self.marks.last_action(layer, layout, *last)
            if marks:
                self.badges = []
            if interactive:
                if self.selected:
                    self.marks.selection(layer, layout, self.selected)
                elif not self.reentry_kind:
                    self.marks.movable(layer, layout, self.clickable_dice())
            surface.blit(layer, (0, 0))
        self.view.draw_dice(surface, layout, self.model, offset)
        if marks:
            layer = self.marks.begin(surface.get_size())
            self._draw_choice_marks(layer)
            surface.blit(layer, (0, 0))
        if self.queue.effects:
            self.marks.effects(surface, layout, self.queue.effects)
        if self.popup is not None:
            self.popup.draw(surface, self.popup_hover)
        if self.dragging and self.press is not None and self.press[0] in self.model.dice:
            art.arrow(surface, layout.cell_center(self.press[0]), pygame.mouse.get_pos(), art.TRANSFER, 3, 12)
        self._draw_panel(surface)

    def _draw_choice_marks(self, layer: pygame.Surface) -> None:
        """Over the dice: the selected die's targets and transfer badges, re-entry cells, hint, preview, cursor."""
        layout = self.layout
        if self.selected:
            targets = self.index.targets(self.selected)
            damage = {}
            for cell, opt in targets.items():
                # The hovered target's damage is in the preview's own label.
                if cell in self.model.dice and not (self.preview is not None and cell == self.hover):
                    p = self._preview_for(opt.text)
                    if p and p.hits:
                        damage[cell] = p.hits[0][2]
            self.marks.targets(layer, layout, targets, set(self.model.dice), damage,
                               self.hover if self.hover_badge is None else None)
            self.badges = self.marks.transfer_badges(layer, layout, self.selected,
                                                     self.index.recipients(self.selected), self.hover_badge)
        if self.reentry_kind:
            self.marks.reentry_cells(layer, layout, list(self.index.reentries.get(self.reentry_kind, {})),
                                     self.hover)
        if self.hint_action and not self.preview:
            self._draw_hint(layer)
        if self.preview is not None:
            self._draw_preview(layer)
        if self.cursor is not None:
            self.marks.cursor(layer, layout, self.cursor)

    def _draw_preview(self, layer: pygame.Surface) -> None:
        ghost = None
        mover = self.preview.mover
        # A ghost only where the mover lands on a free cell; on a struck die's cell the arrows say enough.
        if mover is not None and cell_name(*mover[1]) not in self.model.dice:
            die = self.model.dice.get(cell_name(*mover[0]))
            if die is not None:
                ghost = {"kind": die.kind, "side": die.side, "value": die.value}
        dice = {cell_xy(c): (d.kind, d.value) for c, d in self.model.dice.items()}
        self.marks.preview(layer, self.layout, self.preview, ghost, dice)
