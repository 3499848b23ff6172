"""Looking back on a board: the reviewed past position, the replay viewer (a whole record, never live), watch
mode's playback (the computer plays every seat), the banner over a reviewed board and their keys and buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client.board.review import Playback, Review, draw_banner
from game.client.play.counting import count_words, turn_count
from game.client.play.records import RecordError, Timeline
from game.engine.core import Outcome

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.log import MoveLog
    from game.client.board.mode_view import ModeView
    from game.client.board.panel import PanelLayout
    from game.client.board.signals import BoardEnv
    from game.engine.core import AnyState, Event

REVIEW_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class ReviewController:
    """Review, replay and watch over the board's session; past positions are drawn with the mode's own model. It
    reads the board's `env`, the mode's view, the move list and the animation queue; `panel()` is the side panel's
    layout, `word_log()` words the move list, `close()` and `rebuild()` drop a dialog and build the buttons again,
    `goto(name)` leaves the board."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        log: MoveLog,
        queue: AnimQueue,
        panel: Callable[[], PanelLayout],
        *,
        word_log: Callable[[], None],
        close: Callable[[], None],
        rebuild: Callable[[], None],
        goto: Callable[[str], object],
    ) -> None:
        self.env = env
        self.view = view
        self.log = log
        self.queue = queue
        self.panel = panel
        self.word_log = word_log
        self.close = close
        self.rebuild = rebuild
        self.goto = goto
        self.timeline: Timeline | None = None  # the game's positions, replayed through the engine (review, notes)
        self.review: Review | None = None  # the past position shown, None: live
        self.model: object = None  # the drawing model of the reviewed position, None: live
        self.replay: Playback | None = None  # set in the replay viewer: the whole game is reviewed, never live
        self.replay_seats: list[str] = []  # how the replayed game's seats were played
        self.replay_back = "menu"  # where Esc and Back go from the replay viewer
        self.replay_ended: Outcome | None = None  # how the replayed game ended as recorded (a resignation too)
        self.watch: Playback | None = None  # set when the computer plays every seat
        self.banner_chip: pygame.Rect | None = None

    def enter(self, replay: object) -> None:
        """A game opens: live, or in the replay viewer (`replay`: its seats and where Back goes), or watched."""
        self.timeline = None
        self.review = None
        self.model = None
        self.replay = Playback(playing=False) if replay is not None else None
        self.replay_seats = list(replay.get("seats", [])) if isinstance(replay, dict) else []
        self.replay_back = str(replay.get("back", "menu")) if isinstance(replay, dict) else "menu"
        ended = replay.get("ended") if isinstance(replay, dict) else None
        self.replay_ended = ended if isinstance(ended, Outcome) else None
        s = self.env.session()
        self.watch = Playback() if s is not None and not s.has_human and self.replay is None else None

    @property
    def playback(self) -> Playback | None:
        """The replay's or watch mode's playback, else None."""
        return self.replay or self.watch

    def get_timeline(self) -> Timeline:
        """The game's positions so far, replayed through the engine (kept in step with the session's log)."""
        s = self.env.live
        if self.timeline is None or self.timeline.game is not s.game:
            self.timeline = Timeline(s.game)
        try:
            self.timeline.follow(list(s.log), s.placed)
        except RecordError:
            # The session's own log always replays; should it not, the review starts afresh next time.
            self.timeline = Timeline(s.game)
        return self.timeline

    def show_position(self, state: AnyState | None) -> None:
        """Show `state` (a past position) read-only instead of the live board; None returns to the game."""
        self.env.signals.shown_changed.emit()
        self.model = self.view.build_model(state) if state is not None else None

    def start(self, entry: int) -> None:
        """Show the position after move-list entry `entry` (0: the start), read-only."""
        if self.env.session() is None:
            return
        timeline = self.get_timeline()
        if self.review is None:
            self.review = Review(timeline, entry)
        else:
            self.review.timeline = timeline
            self.review.go(entry)
        self.show_position(self.review.state())
        log = self.log
        self.word_log()
        log.selected = self.review.entry or None
        if self.review.entry:
            log.show_entry(self.review.entry)
        else:
            log.top = 0 if log.lines else None
        self.env.play_sound("click")

    def leave(self) -> None:
        """Back to the live game (the replay viewer has none: it stays)."""
        if self.replay is not None:
            return
        self.review = None
        self.show_position(None)
        self.log.selected = None
        self.log.top = None

    def leave_review(self) -> None:
        """Back to the live game when a past position is shown (an undo changed the game under it)."""
        if self.review is not None:
            self.leave()

    def ends(self, by_action: bool = False) -> list[int]:
        """The entries the move list's turns end with (or its actions, `by_action`): where review steps."""
        self.word_log()
        return self.log.action_ends() if by_action else self.log.turn_ends()

    def neighbour(self, entry: int, step: int, by_action: bool = False) -> int | None:
        """The end of the turn (or action) before (-1) or after (+1) `entry`: 0 is the start; None past the newest."""
        ends = self.ends(by_action)
        if step < 0:
            return max((e for e in ends if e < entry), default=0)
        return min((e for e in ends if e > entry), default=None)

    def step(self, step: int, by_action: bool = False) -> None:
        """The previous (-1) or next (+1) turn, or action with `by_action`; past the newest, back to the live
        game (the replay viewer stays on its last position)."""
        if self.review is None:
            return
        target = self.neighbour(self.review.entry, step, by_action)
        if target is None:
            if self.replay is None:
                self.leave()
            return
        self.start(target)

    def place(self) -> tuple[int, int, int, int]:
        """Where the review stands in the list's terms: (turn, turns, action within the turn, its actions); the
        action is 0 at a turn's end (the whole turn is shown) and the turn is 0 at the start."""
        review = self.review
        log = self.log
        self.ends()
        turns = len(log.turns)
        if review is None or review.entry == 0:
            return 0, turns, 0, 0
        where = log.action_of(review.entry)
        if where is None:
            return turns, turns, 0, 0
        t, a = where
        actions = log.turns[t].actions
        whole = review.entry >= log.turns[t].end
        return t + 1, turns, 0 if whole else a + 1, len(actions)

    def review_game(self) -> None:
        """The game-over bar's Review: the final position, ← to step back."""
        self.close()
        self.start(len(self.get_timeline().entry_ends()))
        self.rebuild()

    def back_from_replay(self) -> None:
        """Leave the replay viewer (to the Games screen it was opened from, or the menu)."""
        self.goto(self.replay_back)

    # ----- what the mode reads -----
    def last_entry_events(self) -> list[Event]:
        """The events of the newest decision with the chance outcomes after it (the last move's marks)."""
        s = self.env.session()
        if s is None or not s.log:
            return []
        timeline = self.get_timeline()
        ends = timeline.entry_ends()
        if not ends:
            return []
        decisions = [i for i, a in enumerate(timeline.actors) if a >= 0]
        return [e for evs in timeline.events[decisions[-1] : ends[-1]] for e in evs]

    # ----- playback -----
    def tick(self, dt: float) -> None:
        """The replay's playback: the next position when due, stopping at the end."""
        playback, review = self.replay, self.review
        if playback is None or review is None or not playback.due(dt):
            return
        following = self.neighbour(review.entry, 1, by_action=True)
        if following is not None:
            self.start(following)  # the replay plays action by action, as the list shows them
        if self.neighbour(review.entry, 1, by_action=True) is None and playback.playing:
            playback.playing = False
            self.env.signals.buttons_changed.emit()

    def button(self, key: str | None) -> None:
        """The playback's panel buttons: pause (play from the start again at the replay's end), step, speed."""
        playback = self.playback
        if playback is None:
            return
        if key == "pause":
            review = self.review
            if self.replay is not None and not playback.playing and review is not None and review.entry >= review.total:
                self.start(0)  # play from the start again
            playback.toggle()
        elif key == "step":
            playback.step()
        elif key == "speed":
            playback.faster()

    def key(self, event: pygame.event.Event) -> bool:
        """← → Home End while reviewing (or on a finished game), and the playback's keys; True when used."""
        return self._playback_key(event.key) or self._review_key(event)

    def _playback_key(self, key: int) -> bool:
        playback = self.playback
        if playback is None:
            return False
        # P pauses and plays at any time, as the panel's button does; Space does in a replay when nothing moves
        # (while something moves it skips the animation).
        if key == pygame.K_p or (key == pygame.K_SPACE and self.replay is not None and not self.queue.busy):
            playback.toggle()
            self.env.signals.buttons_changed.emit()
            return True
        if key in FASTER_KEYS or key in SLOWER_KEYS:
            playback.nudge(1 if key in FASTER_KEYS else -1)
            return True
        return False

    def _review_key(self, event: pygame.event.Event) -> bool:
        by_action = bool(event.mod & pygame.KMOD_SHIFT)
        if self.review is None:
            s = self.env.session()
            if s is not None and s.is_over and not self.queue.busy and event.key in (pygame.K_LEFT, pygame.K_HOME):
                total = len(self.get_timeline().entry_ends())
                back = self.neighbour(total, -1, by_action)
                self.start(back if event.key == pygame.K_LEFT and back is not None else 0)
                return True
            return False
        if event.key in REVIEW_KEYS:
            if self.replay is not None:
                self.replay.playing = False
            self.step(REVIEW_KEYS[event.key], by_action)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.start(0 if event.key == pygame.K_HOME else self.review.total)
        else:
            return event.key not in (pygame.K_ESCAPE, pygame.K_F11) and not (event.mod & pygame.KMOD_CTRL)
        return True

    # ----- the banner -----
    def banner_text(self) -> str:
        """The review banner's words: the turn (or round) as the board counts it, whose it is, the action in it."""
        t, review = self.env.t, self.review
        if review is None:
            return ""
        turn, _turns, action, actions = self.place()
        kind = "review.replay" if self.replay is not None else "review.banner"
        told = "review.replay.action" if self.replay is not None else "review.banner.action"
        if turn == 0:
            return t("review.replay.start") if self.replay is not None else t("review.start")
        count, seat = self.count_of(turn)
        if action:
            return t(told, count=count, seat=seat, a=action, actions=actions)
        return t(kind, count=count, seat=seat)

    def count_of(self, turn: int, capital: bool = True) -> tuple[str, str]:
        """The list's `turn` (1-based) as the board counts it ('Turn 9 of 100'; mid-sentence unless `capital`) and
        the name of its seat."""
        counts = self.turn_counts()
        if not 0 < turn <= len(counts):
            return "", ""
        words = count_words(self.env.t, self.env.mode(), counts[turn - 1], capital)
        return words, self.view.seat_name(self.log.turns[turn - 1].seat)

    def turn_counts(self) -> list[tuple[int, int | None]]:
        """Each turn of the move list as the board counts it, read from the position the turn began in (its roll
        made): the engine's `progress`, else each side's turn number."""
        s = self.env.session()
        if s is None:
            return []
        timeline = self.get_timeline()
        ends = timeline.entry_ends()
        first = next((i for i, actor in enumerate(timeline.actors) if actor >= 0), len(timeline.actors))
        seats = len(s.seats)
        counts: list[tuple[int, int | None]] = []
        previous = 0
        for index, turn in enumerate(self.log.turns):
            at = ends[previous - 1] if 0 < previous <= len(ends) else first
            counts.append(turn_count(timeline.states[min(at, len(timeline.states) - 1)], index + 1, seats))
            previous = turn.end
        return counts

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner over a reviewed board, with the chip back to the live game (none in the replay viewer)."""
        self.banner_chip = None
        if self.review is None:
            return
        chip = "" if self.replay is not None else self.env.t(self.chip_key())
        panel = self.panel()
        self.banner_chip = draw_banner(surface, panel.title, panel.unit, self.banner_text(), chip)

    def chip_key(self) -> str:
        """The banner chip's words: back to the live game, or to the end of a finished one."""
        return "review.end" if self.env.live.is_over else "review.live"

    def chip_pressed(self, event: pygame.event.Event) -> bool:
        """A click on the banner's chip returns to the live game; True when it was one."""
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.banner_chip is not None
            and self.banner_chip.collidepoint(event.pos)
        ):
            self.leave()
            return True
        return False
