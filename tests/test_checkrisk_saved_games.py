"""CheckRisk records and autosaves written by earlier versions replay to the same positions.

`data/checkrisk_games.json` holds whole games (random, aggressive and AI play on every level) with a digest of
each position along the way: its JSON, the events that led to it, the legal decisions and the chance outcomes
with their odds. `data/checkrisk_saves.json` holds autosaves cut in a battle and in a turn with the position
they stand at.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from game.client.play.records import Timeline, record_from_dict
from game.client.play.session import GameSession
from game.engine import registry
from game.engine.core import Event, State

DATA = Path(__file__).parent / "data"
GAMES = json.loads((DATA / "checkrisk_games.json").read_text(encoding="utf-8"))["games"]
SAVES = json.loads((DATA / "checkrisk_saves.json").read_text(encoding="utf-8"))["saves"]


def digest(state: State[Any], events: list[Event]) -> str:
    """A short fingerprint of a position, the events that led to it and what may happen next."""
    blob = json.dumps(
        {
            "state": state.to_dict(),
            "events": [e.to_dict() for e in events],
            "legal": [state.action_to_str(a) for a in state.legal_actions()],
            "chance": [[state.action_to_str(a), str(p)] for a, p in state.chance_outcomes()],
            "player": state.current_player(),
        },
        sort_keys=True,
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def _name(game: dict[str, Any]) -> str:
    record = game["record"]
    return f"{record['level']}-{record['seed']}"


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_record_replays_position_by_position(game: dict[str, Any]) -> None:
    record = game["record"]
    state = registry.load("checkrisk", record["level"]).initial_state()
    assert digest(state, []) == game["digests"][0]
    for ply, text in enumerate(record["actions"], 1):
        action = state.action_from_str(text)
        assert state.action_to_str(action) == text
        events = state.apply(action)
        assert digest(state, events) == game["digests"][ply], f"ply {ply} ({text})"
    assert state.to_dict() == game["final"]
    assert state.clone().to_dict() == game["final"]
    assert state.game.state_from_dict(game["final"]).to_dict() == game["final"]


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_record_loads_through_the_timeline(game: dict[str, Any]) -> None:
    timeline = Timeline.of(record_from_dict(game["record"]))
    assert timeline.final.to_dict() == game["final"]


@pytest.mark.parametrize("saved", SAVES, ids=lambda s: f"{s['save']['level']}-{s['save']['seed']}")
def test_autosave_loads_at_the_same_position(saved: dict[str, Any]) -> None:
    session = GameSession.from_dict(saved["save"], autosave=False)
    assert session.state.to_dict() == saved["state"]
    assert session.to_dict() == saved["save"]
