"""One game being played in the window: seats, the seeded dice, the action log, undo, AI jobs, the autosave.

Mode-agnostic: it speaks only the engine seam. Chance nodes are sampled with the session's own seeded
`random.Random`, so a saved game (seed, applied notation, RNG state) resumes exactly. Undo restores a
snapshot taken at a human decision point, RNG state included, so taking an action back never rerolls dice.
AI seats (and hints) are searched by an executor (`game.client.play.worker`); the scene polls for the answer.
A search that is lost (its worker hung, died or answered nonsense) is stood in for by the quick search here.
Every apply and undo bumps a generation, so an answer that comes back after undo, restart or quit is dropped.
`save()` is the one autosave writer: each game keeps its own file (`saves`), written after every action and removed
when the game ends (once its record is written); a session made with `autosave=False` never touches the saves, and a
game with no human seat (one being watched) is never kept as an unfinished game.
"""

from __future__ import annotations

import logging
import math
import random
import time
from dataclasses import dataclass
from pathlib import Path

from game import userfiles
from game.client import saves
from game.client.play import records
from game.client.play.counting import turn_count
from game.client.play.seats import HUMAN, clean_name, parse_seat, seat_level
from game.client.play.worker import Executor, SearchJob, Ticket, default_executor, quick_search
from game.engine import files, registry
from game.engine.core import CHANCE, TERMINAL, Action, AnyState, Event, Game, JSONObject, Outcome
from game.engine.driver import sample_chance

log = logging.getLogger(__name__)

SAVE_VERSION = 1
HINT_LEVEL = "hard"
# How many decisions back an AI search is told the game (see `_submit`): two turns of every seat, and then some.
RECALL_DECISIONS = 48

#: What `random.Random.getstate()` returns: a version, the Mersenne Twister's words, a cached Gaussian.
RngState = tuple[int, tuple[int, ...], float | None]
MT_VERSION, MT_WORDS = 3, 624  # the state `random.Random` saves: version 3, 624 words plus an index


@dataclass
class Snapshot:
    """A decision point: the state before it, where the log stood, the RNG state, and who decided."""

    state: AnyState
    log_length: int
    rng_state: RngState
    seat: int


