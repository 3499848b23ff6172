"""Choosing an action on the Kubtafl board: a die and its target, a transfer's amount, a removed die's re-entry.

`SelectionFlow` is a mixin of `KubtaflScene`. It owns the selection state and the steps that the pointer
(`pointer_input`) and the keyboard (`keyboard_input`) both take on it, including the move preview.
"""

from __future__ import annotations

import pygame

from game.client.kubtafl.actions import Option
from game.client.kubtafl.model import SIDES
from game.client.kubtafl.popup import Popup
from game.client.kubtafl.preview import Preview, build_preview


class SelectionFlow:
    """Selected die or re-entering kind, hover and keyboard cursor, the amount popup and the shown preview."""

    selected: str | None  # the own die whose targets are marked
    reentry_kind: str | None  # the removed die being brought back
    hover: str | None  # the cell under the pointer or the keyboard cursor
    hover_badge: str | None  # the recipient whose transfer badge is hovered
    cursor: tuple[int, int] | None  # the keyboard cursor, None while the mouse leads
    popup: Popup | None
    popup_hover: tuple[int, int] | None  # (row, column) of the hovered popup chip
    press: tuple[str, tuple[int, int]] | None  # the die a button went down on, and where
    dragging: bool
    preview: Preview | None
    preview_text: str  # the action `preview` shows
    badges: list[tuple[str, pygame.Rect]]  # transfer badges as last drawn: (recipient, rect)

    def _reset_interaction(self) -> None:
        self.selected = None
        self.reentry_kind = None
        self.hover = None
        self.hover_badge = None
        self.cursor = None
        self.popup = None
        self.popup_hover = None
        self.press = None
        self.dragging = False
        self.preview = None
        self.preview_text = ""
        self._preview_cache: dict[str, Preview] = {}
        self.badges = []

    def _own_side(self) -> str:
        return SIDES[self.session.current_seat] if self.session and self.session.current_seat >= 0 else "light"

    # ----- what can be picked -----
    def clickable_dice(self) -> set[str]:
        """Own dice a click does something with: those that move, hit or give, and when nothing can move (a lonely
        d20, K15) the dice that can lend a re-entering die its value."""
        cells = self.index.dice_with_actions()
        if not self.index.moves:
            cells |= self._reentry_donors()
        return cells

    def _reentry_donors(self, kind: str | None = None) -> set[str]:
        """The cells whose die can give a re-entering die (of `kind`, or of any kind) its value."""
        kinds = [kind] if kind is not None else list(self.index.reentries)
        return {opt.donor for k in kinds for opts in self.index.reentries.get(k, {}).values() for opt in opts}

    def _returnable_kinds(self) -> list[str]:
        """The own removed dice (in pool order) that can come back now."""
        return [k for k in self.model.removed.get(self._own_side(), []) if k in self.index.reentries]

    # ----- picking -----
    def activate(self, cell: str, pos: tuple[int, int] | None = None) -> None:
        """A click (or Enter) on a board cell: select, commit, re-enter or deselect."""
        if not self.accepting_input:
            return
        if self.reentry_kind is not None:
            options = self.index.reentries.get(self.reentry_kind, {}).get(cell)
            if options:
                self.open_reentry(self.reentry_kind, cell, options)
            else:
                self._reset_interaction()
                self._try_select(cell, pos)
            return
        if self.selected is not None:
            opt = self.index.targets(self.selected).get(cell)
            if opt is not None:
                self.commit(opt.action)
                return
            if cell == self.selected:
                self.press = (cell, pos) if pos else None
                self._deselect_on_release = pos is not None
                if pos is None:
                    self._reset_interaction()
                return
        self._try_select(cell, pos)

    def _try_select(self, cell: str, pos: tuple[int, int] | None) -> None:
        if cell not in self.index.dice_with_actions() and cell in self._reentry_donors():
            # A die that can only lend its value (a lonely d20, K15): start bringing a removed die back next to it.
            for kind in self._returnable_kinds():
                if cell in self._reentry_donors(kind):
                    self.select_reentry(kind)
                    return
        if cell in self.index.dice_with_actions():
            keep_cursor = self.cursor
            self._reset_interaction()
            self.selected = cell
            self.cursor = keep_cursor
            if pos is not None:
                self.press = (cell, pos)
                self._deselect_on_release = False
            self._play_sound("click")
        else:
            self._reset_interaction()

    def select_reentry(self, kind: str) -> None:
        """Pick a removed die: its possible cells are marked."""
        if kind not in self.index.reentries:
            return
        self._reset_interaction()
        self.reentry_kind = kind
        self._play_sound("click")

    # ----- the amount popup -----
    def open_transfer(self, donor: str, recipient: str) -> None:
        """The amount chooser for a transfer."""
        options = self.index.transfers.get((donor, recipient))
        if not options:
            return
        title = self.app.t("kubtafl.popup.give", donor=donor, recipient=recipient)
        self._open_popup(title, [("", options)], recipient)

    def open_reentry(self, kind: str, cell: str, options: list[Option]) -> None:
        """The donor/value chooser for a re-entry on `cell`."""
        rows: dict[str, list[Option]] = {}
        for opt in options:
            rows.setdefault(opt.donor, []).append(opt)
        t = self.app.t
        title = t("kubtafl.popup.reenter", die=kind, cell=cell)
        self._open_popup(title, [(t("kubtafl.popup.from", cell=d), opts) for d, opts in rows.items()], cell)

    def _open_popup(self, title: str, rows: list[tuple[str, list[Option]]], cell: str) -> None:
        self.popup = Popup(title, rows, self.layout.cell_center(cell))
        self._layout_popup()
        self.popup_hover = None
        self._preview_popup_focus()

    def _layout_popup(self) -> None:
        """Place the open popup over the board and its frame."""
        if self.popup is not None:
            self.popup.layout(self.layout.board.inflate(self.layout.border * 2, self.layout.border * 2),
                              self.layout.cell // 3)

    def close_popup(self) -> None:
        """Drop the popup and its preview; the selection stays."""
        self.popup = None
        self.preview = None

    def _preview_popup_focus(self) -> None:
        focused = self.popup.focused if self.popup is not None else None
        self._set_preview(focused.text if focused else None)

    # ----- the preview -----
    def _update_hover_preview(self) -> None:
        cell = self.hover
        if self.selected and cell and self.hover_badge is None:
            opt = self.index.targets(self.selected).get(cell)
            self._set_preview(opt.text if opt else None)
        elif self.selected and self.hover_badge is not None:
            options = self.index.transfers.get((self.selected, self.hover_badge), [])
            self._set_preview(options[-1].text if options else None)
        else:
            self._set_preview(None)

    def _set_preview(self, text: str | None) -> None:
        if not text or not getattr(self.app.settings, "preview_on", True) or self.session is None:
            self.preview = None
            self.preview_text = ""
            return
        if text == self.preview_text and self.preview is not None:
            return
        self.preview_text = text
        self.preview = self._preview_for(text)

    def _preview_for(self, text: str) -> Preview | None:
        cached = self._preview_cache.get(text)
        if cached is None:
            action = self.index.by_text.get(text)
            if action is None:
                return None
            cached = build_preview(self.session.state.preview(action), text)
            self._preview_cache[text] = cached
        return cached

    def show_preview_of(self, text: str) -> None:
        """Select the mover of `text` and hover its target, as a player would (screenshots, tests)."""
        if not self.accepting_input:
            return
        action = self.index.by_text.get(text)
        if action is None:
            return
        if "-" in text:
            src, dst = text.split("-")
            self.selected = src
            self.hover = dst
            self._set_preview(text)
