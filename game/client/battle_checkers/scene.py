"""The Battle Checkers board scene: the board layer's `BoardScene` driving `BattleCheckersView`."""

from __future__ import annotations

from typing import Any

from game.client.battle_checkers.view import BattleCheckersView
from game.client.board.scene import BoardScene


class BattleCheckersScene(BoardScene):
    """Two sides, human or AI: deployment, the 2d6 pip planner, attacks with exact odds, duels and fate rolls."""

    mode = "battle_checkers"
    view_class = BattleCheckersView
    view: BattleCheckersView

    def enter_board(self, **context: Any) -> None:
        """As every board; a screenshot context may also prepare picks (`prepare`: a callable on the scene)."""
        self.view.card.close()
        self.view.picks.draft = {}
        self.view.picks.draft_preset = ""
        self.view.picks.threat = False
        super().enter_board(**context)
        prepare = context.get("prepare")
        if callable(prepare):
            self.queue.skip()
            self._settle()
            prepare(self)

    def layout_board(self, size: tuple[int, int]) -> None:
        """As every board; the roll card follows the board."""
        super().layout_board(size)
        if self.view.card.visible:
            self.view.card.place()

    @classmethod
    def screenshot_states(cls, app: Any) -> list[tuple[str, dict[str, Any]]]:
        """Deployment, the planner with a ghost, odds on hover, the fate offer, the end of a game."""
        from game.client.battle_checkers.demo import screenshot_contexts

        return screenshot_contexts(app)
