"""One game being played in the window: seats, the seeded dice, the action log, undo, AI workers, autosave.

Mode-agnostic: it speaks only the engine seam. Chance nodes are sampled with the session's own seeded
`random.Random`, so a saved game (seed, applied notation, RNG state) resumes exactly. Undo restores a
snapshot taken at a human decision point, RNG state included, so taking an action back never rerolls dice.
AI seats (and hints) think on a worker thread over a clone of the state; the scene polls for the answer.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.controllers import make_controller
from game.engine import registry
from game.engine.core import CHANCE, TERMINAL, Action, Event, Game, Outcome, State
from game.engine.driver import sample_chance

log = logging.getLogger(__name__)

SAVE_VERSION = 1
AI_LEVELS = ("random", "greedy", "easy", "normal", "hard")
HINT_LEVEL = "hard"


def parse_seat(seat: Any) -> str:
    """Validate a seat: 'human' or 'ai:<level>'; returns it normalised, raises ValueError naming the problem."""
    if not isinstance(seat, str):
        raise ValueError(f"seat {seat!r}: expected 'human' or 'ai:<level>'")
    text = seat.strip().lower()
    if text == "human":
        return text
    if text == "ai":
        return "ai:normal"
    if text.startswith("ai:") and text[3:] in AI_LEVELS:
        return text
    raise ValueError(f"seat {seat!r}: expected 'human' or one of {', '.join('ai:' + lv for lv in AI_LEVELS)}")


class Job:
    """A computation on a daemon worker thread; `result`/`error` are set when `done`."""

    def __init__(self, fn: Callable[[], Any], tag: Any, stop: threading.Event | None = None) -> None:
        self.tag = tag
        self.stop = stop or threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self.cancelled = False
        self.thread = threading.Thread(target=self._run, args=(fn,), daemon=True, name="kubiki-ai")
        self.thread.start()

    def _run(self, fn: Callable[[], Any]) -> None:
        try:
            self.result = fn()
        except BaseException as exc:  # reported to the UI thread instead of dying silently
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """True once the worker finished."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests and benchmarks only); returns whether it finished."""
        return self._done.wait(timeout)


@dataclass
class Snapshot:
    """A decision point: the state before it, where the log stood, the RNG state, and who decided."""

    state: State
    log_length: int
    rng_state: Any
    seat: int


