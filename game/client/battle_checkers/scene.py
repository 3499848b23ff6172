"""The Battle Checkers board scene: the board layer's `BoardScene` driving `BattleCheckersView`."""

from __future__ import annotations

from typing import Any

from game.client.battle_checkers.demo import screenshot_contexts
from game.client.battle_checkers.view import BattleCheckersView
from game.client.board.scene import BoardScene


class BattleCheckersScene(BoardScene):
    """Two sides, human or AI: deployment, the 2d6 pip planner, attacks with exact odds, duels and fate rolls."""

    mode = "battle_checkers"
    view_class = BattleCheckersView
    view: BattleCheckersView

    def enter_board(self, **context: Any) -> None:
        """As every board, with no card open and no drafted deployment or threat marks left from a last game."""
        self.view.card.close()
        self.view.picks.draft = {}
        self.view.picks.draft_preset = ""
        self.view.picks.threat = False
        super().enter_board(**context)

    #: `--screenshot`'s states: the demo's contexts.
    screenshot_states = staticmethod(screenshot_contexts)
