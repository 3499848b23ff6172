"""Every bad input is refused with a clear error to its sender alone, the match intact and the server running."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from game.online import protocol as P
from game.online.limits import ServerConfig
from tests.online_helpers import Raw, claim, create, start_server, within


@pytest.fixture
def server(tmp_path):
    """A server with the default rate limit and small caps."""
    thread = start_server(tmp_path / "s.db", ServerConfig(max_matches=3, max_connections=8, close_timeout=0.2))
    yield thread
    thread.stop()


async def _started(url: str, mode: str = "battle_checkers", level: str = "skirmish6"):
    """A match with both seats claimed: the code, each seat's raw client and token, the last entry number."""
    created = await create(url, mode, level)
    code = created["code"]
    first, token0, _ = await claim(url, code, 0)
    second, token1, joined = await claim(url, code, 1)
    match = joined["match"]
    return code, (first, second), (token0, token1), match


async def _seq(url: str, code: str) -> int:
    watcher = await Raw.open(url)
    await watcher.send({"kind": "join", "code": code})
    joined = await watcher.expect("joined")
    await watcher.close()
    return int(joined["match"]["seq"])


async def _legal(url: str, code: str, seat: int) -> tuple[int, str]:
    """The last entry number and a legal decision of `seat` (which must be to decide), from a client's copy."""
    from game.online.match import Replica, make_game

    watcher = await Raw.open(url)
    await watcher.send({"kind": "join", "code": code})
    joined = await watcher.expect("joined")
    match = joined["match"]
    replica = Replica(make_game(match["mode"], match["level"], match["options"]))
    while replica.seq < match["seq"]:
        replica.add(P.Entry.from_wire(await watcher.expect("entry")))
    await watcher.close()
    assert replica.state.current_player() == seat
    state = replica.state
    return replica.seq, state.action_to_str(state.legal_actions()[0])


def test_malformed_messages_are_refused_and_the_match_goes_on(server):
    async def scenario():
        code, (first, second), (token0, _), _ = await _started(server.url)
        seq = await _seq(server.url, code)
        await first.refused("{not json", P.BAD_JSON)
        await first.refused(b'{"kind": "join"}', P.BAD_JSON)
        await first.refused("[1, 2]", P.BAD_JSON)
        await first.refused({"kind": "teleport"}, P.UNKNOWN_KIND)
        await first.refused({"no": "kind"}, P.BAD_MESSAGE)
        await first.refused({"kind": "action", "token": token0, "seq": "x", "action": "a"}, P.BAD_MESSAGE)
        await first.refused({"kind": "action", "token": token0, "seq": seq, "action": "x" * 5000}, P.BAD_MESSAGE)
        await first.refused({"kind": "join", "code": "O0I1AB"}, P.BAD_MESSAGE)
        await first.refused({"kind": "create", "mode": "chess", "level": "standard"}, P.BAD_SETUP)
        await first.refused({"kind": "create", "mode": "kubtafl", "level": "../../etc/passwd"}, P.BAD_MESSAGE)
        await first.refused({"kind": "create", "mode": "checkrisk", "options": {"supply": 10**6}}, P.BAD_SETUP)
        await first.refused({"kind": "create", "mode": "kubtafl", "seats": 4}, P.BAD_SETUP)
        error = await first.refused(
            {"kind": "action", "token": token0, "seq": seq, "action": "zz9-zz9", "ref": 7}, P.ILLEGAL
        )
        assert error["ref"] == 7 and error["message"]
        # The match is untouched and still plays.
        assert await _seq(server.url, code) == seq
        seq, action = await _legal(server.url, code, 0)
        await first.send({"kind": "action", "token": token0, "seq": seq, "action": action})
        entry = await second.expect("entry")
        assert entry["seq"] == seq + 1 and entry["type"] == P.ACTION

    asyncio.run(within(scenario(), "the scenario's end"))


def test_an_oversized_message_closes_only_that_connection(server):
    async def scenario():
        code, (first, second), (token0, _), _ = await _started(server.url)
        seq = await _seq(server.url, code)
        big = json.dumps({"kind": "action", "token": token0, "seq": seq, "action": "x" * (P.MAX_MESSAGE + 10)})
        await first.send(big)
        with pytest.raises(ConnectionClosed) as closed:
            while True:  # presence and entries sent before the refusal come first
                await first.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # The other client, the match and the server go on.
        assert await _seq(server.url, code) == seq
        seq, action = await _legal(server.url, code, 0)
        again, _, _ = await claim_again(server.url, code, token0)
        await again.send({"kind": "action", "token": token0, "seq": seq, "action": action})
        assert (await second.expect("entry"))["seq"] == seq + 1

    asyncio.run(within(scenario(), "the scenario's end"))


async def claim_again(url: str, code: str, token: str):
    raw = await Raw.open(url)
    await raw.send({"kind": "join", "code": code, "token": token, "since": 0})
    return raw, token, await raw.expect("joined")


