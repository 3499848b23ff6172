"""The monkey, long: random input over every screen and every playable mode (hot-seat and against the inline
AI), counting events, frames, exceptions, logged warnings and idle boards that draw another position.

Usage: python -m bench monkey [--events N]   (N events in all, shared out over the targets; default 20,000)
One JSON line per target (value: exceptions there), then the totals. An exception ends that app; the monkey
starts a fresh one and plays on, so one failure never hides the rest.
"""

from __future__ import annotations

import logging
import os
import random
import tempfile
import time
import traceback
from collections.abc import Iterator
from typing import Any

from bench.common import Figure, figure, headless

DEFAULT_EVENTS = 20_000
CHUNK = 2_000  # events per app (a new game, seed and animation speed each time)
SPEEDS = ("instant", "fast", "normal")
COUNTED = ("events", "frames", "exceptions", "mismatches", "warnings")  # summed over every target


class _Warnings(logging.Handler):
    """Counts logged warnings and errors (the game logs them for saves that fail and the like)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(f"{record.name}: {record.getMessage()}")


def _where(exc: BaseException) -> str:
    """The exception and the innermost frame of the game's own code that raised it."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/game/" in f.filename] or traceback.extract_tb(
        exc.__traceback__
    )
    last = frames[-1] if frames else None
    at = f" at {os.path.relpath(last.filename)}:{last.lineno}" if last else ""
    return f"{type(exc).__name__}: {str(exc)[:200]}{at}"


def play(target: str, seats: str | None, events: int, first_seed: int = 1) -> dict[str, Any]:
    """Run the monkey for `events` events on one target, in apps of CHUNK events; the counts."""
    from game.client import monkey, saves

    counts: dict[str, Any] = {
        "events": 0,
        "frames": 0,
        "apps": 0,
        "exceptions": 0,
        "mismatches": 0,
        "warnings": 0,
        "errors": [],
        "screens": {},
    }
    handler = _Warnings()
    logging.getLogger().addHandler(handler)
    seed = first_seed
    try:
        while counts["events"] < events:
            os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-monkey-")  # each app starts clean
            saves.forget_problems()
            batch = min(CHUNK, events - counts["events"])
            app = None
            frames_before = 0
            try:
                app = monkey.start(target, seats, seed, anim_speed=SPEEDS[seed % len(SPEEDS)])
                counts["apps"] += 1
                frames_before = app.frame_count
                counts["events"] += monkey.run(app, random.Random(seed), batch, counts["screens"], target)
            except monkey.BoardMismatch as exc:
                counts["mismatches"] += 1
                counts["events"] += batch
                counts["errors"].append(f"seed {seed}: {str(exc)[:300]}")
            except Exception as exc:  # noqa: BLE001 - counted and described; the monkey plays on
                counts["exceptions"] += 1
                counts["events"] += batch  # the rest of the batch is not retried: the next seed plays on
                counts["errors"].append(f"seed {seed}: {_where(exc)}")
            finally:
                if app is not None:
                    counts["frames"] += app.frame_count - frames_before
                    app.close()
            seed += 1
    finally:
        logging.getLogger().removeHandler(handler)
    counts["warnings"] = len(handler.seen)
    counts["warning_texts"] = sorted(set(handler.seen))[:10]
    return counts


def figures(events: int | None = None) -> Iterator[Figure]:
    """One line per target (the exceptions there), then the totals over every target."""
    headless()
    os.environ.setdefault("KUBIKI_AI_EXECUTOR", "inline")  # the AI answers within the frame: no threads to race
    from game.client import monkey

    total = events or DEFAULT_EVENTS
    targets = monkey.targets()
    share, extra = divmod(total, len(targets))
    sums = dict.fromkeys(COUNTED, 0)
    started = time.perf_counter()
    for i, (target, seats) in enumerate(targets):
        begun = time.perf_counter()
        counts = play(target, seats, share + (1 if i < extra else 0), first_seed=1 + 1000 * i)
        for key in sums:
            sums[key] += counts[key]
        name = f"monkey.{target}" + (f".{seats}" if seats else "")
        yield figure(
            name,
            counts["exceptions"],
            "exceptions",
            **{key: counts[key] for key in COUNTED if key != "exceptions"},
            apps=counts["apps"],
            seconds=round(time.perf_counter() - begun, 1),
            screens=counts["screens"],
            errors=counts["errors"][:10],
            warning_texts=counts["warning_texts"],
        )
    yield figure(
        "monkey.total",
        sums["exceptions"],
        "exceptions",
        **{key: sums[key] for key in COUNTED if key != "exceptions"},
        targets=len(targets),
        seconds=round(time.perf_counter() - started, 1),
    )
