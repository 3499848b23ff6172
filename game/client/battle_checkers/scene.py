"""The Battle Checkers board scene: the board layer's `BoardScene` driving `BattleCheckersView`."""

from __future__ import annotations

from game.client.battle_checkers.demo import screenshot_contexts
from game.client.battle_checkers.view import BattleCheckersView
from game.client.board.scene import BoardScene


class BattleCheckersScene(BoardScene, mode="battle_checkers", view=BattleCheckersView, screenshots=screenshot_contexts):
    """Two sides, human or AI: deployment, the 2d6 pip planner, attacks with exact odds, duels and fate rolls."""

    view: BattleCheckersView
