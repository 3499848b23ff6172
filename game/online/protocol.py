"""The online protocol: JSON objects in websocket text frames, checked with fixed limits (docs/online-protocol.md).

A client sends requests (`create`, `join`, `action`, `resign`, `takeback`, `takeback_reply`, `rematch`); the server
answers with `hello`, `created`, `joined`, `entry`, `presence`, `offer`, `rematch` and `error`. Everything that
changes a match is an `entry` with a sequence number: 1 for the first, one more for each next, never reused. Parsing
never trusts the other side: every field is checked for its type and its bounds, and anything else is a
`ProtocolError` carrying one of the error codes below.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final, Literal, TypeAlias

from game.engine.core import JSON, JSONObject

PROTOCOL_VERSION: Final = 1
#: The largest message either side accepts, in bytes (the websocket `max_size`).
MAX_MESSAGE: Final = 64 * 1024
#: Bounds on the fields a client sends.
MAX_NOTATION: Final = 1024
MAX_NAME: Final = 16  # characters of a seat name (the new-game dialog allows no more)
MAX_MODE: Final = 32
MAX_LEVEL: Final = 64
MAX_OPTIONS: Final = 16
MAX_SEQ: Final = 2**31 - 1
MAX_REF: Final = 2**31 - 1
MAX_SEED: Final = 2**63 - 1
MAX_SEATS: Final = 4
#: Join codes: letters and digits that cannot be misread aloud or on screen (no 0/O, no 1/I).
CODE_ALPHABET: Final = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH: Final = 6
#: A seat token: URL-safe base64 text of at least 128 random bits (`secrets.token_urlsafe(18)` gives 24 characters).
TOKEN_MIN, TOKEN_MAX = 22, 64
#: A seat's public random value for the dice: hex text of 16 to 64 bytes.
VALUE_MIN, VALUE_MAX = 32, 128

_CODE_RE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]+")
_HEX_RE = re.compile(r"[0-9a-f]+")
_NAME_RE = re.compile(r"[a-z0-9_]+")

# Error codes (the `code` field of an `error` message).
BAD_JSON: Final = "bad_json"  # not a JSON object in a text frame
TOO_BIG: Final = "too_big"  # over MAX_MESSAGE (the connection is closed with 1009)
BAD_MESSAGE: Final = "bad_message"  # a field missing, of the wrong type or out of bounds
UNKNOWN_KIND: Final = "unknown_kind"
NOT_FOUND: Final = "not_found"  # no match with that code
BAD_SETUP: Final = "bad_setup"  # create: unknown mode or level, bad options, seats the level does not have
SEAT_TAKEN: Final = "seat_taken"
BAD_SEAT: Final = "bad_seat"  # no such seat in the match
BAD_TOKEN: Final = "bad_token"  # the token is no seat's of this match, or not the seat named
NOT_JOINED: Final = "not_joined"  # a request about a match before joining it
NOT_STARTED: Final = "not_started"  # seats are still free
NOT_YOUR_TURN: Final = "not_your_turn"
STALE: Final = "stale"  # the request was made for an older sequence number
ILLEGAL: Final = "illegal"  # the engine refuses the action
OVER: Final = "over"  # the match has ended
NOT_OVER: Final = "not_over"  # a rematch before the end
NO_OFFER: Final = "no_offer"  # a reply to an offer nobody made (or one made stale)
NOTHING_TO_TAKE_BACK: Final = "nothing_to_take_back"
RATE_LIMITED: Final = "rate_limited"
TOO_MANY_MATCHES: Final = "too_many_matches"
TOO_MANY_CONNECTIONS: Final = "too_many_connections"
UNAVAILABLE: Final = "unavailable"  # the store cannot be reached; try again
SERVER_ERROR: Final = "server_error"
ERROR_CODES: Final = frozenset(
    {
        BAD_JSON,
        TOO_BIG,
        BAD_MESSAGE,
        UNKNOWN_KIND,
        NOT_FOUND,
        BAD_SETUP,
        SEAT_TAKEN,
        BAD_SEAT,
        BAD_TOKEN,
        NOT_JOINED,
        NOT_STARTED,
        NOT_YOUR_TURN,
        STALE,
        ILLEGAL,
        OVER,
        NOT_OVER,
        NO_OFFER,
        NOTHING_TO_TAKE_BACK,
        RATE_LIMITED,
        TOO_MANY_MATCHES,
        TOO_MANY_CONNECTIONS,
        UNAVAILABLE,
        SERVER_ERROR,
    }
)

# Entry types: what a sequence number records.
ACTION: Final = "action"  # a seat's decision, in the mode's notation
CHANCE: Final = "chance"  # a chance outcome the server rolled (roll number `roll`)
TAKEBACK: Final = "takeback"  # entries after `undo_to` are taken back
RESIGN: Final = "resign"  # a seat resigned: the match ends
ENTRY_TYPES: Final = (ACTION, CHANCE, TAKEBACK, RESIGN)
#: The `reason` of an outcome ended by resignation (the engine's own reasons cover every other end).
RESIGNATION: Final = "resignation"
#: The seat of a chance entry (the engine's CHANCE player).
CHANCE_SEAT: Final = -1

#: Match status as `joined` reports it.
Status: TypeAlias = Literal["waiting", "playing", "over"]


class ProtocolError(Exception):
    """A refused message: an error code from the list above and a short text for the person reading it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ----- reading fields -----


