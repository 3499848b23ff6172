"""The other seats' last turn at a glance: every action of it stays drawn on the board until the player acts
(numbered arrows for moves and attacks, each battle's cell ringed with its result, "+N" for reinforcements), and
a button (and the L key) plays the turn's animation again from the game's timeline.

The board finds the turn; the mode says what its decisions drew (`ModeView.turn_marks`) and whose turn a position
is in (`ModeView.turn_seat`, so a defender's answer inside another seat's turn belongs to that turn). The turn
shown is every decision since the player to act last acted in a turn of its own: with three computer seats, all
three turns, each in its seat's colour and numbered on in order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.client import lettering, palette
from game.client.board import buttons as B
from game.client.board.marks import Marks, TurnMark, TurnPainter, TurnStep, number_marks, text_badge
from game.client.play.seats import HUMAN

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.layout import BoardLayout
    from game.client.board.mode_view import ModeView
    from game.client.board.panel import PanelLayout
    from game.client.board.signals import BoardEnv
    from game.client.play.records import Timeline
    from game.engine.core import AnyState

REPLAY_KEY = pygame.K_l


class TurnTrace:
    """The last turn's marks (recomputed when the log moves on), their drawing, and its replay. It reads the board's
    `env`, the mode's view, the marks, the animation queue and where the board and panel are (`place()`); the game's
    `timeline`, the turn flow's `position_key`, whether the replay viewer is open (`in_replay`), whether something
    covers the live board (`covered`: a hand-over card, a reviewed position) and whether a human may act
    (`accepting`) are asked; `replay_from(state, events)` plays the turn again."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        marks: Marks,
        queue: AnimQueue,
        place: Callable[[], tuple[BoardLayout, PanelLayout]],
        *,
        timeline: Callable[[], Timeline],
        position_key: Callable[[], object],
        in_replay: Callable[[], bool],
        covered: Callable[[], bool],
        accepting: Callable[[], bool],
        replay_from: Callable[[AnyState, Sequence[object]], None],
    ) -> None:
        self.env = env
        self.view = view
        self.board_marks = marks
        self.queue = queue
        self.place = place
        self.timeline = timeline
        self.position_key = position_key
        self.in_replay = in_replay
        self.covered = covered
        self.accepting = accepting
        self.replay_from = replay_from
        self.painter = TurnPainter(marks)
        self.replaying = False  # the last turn's animation is playing again
        self.button = B.Button("replay", "")
        self.hover = False
        self._key: object = None
        self._steps: list[TurnStep] = []
        self._marks: list[TurnMark] = []
        self._start = 0  # the log index the turn's replay starts from (the chance outcomes that open it included)

    # ----- what the turn was -----
    def viewer(self) -> int | None:
        """The seat the trace is drawn for: the human to act, or the only human once the game is over."""
        s = self.env.session()
        if s is None or self.in_replay():
            return None
        if s.is_over:
            humans = [seat for seat, kind in enumerate(s.seats) if kind == HUMAN]
            return humans[0] if len(humans) == 1 else None
        return s.current_seat if s.is_human_turn else None

    def steps(self) -> list[TurnStep]:
        """The decisions of the other seats since the viewer last acted in a turn of its own, in order."""
        self._refresh()
        return self._steps

    def marks(self) -> list[TurnMark]:
        """The turn's marks, numbered."""
        self._refresh()
        return self._marks

    def _refresh(self) -> None:
        viewer = self.viewer()
        key = (self.position_key(), viewer)
        if key == self._key:
            return
        self._key = key
        self._steps, self._start = self._collect(viewer) if viewer is not None else ([], 0)
        self._marks = number_marks(self.view.turn_marks(self._steps)) if self._steps else []

    def _collect(self, viewer: int) -> tuple[list[TurnStep], int]:
        """The steps back to the viewer's own last turn (walking back from the newest decision), and where their
        replay starts."""
        timeline = self.timeline()
        actors = timeline.actors
        steps: list[TurnStep] = []
        start = 0
        end = len(actors)  # each decision's events run up to the next decision (its chance outcomes included)
        for i in range(len(actors) - 1, -1, -1):
            if actors[i] < 0:
                continue
            before = timeline.before(i)
            owner = self.view.turn_seat(before)
            owner = actors[i] if owner is None else owner
            if owner == viewer:
                start = i + 1
                break
            events = tuple(e for evs in timeline.events[i:end] for e in evs)
            steps.append(TurnStep(i, actors[i], owner, before.action_from_str(timeline.actions[i]), events, before))
            end = i
        steps.reverse()
        return steps, start if steps else 0

    # ----- drawing -----
    @property
    def shown(self) -> bool:
        """True when the trace is on the board: live, idle, no card over it, and a turn with marks to show."""
        idle = self.env.session() is not None and not self.queue.busy
        return idle and not self.covered() and bool(self.marks())

    def draw_under(self, layer: pygame.Surface) -> bool:
        """The squares the turn's actions ended on, else the last action's squares; True when drawn."""
        if not self.shown:
            return self._tint_last_cells(layer)
        self.painter.draw_under(layer, self.place()[0], self._marks, self.view.seat_colour)
        return True

    def _tint_last_cells(self, layer: pygame.Surface) -> bool:
        """The last action's squares in its seat's accent, under the mode's marks, for a mode that names them with
        `last_cells()` (not while events play); True when drawn."""
        last = self.view.last_cells() if not self.queue.busy else None
        if last is None:
            return False
        self.board_marks.cell_tints(layer, self.place()[0], last[0], self.view.seat_colour(last[1]))
        return True

    def draw_over(self, layer: pygame.Surface) -> bool:
        """The turn's arrows, rings, numbers and chips; True when drawn."""
        if not self.shown:
            return False
        view = self.view
        self.painter.draw_over(layer, self.place()[0], self._marks, view.seat_colour, view.value_rects())
        return True

    # ----- the replay button -----
    def button_rect(self) -> pygame.Rect:
        """On the felt between the board and the panel, level with the panel's buttons; on the frame's corner when
        the window leaves no felt there."""
        layout, panel = self.place()
        frame = layout.frame
        gap = layout.panel.left - frame.right
        size = max(30, min(50, int(layout.cell * 0.62)))
        if gap >= size + 16:
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (frame.right + gap // 2, panel.buttons.centery)
            return rect
        size = max(18, layout.border - 6)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (frame.right - layout.border // 2, frame.bottom - layout.border // 2)
        return rect

    @property
    def available(self) -> bool:
        """True when the last turn can be played again now (a human to act, idle, a turn with marks)."""
        s = self.env.session()
        return self.shown and s is not None and not s.is_over and self.accepting()

    def draw_button(self, surface: pygame.Surface) -> None:
        """The round replay button (and its words while hovered) when the last turn can be played again."""
        self.button.rect = self.button_rect()
        self.button.enabled = self.available
        if not self.button.enabled:
            return
        rect = self.button.rect
        B.draw_icon(surface, self.button, "replay" if self.hover else None)
        key = max(9, rect.w // 4)
        text_badge(
            surface, "L", (rect.right - key * 0.4, rect.bottom - key * 0.4), key, palette.DARK_INK, palette.PARCHMENT
        )
        layout, panel = self.place()
        if not rect.colliderect(layout.frame):
            self._caption(surface, rect)
        if self.hover:
            B.draw_tip(surface, self.env.t("board.replay_turn"), rect, max(12, panel.unit))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The button's name under it on the felt, on two lines when the felt is narrow."""
        layout, panel = self.place()
        room = layout.panel.left - layout.frame.right - 8
        size = max(10, panel.unit * 4 // 5)
        font = lettering.font(size, bold=True)
        y = rect.bottom + 4
        for line in lettering.wrap(font, self.env.t("board.replay_short"), room)[:2]:
            lettering.label(
                surface,
                line,
                size,
                palette.PARCHMENT_DARK,
                center=(rect.centerx, y + size // 2),
                bold=True,
                shadow=palette.SHADOW,
            )
            y += font.get_linesize()

    def handle(self, event: pygame.event.Event) -> bool:
        """The button's hover and click, and the L key; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.available and self.button_rect().collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.available:
            if self.button_rect().collidepoint(event.pos):
                self.replay()
                return True
        if event.type == pygame.KEYDOWN and event.key == REPLAY_KEY and not event.mod & pygame.KMOD_CTRL:
            self.replay()
            return self.available or self.replaying
        return False

    # ----- the replay -----
    def replay(self) -> bool:
        """Play the last turn's animation again: the position before it, then its events; the board returns to the
        present when they have played (input waits meanwhile; a click, Space or Esc skips). True when started."""
        if not self.available:
            return False
        timeline = self.timeline()
        start = self._start
        events = [e for evs in timeline.events[start:] for e in evs]
        self.replaying = True
        self.hover = False
        # Once the events have played, the board settles on the live position again as after any action.
        self.replay_from(timeline.states[start], events)
        self.env.play_sound("click")
        return True

    def tick(self) -> None:
        """The replay is over once nothing plays."""
        if self.replaying and not self.queue.busy:
            self.replaying = False
