"""Seats: who plays each side — a human at this screen, or an AI level named by `ai.levels`."""

from __future__ import annotations

from ai.levels import LEVEL_NAMES, PLAYER_LEVELS

HUMAN = "human"
DEFAULT_AI_SEAT = "ai:normal"
WATCH_AI_SEAT = "ai:hard"  # `--watch` shows the game at its best
#: The seats the new-game dialog offers, in order (the baselines are for the arena and tests).
SEAT_CHOICES = (HUMAN, *(f"ai:{name}" for name in PLAYER_LEVELS))
#: Every seat a game may be started with: the dialog's plus the baseline levels.
ALL_SEATS = (HUMAN, *(f"ai:{name}" for name in LEVEL_NAMES))


def parse_seat(seat: object) -> str:
    """A seat checked and normalised: 'human' or 'ai:<level>' ('ai' alone means normal); ValueError otherwise."""
    text = seat.strip().lower() if isinstance(seat, str) else None
    if text == "ai":
        return DEFAULT_AI_SEAT
    if text in ALL_SEATS:
        return text
    raise ValueError(f"a seat must be {HUMAN} or one of {', '.join(ALL_SEATS[1:])}, not {seat!r}")


def seat_level(seat: str) -> str | None:
    """The AI level of a parsed seat, None for a human."""
    return None if seat == HUMAN else seat.split(":", 1)[1]
