"""Saves, engine snapshots and records written by an earlier version load and replay to the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.play.records import Timeline, record_from_dict
from game.client.play.session import GameSession
from game.engine import registry

FOLDER = Path(__file__).parent / "data" / "compat" / "sessions"


def _folders() -> list[Path]:
    """Where kept files are: the game's modes' here, a mode kept outside the game's packages in `compat/` beside
    its scene (the template's)."""
    own = (registry.package_folder(spec.scene) for spec in registry.MODES)
    return [FOLDER, *(folder / "compat" for folder in own if folder is not None and (folder / "compat").is_dir())]


KEPT = {p.name.removesuffix("_save.json"): p.parent for folder in _folders() for p in folder.glob("*_save.json")}
NAMES = sorted(KEPT)


def _read(name: str) -> dict:
    base = name.removesuffix("_save.json").removesuffix("_record.json")
    return json.loads((KEPT[base] / name).read_text(encoding="utf-8"))


def test_every_mode_has_a_kept_save_and_record() -> None:
    assert {name.split("_standard")[0] for name in NAMES if "_standard" in name} == set(registry.modes())
    assert all((KEPT[name] / f"{name}_record.json").is_file() for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_an_old_autosave_resumes_at_the_same_position(name: str) -> None:
    kept = _read(f"{name}_save.json")
    session = GameSession.from_dict(kept["save"], autosave=False)
    assert session.state.to_dict() == kept["state"]
    assert session.to_dict() == kept["save"]


@pytest.mark.parametrize("name", NAMES)
def test_an_old_engine_snapshot_loads_unchanged(name: str) -> None:
    kept = _read(f"{name}_save.json")
    game = registry.load(kept["save"]["mode"], kept["save"]["level"])
    assert game.state_from_dict(kept["state"]).to_dict() == kept["state"]


@pytest.mark.parametrize("name", NAMES)
def test_an_old_record_replays_to_the_same_end(name: str) -> None:
    kept = _read(f"{name}_record.json")
    record = record_from_dict(kept["record"])
    timeline = Timeline.of(record)
    final = timeline.states[-1]
    assert final.is_terminal()
    assert final.to_dict() == kept["state"]
    assert sorted(final.outcome().winners) == sorted(record.winners or [])
