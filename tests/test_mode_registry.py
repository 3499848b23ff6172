"""The mode registry: every part each spec names exists, resolves and fits the rest of the mode."""

from __future__ import annotations

import inspect
import random
import tomllib
from enum import StrEnum
from pathlib import Path

import pygame
import pytest

from ai.baselines import NAMES, baseline_choice
from ai.knowledge import Knowledge, knowledge_for
from ai.levels import LEVELS, PLAYER_LEVELS
from ai.planners import planner_for
from game.client import modes
from game.client.scene import Scene
from game.engine import registry
from game.paths import levels_dir

ROOT = Path(__file__).resolve().parent.parent
SPECS = registry.MODES
BOARD_SPECS = [spec for spec in SPECS if spec.board]


def _ids(specs: list[registry.ModeSpec] | tuple[registry.ModeSpec, ...]) -> list[str]:
    return [spec.name for spec in specs]


def test_names_are_unique_and_the_menu_follows_the_list() -> None:
    names = _ids(SPECS)
    assert len(set(names)) == len(names)
    assert list(modes.menu_modes()) == names
    assert registry.modes() == _ids(BOARD_SPECS)
    assert list(modes.scene_only()) == [spec.name for spec in SPECS if not spec.board]


@pytest.mark.parametrize("spec", SPECS, ids=_ids(SPECS))
def test_scene_and_emblem_resolve(spec: registry.ModeSpec) -> None:
    scene = registry.resolve(spec.scene)
    assert inspect.isclass(scene) and issubclass(scene, Scene)
    assert modes.playable(spec.name)
    draw = registry.resolve(spec.emblem)
    surface = pygame.Surface((40, 40), pygame.SRCALPHA)
    draw(surface, (20, 20), 30, 1.0)
    assert pygame.mask.from_surface(surface).count() > 0, "the emblem draws nothing"
    assert spec.screenshots is None or callable(registry.resolve(spec.screenshots))


@pytest.mark.parametrize("spec", SPECS, ids=_ids(SPECS))
def test_data_folders_exist_and_are_installed(spec: registry.ModeSpec) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installed = config["tool"]["setuptools"]["data-files"]
    assert spec.data
    for folder in spec.data:
        assert any((levels_dir() / folder).glob("*.json")), f"levels/{folder} holds no data"
        if not Path(folder).is_absolute():  # a mode kept outside the package (the template) is not installed
            assert installed.get(f"share/kubiki/levels/{folder}") == [f"levels/{folder}/*.json"]


@pytest.mark.parametrize("spec", BOARD_SPECS, ids=_ids(BOARD_SPECS))
def test_rules_and_outcome_reasons_resolve(spec: registry.ModeSpec) -> None:
    assert spec.engine is not None and spec.reasons is not None
    assert callable(registry.resolve(spec.engine))
    assert registry.level_folder(spec.name) == levels_dir() / spec.data[0]  # the level files the engine lists
    assert registry.levels(spec.name)[0] == registry.DEFAULT_LEVEL
    game = registry.load(spec.name)
    assert game.name == spec.name
    reasons = registry.resolve(spec.reasons)
    assert issubclass(reasons, StrEnum) and game.reasons is reasons
    assert spec.watch_level in registry.levels(spec.name)
    assert registry.load(spec.name, spec.watch_level).name == spec.name


@pytest.mark.parametrize("spec", BOARD_SPECS, ids=_ids(BOARD_SPECS))
def test_ai_knowledge_and_planner_resolve(spec: registry.ModeSpec) -> None:
    game = registry.load(spec.name)
    knowledge = knowledge_for(game)
    if spec.knowledge is None:
        assert type(knowledge) is Knowledge
    else:
        cls = registry.resolve(spec.knowledge)
        assert issubclass(cls, Knowledge) and type(knowledge) is cls
    for level in PLAYER_LEVELS:
        planner = planner_for(game, LEVELS[level])
        assert (planner is None) == (spec.planner is None)
        assert planner is None or callable(planner.choose)
    for name in NAMES:  # every arena baseline: the mode's own script, or None for the greedy move
        state = game.initial_state()
        choice = baseline_choice(name, state, random.Random(1))
        assert (choice is None) if spec.baselines is None else (choice is None or choice in state.legal_actions())


def test_a_name_without_a_spec_has_no_rules_and_no_scene() -> None:
    assert registry.find("nosuch") is None
    assert not modes.playable("nosuch")
    with pytest.raises(KeyError, match="nosuch"):
        registry.load("nosuch")
