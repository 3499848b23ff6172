"""`BoardScene`: the one board scene every mode plays in, driving a `ModeView` (see `mode_view`).

It owns its parts by composition: `layout` (geometry), `table` (felt, frame, squares), `marks` and `effects`
(overlays), `queue` and `animator` (engine events to tweens, dispatched by event type), `tracker` (pointer and
keys to intents), `chooser` / `picker` / `handover` (popups), `panel_layout` and `log` (side panel). The pause
menu, game-over card and autosave are `GameScene`'s (the base of every board scene).

Input is taken only when the animation queue is empty and a human seat is to act; a click or Space skips a
running animation, Ctrl+Z undoes (finishing the animation first), H asks for a hint, Esc first lets the mode drop
its pick, then pauses. AI seats and hints think on the session's workers; the board keeps drawing meanwhile.

A mode's scene is `BoardScene` with its `ModeView` class: `class KubtaflScene(BoardScene): view_class = ...`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.client import art
from game.client.anim import AnimQueue
from game.client.board.animator import Animator
from game.client.board.chooser import Chooser
from game.client.board.effects import Effects, shake_offset
from game.client.board.handover import HandoverCard
from game.client.board.input import Hover, PointerTracker, Press
from game.client.board.layout import BoardLayout
from game.client.board.log import MoveLog
from game.client.board.marks import Marks
from game.client.board.mode_view import ModeView
from game.client.board.panel import PanelInfo, PanelLayout, SeatChip, draw_dynamic
from game.client.board.picker import CANCEL, COMMIT, AmountPicker
from game.client.board.view import TableView
from game.client.game_scene import GameScene

BUTTONS = ("undo", "hint", "menu")


class BoardScene(GameScene):
    """A game on a grid board with previews, animation, undo, hints and AI seats; the mode is `view`."""

    view_class: Callable[[], ModeView]

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.layout = BoardLayout(app.screen_size)
        self.table = TableView()
        self.marks = Marks()
        self.effects = Effects()
        self.queue = AnimQueue(lambda: getattr(self.app.settings, "anim_speed", "normal"))
        self.animator = Animator(self.queue, self.play_sound)
        self.tracker = PointerTracker()
        self.log = MoveLog()
        self.chooser: Chooser | None = None
        self.chooser_hover: tuple[int, int] | None = None  # (row, column) of the hovered chip
        self._chooser_focus: Callable[[Any], None] | None = None  # the mode's preview of the focused chip
        self.picker: AmountPicker | None = None
        self.handover: HandoverCard | None = None
        self.buttons: dict[str, Any] = {}
        self.model: Any = None
        self.review_model: Any = None  # a past position shown read-only (review and replay), or None: live
        self.time = 0.0
        self.game_over_shown = False
        self.status_note = ""
        self.hint_action: str | None = None
        self.hint_text = ""
        self.panel_cut: list[str] = []
        self._settled_at: object = None  # the `_position_key` the mode's picks were built for; None forces a rebuild
        self._last_human: int | None = None  # the human seat that acted last (for the hand-over card)
        self._static: pygame.Surface | None = None
        self._panel_image: pygame.Surface | None = None
        self._panel_key: object = None
        self.view: ModeView = self.view_class()
        self.panel_layout = PanelLayout(self.layout.panel, self.view.slot_units)
        self.view.attach(self)
        self.animator.handlers.update(self.view.event_handlers())

    # ----- life cycle -----
    def enter_board(self, **context: Any) -> None:
        """Set up for `self.session`; screenshot contexts may pre-play moves (`play`: notations)."""
        self.queue.clear()
        self.close_popups()
        self.view.reset()
        self.tracker.reset()
        self.game_over_shown = False
        self.status_note = ""
        self.clear_hint()
        self.log.top = None
        self.log.drag = None
        self.handover = None
        self._last_human = None
        self.model = self.view.build_model(self.session.state) if self.session is not None else None
        self._settled_at = None
        self.layout_board(self.size)
        if self.session is not None and self.session.initial_events:
            self.animator.play(self.session.initial_events)
        for text in context.get("play", []) or []:
            self.commit(self.session.state.action_from_str(text))
            self.queue.skip()

    def leave_board(self) -> None:
        """Stop listening for the AI."""
        if self.session is not None:
            self.session.close()
        self.queue.clear()

    def layout_board(self, size: tuple[int, int]) -> None:
        """Board and panel geometry for the window."""
        cols = rows = 8
        seats = 2
        if self.session is not None:
            # The board size from the game's metadata (8×8 until a mode's game states it).
            game = self.session.game
            cols, rows = int(getattr(game, "width", 8)), int(getattr(game, "height", 8))
            seats = len(self.session.seats)
        self.layout = BoardLayout(size, cols, rows)
        self.panel_layout = PanelLayout(self.layout.panel, self.view.slot_units, seat_row=seats > 2)
        self.log.place(self.panel_layout.log, self.panel_layout.unit)
        self._static = None
        self._panel_image = None
        self._layout_popups()

    def build_board_ui(self) -> None:
        """Undo, Hint and Menu buttons in the panel."""
        self.buttons = {}
        area = self.panel_layout.buttons
        gap = max(6, self.panel_layout.unit // 2)
        w = (area.w - 2 * gap) // 3
        for i, key in enumerate(BUTTONS):
            rect = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
            self.buttons[key] = pygame_gui.elements.UIButton(relative_rect=rect, text=self.app.t(f"board.{key}"),
                                                             manager=self.app.ui, object_id="#small_button")
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

    # ----- the position -----
    def _settle(self) -> None:
        """Once the queue is empty, the board shows exactly the engine's position and the mode's picks follow it."""
        if self.session is None:
            return
        self.model = self.view.build_model(self.session.state)
        key = self._position_key()
        if key != self._settled_at:
            self._settled_at = key
            self.view.position_changed(self.session.state, self.session.is_human_turn)
            self._maybe_handover()

    def _position_key(self) -> object:
        """Which position the picks must be built for: this session, this far into its log."""
        s = self.session
        return (id(s), len(s.log)) if s is not None else None

    def _picks_current(self) -> None:
        """Before any input reaches the mode, settle an idle board whose position moved on (a move at instant speed,
        Restart, Rematch, Continue or New game in this frame): the mode's picks must belong to the state they act on."""
        if self.session is not None and not self.queue.busy and self._settled_at != self._position_key():
            self._settle()

    def _maybe_handover(self) -> None:
        """The hand-over card when the acting human changes and the mode asks for it."""
        s = self.session
        if s is None or s.is_over or not s.is_human_turn:
            return
        seat = s.current_seat
        if self._last_human is not None and self._last_human != seat:
            message = self.view.handover(seat)
            if message:
                self.handover = HandoverCard(seat, self.view.seat_name(seat), self.view.seat_colour(seat), message,
                                             self.app.t("board.handover.ready"))
                self.handover.layout(self.layout.frame, self.panel_layout.unit)
        self._last_human = seat

    @property
    def accepting_input(self) -> bool:
        """True when a human may act: their turn, no animation, no hand-over card, not reviewing, game not over."""
        s = self.session
        return (s is not None and not self.queue.busy and s.is_human_turn and not s.is_over
                and self.handover is None and self.review_model is None)

    def show_position(self, state: Any) -> None:
        """Show `state` (a past position) read-only instead of the live board; None returns to the game."""
        self.close_popups()
        self.view.reset()
        self.review_model = self.view.build_model(state) if state is not None else None

    # ----- committing -----
    def commit(self, action: Any) -> None:
        """Apply an action through the session and queue its animation."""
        events = self.session.apply(action)
        self.close_popups()
        self.view.reset()
        self.tracker.reset()
        self.clear_hint()
        self.status_note = ""
        # The model still shows the position before the action: the animation walks it forward.
        self.animator.play(events)
        self._settled_at = None
        self._refresh_buttons()

    def undo(self) -> None:
        """Take back the last human action (and the AI's reply)."""
        if self.session is None:
            return
        self.queue.skip()
        if self.session.undo():
            self.status_note = self.app.t("board.status.undone")
            self.play_sound("click")
        else:
            self.status_note = self.app.t("board.status.no_undo")
        self.close_popups()
        self.view.reset()
        self.tracker.reset()
        self.clear_hint()
        self.handover = None
        self.queue.clear()
        self._settled_at = None
        self._settle()
        self._refresh_buttons()

    def play_sound(self, name: str) -> None:
        """Play a sound effect (never fails the game)."""
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play(name)
            except Exception:  # noqa: BLE001 - a sound problem must never stop the game
                pass

    # ----- chooser and picker -----
    def open_chooser(self, title: str, rows: list[tuple[str, list[Any]]], cell: str,
                     on_focus: Callable[[Any], None] | None = None) -> None:
        """Open the option chooser by `cell`: rows of (label, options); a chip commits its option's action.
        `on_focus(option or None)` runs when the hovered or focused chip changes (the mode previews it)."""
        self.picker = None
        self.chooser = Chooser(title, rows, self.layout.cell_center(cell))
        self._chooser_focus = on_focus
        self.chooser_hover = None
        self._layout_popups()
        self._focus_changed(self.chooser.focused)

    def open_picker(self, title: str, low: int, high: int, default: int, cell: str, on_commit: Callable[[int], None],
                    on_change: Callable[[int], None] | None = None) -> AmountPicker:
        """Open the amount picker by `cell` with `default` chosen; `on_commit(amount)` runs on OK or Enter."""
        self.chooser = None
        self.picker = AmountPicker(title, low, high, default, self.layout.cell_center(cell), on_commit, on_change)
        self._layout_popups()
        return self.picker

    def close_popups(self) -> None:
        """Close the chooser and the picker."""
        if self.chooser is not None:
            self.chooser = None
            self._focus_changed(None)
        self.picker = None

    def _focus_changed(self, option: Any) -> None:
        if self._chooser_focus is not None:
            self._chooser_focus(option)

    def _layout_popups(self) -> None:
        """Place open popups over the board and its frame."""
        bounds = self.layout.frame
        if self.chooser is not None:
            self.chooser.layout(bounds, self.layout.cell // 3)
        if self.picker is not None:
            self.picker.layout(bounds, self.layout.cell // 3)
        if self.handover is not None:
            self.handover.layout(bounds, self.panel_layout.unit)

    def _chooser_event(self, event: pygame.event.Event) -> None:
        chooser = self.chooser
        assert chooser is not None
        if event.type == pygame.MOUSEMOTION:
            self.chooser_hover = chooser.hit(event.pos)
            if self.chooser_hover is not None:
                self._focus_changed(chooser.option(*self.chooser_hover))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = chooser.hit(event.pos)
            if hit is not None:
                option = chooser.option(*hit)
                if option is not None:
                    self.commit(option.action)
            elif not chooser.rect.collidepoint(event.pos):
                self.close_popups()
        elif event.type == pygame.KEYDOWN:
            if event.key in ARROW_FOCUS:
                chooser.move_focus(*ARROW_FOCUS[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if chooser.focused is not None:
                    self.commit(chooser.focused.action)
                    return
            elif pygame.K_1 <= event.key <= pygame.K_9:
                option = chooser.digit(event.key - pygame.K_0)
                if option is not None:
                    self.commit(option.action)
                    return
            self._focus_changed(chooser.focused)

    def _picker_event(self, event: pygame.event.Event) -> None:
        picker = self.picker
        assert picker is not None
        result = None
        if event.type == pygame.MOUSEWHEEL:
            picker.wheel(int(event.y))
        elif event.type == pygame.MOUSEMOTION:
            picker.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            result = picker.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            picker.release()
        elif event.type == pygame.KEYDOWN:
            result = picker.key(event.key)
        if result in (COMMIT, CANCEL) and self.picker is picker:
            self.picker = None

    # ----- hints -----
    def ask_hint(self) -> None:
        """Ask the strongest AI for a suggestion (answered on a worker)."""
        if self.accepting_input and self.session.request_hint():
            self.clear_hint()

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""
        self.hint_text = ""
        self.hint_action = None

    def _receive_hint(self) -> None:
        hint = self.session.poll_hint()
        if hint is not None:
            self.hint_action = self.session.state.action_to_str(hint)
            self.hint_text = self.view.hint_words(self.hint_action)

    # ----- events -----
    def handle(self, event: pygame.event.Event) -> None:
        """Ctrl+Z in the game-over card takes back; Esc first closes a popup or lets the mode drop its pick."""
        if (self.overlay == "game_over" and event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and event.mod & pygame.KMOD_CTRL and self.game_over_actions()):
            self.take_back_from_end()
            return
        if self.overlay is None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.chooser is not None or self.picker is not None:
                self.close_popups()
                return
            if self.view.cancel():
                return
        super().handle(event)

    def handle_board(self, event: pygame.event.Event) -> None:
        """Buttons, the move log, skipping animations, the hand-over card, popups, then the mode's intents."""
        if event.type == pygame.MOUSEMOTION:
            self.tracker.pos = event.pos
        self._picks_current()
        if self.log.handle(event, self.tracker.pos):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("undo"):
                self.undo()
            elif event.ui_element is self.buttons.get("hint"):
                self.ask_hint()
            elif event.ui_element is self.buttons.get("menu"):
                self.open_pause()
            return
        ctrl_z = event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL
        if self.queue.busy:
            if ctrl_z:
                self.undo()  # finishes the animation at once, then takes the action back
            elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.queue.skip()
            return
        if self.handover is not None:
            if self.handover.handle(event):
                self.handover = None
            return
        if event.type == pygame.KEYDOWN:
            if ctrl_z:
                self.undo()
            elif event.key == pygame.K_h:
                self.ask_hint()
            elif self.accepting_input:
                if self.chooser is not None:
                    self._chooser_event(event)
                elif self.picker is not None:
                    self._picker_event(event)
                else:
                    self.view.key(self.tracker.key(event))
            return
        if getattr(self.app, "ui_consumed", False) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        if self.chooser is not None:
            if event.type == pygame.MOUSEMOTION or self.accepting_input:
                self._chooser_event(event)
            return
        if self.picker is not None:
            if self.accepting_input:
                self._picker_event(event)
            return
        intent = self.tracker.pointer(event, self.layout)
        if intent is None:
            return
        if isinstance(intent, Press):
            if self.accepting_input and self.view.pointer(intent) and intent.cell and intent.pos:
                self.tracker.grab = (intent.cell, intent.pos)
            return
        if self.accepting_input or isinstance(intent, Hover):
            self.view.pointer(intent)

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
            if was_busy or self._settled_at != self._position_key():
                self._settle()
            self._advance_turn()
        self._receive_hint()
        self._refresh_buttons()

    def _advance_turn(self) -> None:
        """On an idle board: open the game-over card once, or start the AI and commit its reply when ready."""
        if self.session.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self._show_end()
        elif self.session.is_ai_turn:
            self.session.start_ai()
            action = self.session.poll_ai()
            if action is not None:
                self.commit(action)

    def game_over_actions(self) -> list[tuple[str, Any, str]]:
        """'Take back' in the game-over card while a human action can still be undone."""
        if self.session is None or not self.session.can_undo:
            return []
        return [(self.app.t("board.take_back"), self.take_back_from_end, "#menu_button")]

    def take_back_from_end(self) -> None:
        """Close the game-over card and undo the last human action (with the reply that ended the game)."""
        self.overlay = None
        self.game_over_shown = False
        self.undo()
        self._build_ui()

    def _show_end(self) -> None:
        outcome = self.session.outcome
        if outcome is None:
            return
        self.show_game_over(self.winner_title(outcome), self.view.end_reason(outcome))

    def winner_title(self, outcome: Any) -> str:
        """Who won, as the game-over card and the turn card say it."""
        t = self.app.t
        s = self.session
        if outcome.winner is None:
            return t("gameover.draw")
        if s.has_human and s.seat_kind(outcome.winner) != "human":
            return t("board.winner.ai")
        if s.seats.count("human") == 1:
            return t("board.winner.you")
        return t("board.winner.side", side=self.view.seat_name(outcome.winner))

    # ----- drawing -----
    def static_surface(self) -> pygame.Surface:
        """The table, the panel body, the log's box and the slot's static parts (dropped on every layout)."""
        if self._static is None:
            surf = self.table.static_surface(self.layout).copy()
            pl = self.panel_layout
            art.panel(surf, pl.rect, pl.unit / 18)
            self.log.draw_box(surf)
            self.view.draw_slot_static(surf, pl.slot, pl.unit)
            self._static = surf
        return self._static

    def draw_board(self, surface: pygame.Surface) -> None:
        """Table, marks, pieces, effects, popups, the mode's top layer, the panel and the hand-over card."""
        surface.blit(self.static_surface(), (0, 0))
        self.marks.new_frame()
        offset = shake_offset(self.queue.effects)
        if offset != (0.0, 0.0):
            # The shake moves the squares too: redraw the board area shifted.
            surface.blit(self.static_surface(), self.layout.frame.move(offset).topleft, self.layout.frame)
        interactive = self.accepting_input
        live = self.review_model is None  # a reviewed position shows its pieces only, none of the live marks
        layer = self.marks.begin(surface.get_size())
        if live and self.view.draw_under(layer, interactive):
            surface.blit(layer, (0, 0))
        shown = self.model if live else self.review_model
        if shown is not None:
            self.view.draw_pieces(surface, self.layout, shown, offset)
        layer = self.marks.begin(surface.get_size())
        if live and self.view.draw_over(layer, interactive):
            surface.blit(layer, (0, 0))
        if self.queue.effects:
            self.effects.draw(surface, self.layout, self.queue.effects)
        if self.chooser is not None:
            self.chooser.draw(surface, self.chooser_hover)
        if self.picker is not None:
            self.picker.draw(surface)
        self.view.draw_top(surface)
        self._draw_panel(surface)
        if self.handover is not None:
            self.handover.draw(surface, self.panel_layout.unit)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's changing part, re-rendered only when what it shows changes (or while the AI thinks)."""
        info = self.panel_info()
        self.log.rows = self.view.log_rows()
        self.log.title = self.app.t("board.log")
        key = (self.panel_layout.rect, repr(info), repr(self.view.slot_key()), repr(self.log.rows),
               self.log.first_shown(), round(self.time * 30) if info.thinking else None)
        if self._panel_key != key or self._panel_image is None:
            rect = self.panel_layout.rect
            image = self.static_surface().subsurface(rect).copy()
            local = self.panel_layout.moved(-rect.x, -rect.y)
            cut = draw_dynamic(image, local, info, self.time, self.view.draw_emblem)
            self.log.draw(image, (-rect.x, -rect.y), cut)
            self.view.draw_slot(image, local.slot, local.unit, cut)
            self.panel_cut = cut
            self._panel_image = image
            self._panel_key = key
        surface.blit(self._panel_image, self.panel_layout.rect.topleft)

    def panel_info(self) -> PanelInfo:
        """What the turn card, seat row, status and key help say now."""
        t = self.app.t
        s = self.session
        view = self.view
        # While an action plays out, the card still shows the seat that made it.
        busy = self.queue.busy
        seat = self._shown_seat()
        seat_text = seat_short = ""
        thinking = False
        if s is not None and s.current_seat >= 0 and not busy:
            if s.seat_kind(s.current_seat) == "human":
                seat_text = t("board.seat.you") if s.seats.count("human") == 1 else t("board.seat.human")
            else:
                # An AI seat to act on an idle board is thinking, or starts to on this frame.
                level = t(f"board.level.{s.seat_level(s.current_seat)}")
                thinking = True
                seat_text = t("board.seat.thinking", level=level)
                seat_short = t("board.seat.ai", level=level)
        over = bool(s and s.is_over and not busy)
        turn_text = t("board.to_move", side=view.seat_name(seat))
        if over and s is not None:
            # The card names the result with the winner's emblem: the dialog may be closed, the board stays.
            outcome = s.outcome
            if outcome is not None and outcome.winner is not None:
                seat = outcome.winner
                turn_text = t("board.winner.side", side=view.seat_name(seat))
            else:
                turn_text = t("gameover.draw")
            seat_text = t("board.game_over")
        seats = [SeatChip(view.seat_name(i), view.seat_colour(i)) for i in range(len(s.seats))] if s else []
        return PanelInfo(
            title=t(f"mode.{self.mode}"), subtitle=self.level_title(), seat=seat, colour=view.seat_colour(seat),
            turn_text=turn_text, seat_text=seat_text, seat_short=seat_short, thinking=thinking and not over,
            status=self.status_text(), keys=t(f"{self.mode}.keys"), seats=seats,
            acting=s.current_seat if s is not None else -1,
        )

    def _shown_seat(self) -> int:
        """The seat the turn card shows: the one to act, or while an action plays out the one that made it."""
        s = self.session
        if s is None:
            return 0
        if (s.current_seat < 0 or self.queue.busy) and s.actors:
            return max(0, s.actors[-1])
        return max(0, s.current_seat)

    def level_title(self) -> str:
        """The level's title in the interface language (English when it has none in that language)."""
        s = self.session
        if s is None:
            return ""
        title = s.game.level_data.get("title")
        if isinstance(title, dict):
            return str(title.get(getattr(self.app.settings, "language", "en")) or title.get("en", ""))
        if isinstance(title, str):
            return title
        return ""

    def status_text(self) -> str:
        """The status line: the game's state first, then what the mode says about the picks."""
        t = self.app.t
        s = self.session
        if s is None:
            return ""
        if s.is_over:
            return t("board.status.over")
        if self.queue.busy:
            return t("board.status.animating")
        if s.is_ai_turn:
            return t("board.status.ai")
        if s.hinting:
            return t("board.status.hinting")
        return self.view.status(self.hint_text, self.status_note)


ARROW_FOCUS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
