"""One worker for AI moves and hints, behind an injectable executor.

A `SearchJob` carries everything needed to rebuild the position anywhere: the mode, the level's name and data,
the state's `to_dict()`, the AI spec and a seed. An executor runs it and hands back a `Ticket` that becomes
done with an `Answer` (the chosen action in notation, plus search statistics) or an error text:

- `InlineExecutor` searches synchronously on submit (tests: deterministic, no threads, no sleeps); with
  `hold=True` jobs wait until `run_pending()`, so a test can look at the board while the AI "thinks".
- `ThreadExecutor` searches on one daemon thread (shares the GIL with the window).
- `ProcessExecutor` searches in one persistent worker process, so the search gets a whole core and the
  UI thread keeps the interpreter. Closing it never waits for a search: the process is killed. Nothing the
  process does can stall the window: every job has a deadline (`decision_deadline`: its level's time budget
  plus a clear margin, measured on an injectable clock), and a process that dies, misses a deadline or answers
  nonsense (a reply of the wrong shape, an action that is not legal) is killed and its tickets fail with an
  error saying why; the next job starts a new process. The session then plays `quick_search`'s move instead.

Which executor a session uses: the one passed to it, else `default_executor()` — chosen once per program from
`KUBIKI_AI_EXECUTOR` (`inline`, `thread` or `process`; `process` when unset; the test suite sets `inline`),
or installed with `set_default_executor`. The thread executor has no deadline (a thread cannot be replaced);
its searches end by their own budgets. Cancelling a ticket asks its search to stop; a ticket also carries
the caller's tag, which the session compares with its generation to drop stale answers.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Literal, Protocol

from ai.controllers import AIController, make_controller, quick_choice
from ai.levels import parse_level
from game.engine import registry
from game.engine.core import Action, AnyState, Game, JSONObject

log = logging.getLogger(__name__)

EXECUTOR_ENV = "KUBIKI_AI_EXECUTOR"
# How long closing waits for a killed worker process to be reaped.
REAP_SECONDS = 1.0
# How long past its level's time budget a decision may take before its worker process counts as stuck: room for
# a loaded machine (the worker runs at a lower priority) and for handing the job and answer over.
DEADLINE_MARGIN = 5.0
# How long a new worker process may take to start (import the engine and AI) before it counts as stuck.
STARTUP_SECONDS = 20.0
# The worker process runs at a lower priority: when cores are short, the window's frames come first.
WORKER_NICENESS = 5


@dataclass(frozen=True)
class SearchJob:
    """One decision to search: the game (mode, level name and data), the position, the AI level spec and seed."""

    mode: str
    level_name: str
    level_data: JSONObject
    state: JSONObject
    spec: str
    seed: int
    # The game's recent decisions, for a planner that remembers its own moves: the position some decisions ago and
    # the log (notation) played from there to `state`.
    earlier: JSONObject | None = None
    since: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answer:
    """A finished search: the action in notation, and what it cost (nodes searched, depth, seconds)."""

    action: str
    nodes: int = 0
    depth: int = 0
    seconds: float = 0.0


#: What the window sends the worker process: a job to search, or the id of one to stop.
Request = tuple[Literal["job"], int, SearchJob] | tuple[Literal["cancel"], int]
#: What the worker process sends back: that it is ready (with its pid), a job's answer, or why a job failed.
Reply = tuple[Literal["ready"], int] | tuple[Literal["done"], int, Answer] | tuple[Literal["error"], int, str]
#: Seconds from some fixed point (time.monotonic); tests pass their own to move time on explicitly.
Clock = Callable[[], float]
#: The worker process's body: it reads requests from the first connection and replies on the second.
WorkerBody = Callable[[Connection, Connection], None]


def decision_deadline(spec: str) -> float:
    """Seconds a decision at AI level `spec` may take in a worker: the level's time budget plus DEADLINE_MARGIN."""
    try:
        budget = parse_level(spec).seconds
    except ValueError:
        budget = None  # an unknown level fails at once in the worker; its error is the answer
    return (budget or 0.0) + DEADLINE_MARGIN


def rebuild_game(job: SearchJob) -> Game:
    """The job's game, built from its mode and level data (as the registry builds it from the level file)."""
    return registry.make_game(job.mode, job.level_name, job.level_data)


