"""The online part of a board: the connection strip above the move list (connected / reconnecting / server gone,
who is online), the card while seats are free (the join code and address to pass on), the takeback card
(Accept / Decline), the dice check at the end, and the rematch. Inactive for a game played on this machine only.

It reads an `OnlineSession` (`game.client.play.online`) through the board's `BoardEnv` and is handed the rest (the
look, the layouts, the turn flow's few hooks, callables for the dialogs); it never holds the scene. Its clients run
on their own threads: a `NewsBell` posts `NEWS_ARRIVED` to pygame's queue when they report news, which ends the
loop's rest, and the board pumps them then; the loop is asked to wake by itself only when the strip's words on a
seat's absence change ("away for 3 minutes").
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from game.client import lettering, palette, shapes
from game.client.board.wording import counted
from game.client.i18n import Keys
from game.client.pacing import NUDGE
from game.client.play.online import OnlineSession, presence_words, shared_url
from game.online.client_events import NEWS, News

if TYPE_CHECKING:
    from game.client.board.layout import BoardLayout
    from game.client.board.panel import PanelLayout
    from game.client.board.signals import BoardEnv
    from game.client.board.turns import Handing
    from game.client.i18n import Translator
    from game.client.look import Look

#: The event the news bell posts: the online clients reported something (the board pumps them on the next pass).
NEWS_ARRIVED = pygame.event.custom_type()
#: How long the bell's thread waits for news before it looks whether it should stop (seconds).
BELL_LISTEN = 1.0
#: The units an absence is told in ('away for 3 minutes', '2 hours', '1 day'), in seconds, with the least of each.
AWAY_UNITS = ((24 * 3600, 24 * 3600), (3600, 3600), (0, 60))
#: The connection strip's words and colours, by the client's connection state.
STATUS_COLOURS = {
    "connected": palette.GAIN,
    "connecting": palette.FLOAT_NOTE,
    "reconnecting": palette.FLOAT_NOTE,
    "unavailable": palette.FLOAT_NOTE,
    "gone": palette.LOSS,
}
CONNECTION = Keys("online.conn.{}", STATUS_COLOURS)
#: How long a seat has been away (a counted phrase), in the strip or short.
AWAY = Keys("online.presence.{}.{}", ("away", "away_short"), ("minutes", "hours", "days"))


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard where pygame's scrap works; False where it does not."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def away_words(t: Translator, name: str, minutes: int, short: bool = False) -> str:
    """How long a seat has been away, in its language's plural forms: 'Anna: away just now', '… for 1 minute',
    '… for 3 hours', '… for 2 days' (`short`: 'Anna (3 h away)')."""
    how = "away_short" if short else "away"
    if minutes < 60:
        return counted(t, AWAY(how, "minutes"), minutes, name=name)
    if minutes < 24 * 60:
        return counted(t, AWAY(how, "hours"), minutes // 60, name=name)
    return counted(t, AWAY(how, "days"), minutes // (24 * 60), name=name)


class SeatNames(Protocol):
    """What the online part reads of the mode's view: the seats' names."""

    def seat_name(self, seat: int) -> str:
        """The name shown for `seat`."""


class Turning(Protocol):
    """What the online part asks of the turn flow: the UI dropped and the picks rebuilt after a jump, the game-over
    card allowed again, and the status line's note."""

    game_over_shown: bool
    status_note: str

    def reset_ui(self) -> None:
        """Drop the turn's UI (popups, picks, a press, the hint)."""

    def unsettle(self) -> None:
        """Build the picks again for the position."""

    def settle(self) -> None:
        """Follow the session's position now."""


class Queueing(Protocol):
    """What the online part reads of the animation queue."""

    @property
    def busy(self) -> bool:
        """True while steps remain."""

    def clear(self) -> None:
        """Drop every step."""


