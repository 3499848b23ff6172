"""The Kubtafl board scene: pick a die, see its moves and their outcome, commit, watch it play out.

Input is taken only when the animation queue is empty and a human seat is to act; a click or Space
skips a running animation. AI seats and hints think on worker threads (see `GameSession`).

`KubtaflScene` coordinates; its parts are mixins in their own modules:
`selection` (what a click or key picks, the popup and the preview), `pointer_input`, `keyboard_input`,
`hints`, `move_log` (entries and scrolling), `turn_flow` (AI replies, game over), `board_drawing` and
`panel_text`.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.anim import AnimQueue
from game.client.game_scene import GameScene
from game.client.kubtafl.actions import ActionIndex
from game.client.kubtafl.animator import Animator
from game.client.kubtafl.board_drawing import BoardDrawing
from game.client.kubtafl.board_view import BoardView
from game.client.kubtafl.hints import HintFlow
from game.client.kubtafl.keyboard_input import KeyboardInput
from game.client.kubtafl.layout import BoardLayout
from game.client.kubtafl.model import BoardModel
from game.client.kubtafl.move_log import MoveLogScroll
from game.client.kubtafl.overlay import Overlay
from game.client.kubtafl.panel import PanelLayout
from game.client.kubtafl.panel_text import PanelText
from game.client.kubtafl.pointer_input import PointerInput
from game.client.kubtafl.selection import SelectionFlow
from game.client.kubtafl.turn_flow import TurnFlow


class KubtaflScene(SelectionFlow, PointerInput, KeyboardInput, HintFlow, MoveLogScroll, TurnFlow, BoardDrawing,
                   PanelText, GameScene):
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
        self._deselect_on_release = False
        self.index = ActionIndex()
        self._index_key: int = -1  # the log length `index` was built for; -1 forces a rebuild
        self.game_over_shown = False
        self.status_note = ""
        self._clear_hint()
        self.log_top = None
        self.log_drag = None
        self.panel_cut = []
        self.pointer = None
        self._static = None
        self._panel_image = None
        self._panel_key = None

    # ----- life cycle -----
    def enter_board(self, **context: Any) -> None:
        """Set up for `self.session`; screenshot contexts may pre-play moves and hover one."""
        self.queue.clear()
        self._reset_interaction()
        self.game_over_shown = False
        self.status_note = ""
        self._clear_hint()
        self.log_top = None
        self.log_drag = None
        self.model = self._model_from_state()
        self._index_key = -1
        self.layout_board(self.size)
        if self.session is not None and self.session.initial_events:
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
            cols, rows = self.session.game.width, self.session.game.height
        self.layout = BoardLayout(size, cols, rows)
        self.panel = PanelLayout(self.layout.panel)
        self._static = None
        self._panel_image = None
        self._layout_popup()

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
        self._clear_hint()
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
        self._clear_hint()
        self.queue.clear()
        self._index_key = -1
        self._sync_after_animation()
        self._refresh_buttons()

    def _play_sound(self, name: str) -> None:
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play(name)
            except Exception:  # noqa: BLE001 - a sound problem must never stop the game
                pass

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
                self.close_popup()
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

    # ----- update -----
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
            self._advance_turn()
        self._receive_hint()
        self._refresh_buttons()

    # ----- screenshots -----
    @classmethod
    def screenshot_states(cls, app: Any) -> list[tuple[str, dict[str, Any]]]:
        """A game in progress with a preview shown, and a finished game's dialog."""
        from game.client.kubtafl.demo import screenshot_contexts

        return screenshot_contexts(app)
