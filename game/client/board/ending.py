"""The end of a board game: the game-over card's title, text, results table and extra buttons (Review, Take back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.new_game import agreed_text
from game.client.play.counting import count_words

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene
    from game.client.game_scene import DialogItem
    from game.engine.core import Outcome


class GameEnd:
    """What the game-over card of a board says and offers; the scene's dialogs draw it."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.results_cut: list[str] = []  # texts of the card's results that did not fit

    def actions(self) -> list[DialogItem]:
        """'Review' in the game-over card, and 'Take back' while a human action can still be undone."""
        scene = self.scene
        items = [(scene.app.t("gameover.review"), scene.reviewer.review_game, "#menu_button")]
        if scene.session is not None and scene.session.can_undo:
            items.append((scene.app.t("board.take_back"), self.take_back, "#menu_button"))
        return items

    def take_back(self) -> None:
        """Close the game-over card and undo the last human action (with the reply that ended the game)."""
        scene = self.scene
        scene.dialogs.overlay = None
        scene.turns.game_over_shown = False
        scene.turns.undo()
        scene.rebuild_ui()

    def show(self) -> None:
        """The game-over card: who won, why, the seats (unless the results name them) and the mode's summary."""
        scene = self.scene
        session = scene.live
        outcome = session.outcome
        if outcome is None:
            return
        seats = "  ·  ".join(scene.presenter.seat_label(i) for i in range(len(session.seats)))
        if self.results_size()[1]:
            seats = ""  # the results name every seat and who played it
        agreed = agreed_text(scene.app.t, scene.mode, session.options)  # the numbers played, when not the level's
        lines = [
            scene.view.end_reason(outcome),
            self.count_line(),
            seats,
            scene.view.end_summary(session.state),
            agreed,
            scene.online.end_line(),
        ]
        scene.show_game_over(self.winner_title(outcome), "\n".join(line for line in lines if line))

    def count_line(self) -> str:
        """When the game ended, counted as the board, review, replay and the Games list count ('Ended in turn 9 of
        100.')."""
        scene = self.scene
        t = scene.app.t
        return t("board.ended_in", count=count_words(t, scene.mode, scene.live.count(), capital=False))

    def results_size(self) -> tuple[int, int]:
        """The mode's results for the game-over card (its `results_size()`), none before the end."""
        scene = self.scene
        return scene.view.results_size() if scene.session is not None and scene.session.is_over else (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mode's results in the game-over card; the texts that do not fit are kept."""
        self.results_cut = []
        self.scene.view.draw_results(surface, rect, self.scene.app.ui_scale, self.results_cut)

    def winner_title(self, outcome: Outcome) -> str:
        """Who won, as the game-over card and the turn card say it."""
        scene = self.scene
        t = scene.app.t
        s = scene.live
        if outcome.winner is None:
            return t("gameover.draw")
        kind = s.seat_kind(outcome.winner)  # 'remote' for a player elsewhere in an online game
        if s.has_human and kind == "ai":
            return t("board.winner.ai")
        if kind == "human" and s.seats.count("human") == 1:
            return t("board.winner.you")
        return t("board.winner.side", side=scene.view.seat_name(outcome.winner))
