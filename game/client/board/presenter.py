"""What the board's side panel says and shows: the turn card, the seat row, the status line and key help, the seat
labels, the move list's rows and headers (the panel image is re-rendered only when any of it changes), and the
panel's buttons (pygame_gui), which change with the replay, watch mode and the end of the game."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game.client import gui, palette
from game.client.board.panel import PanelInfo, SeatChip, draw_dynamic
from game.client.board.review import speed_text
from game.client.game_names import LEVEL
from game.client.i18n import FALLBACK, Keys
from game.client.modes import KEYS_HELP, LESSON_KEYS, MODE, TO_MOVE
from game.client.pacing import SLOW_FRAME
from game.client.play.seats import HUMAN, REMOTE, seat_level
from game.client.widgets import text_room

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.handover import HandoverCard
    from game.client.board.log import MoveLog
    from game.client.board.mode_view import ModeView
    from game.client.board.panel import PanelLayout
    from game.client.board.reviewing import ReviewController
    from game.client.board.signals import BoardEnv
    from game.client.play.session import GameSession
    from game.engine.core import Outcome

BUTTONS = ("undo", "redo", "hint", "menu")
WATCH_BUTTONS = ("pause", "step", "speed", "menu")
REPLAY_BUTTONS = ("pause", "step", "speed", "back")
OVER_BUTTONS = ("rematch", "review", "menu")
#: The words of the buttons that say only their name.
BUTTON = Keys("board.{}", tuple(dict.fromkeys(BUTTONS + WATCH_BUTTONS + REPLAY_BUTTONS)))
DRAW = -1  # the turn card's seat after a draw: the neutral emblem
TURN_LOOKBACK = 400  # log entries searched back for the event that opened the turn being played out


class PanelCoach(Protocol):
    """What the panel reads of a lesson or challenge on the board (an inactive one in an ordinary game)."""

    @property
    def panel_buttons(self) -> tuple[str, ...]:
        """The panel's buttons while it is played."""

    @property
    def active(self) -> bool:
        """True while one is played."""

    @property
    def can_give_up(self) -> bool:
        """True while the attempt may be given up."""

    def level_title(self) -> str | None:
        """Its title for the panel (None: the level's own)."""

    def ended(self) -> tuple[int, str] | None:
        """The player's seat and the result in words once judged."""

    def plays(self, seat: int) -> bool:
        """True when `seat` is its player."""

    @property
    def counts_turns(self) -> bool:
        """False while a puzzle's position is played (the board shows no turn or round counter)."""


class TurnWords(Protocol):
    """What the panel reads of the turn flow: the last undo's words, the hint's, whether the end was shown."""

    status_note: str
    hint_text: str
    game_over_shown: bool


class HandoverState(Protocol):
    """What the panel reads of the hand-over: its card (None when none is up) and the seat whose turn opens."""

    card: HandoverCard | None
    opening: int | None


class OnlineWords(Protocol):
    """What the panel reads of the board's online part (inactive for a game played here only)."""

    @property
    def holds_turn_card(self) -> bool:
        """True while the turn card speaks for the network."""

    def status_text(self) -> str:
        """The status line while the board waits on the network, '' otherwise."""

    def seat_text(self, seat: int) -> str:
        """The turn card's line for a remote seat."""