class GameSession:
    """A game in progress with its seats, dice RNG, log, undo stack and AI jobs."""

    def __init__(
        self,
        mode: str,
        level: str = "standard",
        seats: list[str] | None = None,
        seed: int | None = None,
        autosave: bool = True,
        executor: Executor | None = None,
        names: list[str] | None = None,
        presets: list[str] | None = None,
        options: dict[str, int] | None = None,
        game: Game | None = None,
    ) -> None:
        self.mode = mode
        self.level = level or registry.DEFAULT_LEVEL
        # The numbers the players agreed on in the dialog (CheckRisk's starting tokens...): only those that differ
        # from the level's own are kept, so a game at the standard values saves as before.
        self.options = agreed_options(mode, self.level, options) if game is None else {}
        # A game built from data that is no level file (a lesson's position) is handed over whole.
        self.game: Game = game if game is not None else userfiles.load_game(mode, self.level, self.options)
        self._given_game = game is not None
        raw_seats = list(seats) if seats is not None else [HUMAN] * self.game.num_players
        if len(raw_seats) != self.game.num_players:
            raise ValueError(f"seats: {mode} needs {self.game.num_players} seats, got {len(raw_seats)}")
        self.seats = [parse_seat(s) for s in raw_seats]
        count = self.game.num_players
        # Names players gave their seats ('' keeps the mode's own name) and each seat's chosen setup preset
        # ('' lets the seat deploy as it likes): the dialog's choices, kept in the save.
        self._names: list[str] = []
        self.names = _per_seat(names, count, "names")
        self.presets = [str(p) for p in _per_seat(presets, count, "presets")]
        for seat, preset in enumerate(self.presets):
            if preset and preset not in self.game.presets(seat):
                raise ValueError(f"presets: seat {seat + 1} has no preset {preset!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed: expected an integer, got {seed!r}")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.rng = random.Random(self.seed)
        self.autosave = autosave
        self.state: AnyState = self.game.initial_state()
        self.log: list[str] = []
        self.actors: list[int] = []  # the seat behind each log entry (CHANCE for dice)
        self.snapshots: list[Snapshot] = []
        self.placed: dict[int, AnyState] = {}  # positions put in play without an action, by the log length then
        self.initial_events: list[Event] = self._advance_chance()
        self._executor = executor
        self._generation = 0  # bumped by every apply, undo and close: older answers are stale
        self._ai_ticket: Ticket | None = None
        self._preset_ready: Action | None = None  # an AI seat's setup chosen in the dialog, played without search
        self._hint_ticket: Ticket | None = None
        self.ai_error: str | None = None
        # 'move' or 'hint' after the quick search stood in for a lost one, until the board has told the player.
        self.helper_note: str | None = None
        self.save_problem: str | None = None  # why the last autosave failed, None when it worked
        self.save_path: Path | None = None  # this unfinished game's own file, once written (kept for an undone end)
        self.record_path: Path | None = None  # the finished game's record file (rewritten if the end is taken back)
        self.played: float | None = None  # when a move was last played or taken back (None: not since it was made)
        self.taken_by: int | None = None  # another copy of the game that took this game over: not saved here since
        self._holding = False  # this copy's lock is on the game's file
        self.redo_stack: list[str] = []  # human decisions taken back by undo, newest last

    # ----- facts -----

    @property
    def names(self) -> list[str]:
        """The names players gave their seats ('' keeps the mode's own name)."""
        return self._names

    @names.setter
    def names(self, names: list[str]) -> None:
        """Seat names pass one door: each is made short and drawable (`clean_name`) whoever gives it."""
        self._names = [clean_name(str(n)) for n in names]

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
        return HUMAN if self.seats[seat] == HUMAN else "ai"

    def seat_level(self, seat: int) -> str | None:
        """The AI level of a seat, None for a human."""
        return seat_level(self.seats[seat])

    @property
    def is_human_turn(self) -> bool:
        """True when a human seat must decide now."""
        seat = self.current_seat
        return seat >= 0 and self.seats[seat] == HUMAN

    @property
    def is_ai_turn(self) -> bool:
        """True when an AI seat must decide now."""
        seat = self.current_seat
        return seat >= 0 and self.seats[seat] != HUMAN

    @property
    def has_human(self) -> bool:
        """True when any seat is human."""
        return HUMAN in self.seats

    @property
    def can_undo(self) -> bool:
        """True when some human decision can be taken back."""
        return any(self.seats[s.seat] == HUMAN for s in self.snapshots)

    @property
    def can_redo(self) -> bool:
        """True when a decision taken back can be played again (no other action was taken since)."""
        return bool(self.redo_stack) and self.is_human_turn

    # ----- playing -----
    def apply(self, action: Action, redoing: bool = False) -> list[Event]:
        """Apply the acting seat's decision, then any chance nodes it leads to; autosaves; returns all events."""
        seat = self.state.current_player()
        if seat in (CHANCE, TERMINAL):
            raise ValueError("no seat is to decide now")
        snapshot = Snapshot(self.state.clone(), len(self.log), self.rng.getstate(), seat)
        text = self.state.action_to_str(action)
        if self.seats[seat] == HUMAN and not redoing:
            self.redo_stack.clear()  # a new decision: what was taken back cannot come back any more
        events = list(self.state.apply(action))
        self.played = time.time()
        self.snapshots.append(snapshot)
        self.log.append(text)
        self.actors.append(seat)
        events.extend(self._advance_chance())
        self._cancel_jobs()
        self.save()
        return events

    def set_position(self, state: AnyState) -> None:
        """Put `state` in play without an action (a lesson's other side doing nothing): no log entry, no undo step."""
        self._cancel_jobs()
        self.state = state
        self.placed[len(self.log)] = state.clone()  # so the move list and a review replay through it

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
            if self.seats[snap.seat] == HUMAN:
                self.redo_stack.append(self.log[snap.log_length])
                self._restore(snap)
                break
        self.played = time.time()
        self.save()
        return True

    def redo(self) -> list[Event] | None:
        """Play again the last decision undo took back (the dice fall as before); None when there is none."""
        if not self.can_redo:
            return None
        text = self.redo_stack.pop()
        try:
            action = self.state.action_from_str(text)
        except ValueError:
            self.redo_stack.clear()
            return None
        return self.apply(action, redoing=True)

    def _restore(self, snap: Snapshot) -> None:
        self.state = snap.state.clone()
        del self.log[snap.log_length :]
        del self.actors[snap.log_length :]
        self.rng.setstate(snap.rng_state)

    # ----- AI and hints -----
    @property
    def executor(self) -> Executor:
        """Where this session's searches run: its own executor, else the program's default one."""
        return self._executor if self._executor is not None else default_executor()

    def _job_seed(self, seat: int) -> int:
        # One seed per (game, seat, position in the log): the same decision point always gets the same search,
        # however many searches ran before (after an undo too), and wherever the executor runs it.
        return (self.seed * 1_000_003 + 7919 * (seat + 2) + 104_729 * len(self.log)) % 2**62

    def _submit(self, spec: str, seat: int) -> Ticket:
        # The position RECALL_DECISIONS decisions ago and the log since: a planner that remembers its recent moves
        # (so as not to undo them) rebuilds them from it, as its search runs afresh for every decision.
        earlier = self.snapshots[-RECALL_DECISIONS:][0] if self.snapshots else None
        job = SearchJob(
            self.mode,
            self.game.level_name,
            self.game.level_data,
            self.state.to_dict(),
            spec,
            self._job_seed(seat),
            earlier.state.to_dict() if earlier else None,
            tuple(self.log[earlier.log_length :]) if earlier else (),
        )
        return self.executor.submit(job, tag=self._generation, game=self.game)

    def _answer(self, ticket: Ticket) -> Action | None:
        """The ticket's action if it is legal here, else None (with `ticket.error` saying why when it failed)."""
        if ticket.answer is None:
            return None
        action: Action | None
        try:
            action = self.state.action_from_str(ticket.answer.action)
        except ValueError:
            action = None
        if action is None or action not in self.state.legal_actions():
            ticket.error = f"illegal AI choice {ticket.answer.action!r}"
            return None
        return action

    @property
    def thinking(self) -> bool:
        """True while an AI seat's search is running."""
        return self._ai_ticket is not None and not self._ai_ticket.done

    def start_ai(self) -> bool:
        """Start the acting AI seat's search if it is that seat's turn and none runs; True if started."""
        if not self.is_ai_turn or self._ai_ticket is not None:
            return False
        seat = self.current_seat
        self._preset_ready = self.preset_due()
        if self._preset_ready is not None:
            return True  # the seat's setup was chosen in the dialog: no search
        self._ai_ticket = self._submit(self.seat_level(seat) or "normal", seat)
        return True

    def preset_due(self) -> Action | None:
        """The decision deploying the acting seat's chosen preset, while that preset can still be chosen."""
        seat = self.current_seat
        if seat < 0 or not self.presets[seat]:
            return None
        return self.state.preset_action(self.presets[seat])

    def poll_ai(self) -> Action | None:
        """The AI's chosen action once its search is done (and still current), else None."""
        if self._preset_ready is not None:
            action, self._preset_ready = self._preset_ready, None
            return action if self.is_ai_turn and action in self.state.legal_actions() else None
        ticket = self._ai_ticket
        if ticket is None or not ticket.done:
            return None
        self._ai_ticket = None
        if ticket.tag != self._generation or ticket.cancelled or not self.is_ai_turn:
            return None  # stale, or its executor was closed
        action = self._answer(ticket)
        if action is None:
            return self._stand_in(ticket, self.current_seat, "move")
        return action

    def _stand_in(self, ticket: Ticket, seat: int, note: str) -> Action | None:
        """A lost search (its worker hung, died, failed or answered nonsense) must not stall the game: the quick
        search decides here instead, and `helper_note` asks the board to say so."""
        self.ai_error = ticket.error or "the AI gave no answer"
        log.warning("AI seat %s: %s", seat, self.ai_error)
        self.helper_note = note
        return quick_search(self.state, self._job_seed(seat))

    def take_helper_note(self) -> str | None:
        """'move' or 'hint' once after the quick search stood in for a lost one (the board tells the player)."""
        note, self.helper_note = self.helper_note, None
        return note

    def wait_ai(self, timeout: float | None = 30.0) -> Action | None:
        """Block until the AI answers (tests, benchmarks); returns its action."""
        self.start_ai()
        if self._ai_ticket is not None:
            self._ai_ticket.wait(timeout)
        return self.poll_ai()

    def request_hint(self) -> bool:
        """Ask the strongest AI what the human to move should do; True if a request started."""
        if not self.is_human_turn:
            return False
        if self._hint_ticket is not None and self._hint_ticket.tag == self._generation:
            return False
        self._hint_ticket = self._submit(HINT_LEVEL, -1)
        return True

    @property
    def hinting(self) -> bool:
        """True from a hint's request until `poll_hint` takes its answer: one that came in between the board's
        update and its look at when to wake must still wake it."""
        return self._hint_ticket is not None

    def poll_hint(self) -> Action | None:
        """The suggested action once ready (and still for this position), else None."""
        ticket = self._hint_ticket
        if ticket is None or not ticket.done:
            return None
        self._hint_ticket = None
        if ticket.tag != self._generation or ticket.cancelled:
            return None
        action = self._answer(ticket)
        if action is None and self.is_human_turn:
            return self._stand_in(ticket, -1, "hint")
        return action

    def wait_hint(self, timeout: float | None = 30.0) -> Action | None:
        """Block for the hint (tests)."""
        self.request_hint()
        if self._hint_ticket is not None:
            self._hint_ticket.wait(timeout)
        return self.poll_hint()

    def _cancel_jobs(self) -> None:
        # Every change of position makes running searches stale: stop them and forget their tickets.
        self._generation += 1
        self._preset_ready = None
        for ticket in (self._ai_ticket, self._hint_ticket):
            if ticket is not None and not ticket.done:
                self.executor.cancel(ticket)
        self._ai_ticket = None
        self._hint_ticket = None

    def close(self) -> None:
        """Stop this game's searches (the executor stays, for the next game) and take this copy's lock off its file."""
        self._cancel_jobs()
        if self._holding and self.save_path is not None:
            saves.release(self.save_path)
            self._holding = False

    def hold(self) -> None:
        """Mark this game's file as played by this copy of the game (taking it over from another copy: that one stops
        saving it); nothing for a game that is not saved."""
        self.taken_by = None
        if self.autosave and self.save_path is not None:
            self._hold(self.save_path)

    def _hold(self, path: Path) -> None:
        try:
            saves.hold(path)
        except OSError as exc:  # the lock is a courtesy to other copies: a folder that takes none still plays
            log.warning("could not mark %s as played here: %s", path, exc)
            return
        self._holding = True

    def new_game(self, seed: int | None, *, same_file: bool = False) -> GameSession:
        """A fresh game with this one's mode, level, seats, autosave choice and executor (`seed` None: new dice).

        `same_file`: the new game replaces this one in its save file (Restart); else it gets a file of its own.
        """
        fresh = GameSession(
            self.mode,
            self.level,
            list(self.seats),
            seed,
            self.autosave,
            self._executor,
            list(self.names),
            list(self.presets),
            dict(self.options),
            self.game if self._given_game else None,
        )
        if same_file:
            fresh.save_path = self.save_path
        return fresh

    # ----- saving -----
    def to_dict(self) -> JSONObject:
        """A JSON-safe form for the autosave: mode, level, seats, names, presets, the agreed numbers (when there are
        any), seed, applied notation, RNG state."""
        version, internal, gauss = self.rng.getstate()
        data: JSONObject = {
            "version": SAVE_VERSION,
            "mode": self.mode,
            "level": self.level,
            "seats": list(self.seats),
            "names": list(self.names),
            "presets": list(self.presets),
            "seed": self.seed,
            "actions": list(self.log),
            "rng": [version, list(internal), gauss],
        }
        if self.options:
            data["options"] = dict(self.options)  # only agreed numbers: a standard game saves as it always did
        return data

    @classmethod
    def from_dict(cls, data: object, autosave: bool = True, executor: Executor | None = None) -> GameSession:
        """Rebuild a session by replaying its log; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("saved game: expected a JSON object")
        seed = _saved_seed(data)
        session = cls(
            data["mode"],
            data["level"],
            data["seats"],
            seed,
            autosave=False,
            executor=executor,
            names=data.get("names"),
            presets=data.get("presets"),
            options=_saved_options(data.get("options")),
        )
        if len(data["actions"]) > session.game.max_length:
            raise ValueError(
                f"saved game: field 'actions': {len(data['actions'])} moves, more than a game of this level can have "
                f"({session.game.max_length})"
            )
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
                session.rng.setstate(read_rng_state(rng))
            except ValueError as exc:
                raise ValueError(f"saved game: field {exc}") from exc
        session.autosave = autosave
        return session

    @classmethod
    def resume(cls, game: saves.Unfinished, executor: Executor | None = None) -> GameSession:
        """The unfinished `game` rebuilt from its file, saving back into that file; ValueError naming what is
        wrong; an online game reconnects to its match (`game.client.play.online`)."""
        if "online" in game.session:
            from game.client.play.online import OnlineSession

            return OnlineSession.from_saved(game, executor)
        session = cls.from_dict(game.session, executor=executor)
        session.save_path = game.path
        session.played = game.saved  # opening a game is not playing it: its date stays until a move is made
        return session

    def summary(self) -> JSONObject:
        """What a list of games shows without replaying this one: the seat to decide, the decisions so far and the
        turn being played as the board counts it (each side's turn number where the rules set no limit)."""
        seat = self.current_seat
        moves = sum(1 for actor in self.actors if actor >= 0)
        summary: JSONObject = {"to_play": seat if seat >= 0 else None, "moves": moves, "turn": self.count()[0]}
        progress = self.state.progress()
        if progress is not None:
            summary["progress"] = list(progress)
        return summary

    def count(self) -> tuple[int, int | None]:
        """The turn (or round) being played as every screen says it, and its limit (see `counting.turn_count`)."""
        return turn_count(self.state, self.turn_number(), len(self.seats))

    def turn_number(self) -> int:
        """The turn being played, counted from 1 (the last turn once the game is over)."""
        seats = [snap.state.turn_seat() for snap in self.snapshots]
        now = self.state.turn_seat()
        if now >= 0:
            seats.append(now)
        return max(1, sum(1 for i, seat in enumerate(seats) if i == 0 or seat != seats[i - 1]))

    def save(self) -> str | None:
        """The one autosave writer: stores this game in its own file (atomically, a new file the first time), or,
        once it is over, keeps the game's record and then removes that file (a record that cannot be written leaves
        the finished game among the unfinished ones, where the next start keeps its record). A game nobody plays here
        (every seat a computer) is not kept as unfinished: it never becomes the player's Continue.

        Does nothing for a session made with `autosave=False`. Returns None, or the problem when writing failed
        (also kept in `save_problem`): a full disk must not end the game; the player only loses Continue.
        """
        if not self.autosave:
            return None
        try:
            if self.is_over:
                self._keep_record_or_save()
            elif self.has_human:
                self.save_path = self._write_save()
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            self.save_problem = str(exc)
            return self.save_problem
        self.save_problem = None
        return None

    def record(self) -> records.GameRecord:
        """This game as a record (the arena's format)."""
        record = records.record_of(
            self.mode, self.level, self.seed, list(self.seats), list(self.log), self.state, list(self.names)
        )
        record.options = dict(self.options)
        return record

    def _write_save(self) -> Path:
        """Write this game's file, marked as played here; `saves.InUse` when another copy of the game took it over
        (its moves since then are not written over the other copy's)."""
        if self.save_path is not None and (other := saves.holder(self.save_path)) is not None:
            self.taken_by = other
            raise saves.InUse(self.save_path, other)
        path = saves.write_save(self.to_dict(), self.save_path, self.summary(), played=self.played)
        if not self._holding:
            self._hold(path)
        return path

    def _keep_record_or_save(self) -> None:
        """The finished game's record, then its unfinished file removed; OSError (the file kept, holding the end)
        when the record cannot be written."""
        try:
            # One file per finished game: a take-back and a new ending rewrite it.
            self.record_path = records.save_record(self.record(), self.record_path)
        except OSError:
            if self.has_human or self.save_path is not None:
                self.save_path = self._write_save()  # nothing is lost: the next start keeps its record
            raise
        if self.save_path is not None:
            saves.remove_save(self.save_path)


def _saved_seed(data: JSONObject) -> int | None:
    """A saved game's seed, the types of its fields checked; ValueError naming the field otherwise."""
    for key, kind in (("mode", str), ("level", str), ("seats", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise ValueError(f"saved game: field '{key}' is missing or not a {kind.__name__}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError("saved game: field 'seed' must be an integer")
    return seed


def read_rng_state(value: object) -> RngState:
    """A dice generator's state as saved (`[version, [624 words and an index], gauss]`, what
    `random.Random.getstate()` gives); ValueError naming the part that is not one."""
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise ValueError(f"rng: expected [version, state, gauss], got {_short(value)}")
    version, internal, gauss = value
    if type(version) is not int or version != MT_VERSION:
        raise ValueError(f"rng[0]: the generator's version must be {MT_VERSION}, not {_short(version)}")
    if not isinstance(internal, list | tuple) or len(internal) != MT_WORDS + 1:
        raise ValueError(f"rng[1]: expected {MT_WORDS + 1} whole numbers (the words and an index)")
    for i, word in enumerate(internal):
        if type(word) is not int or not 0 <= word < 2**32:
            raise ValueError(f"rng[1][{i}]: {_short(word)} is not a 32-bit word")
    if internal[-1] > MT_WORDS:
        raise ValueError(f"rng[1][{MT_WORDS}]: the index {internal[-1]} is past the {MT_WORDS} words")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, int | float) or not _finite(gauss)):
        raise ValueError(f"rng[2]: the kept Gaussian must be a finite number or null, not {_short(gauss)}")
    return MT_VERSION, tuple(internal), None if gauss is None else float(gauss)


def _finite(number: float) -> bool:
    try:
        return math.isfinite(number)
    except OverflowError:  # an integer too large for a float
        return False


def _short(value: object) -> str:
    """A value quoted in a message, kept short."""
    return files.clean_text(repr(value), 60)


def agreed_options(mode: str, level: str, options: dict[str, int] | None) -> dict[str, int]:
    """The agreed numbers that differ from the level's own (checked when the game is made with them)."""
    if not options:
        return {}
    standard = {option.name: option.value for option in userfiles.load_game(mode, level).options()}
    return {name: value for name, value in options.items() if standard.get(name) != value}


def _saved_options(value: object) -> dict[str, int] | None:
    """A save's agreed numbers (an older save has none: the standard game); ValueError for anything else."""
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise ValueError("saved game: field 'options' must be an object of whole numbers")
    return dict(value)


def _per_seat(values: object, count: int, field: str) -> list[str]:
    """`values` as one entry per seat ('' for each when None); ValueError for anything else."""
    if values is None:
        return [""] * count
    if not isinstance(values, list) or len(values) != count or not all(isinstance(v, str) for v in values):
        raise ValueError(f"{field}: expected {count} texts, one per seat, got {values!r}")
    return [str(v) for v in values]