def run_search(
    job: SearchJob, game: Game | None = None, stop: threading.Event | None = None, time_cap: bool = True
) -> Answer:
    """Search `job` here and now: rebuild the state (on `game` when given), let the AI level decide (within its node
    budget alone when `time_cap` is off, so the same job gives the same answer on any machine, however busy)."""
    game = game if game is not None else rebuild_game(job)
    state = game.state_from_dict(job.state)
    controller = make_controller(job.spec, game, seed=job.seed, time_cap=time_cap)
    if job.earlier is not None and isinstance(controller, AIController):
        controller.recall(game.state_from_dict(job.earlier), job.since)
    started = time.perf_counter()
    action = controller.choose(state, stop)
    seconds = time.perf_counter() - started
    searched = controller.last_search if isinstance(controller, AIController) else None
    nodes, depth = (searched.nodes, searched.depth) if searched is not None else (0, 0)
    return Answer(state.action_to_str(action), nodes, depth, seconds)


def quick_search(state: AnyState, seed: int) -> Action | None:
    """The quick search's action for the seat to act, found here within a tenth of a second (it stands in for a
    search that was lost); None when no seat can act or the search failed."""
    if state.current_player() < 0 or not state.legal_actions():
        return None
    try:
        action: Action = quick_choice(state, seed)
    except Exception:  # noqa: BLE001 - the caller asks the worker again rather than the window failing
        log.exception("the quick search failed")
        return None
    return action


class Ticket:
    """A submitted job: `done` once its `answer` (or `error`) is in; `tag` is the submitter's, returned as is."""

    def __init__(self, tag: Hashable, pump: Callable[[float], None] | None = None) -> None:
        self.tag = tag
        self.answer: Answer | None = None
        self.error: str | None = None
        self.cancelled = False
        self.stop = threading.Event()
        self._finished = threading.Event()
        self._pump = pump

    def finish(self, answer: Answer | None = None, error: str | None = None) -> None:
        """Record the result (from whichever thread computed it)."""
        self.answer, self.error = answer, error
        self._finished.set()

    @property
    def done(self) -> bool:
        """True once an answer or an error is in (reads any that arrived, never blocks)."""
        if not self._finished.is_set() and self._pump is not None:
            self._pump(0.0)
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done or `timeout` seconds (tests and benchmarks only); returns whether it is done."""
        if self._pump is None:
            return self._finished.wait(timeout)
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.done:
            left = 0.1 if deadline is None else deadline - time.monotonic()
            if left <= 0:
                return False
            self._pump(min(left, 0.1))
        return True


class Executor(Protocol):
    """What runs search jobs: the session submits, polls its tickets, cancels stale ones."""

    def start(self) -> None:
        """Get ready ahead of the first job (a process executor spawns its worker)."""

    def submit(self, job: SearchJob, tag: Hashable = None, game: Game | None = None) -> Ticket:
        """Queue `job`; `game` is the caller's own copy, usable where no rebuild is needed."""

    def cancel(self, ticket: Ticket) -> None:
        """Ask the ticket's search to stop; its answer, if any still comes, is to be ignored."""

    def close(self) -> None:
        """Stop at once; never waits for a running search."""


