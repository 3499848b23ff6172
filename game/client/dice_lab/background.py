"""Heavy exact distributions worked out beside the screen, so typing `100d20` never freezes the window.

`ProcessJob` runs the work in a separate (daemon, spawned) process: a long big-number convolution on a thread
would hold the interpreter's lock and stall the frames; in its own process it takes a core of its own, and a
window that closes terminates it. `InlineJob` runs the same work at once (small inputs, tests).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any


class InlineJob:
    """The work run at once on the caller's thread."""

    def __init__(self, key: Any, work: Callable[[], Any]) -> None:
        self.key = key
        self.result: Any = None
        self.error: Exception | None = None
        self.finished = threading.Event()
        self._run(work)

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = work()
        except Exception as exc:  # noqa: BLE001 - handed back to the caller, who shows it
            self.error = exc
        self.finished.set()

    @property
    def done(self) -> bool:
        """True once the result (or the error) is in."""
        return self.finished.is_set()


def _work_in_process(work: Callable[[], Any], answers: Connection) -> None:
    """The child's side: run the work, send back (True, result) or (False, the error's text)."""
    try:
        answers.send((True, work()))
    except Exception as exc:  # noqa: BLE001 - every failure goes back as text
        answers.send((False, f"{type(exc).__name__}: {exc}"))
    finally:
        answers.close()


class ProcessJob(InlineJob):
    """The work (a picklable callable) run in its own daemon process; `done` polls without blocking."""

    def __init__(self, key: Any, work: Callable[[], Any]) -> None:
        self.key = key
        self.result = None
        self.error = None
        self.finished = threading.Event()
        context = multiprocessing.get_context("spawn")
        self._answers, child = context.Pipe(duplex=False)
        self._process = context.Process(target=_work_in_process, args=(work, child), daemon=True,
                                        name="dice-lab-distribution")
        self._process.start()
        child.close()

    @property
    def done(self) -> bool:
        """True once the answer arrived (or the process died without one)."""
        if self.finished.is_set():
            return True
        try:
            if self._answers.poll():
                ok, value = self._answers.recv()
                if ok:
                    self.result = value
                else:
                    self.error = RuntimeError(value)
            elif not self._process.is_alive():
                self.error = RuntimeError("the distribution could not be worked out (its process stopped)")
        except (EOFError, OSError) as exc:
            self.error = RuntimeError(f"the distribution could not be worked out ({exc})")
        if self.result is not None or self.error is not None:
            self._answers.close()
            self._process.join(timeout=0)
            self.finished.set()
        return self.finished.is_set()
