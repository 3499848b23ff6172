"""The online game's bookkeeping of a decision on its way to the server, with clients the test drives by hand.

Each seat's client is a stand-in that records what the session sends and hands it the events the test puts in, so
every interleaving of answers is played out exactly, with no network and no waiting.
"""

from __future__ import annotations

import itertools

from game.client.play.online import OnlineLink, OnlineSession
from game.online import protocol as P
from game.online.client import ClientConfig, ClientEvent, Joined, PresenceChanged, Refused, StatusChanged, Unsent

_refs = itertools.count(1)


class StandIn:
    """A seat's client: joined by `join()`, its sends kept in `sent`, its events the ones `put` queued."""

    def __init__(self, seat: int | None, token: str | None) -> None:
        self.seat, self.token = seat, token or f"token-{seat}"
        self.status, self.available, self.error, self.seq = "connecting", True, "", 0
        self.match: dict[str, object] = {}
        self.presence = ()
        self.sent: list[tuple[int, str, int | None]] = []
        self.events: list[ClientEvent] = []

    def start(self) -> StandIn:
        return self

    def close(self, timeout: float = 5.0) -> None:
        pass

    def poll(self) -> list[ClientEvent]:
        events, self.events = self.events, []
        return events

    def put(self, *events: ClientEvent) -> None:
        self.events.extend(events)

    def join(self) -> None:
        """Connected to a match whose seats are all taken."""
        self.status, self.match = "connected", {"status": "playing", "seq": 0}
        self.put(StatusChanged("connected"), Joined(self.seat, dict(self.match)), PresenceChanged(()))

    def send_action(self, notation: str, seq: int | None = None) -> int:
        ref = next(_refs)
        self.sent.append((ref, notation, seq))
        return ref

    def answer_takeback(self, accept: bool) -> None:
        pass

    def ask_rematch(self) -> None:
        pass


def session_with(kinds: dict[int, str]) -> tuple[OnlineSession, dict[int, StandIn]]:
    """A Kubtafl match whose seats `kinds` are played here, each through a stand-in client, all joined."""
    made: dict[int, StandIn] = {}

    def connect(config: ClientConfig) -> StandIn:
        made[config.seat] = StandIn(config.seat, config.token)
        return made[config.seat]

    link = OnlineLink("ws://127.0.0.1:9", "ABCDEF", kinds=dict(kinds))
    session = OnlineSession("kubtafl", "standard", link, 2, autosave=False, connect=connect)  # type: ignore[arg-type]
    session.connect()
    for client in made.values():
        client.join()
    session.pump()
    return session, made


def a_move(session: OnlineSession) -> str:
    state = session.state
    return state.action_to_str(state.legal_actions()[0])


def test_a_decision_that_could_not_be_sent_is_made_again_instead_of_awaited_forever():
    session, clients = session_with({0: "human"})
    assert session.is_human_turn
    session.apply(session.state.action_from_str(a_move(session)))
    [(ref, _, _)] = clients[0].sent
    assert session.pending == 0 and not session.is_human_turn
    clients[0].put(Unsent(ref))  # the connection was gone when it was to leave: no answer will ever come
    session.pump()
    assert session.pending is None and session.is_human_turn


def test_a_refusal_of_the_decision_awaited_lets_the_seat_decide_again_whatever_its_reason():
    session, clients = session_with({0: "human"})
    session.apply(session.state.action_from_str(a_move(session)))
    [(ref, _, _)] = clients[0].sent
    clients[0].put(Refused(P.BAD_MESSAGE, "action: too long", ref))
    session.pump()
    assert session.pending is None and session.is_human_turn
    assert session.notes == [("refused", "action: too long")]


def test_the_refusal_of_another_request_leaves_the_decision_awaited_alone():
    session, clients = session_with({0: "human"})
    session.apply(session.state.action_from_str(a_move(session)))
    [(ref, _, _)] = clients[0].sent
    # An earlier request's answer (a takeback answered too late, say) arrives while the decision is on its way.
    clients[0].put(Refused(P.NOT_YOUR_TURN, "seat 0 does not decide now", ref - 1), Unsent(ref - 2))
    session.pump()
    assert session.pending == 0 and not session.is_human_turn
    # A refusal the server could not number (a flood) may be this decision's: it is made again.
    clients[0].put(Refused(P.RATE_LIMITED, "too many messages; slow down"))
    session.pump()
    assert session.pending is None


def test_a_computer_seat_here_decides_only_while_its_own_client_is_connected():
    session, clients = session_with({0: "ai:easy", 1: "human"})
    primary, computer = clients[1], clients[0]
    assert session.primary is primary and session.current_seat == 0
    computer.status = "reconnecting"  # its connection dropped; the board's client is fine
    computer.put(StatusChanged("reconnecting"))
    session.pump()
    assert not session.start_ai() and session.poll_ai() is None
    assert computer.sent == [] and session.pending is None
    computer.join()  # back: its seat decides now
    session.pump()
    assert session.start_ai()
    action = session.poll_ai()
    assert action is not None
    session.apply(action)
    assert [text for _, text, _ in computer.sent] == [session.state.action_to_str(action)]
    assert session.pending == 0 and primary.sent == []
