"""The board's parts built alone, without a scene: each gets what it uses (the board's `BoardEnv`, the mode's view,
callables) and tells the others through the board's signals."""

from __future__ import annotations

import pygame

from game.client.anim import AnimQueue
from game.client.board.handover import HandoverFlow
from game.client.board.signals import BoardEnv, Signal
from game.client.board.turns import TurnFlow
from game.client.board.wakeup import Wakeup
from game.client.i18n import Translator
from game.client.play.session import GameSession
from game.client.settings import Settings
from game.engine import registry


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


class FakeHandovers:
    held: list[object] = []

    def reset(self, keep_last: bool = True) -> None:
        self.held = []

    def split(self, events: list[object]) -> list[object]:
        return events


class Coach:
    active = False

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
