"""Heavy exact distributions worked out on a daemon thread, so typing `100d20` never freezes the screen."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Job:
    """One computation on its own daemon thread (closing the window never waits for it)."""

    def __init__(self, key: Any, work: Callable[[], Any]) -> None:
        self.key = key
        self.result: Any = None
        self.error: Exception | None = None
        self.finished = threading.Event()
        threading.Thread(target=self._run, args=(work,), daemon=True, name="dice-lab-job").start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = work()
        except Exception as exc:  # noqa: BLE001 - handed back to the caller, who shows it
            self.error = exc
        self.finished.set()

    @property
    def done(self) -> bool:
        """True once the result (or error) is in."""
        return self.finished.is_set()


class InlineJob(Job):
    """The same job run at once on the caller's thread (tests, small inputs)."""

    def __init__(self, key: Any, work: Callable[[], Any]) -> None:
        self.key = key
        self.result = None
        self.error = None
        self.finished = threading.Event()
        self._run(work)
