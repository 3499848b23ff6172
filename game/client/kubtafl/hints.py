"""Hints on the Kubtafl board: asking the strongest AI, and showing its answer as a mark, a pool slot and words.

`HintFlow` is a mixin of `KubtaflScene`; the session answers the request on a worker thread.
"""

from __future__ import annotations

import pygame

from game.client.kubtafl.actions import notation_parts


class HintFlow:
    """The suggested action (`hint_action`, in notation) and its sentence for the status line (`hint_text`)."""

    hint_action: str | None
    hint_text: str

    def ask_hint(self) -> None:
        """Ask the strongest AI for a suggestion (answered on a worker thread)."""
        if self.accepting_input and self.session.request_hint():
            self._clear_hint()

    def _clear_hint(self) -> None:
        self.hint_text = ""
        self.hint_action = None

    def _receive_hint(self) -> None:
        """Take the suggestion once the worker has it."""
        hint = self.session.poll_hint()
        if hint is not None:
            self.hint_action = self.session.state.action_to_str(hint)
            self.hint_text = self._hint_words(self.hint_action)

    def _draw_hint(self, layer: pygame.Surface) -> None:
        """The suggestion on the board: an arrow for a move or impact, with the amount for a transfer, and the
        returning die on its square for a re-entry."""
        parts = notation_parts(self.session.state, self.hint_action or "")
        if parts is None:
            return
        if parts.kind == "move":
            self.marks.hint(layer, self.layout, parts.src, parts.dst)
        elif parts.kind == "transfer":
            self.marks.hint(layer, self.layout, parts.src, parts.dst, f"+{parts.amount}")
        else:
            self.marks.hint(layer, self.layout, parts.src, parts.dst,
                            ghost=(parts.die, self._own_side(), parts.amount))

    def _hint_words(self, text: str) -> str:
        """The suggestion in words: the notation for a move, a sentence for a transfer or re-entry."""
        t = self.app.t
        parts = notation_parts(self.session.state, text)
        if parts is not None and parts.kind == "transfer":
            return t("kubtafl.status.hint_transfer", amount=parts.amount, donor=parts.src, recipient=parts.dst)
        if parts is not None and parts.kind == "reentry":
            return t("kubtafl.status.hint_reentry", die=parts.die, cell=parts.dst, amount=parts.amount,
                     donor=parts.src)
        return t("kubtafl.status.hint", move=text)

    def _hint_reentry_kind(self) -> str | None:
        """The removed die a re-entry hint suggests (its pool slot is marked), else None."""
        parts = notation_parts(self.session.state, self.hint_action) if self.hint_action and self.session else None
        return parts.die if parts is not None and parts.kind == "reentry" else None