class PanelPresenter:
    """The panel's texts and image and its buttons, read from the parts it is given (never the scene): the board's
    `env`, the mode's view, the animation queue, the move list, the reviewer, the turn flow, the hand-over, the online
    part and the lesson (`coach()`); `panel()` is the panel's layout, `relayout()` lays the board out again,
    `static()` is the board's static image, `clock()` the board's time, `overlay()` the open dialog, `rebuild()`
    builds the UI again and `ui()` is the pygame_gui manager."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        queue: AnimQueue,
        log: MoveLog,
        *,
        reviewer: ReviewController,
        turns: TurnWords,
        handovers: HandoverState,
        online: OnlineWords,
        coach: Callable[[], PanelCoach],
        panel: Callable[[], PanelLayout],
        relayout: Callable[[], None],
        static: Callable[[], pygame.Surface],
        clock: Callable[[], float],
        overlay: Callable[[], str | None],
        rebuild: Callable[[], None],
        ui: Callable[[], pygame_gui.UIManager],
    ) -> None:
        self.env = env
        self.view = view
        self.queue = queue
        self.log = log
        self.reviewer = reviewer
        self.turns = turns
        self.handovers = handovers
        self.online = online
        self.coach = coach
        self.panel = panel
        self.relayout = relayout
        self.static = static
        self.clock = clock
        self.overlay = overlay
        self.rebuild = rebuild
        self.ui = ui
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel_cut: list[str] = []  # panel texts that did not fit this frame
        self._button_texts: tuple[str, ...] = ()
        self._image: pygame.Surface | None = None
        self._key: object = None
        self._log_key: object = None  # what the move list was worded for (the log, the language, the names)

    def drop_image(self) -> None:
        """Forget the cached panel image (a new layout)."""
        self._image = None

    # ----- seats -----
    def seat_controller(self, seat: int) -> str:
        """Who plays `seat`: "You", "Human" or "Computer (hard)" (in a replay, as the game was played)."""
        t = self.env.t
        replay = self.reviewer.replay is not None
        seats = self.reviewer.replay_seats if replay else list(self.env.live.seats)
        if seat >= len(seats):
            return ""
        if seats[seat] == HUMAN:
            return t("board.who.you") if seats.count(HUMAN) == 1 and not replay else t("board.who.human")
        if seats[seat] == REMOTE:
            return t("online.who.remote")
        level = seat_level(seats[seat]) or "normal"
        return t("board.seat.ai", level=t(LEVEL(level)) if t.has(LEVEL(level)) else level)

    def typed_name(self, seat: int) -> str:
        """The name typed for `seat` in the new-game dialog, '' when none was (the mode then names the seat)."""
        s = self.env.session()
        names = list(s.names or []) if s is not None else []
        return str(names[seat]) if 0 <= seat < len(names) and names[seat] else ""

    def seat_label(self, seat: int) -> str:
        """'Light · You', 'Dark · Computer (hard)'."""
        who = self.seat_controller(seat)
        name = self.view.seat_name(seat)
        return f"{name} · {who}" if who else name

    # ----- texts -----
    def keys_text(self) -> str:
        """The key help under the panel: the replay's, the review's or watch mode's keys, else the mode's."""
        t, reviewer = self.env.t, self.reviewer
        if reviewer.replay is not None:
            return t("review.keys.replay")
        if reviewer.review is not None:
            return t("review.keys")
        if reviewer.watch is not None:
            return t("review.keys.watch")
        lesson_keys = LESSON_KEYS(self.env.mode())  # a lesson has no undo: its key help does not offer one
        if self.coach().active and t.has(lesson_keys):
            return t(lesson_keys)
        return t(KEYS_HELP(self.env.mode()))

    def level_title(self) -> str:
        """The level's title in the interface language (English when it has none in that language)."""
        s = self.env.session()
        if s is None:
            return ""
        lesson_title = self.coach().level_title()
        if lesson_title is not None:
            return lesson_title
        title = s.game.level_data.get("title")
        if isinstance(title, dict):
            return str(title.get(self.env.settings.language) or title.get(FALLBACK, ""))
        if isinstance(title, str):
            return title
        return ""

    def status_text(self) -> str:
        """The status line: the game's state first, then what the mode says about the picks."""
        t = self.env.t
        s, reviewer = self.env.session(), self.reviewer
        if s is None:
            return ""
        if reviewer.review is not None:
            return self._review_status()
        if reviewer.watch is not None and not s.is_over:
            return t("board.status.watch") if reviewer.watch.playing else t("board.status.watch_paused")
        key = self._state_status_key()
        if key:
            return t(key)
        card = self.handovers.card
        if card is not None and not self.turns.status_note:
            return t("board.status.handover", name=card.name)  # an undo's note wins: the card says Ready
        online = self.online.status_text()
        if online:
            return online
        if s.is_ai_turn:
            return t("board.status.ai")
        if s.hinting:
            return t("board.status.hinting")
        return self.view.status(self.turns.hint_text, self.turns.status_note)

    def _state_status_key(self) -> str:
        s = self.env.live
        if self.coach().ended() is not None and not self.queue.busy:
            return "learn.status.over"
        if s.is_over:
            return "board.status.over"
        return "board.status.animating" if self.queue.busy else ""

    def _review_status(self) -> str:
        t, reviewer = self.env.t, self.reviewer
        review = reviewer.review
        assert review is not None
        if reviewer.replay is None:
            return t("review.status.over" if self.env.live.is_over else "review.status")
        final = review.timeline.final.outcome() or reviewer.replay_ended  # a resignation: only the record knows
        winner = final.winner if final is not None else None
        result = (
            t("games.won", side=self.view.seat_name(winner))
            if winner is not None
            else (t("gameover.draw") if final is not None else t("games.unfinished"))
        )
        turns = reviewer.place()[1]
        if turns == 0:  # a resignation before the first move
            return t("review.status.replay_unplayed", result=result)
        return t("review.status.replay", result=result, when=reviewer.count_of(turns, capital=False)[0])

    def _to_move_key(self) -> str:
        """'X to move': the mode's own wording when it has one (a player's name reads differently from a side)."""
        key = TO_MOVE(self.env.mode())
        return key if self.env.t.has(key) else "board.to_move"

    def _shown_seat(self) -> int:
        """The seat the turn card shows: the one to act, or while an action plays out the one that made it."""
        s, busy = self.env.session(), self.queue.busy
        if s is None:
            return 0
        opening = self.handovers.opening
        if busy and opening is not None:
            return opening  # the turn the player took the seat for is opening (its roll)
        if (s.current_seat < 0 or busy) and s.actors:
            return self._acting_seat(s)
        return max(0, s.current_seat)

    def _acting_seat(self, s: GameSession) -> int:
        """The seat whose turn plays out: the turn the newest decision was made in (a defender's answer, a battle's
        or a duel's dice belong to the attacker's turn), or the turn that decision opened when its roll follows;
        for a mode without turn events, the seat that decided last (dice belong to nobody)."""
        turn = self._turn_of_newest_decision(s)
        if turn is not None:
            return turn
        decided = [actor for actor in s.actors if actor >= 0]
        return decided[-1] if decided else max(0, s.current_seat)

    def _turn_of_newest_decision(self, s: GameSession) -> int | None:
        """The seat whose turn the mode's `turn_opened` events put the newest decision in (None: none found)."""
        timeline = self.reviewer.get_timeline()
        actors, events = timeline.actors, timeline.events
        if len(actors) != len(s.log):
            return None  # a position the log does not replay from the start (a hand-made one)
        decisions = [i for i, actor in enumerate(actors) if actor >= 0]
        if not decisions:
            return None
        newest = decisions[-1]
        opened = self._opened(events[newest])
        if opened is not None and newest + 1 < len(actors):
            return opened  # the decision ended a turn and the next one's roll plays now
        for entry in range(newest - 1, max(-1, newest - TURN_LOOKBACK), -1):
            opened = self._opened(events[entry])
            if opened is not None:
                return opened
        return None

    def _opened(self, events: Sequence[object]) -> int | None:
        """The seat whose turn the last turn-opening event among `events` opens, if any."""
        view = self.view
        for event in reversed(events):
            seat = view.turn_opened(event)
            if seat is not None:
                return seat
        return None

    def _ended(self, outcome: Outcome | None) -> tuple[int, str]:
        """The seat whose emblem the card shows for an ended game and the card's words."""
        t = self.env.t
        if outcome is not None and outcome.winner is not None:
            return outcome.winner, t("board.winner.side", side=self.view.seat_name(outcome.winner))
        return DRAW, t("gameover.draw")  # a draw is neutral: no seat's emblem or colour

    def _turn_card(self) -> tuple[int, str, str, str, bool]:
        """The turn card's seat, words, seat line and short seat line, and whether an AI seat thinks."""
        t, s = self.env.t, self.env.session()
        # While an action plays out, the card still shows the seat that made it.
        busy = self.queue.busy
        seat = self._shown_seat()
        seat_text = seat_short = ""
        thinking = False
        if s is not None and s.current_seat >= 0 and not busy:
            if s.seat_kind(s.current_seat) == REMOTE or self.online.holds_turn_card:
                seat_text = self.online.seat_text(s.current_seat)
            elif s.seat_kind(s.current_seat) == "human":
                mine = s.seats.count("human") == 1 or self.coach().plays(s.current_seat)
                seat_text = t("board.seat.you") if mine else t("board.seat.human")
            else:
                # An AI seat to act on an idle board is thinking, or starts to on this frame.
                level = t(LEVEL(s.seat_level(s.current_seat)))
                thinking = True
                seat_text = t("board.seat.thinking", level=level)
                seat_short = t("board.seat.ai", level=level)
        turn_text = t(self._to_move_key(), side=self.view.seat_name(seat))
        ended = self.coach().ended()
        if ended is not None and not busy:
            return ended[0], ended[1], t("learn.attempt_over"), "", False
        if s is not None and s.is_over and not busy:
            # The card names the result with the winner's emblem: the dialog may be closed, the board stays.
            seat, turn_text = self._ended(s.outcome)
            return seat, turn_text, t("board.game_over"), seat_short, False
        return seat, turn_text, seat_text, seat_short, thinking

    def _review_card(self) -> tuple[int, str, str, str, bool]:
        """The card for the reviewed position: who was to move there (or how the game ended there)."""
        t = self.env.t
        review = self.reviewer.review
        assert review is not None
        state = review.state()
        seat = state.current_player() if state.current_player() >= 0 else self._shown_seat()
        if state.is_terminal():
            seat, turn_text = self._ended(state.outcome())
            return seat, turn_text, t("board.game_over"), "", False
        return seat, t(self._to_move_key(), side=self.view.seat_name(seat)), self.seat_controller(seat), "", False

    def panel_info(self) -> PanelInfo:
        """What the turn card, seat row, status and key help say now."""
        view, s = self.view, self.env.session()
        card = self._turn_card() if self.reviewer.review is None else self._review_card()
        seat, turn_text, seat_text, seat_short, thinking = card
        if self.reviewer.review is not None:
            seat_short = self._turn_card()[3]
        seats = (
            [SeatChip(view.seat_name(i), view.seat_colour(i), view.eliminated(i)) for i in range(len(s.seats))]
            if s
            else []
        )
        return PanelInfo(
            title=self.env.t(MODE(self.env.mode())),
            subtitle=self.level_title(),
            seat=seat,
            colour=view.seat_colour(seat) if seat != DRAW else palette.BRASS,
            turn_text=turn_text,
            seat_text=seat_text,
            seat_short=seat_short,
            thinking=thinking,
            status=self.status_text(),
            keys=self.keys_text(),
            seats=seats,
            acting=s.current_seat if s is not None else -1,
        )

    # ----- drawing -----
    def update_log_rows(self) -> None:
        """The move list's turns from the mode, worded again only when the game's log or the language changed."""
        log = self.log
        s = self.env.session()
        if self.queue.busy and self._log_key is not None and self.reviewer.model is None:
            return  # the list tells what happened once the board has shown it: no result before its dice land
        seats = [(self.view.seat_name(i), self.view.seat_colour(i)) for i in range(len(s.seats))] if s else []
        counts = self.coach().counts_turns
        key = (id(s), len(s.log), hash(tuple(s.log)), self.env.t.language, tuple(seats), counts) if s else None
        if key != self._log_key:
            self._log_key = key
            log.set_turns(self.view.log_turns() if s is not None else [], seats)
            # As the board, review and Games count; a puzzle counts no rounds: its entries are numbered from 1.
            log.numbers = [n for n, _ in self.reviewer.turn_counts()] if counts else []

    def draw(self, surface: pygame.Surface) -> None:
        """The panel's changing part, re-rendered only when what it shows changes (or while the AI thinks)."""
        view, log = self.view, self.log
        if view.slot_room() != self.panel().slot_units:
            self.relayout()  # the slot needs another height now: the move list takes the rest
        info = self.panel_info()
        self.update_log_rows()
        log.title = self.env.t("board.log")
        log.empty_text = self.env.t("board.log.empty")
        log.chip_text = self.env.t("review.latest")
        pl = self.panel()
        slot = view.panel_slot()
        key = (
            pl.rect,
            repr(info),
            repr(slot.key() if slot is not None else None),
            (len(log.lines), log.version),
            log.first_shown(),
            log.selected,
            log.title,
            self._spinner_time() if info.thinking else None,
        )
        if self._key != key or self._image is None:
            rect = pl.rect
            image = self.static().subsurface(rect).copy()
            local = pl.moved(-rect.x, -rect.y)
            cut = draw_dynamic(image, local, info, self._spinner_time(), view.draw_emblem)
            log.draw(image, (-rect.x, -rect.y), cut)
            if slot is not None:
                slot.draw(image, local.slot, local.unit, cut)
            self.panel_cut = cut
            self._image = image
            self._key = key
        surface.blit(self._image, pl.rect.topleft)
        log.draw_tip(surface)

    def _spinner_time(self) -> float:
        """The board's time in whole slow frames: the thinking spinner moves at that low rate."""
        return math.floor(self.clock() / SLOW_FRAME) * SLOW_FRAME

    # ----- buttons -----
    def button_keys(self) -> tuple[str, ...]:
        """The panel's buttons now: the replay's or watch mode's playback, the game-over bar, or the game's own."""
        if self.reviewer.replay is not None:
            return REPLAY_BUTTONS
        if self.coach().active:
            return self.coach().panel_buttons
        s = self.env.session()
        if s is not None and s.is_over and self.turns.game_over_shown and self.overlay() != "game_over":
            return OVER_BUTTONS
        return WATCH_BUTTONS if self.reviewer.watch is not None else BUTTONS

    def button_text(self, key: str) -> str:
        """A panel button's words (the playback's change with its state)."""
        t = self.env.t
        playback = self.reviewer.playback
        if key == "pause" and playback is not None:
            return t("board.pause") if playback.playing else t("board.play")
        if key == "speed" and playback is not None:
            return t("board.speed", speed=speed_text(playback))
        if key in ("rematch", "review"):
            return t("gameover.rematch" if key == "rematch" else "gameover.review")
        if key == "retry":
            return t("learn.retry")
        if key == "give_up":
            return t("challenge.give_up")
        return t(BUTTON(key))

    def build_buttons(self) -> None:
        """The panel's buttons (see `button_keys`)."""
        self.buttons = {}
        keys = self.button_keys()
        self._button_texts = tuple(self.button_text(k) for k in keys)
        area = self.panel().buttons
        gap = max(6, self.panel().unit // 2)
        w = (area.w - (len(keys) - 1) * gap) // len(keys)
        for i, key in enumerate(keys):
            rect = pygame.Rect(area.left + i * (w + gap), area.top, w, area.h)
            self.buttons[key] = pygame_gui.elements.UIButton(
                relative_rect=rect, text=self.button_text(key), manager=self.ui(), object_id="#small_button"
            )
        self._fit_buttons(area, gap)
        self.refresh_buttons()

    def _fit_buttons(self, area: pygame.Rect, gap: int) -> None:
        # Equal widths cut a long word in a narrow panel while a short one has room to spare: when every text fits
        # at its own width, each button gets what its text needs plus an equal share of the rest.
        buttons = list(self.buttons.values())
        if not buttons:
            return
        rooms = [text_room(b) for b in buttons]
        needs = [need + (b.rect.w - room) for b, (need, room) in zip(buttons, rooms, strict=True)]
        spare = area.w - gap * (len(buttons) - 1) - sum(needs)
        if spare < 0 or all(need <= room for need, room in rooms):
            return
        left = area.left
        for button, need in zip(buttons, needs, strict=True):
            width = need + spare // len(buttons)
            button.set_relative_position((left, area.top))
            button.set_dimensions((width, area.h))
            left += width + gap

    def button_key(self, element: object) -> str | None:
        """Which panel button `element` is."""
        return next((k for k, b in self.buttons.items() if b is element), None)

    def refresh_buttons(self) -> None:
        """New buttons when their texts changed, else each enabled when it can act now."""
        s = self.env.session()
        if (
            s is not None
            and self.overlay() is None
            and tuple(self.button_text(k) for k in self.button_keys()) != self._button_texts
        ):
            self.rebuild()
            return
        if not self.buttons or s is None:
            return
        idle = not self.queue.busy
        hint_ok = s.is_human_turn and idle and self.handovers.card is None
        give_up = self.coach().can_give_up and idle
        for key, ok in (
            ("undo", s.can_undo and idle),
            ("hint", hint_ok),
            ("redo", s.can_redo and idle),
            ("give_up", give_up),
        ):
            button = self.buttons.get(key)
            if button is not None:
                gui.set_enabled(button, ok)
