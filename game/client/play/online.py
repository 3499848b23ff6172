"""A game played on a match server: a session whose decisions, remote seats and dice come from the server's entries.

`OnlineSession` is a `GameSession` whose source of actions is the match: every seat played on this machine (a human
here, or a computer seat the host's game plays) has its own `ThreadedMatchClient` holding that seat's token; the
first of them (or a watcher) is the one whose numbered entries the board replays. A decision made here is sent, and
applied only when the server's entry for it comes back: the board never shows a state the server did not confirm.
Chance outcomes are the server's entries, never a local roll. To the board, a seat it waits for (a remote player,
the server's answer, a roll not yet arrived) is like a computer seat thinking: `poll_ai` hands it the next entry.

The scene calls `pump()` each frame. No pygame here.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game.client import saves
from game.client.play import records
from game.client.play.seats import HUMAN, REMOTE, clean_name, parse_seat
from game.client.play.session import GameSession, Snapshot
from game.client.play.worker import Executor
from game.engine.core import CHANCE, JSON, Action, Event, JSONObject, Outcome
from game.online import protocol as P
from game.online.client_config import ClientConfig
from game.online.client_events import (
    Applied,
    ClientEvent,
    Ended,
    Joined,
    OfferChanged,
    PresenceChanged,
    Refused,
    RematchReady,
    SeatPresence,
    ServerStatus,
    Status,
    StatusChanged,
    Unsent,
)
from game.online.dice import DiceCheck
from game.online.match import Resignable, resignation
from game.online.protocol import Entry

if TYPE_CHECKING:
    from game.online.threaded_client import ThreadedMatchClient

log = logging.getLogger(__name__)

#: The port a game hosted from the menu listens on (another free one when it is taken).
HOST_PORT = 8765
#: Refusals without a request number (a flood, a message the server could not read) after which a seat decides
#: again; a refusal that names the decision awaited always lets it decide again.
DECIDE_AGAIN = frozenset({P.STALE, P.ILLEGAL, P.NOT_YOUR_TURN, P.NOT_STARTED, P.UNAVAILABLE, P.RATE_LIMITED})

ClientFactory = Callable[[ClientConfig], "ThreadedMatchClient"]


def _threaded_client(config: ClientConfig) -> ThreadedMatchClient:
    """A client on its own thread (imported at the first connection: a game played here only never loads it)."""
    from game.online.threaded_client import ThreadedMatchClient

    return ThreadedMatchClient(config)


@dataclass
class OnlineLink:
    """Where the match is and which seats this machine plays: the server's address, the join code, whether this
    machine runs the server, and each own seat's kind ('human' or 'ai:<level>') and token (None until claimed)."""

    url: str
    code: str
    hosted: bool = False
    kinds: dict[int, str] = field(default_factory=dict)
    tokens: dict[int, str | None] = field(default_factory=dict)

    def to_dict(self) -> JSONObject:
        """The JSON form kept in the game's save (the tokens let Resume come back to the seats)."""
        return {
            "url": self.url,
            "code": self.code,
            "hosted": self.hosted,
            "seats": [{"seat": s, "kind": k, "token": self.tokens.get(s)} for s, k in sorted(self.kinds.items())],
        }

    @classmethod
    def from_dict(cls, data: object) -> OnlineLink:
        """The link a save keeps; ValueError naming what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("url"), str) or not isinstance(data.get("code"), str):
            raise ValueError("saved game: field 'online' must name the server's url and the join code")
        link = cls(str(data["url"]), P.normal_code(str(data["code"])), bool(data.get("hosted")))
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise ValueError("saved game: field 'online.seats' must be a list")
        for item in seats:
            if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
                raise ValueError("saved game: field 'online.seats' holds a seat without its number")
            seat = int(item["seat"])
            link.kinds[seat] = parse_seat(item.get("kind"))
            token = item.get("token")
            link.tokens[seat] = token if isinstance(token, str) else None
        return link


class OnlineSession(Resignable, GameSession):
    """A game on a match server, mirrored from its entries; seats played here send their decisions to it."""

    online = True

    def __init__(
        self,
        mode: str,
        level: str,
        link: OnlineLink,
        num_seats: int,
        names: list[str] | None = None,
        options: dict[str, int] | None = None,
        seed: int | None = None,
        executor: Executor | None = None,
        autosave: bool = True,
        connect: ClientFactory | None = None,
    ) -> None:
        # Set before the base constructor: it asks `_advance_chance` for the opening rolls (none until they arrive).
        self.link = link
        self.inbox: list[Entry] = []
        self.entry_seq = 0  # the last entry applied here
        self.seq_of: list[int] = []  # the entry behind each log item
        self.catch_up_to: int | None = None  # entries up to this one are applied at once (set by the first join)
        self.pending: int | None = None  # the seat whose decision was sent and is not answered yet
        self.pending_ref: int | None = None  # that decision's request number (its refusal carries it)
        # Decisions the seat made in the same breath after the one pending (a deployment cell by cell), each sent
        # once the one before it is confirmed.
        self.outbox: list[tuple[int, str]] = []
        self.resigned: Outcome | None = None
        self.status: Status = "connecting"
        self.status_reason = ""
        #: False while the server says its store is out of reach: it applies nothing until it says so again.
        self.available = True
        self.presence: tuple[SeatPresence, ...] = ()
        self.match: JSONObject = {}
        self.takeback_from: int | None = None  # the seat whose takeback request is open
        self.dice_check: DiceCheck | None = None
        self.rematch_code = ""
        self.rematch_seats: tuple[int, ...] = ()
        self.notes: list[tuple[str, str]] = []  # (what, detail) for the board to tell: refusals, a declined takeback
        self.jumped = False  # the position changed without an action to animate (a catch-up, a takeback)
        self._handed: Entry | None = None
        self._connect = connect or _threaded_client
        self.clients: dict[int, ThreadedMatchClient] = {}
        self.watcher: ThreadedMatchClient | None = None
        seats = [link.kinds.get(s, REMOTE) for s in range(num_seats)]
        super().__init__(
            mode,
            level,
            [HUMAN if s == REMOTE else s for s in seats],
            seed,
            autosave=False,
            executor=executor,
            names=names,
            options=options,
        )
        self.seats = seats
        self.autosave = autosave

    # ----- the connection -----
    def connect(self) -> None:
        """Join the match: one client per seat played here (claiming it, or back with its token), else a watcher."""
        if self.clients or self.watcher is not None:
            return
        if self.link.hosted:
            wanted = port_of(self.link.url)
            self.link.url = ensure_server(wanted)
            if port_of(self.link.url) != wanted:  # taken: a friend's saved address no longer reaches the match
                self.notes.append(("port_moved", str(wanted)))
        for seat in sorted(self.link.kinds):
            name = self.names[seat] if seat < len(self.names) and self.names[seat] else f"Player {seat + 1}"
            token = self.link.tokens.get(seat)
            self.clients[seat] = self._connect(ClientConfig(self.link.url, self.link.code, seat, token, name)).start()
        if not self.clients:
            self.watcher = self._connect(ClientConfig(self.link.url, self.link.code)).start()
        self.save()  # listed in Games from the start (a rematch, a game joined)

    @property
    def primary(self) -> ThreadedMatchClient | None:
        """The client whose entries the board replays: the first human seat's here, else the first seat's, else the
        watcher's."""
        for seat, client in self.clients.items():
            if self.seats[seat] == HUMAN:
                return client
        return next(iter(self.clients.values()), self.watcher)

    @property
    def watching(self) -> bool:
        """True when no seat is played here."""
        return not self.link.kinds

    def own(self, seat: int) -> bool:
        """True for a seat played on this machine."""
        return seat in self.link.kinds

    def close(self) -> None:
        """Leave the match (it goes on on the server) and stop this game's searches."""
        super().close()
        for client in [*self.clients.values(), *([self.watcher] if self.watcher else [])]:
            client.close(timeout=2.0)
        self.clients.clear()
        self.watcher = None

    @property
    def started(self) -> bool:
        """True once every seat is claimed (the match plays)."""
        return self.match.get("status") in ("playing", "over") or self.entry_seq > 0

    def pump(self) -> None:
        """Read what every client received since the last frame; apply what needs no animation (the catch-up after
        joining, takebacks, a resignation)."""
        primary = self.primary
        for seat, client in list(self.clients.items()):
            self._read(seat, client, client is primary)
            if client.token is not None and self.link.tokens.get(seat) != client.token:
                self.link.tokens[seat] = client.token  # kept in the save: Resume comes back to the seat
                self.save()
        if self.watcher is not None:
            self._read(None, self.watcher, True)
        self._apply_ready()
        self._send_next()

    def _send_next(self) -> None:
        """Send the next decision of the outbox once the one before it is confirmed (dropped if no longer legal)."""
        while self.outbox and self._may_decide():
            seat, text = self.outbox.pop(0)
            client = self.clients.get(seat)
            try:
                legal = self.current_seat == seat and self.state.action_from_str(text) in self.state.legal_actions()
            except ValueError:
                legal = False
            if client is None or not legal:
                self.outbox.clear()
                return
            self.pending, self.pending_ref = seat, client.send_action(text, self.entry_seq)

    def _read(self, seat: int | None, client: ThreadedMatchClient, primary: bool) -> None:
        for event in client.poll():
            if isinstance(event, Joined):
                if seat is not None and self.pending == seat:
                    self._decide_again()  # sent on a lost connection (the replay has it if it was applied)
                if primary:
                    self.available = True  # a new connection; the server says at once if it cannot store
                    self.match = dict(event.match)
                    if self.catch_up_to is None:
                        seq = event.match.get("seq")
                        self.catch_up_to = seq if isinstance(seq, int) else 0
            elif isinstance(event, Refused):
                self._refused(seat, event)
            elif isinstance(event, Unsent):
                if seat is not None and self.pending == seat and event.ref == self.pending_ref:
                    self._decide_again()  # it never left this machine: no answer will come
            elif primary:
                self._primary_event(event)

    def _primary_event(self, event: ClientEvent) -> None:
        if isinstance(event, Applied):
            self.inbox.append(event.entry)
        elif isinstance(event, StatusChanged):
            self.status, self.status_reason = event.status, event.reason
        elif isinstance(event, ServerStatus):
            self.available = event.available
        elif isinstance(event, PresenceChanged):
            self.presence = event.seats
            self.match = dict(self.primary.match) if self.primary is not None else self.match
            for p in event.seats:
                if p.claimed and p.name and 0 <= p.seat < len(self.names) and not self.own(p.seat):
                    self._names[p.seat] = clean_name(p.name)
        elif isinstance(event, OfferChanged):
            self._offer(event)
        elif isinstance(event, Ended):
            self.dice_check = event.dice
        elif isinstance(event, RematchReady):
            self.rematch_code = event.code

    def _offer(self, event: OfferChanged) -> None:
        if event.offer == "rematch":
            self.rematch_seats = event.seats
            for seat, client in self.clients.items():
                if self.seats[seat] != HUMAN and seat not in event.seats:
                    client.ask_rematch()  # a computer seat agrees to play again
            return
        asker = event.seat
        if event.open:
            self.takeback_from = asker
            for seat, client in self.clients.items():
                if self.seats[seat] != HUMAN and seat != asker:
                    client.answer_takeback(True)  # a computer seat lets a move be taken back, as at home
            return
        if asker is not None and self.own(asker) and self.takeback_from == asker:
            self.notes.append(("takeback_declined", ""))
        self.takeback_from = None

    def _refused(self, seat: int | None, event: Refused) -> None:
        # The refusal of the decision awaited, whatever its reason (the server applied nothing), or one the server
        # could not number (a flood, a message it could not read) that says the decision may be made again.
        answers = event.ref == self.pending_ref if event.ref is not None else event.code in DECIDE_AGAIN
        if seat is not None and self.pending == seat and answers:
            self._decide_again()
        if event.code not in (P.STALE, P.NO_OFFER):
            self.notes.append(("refused", event.message))

    def _decide_again(self) -> None:
        """The decision awaited was not applied: the seat decides again, on the position then current."""
        self.pending = self.pending_ref = None
        self.outbox.clear()

    @property
    def gone_reason(self) -> str:
        """Why the board's client gave up ('' while it has not)."""
        primary = self.primary
        return (primary.error if primary is not None else "") or self.status_reason

    @property
    def connected(self) -> bool:
        """True while the board's client is joined to a server that can apply actions now."""
        return self.status == "connected" and self.available

    @property
    def connection(self) -> str:
        """What the strip says of the connection: the client's status, or 'unavailable' while joined to a server
        whose store is out of reach."""
        return "unavailable" if self.status == "connected" and not self.available else self.status

    # ----- entries -----
    def _next_entry(self) -> Entry | None:
        """The next entry to apply, when it has arrived."""
        while self.inbox and self.inbox[0].seq <= self.entry_seq:
            self.inbox.pop(0)  # seen already (a replay after reconnecting)
        if self.inbox and self.inbox[0].seq == self.entry_seq + 1:
            return self.inbox[0]
        return None

    def _apply_ready(self) -> None:
        """Apply at once the entries that are not animated: the catch-up, a takeback, a resignation."""
        while (entry := self._next_entry()) is not None:
            quiet = self.catch_up_to is not None and entry.seq <= self.catch_up_to
            if not quiet and entry.type in (P.ACTION, P.CHANCE):
                return
            if self._handed is entry:
                self._handed = None
            self.inbox.pop(0)
            self._apply_entry(entry)
            self.jumped = True
            self._cancel_jobs()
            self.save()

    def _apply_entry(self, entry: Entry) -> list[Event]:
        events: list[Event] = []
        if entry.type in (P.ACTION, P.CHANCE):
            seat = self.state.current_player()
            if entry.type == P.ACTION:
                if self.pending == entry.seat:
                    self.pending = self.pending_ref = None  # confirmed (or another came first: decide again)
                self.snapshots.append(Snapshot(self.state.clone(), len(self.log), self.rng.getstate(), seat))
            events = list(self.state.apply(self.state.action_from_str(entry.action)))
            self.log.append(entry.action)
            self.actors.append(seat if entry.type == P.ACTION else CHANCE)
            self.seq_of.append(entry.seq)
        elif entry.type == P.TAKEBACK:
            self._take_back(entry.undo_to)
            self.takeback_from = None
            self.notes.append(("taken_back", str(entry.seat)))
        elif entry.type == P.RESIGN:
            self.resigned = resignation(entry.seat, self.game.num_players)
        self.entry_seq = entry.seq
        return events

    def _take_back(self, undo_to: int) -> None:
        """Every decision and roll after entry `undo_to` goes: back to the decision point it started from."""
        keep = sum(1 for seq in self.seq_of if seq <= undo_to)
        point = next((s for s in self.snapshots if s.log_length == keep), None)
        self.snapshots = [s for s in self.snapshots if s.log_length < keep]
        if point is not None:
            self.state = point.state.clone()
        else:
            state = self.game.initial_state()
            for text in self.log[:keep]:
                state.apply(state.action_from_str(text))
            self.state = state
        del self.log[keep:], self.actors[keep:], self.seq_of[keep:]

    def _advance_chance(self) -> list[Event]:
        """The rolls that follow, from the server's entries (never a local roll); stops at one not yet arrived."""
        events: list[Event] = []
        while self.state.current_player() == CHANCE:
            entry = self._next_entry()
            if entry is None or entry.type != P.CHANCE:
                break
            self.inbox.pop(0)
            events.extend(self._apply_entry(entry))
        return events

    # ----- the board's questions -----
    def seat_kind(self, seat: int) -> str:
        """'human' (here), 'remote' or 'ai' (a computer seat played here)."""
        kind = self.seats[seat]
        return kind if kind in (HUMAN, REMOTE) else "ai"

    def _may_decide(self) -> bool:
        """True when nothing is awaited or still to show, the board's client is connected to a server that can store
        a decision, and so is the client of the seat to decide (another seat's may be reconnecting meanwhile)."""
        client = self.clients.get(self.current_seat)
        joined = client is None or client is self.primary or (client.status == "connected" and client.available)
        return self.pending is None and self.connected and self.started and self._next_entry() is None and joined

    @property
    def is_human_turn(self) -> bool:
        """True when a human seat here decides now and nothing from the server is still to be shown."""
        seat = self.current_seat
        return seat >= 0 and self.seats[seat] == HUMAN and not self.is_over and self._may_decide()

    @property
    def is_ai_turn(self) -> bool:
        """True while the board waits: for the server's next entry, a remote seat, or a computer seat here."""
        return not self.is_over and not self.is_human_turn

    @property
    def waiting_for(self) -> int | None:
        """The seat the board waits for (a remote player's), None when it waits for nothing such."""
        seat = self.current_seat
        if self.is_over or seat < 0 or self.own(seat):
            return None
        return seat

    @property
    def has_human(self) -> bool:
        """True when a human plays here or elsewhere (the results speak of players)."""
        return True

    @property
    def can_undo(self) -> bool:
        """True when a human seat here may ask to take back its last decision."""
        return self._asker() is not None and self.takeback_from is None and self._may_decide() and not self.is_over

    def _asker(self) -> int | None:
        """The human seat here whose decision stands last (the one a takeback request is for)."""
        for seat in reversed(self.actors):
            if seat >= 0 and self.own(seat) and self.seats[seat] == HUMAN:
                return seat
        return None

    @property
    def can_redo(self) -> bool:
        """Online, a taken-back decision is made again by playing it."""
        return False

    def undo(self) -> bool:
        """Ask the other seats to take back the last decision of a human seat here; False when none may be."""
        seat = self._asker()
        if not self.can_undo or seat is None:
            return False
        self.clients[seat].request_takeback()
        self.takeback_from = seat
        return True

    def redo(self) -> list[Event] | None:
        """Nothing to redo online."""
        return None

    def answer_takeback(self, accept: bool) -> None:
        """Every human seat here answers the open takeback request."""
        asker = self.takeback_from
        for seat, client in self.clients.items():
            if seat != asker and self.seats[seat] == HUMAN:
                client.answer_takeback(accept)
        if not accept:
            self.takeback_from = None

    @property
    def takeback_asked_of_me(self) -> bool:
        """True when another seat asks to take back and a human here is to answer."""
        asker = self.takeback_from
        return (
            asker is not None
            and not self.own(asker)
            and any(self.seats[s] == HUMAN for s in self.clients if s != asker)
        )

    def resign(self) -> None:
        """The human seats here give up the match (the first one's resignation ends it)."""
        for seat, client in self.clients.items():
            if self.seats[seat] == HUMAN:
                client.resign()
                return

    def ask_rematch(self) -> None:
        """Every seat here asks for a rematch (computer seats agree by themselves)."""
        for client in self.clients.values():
            client.ask_rematch()

    def rematch_session(self) -> OnlineSession | None:
        """The rematch's session (the same seats, tokens and server) once every seat agreed, else None."""
        if not self.rematch_code:
            return None
        link = OnlineLink(self.link.url, self.rematch_code, self.link.hosted, dict(self.link.kinds))
        link.tokens = dict(self.link.tokens)
        return OnlineSession(
            self.mode, self.level, link, len(self.seats), list(self.names), dict(self.options), self.seed,
            self._executor, self.autosave, self._connect,
        )  # fmt: skip

    # ----- actions -----
    def start_ai(self) -> bool:
        """Start the search of a computer seat played here when it decides now and the board is current."""
        seat = self.current_seat
        if seat < 0 or not self.own(seat) or self.seats[seat] == HUMAN or not self._may_decide() or self.is_over:
            return False
        return super().start_ai()

    def poll_ai(self) -> Action | None:
        """The next entry from the server (a remote seat's decision, a roll, this machine's confirmed decision),
        else the answer of a computer seat played here (which `apply` then sends)."""
        entry = self._next_entry()
        if entry is not None and entry.type in (P.ACTION, P.CHANCE):
            self._handed = entry
            action: Action = self.state.action_from_str(entry.action)
            return action
        seat = self.current_seat
        if seat >= 0 and self.own(seat) and self.seats[seat] != HUMAN and self._may_decide():
            return super().poll_ai()
        return None

    def apply(self, action: Action, redoing: bool = False) -> list[Event]:
        """The server's entry `poll_ai` handed out is applied (with the rolls that follow it); a decision of a seat
        played here is sent, and applied when its entry comes back (returns no events until then)."""
        handed, self._handed = self._handed, None
        if handed is not None and self._next_entry() is handed and self.state.action_to_str(action) == handed.action:
            self.inbox.pop(0)
            events = self._apply_entry(handed)
            events.extend(self._advance_chance())
            self._cancel_jobs()
            self.save()
            self._send_next()
            return events
        seat = self.current_seat
        client = self.clients.get(seat)
        if seat >= 0 and client is not None and self.pending == seat and self.seats[seat] == HUMAN:
            # Another decision in the same breath (a deployment cell by cell): sent once the one before is confirmed.
            self.outbox.append((seat, self.state.action_to_str(action)))
            return []
        if seat < 0 or client is None:
            raise ValueError("this machine does not decide now")
        if not self._may_decide():
            # A click that got through while the connection is down or an answer is awaited: nothing is sent.
            self.notes.append(("not_now", ""))
            return []
        self.pending, self.pending_ref = seat, client.send_action(self.state.action_to_str(action), self.entry_seq)
        self._cancel_jobs()
        return []

    def set_position(self, state: object) -> None:
        """Online, the position is the server's only."""
        raise ValueError("an online game's position comes from its server")

    def new_game(self, seed: int | None, *, same_file: bool = False) -> GameSession:
        """An online game is started again by a rematch, never locally."""
        raise ValueError("an online game is played again by a rematch")

    # ----- saving -----
    def _saved_seats(self) -> list[str]:
        """The seats as records and saves list them: a remote seat is a human player elsewhere."""
        return [HUMAN if seat == REMOTE else seat for seat in self.seats]

    def to_dict(self) -> JSONObject:
        """The save: the game as a local one would keep it (seats, names, moves so far) and the link to the match."""
        data = super().to_dict()
        data["seats"] = list[JSON](self._saved_seats())
        data["online"] = self.link.to_dict()
        return data

    def save(self) -> str | None:
        """Kept like any game: an unfinished one in its own file (Resume reconnects), a finished one as a record."""
        if self.catch_up_to is None and not self.log and self.save_path is not None:
            return None  # a resumed game has not caught up yet: its file keeps the moves it had
        return super().save()

    def record(self) -> records.GameRecord:
        """The finished match as a record (remote seats are human players; a resignation ends it)."""
        record = records.record_of(
            self.mode, self.level, self.seed, self._saved_seats(), list(self.log), self.state, list(self.names)
        )
        record.options = dict(self.options)
        record.online = sorted(self.link.kinds)  # the Games list marks it online, with the opponents
        if self.resigned is not None:
            record.winners, record.reason = list(self.resigned.winners), str(self.resigned.reason)
        return record

    @classmethod
    def from_saved(
        cls, game: saves.Unfinished, executor: Executor | None = None, connect: ClientFactory | None = None
    ) -> OnlineSession:
        """The unfinished online game kept in `game`'s file, ready to reconnect (Resume); ValueError when the save
        does not hold one."""
        data = game.session
        link = OnlineLink.from_dict(data.get("online"))
        seats = data.get("seats")
        names = data.get("names")
        options = data.get("options")
        if not isinstance(seats, list):
            raise ValueError("saved game: field 'seats' is missing")
        session = cls(
            str(data["mode"]),
            str(data["level"]),
            link,
            len(seats),
            [str(n) for n in names] if isinstance(names, list) else None,
            {str(k): v for k, v in options.items() if isinstance(v, int)} if isinstance(options, dict) else None,
            data.get("seed") if isinstance(data.get("seed"), int) else None,  # type: ignore[arg-type]
            executor,
            connect=connect,
        )
        session.save_path = game.path
        session.played = game.saved  # opening a game is not playing it
        return session


