"""The Kubtafl board scene: pick a die, see its moves and their outcome, commit, watch it play out.

Input is taken only when the animation queue is empty and a human seat is to act; a click or Space
skips a running animation. AI seats and hints think on worker threads (see `GameSession`).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.anim import AnimQueue
from game.client.game_scene import GameScene
from game.client.kubtafl import art
from game.client.kubtafl.actions import ActionIndex, Option, parse_action
from game.client.kubtafl.animator import Animator
from game.client.kubtafl.board_view import BoardView
from game.client.kubtafl.layout import BoardLayout, cell_name, cell_xy
from game.client.kubtafl.model import BoardModel
from game.client.kubtafl.overlay import Overlay, shake_offset
from game.client.kubtafl.panel import PanelInfo, PanelLayout, clamp_log_top, draw_dynamic, draw_static, log_lines
from game.client.kubtafl.popup import Popup
from game.client.kubtafl.preview import Preview, build_preview

SIDES = ("light", "dark")
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DRAG_PIXELS = 8


class KubtaflScene(GameScene):
    """Hot-seat or versus-AI Kubtafl with previews, animation, undo and hints."""

    mode = "kubtafl"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.view = BoardView()
        self.marks = Overlay()
        self.queue = AnimQueue(lambda: getattr(self.app.settings, "anim_speed", "normal"))
        self.model = BoardModel()
        self.animator = Animator(self.queue, lambda: self.model, self._play_sound)
        self.layout = BoardLayout(app.screen_size)
        self.panel = PanelLayout(self.layout.panel)
        self.buttons: dict[str, Any] = {}
        self.time = 0.0
        self._reset_interaction()
        self.index = ActionIndex()
        self._index_key: int = -1
        self.game_over_shown = False
        self.status_note = ""
        self.hint_text = ""
        self.log_top: int | None = None  # first log line shown; None follows the newest move
        self.log_drag: tuple[str, int, int] | None = None  # ("thumb" or "content", start y, start line)
        self.panel_cut: list[str] = []  # panel texts that did not fit on the last frame (none expected)
        self.pointer: tuple[int, int] | None = None  # the last pointer position (a wheel event has none)
        self._panel_image: pygame.Surface | None = None
        self._panel_key: object = None

    # ----- life cycle -----
    def _reset_interaction(self) -> None:
        self.selected: str | None = None
        self.reentry_kind: str | None = None
        self.hover: str | None = None
        self.hover_badge: str | None = None
        self.cursor: tuple[int, int] | None = None
        self.popup: Popup | None = None
        self.popup_hover: tuple[int, int] | None = None
        self.press: tuple[str, tuple[int, int]] | None = None
        self.dragging = False
        self.preview: Preview | None = None
        self.preview_text = ""
        self._preview_cache: dict[str, Preview] = {}
        self.badges: list[tuple[str, pygame.Rect]] = []

    def enter_board(self, **context: Any) -> None:
        """Set up for `self.session`; screenshot contexts may pre-play moves and hover one."""
        self.queue.clear()
        self._reset_interaction()
        self.game_over_shown = False
        self.status_note = ""
        self.hint_text = ""
        self.hint_action: str | None = None
        self.log_top = None
        self.log_drag = None
        self.model = self._model_from_state()
        self._index_key = -1
        self.layout_board(self.size)
        if self.session is not None and getattr(self.session, "initial_events", None):
            self.animator.play(self.session.initial_events)
        for text in context.get("play", []) or []:
            self.commit(self.session.state.action_from_str(text))
            self.queue.skip()
        show = context.get("preview")
        if show:
            self.queue.skip()
            self._sync_after_animation()
            self.show_preview_of(str(show))

    def leave_board(self) -> None:
        """Stop listening for the AI."""
        if self.session is not None:
            self.session.close()
        self.queue.clear()

    def layout_board(self, size: tuple[int, int]) -> None:
        """Board and panel geometry for the window."""
        cols = rows = 8
        if self.session is not None:
            cols = getattr(self.session.game, "width", 8)
            rows = getattr(self.session.game, "height", 8)
        self.layout = BoardLayout(size, cols, rows)
        self.panel = PanelLayout(self.layout.panel)
        self._static = None
        self._panel_image: pygame.Surface | None = None
        if self.popup is not None:
            self.popup.layout(self.layout.board.inflate(self.layout.border * 2, self.layout.border * 2),
                              self.layout.cell // 3)

    def build_board_ui(self) -> None:
        """Undo, Hint and Menu buttons in the panel."""
        self.buttons = {}
        area = self.panel.buttons
        gap = max(6, self.panel.unit // 2)
        w = (area.w - 2 * gap) // 3
        t = self.app.t
        for i, key in enumerate(("undo", "hint", "menu")):
            rect = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
            self.buttons[key] = pygame_gui.elements.UIButton(
                relative_rect=rect, text=t(f"kubtafl.{key}"), manager=self.app.ui,
                object_id="#small_button",
            )
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons or self.session is None:
            return
        can_undo = self.session.can_undo and not self.queue.busy
        hint_ok = self.session.is_human_turn and not self.queue.busy
        for key, ok in (("undo", can_undo), ("hint", hint_ok)):
            button = self.buttons.get(key)
            if button is None:
                continue
            if ok and not button.is_enabled:
                button.enable()
            elif not ok and button.is_enabled:
                button.disable()

    # ----- model sync -----
    def _model_from_state(self) -> BoardModel:
        if self.session is None:
            return BoardModel()
        return BoardModel.from_state_dict(self.session.state.to_dict())

    def _sync_after_animation(self) -> None:
        """Once the queue is empty, the board shows exactly the engine's position."""
        if self.session is None:
            return
        self.model = self._model_from_state()
        key = len(self.session.log)
        if key != self._index_key:
            self._index_key = key
            self.index = ActionIndex.build(self.session.state) if self.session.is_human_turn else ActionIndex()
            self._preview_cache = {}

    @property
    def accepting_input(self) -> bool:
        """True when a human may act: their turn, no animation, game not over."""
        s = self.session
        return s is not None and not self.queue.busy and s.is_human_turn and not s.is_over

    # ----- committing -----
    def commit(self, action: Any) -> None:
        """Apply an action through the session and queue its animation."""
        events = self.session.apply(action)
        self._reset_interaction()
        self.hint_text = ""
        self.hint_action = None
        self.status_note = ""
        # The model still shows the position before the action: the animation walks it forward.
        self.animator.play(events)
        self._index_key = -1
        self._refresh_buttons()

    def undo(self) -> None:
        """Take back the last human action (and the AI's reply)."""
        if self.session is None:
            return
        self.queue.skip()
        if self.session.undo():
            self.status_note = self.app.t("kubtafl.status.undone")
            self._play_sound("click")
        else:
            self.status_note = self.app.t("kubtafl.status.no_undo")
        self._reset_interaction()
        self.hint_text = ""
        self.hint_action = None
        self.queue.clear()
        self._index_key = -1
        self._sync_after_animation()
        self._refresh_buttons()

    def game_over_actions(self) -> list[tuple[str, Any, str]]:
        """'Take back' in the game-over dialog while a human action can still be undone."""
        if self.session is None or not self.session.can_undo:
            return []
        return [(self.app.t("kubtafl.take_back"), self.take_back_from_end, "#menu_button")]

    def take_back_from_end(self) -> None:
        """Close the game-over dialog and undo the last human action (with the reply that ended the game)."""
        self.overlay = None
        self.game_over_shown = False
        self.undo()
        self._build_ui()

    def ask_hint(self) -> None:
        """Ask the strongest AI for a suggestion (answered on a worker thread)."""
        if self.accepting_input and self.session.request_hint():
            self.hint_text = ""
            self.hint_action = None

    # ----- events -----
    def handle(self, event: pygame.event.Event) -> None:
        """Esc first closes a popup or drops a selection; otherwise the pause menu (base class)."""
        if (self.overlay == "game_over" and event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and event.mod & pygame.KMOD_CTRL and self.game_over_actions()):
            self.take_back_from_end()
            return
        if (self.overlay is None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and (self.popup is not None or self.selected or self.reentry_kind)):
            if self.popup is not None:
                self.popup = None
                self.preview = None
            else:
                self._reset_interaction()
            return
        super().handle(event)

    def handle_board(self, event: pygame.event.Event) -> None:
        """Buttons, the move log's scrolling, skipping animations, mouse and keys."""
        if self._log_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("undo"):
                self.undo()
            elif event.ui_element is self.buttons.get("hint"):
                self.ask_hint()
            elif event.ui_element is self.buttons.get("menu"):
                self.open_pause()
            return
        if self.queue.busy:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()  # finishes the animation at once, then takes the action back
                return
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.queue.skip()
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if getattr(self.app, "ui_consumed", False) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        if event.type == pygame.MOUSEMOTION:
            self._pointer_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pointer_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._pointer_up(event.pos)

    # ----- the move log -----
    def _log_total(self) -> int:
        return len(log_lines(self.log_entries()))

    def log_entries(self) -> list[str]:
        """The log as the panel's two columns show it: Light's column of line 1 holds '…' when Dark began."""
        s = self.session
        if s is None:
            return []
        return ["…", *s.log] if s.actors and s.actors[0] == 1 else list(s.log)

    def scroll_log(self, lines: int) -> None:
        """Scroll the move log by `lines` (negative = back to older moves); at the bottom it follows again."""
        total = self._log_total()
        top = clamp_log_top(self.panel, total, self.log_top) + lines
        last_page = clamp_log_top(self.panel, total, None)
        self.log_top = None if top >= last_page else max(0, top)

    def _log_event(self, event: pygame.event.Event) -> bool:
        """Wheel over the log, or a drag of its content or scroll bar, any time; True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pointer or pygame.mouse.get_pos()
            if self.panel.log.collidepoint(pos):
                self.scroll_log(-int(event.y))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.log.collidepoint(event.pos):
            top = clamp_log_top(self.panel, self._log_total(), self.log_top)
            thumb = self.panel.log_thumb(self._log_total(), top)
            on_bar = thumb is not None and self.panel.log_track().inflate(self.panel.unit, 0).collidepoint(event.pos)
            self.log_drag = ("thumb" if on_bar else "content", event.pos[1], top)
            return True
        if event.type == pygame.MOUSEMOTION and self.log_drag is not None and not getattr(event, "buttons", (1,))[0]:
            self.log_drag = None  # the button came up where we did not see it (over a dialog, outside the window)
        if event.type == pygame.MOUSEMOTION and self.log_drag is not None:
            how, start_y, start_top = self.log_drag
            total = self._log_total()
            if how == "thumb":
                track = self.panel.log_track()
                thumb = self.panel.log_thumb(total, start_top)
                span = max(1, track.h - (thumb.h if thumb else 0))
                lines = round((event.pos[1] - start_y) * max(0, total - self.panel.log_rows) / span)
            else:
                # Content follows the pointer: dragging down shows older moves.
                lines = -round((event.pos[1] - start_y) / self.panel.log_line)
            self.log_top = start_top
            self.scroll_log(lines)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log_drag is not None:
            self.log_drag = None
            return True
        return False

    def _cell_at(self, pos: tuple[int, int]) -> str | None:
        xy = self.layout.cell_at(pos)
        return cell_name(*xy) if xy is not None else None

    def _own_side(self) -> str:
        return SIDES[self.session.current_seat] if self.session and self.session.current_seat >= 0 else "light"

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
                self.popup = None
                self.preview = None
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
        elif not dragging and cell == src and getattr(self, "_deselect_on_release", False):
            self._reset_interaction()
        self._deselect_on_release = False

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
        if cell not in self.index.dice_with_actions() and self._reentry_donor(cell):
            # A die that can only lend its value (a lonely d20, K15): start bringing a removed die back next to it.
            kinds = [k for k in self.model.removed.get(self._own_side(), []) if k in self.index.reentries]
            for kind in kinds:
                if any(opt.donor == cell for opts in self.index.reentries[kind].values() for opt in opts):
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

    def clickable_dice(self) -> set[str]:
        """Own dice a click does something with: those that move, hit or give, and when nothing can move (a lonely
        d20, K15) the dice that can lend a re-entering die its value."""
        cells = self.index.dice_with_actions()
        if not self.index.moves:
            cells |= {opt.donor for c in self.index.reentries.values() for opts in c.values() for opt in opts}
        return cells

    def _reentry_donor(self, cell: str) -> bool:
        """True when the die on `cell` can give a re-entering die its value."""
        return any(opt.donor == cell for cells in self.index.reentries.values() for opts in cells.values()
                   for opt in opts)

    def select_reentry(self, kind: str) -> None:
        """Pick a removed die: its possible cells are marked."""
        if kind not in self.index.reentries:
            return
        self._reset_interaction()
        self.reentry_kind = kind
        self._play_sound("click")

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
        self.popup.layout(self.layout.board.inflate(self.layout.border * 2, self.layout.border * 2),
                          self.layout.cell // 3)
        self.popup_hover = None
        focused = self.popup.focused
        self._set_preview(focused.text if focused else None)

    # ----- keyboard -----
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
            kinds = [k for k in self.model.removed.get(self._own_side(), []) if k in self.index.reentries]
            if kinds:
                current = kinds.index(self.reentry_kind) if self.reentry_kind in kinds else -1
                nxt = kinds[(current + 1) % len(kinds)]
                self.select_reentry(nxt)
                cells = sorted(self.index.reentries[nxt])
                self.cursor = cell_xy(cells[0])
                self.hover = cells[0]

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
        focused = popup.focused
        self._set_preview(focused.text if focused else None)

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

    # ----- screenshots and tests -----
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

    @classmethod
    def screenshot_states(cls, app: Any) -> list[tuple[str, dict[str, Any]]]:
        """A game in progress with a preview shown, and a finished game's dialog."""
        from game.client.kubtafl.demo import screenshot_contexts

        return screenshot_contexts(app)

    # ----- update and draw -----
    def update_board(self, dt: float) -> None:
        """Animations, AI replies, hints, and the end of the game."""
        self.time += dt
        self.marks.time = self.time
        was_busy = self.queue.busy
        self.queue.update(dt)
        if self.session is None:
            return
        if not self.queue.busy:
            if was_busy or self._index_key != len(self.session.log):
                self._sync_after_animation()
            if self.session.is_over:
                if not self.game_over_shown:
                    self.game_over_shown = True
                    self._show_end()
            elif self.session.is_ai_turn:
                self.session.start_ai()
                action = self.session.poll_ai()
                if action is not None:
                    self.commit(action)
        hint = self.session.poll_hint()
        if hint is not None:
            self.hint_action = self.session.state.action_to_str(hint)
            self.hint_text = self._hint_words(self.hint_action)
        self._refresh_buttons()

    def _show_end(self) -> None:
        outcome = self.session.outcome
        t = self.app.t
        if outcome is None:
            return
        if outcome.winner is None:
            title = t("gameover.draw")
            loser = ""
        else:
            win_side = SIDES[outcome.winner]
            loser = SIDES[1 - outcome.winner]
            title = t("kubtafl.winner.side", side=t(f"kubtafl.side.{win_side}"))
            if self.session.has_human and "human" not in self.session.seats[outcome.winner:outcome.winner + 1]:
                title = t("kubtafl.winner.ai")
            elif self.session.seats.count("human") == 1:
                title = t("kubtafl.winner.you")
        reason = t(f"kubtafl.reason.{outcome.reason}", loser=t(f"kubtafl.side_gen.{loser}") if loser else "",
                   loser_side=t(f"kubtafl.side.{loser}") if loser else "")
        self.show_game_over(title, reason)

    def _play_sound(self, name: str) -> None:
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play(name)
            except Exception:  # noqa: BLE001 - a sound problem must never stop the game
                pass

    def _static_surface(self) -> pygame.Surface:
        key = (self.layout.size, self.layout.cols, self.layout.rows)
        if getattr(self, "_static", None) is None or getattr(self, "_static_key", None) != key:
            surf = self.view.static_surface(self.layout).copy()
            try:
                from game.client import art as shell_art
            except ImportError:
                shell_art = None
            draw_static(surf, self.panel, shell_art)
            self._static = surf
            self._static_key = key
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
        dim_cells: set[str] = set()
        last = None if self.queue.busy else self.last_action()
        movable = interactive and self.session is not None and not self.session.is_over
        if marks or movable or last:
            layer = self.marks.begin(surface.get_size())
            if last is not None:
                self.marks.last_action(layer, layout, *last)
            if marks:
                self.badges = []
                if self.selected:
                    self.marks.selection(layer, layout, self.selected)
                elif not self.reentry_kind:
                    self.marks.movable(layer, layout, self.clickable_dice())
            elif movable:
                self.marks.movable(layer, layout, self.clickable_dice())
            surface.blit(layer, (0, 0))
        self.view.draw_dice(surface, layout, self.model, offset, hidden=dim_cells)
        if marks:
            layer = self.marks.begin(surface.get_size())
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
                ghost = None
                mover = self.preview.mover
                # A ghost only where the mover lands on a free cell; on a struck die's cell the arrows say enough.
                if mover is not None and cell_name(*mover[1]) not in self.model.dice:
                    die = self.model.dice.get(cell_name(*mover[0]))
                    if die is not None:
                        ghost = {"kind": die.kind, "side": die.side, "value": die.value}
                dice = {cell_xy(c): (d.kind, d.value) for c, d in self.model.dice.items()}
                self.marks.preview(layer, layout, self.preview, ghost, dice)
            if self.cursor is not None:
                self.marks.cursor(layer, layout, self.cursor)
            surface.blit(layer, (0, 0))
        if self.queue.effects:
            self.marks.effects(surface, layout, self.queue.effects)
        if self.popup is not None:
            self.popup.draw(surface, self.popup_hover)
        if self.dragging and self.press is not None:
            pos = pygame.mouse.get_pos()
            die = self.model.dice.get(self.press[0])
            if die is not None:
                art.arrow(surface, layout.cell_center(self.press[0]), pos, art.TRANSFER, 3, 12)
        self._draw_panel(surface)

    def last_action(self) -> tuple[str, str, str] | None:
        """The cells of the last action on the log and the side that played it: (from, to, side), or None."""
        s = self.session
        if s is None or not s.log or not s.actors or s.actors[-1] < 0:
            return None
        parts = parse_action(s.log[-1])
        if parts is None:
            return None
        return parts.src, parts.dst, SIDES[s.actors[-1]]

    def _draw_hint(self, layer: pygame.Surface) -> None:
        """The suggestion on the board: an arrow for a move or impact, with the amount for a transfer, and the
        returning die on its square for a re-entry."""
        parts = parse_action(self.hint_action or "")
        if parts is None:
            return
        if parts.kind == "move":
            self.marks.hint(layer, self.layout, parts.src, parts.dst)
        elif parts.kind == "transfer":
            self.marks.hint(layer, self.layout, parts.src, parts.dst, f"+{parts.amount}")
        else:
            self.marks.hint(layer, self.layout, parts.src, parts.dst,
                            ghost=(parts.die, self._own_side(), parts.amount))

    def _hint_words(self, text: str) -> str:
        """The suggestion in words: the notation for a move, a sentence for a transfer or re-entry."""
        t = self.app.t
        parts = parse_action(text)
        if parts is not None and parts.kind == "transfer":
            return t("kubtafl.status.hint_transfer", amount=parts.amount, donor=parts.src, recipient=parts.dst)
        if parts is not None and parts.kind == "reentry":
            return t("kubtafl.status.hint_reentry", die=parts.die, cell=parts.dst, amount=parts.amount,
                     donor=parts.src)
        return t("kubtafl.status.hint", move=text)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's changing part, re-rendered only when what it shows changes (or while the AI thinks)."""
        info = self._panel_info()
        # The thinking spinner turns every frame; otherwise the text stays put for many frames.
        key = (self.panel.rect, repr(info), round(self.time * 30) if info.thinking else None)
        if self._panel_key != key or self._panel_image is None:
            rect = self.panel.rect
            image = self._static_surface().subsurface(rect).copy()
            # The same layout with its origin at the panel's corner draws straight onto the panel image.
            self.panel_cut = draw_dynamic(image, PanelLayout(rect.move(-rect.x, -rect.y)), info, self.time)
            self._panel_image = image
            self._panel_key = key
        surface.blit(self._panel_image, self.panel.rect.topleft)

    def _panel_info(self) -> PanelInfo:
        t = self.app.t
        s = self.session
        # While an action plays out, the card still shows the side that made it.
        busy = self.queue.busy
        to_move = self.model.to_move if s is None or s.current_seat < 0 or busy else SIDES[s.current_seat]
        seat_text = seat_short = ""
        thinking = False
        if s is not None and s.current_seat >= 0 and not busy:
            seat = s.current_seat
            if s.seat_kind(seat) == "human":
                seat_text = t("kubtafl.seat.you") if s.seats.count("human") == 1 else t("kubtafl.seat.human")
            else:
                level = t(f"kubtafl.level.{s.seat_level(seat)}")
                thinking = s.thinking or not self.queue.busy
                seat_text = t("kubtafl.seat.thinking" if thinking else "kubtafl.seat.ai", level=level)
                seat_short = t("kubtafl.seat.ai", level=level)
        over = bool(s and s.is_over and not busy)
        turn_text = t("kubtafl.to_move", side=t(f"kubtafl.side.{to_move}"))
        if over:
            # The card names the result with the winner's d20: the dialog may be closed, the board stays.
            outcome = s.outcome
            if outcome is not None and outcome.winner is not None:
                to_move = SIDES[outcome.winner]
                turn_text = t("kubtafl.winner.side", side=t(f"kubtafl.side.{to_move}"))
            else:
                turn_text = t("gameover.draw")
            seat_text = t("kubtafl.game_over")
        level_title = ""
        if s is not None:
            title = s.game.level_data.get("title")
            if isinstance(title, dict):
                level_title = str(title.get(getattr(self.app.settings, "language", "en")) or title.get("en", ""))
            elif isinstance(title, str):
                level_title = title
        return PanelInfo(
            title=t("mode.kubtafl"),
            subtitle=level_title,
            to_move=to_move,
            turn_text=turn_text,
            seat_text=seat_text,
            seat_short=seat_short,
            thinking=thinking and not over,
            over=over,
            pools=self.model.removed,
            pool_labels={side: t("kubtafl.removed", side=t(f"kubtafl.side.{side}")) for side in SIDES},
            pool_active=to_move if self.accepting_input and self.index.reentries else None,
            pool_selected=self.reentry_kind or self._hint_reentry_kind(),
            log=self.log_entries(),
            log_title=t("kubtafl.log"),
            status=self._status_text(),
            keys=t("kubtafl.keys"),
            log_top=self.log_top,
        )

    def _hint_reentry_kind(self) -> str | None:
        """The removed die a re-entry hint suggests (its pool slot is marked), else None."""
        parts = parse_action(self.hint_action or "")
        return parts.die if parts is not None and parts.kind == "reentry" else None

    def _status_text(self) -> str:
        t = self.app.t
        s = self.session
        if s is None:
            return ""
        if s.is_over:
            return t("kubtafl.status.over")
        if self.queue.busy:
            return t("kubtafl.status.animating")
        if s.is_ai_turn:
            return t("kubtafl.status.ai")
        if s.hinting:
            return t("kubtafl.status.hinting")
        if self.preview is not None and self.preview.winners and len(self.preview.winners) == 1 and \
                self.preview.winners[0] == s.current_seat:
            return t("kubtafl.status.wins_now")
        if self.hint_text:
            return self.hint_text
        if self.reentry_kind:
            more = len(self.index.reentries) > 1
            return t("kubtafl.status.reentry_more" if more else "kubtafl.status.reentry", die=self.reentry_kind)
        if self.selected:
            die = self.model.dice.get(self.selected)
            return t("kubtafl.status.selected", die=f"{die.kind} ({die.value})" if die else self.selected)
        if self.status_note:
            return self.status_note
        if not self.index.moves and self.index.reentries:
            return t("kubtafl.status.lonely")
        return t("kubtafl.status.pick")

