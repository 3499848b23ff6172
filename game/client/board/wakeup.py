"""When the board next changes by itself (the loop's wake-up, see `game.client.pacing`): the board's parts connect
what holds it still, what moves it now and when they next change, and the board asks only this part."""

from __future__ import annotations

from collections.abc import Callable

from game.client.pacing import soonest


class Wakeup:
    """None while anything `still` holds (the pause menu); now while anything `moving` does; otherwise the soonest
    of the `due` times (a playback's next move, a held press becoming a hold, the computer's slow spinner)."""

    def __init__(self) -> None:
        self.still: list[Callable[[], bool]] = []
        self.moving: list[Callable[[], bool]] = []
        self.due: list[Callable[[], float | None]] = []

    def wake_in(self) -> float | None:
        """Seconds until the board changes by itself: 0.0 now, None only with input."""
        if any(still() for still in self.still):
            return None
        if any(moving() for moving in self.moving):
            return 0.0
        return soonest(*(due() for due in self.due))
