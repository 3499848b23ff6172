"""The player's loop rests while nothing changes and draws when something does: an event, an animation, a pulse
after input, a toast's end, a caret's blink, the computer's answer. Driven by the loop's own clock (a fake one
here), so nothing waits and nothing is timed."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import STEP, TOAST_SECONDS
from game.client.board.marks import CALM_SECONDS
from game.client.online.board import NEWS_ARRIVED
from game.client.pacing import NUDGE, SLOW_FRAME
from game.client.play.online import OnlineLink, OnlineSession
from game.client.play.session import GameSession
from game.engine import registry
from game.online.client import SeatPresence
from tests.client_helpers import board_of, click_cell, frames, settle, settle_scene
from tests.driver import BoardDriver


class FakeClock:
    """The loop's clock: time moves only when the loop sleeps or rests, and every rest is recorded."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.rests: list[float | None] = []
        self.player_thinks = 0.0  # how long a rest lasts that waits for input only
        self.arrivals: list[pygame.event.Event] = []  # events that come while the loop rests

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)

    def rest(self, timeout: float | None) -> None:
        self.rests.append(timeout)
        self.t += self.player_thinks if timeout is None else timeout
        for event in self.arrivals:
            pygame.event.post(event)
        self.arrivals = []


@pytest.fixture
def clock(app):
    fake = FakeClock()
    app.loop_clock = fake
    return fake


