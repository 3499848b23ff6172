"""What the board asks of its online part (`game.client.online.board.OnlineBoard`) besides drawing it: online an
undo asks the other seats for a takeback, the pause menu's second button resigns (or asks a rematch once the match
is over) and Rematch asks the other seats. Each hook answers False (or None) for a game played here only: the board
then does as any game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.board.turns import Ask
    from game.client.i18n import Translator
    from game.client.online.board import OnlineBoard


class OnlineHooks:
    """The online answers to the board's undo, pause menu and rematch."""

    def __init__(self, online: OnlineBoard, t: Translator, ask: Ask, close_pause: Callable[[], None]) -> None:
        self.online = online
        self.t = t
        self.ask = ask
        self.close_pause = close_pause

    def undo(self) -> bool:
        """Online, the other seats are asked to take back (their card answers); True when it was asked."""
        if not self.online.active:
            return False
        self.online.ask_takeback()
        return True

    def ask_restart(self) -> bool:
        """Online, resign (asked first), or ask a rematch once the match is over; True when it was online."""
        s = self.online.session
        if s is None:
            return False
        if s.is_over:  # nothing left to resign
            self.close_pause()
            self.rematch()
            return True
        t = self.t
        self.ask(t("online.resign.ask"), t("online.resign"), t("confirm.cancel"), self.online.resign)
        return True

    def restart_label(self) -> str | None:
        """Resign online (Rematch once it is over); None for a game played here only."""
        s = self.online.session
        if s is None:
            return None
        return self.t("gameover.rematch") if s.is_over else self.t("online.resign")

    def rematch(self) -> bool:
        """Online, a rematch is asked of the other seats; True when it was online."""
        if not self.online.active:
            return False
        self.online.rematch()
        return True
