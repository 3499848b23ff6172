"""Seats: who plays each side — a human at this screen, or an AI level named by `ai.levels`."""

from __future__ import annotations

from ai.levels import LEVEL_NAMES, PLAYER_LEVELS
from game.engine import files

HUMAN = "human"
#: A player on another machine, in an online game (never a seat of a local game).
REMOTE = "remote"
NAME_LIMIT = 16  # characters of a seat's name (the dialog's field allows no more)
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
    """The AI level of a parsed seat, None for a human ('' for text that names none)."""
    return None if seat == HUMAN else seat.partition(":")[2]


def clean_name(name: str) -> str:
    """A seat's name as shown: control characters dropped (`files.clean_text`), spaces trimmed and inner runs
    collapsed, kept short."""
    text = " ".join(files.clean_text(name[: NAME_LIMIT * 4], NAME_LIMIT * 4, " ").split())
    return text[:NAME_LIMIT]
