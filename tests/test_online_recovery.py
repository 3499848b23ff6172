"""Nothing is lost: a client dropped at every kind of decision, a server killed and restarted on its store, a match
resumed after a restart; and the match-level requests (takeback, resign, rematch, presence, expiry)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from game.online import protocol as P
from game.online.client import (
    ClientConfig,
    Ended,
    MatchClient,
    OfferChanged,
    PresenceChanged,
    RematchReady,
    create_match,
)
from game.online.limits import ServerConfig
from game.online.match import outcome_text
from tests.online_helpers import (
    DEADLINE,
    free_port,
    play_match,
    serve_process,
    start_server,
    stored_entries,
    until,
    within,
)

LEVELS = [("kubtafl", "endgame"), ("checkrisk", "standard"), ("battle_checkers", "skirmish6")]


@pytest.mark.parametrize(("mode", "level"), LEVELS)
def test_a_client_dropped_at_every_kind_of_decision_resumes(tmp_path, mode, level):
    server = start_server(tmp_path / "s.db")
    dropped: dict[str, int] = {}

    async def drop_once_per_kind(client: MatchClient, action: object) -> None:
        # Each kind of decision, the first time: the connection is cut just before it is sent, and the second
        # time just after (the answer is lost on the way back).
        kind = type(action).__name__
        count = dropped.get(kind, 0)
        if count == 0:
            dropped[kind] = 1
            client.drop()
        elif count == 1:
            dropped[kind] = 2
            asyncio.get_running_loop().call_soon(client.drop)

    try:

        async def scenario():
            created = await create_match(server.url, mode, level)
            return created["code"], await play_match(server.url, created["code"], 2, 4, drop_once_per_kind)

        code, clients = asyncio.run(scenario())
    finally:
        server.stop()
    assert len(dropped) >= 2
    logs = [[e.text for e in c.replica.entries] for c in clients]
    assert logs[0] == logs[1] == stored_entries(tmp_path / "s.db", code)
    assert all(c.outcome is not None and c.dice_check.ok for c in clients)
    # Nothing was applied twice: the numbers run on without a gap or a repeat.
    assert [e.seq for e in clients[0].replica.entries] == list(range(1, len(logs[0]) + 1))


def test_a_server_killed_mid_game_and_restarted_on_its_store_resumes(tmp_path):
    store = tmp_path / "s.db"
    port = free_port()
    proc, url = serve_process(tmp_path, store, port)
    procs = [proc]
    killed = asyncio.Event()

    async def kill_mid_game(client: MatchClient, action: object) -> None:
        if client.seq >= 60 and not killed.is_set():
            killed.set()
            os.kill(procs[0].pid, signal.SIGKILL)
            procs[0].wait(DEADLINE)
            # The server comes back on the same port and store while the clients are reconnecting.
            procs.append(serve_process(tmp_path, store, port)[0])

    try:

        async def scenario():
            created = await create_match(url, "checkrisk", "standard")
            return created["code"], await play_match(url, created["code"], 2, 6, kill_mid_game)

        code, clients = asyncio.run(scenario())
    finally:
        for process in procs:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(DEADLINE)
    assert killed.is_set()
    logs = [[e.text for e in c.replica.entries] for c in clients]
    assert logs[0] == logs[1] == stored_entries(store, code)
    assert all(c.outcome is not None and c.dice_check is not None and c.dice_check.ok for c in clients)
    assert procs[-1].returncode == 0


def test_a_stopped_server_serves_its_matches_again(tmp_path):
    store = tmp_path / "s.db"
    server = start_server(store)

    async def half():
        created = await create_match(server.url, "battle_checkers", "skirmish6")
        clients = [MatchClient(ClientConfig(server.url, created["code"], seat=s)) for s in (0, 1)]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        await until(
            lambda: all(c.connected for c in clients) and (clients[0].seq >= 1 or clients[0].my_turn), "the first turn"
        )
        mover = next(c for c in clients if c.my_turn)
        state = mover.replica.state
        await mover.send_action(state.action_to_str(state.legal_actions()[0]))
        await until(lambda: clients[0].seq >= 1 and clients[1].seq == clients[0].seq, "the decision at both seats")
        for c in clients:
            await c.close()
        await asyncio.gather(*tasks)
        return created["code"], [c.token for c in clients], clients[0].seq

    code, tokens, seq = asyncio.run(within(half(), "the first half of the match"))
    server.stop()
    server = start_server(store)
    try:

        async def rest():
            back = MatchClient(ClientConfig(server.url, code, seat=0, token=tokens[0]))
            task = asyncio.create_task(back.run())
            await until(lambda: back.connected, "the seat back on the restarted server")
            await back.close()
            await task
            return back

        back = asyncio.run(within(rest(), "the rest of the match"))
    finally:
        server.stop()
    assert back.seq == seq and back.seat == 0
    assert [e.text for e in back.replica.entries] == stored_entries(store, code)


@pytest.fixture
def server(tmp_path):
    """A server for one test."""
    thread = start_server(tmp_path / "s.db")
    yield thread
    thread.stop()


async def _pair(url: str, mode: str, level: str):
    """Two connected clients holding seats 0 and 1 of a new match (running), with their events."""
    created = await create_match(url, mode, level)
    events: tuple[list[object], list[object]] = ([], [])
    clients = [MatchClient(ClientConfig(url, created["code"], seat=s), on_event=events[s].append) for s in (0, 1)]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    await until(
        lambda: all(c.connected for c in clients) and clients[0].match.get("status") == "playing",
        "both seats joined to a match that plays",
    )
    return clients, tasks, events


def _decider(clients):
    return next((c for c in clients if c.my_turn), None)


def test_a_takeback_accepted_undoes_the_decision_and_never_rerolls(server):

    async def scenario():
        clients, tasks, events = await _pair(server.url, "battle_checkers", "skirmish6")
        # Play first decisions until one is followed by a roll.
        while True:
            await until(
                lambda: _decider(clients) is not None and clients[0].seq == clients[1].seq,
                "a seat to decide, with both clients level",
            )
            mover = _decider(clients)
            before = mover.seq
            state = mover.replica.state
            actions = state.legal_actions()
            action = state.action_to_str(actions[-1])
            await mover.send_action(action)
            await until(
                lambda before=before: clients[0].seq > before and clients[1].seq == clients[0].seq,
                "the decision at both seats",
            )
            after = mover.replica.entries[before:]
            if any(e.type == P.CHANCE for e in after):
                break
        other = clients[1 - mover.seat]
        # Nothing to take back for a seat that has not decided; a takeback asked and declined changes nothing.
        seq = mover.seq
        await mover.request_takeback()
        await until(lambda: other.takeback_from == mover.seat, "the takeback request at the other seat")
        await other.answer_takeback(False)
        await until(
            lambda: any(isinstance(e, OfferChanged) and not e.open for e in events[mover.seat]),
            "the declined takeback at the asking seat",
        )
        assert mover.seq == seq
        # Asked again and accepted: the position is the one before the decision.
        await mover.request_takeback()
        await until(lambda: other.takeback_from == mover.seat, "the second takeback request at the other seat")
        await other.answer_takeback(True)
        await until(lambda: mover.seq == seq + 1 and other.seq == seq + 1, "the takeback at both seats")
        entry = mover.replica.entries[-1]
        assert entry.type == P.TAKEBACK and entry.undo_to == before
        assert mover.replica.state.to_dict() == mover.replica.replayed(mover.replica.log).to_dict()
        assert mover.my_turn
        # The same decision again: the same roll numbers give the same dice.
        await mover.send_action(action)
        # Its entries come one by one (the decision, then the roll it asks for): all of them, at both seats.
        await until(
            lambda: mover.seq >= seq + 1 + len(after) and other.seq == mover.seq,
            "the decision made again and its roll at both seats",
        )
        again = mover.replica.entries[seq + 1 :]
        assert [(e.type, e.action, e.roll) for e in again] == [(e.type, e.action, e.roll) for e in after]
        for c in clients:
            await c.close()
        await asyncio.gather(*tasks)

    asyncio.run(within(scenario(), "the scenario's end"))


def test_resign_ends_the_match_and_a_rematch_keeps_the_seats(server):

    async def scenario():
        clients, tasks, events = await _pair(server.url, "kubtafl", "endgame")
        await clients[1].resign()
        await until(lambda: all(c.outcome is not None for c in clients), "the end at both seats")
        for c in clients:
            assert c.outcome.winners == (0,) and c.outcome.reason == P.RESIGNATION
            assert c.dice_check.ok
        assert outcome_text(clients[0].outcome) == "result: seat 0 wins (resignation)"
        assert [e for e in events[0] if isinstance(e, Ended)]
        # No takeback once the seed is public; both ask for a rematch.
        await clients[0].ask_rematch()
        await until(
            lambda: any(isinstance(e, OfferChanged) and e.offer == "rematch" for e in events[1]),
            "the rematch request at the other seat",
        )
        await clients[1].ask_rematch()
        await until(lambda: all(c.rematch_code for c in clients), "the rematch's code at both seats")
        code = clients[0].rematch_code
        assert any(isinstance(e, RematchReady) for e in events[1]) and code != clients[0].code
        again = [MatchClient(ClientConfig(server.url, code, seat=s, token=c.token)) for s, c in enumerate(clients)]
        more = [asyncio.create_task(c.run()) for c in again]
        await until(lambda: all(c.connected for c in again), "both seats joined to the rematch")
        assert again[0].match["status"] == "playing" and again[0].match["rematch_of"] == clients[0].code
        for c in [*clients, *again]:
            await c.close()
        await asyncio.gather(*tasks, *more)

    asyncio.run(within(scenario(), "the scenario's end"))


def test_presence_says_who_is_away_since_when(server):

    async def scenario():
        clients, tasks, events = await _pair(server.url, "kubtafl", "endgame")
        await until(lambda: all(p.online for p in clients[0].presence), "both seats online")
        clients[1].drop()
        await until(lambda: any(not p.online for p in clients[0].presence), "a seat away")
        away = next(p for p in clients[0].presence if p.seat == 1)
        assert away.since is not None and away.name == "player 2" and away.claimed
        assert any(isinstance(e, PresenceChanged) for e in events[0])
        await until(
            lambda: all(p.online for p in clients[0].presence), "the seat back online"
        )  # it reconnects by itself
        for c in clients:
            await c.close()
        await asyncio.gather(*tasks)

    asyncio.run(within(scenario(), "the scenario's end"))


def test_finished_matches_are_removed_after_a_while_and_unfinished_ones_kept(tmp_path):
    server = start_server(tmp_path / "s.db", ServerConfig(finished_ttl=0.0, idle_seconds=0.0))
    try:

        async def scenario():
            done = await create_match(server.url, "kubtafl", "endgame")
            await play_match(server.url, done["code"], 2)
            waiting = await create_match(server.url, "kubtafl", "endgame")
            return done["code"], waiting["code"]

        done, waiting = asyncio.run(within(scenario(), "the scenario's end"))
        removed = server.call(lambda s: s.sweep())
        assert removed == [done]
        assert server.call(lambda s: s.match(done)) is None
        assert server.call(lambda s: s.match(waiting)) is not None
    finally:
        server.stop()