class InlineExecutor:
    """Runs each job synchronously on submit, or on `run_pending()` when built with `hold=True`; within node budgets
    alone (tests, demos and screenshots play the same games on any machine)."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.pending: list[tuple[SearchJob, Game | None, Ticket]] = []
        self.submitted = 0

    def start(self) -> None:
        """Nothing to prepare."""

    def submit(self, job: SearchJob, tag: Hashable = None, game: Game | None = None) -> Ticket:
        """Search now (or keep the job for `run_pending` when holding)."""
        ticket = Ticket(tag)
        self.submitted += 1
        self.pending.append((job, game, ticket))
        if not self.hold:
            self.run_pending()
        return ticket

    def run_pending(self) -> int:
        """Run every held job that was not cancelled; returns how many ran."""
        ran = 0
        while self.pending:
            job, game, ticket = self.pending.pop(0)
            if ticket.cancelled:
                continue
            _run_into(ticket, job, game, time_cap=False)
            ran += 1
        return ran

    def cancel(self, ticket: Ticket) -> None:
        """Drop a held job; a finished one is left as it is."""
        ticket.cancelled = True
        ticket.stop.set()

    def close(self) -> None:
        """Forget held jobs."""
        for _, _, ticket in self.pending:
            ticket.cancelled = True
        self.pending.clear()


def _run_into(ticket: Ticket, job: SearchJob, game: Game | None, time_cap: bool = True) -> None:
    try:
        ticket.finish(run_search(job, game, ticket.stop, time_cap))
    except Exception as exc:  # noqa: BLE001 - a failing search is reported on its ticket, never raised into the UI
        ticket.finish(error=f"{type(exc).__name__}: {exc}")


class ThreadExecutor:
    """Runs jobs one at a time on a daemon thread in this process."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[SearchJob, Game | None, Ticket] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._live: set[Ticket] = set()  # submitted and not yet finished

    def start(self) -> None:
        """Start the worker thread (once)."""
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._serve, daemon=True, name="kubiki-ai")
            self._thread.start()

    def _serve(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, game, ticket = item
            if not ticket.cancelled:
                _run_into(ticket, job, game)
            self._live.discard(ticket)

    def submit(self, job: SearchJob, tag: Hashable = None, game: Game | None = None) -> Ticket:
        """Queue the job for the worker thread."""
        self.start()
        ticket = Ticket(tag)
        self._live.add(ticket)
        self._jobs.put((job, game, ticket))
        return ticket

    def cancel(self, ticket: Ticket) -> None:
        """Tell the search to stop (threads cannot be killed; it returns within a node)."""
        ticket.cancelled = True
        ticket.stop.set()

    def close(self) -> None:
        """Stop the current search and let the thread end; nobody waits for it."""
        for ticket in list(self._live):  # the running search stops; queued ones are skipped
            self.cancel(ticket)
        self._jobs.put(None)
        self._thread = None


@dataclass
class _Sent:
    """A job sent to the worker process and not answered yet: its ticket, what it asked and when."""

    ticket: Ticket
    job: SearchJob
    game: Game | None
    at: float  # the clock when it was sent
    allowance: float  # seconds it may take once the worker is free to start it (`decision_deadline`)


class _Nonsense(Exception):
    """The worker process sent something no worker of ours would: it is replaced."""


class ProcessExecutor:
    """Runs jobs in one persistent worker process (spawned: it loads the engine and AI, never pygame).

    `clock` measures the deadlines (tests pass one they move on by hand); `body` is what the process runs
    (`serve`; tests pass a worker that misbehaves)."""

    def __init__(self, clock: Clock = time.monotonic, body: WorkerBody | None = None) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._clock = clock
        self._body: WorkerBody = body if body is not None else serve
        self._process: SpawnProcess | None = None
        self._requests: Connection | None = None
        self._answers: Connection | None = None
        self._sent: dict[int, _Sent] = {}
        self._next_id = 0
        self._started_at = 0.0  # the clock when the worker process was started
        self._heard_at: float | None = None  # the clock when it last said anything; None until it is ready
        self.crashes = 0  # worker processes found dead; the next job starts a new one
        self.replaced = 0  # worker processes killed for missing a deadline or answering nonsense

    @property
    def process(self) -> SpawnProcess | None:
        """The worker process (None before the first job and after closing)."""
        return self._process

    def start(self) -> None:
        """Spawn the worker process unless it runs."""
        if self._process is not None and self._process.is_alive():
            return
        self._stop_process()
        requests_in, requests_out = self._context.Pipe(duplex=False)
        answers_in, answers_out = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=self._body, args=(requests_in, answers_out), daemon=True, name="kubiki-ai"
        )
        process.start()
        # Our copies of the worker's ends are closed, so its death reads as end-of-file here.
        requests_in.close()
        answers_out.close()
        self._process, self._requests, self._answers = process, requests_out, answers_in
        self._started_at, self._heard_at = self._clock(), None

    def submit(self, job: SearchJob, tag: Hashable = None, game: Game | None = None) -> Ticket:
        """Send the job to the worker process (the game is rebuilt there from the job)."""
        self.start()
        ticket = Ticket(tag, self.pump)
        job_id = self._next_id
        self._next_id += 1
        self._sent[job_id] = _Sent(ticket, job, game, self._clock(), decision_deadline(job.spec))
        if not self._send(("job", job_id, job)):
            self._crashed()
        return ticket

    def cancel(self, ticket: Ticket) -> None:
        """Tell the worker to stop that search; its ticket is forgotten here."""
        ticket.cancelled = True
        ticket.stop.set()
        for job_id, sent in list(self._sent.items()):
            if sent.ticket is ticket:
                del self._sent[job_id]
                self._send(("cancel", job_id))

    def _send(self, message: Request) -> bool:
        try:
            assert self._requests is not None
            self._requests.send(message)
        except (OSError, ValueError, AssertionError):
            return False
        return True

    def pump(self, timeout: float = 0.0) -> None:
        """Take in every reply that has arrived, waiting up to `timeout` for the first; then replace a worker that
        died, answered nonsense or let a job pass its deadline."""
        answers = self._answers
        if answers is None:
            return
        try:
            ready = answers.poll(timeout)
            while ready:
                self._take(_receive(answers))
                ready = answers.poll(0)
        except (EOFError, OSError):
            self._crashed()
            return
        except _Nonsense as exc:
            self._replace(f"the AI worker process answered nonsense: {exc}")
            return
        if self._sent and self._process is not None and not self._process.is_alive():
            self._crashed()
        elif self._overdue():
            self._replace("the AI worker process gave no answer in time")

    def _take(self, reply: object) -> None:
        """Hand one reply to its ticket; _Nonsense for anything our worker would not send."""
        match reply:
            case ("ready", int()):
                self._heard_at = self._clock()
            case ("done", int() as job_id, Answer(action=str() as action) as answer):
                self._heard_at = self._clock()
                sent = self._sent.get(job_id)
                if sent is not None and not _legal_in(sent, action):
                    raise _Nonsense(f"{action[:40]!r} is not a legal action there")
                self._finish(job_id, answer=answer)
            case ("error", int() as job_id, str() as error):
                self._heard_at = self._clock()
                self._finish(job_id, error=error)
            case _:
                raise _Nonsense(f"a reply of the wrong shape ({type(reply).__name__})")

    def _finish(self, job_id: int, answer: Answer | None = None, error: str | None = None) -> None:
        sent = self._sent.pop(job_id, None)
        if sent is not None:  # else it was cancelled: its answer is dropped
            sent.ticket.finish(answer, error)

    def _overdue(self) -> bool:
        """True when a job waits past its deadline: counted from when it was sent, or from when the worker was
        last heard (a job queued behind another starts after it), or past the start-up allowance for a new one."""
        if not self._sent:
            return False
        now = self._clock()
        heard = self._heard_at
        if heard is None:
            return now - self._started_at > STARTUP_SECONDS
        return any(now - max(sent.at, heard) > sent.allowance for sent in self._sent.values())

    def _crashed(self) -> None:
        self.crashes += 1
        code = self._stop_process()
        log.warning("AI worker process stopped (exit code %s)", code)
        self._fail_pending(f"the AI worker process stopped (exit code {code})")

    def _replace(self, why: str) -> None:
        """Kill a worker that can no longer be trusted and fail what it held; the next job starts a new one."""
        self.replaced += 1
        log.warning("AI worker process replaced: %s", why)
        self._stop_process()
        self._fail_pending(why)

    def _fail_pending(self, error: str, cancelled: bool = False) -> None:
        for sent in self._sent.values():
            sent.ticket.cancelled = cancelled
            sent.ticket.finish(error=error)
        self._sent.clear()

    def _stop_process(self) -> int | None:
        """Close the pipes and kill the process (no search is waited for; a stopped process dies too); returns
        its exit code."""
        for end in (self._requests, self._answers):
            if end is not None:
                end.close()
        self._requests = self._answers = None
        process, self._process = self._process, None
        if process is None:
            return None
        process.kill()
        process.join(REAP_SECONDS)
        code: int | None = process.exitcode
        return code

    def close(self) -> None:
        """Kill the worker at once (a running search is abandoned) and fail what was pending."""
        self._stop_process()
        self._fail_pending("the AI worker was closed", cancelled=True)