def test_acting_for_another_seat_out_of_turn_with_dice_or_twice_is_refused(server):
    async def scenario():
        code, (first, second), (token0, token1), _ = await _started(server.url)
        seq, action = await _legal(server.url, code, 0)
        # Another seat's decision with one's own token, a made-up token, the wrong seat's turn.
        await second.refused({"kind": "action", "token": token1, "seq": seq, "action": action, "seat": 0}, P.BAD_TOKEN)
        await second.refused({"kind": "action", "token": "A" * 24, "seq": seq, "action": action}, P.BAD_TOKEN)
        await second.refused({"kind": "action", "token": token1, "seq": seq, "action": action}, P.NOT_YOUR_TURN)
        # Dice are the server's: an action carrying them, or a roll sent as an action, is refused.
        await first.refused(
            {"kind": "action", "token": token0, "seq": seq, "action": action, "dice": [6, 6]}, P.BAD_MESSAGE
        )
        await first.refused({"kind": "action", "token": token0, "seq": seq, "action": "6,6"}, P.ILLEGAL)
        assert await _seq(server.url, code) == seq
        # Applied once; the same message replayed is refused, not applied twice.
        message = {"kind": "action", "token": token0, "seq": seq, "action": action}
        await first.send(message)
        applied = await second.expect("entry")
        assert applied["seq"] == seq + 1
        after = await _seq(server.url, code)
        await first.refused(message, P.STALE)
        # Any action made for an older entry number is stale, even one legal now.
        now, legal_now = await _legal_for_whoever(server.url, code)
        tokens = (token0, token1)
        await first.refused(
            {"kind": "action", "token": tokens[now[0]], "seq": now[1] - 1, "action": legal_now}, P.STALE
        )
        assert await _seq(server.url, code) == after

    asyncio.run(within(scenario(), "the scenario's end"))


async def _legal_for_whoever(url: str, code: str) -> tuple[tuple[int, int], str]:
    """((the seat to decide, the last entry number), one of its legal decisions)."""
    for seat in (0, 1):
        try:
            seq, action = await _legal(url, code, seat)
        except AssertionError:
            continue
        return (seat, seq), action
    raise AssertionError("no seat decides")


def test_joining_wrongly_is_refused(server):
    async def scenario():
        created = await create(server.url, "kubtafl", "endgame")
        code = created["code"]
        first, token0, joined = await claim(server.url, code, 0)
        assert joined["match"]["status"] == "waiting"
        other = await Raw.open(server.url)
        value = "ab" * 16
        await other.refused({"kind": "join", "code": "ZZZZZZ", "seat": 0, "value": value}, P.NOT_FOUND)
        await other.refused({"kind": "join", "code": code, "seat": 0, "value": value}, P.SEAT_TAKEN)
        await other.refused({"kind": "join", "code": code, "seat": 3, "value": value}, P.BAD_SEAT)
        await other.refused({"kind": "join", "code": code, "seat": 1}, P.BAD_MESSAGE)  # no dice value
        await other.refused({"kind": "join", "code": code, "token": "B" * 24}, P.BAD_TOKEN)
        await other.refused({"kind": "resign", "token": token0}, P.NOT_JOINED)
        # Before every seat is taken nobody plays.
        await first.refused({"kind": "action", "token": token0, "seq": 0, "action": "a1-a2"}, P.NOT_STARTED)
        # The code alone lets anyone watch, never act.
        await other.send({"kind": "join", "code": code.lower()})
        watching = await other.expect("joined")
        assert watching["seat"] is None and "token" not in watching

    asyncio.run(within(scenario(), "the scenario's end"))


def test_a_flood_is_rate_limited_and_the_match_goes_on(server):
    async def scenario():
        code, (first, second), (token0, _), _ = await _started(server.url)
        seq = await _seq(server.url, code)
        flood = {"kind": "action", "token": token0, "seq": seq, "action": "zz9-zz9"}
        for _ in range(90):
            await first.send(flood)
        codes = []
        for _ in range(90):
            message = await first.recv()
            if message["kind"] == "error":
                codes.append(message["code"])
        assert P.RATE_LIMITED in codes and P.ILLEGAL in codes
        assert codes.count(P.ILLEGAL) <= ServerConfig.burst + 10
        # The other seat is not limited and the match is as it was.
        assert await _seq(server.url, code) == seq
        await second.refused({"kind": "takeback_reply", "token": "C" * 24, "accept": True}, P.BAD_TOKEN)

    asyncio.run(within(scenario(), "the scenario's end"))


def test_too_many_matches_or_connections_are_refused(server):
    async def scenario():
        for _ in range(3):
            await create(server.url, "kubtafl", "endgame")
        raw = await Raw.open(server.url)
        await raw.refused({"kind": "create", "mode": "kubtafl"}, P.TOO_MANY_MATCHES)
        conns = [raw]
        for _ in range(7):
            conns.append(await Raw.open(server.url))
        from websockets.asyncio.client import connect

        extra = await connect(server.url, compression=None)
        refusal = json.loads(await within(extra.recv(), "the server's next message"))
        assert refusal["kind"] == "error" and refusal["code"] == P.TOO_MANY_CONNECTIONS
        with pytest.raises(ConnectionClosed):
            await within(extra.recv(), "the server's next message")
        # Room again once one leaves: each try is answered, refused until the server has let the closed one go.
        await conns.pop().close()
        while True:
            again = await connect(server.url, compression=None, max_size=None)
            first = json.loads(await within(again.recv(), "the server's next message"))
            if first["kind"] == "hello":
                break
            assert first["code"] == P.TOO_MANY_CONNECTIONS
            await again.close()
        await Raw(again).refused({"kind": "create", "mode": "kubtafl"}, P.TOO_MANY_MATCHES)

    asyncio.run(within(scenario(), "the scenario's end"))
