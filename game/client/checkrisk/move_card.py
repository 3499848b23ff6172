"""What a click on a move target will do, shown before it is done: how many tokens go, what stays behind, what the
target will hold, and how to send another amount. Shown as a card by the hovered target, as attacks show odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client import palette
from game.client.board.wording import counted
from game.engine.checkrisk import CheckRiskState

if TYPE_CHECKING:
    from game.client.i18n import Translator


def lines(state: CheckRiskState, origin: str, target: str, n: int, amounts: list[int], t: Translator) -> list[str]:
    """The card's lines: the amount, what stays on the origin, what the target holds after, how to change it."""
    game = state.game
    have = int(state.count[game.cell_index(origin)])
    there = int(state.count[game.cell_index(target)])
    texts = [counted(t, "checkrisk.move_card.title", n, target=target)]
    left = have - n
    texts.append(
        counted(t, "checkrisk.move_card.left", left, origin=origin)
        if left
        else t("checkrisk.move_card.empty", origin=origin)
    )
    if there:
        texts.append(t("checkrisk.move_card.merge", target=target, total=there + n))
    if len(amounts) > 1:
        texts.append(t("checkrisk.move_card.other", low=min(amounts), high=max(amounts)))
    return texts


def colours(texts: list[str], amounts: list[int]) -> list[tuple[int, int, int]]:
    """The lines' colours: the amount bright, the facts softer, how to change the amount muted."""
    out = [palette.PARCHMENT] + [palette.PARCHMENT_DARK] * (len(texts) - 1)
    if len(amounts) > 1:
        out[-1] = palette.MUTED
    return out
