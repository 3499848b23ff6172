"""The default match store: one SQLite file (WAL mode), each append committed before the server sends it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from game.online.protocol import Entry, ProtocolError
from game.online.store import MatchRecord, Presence, SeatRecord, StoredMatch, record_from_json, record_to_json
from game.paths import user_data_dir

STORE_NAME = "online.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    value TEXT NOT NULL,
    joined REAL NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS presence (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    online INTEGER NOT NULL,
    since REAL NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE INDEX IF NOT EXISTS matches_finished ON matches (finished);
"""


def default_path() -> Path:
    """The store file in the user's data folder."""
    return user_data_dir() / STORE_NAME


class SQLiteStore:
    """Matches in one SQLite file. Calls run on the caller's thread: each is a short local transaction."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a committed transaction survives the process being killed (the WAL is written before COMMIT
        # returns); only a power cut may lose the last ones.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)
        # No client is connected to a store that was just opened: whoever was online went away when it closed.
        self._db.execute("UPDATE presence SET online = 0 WHERE online = 1")

    async def create(self, match: MatchRecord) -> bool:
        """Keep a new match; False when its code is taken."""
        record = record_to_json(match)
        try:
            self._db.execute("INSERT INTO matches (code, record) VALUES (?, ?)", (match.code, record))
        except sqlite3.IntegrityError:
            return False
        return True

    async def load(self, code: str) -> StoredMatch | None:
        """The match with `code`, or None."""
        row = self._db.execute("SELECT record, finished FROM matches WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        record = record_from_json(row[0])
        seats = {
            seat: SeatRecord(seat, name, token, value, joined)
            for seat, name, token, value, joined in self._db.execute(
                "SELECT seat, name, token_hash, value, joined FROM seats WHERE code = ?", (code,)
            )
        }
        return StoredMatch(record, seats, await self.entries_after(code, 0), row[1])

    async def claim_seat(self, code: str, seat: SeatRecord) -> bool:
        """Give a free seat to a player; False when it was taken already."""
        try:
            self._db.execute(
                "INSERT INTO seats (code, seat, name, token_hash, value, joined) VALUES (?, ?, ?, ?, ?, ?)",
                (code, seat.seat, seat.name, seat.token_hash, seat.value, seat.joined),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    async def append(self, code: str, entries: Sequence[Entry], finished: float | None = None) -> bool:
        """Store the entries all or none, committed before returning; False when the first one's number is not the
        next free one."""
        if not entries:
            return True
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            last = db.execute("SELECT MAX(seq) FROM entries WHERE code = ?", (code,)).fetchone()[0] or 0
            if entries[0].seq != last + 1:
                db.execute("ROLLBACK")
                return False
            db.executemany(
                "INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)",
                [(code, e.seq, e.text) for e in entries],
            )
            if finished is not None:
                db.execute("UPDATE matches SET finished = ? WHERE code = ?", (finished, code))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return True

    async def entries_after(self, code: str, seq: int) -> list[Entry]:
        """The match's entries numbered after `seq`, in order."""
        rows = self._db.execute(
            "SELECT entry FROM entries WHERE code = ? AND seq > ? ORDER BY seq", (code, seq)
        ).fetchall()
        try:
            return [Entry.from_wire(json.loads(row[0])) for row in rows]
        except ProtocolError as exc:
            raise ValueError(f"{self.path}: match {code} has a damaged entry: {exc.message}") from None

    async def codes(self) -> list[str]:
        """The codes of every match kept."""
        return [row[0] for row in self._db.execute("SELECT code FROM matches ORDER BY code")]

    async def count(self) -> int:
        """How many matches are kept."""
        return int(self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])

    async def expire(self, finished_before: float) -> list[str]:
        """Remove the matches that ended before `finished_before`; their codes."""
        db = self._db
        codes = [
            row[0] for row in db.execute("SELECT code FROM matches WHERE finished < ?", (finished_before,)).fetchall()
        ]
        if codes:
            db.execute("BEGIN IMMEDIATE")
            for table in ("entries", "seats", "presence", "matches"):
                db.executemany(f"DELETE FROM {table} WHERE code = ?", [(c,) for c in codes])  # noqa: S608 - fixed
            db.execute("COMMIT")
        return codes

    async def set_presence(self, code: str, seat: int, online: bool, at: float) -> None:
        """Record that a seat's client connected or left."""
        self._db.execute(
            "INSERT INTO presence (code, seat, online, since) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (code, seat) DO UPDATE SET online = excluded.online, since = excluded.since",
            (code, seat, int(online), at),
        )

    async def presence(self, code: str) -> dict[int, Presence]:
        """The recorded presence of each seat that has any."""
        return {
            seat: Presence(seat, bool(online), since)
            for seat, online, since in self._db.execute(
                "SELECT seat, online, since FROM presence WHERE code = ?", (code,)
            )
        }

    async def close(self) -> None:
        """Close the file."""
        self._db.close()
