"""One meaning of "turn" per game, said the same on the board, in review and replay, in the Games list and on the
results card: the engine's own count where the rules count against a limit (`State.progress`: CheckRisk's round,
Battle Checkers' turn of each side), else each side's turn number (Kubtafl: both sides' first moves are turn 1)."""

from __future__ import annotations

from game.client.i18n import Translator
from game.client.modes import COUNT, PROGRESS
from game.engine.core import AnyState


def turn_count(state: AnyState, seat_turn: int, seats: int) -> tuple[int, int | None]:
    """(the turn or round `state` is in, the limit or None): the engine's `progress`, else the round of the
    `seat_turn`-th seat turn (1-based) among `seats` seats taking turns in order."""
    progress = state.progress()
    if progress is not None:
        return progress
    return (max(0, seat_turn - 1) // max(1, seats) + 1, None)


def count_words(t: Translator, mode: str, count: tuple[int, int | None], capital: bool = True) -> str:
    """The count as the game says it: 'Round 9 of 60', 'Turn 9 of 100', 'Turn 12' (`capital`), or mid-sentence
    ('round 9 of 60', as the Games list says it)."""
    n, limit = count
    if limit is not None:
        return t(COUNT(mode) if capital else PROGRESS(mode), n=n, limit=limit)
    return t("board.count.open" if capital else "games.turn", n=n)
