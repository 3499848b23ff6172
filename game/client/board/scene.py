"""`BoardScene`: the one board scene every mode plays in, driving a `ModeView` (see `mode_view`).

It coordinates parts with one job each, owned by composition: `layout` (geometry), `table` (felt, frame, squares),
`marks` and `effects` (overlays), `queue` and `animator` (engine events to tweens, dispatched by event type),
`tracker` (pointer and keys to intents), `turns` (the one place actions are committed: undo, redo, settling, AI
replies, hints), `handovers` (the hand-over card and the events held for it), `reviewer` (review, the replay
viewer, watch mode, the banner), `popups` (chooser and picker), `presenter` (the panel's texts, image and buttons)
and `log` (the move list). The mode is handed `services`, never the scene. The pause menu, game-over card and
autosave are `GameScene`'s.

Input is taken only when the animation queue is empty and a human seat is to act; a click or Space skips a
running animation, Ctrl+Z undoes (finishing the animation first), H asks for a hint, Esc first lets the mode drop
its pick, then pauses. AI seats and hints think on the session's workers; the board keeps drawing meanwhile.

A mode's scene is `BoardScene` named for its mode, with its `ModeView` class and its `--screenshot` states:
`class KubtaflScene(BoardScene, mode="kubtafl", view=KubtaflView, screenshots=screenshot_contexts)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.client import art
from game.client.anim import AnimQueue
from game.client.board.animator import Animator
from game.client.board.context import apply_context, pointer_event, pointer_tick
from game.client.board.effects import Effects, shake_offset
from game.client.board.ending import GameEnd
from game.client.board.handover import HandoverFlow
from game.client.board.input import PointerTracker, left_press
from game.client.board.layout import BoardLayout
from game.client.board.legend import Legend
from game.client.board.log import MoveLog
from game.client.board.marks import Marks
from game.client.board.mode_view import ModeView
from game.client.board.online_hooks import OnlineHooks
from game.client.board.panel import PanelLayout
from game.client.board.popups import Popups
from game.client.board.presenter import PanelPresenter
from game.client.board.reviewing import ReviewController
from game.client.board.services import BoardServices
from game.client.board.signals import BoardEnv, BoardSignals
from game.client.board.trace import TurnTrace
from game.client.board.turns import TurnFlow
from game.client.board.view import TableView
from game.client.board.wakeup import Wakeup
from game.client.game_scene import DialogItem, GameScene
from game.client.learn.challenge_play import open_flow
from game.client.learn.flow import LessonFlow
from game.client.online.board import OnlineBoard
from game.client.pacing import SLOW_FRAME

if TYPE_CHECKING:
    from game.client.app import App

SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN)


def _ctrl(event: pygame.event.Event, key: int) -> bool:
    return bool(event.type == pygame.KEYDOWN and event.key == key and event.mod & pygame.KMOD_CTRL)


class BoardScene(GameScene):
    """A game on a grid board with previews, animation, undo, hints and AI seats; the mode is `view`."""

    view_class: Callable[[], ModeView[Any, Any]]

    def __init_subclass__(
        cls,
        mode: str = "",
        view: Callable[[], ModeView[Any, Any]] | None = None,
        screenshots: Callable[[App], list[tuple[str, dict[str, object]]]] | None = None,
        **kwargs: object,
    ) -> None:
        """A mode's scene: its `mode`, its `view` class and its `screenshots(app)` states for `--screenshot`."""
        super().__init_subclass__(**kwargs)
        if mode:
            cls.mode = mode
        if view is not None:
            cls.view_class = view
        if screenshots is not None:
            setattr(cls, "screenshot_states", staticmethod(screenshots))  # noqa: B010 (not a GameScene attribute)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.layout = BoardLayout(app.screen_size)
        self.table = TableView()
        self.marks = Marks()
        self.effects = Effects()
        self.queue = AnimQueue(lambda: self.app.settings.anim_speed)
        self.animator = Animator(self.queue, self.play_sound)
        self.tracker = PointerTracker()
        self.log = MoveLog()
        self.time = 0.0
        self._static: pygame.Surface | None = None
        self.env = BoardEnv(
            app.t, app.settings, lambda text: self.app.notify(text), self.play_sound, lambda: self.session
        )
        self.view: ModeView[Any, Any] = self.view_class()
        self.lesson = LessonFlow(self)  # a lesson played on this board (inactive in an ordinary game)
        self.ending = GameEnd(self)
        self.reviewer = ReviewController(self)
        self.handovers = HandoverFlow(
            self.env,
            self.view,
            lambda: (self.layout.frame, self.panel_layout.unit),
            play_on=lambda events: self.turns.play_on(events),
            undo=lambda: self.turns.undo(),
            in_lesson=lambda: self.lesson.active,
        )
        self.turns = TurnFlow(
            self.env,
            self.view,
            self.queue,
            self.handovers,
            self.animator.play,
            ask=self.dialogs.ask,
            accepting=lambda: self.accepting_input,
            coach=lambda: self.lesson,
            playbacks=self.reviewer,
        )
        self.trace = TurnTrace(self)  # the other seats' last turn, drawn until the player acts
        self.legend = Legend(self)  # what the badges mean, on F1 or its button
        self.popups = Popups(lambda: self.layout, self.turns.commit)
        self.presenter = PanelPresenter(self)
        self.services = BoardServices(self)
        self.online = OnlineBoard(self)  # a game on a match server (inactive in a game played here only)
        self.online_hooks = OnlineHooks(self.online, app.t, self.dialogs.ask, self.close_pause)
        self.pacing = Wakeup()
        self.panel_layout = PanelLayout(self.layout.panel, self.view.slot_units)
        self._wire(self.env.signals)
        self.view.attach(self.services)
        self.animator.handlers.update(self.view.event_handlers())

    def _wire(self, signals: BoardSignals) -> None:
        """Who follows what, once."""
        for reset in (self.popups.close, self.view.reset, self.tracker.reset):
            signals.ui_reset.connect(reset)
        signals.undone.connect(self.reviewer.leave_review)
        signals.settled.connect(self.handovers.settled)
        signals.game_ended.connect(self.ending.show)
        signals.committed.connect(self.presenter.refresh_buttons)
        signals.buttons_changed.connect(self.presenter.refresh_buttons)
        self.turns.undo_elsewhere = self.online_hooks.undo
        pacing = self.pacing
        pacing.still.append(lambda: self.dialogs.overlay == "pause")  # the board stands still under the pause menu
        pacing.moving.append(lambda: bool(self.queue.busy or self.queue.effects or self.marks.moving))
        pacing.moving.append(lambda: self.session is not None and not self.turns.settled and not self.handovers.held)
        pacing.due.append(lambda: None if self.reviewer.playback is None else self.reviewer.playback.wake_in())
        pacing.due += [self.tracker.hold_due, self._thinking, self.online.wake_in]

    def _thinking(self) -> float | None:
        """The computer thinking (or a hint): a slow spinner, and its answer looked for."""
        s = self.session
        return SLOW_FRAME if s is not None and not s.is_over and (s.is_ai_turn or s.hinting) else None

    @property
    def model(self) -> object:
        """The live drawing model (the turn flow's)."""
        return self.turns.model

    @model.setter
    def model(self, model: object) -> None:
        self.turns.model = model

    # ----- life cycle -----
    def enter_board(self, **context: object) -> None:
        """Set up for `self.session`; screenshot contexts may pre-play moves (`play`: notations) and then prepare
        picks (`prepare`: a callable given the settled scene); a lesson or a challenge opens by `open_flow`."""
        self.lesson = open_flow(self, context)
        self.legend.close()
        self.view.enter()  # a mode with cards or drafts drops what a last game left
        self.queue.clear()
        self.turns.reset_ui()
        self.turns.game_over_shown = False
        self.turns.settled_at = None
        self.ending.results_cut = []
        self.log.top = self.log.drag = self.log.selected = None
        self.handovers.reset(keep_last=False)
        self.trace.replaying = False
        self.model = self.view.build_model(self.session.state) if self.session is not None else None
        self.reviewer.enter(context.get("replay"))
        self.layout_board(self.size)
        if self.session is not None and self.session.initial_events:
            self.animator.play(self.session.initial_events)
        apply_context(self, context)
        self.online.enter()

    def settle_now(self) -> None:
        """Finish the animation and settle the board (screenshot contexts and tests)."""
        self.queue.skip()
        self.turns.settle()

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
        self.panel_layout = PanelLayout(
            self.layout.panel, self.view.slot_room(), seat_row=seats > 2, strip_row=self.online.active
        )
        self.log.place(self.lesson.log_rect(self.panel_layout.log, self.panel_layout.unit), self.panel_layout.unit)
        self._static = None
        self.presenter.drop_image()
        self.popups.layout()
        self.handovers.layout()
        self.view.layout_changed()

    def build_board_ui(self) -> None:
        """The panel's buttons (and an online card's)."""
        self.presenter.build_buttons()
        self.online.build_ui()

    def rebuild_ui(self) -> None:
        """Every pygame_gui element again (the panel's buttons and any open dialog)."""
        self._build_ui()

    @property
    def accepting_input(self) -> bool:
        """True when a human may act: their turn, no animation, no hand-over card, not reviewing, game not over."""
        s = self.session
        return (
            s is not None
            and not self.queue.busy
            and s.is_human_turn
            and not s.is_over
            and self.handovers.card is None
            and self.reviewer.model is None
            and not self.lesson.holds_input
        )

    def play_sound(self, name: str) -> None:
        """Play a sound effect (never fails the game)."""
        sound = self.app.sound
        if sound is None:
            return
        try:
            sound.play(name)
        except Exception:  # noqa: BLE001 - a sound problem must never stop the game
            pass

    # ----- events -----
    def handle(self, event: pygame.event.Event) -> None:
        """Ctrl+Z in the game-over card takes back; Esc first closes a popup or lets the mode drop its pick."""
        if self.dialogs.overlay == "game_over" and _ctrl(event, pygame.K_z):
            self.ending.take_back()
        elif self.dialogs.overlay == "game_over" and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_game_over()
        elif not (
            self.dialogs.overlay is None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self._escape()
        ):
            super().handle(event)

    def _escape(self) -> bool:
        """Esc on the board: leave the replay or the review, close a popup or drop the mode's pick; False: pause."""
        if self.legend.open:
            self.legend.close()
        elif self.trace.replaying and self.queue.busy:
            self.queue.skip()  # Esc skips the last turn's replay
        elif self.reviewer.replay is not None:
            self.reviewer.back_from_replay()
        elif self.reviewer.review is not None:
            self.reviewer.leave()
        elif self.popups.open:
            self.popups.close()
        else:
            return self.view.cancel()
        return True

    def handle_board(self, event: pygame.event.Event) -> None:
        """The banner's chip, the move log, buttons, review keys, skipping animations, the hand-over card, then keys,
        popups and the mode's pointer intents."""
        if event.type == pygame.MOUSEMOTION:
            self.tracker.pos = event.pos
        self.marks.stir()
        self.turns.picks_current()
        ctrl_z = _ctrl(event, pygame.K_z)
        if (
            self.legend.handle(event)
            or self.online.handle(event)
            or self.reviewer.chip_pressed(event)
            or self._log_event(event)
            or self._button_event(event)
            or self.trace.handle(event)
            or (event.type == pygame.KEYDOWN and self.reviewer.key(event))
            or self._while_busy(event, ctrl_z)
            or self.handovers.handle(event, ctrl_z)
        ):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event, ctrl_z)
        elif not (
            self.app.ui_consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ) and not self.popups.handle(event, self.accepting_input):
            pointer_event(self, event)

    def _log_event(self, event: pygame.event.Event) -> bool:
        if not self.log.handle(event, self.tracker.pos):
            return False
        entry = self.log.take_click()
        if entry is not None:
            self.reviewer.start(entry)
        return True

    def _button_event(self, event: pygame.event.Event) -> bool:
        """A panel button."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = self.presenter.button_key(event.ui_element)
        actions: dict[str, Callable[[], None]] = {
            "undo": self.turns.undo,
            "redo": self.turns.redo,
            "hint": self.turns.ask_hint,
            "menu": self.open_pause,
            "rematch": self.rematch,
            "review": self.reviewer.review_game,
            "back": self.reviewer.back_from_replay,
            "retry": self.lesson.retry,
            "give_up": self.lesson.give_up,
        }
        if key in actions:
            if self.reviewer.review is not None and key in ("undo", "redo", "hint"):
                self.reviewer.leave()
            actions[key]()
        else:
            self.reviewer.button(key)
        self.presenter.refresh_buttons()
        return True

    def _while_busy(self, event: pygame.event.Event, ctrl_z: bool) -> bool:
        """While events play: Ctrl+Z undoes (finishing them at once), the mode's own control over a running
        animation (CheckRisk's Stop blitz), else a click, Space or Enter skips; True while busy."""
        if not self.queue.busy:
            return False
        if ctrl_z:
            self.turns.undo()
        elif left_press(event) and self.view.press_while_busy(event.pos):
            pass
        elif left_press(event) or (event.type == pygame.KEYDOWN and event.key in SKIP_KEYS):
            self.queue.skip()
        return True

    def _key(self, event: pygame.event.Event, ctrl_z: bool) -> None:
        """Ctrl+Z, Ctrl+Y, H, then a popup's keys or the mode's key intents."""
        if ctrl_z:
            self.turns.undo()
        elif _ctrl(event, pygame.K_y):
            self.turns.redo()
        elif event.key == pygame.K_h:
            self.turns.ask_hint()
        elif self.accepting_input and not self.popups.handle(event, True):
            self.view.key(self.tracker.key(event))

    # ----- update -----
    def update_board(self, dt: float) -> None:
        """Animations, AI replies, hints, and the end of the game."""
        self.time += dt
        self.turns.dt = dt
        if self.reviewer.replay is not None:
            self.reviewer.tick(dt)
        self.marks.time = self.time
        pointer_tick(self, dt)
        was_busy = self.queue.busy
        self.queue.update(dt)
        if was_busy and not self.queue.busy:
            self.marks.stir()  # the marks of the new position pulse for a while
        self.trace.tick()
        self.online.update()  # the server's news, before the turn flow looks for the next action
        if self.session is None:
            return
        if not self.queue.busy:
            self.turns.on_idle(was_busy)
        self.turns.receive_hint()
        self.presenter.refresh_buttons()

    def wake_in(self) -> float | None:
        """When the board next changes by itself (`pacing` says, from what the parts connected)."""
        return self.pacing.wake_in()

    # ----- a lesson's own ways out (the pause menu's Restart and Quit) -----
    def restart(self) -> None:
        """A lesson starts again from its position; a game as `GameScene` restarts it."""
        if self.lesson.active:
            self.lesson.retry()
        else:
            super().restart()

    def save_and_quit(self) -> None:
        """A lesson goes back to the Learn screen (it is never saved); a game is saved first."""
        if self.lesson.active:
            self.lesson.to_list()
        else:
            super().save_and_quit()

    def ask_restart(self) -> None:
        """Online, resign or ask a rematch (`online_hooks`); else as `GameScene`."""
        if not self.online_hooks.ask_restart():
            super().ask_restart()

    def restart_label(self) -> str:
        """Restart, or Resign in an online game (Rematch once it is over)."""
        return self.online_hooks.restart_label() or super().restart_label()

    def rematch(self) -> None:
        """Online, a rematch is asked of the other seats; else as `GameScene`."""
        if not self.online_hooks.rematch():
            super().rematch()

    def quit_label(self) -> str:
        """The pause menu's last button."""
        return self.lesson.back_label() if self.lesson.active else super().quit_label()

    # ----- the end of the game (the card's hooks; `ending` says what it holds) -----
    def game_over_actions(self) -> list[DialogItem]:
        """Review, and Take back while possible."""
        return self.ending.actions()

    def results_size(self) -> tuple[int, int]:
        """The mode's results table's size, once the game is over."""
        return self.ending.results_size()

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mode's results table in the card."""
        self.ending.draw_results(surface, rect)

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
        live = self.reviewer.model is None  # a reviewed position shows its pieces only, none of the live marks
        # Marks lie on the board and its frame: only that part of the layer is cleared and blitted (a full-window
        # translucent blit twice a frame would cost more than everything else the board draws).
        area = self.layout.frame.clip(surface.get_rect())
        layer = self.marks.begin(surface.get_size(), area)
        under = self.trace.draw_under(layer) | self.lesson.draw_under(layer)
        if live and (under | self.view.draw_under(layer, interactive)):
            surface.blit(layer, area.topleft, area)
        shown = self.model if live else self.reviewer.model
        if shown is not None:
            self.view.draw_pieces(surface, self.layout, shown, offset)
        layer = self.marks.begin(surface.get_size(), area)
        over = self.trace.draw_over(layer) | self.view.draw_over(layer, interactive) | self.lesson.draw_over(layer)
        if live and over:
            surface.blit(layer, area.topleft, area)
        if self.queue.effects:
            self.effects.draw(surface, self.layout, self.queue.effects)
        self.view.draw_top(surface)
        self.popups.draw(surface)  # over the mode's cards: an open picker is never hidden under one
        self.presenter.draw(surface)
        self.reviewer.draw_banner(surface)  # over the panel's title row
        self.lesson.draw_card(surface)
        self.trace.draw_button(surface)
        self.legend.draw_button(surface)
        if self.queue.effects and self.effects.over_panel:
            self.effects.draw(surface, self.layout, self.queue.effects, over_panel=True)
        self.online.draw(surface)
        card = self.handovers.card
        if card is not None and not self.queue.busy:
            card.draw(surface, self.panel_layout.unit)
        self.legend.draw(surface)
