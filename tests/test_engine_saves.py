"""Records and saves written by an earlier version load and replay to the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.play.session import GameSession
from game.engine.registry import load

DATA = Path(__file__).parent / "data" / "compat"
RECORDS = sorted(p.name for p in DATA.glob("*_*.json") if p.name != "saves.json")


def _json(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", RECORDS)
def test_record_replays_to_the_same_positions(name: str) -> None:
    record = _json(name)
    assert isinstance(record, dict)
    game = load(record["mode"], record["level"])
    state = game.initial_state()
    checkpoints = {c["after"]: c["state"] for c in record["checkpoints"]}
    for count, text in enumerate(record["actions"], 1):
        state.apply(state.action_from_str(text))
        if count in checkpoints:
            assert state.to_dict() == checkpoints[count], f"after action #{count} {text!r}"
            assert game.state_from_dict(checkpoints[count]).to_dict() == checkpoints[count]
    assert state.is_terminal() and max(checkpoints) == len(record["actions"])


@pytest.mark.parametrize("index", range(3))
def test_autosave_loads_to_the_same_position(index: int) -> None:
    saves = _json("saves.json")
    assert isinstance(saves, list)
    entry = saves[index]
    session = GameSession.from_dict(entry["save"], autosave=False)
    assert session.state.to_dict() == entry["state"]
    assert session.to_dict()["actions"] == entry["save"]["actions"]
