"""Scripted positions for screenshots, tests and the benchmark: a ricochet chain and a finished endgame."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.client.play.session import GameSession

if TYPE_CHECKING:
    from game.client.app import App

#: An opening (10 actions) after which Light's `a1-a3` sets off a double ricochet chain.
RICOCHET_OPENING = ["b2-b5", "g7-g2", "c2-c5", "g2-h2", "b5-b3", "f7-a7", "a2-f2", "g8-g2", "c5-a5", "h7-g7"]
RICOCHET_ACTION = "a1-a3"
#: Light's winning blow in the test position `tests/data/kubtafl_finish.json` (the d12 runs up the h-file).
ENDGAME_WIN = "h2-h8"


def ricochet_session(seats: list[str] | None = None, autosave: bool = False) -> GameSession:
    """A standard game after the opening, Light to move with a ricochet chain available."""
    session = GameSession("kubtafl", "standard", seats or ["human", "human"], seed=1, autosave=autosave)
    for text in RICOCHET_OPENING:
        session.apply_text(text)
    return session


def screenshot_contexts(app: App) -> list[tuple[str, dict[str, object]]]:
    """(name, context) pairs for `--screenshot`: a previewed ricochet, the threats with an enemy die's reach, and
    the game-over dialog."""
    return [
        ("preview", {"session": ricochet_session(["human", "ai:normal"]), "preview": RICOCHET_ACTION}),
        ("threats", {"session": ricochet_session(["human", "ai:normal"]), "threats": True, "reach": "a7"}),
        ("game_over", {"session": finished_session(), "_frames": 90}),
    ]


def finished_session() -> GameSession:
    """A finished hot-seat game of the Endgame setup (seeded random play), for the result card and review."""
    session = GameSession("kubtafl", "endgame", ["human", "ai:easy"], seed=2, autosave=False)
    rng = random.Random(7)
    while not session.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
    return session