class NewsBell:
    """Rings the loop when the online clients report news: a thread that waits on `news` and posts one
    `NEWS_ARRIVED` to pygame's queue for each batch (the loop's rest ends on any queued event)."""

    def __init__(self, news: News = NEWS, post: Callable[[pygame.event.Event], object] = pygame.event.post) -> None:
        self.news = news
        self.post = post
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def ringing(self) -> bool:
        """True while the bell listens."""
        return self._thread is not None

    def start(self) -> None:
        """Listen from now on (again after `stop`)."""
        if self._thread is not None:
            return
        self._stop = threading.Event()
        seen = self.news.count  # read here: news that comes while the thread starts rings too
        self._thread = threading.Thread(target=self._listen, args=(self._stop, seen), name="news-bell", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (the thread ends within `BELL_LISTEN`; nothing waits for it)."""
        self._stop.set()
        self._thread = None

    def _listen(self, stop: threading.Event, seen: int) -> None:
        while not stop.is_set():
            if not self.news.wait(seen, BELL_LISTEN):
                continue
            seen = self.news.count
            if not stop.is_set():
                with contextlib.suppress(pygame.error):  # the window closed under the thread
                    self.post(pygame.event.Event(NEWS_ARRIVED))


class OnlineBoard:
    """The board's online part; `active` only for an `OnlineSession`."""

    def __init__(
        self,
        env: BoardEnv,
        look: Look,
        view: SeatNames,
        place: Callable[[], tuple[BoardLayout, PanelLayout]],
        *,
        turns: Turning,
        queue: Queueing,
        handovers: Handing,
        ui: Callable[[], pygame_gui.UIManager],
        overlay: Callable[[], str | None],
        show_ending: Callable[[], None],
        close_game_over: Callable[[], None],
        close_pause: Callable[[], None],
        rebuild: Callable[[], None],
        open_rematch: Callable[[OnlineSession], object],
        inform: Callable[[str], None],
        bell: NewsBell | None = None,
    ) -> None:
        self.env = env
        self.look = look  # the fonts and the scale (the texts are `env.t`)
        self.view = view
        self.place = place  # the board's layout and the panel's, as laid out now
        self.turns = turns
        self.queue = queue
        self.handovers = handovers
        self.ui = ui
        self.overlay = overlay  # the dialog open over the board ('pause', 'game_over'...), None for none
        self.show_ending = show_ending  # the game-over card again (with the dice's line once checked)
        self.close_game_over = close_game_over
        self.close_pause = close_pause
        self.rebuild = rebuild  # every pygame_gui element of the board again
        self.open_rematch = open_rematch  # a board for the agreed rematch
        self.inform = inform  # a note that only informs (not a warning)
        self.bell = bell if bell is not None else NewsBell()
        self.wall: Callable[[], float] = time.time  # the presences' clock (the server's times are wall times)
        self.card = ""  # the card shown: '' none, 'seats' (waiting for players), 'takeback' (a request to answer)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.strip_rect = pygame.Rect(0, 0, 0, 0)  # where the connection strip was last drawn
        self.copied = False
        self.told_end = False
        self.rematch_told: tuple[int, ...] = ()
        self.was_human_turn = False  # whether a human here could act when the picks were last built

    @property
    def session(self) -> OnlineSession | None:
        """The online game on the board, if it is one."""
        s = self.env.session()
        return s if isinstance(s, OnlineSession) else None

    @property
    def active(self) -> bool:
        """True for an online game."""
        return self.session is not None

    @property
    def waiting_seats(self) -> bool:
        """True while an online game waits for its seats to be claimed (nobody moves yet)."""
        s = self.session
        return s is not None and not s.started

    # ----- life cycle -----
    def enter(self) -> None:
        """Join the match (the clients run in the background from here)."""
        self.card = ""
        self.copied = False
        self.told_end = False
        self.rematch_told = ()
        s = self.session
        if s is not None:
            self.bell.start()
            s.connect()
            self.update()

    def leave(self) -> None:
        """The board closes: its news is no longer rung."""
        self.bell.stop()

    def update(self) -> None:
        """Read the server's news: apply what is not animated, tell refusals, open or close the cards."""
        s = self.session
        if s is None:
            return
        s.pump()
        if s.jumped:
            # A catch-up or a takeback: the board shows the new position at once, like an undo.
            s.jumped = False
            self.queue.clear()
            self.handovers.reset()
            self.turns.reset_ui()
            self.turns.unsettle()
            if not s.is_over:
                self.turns.game_over_shown = False
            self.turns.settle()
        human_turn = s.is_human_turn
        if human_turn != self.was_human_turn:
            # The position is the same but who may act on it changed (the match started, a reconnection, a
            # confirmation awaited): the mode's picks are built again for it.
            self.was_human_turn = human_turn
            self.turns.unsettle()
        for what, detail in s.notes:
            self._tell(what, detail)
        s.notes.clear()
        check = s.dice_check
        if s.is_over and check is not None and not self.told_end and (check.rolls or not check.ok):
            self.told_end = True
            if not check.ok:  # a mismatch is an alarm; dice that check out are a calm line of the game-over card
                self.env.notify(self.env.t("online.dice.bad", problem=check.problem))
            elif self.overlay() == "game_over":
                self.show_ending()  # the card opened before the check came: shown again with its line
        self._tell_rematch(s)
        rematch = s.rematch_session()
        if rematch is not None:
            s.rematch_code = ""
            self.open_rematch(rematch)
            return
        card = "seats" if not s.started and s.status != "gone" else "takeback" if s.takeback_asked_of_me else ""
        if card != self.card or (card and self._card_rect() != self.card_rect):
            self.card = card  # a new card, or the seats card grown by a seat's line: its button moves
            self.rebuild()

    def _tell_rematch(self, s: OnlineSession) -> None:
        """Say once who asks for a rematch (the player answers with the Rematch button)."""
        if s.rematch_seats == self.rematch_told:
            return
        t = self.env.t
        for seat in s.rematch_seats:
            if seat not in self.rematch_told and not s.own(seat):
                self.inform(t("online.rematch.offered", name=self.view.seat_name(seat)))
        self.rematch_told = s.rematch_seats

    def _tell(self, what: str, detail: str) -> None:
        t = self.env.t
        if what == "takeback_declined":
            self.turns.status_note = t("online.takeback.declined")
        elif what == "taken_back":
            self.turns.status_note = t("online.takeback.done")
            self.env.play_sound("click")
        elif what == "not_now":
            self.env.notify(t("online.status.offline"))
        elif what == "port_moved":
            s = self.session
            code = s.link.code if s is not None else ""
            self.env.notify(t("online.port_moved", port=detail, url=self.address(), code=code))
        elif what == "refused":
            self.env.notify(t("online.refused", detail=detail))

    def wake_in(self) -> float | None:
        """When the strip's words change by themselves: a seat away one minute (hour, day) longer. The server's news
        needs no wake-up: the bell ends the loop's rest when it comes."""
        s = self.session
        if s is None or not s.connected:
            return None
        now = self.wall()
        due: list[float] = []
        for p in s.presence:
            if s.own(p.seat) or not p.claimed or p.online or p.since is None:
                continue
            away = max(0.0, now - p.since)
            unit = next(unit for least, unit in AWAY_UNITS if away >= least)
            due.append(unit - away % unit + NUDGE)
        return min(due) if due else None

    # ----- what the panel says -----
    def status_text(self) -> str:
        """The status line while the board waits on the network, '' otherwise."""
        s = self.session
        if s is None or s.is_over:
            return ""
        t = self.env.t
        if s.status == "gone":
            return t("online.status.gone", reason=s.gone_reason)
        if s.connection == "unavailable":
            return t("online.status.unavailable")
        if s.status != "connected":
            return t("online.status.offline")
        if not s.started:
            return t("online.status.seats")
        if s.takeback_from is not None and s.own(s.takeback_from):
            return t("online.takeback.asked")
        if s.pending is not None:
            return t("online.status.sent")
        seat = s.waiting_for
        if seat is not None:
            waiting = t("online.status.waiting", name=self.view.seat_name(seat))
            note = self.turns.status_note  # a takeback's answer, said until the next move
            return f"{note} {waiting}" if note else waiting
        return ""

    def end_line(self) -> str:
        """The game-over card's line on the dice: that they checked out, '' before the check or with no rolls."""
        s = self.session
        check = s.dice_check if s is not None and s.is_over else None
        if check is None or not check.ok or not check.rolls:
            return ""
        return self.env.t("online.dice.ok", rolls=check.rolls)

    @property
    def holds_turn_card(self) -> bool:
        """True while the turn card's line is the network's to say whatever seat decides: the seats are still free,
        or the server cannot apply a move now (the connection is lost, or its store is out of reach)."""
        s = self.session
        return s is not None and not s.is_over and (not s.started or s.connection != "connected")

    def seat_text(self, seat: int) -> str:
        """The turn card's line for a remote seat, or for any seat while the network holds the game: whom or what
        the board waits for."""
        s = self.session
        t = self.env.t
        if s is not None and not s.started:
            return t("online.seat.waiting_seats")
        if s is not None and s.connection != "connected":
            return t("online.seat.waiting_server")
        return t("online.status.waiting", name=self.view.seat_name(seat))

    # ----- input -----
    def build_ui(self) -> None:
        """The card's buttons (after every UI reset)."""
        self.buttons = {}
        s = self.session
        if s is None or not self.card:
            return
        t, u = self.env.t, self.place()[1].unit
        self.card_rect = self._card_rect()
        r = self.card_rect
        bw, bh = min(r.w // 2 - u, u * 11), u * 3
        keys = ("copy",) if self.card == "seats" else ("accept", "decline")
        texts = {
            "copy": t("online.copied") if self.copied else t("online.copy"),
            "accept": t("online.takeback.accept"),
            "decline": t("online.takeback.decline"),
        }
        total = len(keys) * bw + (len(keys) - 1) * u
        x = r.centerx - total // 2
        for key in keys:
            rect = pygame.Rect(x, r.bottom - bh - u, bw, bh)
            self.buttons[key] = pygame_gui.elements.UIButton(
                relative_rect=rect,
                text=texts[key],
                manager=self.ui(),
                object_id="#primary" if key in ("accept", "copy") else "#menu_button",
            )
            x += bw + u

    def handle(self, event: pygame.event.Event) -> bool:
        """The card's buttons; True when the event was one of them."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons.values():
            return False
        s = self.session
        key = next(k for k, b in self.buttons.items() if b is event.ui_element)
        if s is None:
            return True
        if key == "copy":
            self.copied = copy_text(self.invitation())
            if not self.copied:
                self.env.notify(self.env.t("online.copy_failed"))
            self.rebuild()
        elif key in ("accept", "decline"):
            s.answer_takeback(key == "accept")
            self.card = ""
            self.rebuild()
        return True

    def ask_takeback(self) -> None:
        """Undo online: ask the other seats to take back the last move (the card on their side answers)."""
        s = self.session
        if s is None or self.queue.busy:
            return
        t = self.env.t
        self.turns.status_note = t("online.takeback.asked") if s.undo() else t("board.status.no_undo")
        self.env.signals.buttons_changed.emit()

    def resign(self) -> None:
        """Give up the match (asked first by the pause menu)."""
        s = self.session
        if s is not None:
            s.resign()
        self.close_pause()

    def rematch(self) -> None:
        """Ask for a rematch; the board opens it once every seat agreed."""
        s = self.session
        if s is None:
            return
        s.ask_rematch()
        self.inform(self.env.t("online.rematch.asked"))
        if self.overlay() == "game_over":
            self.close_game_over()

    def invitation(self) -> str:
        """What to pass on to a friend: the address and the join code."""
        s = self.session
        if s is None:
            return ""
        return self.env.t("online.invitation", url=self.address(), code=s.link.code)

    def address(self) -> str:
        """The server's address as a friend reaches it (this machine's network address when it hosts)."""
        s = self.session
        if s is None:
            return ""
        return shared_url(s.link.url) if s.link.hosted else s.link.url

    # ----- drawing -----
    def _card_rect(self) -> pygame.Rect:
        frame = self.place()[0].frame
        u = self.place()[1].unit
        w = min(frame.w - u * 2, u * 34)
        h = self._seats_card_height(w) if self.card == "seats" else u * 10
        return pygame.Rect(frame.centerx - w // 2, frame.centery - h // 2, w, h)

    def _seats_card_height(self, width: int) -> int:
        """The seats card's height: its lines as the drawing lays them out, the note wrapped, then the button."""
        app, u = self.look, self.place()[1].unit
        s = self.session
        seats = len(s.presence) if s is not None else 2
        small = app.fonts.get(max(10, int(u * 1.05))).get_linesize()
        note = self.env.t("online.seats.host_note" if s is not None and s.link.hosted else "online.seats.server_note")
        note_lines = len(lettering.wrap(app.fonts.get(app.s(13)), note, width - 2 * u))
        lines = (
            u
            + app.fonts.get(int(u * 1.6), True).get_linesize()
            + u // 2
            + app.fonts.get(int(u * 2.6), True).get_linesize()
            + small * (1 + seats)
            + u // 2
            + u // 3
            + note_lines * app.fonts.get(app.s(13)).get_linesize()
        )
        return lines + u * 5  # the Copy button and the margins around it

    def draw(self, surface: pygame.Surface) -> None:
        """The connection strip above the panel's move log, and the open card."""
        s = self.session
        if s is None:
            return
        self._draw_strip(surface, s)
        if self.card == "seats":
            self._draw_seats_card(surface, s)
        elif self.card == "takeback":
            self._draw_takeback_card(surface, s)

    def strip_words(self, short: bool = False) -> list[tuple[str, tuple[int, int, int]]]:
        """The strip's parts: the connection's state, then each other seat's presence (`short`: the names alone,
        an absent one with its minutes away, for a strip that would not fit the board's width)."""
        s = self.session
        if s is None:
            return []
        t = self.env.t
        parts = [(t(CONNECTION(s.connection)), STATUS_COLOURS.get(s.connection, palette.PARCHMENT))]
        if s.watching:
            parts.append((t("online.watching"), palette.PARCHMENT_DARK))
        now = self.wall()
        for p in s.presence if s.connected else ():
            if s.own(p.seat) or not p.claimed:
                continue
            online, minutes = presence_words(p, now)
            name = self.view.seat_name(p.seat)
            if online:
                parts.append((name if short else t("online.presence.online", name=name), palette.PARCHMENT))
            else:
                parts.append((away_words(t, name, minutes, short), palette.MUTED))
        return parts

    def _draw_strip(self, surface: pygame.Surface, s: OnlineSession) -> None:
        app = self.look
        u = self.place()[1].unit
        room = self.place()[1].strip  # the panel's row above the move log: it covers nothing of the board
        font = app.fonts.get(max(10, min(int(u * 0.95), room.h - u // 3)), True)
        gap = u
        for short in (False, True):
            images = [lettering.rendered(font, words, colour) for words, colour in self.strip_words(short)]
            width = sum(i.get_width() for i in images) + gap * (len(images) - 1) + u * 3
            if width <= room.w:
                break
        rect = self.strip_rect = pygame.Rect(room.x, room.y, min(width, room.w), room.h)
        surface.set_clip(rect)  # with many seats even the short words may not fit: they are cut at the strip's end
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*palette.PANEL, 225), veil.get_rect(), border_radius=rect.h // 2)
        surface.blit(veil, rect)
        dot = STATUS_COLOURS.get(s.connection, palette.PARCHMENT)
        pygame.draw.circle(surface, dot, (rect.x + u, rect.centery), max(3, u // 3))
        x = rect.x + u * 2
        for image in images:
            surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
            x += image.get_width() + gap
        surface.set_clip(None)

    def _draw_seats_card(self, surface: pygame.Surface, s: OnlineSession) -> None:
        app, t = self.look, self.env.t
        u = self.place()[1].unit
        r = self.card_rect
        shapes.panel(surface, r, u / 18)
        y = r.y + u
        title = app.fonts.get(int(u * 1.6), True)
        image = lettering.rendered(title, t("online.seats.title"), palette.BRASS)
        surface.blit(image, image.get_rect(midtop=(r.centerx, y)))
        y += title.get_linesize() + u // 2
        big = app.fonts.get(int(u * 2.6), True)
        image = lettering.rendered(big, t("online.seats.code", code=s.link.code), palette.PARCHMENT)
        surface.blit(image, image.get_rect(midtop=(r.centerx, y)))
        y += big.get_linesize()
        small = app.fonts.get(max(10, int(u * 1.05)))
        image = lettering.rendered(small, t("online.seats.address", url=self.address()), palette.PARCHMENT_DARK)
        surface.blit(image, image.get_rect(midtop=(r.centerx, y)))
        y += small.get_linesize() + u // 2
        for p in s.presence:
            name = self.view.seat_name(p.seat)
            if s.own(p.seat):
                words, colour = t("online.seats.here", name=name), palette.GAIN
            elif p.claimed:
                words, colour = t("online.seats.joined", name=name), palette.GAIN
            else:
                words, colour = t("online.seats.free", n=p.seat + 1), palette.MUTED
            image = lettering.rendered(small, words, colour)
            surface.blit(image, image.get_rect(midtop=(r.centerx, y)))
            y += small.get_linesize()
        note = t("online.seats.host_note") if s.link.hosted else t("online.seats.server_note")
        box = pygame.Rect(r.x + u, y + u // 3, r.w - 2 * u, r.bottom - u * 4 - y)  # as `_seats_card_height` has it
        lettering.wrapped_text(app, surface, note, box, size=13, colour=palette.MUTED, align="center")

    def _draw_takeback_card(self, surface: pygame.Surface, s: OnlineSession) -> None:
        app, t = self.look, self.env.t
        u = self.place()[1].unit
        r = self.card_rect
        shapes.panel(surface, r, u / 18)
        asker = s.takeback_from if s.takeback_from is not None else 0
        words = t("online.takeback.request", name=self.view.seat_name(asker))
        box = pygame.Rect(r.x + u, r.y + u * 2, r.w - 2 * u, r.h - u * 6)
        lettering.wrapped_text(app, surface, words, box, size=18, colour=palette.PARCHMENT, align="center")
