"""The Kubtafl board scene: the board layer's `BoardScene` driving `KubtaflView`."""

from __future__ import annotations

from game.client.board.scene import BoardScene
from game.client.kubtafl.demo import screenshot_contexts
from game.client.kubtafl.view import KubtaflView


class KubtaflScene(BoardScene, mode="kubtafl", view=KubtaflView, screenshots=screenshot_contexts):
    """Hot-seat or versus-AI Kubtafl with previews, animation, undo and hints."""

    view: KubtaflView

    def enter_board(self, **context: object) -> None:
        """As every board; a screenshot context may also hover a move (`preview`: its notation), mark the threats
        (`threats`: True) and show an enemy die's reach (`reach`: its cell)."""
        super().enter_board(**context)
        show = context.get("preview")
        if show:
            self.settle_now()
            self.view.show_preview_of(str(show))
        if context.get("threats") or context.get("reach"):
            self.settle_now()
            self.view.picks.show_threats = bool(context.get("threats"))
            if context.get("reach"):
                self.view.picks.activate(str(context["reach"]))
