"""Lesson files: `levels/learn/<mode>/*.json`, one stage per file, read and checked on load (see
`levels/learn/README.md`).

A damaged file never crashes the game: `load_course` keeps the stages that load and names every problem (the file,
the level and the field) for the Learn screen to tell.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import files, registry
from game.engine.core import Game, JSONObject
from game.paths import levels_dir

LANGUAGES = ("en", "ru")
#: What the other side does in a lesson: nothing (the turn comes straight back), a scripted reply, the easy computer.
OPPONENTS = ("none", "script", "easy")
TITLE_LIMIT = 60
GOAL_LIMIT = 160
TIP_LIMIT = 240
INTRO_LIMIT = 420  # a stage's opening explanation: two or three sentences
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A rule id: the letter its mode's spec gives (`ModeSpec.rule_prefix`: K1…, C1…, B1…) and a number.
RULE_PATTERN = re.compile(r"[A-Z]\d{1,2}")
MAX_ACTIONS = 200
#: Stages read and proven in this run, by mode, file and content: opening Learn or a lesson again does not prove every
#: level again (a changed file is read afresh). Kept small: a few dozen stage files ship.
_PROVEN: dict[tuple[str, str, str], Stage] = {}
_PROVEN_MAX = 256
_STAGE_KEYS = {"game", "stage", "title", "intro", "levels"}
_LEVEL_KEYS = {
    "id",
    "title",
    "goal",
    "tip",
    "rules",
    "position",
    "seat",
    "test",
    "stars",
    "max_actions",
    "keep",
    "arrows",
    "marks",
    "opponent",
    "replies",
    "seed",
    "solution",
    "wrong",
}


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the level and the field."""


@dataclass(frozen=True)
class Text:
    """A player-facing text in every language."""

    en: str
    ru: str

    def get(self, language: str) -> str:
        """The text in `language` (English for a language it lacks)."""
        return self.ru if language == "ru" else self.en


@dataclass(frozen=True)
class Test:
    """A success test: its kind (see `goals.KINDS`) and its parameters as given."""

    kind: str
    params: JSONObject


@dataclass(frozen=True)
class Lesson:
    """One level: a position, the player's seat, a goal in one sentence and how it is judged."""

    mode: str
    stage: str
    id: str
    title: Text
    goal: Text
    rules: tuple[str, ...]
    position: JSONObject
    seat: int
    test: Test
    #: Most actions for three stars, for two; more (up to `max_actions`) earn one.
    stars: tuple[int, int]
    #: The player's actions before the lesson is failed (None: no limit, e.g. a whole game).
    max_actions: int | None
    #: Pieces (references as in the test) the player must not lose.
    keep: tuple[str, ...]
    arrows: tuple[tuple[str, str], ...]
    marks: tuple[str, ...]
    opponent: str
    #: The other side's scripted replies, in order (opponent 'script').
    replies: tuple[str, ...]
    seed: int
    #: The player's actions that solve it (notation), proven on load unless the computer plays the other side.
    solution: tuple[str, ...]
    #: A first action that fails it (notation), for the tests and the failure's explanation.
    wrong: tuple[str, ...]
    tip: Text | None = None

    @property
    def key(self) -> str:
        """The lesson's key in the progress file: '<mode>/<id>'."""
        return f"{self.mode}/{self.id}"

    def game(self) -> Game:
        """The lesson's game, built from its position (checked on load, so it builds)."""
        return registry.make_game(self.mode, f"learn-{self.id}", self.position)

    def seats(self) -> list[str]:
        """The session's seats: the player human, the other side the easy computer or a human the lesson moves."""
        other = "ai:easy" if self.opponent == "easy" else "human"
        return ["human" if seat == self.seat else other for seat in range(2)]


@dataclass(frozen=True)
class Stage:
    """A stage: a topic and its levels, in order."""

    mode: str
    id: str
    title: Text
    lessons: tuple[Lesson, ...]
    path: Path
    #: The rule the stage teaches, explained before its first level (shown on a card over that level's board).
    intro: Text | None = None


@dataclass
class Course:
    """A mode's stages that loaded, in file order, and the problems with those that did not."""

    mode: str
    stages: list[Stage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def lessons(self) -> list[Lesson]:
        """Every lesson in play order."""
        return [lesson for stage in self.stages for lesson in stage.lessons]

    def find(self, lesson_id: str) -> Lesson | None:
        """The lesson with `lesson_id`, or None."""
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)

    def stage_opened_by(self, lesson: Lesson) -> Stage | None:
        """The stage whose first level `lesson` is, None for any other level."""
        return next((stage for stage in self.stages if stage.lessons and stage.lessons[0].id == lesson.id), None)

    def after(self, lesson: Lesson) -> Lesson | None:
        """The lesson after `lesson`, None after the last."""
        ordered = self.lessons
        index = next((i for i, item in enumerate(ordered) if item.id == lesson.id), len(ordered))
        return ordered[index + 1] if index + 1 < len(ordered) else None