def click_events(pos: tuple[float, float]) -> list[pygame.event.Event]:
    """A left click at `pos`: motion, press, release."""
    pos = (int(pos[0]), int(pos[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def until_scheduled(app, limit: int = 200) -> None:
    """Loop passes while something moves (pygame_gui builds a new element's images one a frame)."""
    for _ in range(limit):
        if app.wake_in() != 0.0:
            return
        app.loop_step()
    raise AssertionError("it kept moving")


def rest_reached(app, clock, limit: int = 2000) -> int:
    """Loop passes until the loop rests with nothing scheduled (and draws nothing); returns the passes drawn."""
    drawn = 0
    for _ in range(limit):
        if app.wake_in() is None:
            return drawn
        drawn += app.loop_step()
    raise AssertionError(f"the loop never came to rest (wakes in {app.wake_in()})")


def test_menu_rests_until_an_event_and_draws_for_it(app, clock):
    rest_reached(app, clock)
    shown = app.frame_count
    assert app.loop_step() is False  # woken with nothing to show: nothing drawn
    assert clock.rests[-1] is None and app.frame_count == shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(1, 1), buttons=(0, 0, 0)))
    rests = len(clock.rests)
    assert app.loop_step() is True
    assert len(clock.rests) == rests and app.frame_count == shown + 1  # no rest with an event waiting


def test_a_toast_wakes_the_loop_when_it_ends(app, clock):
    rest_reached(app, clock)
    app.notify("Saved")
    assert app.wake_in() == pytest.approx(TOAST_SECONDS)
    shown = app.frame_count
    assert app.loop_step() is True  # the rest ends when the toast is due, and the screen without it is drawn
    assert clock.rests[-1] == pytest.approx(TOAST_SECONDS)
    assert not app.toasts and app.frame_count == shown + 1
    assert app.wake_in() is None


def test_the_fade_into_a_screen_draws_every_frame(app, clock):
    app.scenes.fade_enabled = True
    app.goto("games")
    assert app.wake_in() == 0.0
    rests = len(clock.rests)
    drawn = rest_reached(app, clock)
    assert len(clock.rests) == rests and drawn >= 10  # about 0.18 s at 60 frames a second, none skipped


@pytest.mark.parametrize("mode", registry.modes())
def test_a_board_waiting_for_the_player_rests(app, clock, mode):
    session = GameSession(mode, "standard", ["human", "human"], seed=3, autosave=False)
    app.goto(mode, session=session)
    frames(app)
    settle_scene(app)
    rest_reached(app, clock)
    shown = app.frame_count
    app.loop_step()
    assert clock.rests[-1] is None and app.frame_count == shown


@pytest.mark.anim("normal")
def test_an_animation_draws_every_frame_in_real_time_and_starts_after_the_rest(app, clock):
    d = BoardDriver(app)
    from game.client.kubtafl.demo import RICOCHET_ACTION, ricochet_session

    session = ricochet_session()
    app.goto("kubtafl", session=session)
    settle(app)
    board = board_of(app)
    rest_reached(app, clock)
    source, target = RICOCHET_ACTION.split("-")
    clock.arrivals = click_events(board.layout.cell_center(source))
    app.loop_step()
    rest_reached(app, clock)
    clock.player_thinks = 30.0  # a long rest before the player acts
    clock.arrivals = click_events(board.layout.cell_center(target))
    app.loop_step()
    assert clock.rests[-1] is None and len(session.log) == 11 and d.busy
    # The frame drawn shows the animation's start, not 30 seconds into it.
    assert max(a.elapsed for a in board.queue.current.anims) == 0.0
    assert app.wake_in() == 0.0
    rests, started = len(clock.rests), clock.t
    steps = 0
    while d.busy:
        assert app.loop_step() is True
        steps += 1
    assert len(clock.rests) == rests  # no rest while it plays
    assert steps > 30 and clock.t - started == pytest.approx(steps * STEP, rel=0.05)


@pytest.mark.anim("normal")
def test_input_stirs_the_pulses_which_come_to_rest(app, clock, monkeypatch):
    from game.client.board import marks
    from game.client.kubtafl.demo import ricochet_session

    monkeypatch.setattr(marks, "PULSE_SECONDS", 1.0)  # as long as the game's, in fewer frames

    app.goto("kubtafl", session=ricochet_session())
    settle(app)
    board = board_of(app)
    rest_reached(app, clock)
    click_cell(app, "a1")  # selects the die: its ring pulses
    assert ("ring", "a1") in {(m.kind, m.cell) for m in board.marks.drawn}
    assert app.wake_in() == 0.0
    start = clock.t
    rest_reached(app, clock)
    assert 1.0 - 2 * STEP <= clock.t - start <= 1.0 + CALM_SECONDS + 2 * STEP
    assert ("ring", "a1") in {(m.kind, m.cell) for m in board.marks.drawn}  # still shown, standing still


def test_the_computer_thinking_wakes_the_loop_slowly_until_its_answer(app, clock, held_ai):
    d = BoardDriver(app)
    session = GameSession("kubtafl", "standard", ["ai:easy", "human"], seed=3, autosave=False)
    app.goto("kubtafl", session=session)
    board_of(app)
    until_scheduled(app)
    assert session.thinking
    assert app.wake_in() == pytest.approx(SLOW_FRAME)
    shown = app.frame_count
    app.loop_step()  # the spinner's next frame
    assert clock.rests[-1] == pytest.approx(SLOW_FRAME) and app.frame_count == shown + 1
    held_ai.run_pending()
    app.loop_step()  # the answer is taken at the next slow frame and its animation starts
    assert not session.thinking and session.log and d.busy
    assert app.wake_in() == 0.0


def test_the_paused_board_rests_while_the_computer_thinks(app, clock, held_ai):
    session = GameSession("kubtafl", "standard", ["ai:easy", "human"], seed=3, autosave=False)
    app.goto("kubtafl", session=session)
    until_scheduled(app)
    assert session.thinking and app.wake_in() == pytest.approx(SLOW_FRAME)
    board_of(app).open_pause()
    rest_reached(app, clock)


def test_a_focused_text_field_wakes_the_loop_for_its_caret(app, clock):
    import pygame_gui

    app.goto("new_game", mode="kubtafl")
    rest_reached(app, clock)
    entries = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITextEntryLine)]
    assert entries
    entries[0].focus()
    until_scheduled(app)
    due = app.wake_in()
    assert due is not None and 0 < due <= 1.1
    seen = set()
    for _ in range(4):
        shown = app.frame_count
        app.loop_step()
        assert app.frame_count == shown + 1
        seen.add(entries[0].cursor_on)
    assert seen == {True, False}  # it blinks, one frame for each change
    assert all(rest is not None and rest <= 1.1 for rest in clock.rests[-4:])


def test_the_dice_lab_rests_and_draws_while_dice_tumble(app, clock):
    from game.client.dice_lab.scene import DiceLabScene

    app.goto("dice_lab")
    rest_reached(app, clock)
    lab = app.scenes.current
    assert isinstance(lab, DiceLabScene)
    lab.roll()
    assert lab.tray.busy and app.wake_in() == 0.0
    assert rest_reached(app, clock) > 10


