"""The board's parts, built once for a board scene and wired to each other: the composition root of
`game.client.board.scene.BoardScene`. Each part is handed only what it uses (the board's `BoardEnv`, the mode's view,
the animation queue, a few callables and parts) and the board's signals are connected here, once; a part never holds
the scene, only what it was given here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.board.context import PointerIntents
from game.client.board.ending import GameEnd
from game.client.board.handover import HandoverFlow
from game.client.board.legend import Legend
from game.client.board.online_hooks import OnlineHooks
from game.client.board.panel import PanelLayout
from game.client.board.popups import Popups
from game.client.board.presenter import PanelPresenter
from game.client.board.reviewing import ReviewController
from game.client.board.routing import BoardInput
from game.client.board.services import BoardServices
from game.client.board.signals import BoardEnv
from game.client.board.trace import TurnTrace
from game.client.board.turns import TurnFlow
from game.client.board.wakeup import Wakeup
from game.client.learn.flow import LessonBoard, LessonFlow
from game.client.online.board import OnlineBoard
from game.client.pacing import SLOW_FRAME

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene


def build_parts(scene: BoardScene) -> None:
    """Make `scene`'s parts (after its layout, marks, effects, queue, animator, tracker, log and view) and wire them."""
    notify = lambda text: scene.app.notify(text)  # noqa: E731 - read live: tests may watch the app's notes
    scene.env = BoardEnv(
        scene.app.t, scene.app.settings, notify, scene.play_sound, lambda: scene.session, lambda: scene.mode
    )
    scene.ending = GameEnd(
        scene.env,
        scene.view,
        seat_label=lambda seat: scene.presenter.seat_label(seat),
        extra_line=lambda: scene.online.end_line(),
        show=scene.show_game_over,
        close=scene.drop_overlay,
        rebuild=scene.rebuild_ui,
        review=lambda: scene.reviewer.review_game(),
        undo=lambda: scene.turns.take_back(),
        scale=lambda: scene.app.ui_scale,
    )
    scene.reviewer = ReviewController(
        scene.env,
        scene.view,
        scene.log,
        scene.queue,
        lambda: scene.panel_layout,
        word_log=lambda: scene.presenter.update_log_rows(),
        close=scene.drop_overlay,
        rebuild=scene.rebuild_ui,
        goto=lambda name: scene.app.goto(name),
    )
    scene.handovers = HandoverFlow(
        scene.env,
        scene.view,
        scene.frame_unit,
        play_on=lambda events: scene.turns.play_on(events),
        undo=lambda: scene.turns.undo(),
        in_lesson=lambda: scene.lesson.active,
    )
    scene.turns = TurnFlow(
        scene.env,
        scene.view,
        scene.queue,
        scene.handovers,
        scene.animator.play,
        ask=scene.dialogs.ask,
        accepting=lambda: scene.accepting_input,
        coach=lambda: scene.lesson,
        playbacks=scene.reviewer,
    )
    scene.trace = TurnTrace(  # the other seats' last turn, drawn until the player acts
        scene.env,
        scene.view,
        scene.marks,
        scene.queue,
        lambda: (scene.layout, scene.panel_layout),
        timeline=lambda: scene.reviewer.get_timeline(),
        position_key=scene.turns.position_key,
        in_replay=lambda: scene.reviewer.replay is not None,
        covered=lambda: scene.handovers.card is not None or scene.reviewer.model is not None,
        accepting=lambda: scene.accepting_input,
        replay_from=scene.turns.replay_from,
    )
    # What the badges mean, on F1 or the button above the last turn's.
    scene.legend = Legend(scene.env, scene.view, scene.frame_unit, scene.trace.button_rect)
    scene.popups = Popups(lambda: scene.layout, scene.turns.commit)
    scene.online = OnlineBoard(  # a game on a match server (inactive in a game played here only)
        scene.env,
        scene.app,
        scene.view,
        lambda: (scene.layout, scene.panel_layout),
        turns=scene.turns,
        queue=scene.queue,
        handovers=scene.handovers,
        ui=lambda: scene.app.ui,
        overlay=lambda: scene.dialogs.overlay,
        show_ending=lambda: scene.ending.show(),
        close_game_over=scene.close_game_over,
        close_pause=scene.close_pause,
        rebuild=scene.rebuild_ui,
        open_rematch=lambda rematch: scene.app.goto(rematch.mode, session=rematch),
        inform=lambda text: scene.app.notify(text, kind="info"),
    )
    scene.presenter = PanelPresenter(
        scene.env,
        scene.view,
        scene.queue,
        scene.log,
        reviewer=scene.reviewer,
        turns=scene.turns,
        handovers=scene.handovers,
        online=scene.online,
        coach=lambda: scene.lesson,
        panel=lambda: scene.panel_layout,
        relayout=lambda: scene.layout_board(scene.size),
        static=scene.static_surface,
        clock=lambda: scene.time,
        overlay=lambda: scene.dialogs.overlay,
        rebuild=scene.rebuild_ui,
        ui=lambda: scene.app.ui,
    )
    scene.services = BoardServices(  # what the mode may use of the board
        scene.env,
        scene.view,
        turns=scene.turns,
        reviewer=scene.reviewer,
        popups=scene.popups,
        marks=scene.marks,
        effects=scene.effects,
        animator=scene.animator,
        tracker=scene.tracker,
        queue=scene.queue,
        place=lambda: (scene.layout, scene.panel_layout),
        panel=lambda: scene.presenter,
        coach=lambda: scene.lesson,
        accepting=lambda: scene.accepting_input,
        traced=lambda: scene.trace.shown,
    )
    scene.online_hooks = OnlineHooks(scene.online, scene.app.t, scene.dialogs.ask, scene.close_pause)
    scene.pacing = Wakeup()
    scene.panel_layout = PanelLayout(scene.layout.panel, scene.view.slot_units)
    scene.lesson_board = LessonBoard(
        scene.env,
        scene.view,
        scene.app,
        scene.marks,
        lambda: (scene.layout, scene.panel_layout),
        commit=scene.turns.commit,
        settle=scene.turns.settle,
        unsettle=scene.turns.unsettle,
        show_card=scene.dialogs.show_card,
        close_card=scene.close_pause,
        dt=lambda: scene.turns.dt,
    )
    scene.lesson = LessonFlow(scene.lesson_board)  # inactive until a lesson or a challenge opens
    scene.pointer = PointerIntents(scene.tracker, scene.view, lambda: scene.layout, lambda: scene.accepting_input)
    scene.input = BoardInput(
        scene.env,
        scene.view,
        scene.queue,
        turns=scene.turns,
        reviewer=scene.reviewer,
        handovers=scene.handovers,
        trace=scene.trace,
        legend=scene.legend,
        popups=scene.popups,
        log=scene.log,
        tracker=scene.tracker,
        marks=scene.marks,
        others=[scene.online.handle],
        actions={
            "undo": scene.turns.undo,
            "redo": scene.turns.redo,
            "hint": scene.turns.ask_hint,
            "menu": scene.open_pause,
            "rematch": scene.rematch,
            "review": scene.reviewer.review_game,
            "back": scene.reviewer.back_from_replay,
            "retry": lambda: scene.lesson.retry(),
            "give_up": lambda: scene.lesson.give_up(),
        },
        button_key=scene.presenter.button_key,
        pointer=scene.pointer.event,
        accepting=lambda: scene.accepting_input,
        ui_consumed=lambda: scene.app.ui_consumed,
    )
    wire(scene)


