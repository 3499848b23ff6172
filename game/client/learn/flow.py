"""A lesson on the board: the part of `BoardScene` that plays the other side (a scripted reply or nothing), judges
each settled position with `game.learn.goals`, draws the goal's arrows and marks, and opens the result card
(Retry, Next, Learn). Inactive (every hook a no-op) in an ordinary game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.client import palette
from game.client.board.layout import cell_xy
from game.client.board.marks import Mark, trim_start
from game.client.game_names import MODE_SIDE
from game.client.learn import start
from game.client.learn.card import GoalCard
from game.client.learn.keys import FAIL, STARS
from game.client.modes import LESSON_PIECE
from game.engine.core import AnyState
from game.learn import goals
from game.learn.goals import Decision, Verdict
from game.learn.lessons import Lesson

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.board.layout import BoardLayout
    from game.client.board.marks import Marks
    from game.client.board.mode_view import ModeView
    from game.client.board.panel import PanelLayout
    from game.client.board.signals import BoardEnv
    from game.client.game_scene import DialogItem

ShowCard = Callable[..., None]  # a result card over the board: title, text, buttons, stars (and where it lies)


@dataclass
class LessonBoard:
    """What a lesson or a challenge uses of the board it is played on (never the scene): the board's `env`, the
    mode's view, the app (the Learn screens' progress, courses and ways out), the marks and where the board and panel
    are; `commit` plays an action, `settle` settles the board now, `unsettle` has the picks built again, `show_card`
    and `close_card` open and close a card over the board, `dt` is the frame's time."""

    env: BoardEnv
    view: ModeView[Any, Any]
    app: App
    marks: Marks
    place: Callable[[], tuple[BoardLayout, PanelLayout]]
    commit: Callable[[object], None]
    settle: Callable[[], None]
    unsettle: Callable[[], None]
    show_card: ShowCard
    close_card: Callable[[], None]
    dt: Callable[[], float]


