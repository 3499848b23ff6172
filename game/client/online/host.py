"""Play online → Host: the new-game dialog (mode, setup, agreed numbers, seats) whose seats may also be a *Remote
player*, with the server's address to use (empty: this machine hosts); Host creates the match and opens its board,
which shows the join code and address to pass on."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client.new_game import ChosenGame, NewGameScene
from game.client.online.lobby import remember, remembered
from game.client.play.seats import HUMAN, NAME_LIMIT, REMOTE, SEAT_CHOICES
from game.engine.core import JSONObject
from game.online.client_events import JoinRefused

if TYPE_CHECKING:
    from game.client.app import App


class Pending:
    """Work run on a thread of its own (a request to a server far away must not stop the window): its result or
    the exception it raised, once `done`."""

    def __init__(self, work: Callable[[], JSONObject]) -> None:
        self.result: JSONObject | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(work,), name="kubiki-host", daemon=True).start()

    def _run(self, work: Callable[[], JSONObject]) -> None:
        try:
            self.result = work()
        except Exception as exc:  # noqa: BLE001 - handed to the window, which says it
            self.error = exc
        self._done.set()

    @property
    def done(self) -> bool:
        """True once the work has ended."""
        return self._done.is_set()


class HostScene(NewGameScene):
    """The new-game dialog for a match on a server: seats are remote players, humans here or the computer."""

    seat_choices = (REMOTE, *SEAT_CHOICES)
    title_key, start_key = "online.host.title", "online.host.start"
    #: The interfaces a server hosted from here listens on: a friend on another machine must reach it.
    listen = "0.0.0.0"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.server_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.server_text = ""
        self.creating: Pending | None = None  # the match being created on the server (off the frame loop)
        self.opening: tuple[str, bool, ChosenGame] | None = None  # the server's address, hosted here, the game

    def enter(self, mode: str | None = None, level: str | None = None, **context: object) -> None:
        """As the dialog, with no request to a server pending, the server and the player's name as last used."""
        self.creating, self.opening = None, None
        self.server_text = remembered(self.app.settings, "server")
        super().enter(mode, level, **context)
        name = remembered(self.app.settings, "name")
        if name and self.names and not self.names[0] and self.name_entries:
            self.names[0] = name  # seat 1 is the player's (see `default_seat`)
            self.name_entries[0].set_text(name)

    def remember(self) -> None:
        """Keep the server's address and the name of the first seat played here for the next time."""
        if self.server_entry is not None:
            self.server_text = self.server_entry.get_text().strip()
        here = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        name = self.seat_name_text(here[0]) if here and self.names[here[0]] else ""
        remember(self.app, server=self.server_text, **({"name": name} if name else {}))

    def default_seat(self, seat: int) -> str:
        """Seat 1 is played here, the others by remote players."""
        return HUMAN if seat == 0 else REMOTE

    def _load_level(self) -> None:
        """As the local dialog; online the server rolls every die, so the seed only steers computer seats."""
        super()._load_level()
        self.rolls_dice = False

    @property
    def has_presets(self) -> bool:
        """No preset column: each player deploys on their own board (the computer seats here as they like)."""
        return False

    def last_choices(self) -> dict[str, object]:
        """The host's dialog starts afresh each time (the local dialog keeps its own choices)."""
        return {}

    def keep_choices(self) -> None:
        """Nothing is kept: see `last_choices`."""

    def rows(self) -> list[tuple[str, int]]:
        """The dialog's rows with the server's address before the seed."""
        rows = super().rows()
        return [*rows[:-1], ("server", 0), rows[-1]]

    def build_row(self, kind: str, x: int, width: int, cy: int) -> None:
        """The server's address field."""
        s = self.app.s
        if self.server_entry is not None:
            self.server_text = self.server_entry.get_text()
        self.server_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, cy - s(19), width, s(38)), self.app.ui, placeholder_text=self.app.t("online.host.here")
        )
        self.server_entry.set_text_length_limit(200)
        if self.server_text:
            self.server_entry.set_text(self.server_text)

    def row_label(self, kind: str) -> str:
        """'Server' for the address's row."""
        return self.app.t("online.host.server") if kind == "server" else super().row_label(kind)

    def _key(self, key: int) -> bool:
        # While the address is typed, every key but Esc, Enter and Up/Down belongs to the field.
        if (
            self.server_entry is not None
            and self.server_entry.is_focused
            and key not in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP, pygame.K_DOWN)
        ):
            return True
        return super()._key(key)

    def go_back(self) -> None:
        """Back to Play online."""
        self.app.goto("online")

    def begin(self, chosen: ChosenGame) -> None:
        """Create the match (on the server given, else on one this game runs) and open its board."""
        from game.client.online.lobby import ws_url
        from game.client.play.online import HOST_PORT, ensure_server, port_of
        from game.online.client import create_match_sync

        t = self.app.t
        address = (self.server_entry.get_text() if self.server_entry is not None else self.server_text).strip()
        if REMOTE not in chosen.seats:
            self.error, self.refused = t("online.host.no_remote"), False
            return
        if self.creating is not None:
            return  # asked already: the server's answer is awaited
        try:
            url = ws_url(address) if address else ensure_server(HOST_PORT, self.listen)
        except (OSError, RuntimeError) as exc:
            self.error, self.refused = t("online.host.failed", detail=str(exc) or type(exc).__name__), False
            return
        if not address and HOST_PORT and port_of(url) != HOST_PORT:
            # The firewall note names the usual port: the friend's way in is another one this time.
            self.app.notify(t("online.host.port_taken", port=HOST_PORT, used=port_of(url)))
        mode, level, count, options, seed = self.mode, self.level, len(chosen.seats), chosen.options, chosen.seed
        self.creating = Pending(lambda: create_match_sync(url, mode, level, count, options or None, seed, timeout=10.0))
        self.error, self.refused = t("online.host.creating", url=url), False
        self.opening = (url, not address, chosen)

    def update(self, dt: float) -> None:
        """As the dialog; once the server answered, open the match's board (or say why it could not be made)."""
        super().update(dt)
        creating = self.creating
        if creating is None or not creating.done:
            return
        self.creating = None
        t = self.app.t
        error = creating.error
        if isinstance(error, JoinRefused):
            self.error = t("online.host.failed", detail=error.message)
        elif error is not None:
            self.error = t("online.host.failed", detail=str(error) or type(error).__name__)
        elif creating.result is not None and self.opening is not None:
            self.remember()
            self._open(str(creating.result["code"]), *self.opening)

    def wake_in(self) -> float | None:
        """A few times a second while the server is asked."""
        return 0.1 if self.creating is not None else super().wake_in()

    def _open(self, code: str, url: str, hosted: bool, chosen: ChosenGame) -> None:
        """The board of the match just created, its seats here joining it."""
        from game.client.play.online import OnlineLink, OnlineSession

        t, seats, names = self.app.t, chosen.seats, chosen.names
        kinds = {seat: kind for seat, kind in enumerate(seats) if kind != REMOTE}
        link = OnlineLink(url, code, hosted=hosted, kinds=kinds)
        shown = [self.seat_name_text(seat) for seat in range(len(seats))]
        for seat, kind in kinds.items():
            if kind != HUMAN and not (names and names[seat]):
                # Numbered, so that two computer seats are told apart on every screen and in the records (the
                # lists add the level to a computer seat's name); a friend sees that it is a computer.
                shown[seat] = t("online.seat.computer", n=seat + 1)[:NAME_LIMIT]
        given = [shown[s] if s in kinds else "" for s in range(len(seats))]
        session = OnlineSession(self.mode, self.level, link, len(seats), given, chosen.options, chosen.seed)
        session.save()
        self.app.goto(self.mode, session=session)
