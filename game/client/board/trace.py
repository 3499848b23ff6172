"""The other seats' last turn at a glance: every action of it stays drawn on the board until the player acts
(numbered arrows for moves and attacks, each battle's cell ringed with its result, "+N" for reinforcements), and
a button (and the L key) plays the turn's animation again from the game's timeline.

The board finds the turn; the mode says what its decisions drew (`ModeView.turn_marks`) and whose turn a position
is in (`ModeView.turn_seat`, so a defender's answer inside another seat's turn belongs to that turn). The turn
shown is every decision since the player to act last acted in a turn of its own: with three computer seats, all
three turns, each in its seat's colour and numbered on in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import art
from game.client.board import buttons as B
from game.client.board.marks import TurnMark, TurnPainter, TurnStep, number_marks, text_badge
from game.client.play.seats import HUMAN

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene

REPLAY_KEY = pygame.K_l


class TurnTrace:
    """The last turn's marks (recomputed when the log moves on), their drawing, and its replay."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.painter = TurnPainter(scene.marks)
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
        scene = self.scene
        s = scene.session
        if s is None or scene.reviewer.replay is not None:
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
        key = (self.scene.turns.position_key(), viewer)
        if key == self._key:
            return
        self._key = key
        self._steps, self._start = self._collect(viewer) if viewer is not None else ([], 0)
        self._marks = number_marks(self.scene.view.turn_marks(self._steps)) if self._steps else []

    def _collect(self, viewer: int) -> tuple[list[TurnStep], int]:
        """The steps back to the viewer's own last turn (walking back from the newest decision), and where their
        replay starts."""
        scene = self.scene
        timeline = scene.reviewer.get_timeline()
        actors = timeline.actors
        steps: list[TurnStep] = []
        start = 0
        end = len(actors)  # each decision's events run up to the next decision (its chance outcomes included)
        for i in range(len(actors) - 1, -1, -1):
            if actors[i] < 0:
                continue
            before = timeline.before(i)
            owner = scene.view.turn_seat(before)
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
        scene = self.scene
        s = scene.session
        idle = s is not None and not scene.queue.busy and scene.handovers.card is None
        return idle and scene.reviewer.model is None and bool(self.marks())

    def draw_under(self, layer: pygame.Surface) -> bool:
        """The squares the turn's actions ended on, else the last action's squares; True when drawn."""
        if not self.shown:
            return self._tint_last_cells(layer)
        self.painter.draw_under(layer, self.scene.layout, self._marks, self.scene.view.seat_colour)
        return True

    def _tint_last_cells(self, layer: pygame.Surface) -> bool:
        """The last action's squares in its seat's accent, under the mode's marks, for a mode that names them with
        `last_cells()` (not while events play); True when drawn."""
        scene = self.scene
        last = scene.view.last_cells() if not scene.queue.busy else None
        if last is None:
            return False
        scene.marks.cell_tints(layer, scene.layout, last[0], scene.view.seat_colour(last[1]))
        return True

    def draw_over(self, layer: pygame.Surface) -> bool:
        """The turn's arrows, rings, numbers and chips; True when drawn."""
        if not self.shown:
            return False
        view = self.scene.view
        self.painter.draw_over(layer, self.scene.layout, self._marks, view.seat_colour, view.value_rects())
        return True

    # ----- the replay button -----
    def button_rect(self) -> pygame.Rect:
        """On the felt between the board and the panel, level with the panel's buttons; on the frame's corner when
        the window leaves no felt there."""
        layout = self.scene.layout
        frame = layout.frame
        gap = layout.panel.left - frame.right
        size = max(30, min(50, int(layout.cell * 0.62)))
        if gap >= size + 16:
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (frame.right + gap // 2, self.scene.panel_layout.buttons.centery)
            return rect
        size = max(18, layout.border - 6)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (frame.right - layout.border // 2, frame.bottom - layout.border // 2)
        return rect

    @property
    def available(self) -> bool:
        """True when the last turn can be played again now (a human to act, idle, a turn with marks)."""
        s = self.scene.session
        return self.shown and s is not None and not s.is_over and self.scene.accepting_input

    def draw_button(self, surface: pygame.Surface) -> None:
        """The round replay button (and its words while hovered) when the last turn can be played again."""
        self.button.rect = self.button_rect()
        self.button.enabled = self.available
        if not self.button.enabled:
            return
        rect = self.button.rect
        B.draw_icon(surface, self.button, "replay" if self.hover else None)
        key = max(9, rect.w // 4)
        text_badge(surface, "L", (rect.right - key * 0.4, rect.bottom - key * 0.4), key, art.DARK_INK, art.PARCHMENT)
        if not rect.colliderect(self.scene.layout.frame):
            self._caption(surface, rect)
        if self.hover:
            B.draw_tip(surface, self.scene.app.t("board.replay_turn"), rect, max(12, self.scene.panel_layout.unit))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The button's name under it on the felt, on two lines when the felt is narrow."""
        layout = self.scene.layout
        room = layout.panel.left - layout.frame.right - 8
        size = max(10, self.scene.panel_layout.unit * 4 // 5)
        font = art.font(size, bold=True)
        y = rect.bottom + 4
        for line in art.wrap(font, self.scene.app.t("board.replay_short"), room)[:2]:
            art.label(
                surface,
                line,
                size,
                art.PARCHMENT_DARK,
                center=(rect.centerx, y + size // 2),
                bold=True,
                shadow=art.SHADOW,
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
        scene = self.scene
        timeline = scene.reviewer.get_timeline()
        start = self._start
        events = [e for evs in timeline.events[start:] for e in evs]
        scene.turns.reset_ui()
        scene.model = scene.view.build_model(timeline.states[start])
        self.replaying = True
        self.hover = False
        scene.animator.play(events)
        # Once the events have played, the board settles on the live position again as after any action.
        scene.turns.settled_at = None
        scene.play_sound("click")
        return True

    def tick(self) -> None:
        """The replay is over once nothing plays."""
        if self.replaying and not self.scene.queue.busy:
            self.replaying = False
