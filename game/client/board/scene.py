"""`BoardScene`: the one board scene every mode plays in, driving a `ModeView` (see `mode_view`).

It owns its parts by composition: `layout` (geometry), `table` (felt, frame, squares), `marks` and `effects`
(overlays), `queue` and `animator` (engine events to tweens, dispatched by event type), `tracker` (pointer and
keys to intents), `chooser` / `picker` / `handover` (popups), `panel_layout` and `log` (side panel). The pause
menu, game-over card and autosave are `GameScene`'s (the base of every board scene).

Input is taken only when the animation queue is empty and a human seat is to act; a click or Space skips a
running animation, Ctrl+Z undoes (finishing the animation first), H asks for a hint, Esc first lets the mode drop
its pick, then pauses. AI seats and hints think on the session's workers; the board keeps drawing meanwhile.

A mode's scene is `BoardScene` named for its mode, with its `ModeView` class and its `--screenshot` states:
`class KubtaflScene(BoardScene, mode="kubtafl", view=KubtaflView, screenshots=screenshot_contexts)`.
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
from game.client.board.layout import BoardLayout, cell_xy
from game.client.board.log import MoveLog
from game.client.board.marks import Marks
from game.client.board.mode_view import ModeView
from game.client.board.panel import PanelInfo, PanelLayout, SeatChip, draw_dynamic
from game.client.board.picker import CANCEL, COMMIT, AmountPicker
from game.client.board.review import Playback, Review, draw_banner, speed_text
from game.client.board.view import TableView
from game.client.game_scene import GameScene
from game.client.play.records import RecordError, Timeline
from game.client.play.seats import HUMAN, seat_level
from game.client.widgets import text_room

BUTTONS = ("undo", "redo", "hint", "menu")
WATCH_BUTTONS = ("pause", "step", "speed", "menu")
REPLAY_BUTTONS = ("pause", "step", "speed", "back")
OVER_BUTTONS = ("rematch", "review", "menu")
DRAW = -1  # the turn card's seat after a draw: the neutral emblem
REVIEW_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class BoardScene(GameScene):
    """A game on a grid board with previews, animation, undo, hints and AI seats; the mode is `view`."""

    view_class: Callable[[], ModeView]

    def __init_subclass__(cls, mode: str = "", view: Callable[[], ModeView] | None = None,
                          screenshots: Callable[[Any], list[tuple[str, dict[str, Any]]]] | None = None,
                          **kwargs: Any) -> None:
        """A mode's scene: its `mode`, its `view` class and its `screenshots(app)` states for `--screenshot`."""
        super().__init_subclass__(**kwargs)
        if mode:
            cls.mode = mode
        if view is not None:
            cls.view_class = view
        if screenshots is not None:
            setattr(cls, "screenshot_states", staticmethod(screenshots))  # noqa: B010 (not a GameScene attribute)

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
        self.results_cut: list[str] = []  # texts of the game-over card's results that did not fit
        self.status_note = ""
        self.hint_action: str | None = None
        self.hint_text = ""
        self.panel_cut: list[str] = []
        self._settled_at: object = None  # the `_position_key` the mode's picks were built for; None forces a rebuild
        self._last_human: int | None = None  # the human seat that acted last (for the hand-over card)
        self._held: list[Any] = []  # events that open the next human's turn, played once their card is dismissed
        self._opening: int | None = None  # the seat whose turn the held events open while they play (the turn card)
        self._static: pygame.Surface | None = None
        self._panel_image: pygame.Surface | None = None
        self._panel_key: object = None
        self.timeline: Timeline | None = None  # the game's positions, replayed through the engine (review, notes)
        self.review: Review | None = None  # the past position shown, None: live
        self.replay: Playback | None = None  # set in the replay viewer: the whole game is reviewed, never live
        self.replay_seats: list[str] = []  # how the replayed game's seats were played
        self.replay_back = "menu"  # where Esc and Back go from the replay viewer
        self.watch: Playback | None = None  # set when the computer plays every seat
        self.banner_chip: pygame.Rect | None = None
        self._button_keys: tuple[str, ...] = ()
        self._ai_asked = False
        self._dt = 0.0
        self._notes: dict[tuple[int, str], str] = {}
        self.view: ModeView = self.view_class()
        self.panel_layout = PanelLayout(self.layout.panel, self.view.slot_units)
        self.view.attach(self)
        self.animator.handlers.update(self.view.event_handlers())

    # ----- life cycle -----
    def enter_board(self, **context: Any) -> None:
        """Set up for `self.session`; screenshot contexts may pre-play moves (`play`: notations) and then prepare
        picks (`prepare`: a callable given the settled scene)."""
        enter = getattr(self.view, "enter", None)  # a mode with cards or drafts drops what a last game left
        if enter is not None:
            enter()
        self.queue.clear()
        self.close_popups()
        self.view.reset()
        self.tracker.reset()
        self.game_over_shown = False
        self.results_cut = []
        self.status_note = ""
        self.clear_hint()
        self.log.top = None
        self.log.drag = None
        self.handover = None
        self._last_human = None
        self._held = []
        self._opening = None
        self.model = self.view.build_model(self.session.state) if self.session is not None else None
        self._settled_at = None
        self.timeline = None
        self.review = None
        self.review_model = None
        self.log.selected = None
        self._notes = {}
        self._ai_asked = False
        replay = context.get("replay")
        self.replay = Playback(playing=False) if replay is not None else None
        self.replay_seats = list(replay.get("seats", [])) if isinstance(replay, dict) else []
        self.replay_back = str(replay.get("back", "menu")) if isinstance(replay, dict) else "menu"
        s = self.session
        watching = s is not None and not s.has_human and self.replay is None
        self.watch = Playback() if watching else None
        self.layout_board(self.size)
        if self.session is not None and self.session.initial_events:
            self.animator.play(self.session.initial_events)
        for text in context.get("play", []) or []:
            self.commit(self.session.state.action_from_str(text))
            self.queue.skip()
        if self.replay is not None:
            self.queue.clear()
            self.start_review(int(context.get("entry", 0)))
        elif context.get("review") is not None:
            self.queue.skip()
            self._settle()
            self.game_over_shown = self.session.is_over  # reviewing a finished game: its card was seen
            self.start_review(int(context["review"]))
        prepare = context.get("prepare")
        if callable(prepare):
            self.queue.skip()
            self._settle()
            prepare(self)

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
            cols, rows = game.board_size if all(game.board_size) else (8, 8)
            seats = len(self.session.seats)
        self.layout = BoardLayout(size, cols, rows)
        self.panel_layout = PanelLayout(self.layout.panel, self.view.slot_units, seat_row=seats > 2)
        self.log.place(self.panel_layout.log, self.panel_layout.unit)
        self._static = None
        self._panel_image = None
        self._layout_popups()
        self.view.layout_changed()

    def button_keys(self) -> tuple[str, ...]:
        """The panel's buttons now: the replay's or watch mode's playback, the game-over bar, or the game's own."""
        if self.replay is not None:
            return REPLAY_BUTTONS
        s = self.session
        if s is not None and s.is_over and self.game_over_shown and self.overlay != "game_over":
            return OVER_BUTTONS
        return WATCH_BUTTONS if self.watch is not None else BUTTONS

    def button_text(self, key: str) -> str:
        """A panel button's words (the playback's change with its state)."""
        t = self.app.t
        playback = self.replay or self.watch
        if key == "pause" and playback is not None:
            return t("board.pause") if playback.playing else t("board.play")
        if key == "speed" and playback is not None:
            return t("board.speed", speed=speed_text(playback))
        if key in ("rematch", "review"):
            return t(f"gameover.{key}")
        return t(f"board.{key}")

    def build_board_ui(self) -> None:
        """The panel's buttons (see `button_keys`)."""
        self.buttons = {}
        keys = self.button_keys()
        self._button_keys = tuple(self.button_text(k) for k in keys)
        area = self.panel_layout.buttons
        gap = max(6, self.panel_layout.unit // 2)
        w = (area.w - (len(keys) - 1) * gap) // len(keys)
        for i, key in enumerate(keys):
            rect = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
            self.buttons[key] = pygame_gui.elements.UIButton(relative_rect=rect, text=self.button_text(key),
                                                             manager=self.app.ui, object_id="#small_button")
        self._fit_buttons(area, gap)
        self._refresh_buttons()

    def _fit_buttons(self, area: pygame.Rect, gap: int) -> None:
        # Equal widths cut a long word in a narrow panel while a short one has room to spare: when every text fits
        # at its own width, each button gets what its text needs plus an equal share of the rest.
        buttons = list(self.buttons.values())
        if not buttons:
            return
        rooms = [text_room(b) for b in buttons]
        needs = [need + (b.rect.w - room) for b, (need, room) in zip(buttons, rooms, strict=True)]
        spare = area.w - gap * (len(buttons) - 1) - sum(needs)
        if spare < 0 or all(need <= room for need, room in rooms):
            return
        left = area.left
        for button, need in zip(buttons, needs, strict=True):
            width = need + spare // len(buttons)
            button.set_relative_position((left, area.top))
            button.set_dimensions((width, area.h))
            left += width + gap

    def _refresh_buttons(self) -> None:
        if self.session is not None and self.overlay is None and \
                tuple(self.button_text(k) for k in self.button_keys()) != self._button_keys:
            self._build_ui()
            return
        if not self.buttons or self.session is None:
            return
        can_undo = self.session.can_undo and not self.queue.busy
        hint_ok = self.session.is_human_turn and not self.queue.busy and self.handover is None
        redo_ok = self.session.can_redo and not self.queue.busy
        for key, ok in (("undo", can_undo), ("hint", hint_ok), ("redo", redo_ok)):
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
        if self.session is None or self._held:
            return  # the held events still have to walk the model forward once the hand-over card is dismissed
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
        message = self._handover_due()
        if message:
            self._open_handover(message)
        s = self.session
        if s is not None and not s.is_over and s.is_human_turn:
            self._last_human = s.current_seat

    def _handover_due(self) -> str | None:
        """The mode's hand-over message when a human other than the last one is to act now, else None."""
        s = self.session
        if s is None or s.is_over or not s.is_human_turn:
            return None
        seat = s.current_seat
        if self._last_human is None or self._last_human == seat:
            return None
        return self.view.handover(seat) or None

    def _open_handover(self, message: str) -> None:
        seat = self.session.current_seat
        self.handover = HandoverCard(seat, self.view.seat_name(seat), self.view.seat_colour(seat), message,
                                     self.app.t("board.handover.ready"))
        self.handover.layout(self.layout.frame, self.panel_layout.unit)

    def _split_at_handover(self, events: list[Any]) -> list[Any]:
        """The events to play now; when a hand-over is due, those after the mode's `turn_opened` event for the
        seat to act (its turn roll) are held back and the card opens first: the player takes the seat, then sees
        the roll. Chance outcomes that resolve the previous player's action come before the turn opens: they play
        before the card."""
        opened = getattr(self.view, "turn_opened", None)
        message = self._handover_due() if opened is not None else None
        if opened is None or not message:
            return events
        seat = self.session.current_seat
        cut = max((i for i, e in enumerate(events) if opened(e) == seat), default=len(events) - 1)
        if cut >= len(events) - 1:
            return events  # nothing after the turn opened: the card comes when the board settles, as always
        self._held = events[cut + 1:]
        self._open_handover(message)  # drawn and answered once the events before it have played out
        self._last_human = seat
        return events[:cut + 1]

    def dismiss_handover(self) -> None:
        """The player took the seat: close the card and play what opens their turn."""
        self.handover = None
        held, self._held = self._held, []
        if held:
            self._opening = self.session.current_seat
            self.animator.play(held)
            self._settled_at = None

    # ----- review and replay -----
    def get_timeline(self) -> Timeline:
        """The game's positions so far, replayed through the engine (kept in step with the session's log)."""
        s = self.session
        if self.timeline is None or self.timeline.game is not s.game:
            self.timeline = Timeline(s.game)
        try:
            self.timeline.follow(list(s.log))
        except RecordError:
            # The session's own log always replays; should it not, the review starts afresh next time.
            self.timeline = Timeline(s.game)
        return self.timeline

    @property
    def reviewing(self) -> bool:
        """True while a past position is shown."""
        return self.review is not None

    def start_review(self, entry: int) -> None:
        """Show the position after move-list entry `entry` (0: the start), read-only."""
        if self.session is None:
            return
        timeline = self.get_timeline()
        if self.review is None:
            self.review = Review(timeline, entry)
        else:
            self.review.timeline = timeline
            self.review.go(entry)
        self.show_position(self.review.state())
        self._update_log_rows()
        self.log.selected = self.review.entry or None
        self.log.show_entry(self.review.entry) if self.review.entry else self._log_to_top()
        self.play_sound("click")

    def _update_log_rows(self) -> None:
        """The move list's rows from the mode, and which entries its cells end with when a cell joins several."""
        self.log.rows = self.view.log_rows()
        entries = getattr(self.view, "log_entries", None)
        self.log.entries = entries() if entries is not None else None

    def _log_to_top(self) -> None:
        self.log.top = 0 if self.log.rows else None

    def leave_review(self) -> None:
        """Back to the live game (the replay viewer has none: it stays)."""
        if self.replay is not None:
            return
        self.review = None
        self.show_position(None)
        self.log.selected = None
        self.log.top = None

    def review_step(self, step: int) -> None:
        """The previous (-1) or next (+1) entry; past the newest, back to the live game."""
        if self.review is None:
            return
        target = self.review.entry + step
        if target > self.review.total and self.replay is None:
            self.leave_review()
            return
        self.start_review(target)

    def entry_texts(self) -> list[str]:
        """The session's log with the mode's short note on each decision ("c1-c4 −7"): for `log_rows`."""
        s = self.session
        if s is None:
            return []
        note = getattr(self.view, "entry_note", None)
        if note is None:
            return list(s.log)
        timeline = self.get_timeline()
        texts = []
        for i, text in enumerate(s.log):
            if i < len(timeline.actors) and timeline.actors[i] >= 0:
                key = (i, text)
                if key not in self._notes:
                    ends = timeline.entry_ends()
                    end = next((e for e in ends if e > i), i + 1)
                    events = [e for evs in timeline.events[i:end] for e in evs]
                    self._notes[key] = str(note(events) or "")
                words = self._notes[key]
                texts.append(f"{text} {words}" if words else text)
            else:
                texts.append(text)
        return texts

    def last_entry_events(self) -> list[Any]:
        """The events of the newest decision with the chance outcomes after it (the last move's marks)."""
        s = self.session
        if s is None or not s.log:
            return []
        timeline = self.get_timeline()
        ends = timeline.entry_ends()
        if not ends:
            return []
        decisions = [i for i, a in enumerate(timeline.actors) if a >= 0]
        return [e for evs in timeline.events[decisions[-1]:ends[-1]] for e in evs]

    def seat_controller(self, seat: int) -> str:
        """Who plays `seat`: "You", "Human" or "Computer (hard)" (in a replay, as the game was played)."""
        t = self.app.t
        seats = self.replay_seats if self.replay is not None else list(self.session.seats)
        if seat >= len(seats):
            return ""
        if seats[seat] == HUMAN:
            return t("board.who.you") if seats.count(HUMAN) == 1 and self.replay is None else t("board.who.human")
        level = seat_level(seats[seat]) or "normal"
        key = f"board.level.{level}"
        return t("board.seat.ai", level=t(key) if t.has(key) else level)

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat` in the new-game dialog, '' when none was (the mode then names the seat)."""
        names = list(getattr(self.session, "names", None) or [])
        return str(names[seat]) if 0 <= seat < len(names) and names[seat] else ""

    def seat_label(self, seat: int) -> str:
        """'Light · You', 'Dark · Computer (hard)'."""
        who = self.seat_controller(seat)
        return f"{self.view.seat_name(seat)} · {who}" if who else self.view.seat_name(seat)

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
        self._play(self.session.apply(action))

    def redo(self) -> None:
        """Play again the last action undo took back."""
        if self.session is None or self.queue.busy or not self.session.can_redo:
            return
        events = self.session.redo()
        if events is not None:
            self._play(events)

    def _play(self, events: list[Any]) -> None:
        self._ai_asked = False
        self.close_popups()
        self.view.reset()
        self.tracker.reset()
        self.clear_hint()
        self.status_note = ""
        # Events still held for an earlier card play first: whoever acted now has taken the seat.
        held, self._held = self._held, []
        self.handover = None
        self._opening = None
        # The model still shows the position before the action: the animation walks it forward.
        self.animator.play(self._split_at_handover(held + list(events)))
        self._settled_at = None
        self._refresh_buttons()

    def undo(self) -> None:
        """Take back the last human action (and the AI's reply)."""
        if self.session is None:
            return
        self.queue.skip()
        self._ai_asked = False
        if self.review is not None:
            self.leave_review()
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
        self._held = []
        self._opening = None
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
                     on_focus: Callable[[Any], None] | None = None, focus: tuple[int, int] = (0, 0),
                     keep_clear: tuple[str, ...] = ()) -> None:
        """Open the option chooser by `cell`: rows of (label, options); a chip commits its option's action.
        `on_focus(option or None)` runs when the hovered or focused chip changes (the mode previews it); `focus` is
        the chip focused first; the card keeps off the `keep_clear` cells and the badges beside them."""
        self.picker = None
        self.chooser = Chooser(title, rows, self.layout.cell_center(cell), keep_clear=keep_clear)
        self.chooser.focus = focus if self.chooser.option(*focus) is not None else (0, 0)
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
            # A kept-clear cell's badges sit beside its piece: keep the card half a cell further off.
            avoid = [self.layout.cell_rect(*cell_xy(c)).inflate(self.layout.cell, self.layout.cell)
                     for c in self.chooser.keep_clear]
            self.chooser.layout(bounds, self.layout.cell // 3, avoid)
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
        if self.overlay == "game_over" and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_game_over()
            return
        if self.overlay is None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.replay is not None:
                self.back_from_replay()
                return
            if self.review is not None:
                self.leave_review()
                return
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
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.banner_chip is not None
                and self.banner_chip.collidepoint(event.pos)):
            self.leave_review()
            return
        if self.log.handle(event, self.tracker.pos):
            entry = self.log.take_click()
            if entry is not None:
                self.start_review(entry)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame.KEYDOWN and self._review_key(event):
            return
        ctrl_z = event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL
        if self.queue.busy:
            busy_press = getattr(self.view, "press_while_busy", None)
            if ctrl_z:
                self.undo()  # finishes the animation at once, then takes the action back
            elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and busy_press is not None
                  and busy_press(event.pos)):
                return  # the mode's own control over a running animation (CheckRisk's Stop blitz)
            elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.queue.skip()
            return
        if self.handover is not None:
            if ctrl_z:
                self.undo()  # the card waits for a player, but taking a decision back never does
            elif self.handover.handle(event):
                self.dismiss_handover()
            return
        if event.type == pygame.KEYDOWN:
            if ctrl_z:
                self.undo()
            elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
                self.redo()
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

    def _button(self, element: Any) -> None:
        """A panel button."""
        key = next((k for k, b in self.buttons.items() if b is element), None)
        playback = self.replay or self.watch
        actions: dict[str, Callable[[], None]] = {
            "undo": self.undo, "redo": self.redo, "hint": self.ask_hint, "menu": self.open_pause,
            "rematch": self.rematch, "review": self.review_game, "back": self.back_from_replay,
        }
        if key in actions:
            if self.review is not None and key in ("undo", "redo", "hint"):
                self.leave_review()
            actions[key]()
        elif playback is not None and key == "pause":
            if self.replay is not None and not playback.playing and self.review is not None and \
                    self.review.entry >= self.review.total:
                self.start_review(0)  # play from the start again
            playback.toggle()
        elif playback is not None and key == "step":
            playback.step()
        elif playback is not None and key == "speed":
            playback.faster()
        self._refresh_buttons()

    def _review_key(self, event: pygame.event.Event) -> bool:
        """← → Home End while reviewing (or on a finished game), and the playback's keys; True when used."""
        playback = self.replay or self.watch
        if playback is not None and event.key in (pygame.K_p, pygame.K_SPACE) and not self.queue.busy:
            if event.key == pygame.K_p or self.replay is not None:
                playback.toggle()
                self._refresh_buttons()
                return True
        if playback is not None and event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            playback.faster()
            return True
        if playback is not None and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            playback.faster(-1)
            return True
        s = self.session
        if self.review is None:
            if s is not None and s.is_over and not self.queue.busy and event.key in (pygame.K_LEFT, pygame.K_HOME):
                total = len(self.get_timeline().entry_ends())
                self.start_review(total - 1 if event.key == pygame.K_LEFT else 0)
                return True
            return False
        if event.key in REVIEW_KEYS:
            if self.replay is not None:
                self.replay.playing = False
            self.review_step(REVIEW_KEYS[event.key])
        elif event.key == pygame.K_HOME:
            self.start_review(0)
        elif event.key == pygame.K_END:
            self.start_review(self.review.total)
        else:
            return event.key not in (pygame.K_ESCAPE, pygame.K_F11) and not (event.mod & pygame.KMOD_CTRL)
        return True

    def back_from_replay(self) -> None:
        """Leave the replay viewer (to the Games screen it was opened from, or the menu)."""
        self.app.goto(self.replay_back)

    def review_game(self) -> None:
        """The game-over bar's Review: the final position, ← to step back."""
        self.overlay = None
        self.start_review(len(self.get_timeline().entry_ends()))
        self._build_ui()

    # ----- update -----
    def update_board(self, dt: float) -> None:
        """Animations, AI replies, hints, and the end of the game."""
        self.time += dt
        self._dt = dt
        if self.replay is not None:
            self._replay_tick(dt)
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

    def _replay_tick(self, dt: float) -> None:
        """The replay's playback: the next position when due, stopping at the end."""
        playback, review = self.replay, self.review
        if playback is None or review is None or not playback.due(dt):
            return
        if review.entry < review.total:
            self.start_review(review.entry + 1)
        if review.entry >= review.total and playback.playing:
            playback.playing = False
            self._refresh_buttons()

    def _advance_turn(self) -> None:
        """On an idle board: open the game-over card once, or start the AI and commit its reply when ready."""
        if self.replay is not None:
            return
        if self.session.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self._show_end()
        elif self.session.is_ai_turn:
            if self.watch is not None and not self._ai_asked and not self.watch.due(self._dt):
                return  # watch mode: paused, or waiting for the next move's turn
            self._ai_asked = True
            self.session.start_ai()
            action = self.session.poll_ai()
            if action is not None:
                self.commit(action)

    def game_over_actions(self) -> list[tuple[str, Any, str]]:
        """'Review' in the game-over card, and 'Take back' while a human action can still be undone."""
        items = [(self.app.t("gameover.review"), self.review_game, "#menu_button")]
        if self.session is not None and self.session.can_undo:
            items.append((self.app.t("board.take_back"), self.take_back_from_end, "#menu_button"))
        return items

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
        seats = "  ·  ".join(self.seat_label(i) for i in range(len(self.session.seats)))
        if self.results_size()[1]:
            seats = ""  # the results name every seat and who played it
        summary = getattr(self.view, "end_summary", None)
        lines = [self.view.end_reason(outcome), seats, summary(self.session.state) if summary else ""]
        self.show_game_over(self.winner_title(outcome), "\n".join(line for line in lines if line))

    def results_size(self) -> tuple[int, int]:
        """The mode's results for the game-over card (a view may offer `results_size()`), else none."""
        size = getattr(self.view, "results_size", None)
        return size() if size is not None and self.session is not None and self.session.is_over else (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mode's results (a view may offer `draw_results(surface, rect, scale, cut)`); cut texts are kept."""
        draw = getattr(self.view, "draw_results", None)
        self.results_cut = []
        if draw is not None:
            draw(surface, rect, self.app.ui_scale, self.results_cut)

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

    def _tint_last_cells(self, layer: pygame.Surface) -> bool:
        """The last action's squares in its seat's accent, under the mode's marks, for a mode that names them with
        `last_cells()` (not while events play); True when drawn."""
        last_cells = getattr(self.view, "last_cells", None)
        last = last_cells() if last_cells is not None and not self.queue.busy else None
        if last is None:
            return False
        self.marks.cell_tints(layer, self.layout, last[0], self.view.seat_colour(last[1]))
        return True

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
        # Marks lie on the board and its frame: only that part of the layer is cleared and blitted (a full-window
        # translucent blit twice a frame would cost more than everything else the board draws).
        area = self.layout.frame.clip(surface.get_rect())
        layer = self.marks.begin(surface.get_size(), area)
        if live and (self._tint_last_cells(layer) | self.view.draw_under(layer, interactive)):
            surface.blit(layer, area.topleft, area)
        shown = self.model if live else self.review_model
        if shown is not None:
            self.view.draw_pieces(surface, self.layout, shown, offset)
        layer = self.marks.begin(surface.get_size(), area)
        if live and self.view.draw_over(layer, interactive):
            surface.blit(layer, area.topleft, area)
        if self.queue.effects:
            self.effects.draw(surface, self.layout, self.queue.effects)
        if self.chooser is not None:
            self.chooser.draw(surface, self.chooser_hover)
        if self.picker is not None:
            self.picker.draw(surface)
        self.view.draw_top(surface)
        self.banner_chip = None
        if self.review is not None:
            self._draw_banner(surface)
        self._draw_panel(surface)
        if self.queue.effects and self.effects.over_panel:
            self.effects.draw(surface, self.layout, self.queue.effects, over_panel=True)
        if self.handover is not None and not self.queue.busy:
            self.handover.draw(surface, self.panel_layout.unit)

    def banner_text(self) -> str:
        """The review banner's words."""
        t, review = self.app.t, self.review
        if review is None:
            return ""
        if self.replay is not None:
            return t("review.replay", n=review.entry, total=review.total)
        if review.entry == 0:
            return t("review.start")
        return t("review.banner", n=review.entry, total=review.total)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        chip = "" if self.replay is not None else self.app.t("review.live")
        self.banner_chip = draw_banner(surface, self.layout.frame, self.panel_layout.unit, self.banner_text(), chip)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's changing part, re-rendered only when what it shows changes (or while the AI thinks)."""
        info = self.panel_info()
        self._update_log_rows()
        self.log.title = self.app.t("board.log")
        self.log.chip_text = self.app.t("review.latest")
        if self.session is not None:
            self.log.headers = [(self.seat_label(i), self.view.seat_colour(i)) for i in range(len(self.session.seats))]
            seats = range(len(self.session.seats))
            self.log.short_headers = [[self.seat_controller(i) or self.view.seat_name(i) for i in seats],
                                      [self.view.seat_name(i) for i in seats]]
        key = (self.panel_layout.rect, repr(info), repr(self.view.slot_key()), repr(self.log.rows),
               self.log.first_shown(), self.log.selected, repr(self.log.headers),
               round(self.time * 30) if info.thinking else None)
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
        turn_text = t(self._to_move_key(), side=view.seat_name(seat))
        if over and s is not None:
            # The card names the result with the winner's emblem: the dialog may be closed, the board stays.
            outcome = s.outcome
            if outcome is not None and outcome.winner is not None:
                seat = outcome.winner
                turn_text = t("board.winner.side", side=view.seat_name(seat))
            else:
                seat = DRAW  # a draw is neutral: no seat's emblem or colour
                turn_text = t("gameover.draw")
            seat_text = t("board.game_over")
        if self.review is not None:
            # The card tells the reviewed position: who was to move there (or how the game ended there).
            state: Any = self.review.state()
            seat = state.current_player() if state.current_player() >= 0 else self._shown_seat()
            turn_text = t(self._to_move_key(), side=view.seat_name(seat))
            seat_text, thinking, over = self.seat_controller(seat), False, False
            if state.is_terminal():
                ended = state.outcome()
                if ended.winner is not None:
                    seat = ended.winner
                    turn_text = t("board.winner.side", side=view.seat_name(seat))
                else:
                    seat, turn_text = DRAW, t("gameover.draw")
                seat_text = t("board.game_over")
        out = getattr(view, "eliminated", None)  # a mode whose seats can drop out says which have
        seats = [SeatChip(view.seat_name(i), view.seat_colour(i), bool(out and out(i))) for i in range(len(s.seats))
                 ] if s else []
        return PanelInfo(
            title=t(f"mode.{self.mode}"), subtitle=self.level_title(), seat=seat,
            colour=view.seat_colour(seat) if seat != DRAW else art.BRASS,
            turn_text=turn_text, seat_text=seat_text, seat_short=seat_short, thinking=thinking and not over,
            status=self.status_text(), keys=self.keys_text(), seats=seats,
            acting=s.current_seat if s is not None else -1,
        )

    def keys_text(self) -> str:
        """The key help under the panel: the replay's, the review's or watch mode's keys, else the mode's."""
        t = self.app.t
        if self.replay is not None:
            return t("review.keys.replay")
        if self.review is not None:
            return t("review.keys")
        if self.watch is not None:
            return t("review.keys.watch")
        return t(f"{self.mode}.keys")

    def _to_move_key(self) -> str:
        """'X to move': the mode's own wording when it has one (a player's name reads differently from a side)."""
        key = f"{self.mode}.to_move"
        return key if self.app.t.has(key) else "board.to_move"

    def _shown_seat(self) -> int:
        """The seat the turn card shows: the one to act, or while an action plays out the one that made it."""
        s = self.session
        if s is None:
            return 0
        if self.queue.busy and self._opening is not None:
            return self._opening  # the turn the player took the seat for is opening (its roll)
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
        if self.replay is not None and self.review is not None:
            final = self.review.timeline.final.outcome()
            winner = final.winner if final is not None else None
            result = t("games.won", side=self.view.seat_name(winner)) if winner is not None else (
                t("gameover.draw") if final is not None else t("games.unfinished"))
            return t("review.status.replay", result=result, moves=self.review.total)
        if self.review is not None:
            return t("review.status")
        if self.watch is not None and not s.is_over:
            return t("board.status.watch") if self.watch.playing else t("board.status.watch_paused")
        if s.is_over:
            return t("board.status.over")
        if self.queue.busy:
            return t("board.status.animating")
        if self.handover is not None and not self.status_note:
            return t("board.status.handover", name=self.handover.name)  # an undo's note wins: the card says Ready
        if s.is_ai_turn:
            return t("board.status.ai")
        if s.hinting:
            return t("board.status.hinting")
        return self.view.status(self.hint_text, self.status_note)


ARROW_FOCUS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
