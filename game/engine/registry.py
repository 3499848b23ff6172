"""The registry of game modes: one `ModeSpec` per mode, their levels, and loading a game by name.

Every layer reads the same list: the engine its rules and outcome reasons, the AI its knowledge, planner and
reference adapter, Learn its judge and challenge rules, the client its scene, emblem and screenshots; nothing
else names a mode (`tests/test_mode_names.py`). Parts above the engine are named as 'module:attr' strings and
resolved by the layer that uses them (`resolve`), so the engine never imports the client or the AI.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import files
from game.engine.core import JSON, Game, JSONObject
from game.paths import levels_dir

DEFAULT_LEVEL = "standard"
# The longest level name or path a record, a save or the command line may give (a path, so a generous one).
LEVEL_NAME_LIMIT = 1024


@dataclass(frozen=True)
class ModeSpec:
    """One mode: its name and where each layer finds its part ('module:attr', resolved lazily)."""

    name: str
    #: The client's scene class that plays the mode.
    scene: str
    #: The client's function drawing the mode's emblem: `(surface, center, size, fade) -> None`.
    emblem: str
    #: Folders under `levels/` holding the mode's data (the first holds its level files; an absolute path is used
    #: as it is, for a mode kept outside the package).
    data: tuple[str, ...]
    #: `make_game(level_name, level_data) -> Game`; None for a scene with no rules (the Dice Lab).
    engine: str | None = None
    #: The `StrEnum` of the mode's outcome reasons.
    reasons: str | None = None
    #: The AI's `Knowledge` subclass for the mode; None for the default one.
    knowledge: str | None = None
    #: The AI's planner factory `(game, level_name) -> Planner`; None when the generic searchers play.
    planner: str | None = None
    #: The reference opponent's `Adapter` class for the mode (`ai.reference`); None for the one over `knowledge`.
    reference: str | None = None
    #: The arena's scripted baselines for the mode, `(name, state, rng) -> Action | None` (`ai.baselines`); None
    #: when the controller's greedy move stands in for them.
    baselines: str | None = None
    #: Learn's `Judge` class for the mode's lessons; None for a mode without lessons.
    judge: str | None = None
    #: Learn's `ChallengeRules` object for the mode's challenges; None for a mode without challenges.
    challenges: str | None = None
    #: The letter the mode's rule ids start with (the rules reference's K1, C1, B1…); "" for a mode without rules.
    rule_prefix: str = ""
    #: The client's function taking the mode's own further screenshots `(app, folder, written) -> problems`.
    screenshots: str | None = None
    #: The level `--watch` shows when none is named: one where the computers fight early.
    watch_level: str = DEFAULT_LEVEL

    @property
    def board(self) -> bool:
        """True for a board game with a session (seats, dice, undo); False for a scene with no rules."""
        return self.engine is not None


# Every mode, in menu order.
MODES: tuple[ModeSpec, ...] = (
    ModeSpec(
        "kubtafl",
        scene="game.client.kubtafl.scene:KubtaflScene",
        emblem="game.client.kubtafl.emblem:draw",
        data=("kubtafl",),
        engine="game.engine.kubtafl:make_game",
        reasons="game.engine.kubtafl.reasons:KubtaflReason",
        knowledge="ai.kubtafl_eval:KubtaflKnowledge",
        judge="game.learn.kubtafl:KubtaflJudge",
        challenges="game.learn.kubtafl_challenges:RULES",
        screenshots="game.client.kubtafl.shots:screens",
        rule_prefix="K",
    ),
    ModeSpec(
        "checkrisk",
        scene="game.client.checkrisk.scene:CheckRiskScene",
        emblem="game.client.checkrisk.emblem:draw",
        data=("checkrisk", "checkrisk/presets"),
        engine="game.engine.checkrisk:make_game",
        reasons="game.engine.checkrisk.reasons:CheckRiskReason",
        knowledge="ai.dice_modes_eval:CheckRiskKnowledge",
        planner="ai.checkrisk_planner:make_planner",
        reference="ai.checkrisk_reference:CheckRiskAdapter",
        baselines="ai.checkrisk_baselines:choose",
        judge="game.learn.checkrisk:CheckRiskJudge",
        challenges="game.learn.checkrisk_challenges:RULES",
        screenshots="game.client.checkrisk.shots:screens",
        rule_prefix="C",
        watch_level="frontline",
    ),
    ModeSpec(
        "battle_checkers",
        scene="game.client.battle_checkers.scene:BattleCheckersScene",
        emblem="game.client.battle_checkers.emblem:draw",
        data=("battle_checkers", "battle_checkers/presets"),
        engine="game.engine.battle_checkers:make_game",
        reasons="game.engine.battle_checkers.reasons:BattleCheckersReason",
        knowledge="ai.dice_modes_eval:BattleCheckersKnowledge",
        planner="ai.battle_checkers_search:make_planner",
        reference="ai.battle_checkers_reference:BattleCheckersAdapter",
        baselines="ai.battle_checkers_baselines:choose",
        judge="game.learn.battle_checkers:BattleCheckersJudge",
        challenges="game.learn.battle_checkers_challenges:RULES",
        screenshots="game.client.battle_checkers.shots:screens",
        rule_prefix="B",
    ),
    ModeSpec(
        "dice_lab",
        scene="game.client.dice_lab.scene:DiceLabScene",
        emblem="game.client.dice_lab.emblem:draw",
        data=("dice",),
    ),
)


def resolve(target: str) -> Any:
    """The attribute a 'module:attr' string names (the module itself when there is no ':attr')."""
    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def present(target: str) -> bool:
    """True when the module of a 'module:attr' string exists (without importing it)."""
    try:
        return importlib.util.find_spec(target.partition(":")[0]) is not None
    except (ImportError, ValueError):
        return False


def package_folder(target: str) -> Path | None:
    """The folder of the module a 'module:attr' string names (without importing it), or None when there is none:
    where a mode kept outside the game's packages keeps its own texts and rules, beside its scene."""
    try:
        found = importlib.util.find_spec(target.partition(":")[0])
    except (ImportError, ValueError):
        return None
    return Path(found.origin).parent if found is not None and found.origin is not None else None


