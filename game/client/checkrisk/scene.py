"""The CheckRisk board scene: the board layer's `BoardScene` driving `CheckRiskView`."""

from __future__ import annotations

from typing import Any

from game.client.board.scene import BoardScene
from game.client.checkrisk.demo import screenshot_contexts
from game.client.checkrisk.view import CheckRiskView


class CheckRiskScene(BoardScene):
    """2–4 seats, human or AI, with deployment, reinforcements, odds, dice battles, blitz and luck."""

    mode = "checkrisk"
    view_class = CheckRiskView
    view: CheckRiskView

    def enter_board(self, **context: Any) -> None:
        """As every board, with no card open and no groups, blitz or drafted deployment left from a last game."""
        self.view.card.close()
        self.view.show_groups = False
        self.view.picks.blitz = None
        self.view.picks.draft = {}
        super().enter_board(**context)

    #: `--screenshot`'s states: the demo's contexts.
    screenshot_states = staticmethod(screenshot_contexts)