def _int(data: JSONObject, name: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(BAD_MESSAGE, f"{name}: expected a whole number {low}…{high}")
    return value


def _opt_int(data: JSONObject, name: str, low: int, high: int) -> int | None:
    return None if data.get(name) is None else _int(data, name, low, high)


def _text(data: JSONObject, name: str, limit: int, default: str | None = None) -> str:
    value = data.get(name, default)
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(BAD_MESSAGE, f"{name}: expected a text of at most {limit} characters")
    return value


def _matching(data: JSONObject, name: str, pattern: re.Pattern[str], low: int, high: int, what: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not low <= len(value) <= high or not pattern.fullmatch(value):
        raise ProtocolError(BAD_MESSAGE, f"{name}: expected {what}")
    return value


def _code(data: JSONObject) -> str:
    value = data.get("code")
    text = value.strip().upper() if isinstance(value, str) and len(value) <= 32 else None
    if text is None or not _CODE_RE.fullmatch(text):
        raise ProtocolError(BAD_MESSAGE, f"code: expected {CODE_LENGTH} characters of {CODE_ALPHABET}")
    return text


def _token(data: JSONObject, name: str = "token") -> str:
    return _matching(data, name, _TOKEN_RE, TOKEN_MIN, TOKEN_MAX, "a seat token")


def _value(data: JSONObject) -> str:
    return _matching(data, "value", _HEX_RE, VALUE_MIN, VALUE_MAX, f"{VALUE_MIN}…{VALUE_MAX} lowercase hex digits")


def _bool(data: JSONObject, name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise ProtocolError(BAD_MESSAGE, f"{name}: expected true or false")
    return value


def valid_code(text: str) -> bool:
    """True for text shaped like a join code (after trimming and upper-casing)."""
    return bool(_CODE_RE.fullmatch(text.strip().upper()))


def normal_code(text: str) -> str:
    """A join code as typed (any case, spaces around) in its one form; ValueError for anything else."""
    if not valid_code(text):
        raise ValueError(f"a join code is {CODE_LENGTH} characters of {CODE_ALPHABET}, not {text!r}")
    return text.strip().upper()


# ----- client requests -----


@dataclass(frozen=True)
class Create:
    """Make a match: the mode, its level (or the first level with `seats` seats), agreed options, a seed for AIs."""

    mode: str
    level: str | None = None
    seats: int | None = None
    options: dict[str, int] = field(default_factory=dict)
    seed: int | None = None
    ref: int | None = None


@dataclass(frozen=True)
class Join:
    """Join a match: claim a free seat (with a name and a public random value), reclaim one (with its token), or watch
    (seat None); the server then sends the entries after `since`."""

    code: str
    seat: int | None = None
    token: str | None = None
    name: str = ""
    value: str | None = None
    since: int = 0
    ref: int | None = None


@dataclass(frozen=True)
class Act:
    """A seat's decision in notation, made when the client had seen the entries up to `seq`."""

    token: str
    seq: int
    action: str
    seat: int | None = None
    ref: int | None = None


@dataclass(frozen=True)
class Resign:
    """The token's seat gives up: the match ends."""

    token: str
    ref: int | None = None


@dataclass(frozen=True)
class Takeback:
    """Ask the other seats to take back the token's seat's last decision (made when the client had seen `seq`)."""

    token: str
    seq: int
    ref: int | None = None


@dataclass(frozen=True)
class TakebackReply:
    """Accept or decline the open takeback request."""

    token: str
    accept: bool
    ref: int | None = None


@dataclass(frozen=True)
class Rematch:
    """Ask for (or agree to) a new match with the same seats, adding a fresh public random value for its dice."""

    token: str
    value: str
    ref: int | None = None


Request: TypeAlias = Create | Join | Act | Resign | Takeback | TakebackReply | Rematch


def load_object(text: str | bytes) -> JSONObject:
    """A message's JSON object; ProtocolError for binary frames, oversized text, bad JSON or a non-object."""
    if isinstance(text, bytes):
        raise ProtocolError(BAD_JSON, "messages are JSON text frames, not binary ones")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(TOO_BIG, f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(BAD_JSON, "not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_JSON, "a message must be a JSON object")
    return data


def _parse_create(data: JSONObject, ref: int | None) -> Create:
    options = data.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise ProtocolError(BAD_MESSAGE, f"options: expected an object of at most {MAX_OPTIONS} numbers")
    agreed: dict[str, int] = {}
    for name in options:
        if not _NAME_RE.fullmatch(name) or len(name) > 32:
            raise ProtocolError(BAD_MESSAGE, "options: names are short lowercase words")
        agreed[name] = _int(options, name, -MAX_SEQ, MAX_SEQ)
    level = data.get("level")
    return Create(
        mode=_matching(data, "mode", _NAME_RE, 1, MAX_MODE, "a mode name"),
        level=None if level is None else _matching(data, "level", _NAME_RE, 1, MAX_LEVEL, "a level name"),
        seats=_opt_int(data, "seats", 1, MAX_SEATS),
        options=agreed,
        seed=_opt_int(data, "seed", 0, MAX_SEED),
        ref=ref,
    )


def _parse_join(data: JSONObject, ref: int | None) -> Join:
    seat = _opt_int(data, "seat", 0, MAX_SEATS - 1)
    token = None if data.get("token") is None else _token(data)
    value = None if data.get("value") is None else _value(data)
    if seat is not None and token is None and value is None:
        raise ProtocolError(BAD_MESSAGE, "value: claiming a seat needs a public random value for the dice")
    return Join(
        code=_code(data),
        seat=seat,
        token=token,
        name=_text(data, "name", MAX_NAME * 4, ""),
        value=value,
        since=_int(data, "since", 0, MAX_SEQ, 0),
        ref=ref,
    )


_NOTATION_RE = re.compile(r"[\x20-\x7e]+")


def _parse_action(data: JSONObject, ref: int | None) -> Act:
    if "dice" in data or "roll" in data or "outcome" in data:
        raise ProtocolError(BAD_MESSAGE, "the server rolls every die: an action carries no dice")
    return Act(
        token=_token(data),
        seq=_int(data, "seq", 0, MAX_SEQ),
        action=_matching(data, "action", _NOTATION_RE, 1, MAX_NOTATION, "an action in notation"),
        seat=_opt_int(data, "seat", 0, MAX_SEATS - 1),
        ref=ref,
    )


_PARSERS: Final[dict[str, Callable[[JSONObject, int | None], Request]]] = {
    "create": _parse_create,
    "join": _parse_join,
    "action": _parse_action,
    "resign": lambda data, ref: Resign(token=_token(data), ref=ref),
    "takeback": lambda data, ref: Takeback(token=_token(data), seq=_int(data, "seq", 0, MAX_SEQ), ref=ref),
    "takeback_reply": lambda data, ref: TakebackReply(token=_token(data), accept=_bool(data, "accept"), ref=ref),
    "rematch": lambda data, ref: Rematch(token=_token(data), value=_value(data), ref=ref),
}


def parse_request(text: str | bytes) -> Request:
    """A client's message checked field by field; ProtocolError naming what is wrong."""
    data = load_object(text)
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise ProtocolError(BAD_MESSAGE, "kind: every message names its kind")
    parser = _PARSERS.get(kind)
    if parser is None:
        raise ProtocolError(UNKNOWN_KIND, f"unknown kind {kind[:32]!r}")
    return parser(data, _opt_int(data, "ref", 0, MAX_REF))


def request_to_wire(request: Request) -> JSONObject:
    """A request as the JSON object a client sends (fields left at None are left out)."""
    kinds: dict[type, str] = {
        Create: "create",
        Join: "join",
        Act: "action",
        Resign: "resign",
        Takeback: "takeback",
        TakebackReply: "takeback_reply",
        Rematch: "rematch",
    }
    data: JSONObject = {"kind": kinds[type(request)]}
    for name, value in vars(request).items():
        if value is not None:
            data[name] = dict(value) if isinstance(value, dict) else value
    return data


# ----- entries: what a sequence number records -----


@dataclass(frozen=True)
class Entry:
    """One numbered change to a match: a decision, a chance outcome, a takeback or a resignation.

    `seat` is the deciding seat (CHANCE_SEAT for a roll; the asking seat for a takeback; the resigning one);
    `action` the notation (decisions and chance outcomes); `roll` the roll number of a chance outcome (0 for the
    first); `undo_to` the last sequence number a takeback keeps; `events` the engine's events of applying it;
    `outcome` and `secret` are set on the entry that ends the match."""

    seq: int
    type: str
    seat: int
    action: str = ""
    roll: int = -1
    undo_to: int = 0
    events: tuple[JSONObject, ...] = ()
    outcome: JSONObject | None = None
    secret: str = ""

    def to_wire(self) -> JSONObject:
        """The entry as the server sends it (`kind` "entry"); fields at their defaults are left out."""
        data: JSONObject = {"kind": "entry", "seq": self.seq, "type": self.type, "seat": self.seat}
        if self.action:
            data["action"] = self.action
        if self.type == CHANCE:
            data["roll"] = self.roll
        if self.type == TAKEBACK:
            data["undo_to"] = self.undo_to
        if self.events:
            data["events"] = list(self.events)
        if self.outcome is not None:
            data["outcome"] = self.outcome
        if self.secret:
            data["secret"] = self.secret
        return data

    @cached_property
    def text(self) -> str:
        """The entry's message text (made once: the store keeps it and every client is sent it)."""
        return dumps(self.to_wire())

    @classmethod
    def from_wire(cls, data: JSONObject) -> Entry:
        """An entry read from a message or a store; ProtocolError naming a bad field."""
        kind = data.get("type")
        if kind not in ENTRY_TYPES:
            raise ProtocolError(BAD_MESSAGE, f"type: expected one of {', '.join(ENTRY_TYPES)}")
        assert isinstance(kind, str)
        events = data.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise ProtocolError(BAD_MESSAGE, "events: expected a list of objects")
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, dict):
            raise ProtocolError(BAD_MESSAGE, "outcome: expected an object")
        secret = data.get("secret", "")
        if not isinstance(secret, str) or (secret and not _HEX_RE.fullmatch(secret)):
            raise ProtocolError(BAD_MESSAGE, "secret: expected hex digits")
        action = _text(data, "action", MAX_NOTATION, "")
        if kind in (ACTION, CHANCE) and not action:
            raise ProtocolError(BAD_MESSAGE, "action: a decision or a roll names its action")
        return cls(
            seq=_int(data, "seq", 1, MAX_SEQ),
            type=kind,
            seat=_int(data, "seat", CHANCE_SEAT, MAX_SEATS - 1),
            action=action,
            roll=_int(data, "roll", 0, MAX_SEQ) if kind == CHANCE else -1,
            undo_to=_int(data, "undo_to", 0, MAX_SEQ) if kind == TAKEBACK else 0,
            events=tuple(e for e in events if isinstance(e, dict)),
            outcome=outcome,
            secret=secret,
        )


def effective_log(entries: list[Entry]) -> list[Entry]:
    """The decisions and rolls that stand after every takeback (in order); resignations are left out."""
    log: list[Entry] = []
    for entry in entries:
        if entry.type in (ACTION, CHANCE):
            log.append(entry)
        elif entry.type == TAKEBACK:
            while log and log[-1].seq > entry.undo_to:
                log.pop()
    return log


# ----- server messages -----


def dumps(data: JSON) -> str:
    """Compact JSON text for the wire."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, ref: int | None = None) -> str:
    """An `error` message."""
    data: JSONObject = {"kind": "error", "code": code, "message": message}
    if ref is not None:
        data["ref"] = ref
    return dumps(data)


#: What a server says while its match store cannot be reached, and when it can again (`status` messages).
UNAVAILABLE_TEXT: Final = "server unavailable, retrying"


def status_message(available: bool) -> str:
    """A `status` message: whether the server can apply actions now (False while its store cannot be reached)."""
    return dumps({"kind": "status", "available": available, "message": "" if available else UNAVAILABLE_TEXT})


def parse_server(text: str | bytes) -> JSONObject:
    """A server message's object with its kind checked (the client reads the fields it needs)."""
    data = load_object(text)
    if data.get("kind") not in SERVER_KINDS:
        raise ProtocolError(UNKNOWN_KIND, f"unknown server message {str(data.get('kind'))[:32]!r}")
    return data


SERVER_KINDS: Final = frozenset(
    {"hello", "created", "joined", "entry", "presence", "offer", "rematch", "status", "error"}
)