def wire(scene: BoardScene) -> None:
    """Who follows what, once: the signals' listeners, the online undo and what the loop's wake-up reads."""
    signals = scene.env.signals
    for drop in (scene.popups.close, scene.view.reset):
        signals.ui_reset.connect(drop)
        signals.shown_changed.connect(drop)
    signals.ui_reset.connect(scene.tracker.reset)
    signals.undone.connect(scene.reviewer.leave_review)
    signals.settled.connect(scene.handovers.settled)
    signals.game_ended.connect(scene.ending.show)
    signals.committed.connect(scene.presenter.refresh_buttons)
    signals.buttons_changed.connect(scene.presenter.refresh_buttons)
    scene.turns.undo_elsewhere = scene.online_hooks.undo
    pacing = scene.pacing
    pacing.still.append(lambda: scene.dialogs.overlay == "pause")  # the board stands still under the pause menu
    pacing.moving.append(lambda: bool(scene.queue.busy or scene.queue.effects or scene.marks.moving))
    pacing.moving.append(lambda: scene.session is not None and not scene.turns.settled and not scene.handovers.held)
    pacing.due.append(lambda: None if scene.reviewer.playback is None else scene.reviewer.playback.wake_in())
    pacing.due += [scene.tracker.hold_due, lambda: _thinking(scene), scene.online.wake_in]
    pacing.due.append(lambda: scene.lesson.wake_in())  # a challenge's solution steps on by itself


def _thinking(scene: BoardScene) -> float | None:
    """The computer thinking here (or a hint): a slow spinner, and its answer looked for. A seat played elsewhere
    (online) needs no wake-up: its move is news, which rings the loop."""
    s = scene.session
    if s is None or s.is_over:
        return None
    seat = s.current_seat
    computer = s.is_ai_turn and seat >= 0 and s.seat_kind(seat) == "ai"
    return SLOW_FRAME if computer or s.hinting else None
