"""The Kubtafl board scene: the board layer's `BoardScene` driving `KubtaflView`."""

from __future__ import annotations

from typing import Any

from game.client.board.scene import BoardScene
from game.client.kubtafl.demo import screenshot_contexts
from game.client.kubtafl.view import KubtaflView


class KubtaflScene(BoardScene):
    """Hot-seat or versus-AI Kubtafl with previews, animation, undo and hints."""

    mode = "kubtafl"
    view_class = KubtaflView
    view: KubtaflView

    def enter_board(self, **context: Any) -> None:
        """As every board; a screenshot context may also hover a move (`preview`: its notation), mark the threats
        (`threats`: True) and show an enemy die's reach (`reach`: its cell)."""
        super().enter_board(**context)
        show = context.get("preview")
        if show:
            self.queue.skip()
            self._settle()
            self.view.show_preview_of(str(show))
        if context.get("threats") or context.get("reach"):
            self.queue.skip()
            self._settle()
            self.view.picks.show_threats = bool(context.get("threats"))
            if context.get("reach"):
                self.view.picks.activate(str(context["reach"]))

    #: `--screenshot`'s states: the demo's contexts.
    screenshot_states = staticmethod(screenshot_contexts)
