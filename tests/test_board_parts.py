"""The board's parts built alone, without a scene: each gets what it uses (the board's `BoardEnv`, the mode's view,
callables) and tells the others through the board's signals."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.client.anim import AnimQueue
from game.client.board.animator import Animator
from game.client.board.context import PointerIntents
from game.client.board.effects import Effects
from game.client.board.ending import GameEnd
from game.client.board.handover import HandoverFlow
from game.client.board.input import PointerTracker
from game.client.board.layout import BoardLayout
from game.client.board.legend import LEGEND_KEY, Legend
from game.client.board.log import MoveLog
from game.client.board.marks import Marks
from game.client.board.online_hooks import OnlineHooks
from game.client.board.panel import PanelLayout
from game.client.board.popups import Popups
from game.client.board.presenter import BUTTONS, PanelPresenter
from game.client.board.reviewing import ReviewController
from game.client.board.routing import BoardInput
from game.client.board.services import BoardServices
from game.client.board.signals import BoardEnv, Signal
from game.client.board.trace import TurnTrace
from game.client.board.turns import TurnFlow
from game.client.board.wakeup import Wakeup
from game.client.fonts import Fonts
from game.client.i18n import Translator
from game.client.learn.challenge_play import open_flow
from game.client.learn.flow import LessonBoard, LessonFlow
from game.client.modes import KEYS_HELP
from game.client.online.board import NEWS_ARRIVED, NewsBell, OnlineBoard
from game.client.play.online import OnlineLink, OnlineSession
from game.client.play.records import Timeline
from game.client.play.session import GameSession
from game.client.settings import Settings
from game.engine import registry
from game.online.client import News, SeatPresence
from tests.waits import arrives


class FakeView:
    """The few hooks of a mode's view the parts call, answering plainly."""

    def __init__(self, handover: str = "") -> None:
        self.handover_text = handover
        self.changed: list[object] = []

    def build_model(self, state: object) -> object:
        return ("model", state)

    def position_changed(self, state: object, human: bool) -> object:
        self.changed.append(state)
        return None

    def turn_left(self, state: object) -> str:
        return ""

    def hint_words(self, text: str) -> str:
        return f"try {text}"

    def handover(self, seat: int) -> str:
        return self.handover_text

    def seat_name(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return (200, 100, 50)

    def turn_opened(self, event: object) -> int | None:
        return None

    def reset(self) -> None:
        self.changed.append("reset")

    def legend(self) -> list[object]:
        return []

    def turn_seat(self, state: object) -> int | None:
        return None

    def turn_marks(self, steps: list[object]) -> list[object]:
        return []

    def last_cells(self) -> None:
        return None


class FakeHandovers:
    held: list[object] = []

    def reset(self, keep_last: bool = True) -> None:
        self.held = []

    def split(self, events: list[object]) -> list[object]:
        return events


class Coach:
    active = False
    counts_turns = True
    other_side_waits = False

    def on_idle(self) -> bool:
        return False

    def hint(self) -> str | None:
        return None


class Playbacks:
    replay = None
    watch = None


def _session() -> GameSession:
    return GameSession(registry.modes()[0], "standard", ["human", "human"], seed=3, autosave=False)


def _env(session: GameSession) -> BoardEnv:
    return BoardEnv(Translator("en"), Settings(), session=lambda: session)


def _turns(env: BoardEnv, view: FakeView, played: list[object]) -> TurnFlow:
    return TurnFlow(
        env,
        view,  # type: ignore[arg-type]
        AnimQueue(),
        FakeHandovers(),
        played.extend,
        ask=lambda *question: None,
        accepting=lambda: True,
        coach=Coach,
        playbacks=Playbacks(),
    )


def _decide(session: GameSession) -> None:
    session.apply(session.state.legal_actions()[0])


def test_a_signal_calls_its_listeners_in_order():
    heard: list[str] = []
    signal: Signal[[str]] = Signal()
    signal.connect(lambda word: heard.append(f"a {word}"))
    signal.connect(lambda word: heard.append(f"b {word}"))
    signal.emit("x")
    assert heard == ["a x", "b x"]


def test_the_turn_flow_commits_settles_and_undoes_without_a_scene():
    session = _session()
    env = _env(session)
    view, played = FakeView(), []
    turns = _turns(env, view, played)
    heard: list[str] = []
    for name in ("ui_reset", "committed", "settled", "undone", "buttons_changed"):
        getattr(env.signals, name).connect(lambda name=name: heard.append(name))
    turns.settle()
    assert turns.settled and turns.model == ("model", session.state) and heard == ["settled"]
    heard.clear()
    turns.commit(session.state.legal_actions()[0])
    assert played and len(session.log) >= 1 and not turns.settled
    assert heard == ["ui_reset", "committed"]
    heard.clear()
    turns.undo()
    assert session.log == [] or not session.can_undo
    assert heard == ["undone", "ui_reset", "settled", "buttons_changed"]
    assert turns.status_note == env.t("board.status.undone")


def test_an_undo_asked_elsewhere_takes_nothing_back():
    session = _session()
    _decide(session)
    turns = _turns(_env(session), FakeView(), [])
    turns.undo_elsewhere = lambda: True
    log = list(session.log)
    turns.undo()
    assert session.log == log


def test_the_hand_over_card_opens_for_the_next_human_and_is_dismissed_without_a_scene():
    pygame.font.init()
    session = _session()
    env = _env(session)
    undone: list[bool] = []
    flow = HandoverFlow(
        env,
        FakeView("Take the seat"),  # type: ignore[arg-type]
        lambda: (pygame.Rect(0, 0, 640, 640), 16),
        play_on=lambda events: None,
        undo=lambda: undone.append(True),
        in_lesson=lambda: False,
    )
    flow.settled()
    assert flow.card is None and flow.last_human == session.current_seat
    first = session.current_seat
    while session.current_seat == first and not session.is_over:
        _decide(session)
    flow.settled()
    assert flow.card is not None and flow.card.name == f"Seat {session.current_seat + 1}"
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
    assert flow.handle(ctrl_z, True) and undone == [True]
    assert flow.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0), False)
    assert flow.card is None