# ----- reading ------------------------------------------------------------------------------------------------


def learn_dir() -> Path:
    """The folder of the lesson files, `levels/learn/`."""
    return levels_dir() / "learn"


def course_modes() -> list[str]:
    """The modes with a folder of lessons, in the registry's menu order."""
    return [mode for mode in registry.modes() if (learn_dir() / mode).is_dir()]


def load_course(mode: str, folder: Path | None = None) -> Course:
    """A mode's stages from `levels/learn/<mode>/*.json` (file-name order); a file that fails is left out and
    named in `problems`, as is a lesson id used twice."""
    course = Course(mode)
    folder = folder or learn_dir() / mode
    paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    seen: set[str] = set()
    for path in paths:
        try:
            stage = load_stage(path, mode)
        except LessonError as exc:
            course.problems.append(str(exc))
            continue
        twice = [lesson.id for lesson in stage.lessons if lesson.id in seen]
        if twice:
            course.problems.append(f"{path}: id {twice[0]!r} is used by an earlier level")
            continue
        seen.update(lesson.id for lesson in stage.lessons)
        course.stages.append(stage)
    return course


def load_stage(path: Path, mode: str) -> Stage:
    """One stage file, checked whole: LessonError naming the file, the level and the field otherwise."""
    try:
        data = files.read_json(path)
    except files.DamagedFile as exc:
        raise LessonError(str(exc)) from exc
    try:
        key = (mode, str(path), json.dumps(data, sort_keys=True))
    except (ValueError, RecursionError):
        key = None  # not written back the same way: read and proven every time
    if key is not None and key in _PROVEN:
        return _PROVEN[key]
    try:
        stage = read_stage(data, mode, path)
    except LessonError:
        raise
    except Exception as exc:  # noqa: BLE001 - odd values anywhere in a lesson file: the file is damaged
        raise LessonError(f"{path}: {files.describe(exc)}") from exc
    if key is not None:
        if len(_PROVEN) >= _PROVEN_MAX:
            _PROVEN.clear()
        _PROVEN[key] = stage
    return stage


def read_stage(data: object, mode: str, path: Path) -> Stage:
    """A stage from parsed JSON; LessonError naming the file and the field."""
    if not isinstance(data, dict):
        raise LessonError(f"{path}: a stage file must be a JSON object")
    try:
        _known(data, _STAGE_KEYS, "")
        if data.get("game") != mode:
            raise ValueError(f"game: expected {mode!r}, not {data.get('game')!r}")
        stage_id = _ident(data.get("stage"), "stage")
        title = _text(data.get("title"), "title", TITLE_LIMIT)
        intro = _text(data["intro"], "intro", INTRO_LIMIT) if "intro" in data else None
        levels = data.get("levels")
        if not isinstance(levels, list) or not levels:
            raise ValueError("levels: expected a list of at least one level")
    except ValueError as exc:
        raise LessonError(f"{path}: {exc}") from exc
    lessons = []
    for index, entry in enumerate(levels):
        where = f"level {index + 1}"
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            where += f" ({files.clean_text(entry['id'], 40)})"
        try:
            lessons.append(read_lesson(entry, mode, stage_id))
        except ValueError as exc:
            raise LessonError(f"{path}: {where}: {exc}") from exc
    return Stage(mode, stage_id, title, tuple(lessons), path, intro)


