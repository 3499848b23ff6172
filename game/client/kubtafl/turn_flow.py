"""Whose turn it is on the Kubtafl board once the animations are done: the AI's reply, or the game-over dialog
(with its 'Take back' while a human action can still be undone).

`TurnFlow` is a mixin of `KubtaflScene`; the session runs the AI on a worker thread.
"""

from __future__ import annotations

from typing import Any

from game.client.kubtafl.model import SIDES


class TurnFlow:
    """The AI's turn and the end of the game."""

    game_over_shown: bool  # the dialog was opened for this ending (it may be closed since)

    def _advance_turn(self) -> None:
        """On an idle board: open the game-over dialog once, or start the AI and commit its reply when ready."""
        if self.session.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self._show_end()
        elif self.session.is_ai_turn:
            self.session.start_ai()
            action = self.session.poll_ai()
            if action is not None:
                self.commit(action)

    def game_over_actions(self) -> list[tuple[str, Any, str]]:
        """'Take back' in the game-over dialog while a human action can still be undone."""
        if self.session is None or not self.session.can_undo:
            return []
        return [(self.app.t("kubtafl.take_back"), self.take_back_from_end, "#menu_button")]

    def take_back_from_end(self) -> None:
        """Close the game-over dialog and undo the last human action (with the reply that ended the game)."""
        self.overlay = None
        self.game_over_shown = False
        self.undo()
        self._build_ui()

    def _show_end(self) -> None:
        outcome = self.session.outcome
        t = self.app.t
        if outcome is None:
            return
        if outcome.winner is None:
            title = t("gameover.draw")
            loser = ""
        else:
            win_side = SIDES[outcome.winner]
            loser = SIDES[1 - outcome.winner]
            title = t("kubtafl.winner.side", side=t(f"kubtafl.side.{win_side}"))
            if self.session.has_human and "human" not in self.session.seats[outcome.winner:outcome.winner + 1]:
                title = t("kubtafl.winner.ai")
            elif self.session.seats.count("human") == 1:
                title = t("kubtafl.winner.you")
        reason = t(f"kubtafl.reason.{outcome.reason}", loser=t(f"kubtafl.side_gen.{loser}") if loser else "",
                   loser_side=t(f"kubtafl.side.{loser}") if loser else "")
        self.show_game_over(title, reason)