def test_the_wake_up_is_the_soonest_of_what_the_parts_connected():
    wakeup = Wakeup()
    assert wakeup.wake_in() is None
    wakeup.due += [lambda: 0.5, lambda: None, lambda: 0.25]
    assert wakeup.wake_in() == 0.25
    moving = [False]
    wakeup.moving.append(lambda: moving[0])
    moving[0] = True
    assert wakeup.wake_in() == 0.0
    wakeup.still.append(lambda: True)
    assert wakeup.wake_in() is None


def test_the_game_end_offers_review_and_takes_back_without_a_scene():
    session = _session()
    _decide(session)
    calls: list[str] = []
    end = GameEnd(
        _env(session),
        FakeView(),  # type: ignore[arg-type]
        seat_label=lambda seat: f"Seat {seat + 1}",
        extra_line=lambda: "",
        show=lambda title, text: calls.append("show"),
        close=lambda: calls.append("close"),
        rebuild=lambda: calls.append("rebuild"),
        review=lambda: calls.append("review"),
        undo=lambda: calls.append("undo"),
        scale=lambda: 1.0,
    )
    items = end.actions()
    assert [text for text, _, _ in items] == [end.env.t("gameover.review"), end.env.t("board.take_back")]
    items[1][1]()
    assert calls == ["close", "undo", "rebuild"]
    assert end.results_size() == (0, 0)  # nothing before the end


def test_the_legend_opens_on_its_key_and_lists_the_board_entries_without_a_scene():
    pygame.font.init()
    sounds: list[str] = []
    env = BoardEnv(Translator("en"), Settings(), play_sound=sounds.append)
    legend = Legend(
        env,
        FakeView(),  # type: ignore[arg-type]
        lambda: (pygame.Rect(0, 0, 640, 640), 16),
        lambda: pygame.Rect(700, 600, 40, 40),
    )
    assert legend.handle(pygame.event.Event(pygame.KEYDOWN, key=LEGEND_KEY, mod=0)) and legend.open
    assert sounds == ["click"] and len(legend.entries()) == 2
    assert legend.button_rect().bottom < 600  # above the last turn's button


def _trace(session: GameSession | None, covered: bool = False) -> TurnTrace:
    layout = BoardLayout((1280, 720))
    return TurnTrace(
        BoardEnv(Translator("en"), Settings(), session=lambda: session),
        FakeView(),  # type: ignore[arg-type]
        Marks(),
        AnimQueue(),
        lambda: (layout, PanelLayout(layout.panel, 4)),
        timeline=lambda: Timeline(session.game) if session is not None else None,  # type: ignore[return-value]
        position_key=lambda: None if session is None else len(session.log),
        in_replay=lambda: False,
        covered=lambda: covered,
        accepting=lambda: True,
        replay_from=lambda state, events: None,
    )


