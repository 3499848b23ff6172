"""Looking back on a board: the reviewed past position, the replay viewer (a whole record, never live), watch
mode's playback (the computer plays every seat), the banner over a reviewed board and their keys and buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.board.review import Playback, Review, draw_banner
from game.client.play.records import RecordError, Timeline

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene
    from game.engine.core import AnyState, Event

REVIEW_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class ReviewController:
    """Review, replay and watch over the scene's session; past positions are drawn with the mode's own model."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.timeline: Timeline | None = None  # the game's positions, replayed through the engine (review, notes)
        self.review: Review | None = None  # the past position shown, None: live
        self.model: object = None  # the drawing model of the reviewed position, None: live
        self.replay: Playback | None = None  # set in the replay viewer: the whole game is reviewed, never live
        self.replay_seats: list[str] = []  # how the replayed game's seats were played
        self.replay_back = "menu"  # where Esc and Back go from the replay viewer
        self.watch: Playback | None = None  # set when the computer plays every seat
        self.banner_chip: pygame.Rect | None = None
        self._notes: dict[tuple[int, str], str] = {}

    def enter(self, replay: object) -> None:
        """A game opens: live, or in the replay viewer (`replay`: its seats and where Back goes), or watched."""
        self.timeline = None
        self.review = None
        self.model = None
        self._notes = {}
        self.replay = Playback(playing=False) if replay is not None else None
        self.replay_seats = list(replay.get("seats", [])) if isinstance(replay, dict) else []
        self.replay_back = str(replay.get("back", "menu")) if isinstance(replay, dict) else "menu"
        s = self.scene.session
        self.watch = Playback() if s is not None and not s.has_human and self.replay is None else None

    @property
    def playback(self) -> Playback | None:
        """The replay's or watch mode's playback, else None."""
        return self.replay or self.watch

    def get_timeline(self) -> Timeline:
        """The game's positions so far, replayed through the engine (kept in step with the session's log)."""
        s = self.scene.live
        if self.timeline is None or self.timeline.game is not s.game:
            self.timeline = Timeline(s.game)
        try:
            self.timeline.follow(list(s.log))
        except RecordError:
            # The session's own log always replays; should it not, the review starts afresh next time.
            self.timeline = Timeline(s.game)
        return self.timeline

    def show_position(self, state: AnyState | None) -> None:
        """Show `state` (a past position) read-only instead of the live board; None returns to the game."""
        self.scene.popups.close()
        self.scene.view.reset()
        self.model = self.scene.view.build_model(state) if state is not None else None

    def start(self, entry: int) -> None:
        """Show the position after move-list entry `entry` (0: the start), read-only."""
        scene = self.scene
        if scene.session is None:
            return
        timeline = self.get_timeline()
        if self.review is None:
            self.review = Review(timeline, entry)
        else:
            self.review.timeline = timeline
            self.review.go(entry)
        self.show_position(self.review.state())
        log = scene.log
        scene.presenter.update_log_rows()
        log.selected = self.review.entry or None
        if self.review.entry:
            log.show_entry(self.review.entry)
        else:
            log.top = 0 if log.rows else None
        scene.play_sound("click")

    def leave(self) -> None:
        """Back to the live game (the replay viewer has none: it stays)."""
        if self.replay is not None:
            return
        self.review = None
        self.show_position(None)
        self.scene.log.selected = None
        self.scene.log.top = None

    def step(self, step: int) -> None:
        """The previous (-1) or next (+1) entry; past the newest, back to the live game."""
        if self.review is None:
            return
        target = self.review.entry + step
        if target > self.review.total and self.replay is None:
            self.leave()
            return
        self.start(target)

    def review_game(self) -> None:
        """The game-over bar's Review: the final position, ← to step back."""
        self.scene.dialogs.overlay = None
        self.start(len(self.get_timeline().entry_ends()))
        self.scene.rebuild_ui()

    def back_from_replay(self) -> None:
        """Leave the replay viewer (to the Games screen it was opened from, or the menu)."""
        self.scene.app.goto(self.replay_back)

    # ----- what the move list and the mode read -----
    def entry_texts(self) -> list[str]:
        """The session's log with the mode's short note on each decision ("c1-c4 −7"): for `log_rows`."""
        s = self.scene.session
        if s is None:
            return []
        timeline = self.get_timeline()
        texts = []
        for i, text in enumerate(s.log):
            if i < len(timeline.actors) and timeline.actors[i] >= 0:
                key = (i, text)
                if key not in self._notes:
                    ends = timeline.entry_ends()
                    end = next((e for e in ends if e > i), i + 1)
                    events = [e for evs in timeline.events[i:end] for e in evs]
                    self._notes[key] = str(self.scene.view.entry_note(list(events)) or "")
                words = self._notes[key]
                texts.append(f"{text} {words}" if words else text)
            else:
                texts.append(text)
        return texts

    def last_entry_events(self) -> list[Event]:
        """The events of the newest decision with the chance outcomes after it (the last move's marks)."""
        s = self.scene.session
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
        if review.entry < review.total:
            self.start(review.entry + 1)
        if review.entry >= review.total and playback.playing:
            playback.playing = False
            self.scene.presenter.refresh_buttons()

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
        if (
            key in (pygame.K_p, pygame.K_SPACE)
            and not self.scene.queue.busy
            and (key == pygame.K_p or self.replay is not None)
        ):
            playback.toggle()
            self.scene.presenter.refresh_buttons()
            return True
        if key in FASTER_KEYS or key in SLOWER_KEYS:
            playback.faster(1 if key in FASTER_KEYS else -1)
            return True
        return False

    def _review_key(self, event: pygame.event.Event) -> bool:
        if self.review is None:
            s = self.scene.session
            if (
                s is not None
                and s.is_over
                and not self.scene.queue.busy
                and event.key in (pygame.K_LEFT, pygame.K_HOME)
            ):
                total = len(self.get_timeline().entry_ends())
                self.start(total - 1 if event.key == pygame.K_LEFT else 0)
                return True
            return False
        if event.key in REVIEW_KEYS:
            if self.replay is not None:
                self.replay.playing = False
            self.step(REVIEW_KEYS[event.key])
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.start(0 if event.key == pygame.K_HOME else self.review.total)
        else:
            return event.key not in (pygame.K_ESCAPE, pygame.K_F11) and not (event.mod & pygame.KMOD_CTRL)
        return True

    # ----- the banner -----
    def banner_text(self) -> str:
        """The review banner's words."""
        t, review = self.scene.app.t, self.review
        if review is None:
            return ""
        if self.replay is not None:
            return t("review.replay", n=review.entry, total=review.total)
        if review.entry == 0:
            return t("review.start")
        return t("review.banner", n=review.entry, total=review.total)

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner over a reviewed board, with the chip back to the live game (none in the replay viewer)."""
        self.banner_chip = None
        if self.review is None:
            return
        chip = "" if self.replay is not None else self.scene.app.t("review.live")
        self.banner_chip = draw_banner(
            surface, self.scene.layout.frame, self.scene.panel_layout.unit, self.banner_text(), chip
        )

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