def read_lesson(data: object, mode: str, stage: str) -> Lesson:
    """One level from parsed JSON, its solution proven; ValueError naming the field."""
    from game.learn import goals  # goals reads lessons' types

    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    _known(data, _LEVEL_KEYS, "")
    lesson_id = _ident(data.get("id"), "id")
    position = data.get("position")
    if not isinstance(position, dict):
        raise ValueError("position: expected a JSON object (a position as in levels/<mode>/*.json)")
    try:
        game = registry.make_game(mode, f"learn-{lesson_id}", position)
        start = game.initial_state()
    except Exception as exc:  # noqa: BLE001 - the engine names the field; anything it raises is a bad position
        raise ValueError(f"position: {files.describe(exc)}") from exc
    if start.is_terminal():
        raise ValueError("position: the game is already over")
    seat = data.get("seat", 0)
    if type(seat) is not int or not 0 <= seat < game.num_players:
        raise ValueError(f"seat: expected a seat from 0 to {game.num_players - 1}, not {seat!r}")
    stars, max_actions = _limits(data)
    opponent = data.get("opponent", "none")
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent: must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
    seed = data.get("seed", 1)
    if type(seed) is not int or not 0 <= seed < 2**31:
        raise ValueError(f"seed: expected a whole number from 0 to 2147483647, not {seed!r}")
    tip = data.get("tip")
    lesson = Lesson(
        mode=mode,
        stage=stage,
        id=lesson_id,
        title=_text(data.get("title"), "title", TITLE_LIMIT),
        goal=_text(data.get("goal"), "goal", GOAL_LIMIT),
        rules=_rules(data.get("rules"), mode),
        position=position,
        seat=seat,
        test=Test(*_test(data.get("test"))),
        stars=stars,
        max_actions=max_actions,
        keep=_strings(data.get("keep", []), "keep"),
        arrows=_arrows(data.get("arrows", [])),
        marks=_strings(data.get("marks", []), "marks"),
        opponent=opponent,
        replies=_strings(data.get("replies", []), "replies"),
        seed=seed,
        solution=_strings(data.get("solution", []), "solution"),
        wrong=_strings(data.get("wrong", []), "wrong"),
        tip=None if tip is None else _text(tip, "tip", TIP_LIMIT),
    )
    if lesson.opponent == "script" and not lesson.replies:
        raise ValueError("replies: a scripted opponent needs at least one reply")
    if lesson.opponent != "script" and lesson.replies:
        raise ValueError("replies: only a scripted opponent ('opponent': 'script') has replies")
    goals.check_lesson(lesson, start)
    return lesson


# ----- fields ------------------------------------------------------------------------------------------------


def _known(data: dict[str, object], keys: set[str], prefix: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        raise ValueError(
            f"{prefix}{files.clean_text(unknown[0], 40)}: unknown field (known: {', '.join(sorted(keys))})"
        )


def _ident(value: object, name: str) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value) or len(value) > 40:
        raise ValueError(f"{name}: expected a short id of lower-case letters, digits and '-', not {value!r}")
    return value


def _text(value: object, name: str, limit: int) -> Text:
    if not isinstance(value, dict):
        raise ValueError(f"{name}: expected an object with the text in each language ({', '.join(LANGUAGES)})")
    _known(value, set(LANGUAGES), f"{name}.")
    texts = [files.checked_text(value.get(lang), f"{name}.{lang}", limit) for lang in LANGUAGES]
    return Text(*texts)


def _rules(value: object, mode: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise ValueError("rules: expected a list of the rule ids the level teaches")
    spec = registry.find(mode)
    prefix = spec.rule_prefix if spec is not None else ""
    for index, rule in enumerate(value):
        if not isinstance(rule, str) or not RULE_PATTERN.fullmatch(rule) or not rule.startswith(prefix):
            raise ValueError(f"rules[{index}]: {rule!r} is not a rule id of this game ({prefix}1, {prefix}2, …)")
    return tuple(value)


def _limits(data: dict[str, object]) -> tuple[tuple[int, int], int | None]:
    stars = data.get("stars")
    if (
        not isinstance(stars, list)
        or len(stars) != 2
        or any(type(n) is not int for n in stars)
        or not 1 <= stars[0] <= stars[1] <= MAX_ACTIONS
    ):
        raise ValueError(f"stars: expected [actions for three stars, for two], 1 ≤ first ≤ second, not {stars!r}")
    most = data.get("max_actions")
    if most is not None and (type(most) is not int or not stars[1] <= most <= MAX_ACTIONS):
        raise ValueError(f"max_actions: expected a whole number from {stars[1]} to {MAX_ACTIONS} or null, not {most!r}")
    return (stars[0], stars[1]), most


def _test(value: object) -> tuple[str, JSONObject]:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ValueError("test: expected an object with a 'kind'")
    params = {key: item for key, item in value.items() if key != "kind"}
    return value["kind"], params


def _strings(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{name}: expected a list")
    for index, item in enumerate(value):
        files.checked_text(item, f"{name}[{index}]", 40)
    return tuple(value)


def _arrows(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list):
        raise ValueError("arrows: expected a list of [from, to] cell pairs")
    out = []
    for index, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(c, str) for c in pair):
            raise ValueError(f"arrows[{index}]: expected [from, to], not {pair!r}")
        out.append((pair[0], pair[1]))
    return tuple(out)
