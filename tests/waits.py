"""Waiting in a test without timing anything: a wait blocks until what it waits for has arrived. `HANG` only ends a
wait that would never end, failing as '<what> never arrived'; no test compares a duration with a threshold (speed is
measured in `bench/`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import NoReturn

import pytest

#: How long a wait may block before it is taken for one that would never end.
HANG = 120.0


def never_arrived(what: str) -> NoReturn:
    """End a wait that would hang."""
    pytest.fail(f"{what} never arrived", pytrace=False)


def arrives(wait: Callable[[float], bool], what: str) -> None:
    """Block on `wait` (an `Event.wait`, a ticket's `wait`) until it reports done."""
    if not wait(HANG):
        never_arrived(what)


def ends(thread: threading.Thread, what: str) -> None:
    """Block until `thread` has finished."""
    thread.join(HANG)
    if thread.is_alive():
        never_arrived(what)