def test_the_turn_trace_shows_nothing_without_a_game_or_under_a_card_without_a_scene():
    assert _trace(None).viewer() is None and not _trace(None).shown
    session = _session()
    trace = _trace(session, covered=True)
    assert trace.viewer() == session.current_seat
    assert not trace.shown and not trace.available and not trace.replay()
    layout = BoardLayout((1280, 720))
    assert trace.button_rect().left >= layout.frame.right - layout.border


def test_the_reviewer_shows_a_past_position_and_returns_without_a_scene():
    session = _session()
    _decide(session)
    env = _env(session)
    view = FakeView()
    calls: list[str] = []
    env.signals.shown_changed.connect(lambda: calls.append("shown"))
    reviewer = ReviewController(
        env,
        view,  # type: ignore[arg-type]
        MoveLog(),
        AnimQueue(),
        lambda: PanelLayout(pygame.Rect(900, 0, 380, 720), 4),
        word_log=lambda: calls.append("words"),
        close=lambda: calls.append("close"),
        rebuild=lambda: calls.append("rebuild"),
        goto=calls.append,
    )
    reviewer.start(0)
    assert reviewer.review is not None and reviewer.model == ("model", reviewer.review.state())
    assert calls == ["shown", "words"]
    reviewer.leave()
    assert reviewer.review is None and reviewer.model is None
    reviewer.back_from_replay()
    assert calls[-1] == "menu"


class Recorder:
    """Any part: every method called is noted and answers `answer`; attributes read are None unless set."""

    def __init__(self, name: str, calls: list[str], answer: object = False, **fields: object) -> None:
        self._name, self._calls, self._answer = name, calls, answer
        self.__dict__.update(fields)

    def __getattr__(self, attr: str) -> object:
        def method(*args: object) -> object:
            self._calls.append(f"{self._name}.{attr}")
            return self._answer

        return method


def _input(calls: list[str], **parts: object) -> BoardInput:
    defaults: dict[str, object] = {
        name: Recorder(name, calls)
        for name in ("turns", "reviewer", "handovers", "trace", "legend", "popups", "log", "tracker", "marks")
    }
    defaults["reviewer"] = Recorder("reviewer", calls, review=None, replay=None)
    defaults["legend"] = Recorder("legend", calls, open=False)
    defaults["trace"] = Recorder("trace", calls, replaying=False)
    defaults["popups"] = Recorder("popups", calls, open=False)
    defaults.update(parts)
    env = BoardEnv(Translator("en"), Settings())
    env.signals.buttons_changed.connect(lambda: calls.append("buttons_changed"))
    return BoardInput(
        env,
        Recorder("view", calls, answer=True),  # type: ignore[arg-type]
        AnimQueue(),
        others=[],
        actions={"undo": lambda: calls.append("undo button")},
        button_key=lambda element: "undo",
        pointer=lambda event: calls.append("pointer"),
        accepting=lambda: True,
        ui_consumed=lambda: False,
        **defaults,  # type: ignore[arg-type]
    )


def test_the_board_input_routes_keys_and_buttons_to_the_parts_without_a_scene():
    calls: list[str] = []
    board_input = _input(calls)
    board_input.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    assert "turns.undo" in calls and "turns.picks_current" in calls
    calls.clear()
    board_input.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    assert "turns.ask_hint" in calls
    calls.clear()
    board_input.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=object()))
    assert calls[-2:] == ["undo button", "buttons_changed"]
    calls.clear()
    board_input.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert calls[-2:] == ["popups.handle", "pointer"]


def test_escape_closes_what_is_open_on_the_board_first_without_a_scene():
    calls: list[str] = []
    assert _input(calls, legend=Recorder("legend", calls, open=True)).escape()
    assert calls == ["legend.close"]
    calls.clear()
    assert _input(calls, popups=Recorder("popups", calls, open=True)).escape()
    assert calls == ["popups.close"]
    calls.clear()
    assert _input(calls).escape() and calls == ["view.cancel"]  # the mode drops its pick (True: it had one)