@pytest.mark.anim("normal")
def test_the_replay_viewer_rests_between_moves_and_after_the_last(app, clock):
    d = BoardDriver(app)
    from game.client.board.replay import open_replay
    from game.client.board.review import STEP_SECONDS
    from game.client.play.records import GameRecord

    record = GameRecord("kubtafl", "standard", ["b2-b5", "g7-g2"], 1, ["human", "ai:easy"], None, "", 1.7e9)
    assert open_replay(app, record) is None
    board_of(app)
    until_scheduled(app)
    assert app.wake_in() is None  # it opens paused
    d.replay_playback.toggle()  # Play
    due = app.wake_in()
    assert due is not None and 0 < due <= STEP_SECONDS  # the next move, played without input
    rest_reached(app, clock)
    assert d.in_replay and not d.replay_playback.playing  # it stopped at the end
    assert d.reviewing == len(record.actions)
    waits = [rest for rest in clock.rests if rest is not None and rest > 0.5]
    assert len(waits) >= len(record.actions)  # it rested between the moves


def test_a_hint_answered_while_the_loop_draws_still_wakes_it(app, clock, held_ai):
    # The answer can come in between the loop's update and its next look at when to wake: the board must still
    # wake to take it, not rest until the player moves the mouse with "Looking for a good move…" on the panel.
    d = BoardDriver(app)
    session = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=3, autosave=False)
    app.goto("kubtafl", session=session)
    settle_scene(app)
    rest_reached(app, clock)
    d.key(pygame.K_h)
    assert session.hinting and app.wake_in() == pytest.approx(SLOW_FRAME)
    held_ai.run_pending()  # answered after the frame's update
    assert app.wake_in() == pytest.approx(SLOW_FRAME)
    app.loop_step()
    assert clock.rests[-1] == pytest.approx(SLOW_FRAME)
    assert not session.hinting and d.hint_move


class Unplugged(OnlineSession):
    """An online game whose clients never start: the test says what the server told; pumps are counted."""

    def __init__(self) -> None:
        link = OnlineLink("ws://127.0.0.1:9", "ABCD", kinds={0: "human"})
        super().__init__("kubtafl", "standard", link, 2, ["Me", "Anna"], autosave=False)
        self.pumped = 0

    def connect(self) -> None:
        pass

    def pump(self) -> None:
        self.pumped += 1
        super().pump()


def test_an_online_board_rests_until_news_arrives_and_wakes_for_the_strip_minutes(app, clock):
    session = Unplugged()
    app.goto("kubtafl", session=session)
    online = board_of(app).online
    rest_reached(app, clock)  # no wake-up a few times a second: the clients' news rings the loop
    assert online.bell.ringing
    shown, pumped = app.frame_count, session.pumped
    clock.arrivals = [pygame.event.Event(NEWS_ARRIVED)]  # the bell rings while the loop rests
    assert app.loop_step()
    assert clock.rests[-1] is None and app.frame_count == shown + 1 and session.pumped > pumped
    # Anna went away 10 seconds ago: the strip says so and the loop wakes when it says "1 minute".
    online.wall = lambda: 10_000.0
    session.status = "connected"
    session.presence = (SeatPresence(0, "Me", True, True, 9_000.0), SeatPresence(1, "Anna", True, False, 9_990.0))
    clock.arrivals = [pygame.event.Event(NEWS_ARRIVED)]
    app.loop_step()
    until_scheduled(app)
    assert app.wake_in() == pytest.approx(50.0 + NUDGE)
    shown = app.frame_count
    assert app.loop_step()
    assert clock.rests[-1] == pytest.approx(50.0 + NUDGE) and app.frame_count == shown + 1


@pytest.mark.anim("normal")
def test_a_challenge_solution_steps_on_without_input(app, clock):
    # Between the solution's steps the board stands still: the loop must still wake for the next one instead of
    # resting until the player moves the mouse.
    from game.client.learn.challenge_play import STEP_SECONDS, ChallengeFlow, open_challenge
    from game.learn.challenges import load_challenges

    d = BoardDriver(app)
    challenge = load_challenges("battle_checkers")[0]
    open_challenge(app, challenge, showing=True)
    settle_scene(app)
    flow = d.scene.lesson
    assert isinstance(flow, ChallengeFlow) and flow.showing
    for _ in range(2000):
        if d.overlay == "card":
            break
        due = app.wake_in()
        assert due is not None and due <= STEP_SECONDS  # never a rest that only input ends
        app.loop_step()
    assert d.overlay == "card"
