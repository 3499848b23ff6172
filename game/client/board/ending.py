"""The end of a board game: the game-over card's title, text, results table and extra buttons (Review, Take back).

It reads the board's `BoardEnv` and the mode's view; the seats' labels, an online game's line on its dice, the
dialogs (`show` the card, `close` it, `rebuild` the buttons), the review and the undo are handed to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client.new_game import agreed_text
from game.client.play.counting import count_words

if TYPE_CHECKING:
    from game.client.board.mode_view import ModeView
    from game.client.board.signals import BoardEnv
    from game.client.game_scene import DialogItem
    from game.engine.core import Outcome


class GameEnd:
    """What the game-over card of a board says and offers; the scene's dialogs draw it."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        *,
        seat_label: Callable[[int], str],
        extra_line: Callable[[], str],
        show: Callable[[str, str], None],
        close: Callable[[], None],
        rebuild: Callable[[], None],
        review: Callable[[], None],
        undo: Callable[[], None],
        scale: Callable[[], float],
    ) -> None:
        self.env = env
        self.view = view
        self.seat_label = seat_label
        self.extra_line = extra_line  # an online game's line on its dice ('' otherwise)
        self.show_card = show
        self.close = close
        self.rebuild = rebuild
        self.review = review
        self.undo = undo  # takes back the last human action (the turn flow's `take_back`)
        self.scale = scale
        self.results_cut: list[str] = []  # texts of the card's results that did not fit

    def actions(self) -> list[DialogItem]:
        """'Review' in the game-over card, and 'Take back' while a human action can still be undone."""
        t, s = self.env.t, self.env.session()
        items = [(t("gameover.review"), self.review, "#menu_button")]
        if s is not None and s.can_undo:
            items.append((t("board.take_back"), self.take_back, "#menu_button"))
        return items

    def take_back(self) -> None:
        """Close the game-over card and undo the last human action (with the reply that ended the game)."""
        self.close()
        self.undo()
        self.rebuild()

    def show(self) -> None:
        """The game-over card: who won, why, the seats (unless the results name them) and the mode's summary."""
        session = self.env.live
        outcome = session.outcome
        if outcome is None:
            return
        seats = "  ·  ".join(self.seat_label(i) for i in range(len(session.seats)))
        if self.results_size()[1]:
            seats = ""  # the results name every seat and who played it
        agreed = agreed_text(self.env.t, self.env.mode(), session.options)  # the numbers played, when not the level's
        lines = [
            self.view.end_reason(outcome),
            self.count_line(),
            seats,
            self.view.end_summary(session.state),
            agreed,
            self.extra_line(),
        ]
        self.show_card(self.winner_title(outcome), "\n".join(line for line in lines if line))

    def count_line(self) -> str:
        """When the game ended, counted as the board, review, replay and the Games list count ('Ended in turn 9 of
        100.')."""
        t, s = self.env.t, self.env.live
        return t("board.ended_in", count=count_words(t, self.env.mode(), s.count(), capital=False))

    def results_size(self) -> tuple[int, int]:
        """The mode's results for the game-over card (its `results_size()`), none before the end."""
        s = self.env.session()
        return self.view.results_size() if s is not None and s.is_over else (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mode's results in the game-over card; the texts that do not fit are kept."""
        self.results_cut = []
        self.view.draw_results(surface, rect, self.scale(), self.results_cut)

    def winner_title(self, outcome: Outcome) -> str:
        """Who won, as the game-over card and the turn card say it."""
        t, s = self.env.t, self.env.live
        if outcome.winner is None:
            return t("gameover.draw")
        kind = s.seat_kind(outcome.winner)  # 'remote' for a player elsewhere in an online game
        if s.has_human and kind == "ai":
            return t("board.winner.ai")
        if kind == "human" and s.seats.count("human") == 1:
            return t("board.winner.you")
        return t("board.winner.side", side=self.view.seat_name(outcome.winner))