class GameSession:
    """A game in progress with its seats, dice RNG, log, undo stack and AI workers."""

    def __init__(self, mode: str, level: str = "standard", seats: list[str] | None = None,
                 seed: int | None = None, autosave: bool = True) -> None:
        self.mode = mode
        self.level = level or registry.DEFAULT_LEVEL
        self.game: Game = registry.load(mode, self.level)
        raw_seats = list(seats) if seats is not None else ["human"] * self.game.num_players
        if len(raw_seats) != self.game.num_players:
            raise ValueError(f"seats: {mode} needs {self.game.num_players} seats, got {len(raw_seats)}")
        self.seats = [parse_seat(s) for s in raw_seats]
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed: expected an integer, got {seed!r}")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.rng = random.Random(self.seed)
        self.autosave = autosave
        self.state: State = self.game.initial_state()
        self.log: list[str] = []
        self.actors: list[int] = []  # the seat behind each log entry (CHANCE for dice)
        self.snapshots: list[Snapshot] = []
        self.initial_events: list[Event] = self._advance_chance()
        self._controllers: dict[str, Any] = {}
        self._ai_job: Job | None = None
        self._hint_job: Job | None = None
        self.ai_error: str | None = None

    # ----- facts -----
    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.state.is_terminal()

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.state.outcome()

    @property
    def current_seat(self) -> int:
        """The seat to decide (CHANCE/TERMINAL otherwise)."""
        return self.state.current_player()

    def seat_kind(self, seat: int) -> str:
        """'human' or 'ai' for a seat index."""
        return "human" if self.seats[seat] == "human" else "ai"

    def seat_level(self, seat: int) -> str | None:
        """The AI level of a seat, None for a human."""
        return None if self.seats[seat] == "human" else self.seats[seat].split(":", 1)[1]

    @property
    def is_human_turn(self) -> bool:
        """True when a human seat must decide now."""
        seat = self.current_seat
        return seat >= 0 and self.seats[seat] == "human"

    @property
    def is_ai_turn(self) -> bool:
        """True when an AI seat must decide now."""
        seat = self.current_seat
        return seat >= 0 and self.seats[seat] != "human"

    @property
    def has_human(self) -> bool:
        """True when any seat is human."""
        return "human" in self.seats

    @property
    def can_undo(self) -> bool:
        """True when some human decision can be taken back."""
        return any(self.seats[s.seat] == "human" for s in self.snapshots)

    # ----- playing -----
    def apply(self, action: Action) -> list[Event]:
        """Apply the acting seat's decision, then any chance nodes it leads to; autosaves; returns all events."""
        seat = self.state.current_player()
        if seat in (CHANCE, TERMINAL):
            raise ValueError("no seat is to decide now")
        snapshot = Snapshot(self.state.clone(), len(self.log), self.rng.getstate(), seat)
        text = self.state.action_to_str(action)
        events = list(self.state.apply(action))
        self.snapshots.append(snapshot)
        self.log.append(text)
        self.actors.append(seat)
        events.extend(self._advance_chance())
        self._cancel_jobs()
        self._save()
        return events

    def apply_text(self, text: str) -> list[Event]:
        """Apply a decision given in notation."""
        return self.apply(self.state.action_from_str(text))

    def _advance_chance(self) -> list[Event]:
        events: list[Event] = []
        while self.state.current_player() == CHANCE:
            outcome = sample_chance(self.state, self.rng)
            self.log.append(self.state.action_to_str(outcome))
            self.actors.append(CHANCE)
            events.extend(self.state.apply(outcome))
        return events

    def undo(self) -> bool:
        """Take back the last human decision and everything after it (the AI's reply); False if none."""
        if not self.can_undo:
            return False
        self._cancel_jobs()
        while self.snapshots:
            snap = self.snapshots.pop()
            if self.seats[snap.seat] == "human":
                self._restore(snap)
                break
        self._save()
        return True

    def _restore(self, snap: Snapshot) -> None:
        self.state = snap.state.clone()
        del self.log[snap.log_length:]
        del self.actors[snap.log_length:]
        self.rng.setstate(snap.rng_state)

    # ----- AI and hints -----
    def controller(self, level: str, seat: int = 0) -> Any:
        """The (cached) AI controller for `level`."""
        key = f"{level}/{seat}"
        if key not in self._controllers:
            self._controllers[key] = make_controller(level, self.game, seed=self.seed + 7919 * (seat + 1))
        return self._controllers[key]

    @property
    def thinking(self) -> bool:
        """True while an AI seat's worker is computing."""
        return self._ai_job is not None and not self._ai_job.done

    def start_ai(self) -> bool:
        """Start the acting AI seat's worker if it is that seat's turn and none runs; True if started."""
        if not self.is_ai_turn or self._ai_job is not None:
            return False
        seat = self.current_seat
        ctrl = self.controller(self.seat_level(seat) or "normal", seat)
        snapshot = self.state.clone()
        stop = threading.Event()
        self._ai_job = Job(lambda: ctrl.choose(snapshot, stop), tag=len(self.log), stop=stop)
        return True

    def poll_ai(self) -> Action | None:
        """The AI's chosen action once its worker is done (and still current), else None."""
        job = self._ai_job
        if job is None or not job.done:
            return None
        self._ai_job = None
        if job.tag != len(self.log) or not self.is_ai_turn:
            return None
        legal = self.state.legal_actions()
        if job.error is not None or job.result not in legal:
            # A failing AI must not stall the game: say so and play a legal move instead.
            self.ai_error = repr(job.error) if job.error else f"illegal AI choice {job.result!r}"
            log.warning("AI seat %s: %s", self.current_seat, self.ai_error)
            return random.Random(self.seed + len(self.log)).choice(legal) if legal else None
        return job.result

    def wait_ai(self, timeout: float | None = 30.0) -> Action | None:
        """Block until the AI answers (tests, benchmarks); returns its action."""
        self.start_ai()
        if self._ai_job is not None:
            self._ai_job.wait(timeout)
        return self.poll_ai()

    def request_hint(self) -> bool:
        """Ask the strongest AI what the human to move should do; True if a request started."""
        if not self.is_human_turn:
            return False
        if self._hint_job is not None and self._hint_job.tag == len(self.log):
            return False
        ctrl = self.controller(HINT_LEVEL, -1)
        snapshot = self.state.clone()
        stop = threading.Event()
        self._hint_job = Job(lambda: ctrl.choose(snapshot, stop), tag=len(self.log), stop=stop)
        return True

    @property
    def hinting(self) -> bool:
        """True while a hint is being computed."""
        return self._hint_job is not None and not self._hint_job.done

    def poll_hint(self) -> Action | None:
        """The suggested action once ready (and still for this position), else None."""
        job = self._hint_job
        if job is None or not job.done:
            return None
        self._hint_job = None
        if job.tag != len(self.log) or job.error is not None:
            return None
        return job.result if job.result in self.state.legal_actions() else None

    def wait_hint(self, timeout: float | None = 30.0) -> Action | None:
        """Block for the hint (tests)."""
        self.request_hint()
        if self._hint_job is not None:
            self._hint_job.wait(timeout)
        return self.poll_hint()

    def _cancel_jobs(self) -> None:
        # Threads cannot be killed; their answers are dropped by the tag check instead.
        for job in (self._ai_job, self._hint_job):
            if job is not None:
                job.cancelled = True
                job.stop.set()
        self._ai_job = None
        self._hint_job = None

    def close(self) -> None:
        """Forget running workers (their threads end on their own)."""
        self._cancel_jobs()

    # ----- saving -----
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form for the autosave: mode, level, seats, seed, applied notation, RNG state."""
        version, internal, gauss = self.rng.getstate()
        return {
            "version": SAVE_VERSION,
            "mode": self.mode,
            "level": self.level,
            "seats": list(self.seats),
            "seed": self.seed,
            "actions": list(self.log),
            "rng": [version, list(internal), gauss],
        }

    @classmethod
    def from_dict(cls, data: Any, autosave: bool = True) -> GameSession:
        """Rebuild a session by replaying its log; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("saved game: expected a JSON object")
        for key, kind in (("mode", str), ("level", str), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise ValueError(f"saved game: field '{key}' is missing or not a {kind.__name__}")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("saved game: field 'seed' must be an integer")
        session = cls(data["mode"], data["level"], data["seats"], seed, autosave=False)
        # The constructor sampled the opening chance nodes; redo that from the log instead.
        session.state = session.game.initial_state()
        session.log.clear()
        session.actors.clear()
        session.rng = random.Random(session.seed)
        for index, text in enumerate(data["actions"]):
            if not isinstance(text, str):
                raise ValueError(f"saved game: action #{index + 1} is not text")
            state = session.state
            seat = state.current_player()
            if seat == TERMINAL:
                raise ValueError(f"saved game: action #{index + 1} {text!r} comes after the end of the game")
            try:
                if seat == CHANCE:
                    sampled = sample_chance(state, session.rng)
                    action = sampled if state.action_to_str(sampled) == text else state.action_from_str(text)
                else:
                    session.snapshots.append(Snapshot(state.clone(), len(session.log), session.rng.getstate(), seat))
                    action = state.action_from_str(text)
                state.apply(action)
            except ValueError as exc:
                raise ValueError(f"saved game: action #{index + 1} {text!r} is not legal: {exc}") from exc
            session.log.append(text)
            session.actors.append(seat)
        rng = data.get("rng")
        session._advance_chance()  # a log cut at a chance node resumes by sampling it
        if rng is not None:
            try:
                version, internal, gauss = rng
                session.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
            except (TypeError, ValueError) as exc:
                raise ValueError("saved game: field 'rng' is not a random-generator state") from exc
        session.autosave = autosave
        return session

    def _save(self) -> None:
        if not self.autosave:
            return
        try:
            from game.client import saves

            if self.is_over:
                saves.clear_autosave()
            else:
                saves.write_autosave(self.to_dict())
        except OSError as exc:  # a full disk must not end the game; the player just loses Continue
            log.warning("autosave failed: %s", exc)
