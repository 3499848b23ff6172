"""Play online → Host: the new-game dialog (mode, setup, agreed numbers, seats) whose seats may also be a *Remote
player*, with the server's address to use (empty: this machine hosts); Host creates the match and opens its board,
which shows the join code and address to pass on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client.new_game import NewGameScene
from game.client.play.seats import HUMAN, REMOTE, SEAT_CHOICES, seat_level

if TYPE_CHECKING:
    from game.client.app import App


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

    def begin(
        self,
        seats: list[str],
        seed: int | None,
        names: list[str] | None,
        presets: list[str] | None,
        options: dict[str, int],
    ) -> None:
        """Create the match (on the server given, else on one this game runs) and open its board."""
        from game.client.online.lobby import ws_url
        from game.client.play.online import HOST_PORT, OnlineLink, OnlineSession, ensure_server
        from game.online.client import JoinRefused, create_match_sync

        t = self.app.t
        address = (self.server_entry.get_text() if self.server_entry is not None else self.server_text).strip()
        if REMOTE not in seats:
            self.error, self.refused = t("online.host.no_remote"), False
            return
        try:
            url = ws_url(address) if address else ensure_server(HOST_PORT, self.listen)
            created = create_match_sync(url, self.mode, self.level, len(seats), options or None, seed, timeout=10.0)
        except JoinRefused as exc:
            self.error, self.refused = t("online.host.failed", detail=exc.message), False
            return
        except (OSError, RuntimeError, TimeoutError, ValueError) as exc:
            self.error, self.refused = t("online.host.failed", detail=str(exc) or type(exc).__name__), False
            return
        kinds = {seat: kind for seat, kind in enumerate(seats) if kind != REMOTE}
        link = OnlineLink(url, str(created["code"]), hosted=not address, kinds=kinds)
        shown = [self.seat_name_text(seat) for seat in range(len(seats))]
        for seat, kind in kinds.items():
            if kind != HUMAN and not (names and names[seat]):
                level = t(f"board.level.{seat_level(kind)}")
                shown[seat] = t("board.seat.ai", level=level)[:16]
        given = [shown[s] if s in kinds else "" for s in range(len(seats))]
        session = OnlineSession(self.mode, self.level, link, len(seats), given, options, seed)
        session.save()
        self.app.goto(self.mode, session=session)
