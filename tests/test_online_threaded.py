"""The thread-friendly client the window uses: a whole game driven from this thread by `poll()` and `send_action`."""

from __future__ import annotations

import random

from game.online.client import (
    NEWS,
    Applied,
    ClientConfig,
    Ended,
    PresenceChanged,
    Refused,
    ThreadedMatchClient,
    Unsent,
    create_match_sync,
)
from game.online.match import Replica, make_game
from tests.online_helpers import DEADLINE, never_arrived, start_server


def test_a_game_played_through_threaded_clients_polled_like_frames(tmp_path):
    server = start_server(tmp_path / "s.db")
    created = create_match_sync(server.url, "kubtafl", "endgame")
    code = str(created["code"])
    clients = [ThreadedMatchClient(ClientConfig(server.url, code, seat=s, name=f"p{s}")).start() for s in (0, 1)]
    # Each seat's window keeps its own copy of the game from the entries it polled, as a session would.
    copies = [Replica(make_game("kubtafl", "endgame")) for _ in clients]
    ended: list[Ended] = []
    playing = [False, False]
    rng = random.Random(2)
    awaited: list[int | None] = [None, None]  # the request number of each seat's decision on its way
    try:
        while len(ended) < 2:
            seen = NEWS.count
            for seat, (client, copy) in enumerate(zip(clients, copies, strict=True)):
                for event in client.poll():  # never blocks: a frame's worth of news
                    if isinstance(event, PresenceChanged):
                        playing[seat] = client.match.get("status") == "playing"
                    elif isinstance(event, Applied):
                        copy.add(event.entry)  # in order, no gap: `add` refuses anything else
                        awaited[seat] = None
                    elif isinstance(event, Refused | Unsent) and event.ref == awaited[seat]:
                        awaited[seat] = None  # not applied: decided again on the position now
                    elif isinstance(event, Ended):
                        ended.append(event)
                state = copy.state
                if playing[seat] and not copy.is_over and state.current_player() == seat and awaited[seat] is None:
                    awaited[seat] = client.send_action(state.action_to_str(rng.choice(state.legal_actions())), copy.seq)
            if len(ended) < 2 and not NEWS.wait(seen, DEADLINE):  # the next frame once something has arrived
                never_arrived(f"the end of the game (seats at entries {[c.seq for c in copies]})")
        assert all(c.status == "connected" for c in clients)
        assert clients[0].outcome == clients[1].outcome == copies[0].outcome
        assert all(e.dice.ok for e in ended)
        assert clients[0].seq == clients[1].seq == copies[0].seq == copies[1].seq
        assert {p.seat for p in clients[0].presence if p.online} == {0, 1}
        assert clients[0].token and clients[0].token != clients[1].token
    finally:
        for client in clients:
            client.close()
        server.stop()
