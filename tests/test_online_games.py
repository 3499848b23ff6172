"""Whole games through the real match server with real websocket clients, for every board mode; the dice checked."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from game.online import dice
from game.online.client import create_match
from game.online.match import make_game
from game.online.protocol import CHANCE
from tests.online_helpers import play_match, start_server, stored_entries

GAMES = [
    ("kubtafl", "endgame", 2),
    ("checkrisk", "standard", 2),
    ("checkrisk", "corners4", 4),
    ("battle_checkers", "skirmish6", 2),
]


@pytest.mark.parametrize(("mode", "level", "seats"), GAMES)
def test_a_whole_game_through_the_server(tmp_path, mode, level, seats):
    server = start_server(tmp_path / "s.db")
    try:

        async def scenario():
            created = await create_match(server.url, mode, level, seed=5)
            assert created["match"]["num_players"] == seats
            return created["code"], await play_match(server.url, created["code"], seats, seed=3)

        code, clients = asyncio.run(scenario())
    finally:
        server.stop()
    first = clients[0]
    assert first.outcome is not None and first.replica is not None and first.replica.is_over
    # Every seat saw the same numbered log, the one the store holds, and the same end.
    logs = [[e.text for e in c.replica.entries] for c in clients]
    assert all(log == logs[0] for log in logs)
    assert stored_entries(tmp_path / "s.db", code) == logs[0]
    assert {c.outcome for c in clients} == {first.outcome}
    # The dice commitment: every client checked the hash and replayed every roll.
    for client in clients:
        assert client.dice_check is not None and client.dice_check.ok, client.dice_check
    rolls = sum(1 for e in first.replica.log if e.type == CHANCE)
    assert first.dice_check.rolls == rolls
    if mode != "kubtafl":
        assert rolls > 0


def test_a_changed_roll_or_seed_fails_the_dice_check(tmp_path):
    server = start_server(tmp_path / "s.db")
    try:

        async def scenario():
            created = await create_match(server.url, "battle_checkers", "skirmish6")
            return await play_match(server.url, created["code"], 2, seed=9)

        clients = asyncio.run(scenario())
    finally:
        server.stop()
    replica = clients[0].replica
    match = clients[0].match
    game = make_game("battle_checkers", "skirmish6")
    secret = next(e.secret for e in replica.entries if e.secret)
    values = [str(v) for v in match["values"]]
    assert dice.verify(game, replica.log, secret, str(match["commitment"]), values).ok
    # Another secret does not hash to the commitment.
    other = dice.verify(game, replica.log, dice.new_secret(), str(match["commitment"]), values)
    assert not other.ok and "hash" in other.problem
    # Other seat values give other dice: some roll no longer matches.
    assert not dice.verify(game, replica.log, secret, str(match["commitment"]), [values[1], values[0]]).ok
    # A roll changed in the log (a server that lied about one roll) is named.
    log = list(replica.log)
    index = next(i for i, e in enumerate(log) if e.type == CHANCE)
    state = game.initial_state()
    for entry in log[:index]:
        state.apply(state.action_from_str(entry.action))
    outcomes = [state.action_to_str(o) for o, _ in state.chance_outcomes()]
    wrong = next(o for o in outcomes if o != log[index].action)
    log[index] = replace(log[index], action=wrong)
    check = dice.verify(game, log, secret, str(match["commitment"]), values)
    assert not check.ok and f"roll {log[index].roll}" in check.problem
