"""The CheckRisk board scene: the board layer's `BoardScene` driving `CheckRiskView`."""

from __future__ import annotations

from typing import Any

from game.client.board.scene import BoardScene
from game.client.checkrisk.view import CheckRiskView


class CheckRiskScene(BoardScene):
    """2–4 seats, human or AI, with deployment, reinforcements, odds, dice battles, blitz and luck."""

    mode = "checkrisk"
    view_class = CheckRiskView
    view: CheckRiskView

    def enter_board(self, **context: Any) -> None:
        """As every board; a screenshot context may also prepare picks (`prepare`: a callable on the view)."""
        self.view.card.close()
        self.view.show_groups = False
        self.view.picks.blitz = None
        self.view.picks.draft = {}
        super().enter_board(**context)
        prepare = context.get("prepare")
        if callable(prepare):
            self.queue.skip()
            self._settle()
            prepare(self)

    def layout_board(self, size: tuple[int, int]) -> None:
        """As every board; the battle card follows the board."""
        super().layout_board(size)
        if self.view.card.visible:
            self.view.card.place()

    @classmethod
    def screenshot_states(cls, app: Any) -> list[tuple[str, dict[str, Any]]]:
        """Deployment, odds on hover, dice mid-tumble, a retreat, the end of a game."""
        from game.client.checkrisk.demo import screenshot_contexts

        return screenshot_contexts(app)