def find(mode: str) -> ModeSpec | None:
    """The spec of `mode`, or None for a name no spec has."""
    return next((spec for spec in MODES if spec.name == mode), None)


def modes() -> list[str]:
    """The names of the modes with rules in the engine whose rules are present."""
    return [spec.name for spec in MODES if spec.engine is not None and present(spec.engine)]


def _factory(mode: str) -> Callable[[str, JSONObject], Game]:
    spec = find(mode)
    if spec is None or spec.engine is None or mode not in modes():
        raise KeyError(f"unknown mode {mode!r}; known: {', '.join(modes()) or 'none'}")
    factory: Callable[[str, JSONObject], Game] = resolve(spec.engine)
    return factory


def make_game(mode: str, level_name: str, level_data: JSONObject) -> Game:
    """The game of `mode` built from a level's name and data (as `load` builds it from the level file)."""
    return _factory(mode)(level_name, level_data)


def level_folder(mode: str) -> Path:
    """The folder of a mode's level files: the first of its spec's data folders (`levels/<mode>/`)."""
    spec = find(mode)
    return levels_dir() / (spec.data[0] if spec is not None and spec.data else mode)


def levels(mode: str) -> list[str]:
    """The level names of a mode (files `levels/<mode>/*.json`), the standard one first."""
    _factory(mode)
    folder = level_folder(mode)
    names = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
    if DEFAULT_LEVEL in names:
        names.remove(DEFAULT_LEVEL)
        names.insert(0, DEFAULT_LEVEL)
    return names


def level_path(mode: str, level: str) -> Path:
    """The file of a named level, or `level` itself when it is a path to a JSON file; ValueError for a name no file
    can have (empty, too long, control characters)."""
    files.checked_text(level, "level", LEVEL_NAME_LIMIT)
    if level.endswith(".json") or "/" in level or "\\" in level:
        return Path(level)
    return level_folder(mode) / f"{level}.json"


def read_json(path: Path) -> JSON:
    """Read a JSON file; only a regular file is opened (a FIFO never hangs), and any failure to read or parse it
    becomes a ValueError (`DamagedFile`) naming the file and the cause."""
    return files.read_json(path)


def load(mode: str, level: str | None = None) -> Game:
    """The game of `mode` with `level` loaded (the mode's standard level by default)."""
    make_game = _factory(mode)
    name = level or DEFAULT_LEVEL
    path = level_path(mode, name)
    data = read_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a level must be a JSON object")
    try:
        return make_game(Path(name).stem if path.suffix == ".json" else name, data)
    except Exception as exc:  # noqa: BLE001 - odd values anywhere in a user's level: the file is damaged
        raise files.DamagedFile(path, files.describe(exc)) from exc
