"""What an online client reports (`ClientEvent`s), the errors that end it, and `NEWS`, which a loop waits on."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Literal, TypeAlias

from game.engine.core import Event, JSONObject, Outcome
from game.online.dice import DiceCheck
from game.online.protocol import Entry

#: connecting (the first time), connected (joined), reconnecting (lost, trying again), gone (given up or refused).
Status: TypeAlias = Literal["connecting", "connected", "reconnecting", "gone"]


@dataclass(frozen=True)
class SeatPresence:
    """A seat as the server last described it: name, claimed, online, and since when it is online or away."""

    seat: int
    name: str
    claimed: bool
    online: bool
    since: float | None


@dataclass(frozen=True)
class Joined:
    """The server accepted the join (also after each reconnection): the seat held (None: watching), the match."""

    seat: int | None
    match: JSONObject


@dataclass(frozen=True)
class Applied:
    """An entry the server applied, with the engine's events of applying it to this client's copy."""

    entry: Entry
    events: tuple[Event, ...]


@dataclass(frozen=True)
class StatusChanged:
    """The connection's state changed; `reason` says why for reconnecting and gone."""

    status: Status
    reason: str = ""


@dataclass(frozen=True)
class PresenceChanged:
    """Who is connected changed."""

    seats: tuple[SeatPresence, ...]


@dataclass(frozen=True)
class OfferChanged:
    """A takeback was asked (open) or answered (closed), or seats asked for a rematch (`seats`)."""

    offer: Literal["takeback", "rematch"]
    seat: int | None
    open: bool
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Refused:
    """The server refused a request: the error code, its message, and the request's `ref`."""

    code: str
    message: str
    ref: int | None = None


@dataclass(frozen=True)
class Unsent:
    """A request this client could not send (no connection, or it broke while sending), by its `ref`: no answer
    will come for it."""

    ref: int


@dataclass(frozen=True)
class Ended:
    """The match ended: its outcome and the dice check (ok, rolls replayed, the problem when it failed)."""

    outcome: Outcome
    dice: DiceCheck


@dataclass(frozen=True)
class ServerStatus:
    """The server can apply actions now (available) or not, its store being out of reach ("server unavailable,
    retrying"): nothing is applied meanwhile, and the server says when it can again."""

    available: bool
    message: str = ""


@dataclass(frozen=True)
class RematchReady:
    """Every seat agreed: the rematch's join code (join it with the same token)."""

    code: str


ClientEvent: TypeAlias = (
    Joined
    | Applied
    | StatusChanged
    | PresenceChanged
    | OfferChanged
    | Refused
    | Unsent
    | Ended
    | RematchReady
    | ServerStatus
)


class News:
    """How many events the online clients of this process have reported: a loop (or a test) that waits for the
    next one reads `count`, then `wait(count, timeout)`."""

    def __init__(self) -> None:
        self._count = 0
        self._changed = threading.Condition()

    @property
    def count(self) -> int:
        """The events reported so far."""
        return self._count

    def arrived(self) -> None:
        """One more event (called by the clients, on their own threads)."""
        with self._changed:
            self._count += 1
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> bool:
        """Block until more than `seen` events have been reported; False when `timeout` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count > seen, timeout)


#: Every event any client of this process reports (a window's thread or a test waits on it for news).
NEWS = News()


class JoinRefused(Exception):
    """The server will not let this client in (no such match, seat taken, wrong token...): the code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ServerGone(Exception):
    """No server answered for `give_up_after` seconds."""


def presence_from_wire(data: object) -> tuple[SeatPresence, ...]:
    """The seats of a `presence` (or `joined`) message; nothing when the message has none."""
    if not isinstance(data, list):
        return ()
    seats = []
    for item in data:
        if isinstance(item, dict):
            since = item.get("since")
            seats.append(
                SeatPresence(
                    seat=int(item.get("seat", 0) or 0),
                    name=str(item.get("name", "")),
                    claimed=bool(item.get("claimed")),
                    online=bool(item.get("online")),
                    since=float(since) if isinstance(since, int | float) else None,
                )
            )
    return tuple(seats)
