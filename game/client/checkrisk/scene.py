"""The CheckRisk board scene: the board layer's `BoardScene` driving `CheckRiskView`."""

from __future__ import annotations

from game.client.board.scene import BoardScene
from game.client.checkrisk.demo import screenshot_contexts
from game.client.checkrisk.view import CheckRiskView


class CheckRiskScene(BoardScene, mode="checkrisk", view=CheckRiskView, screenshots=screenshot_contexts):
    """2–4 seats, human or AI, with deployment, reinforcements, odds, dice battles, blitz and luck."""

    view: CheckRiskView