def _receive(answers: Connection) -> object:
    """One reply from the worker process; _Nonsense when it cannot even be read."""
    try:
        reply: object = answers.recv()
    except (EOFError, OSError):
        raise
    except Exception as exc:  # noqa: BLE001 - unpickling bytes from a broken worker fails in many ways
        raise _Nonsense(f"an unreadable reply ({type(exc).__name__})") from exc
    return reply


def _legal_in(sent: _Sent, action: str) -> bool:
    """True when `action` names a legal action in the position the job was sent for."""
    try:
        game = sent.game if sent.game is not None else rebuild_game(sent.job)
        state = game.state_from_dict(sent.job.state)
        return state.action_from_str(action) in state.legal_actions()
    except Exception:  # noqa: BLE001 - text from a broken worker: whatever the parser makes of it, it is not legal
        return False


class _Inbox:
    """The worker process's side of the request pipe: the jobs in order, each with its own stop flag."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[tuple[int, SearchJob] | None] = queue.Queue()
        self._stops: dict[int, threading.Event] = {}
        self._lock = threading.Lock()

    def listen(self, requests: Connection) -> None:
        """Take jobs and cancels until the window is gone, then stop every search (runs on its own thread)."""
        while True:
            try:
                message: Request = requests.recv()
            except (EOFError, OSError):
                break  # the window is gone: stop after the current search
            match message:
                case ("job", job_id, job):
                    with self._lock:
                        self._stops[job_id] = threading.Event()
                    self.jobs.put((job_id, job))
                case ("cancel", job_id):
                    with self._lock:
                        stop = self._stops.get(job_id)
                    if stop is not None:
                        stop.set()
        with self._lock:
            for stop in self._stops.values():
                stop.set()
        self.jobs.put(None)

    def stop_of(self, job_id: int) -> threading.Event:
        """The stop flag of a job taken in."""
        with self._lock:
            return self._stops[job_id]

    def forget(self, job_id: int) -> None:
        """Drop the stop flag of a job that is over."""
        with self._lock:
            self._stops.pop(job_id, None)


def serve(requests: Connection, answers: Connection) -> None:
    """The worker process: a listener thread takes jobs and cancels; searches run here, one at a time."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() on this platform, or not allowed: run at normal priority
        pass
    try:
        answers.send(("ready", os.getpid()))
    except (EOFError, OSError):
        return  # the window is gone already
    inbox = _Inbox()
    threading.Thread(target=inbox.listen, args=(requests,), daemon=True, name="kubiki-ai-listen").start()
    games: dict[tuple[str, str, str], Game] = {}
    while (item := inbox.jobs.get()) is not None:
        job_id, job = item
        stop = inbox.stop_of(job_id)
        try:
            if not stop.is_set():
                key = (job.mode, job.level_name, json.dumps(job.level_data, sort_keys=True))
                if key not in games:
                    games[key] = rebuild_game(job)
                done: Reply = ("done", job_id, run_search(job, games[key], stop))
                answers.send(done)
        except (EOFError, OSError):
            break
        except Exception as exc:  # noqa: BLE001 - reported to the window, which plays on
            failed: Reply = ("error", job_id, f"{type(exc).__name__}: {exc}")
            answers.send(failed)
        finally:
            inbox.forget(job_id)


EXECUTORS: dict[str, Callable[[], Executor]] = {
    "inline": InlineExecutor,
    "thread": ThreadExecutor,
    "process": ProcessExecutor,
}
_default: Executor | None = None


def default_executor() -> Executor:
    """The program's executor, made on first use from KUBIKI_AI_EXECUTOR (process when unset)."""
    global _default
    if _default is None:
        kind = os.environ.get(EXECUTOR_ENV, "process").strip().lower() or "process"
        if kind not in EXECUTORS:
            log.warning("%s=%r is not one of %s; using process", EXECUTOR_ENV, kind, ", ".join(EXECUTORS))
            kind = "process"
        _default = EXECUTORS[kind]()
    return _default


def set_default_executor(executor: Executor | None) -> None:
    """Install `executor` as the program's (None: back to the environment's choice); the old one is closed."""
    global _default
    old, _default = _default, executor
    if old is not None and old is not executor:
        old.close()