def test_the_services_offer_the_board_to_a_mode_without_a_scene():
    session = _session()
    env = _env(session)
    played: list[object] = []
    turns = _turns(env, FakeView(), played)
    queue = AnimQueue()
    layout = BoardLayout((1280, 720))
    panel = PanelLayout(layout.panel, 4)
    services = BoardServices(
        env,
        FakeView(),  # type: ignore[arg-type]
        turns=turns,
        reviewer=None,  # type: ignore[arg-type]
        popups=Popups(lambda: layout, turns.commit),
        marks=Marks(),
        effects=Effects(),
        animator=Animator(queue, env.play_sound),
        tracker=PointerTracker(),
        queue=queue,
        place=lambda: (layout, panel),
        panel=lambda: None,  # type: ignore[arg-type,return-value]
        coach=Coach,
        accepting=lambda: True,
        traced=lambda: False,
    )
    assert services.t is env.t and services.session is session and services.layout is layout
    assert services.panel_layout is panel and services.seat_name(1) == "Seat 2" and services.accepting_input
    services.commit(session.state.legal_actions()[0])
    assert played and len(session.log) >= 1


def test_the_panel_presenter_words_the_panel_without_a_scene():
    session = _session()
    env = BoardEnv(Translator("en"), Settings(), session=lambda: session, mode=lambda: session.mode)
    view = FakeView()
    view.status = lambda hint, note: "Pick a piece"  # type: ignore[attr-defined]
    none = Recorder("none", [], answer=None, replay=None, review=None, watch=None, model=None, playback=None)
    presenter = PanelPresenter(
        env,
        view,  # type: ignore[arg-type]
        AnimQueue(),
        MoveLog(),
        reviewer=none,  # type: ignore[arg-type]
        turns=Recorder("turns", [], status_note="", hint_text="", game_over_shown=False),  # type: ignore[arg-type]
        handovers=Recorder("handovers", [], card=None, opening=None),  # type: ignore[arg-type]
        online=Recorder("online", [], answer="", holds_turn_card=False),  # type: ignore[arg-type]
        coach=lambda: Recorder("coach", [], answer=None, active=False, can_give_up=False),  # type: ignore[arg-type,return-value]
        panel=lambda: PanelLayout(pygame.Rect(900, 0, 380, 720), 4),
        relayout=lambda: None,
        static=lambda: pygame.Surface((1280, 720)),
        clock=lambda: 0.0,
        overlay=lambda: None,
        rebuild=lambda: None,
        ui=lambda: None,  # type: ignore[arg-type,return-value]
    )
    t = env.t
    assert presenter.status_text() == "Pick a piece"
    assert presenter.keys_text() == t(KEYS_HELP(session.mode))
    assert presenter.button_keys() == BUTTONS
    assert presenter.seat_controller(0) == t("board.who.human")  # two humans share this machine
    assert presenter.seat_label(1) == f"Seat 2 · {t('board.who.human')}"


def test_a_lesson_flow_is_built_on_a_lesson_board_without_a_scene():
    session = _session()
    env = _env(session)
    board = LessonBoard(
        env,
        FakeView(),  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]  # the app is read only by a lesson's ways out
        Marks(),
        lambda: (BoardLayout((1280, 720)), PanelLayout(pygame.Rect(900, 0, 380, 720), 4)),
        commit=lambda action: None,
        settle=lambda: None,
        unsettle=lambda: None,
        show_card=lambda *card, **where: None,
        close_card=lambda: None,
        dt=lambda: 0.0,
    )
    flow = open_flow(board, {})
    assert type(flow) is LessonFlow and not flow.active and not flow.holds_input
    assert not flow.on_idle() and flow.hint() is None and flow.counts_turns
    rect = pygame.Rect(900, 300, 380, 300)
    assert flow.log_rect(rect, 16) == rect  # no goal card without a lesson
    assert flow.back_label() == env.t("learn.back")


def test_pointer_intents_reach_the_mode_only_while_it_may_act_without_a_scene():
    pygame.display.init()  # a press reads the modifier keys
    layout = BoardLayout((1280, 720))
    seen: list[object] = []
    view = Recorder("view", [], answer=False)
    view.pointer = lambda intent: seen.append(intent) or False  # type: ignore[attr-defined]
    accepting = [False]
    pointer = PointerIntents(PointerTracker(), view, lambda: layout, lambda: accepting[0])  # type: ignore[arg-type]
    centre = layout.cell_rect(0, 0).center
    pointer.event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert len(seen) == 1  # hovering is always shown
    pointer.event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert len(seen) == 1  # a press waits for the player's turn
    accepting[0] = True
    pointer.event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert len(seen) == 2


def test_the_online_hooks_leave_a_game_played_here_to_the_board():
    offline = Recorder("online", [], active=False, session=None)
    hooks = OnlineHooks(offline, Translator("en"), lambda *question: None, lambda: None)  # type: ignore[arg-type]
    assert not hooks.undo() and not hooks.ask_restart() and not hooks.rematch()
    assert hooks.restart_label() is None