# ----- hosting from the menu -----
_server_lock = threading.Lock()
_servers: dict[int, object] = {}


def ensure_server(port: int = HOST_PORT, listen: str = "0.0.0.0", store: Path | None = None) -> str:
    """Run the match server in this process (once; on `port`, another free one when it is taken) with its store in
    the data folder; returns the address to connect to from here."""
    from game.online.server_thread import ServerThread

    with _server_lock:
        for server in _servers.values():
            assert isinstance(server, ServerThread)
            return local_url(server.url)
        try:
            thread = ServerThread(store, listen, port)
            thread.start()
        except RuntimeError:
            thread = ServerThread(store, listen, 0)
            thread.start()
        _servers[port_of(thread.url)] = thread
        return local_url(thread.url)


def stop_servers() -> None:
    """Stop the server this process hosts (the window closes; tests)."""
    from game.online.server_thread import ServerThread

    with _server_lock:
        for server in _servers.values():
            assert isinstance(server, ServerThread)
            server.stop()
        _servers.clear()


def hosting() -> bool:
    """True while this process hosts a match server."""
    return bool(_servers)


def port_of(url: str) -> int:
    """The port of a ws:// address (the hosting port when it names none)."""
    tail = url.rsplit(":", 1)[-1].strip("/")
    return int(tail) if tail.isdigit() else HOST_PORT


def local_url(url: str) -> str:
    """The server's address as this machine reaches it (a server on every interface is reached on loopback)."""
    return url.replace("0.0.0.0", "127.0.0.1")


def shared_url(url: str) -> str:
    """The address to pass on to a friend: this machine's address on its network instead of loopback."""
    return url.replace("127.0.0.1", lan_address()).replace("0.0.0.0", lan_address())


def lan_address() -> str:
    """This machine's address on its local network (loopback when it has none)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if not address.startswith("0.") else "127.0.0.1"


def presence_words(p: SeatPresence, now: float | None = None) -> tuple[bool, int]:
    """(online, whole minutes since it came or went) for a seat's presence."""
    now = time.time() if now is None else now
    minutes = int(max(0.0, now - p.since) // 60) if p.since is not None else 0
    return p.online, minutes
