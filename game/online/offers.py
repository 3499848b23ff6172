"""What a seat asks of the others or gives up: resigning, a takeback request and its answers, a rematch."""

from __future__ import annotations

import time

from game.engine.core import JSON
from game.online import protocol as P
from game.online.ledger import Ledger
from game.online.live import LiveMatch, Offer, rematch_code
from game.online.match import resignation
from game.online.protocol import Entry, ProtocolError
from game.online.relay import MatchRelay
from game.online.store import SeatRecord


class Offers:
    """Resign, takeback and rematch requests of a match's seats, applied through the ledger and told to the relay."""

    def __init__(self, ledger: Ledger, relay: MatchRelay) -> None:
        self.ledger, self.relay = ledger, relay

    async def resign(self, match: LiveMatch, request: P.Resign) -> None:
        """The seat gives up: the match ends, the others win."""
        seat = match.seat_for(request.token)
        match.check_playing()
        outcome = resignation(seat, match.record.num_players)
        entry = Entry(match.replica.seq + 1, P.RESIGN, seat, outcome=outcome.to_dict(), secret=match.record.secret)
        match.replica.add(entry)
        await self.ledger.commit(match, [entry])

    async def ask_takeback(self, match: LiveMatch, request: P.Takeback) -> None:
        """The seat asks the others to take back its last decision."""
        seat = match.seat_for(request.token)
        match.check_playing()
        if request.seq != match.replica.seq:
            raise ProtocolError(P.STALE, f"sent for entry {request.seq}; the match is at entry {match.replica.seq}")
        if match.replica.last_decision(seat) is None:
            raise ProtocolError(P.NOTHING_TO_TAKE_BACK, f"seat {seat} has no decision to take back")
        if len(match.replica.entries) >= 2 * match.replica.game.max_length:
            # Keeps a match's log (and its store) within a bound the mode sets.
            raise ProtocolError(P.NOTHING_TO_TAKE_BACK, "this match has had its share of takebacks")
        match.takeback = Offer(seat, request.seq)
        text = P.dumps({"kind": "offer", "offer": "takeback", "seat": seat, "seq": request.seq, "open": True})
        match.publish(text)
        await self._tell_offer(match, text)

    async def _tell_offer(self, match: LiveMatch, text: str = "") -> None:
        """Tell the other processes the open takeback request (or that there is none), and what their clients see."""
        offer = match.takeback
        state: JSON = None
        if offer is not None:
            state = {"seat": offer.seat, "seq": offer.seq, "accepted": list(sorted(offer.accepted))}
        await self.relay.tell(match, "takeback", offer=state, text=text)

    async def answer_takeback(self, match: LiveMatch, request: P.TakebackReply) -> None:
        """Another seat accepts or declines the open request; once every other seat accepts, the decision goes."""
        seat = match.seat_for(request.token)
        offer = match.takeback
        if offer is None or offer.seq != match.replica.seq or match.replica.is_over:
            raise ProtocolError(P.NO_OFFER, "no takeback is asked now")
        if seat == offer.seat:
            raise ProtocolError(P.NO_OFFER, "the other seats answer a takeback request")
        if not request.accept:
            match.takeback = None
            text = P.dumps({"kind": "offer", "offer": "takeback", "seat": offer.seat, "open": False, "by": seat})
            match.publish(text)
            await self._tell_offer(match, text)
            return
        offer.accepted.add(seat)
        if offer.accepted < set(range(match.record.num_players)) - {offer.seat}:
            await self._tell_offer(match)
            return
        last = match.replica.last_decision(offer.seat)
        assert last is not None  # checked when asked; no entry was added since
        entry = Entry(match.replica.seq + 1, P.TAKEBACK, offer.seat, undo_to=last.seq - 1)
        match.replica.add(entry)
        await self.ledger.commit(match, [entry])

    async def rematch(self, match: LiveMatch, request: P.Rematch) -> None:
        """The seat asks for (or agrees to) a rematch of a finished match."""
        seat = match.seat_for(request.token)
        if not match.replica.is_over:
            raise ProtocolError(P.NOT_OVER, "a rematch is asked once the match is over")
        if match.rematch_code:
            match.publish(P.dumps({"kind": "rematch", "code": match.rematch_code}))
            return
        match.rematch[seat] = request.value
        await self.relay.tell(match, "rematch", asked={str(s): v for s, v in match.rematch.items()})
        await self.rematch_when_agreed(match)

    async def rematch_when_agreed(self, match: LiveMatch) -> None:
        """Tell who asked for a rematch; once every seat has, make it (its code is derived from the match's, so two
        processes hearing the last request at once make the same one)."""
        if len(match.rematch) < match.record.num_players:
            match.publish(P.dumps({"kind": "offer", "offer": "rematch", "seats": [s for s in sorted(match.rematch)]}))
            return
        ledger, record = self.ledger, match.record
        code = rematch_code(record)
        live = await ledger.new_match(
            record.mode, record.level, record.options, record.seed, record.num_players, record.code, code
        )
        if live is None:
            kept = await ledger.store.load(code)
            if kept is None or kept.record.rematch_of != record.code:  # the code was another match's
                live = await ledger.new_match(
                    record.mode, record.level, record.options, record.seed, record.num_players, record.code
                )
        code = live.code if live is not None else code
        for seat_no, old in match.seats.items():
            # Claimed here too when another process made the rematch: its seats are there before anyone joins.
            claimed = SeatRecord(seat_no, old.name, old.token_hash, match.rematch[seat_no], time.time())
            await ledger.store.claim_seat(code, claimed)
            if live is not None:
                live.seats[seat_no] = claimed
        if live is not None:
            async with live.lock:
                await ledger.settle(live)
        match.rematch_code = code
        match.publish(P.dumps({"kind": "rematch", "code": code}))