def test_no_part_of_the_board_of_learn_or_online_takes_the_scene():
    # The scene's own module, the composition root that builds its parts, and the screenshot staging (a demo's
    # `prepare` is handed the real scene to stage a picture on) are the only code that names it.
    client = Path(__file__).resolve().parent.parent / "game" / "client"
    allowed = {"scene.py", "parts.py", "demo.py"}
    naming = []
    for folder in ("board", "learn", "online"):
        for path in sorted((client / folder).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
            names |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
            if path.name not in allowed and "BoardScene" in names:
                naming.append(f"{folder}/{path.name}")
    assert naming == []


class Look:
    """The fonts and the scale at 1280×720."""

    t = Translator("en")
    fonts = Fonts()
    ui_scale = 1.0

    def s(self, value: float) -> int:
        return int(value)


class OnlineTurns:
    """The turn flow's hooks the online part calls, recorded."""

    def __init__(self) -> None:
        self.game_over_shown = True
        self.status_note = ""
        self.calls: list[str] = []

    def reset_ui(self) -> None:
        self.calls.append("reset_ui")

    def unsettle(self) -> None:
        self.calls.append("unsettle")

    def settle(self) -> None:
        self.calls.append("settle")


class SilentBell(NewsBell):
    """A bell whose thread never starts (the test rings nothing)."""

    def start(self) -> None:
        self._thread = None


def test_the_online_part_words_waits_and_jumps_without_a_scene():
    pygame.font.init()
    link = OnlineLink("ws://127.0.0.1:9", "ABCD", kinds={0: "human"})
    session = OnlineSession(registry.modes()[0], "standard", link, 2, ["Me", "Anna"], autosave=False)
    env = _env(session)
    layout = BoardLayout((1280, 720))
    panel = PanelLayout(layout.panel, 4, strip_row=True)
    turns, queue, told, rebuilt = OnlineTurns(), AnimQueue(), [], []
    env.notify = told.append
    online = OnlineBoard(
        env,
        Look(),
        FakeView(),
        lambda: (layout, panel),
        turns=turns,
        queue=queue,
        handovers=FakeHandovers(),
        ui=lambda: pygame_gui.UIManager((1280, 720)),
        overlay=lambda: None,
        show_ending=lambda: None,
        close_game_over=lambda: None,
        close_pause=lambda: None,
        rebuild=lambda: rebuilt.append(True),
        open_rematch=lambda rematch: None,
        inform=told.append,
        bell=SilentBell(),
    )
    assert online.active and online.waiting_seats
    assert online.status_text() == env.t("online.status.offline")  # not connected yet
    assert online.wake_in() is None  # nothing on the strip changes by itself
    # Connected, Anna away for 3 minutes and 20 seconds: the strip says so and wakes when it says 4 minutes.
    online.wall = lambda: 10_000.0
    session.status = "connected"
    session.match = {"status": "playing"}
    session.presence = (SeatPresence(0, "Me", True, True, 9_000.0), SeatPresence(1, "Anna", True, False, 9_800.0))
    words = [w for w, _ in online.strip_words()]
    assert words[0] == env.t("online.conn.connected") and "Seat 2" in words[1] and "3" in words[1]
    assert online.wake_in() == pytest.approx(40.0, abs=0.01)
    online.wall = lambda: 10_000.0 + 3 * 3600  # over an hour away: the next hour changes the words
    assert online.wake_in() == pytest.approx(3600 - 200, abs=0.01)
    surface = pygame.Surface((1280, 720))
    online.draw(surface)
    assert online.strip_rect.w > 0 and panel.strip.contains(online.strip_rect)
    # A takeback applied on the server: the board shows the new position at once, its picks built again.
    session.jumped = True
    online.update()
    assert not session.jumped and turns.calls[:3] == ["reset_ui", "unsettle", "settle"]
    assert not turns.game_over_shown


def test_the_news_bell_posts_an_event_for_news():
    news, posted, rang = News(), [], threading.Event()

    def post(event: pygame.event.Event) -> None:
        posted.append(event.type)
        rang.set()

    bell = NewsBell(news, post)
    bell.start()
    try:
        news.arrived()
        arrives(rang.wait, "the bell")
        assert posted == [NEWS_ARRIVED] and bell.ringing
    finally:
        bell.stop()
    assert not bell.ringing
