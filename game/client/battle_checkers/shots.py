"""Battle Checkers' own screenshots (`ModeSpec.screenshots`): a lesson and the legend of the board's badges."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.client.screenshots import caught, lesson_screens, save, settle

if TYPE_CHECKING:
    from game.client.app import App


def screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Every Battle Checkers shot below, in order; the problems met."""
    problems = lesson_screens(app, folder, written, "battle_checkers", "rear-2")
    problems += legend_screen(app, folder, written)
    return problems


def legend_screen(app: App, folder: Path, written: list[Path]) -> list[str]:
    """`legend.png`: Battle Checkers' legend of the board's badges (the sides' letters first) opened by F1 on a
    game."""
    with caught("legend") as problems:
        from game.client.board.scene import BoardScene
        from game.client.play.session import GameSession

        session = GameSession("battle_checkers", "standard", ["human", "ai:normal"], seed=2, autosave=False)
        app.goto("battle_checkers", session=session)
        settle(app)
        scene = app.scenes.current
        assert isinstance(scene, BoardScene)
        scene.legend.toggle()
        settle(app, 2)
        save(app, folder, "legend", written)
    return problems