class LessonFlow:
    """The lesson being played on a board (None in an ordinary game) and how the attempt stands."""

    panel_buttons = ("retry", "hint", "menu")  # a lesson is tried again whole, never undone

    def __init__(self, board: LessonBoard) -> None:
        self.board = board
        self.lesson: Lesson | None = None
        self.start: AnyState | None = None
        self.replies = 0  # scripted replies played so far
        self.verdict = Verdict("playing")
        self.card = GoalCard()
        self.intro_open = False  # the stage's intro card is over the board

    @property
    def active(self) -> bool:
        """True while the board plays a lesson."""
        return self.lesson is not None

    def enter(self, lesson: object, showing: object = False) -> None:
        """Play `lesson` (from the board's context) on the fresh session, or none (`showing` is a challenge's)."""
        self.lesson = lesson if isinstance(lesson, Lesson) else None
        session = self.board.env.session()
        self.start = session.state.clone() if self.lesson is not None and session is not None else None
        self.replies = 0
        self.verdict = Verdict("playing")

    def level_title(self) -> str | None:
        """The lesson's title for the panel (None: the level's own)."""
        lesson = self.lesson
        return None if lesson is None else lesson.title.get(self.board.env.t.language)

    def back_label(self) -> str:
        """The pause menu's way back to the list."""
        return self.board.env.t("learn.back")

    # ----- the attempt -----
    def decisions(self) -> list[Decision]:
        """The player's decisions so far: the position each was taken in and its notation."""
        lesson, session = self.lesson, self.board.env.session()
        if lesson is None or session is None:
            return []
        return [(snap.state, session.log[snap.log_length]) for snap in session.snapshots if snap.seat == lesson.seat]

    @property
    def seat(self) -> int:
        """The player's seat (-1 without a lesson)."""
        return self.lesson.seat if self.lesson is not None else -1

    def ended(self) -> tuple[int, str] | None:
        """Once the attempt is judged: the player's seat and the result in words, for the panel's turn card (the
        position may have passed to the other side, which plays no more)."""
        if not self.active or not self.verdict.done:
            return None
        success = self.verdict.status == "success"
        return self.seat, self.board.env.t("learn.result.success" if success else "learn.result.failure")

    def plays(self, seat: int) -> bool:
        """True when `seat` is the lesson's player."""
        return self.lesson is not None and seat == self.lesson.seat

    @property
    def used(self) -> int:
        """The player's actions so far."""
        return len(self.decisions())

    @property
    def holds_input(self) -> bool:
        """True when the player may not act: the stage's intro is open, the attempt is over, or the other side is to
        act."""
        lesson, session = self.lesson, self.board.env.session()
        if lesson is None or session is None:
            return False
        return self.intro_open or self.verdict.done or (not session.is_over and session.current_seat != lesson.seat)

    def on_idle(self) -> bool:
        """On an idle board: the other side's scripted reply or its waiting, then the verdict; True when the lesson
        took this step (the turn flow then starts no computer and shows no game-over card)."""
        lesson, start_state = self.lesson, self.start
        if lesson is None or start_state is None:
            return False
        if self.verdict.done:
            return True
        session = self.board.env.live
        decisions = self.decisions()
        if not session.is_over and session.current_seat != lesson.seat:
            # The goal may be reached before the other side answers.
            early = goals.judge(lesson, start_state, session.state, decisions)
            if early.status == "success":
                self.finish(early)
                return True
            if lesson.opponent == "easy":
                return False
            reply = goals.other_side(lesson, session.state, self.replies)
            if reply is not None:
                self.replies += 1
                self.board.commit(session.state.action_from_str(reply))
                return True
            idle = goals.idle_reply(lesson, session.state)  # a decision inside the player's turn, played
            if idle is not None:
                self.board.commit(session.state.action_from_str(idle))
                return True
            session.set_position(goals.hand_back(lesson, session.state))
            self.board.unsettle()
            self.board.settle()
        verdict = goals.judge(lesson, start_state, session.state, decisions)
        if verdict.done:
            self.finish(verdict)
            return True
        return False

    def finish(self, verdict: Verdict) -> None:
        """The attempt is over: keep the stars of a success and open the result card."""
        lesson = self.lesson
        if lesson is None:
            return
        self.verdict = verdict
        board = self.board
        board.view.reset()
        session = board.env.live
        if not session.is_over and lesson.opponent != "easy" and session.current_seat != lesson.seat:
            session.set_position(goals.hand_back(lesson, session.state))  # the turn card shows the player's side
            board.unsettle()
        if verdict.status == "success":
            start.keep_stars(board.app, lesson, verdict.stars)
            board.env.play_sound("victory")
        t = board.env.t
        title = t("learn.result.success") if verdict.status == "success" else t("learn.result.failure")
        board.show_card(title, self.explanation(), self.card_items(), verdict.stars)

    def explanation(self) -> str:
        """What the result card says: the stars' meaning, or why the attempt failed and the lesson's tip."""
        lesson, verdict, t = self.lesson, self.verdict, self.board.env.t
        if lesson is None:
            return ""
        language = t.language
        if verdict.status == "success":
            used = self.used
            return t(STARS(verdict.stars), n=used, best=lesson.stars[0])
        values = dict(verdict.values)
        if "piece" in values:
            values["piece"] = self.piece_words(str(values["piece"]))
        lines = [t(FAIL(verdict.reason), **values)]
        if lesson.tip is not None:
            lines.append(lesson.tip.get(language))
        return "\n".join(lines)

    def piece_words(self, piece: str) -> str:
        """A piece as the failure names it ('light d8' in the player's words)."""
        side, _, kind = piece.partition(" ")
        t = self.board.env.t
        key = LESSON_PIECE(self.board.env.mode())
        return t(key, side=t(MODE_SIDE(self.board.env.mode(), side)), kind=kind) if t.has(key) else piece

    def card_items(self) -> list[DialogItem]:
        """The result card's buttons: Next after a success (when there is a next lesson), Retry, and the list."""
        t = self.board.env.t
        items: list[DialogItem] = []
        following = self.following()
        if self.verdict.status == "success" and following is not None:
            items.append((t("learn.next"), self.next, "#primary"))
        items.append((t("learn.retry"), self.retry, "#primary" if not items else "#menu_button"))
        items.append((t("learn.back"), self.to_list, "#menu_button"))
        return items

    def following(self) -> Lesson | None:
        """The lesson after this one in its course."""
        lesson = self.lesson
        if lesson is None:
            return None
        return start.course(self.board.app, lesson.mode).after(lesson)

    # ----- buttons -----
    def retry(self) -> None:
        """The same lesson from its start (its stage's intro was read already)."""
        if self.lesson is not None:
            start.open_lesson(self.board.app, self.lesson, intro=False)

    def next(self) -> None:
        """The next lesson, or the list after the last."""
        following = self.following()
        if following is None:
            self.to_list()
        else:
            start.open_lesson(self.board.app, following)

    def to_list(self) -> None:
        """Back to the Learn screen at this game."""
        mode = self.lesson.mode if self.lesson is not None else None
        self.board.app.goto("learn", mode=mode)

    def show_intro(self) -> bool:
        """Before a stage's first level: the stage's rule explained on a card over the board (Start closes it);
        True when one was shown."""
        lesson = self.lesson
        if lesson is None:
            return False
        stage = start.course(self.board.app, lesson.mode).stage_opened_by(lesson)
        if stage is None or stage.intro is None:
            return False
        t = self.board.env.t
        self.intro_open = True
        items: list[DialogItem] = [(t("learn.intro.start"), self.close_intro, "#primary")]
        beside = self.board.place()[1].rect
        self.board.show_card(stage.title.get(t.language), stage.intro.get(t.language), items, beside=beside)
        return True

    def close_intro(self) -> None:
        """The intro read: the level's board, its goal and arrows."""
        self.intro_open = False
        self.board.close_card()

    def give_up(self) -> None:
        """Only a challenge is given up (its solution shown)."""

    @property
    def other_side_waits(self) -> bool:
        """True in a lesson whose other side does nothing: no warning of what it could do next turn holds there."""
        return self.lesson is not None and self.lesson.opponent == "none"

    @property
    def counts_turns(self) -> bool:
        """False in a puzzle (a lesson's position or a challenge): its turn or round counter would mean nothing; a
        lesson that is a whole game against the computer counts them as any game."""
        return self.lesson is None or self.lesson.opponent == "easy"

    @property
    def can_give_up(self) -> bool:
        """True while the attempt may be given up for the solution (a challenge's)."""
        return False

    def wake_in(self) -> float | None:
        """When a step of its own is next due on an idle board (the loop rests until then); None: a lesson takes
        none by itself."""
        return None

    def hint(self) -> str | None:
        """The stored solution's next action while the player has followed it, else None (the computer hints)."""
        lesson = self.lesson
        if lesson is None:
            return None
        played = [text for _, text in self.decisions()]
        solution = list(lesson.solution)
        if played == solution[: len(played)] and len(played) < len(solution):
            return solution[len(played)]
        return None

    # ----- drawing -----
    def log_rect(self, rect: pygame.Rect, unit: int) -> pygame.Rect:
        """What the move list keeps of its box: the goal card takes its top."""
        if self.lesson is None:
            return rect
        self.card.place(pygame.Rect(rect.x, rect.y, rect.w, min(int(unit * 6.6), rect.h // 2)), unit)
        top = self.card.rect.bottom + unit // 2
        return pygame.Rect(rect.x, top, rect.w, max(unit * 3, rect.bottom - top))

    def draw_card(self, surface: pygame.Surface) -> None:
        """The goal, the actions used and the stars still to earn, over the panel."""
        lesson = self.lesson
        if lesson is None:
            return
        t = self.board.env.t
        used = self.used
        stars = self.verdict.stars if self.verdict.done else goals.stars_for(lesson, used + 1)
        if lesson.max_actions is None:
            counter = t("learn.counter.open", n=used)
        else:
            counter = t("learn.counter", n=used, most=lesson.max_actions)
        self.card.draw(surface, t("learn.goal"), lesson.goal.get(t.language), counter, stars)

    def draw_under(self, layer: pygame.Surface) -> bool:
        """The lesson's target cells, ringed (until the attempt ends)."""
        lesson = self.lesson
        if lesson is None or self.verdict.done or not lesson.marks:
            return False
        layout, marks = self.board.place()[0], self.board.marks
        for cell in lesson.marks:
            marks.drawn.append(Mark("goal", cell))
            cx, cy = layout.cell_center(cell)
            r = layout.cell * 0.42
            pygame.draw.rect(
                layer,
                palette.with_alpha(palette.GAIN, 60 + int(50 * marks.pulse)),
                layout.cell_rect(*cell_xy(cell)).inflate(-4, -4),
                border_radius=max(4, layout.cell // 10),
            )
            pygame.draw.circle(layer, palette.with_alpha(palette.GAIN, 235), (cx, cy), r, max(2, layout.cell // 20))
        return True

    def draw_over(self, layer: pygame.Surface) -> bool:
        """The lesson's arrows, until the player's first action."""
        lesson = self.lesson
        if lesson is None or self.verdict.done or not lesson.arrows or self.used:
            return False
        layout, marks = self.board.place()[0], self.board.marks
        width = max(4, layout.cell // 9)
        for a, b in lesson.arrows:
            # From the die's edge, so the number it shows stays readable.
            start_point, end_point = trim_start(layout.cell_center(a), layout.cell_center(b), layout.cell * 0.42)
            marks.ghost_arrow(
                layer,
                start_point,
                end_point,
                palette.with_alpha(palette.GAIN, 210),
                width,
                layout.cell * 0.28,
                f"{a}-{b}",
            )
        return True
