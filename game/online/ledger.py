"""The matches a server process holds: read from the store (or made), their dice rolled, their entries committed.

Each applied decision, with the rolls that follow it, is appended to the store (compare-and-set on the sequence
number) before any client is sent it.
"""

from __future__ import annotations

import asyncio
import time

from game.engine.core import CHANCE
from game.online import dice
from game.online import protocol as P
from game.online.live import LiveMatch, new_code
from game.online.match import Replica, make_game
from game.online.protocol import Entry, ProtocolError
from game.online.store import MatchRecord, Relay, Store


class Ledger:
    """The matches in memory, kept in step with the store: loaded, created, rolled, committed, dropped."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: A store shared with other server processes relays each match's news between them.
        self.relay: Relay | None = store if isinstance(store, Relay) else None
        self.matches: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch | None]] = {}
        #: How many entries this process applied.
        self.applied = 0

    async def match(self, code: str) -> LiveMatch | None:
        """The match with `code`, from memory or rebuilt from the store (concurrent callers share one load)."""
        live = self.matches.get(code)
        if live is not None:
            return live
        pending = self._loading.get(code)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveMatch | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            live = await self._load(code)
            future.set_result(live)
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[code]
        return live

    async def _load(self, code: str) -> LiveMatch | None:
        if self.relay is not None:
            await self.relay.watch(code)  # before reading: no entry appended meanwhile goes unheard
        stored = await self.store.load(code)
        if stored is None:
            if self.relay is not None:
                await self.relay.unwatch(code)
            return None
        record = stored.record
        replica = Replica(make_game(record.mode, record.level, record.options))
        for entry in stored.entries:
            replica.add(entry)
        live = LiveMatch(record, stored.seats, replica, stored.finished, await self.store.presence(code))
        if self.relay is not None:
            live.elsewhere = {seat: known.online for seat, known in live.presence.items()}
        self.matches[code] = live
        async with live.lock:
            if self.relay is not None:
                await self.catch_up(live)  # entries heard while it was read were not handled: read them now
            await self.settle(live)  # a process stopped between the last seat's claim and the first roll
        return live

    async def drop(self, code: str) -> LiveMatch | None:
        """Forget the match with `code` in memory (the store keeps what it keeps); the match, if it was held."""
        match = self.matches.pop(code, None)
        if match is not None and self.relay is not None:
            await self.relay.unwatch(code)
        return match

    async def new_match(
        self,
        mode: str,
        level: str,
        options: dict[str, int],
        seed: int | None,
        seats: int,
        rematch_of: str = "",
        code: str = "",
    ) -> LiveMatch | None:
        """A new match kept in the store (with `code` when given: None when that code is kept already)."""
        secret = dice.new_secret()
        while True:
            record = MatchRecord(
                code or new_code(),
                mode,
                level,
                dict(options),
                seed,
                seats,
                secret,
                dice.commitment(secret),
                time.time(),
                rematch_of,
            )
            if await self.store.create(record):
                break
            if code:
                return None
        if self.relay is not None:
            await self.relay.watch(record.code)
        game = make_game(mode, level, options)
        live = LiveMatch(record, {}, Replica(game), None, {})
        self.matches[record.code] = live
        return live

    async def refresh_seats(self, match: LiveMatch) -> None:
        """Read the match's seats again from the store (claimed through another process)."""
        stored = await self.store.load(match.code)
        if stored is not None:
            for seat, record in stored.seats.items():
                match.seats.setdefault(seat, record)

    async def catch_up(self, match: LiveMatch, heard: Entry | None = None) -> None:
        """Apply the entries this copy of the match misses (the one heard when it is the next; else read them from
        the store) and send them to its clients here, each once."""
        replica = match.replica
        if heard is not None and heard.seq <= replica.seq:
            return  # applied here already (this process appended it, or heard it before)
        news = [heard] if heard is not None and heard.seq == replica.seq + 1 else None
        if news is None:
            news = await self.store.entries_after(match.code, replica.seq)
        for entry in news:
            if entry.seq != replica.seq + 1:
                continue
            replica.add(entry)
            match.takeback = None
            match.publish(entry.text)
        if replica.is_over and match.finished is None:
            match.finished = time.time()

    async def settle(self, match: LiveMatch) -> None:
        """Roll what the dice owe once every seat is in (the game may open at a chance node)."""
        if self.relay is not None and not match.started:
            await self.refresh_seats(match)  # the other seats may have been claimed through other processes
        if not match.started or match.replica.is_over or match.replica.state.current_player() != CHANCE:
            return
        try:
            await self.commit(match, self.roll(match))
        except ProtocolError as exc:
            if exc.code != P.STALE:
                raise
            # Another process rolled first (the same dice: they follow from the seed, the values, the number).

    def roll(self, match: LiveMatch) -> list[Entry]:
        """Apply the rolls the game is waiting for (each from the secret, the seats' values and its number)."""
        replica, secret, values = match.replica, match.record.secret, match.values()
        added: list[Entry] = []
        while replica.state.current_player() == CHANCE:
            number = replica.rolls
            outcome = dice.roll(replica.state, secret, values, number)
            added.append(replica.play(outcome, P.CHANCE_SEAT, roll=number, reveal=secret))
        return added

    async def commit(self, match: LiveMatch, added: list[Entry]) -> None:
        """Store the entries just applied, then send them; undo them in memory when the store refuses."""
        finished = time.time() if match.replica.is_over else None
        try:
            stored = await self.store.append(match.code, added, finished)
        except BaseException:
            match.replica.drop_last(len(added))
            raise
        if not stored:
            # Another process applied an entry first: this copy is behind; read what it missed.
            match.replica.drop_last(len(added))
            await self.catch_up(match)
            raise ProtocolError(P.STALE, "the match moved on; read it again")
        match.finished = finished
        match.takeback = None
        self.applied += len(added)
        for entry in added:
            match.publish(entry.text)
