"""`BoardScene`: the one board scene every mode plays in, driving a `ModeView` (see `mode_view`).

It coordinates parts with one job each, owned by composition: `layout` (geometry), `table` (felt, frame, squares),
`marks` and `effects` (overlays), `queue` and `animator` (engine events to tweens, dispatched by event type),
`tracker` and `pointer` (pointer and keys to the mode's intents), `input` (events routed to the parts), `turns`
(the one place actions are committed: undo, redo, settling, AI replies, hints), `handovers` (the hand-over card and
the events held for it), `reviewer` (review, the replay viewer, watch mode, the banner), `popups` (chooser and
picker), `presenter` (the panel's texts, image and buttons), `log` (the move list), `pacing` (when the board next
changes by itself) and `online_hooks` (an online game's undo, Resign and Rematch). `parts.build_parts` makes them,
each given only what it uses, and wires the board's signals (`signals.BoardSignals`) once; no part holds the scene,
and the mode is handed `services`. The pause menu, game-over card and autosave are `GameScene`'s.

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

from game.client import shapes
from game.client.anim import AnimQueue
from game.client.board.animator import Animator
from game.client.board.context import PointerIntents, apply_context
from game.client.board.effects import Effects, shake_offset
from game.client.board.ending import GameEnd
from game.client.board.handover import HandoverFlow
from game.client.board.input import PointerTracker
from game.client.board.layout import BoardLayout
from game.client.board.legend import Legend
from game.client.board.log import MoveLog
from game.client.board.marks import Marks
from game.client.board.mode_view import ModeView
from game.client.board.online_hooks import OnlineHooks
from game.client.board.panel import PanelLayout
from game.client.board.parts import build_parts
from game.client.board.popups import Popups
from game.client.board.presenter import PanelPresenter
from game.client.board.reviewing import ReviewController
from game.client.board.routing import BoardInput, ctrl
from game.client.board.services import BoardServices
from game.client.board.signals import BoardEnv
from game.client.board.trace import TurnTrace
from game.client.board.turns import TurnFlow
from game.client.board.view import TableView
from game.client.board.wakeup import Wakeup
from game.client.game_scene import DialogItem, GameScene
from game.client.learn.challenge_play import open_flow
from game.client.learn.flow import LessonBoard, LessonFlow
from game.client.online.board import OnlineBoard

if TYPE_CHECKING:
    from game.client.app import App


class BoardScene(GameScene):
    """A game on a grid board with previews, animation, undo, hints and AI seats; the mode is `view`."""

    view_class: Callable[[], ModeView[Any, Any]]
    # The parts with a job of their own, made and wired by `parts.build_parts`:
    env: BoardEnv  # texts, settings, sound, the session and the board's signals
    lesson: LessonFlow  # a lesson or challenge played on this board (inactive in an ordinary game)
    lesson_board: LessonBoard  # what a lesson or challenge uses of the board
    ending: GameEnd
    reviewer: ReviewController
    handovers: HandoverFlow
    turns: TurnFlow
    trace: TurnTrace  # the other seats' last turn, drawn until the player acts
    legend: Legend  # what the badges mean, on F1 or its button
    popups: Popups
    presenter: PanelPresenter
    services: BoardServices  # what the mode may use of the board
    online: OnlineBoard  # a game on a match server (inactive in a game played here only)
    online_hooks: OnlineHooks
    pacing: Wakeup
    input: BoardInput  # events to the parts, in order
    pointer: PointerIntents  # the pointer's intents for the mode
    panel_layout: PanelLayout

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
        self.view: ModeView[Any, Any] = self.view_class()
        build_parts(self)  # the parts with a job of their own, each given only what it uses
        self.view.attach(self.services)
        self.animator.handlers.update(self.view.event_handlers())

    def frame_unit(self) -> tuple[pygame.Rect, int]:
        """The board's frame and the panel's unit (where cards over the board are laid out)."""
        return self.layout.frame, self.panel_layout.unit

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
        self.lesson = open_flow(self.lesson_board, context)
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
        apply_context(context, self.env, self.queue, self.turns, self.reviewer, stage=self)
        self.online.enter()

    def settle_now(self) -> None:
        """Finish the animation and settle the board (screenshot contexts and tests)."""
        self.queue.skip()
        self.turns.settle()

    def leave_board(self) -> None:
        """Stop listening for the AI and for the server's news."""
        self.online.leave()
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
        """The panel's buttons (and an online card's); a shown hint is worded again (the language may have changed)."""
        self.turns.reword_hint()
        self.presenter.build_buttons()
        self.online.build_ui()

    def drop_overlay(self) -> None:
        """No dialog over the board (its buttons go with the next `rebuild_ui`)."""
        self.dialogs.overlay = None

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
        if self.dialogs.overlay == "game_over" and ctrl(event, pygame.K_z):
            self.ending.take_back()
        elif self.dialogs.overlay == "game_over" and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_game_over()
        elif not (
            self.dialogs.overlay is None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self.input.escape()
        ):
            super().handle(event)

    def handle_board(self, event: pygame.event.Event) -> None:
        """The board's input, routed to its parts (`input`)."""
        self.input.handle(event)

    # ----- update -----
    def update_board(self, dt: float) -> None:
        """Animations, AI replies, hints, and the end of the game."""
        self.time += dt
        self.turns.dt = dt
        if self.reviewer.replay is not None:
            self.reviewer.tick(dt)
        self.marks.time = self.time
        self.pointer.tick(dt)
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
            shapes.panel(surf, pl.rect, pl.unit / 18)
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
