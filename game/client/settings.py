"""Player settings: defaults, validation, and atomic storage in the user's config folder."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import NamedTuple

from game import userfiles
from game.engine.atomic import write_json_atomic
from game.engine.core import JSONObject
from game.paths import user_config_dir

LANGUAGES = ("en", "ru")
ANIM_SPEEDS = ("slow", "normal", "fast", "instant")
SETTINGS_FILE = "settings.json"


@dataclass
class Settings:
    """What the player can change on the settings screen."""

    language: str = "en"
    sound_on: bool = True
    volume: float = 0.7
    anim_speed: str = "normal"
    preview_on: bool = True
    fullscreen: bool = False
    ask_end_turn: bool = True  # ask before ending a turn that could still act
    dice_lab: JSONObject = field(default_factory=dict)  # the Dice Lab's inputs (the Lab checks each value)
    new_game: JSONObject = field(default_factory=dict)  # each mode's last new-game choices (the dialog checks each)
    online: JSONObject = field(default_factory=dict)  # Play online's last name, Join address and Host server
    window: list[int] = field(default_factory=list)  # the last window: [width, height] or [width, height, x, y]

    def to_dict(self) -> JSONObject:
        """A JSON-safe form."""
        return asdict(self)


def window_from(
    saved: list[int], desktop: tuple[int, int] | None, smallest: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window a run opens with from the `saved` one ([w, h] or [w, h, x, y]): its size kept within the
    `desktop` and never below `smallest`, and its place when it was known and still shows the window's top left on
    the desktop (None: the system places it)."""
    w, h = saved[0], saved[1]
    if desktop is not None:
        w, h = min(w, desktop[0]), min(h, desktop[1])
    size = (max(smallest[0], w), max(smallest[1], h))
    place = None
    if len(saved) == 4:
        x, y = saved[2], saved[3]
        if desktop is None or (0 <= x < desktop[0] - 40 and 0 <= y < desktop[1] - 40):
            place = (x, y)
    return size, place


def settings_path() -> Path:
    """The settings file."""
    return user_config_dir() / SETTINGS_FILE


def _one_of(choices: tuple[str, ...]) -> Callable[[str, object], object]:
    def check(key: str, value: object) -> object:
        if value not in choices:
            raise ValueError(f"{key} must be one of {', '.join(choices)}, not {value!r}")
        return value

    return check


def _volume(key: str, value: object) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{key} must be a number from 0 to 1, not {value!r}")
    return float(value)


def _switch(key: str, value: object) -> object:
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false, not {value!r}")
    return value


# How each setting's stored value is checked (and converted); a setting not named here is a switch.
_CHECKS: dict[str, Callable[[str, object], object]] = {
    "language": _one_of(LANGUAGES),
    "anim_speed": _one_of(ANIM_SPEEDS),
    "volume": _volume,
}


def _window(key: str, value: object) -> object:
    if (
        not isinstance(value, list)
        or len(value) not in (0, 2, 4)
        or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 100_000 for v in value)
        or any(v <= 0 for v in value[:2])
    ):
        raise ValueError(f"{key} must be [width, height] or [width, height, x, y], not {value!r}")
    return list(value)


# Settings kept for convenience as objects (the screens that use them check each value): a bad one only loses them.
# They are the fields typed `JSONObject` (annotations are strings here: `from __future__ import annotations`).
_REMEMBERED = tuple(f.name for f in fields(Settings) if f.type == "JSONObject")


def validate(data: object) -> Settings:
    """Settings from a parsed JSON object; raises ValueError naming the first bad field."""
    if not isinstance(data, dict):
        raise ValueError("the file must hold a JSON object")
    out = Settings()
    known = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in known:
            continue  # a newer version's setting: ignore rather than reject the whole file
        if key in _REMEMBERED and not isinstance(value, dict):
            continue  # remembered inputs are a convenience: a bad entry only loses them
        if key == "window":
            try:
                value = _window(key, value)
            except ValueError:
                continue  # the window opens at its usual size
        if key not in (*_REMEMBERED, "window"):
            value = _CHECKS.get(key, _switch)(key, value)
        setattr(out, key, value)
    return out


class Loaded(NamedTuple):
    """What `load_settings` found: the settings to use, the problem with the file (or None), and whether the
    file may be written (False when a damaged file could not be kept aside: it must not be overwritten)."""

    settings: Settings
    problem: str | None
    writable: bool = True


def load_settings(path: Path | None = None) -> Loaded:
    """The stored settings, or defaults and a message naming the file and what was wrong with it.

    Every failure to read or parse the file (a folder, a FIFO, unreadable, binary, deep nesting, bad values) makes it
    damaged: it is moved to the first free `settings.json.bad[.N]` so nothing the player wrote is lost, and the
    defaults are written in its place. When it cannot be moved or copied, it is left alone and never overwritten.
    """
    path = path or settings_path()
    if not userfiles.exists(path):
        return Loaded(Settings(), None)
    try:
        return Loaded(validate(userfiles.read_json(path)), None)
    except Exception as exc:  # noqa: BLE001 - whatever the file holds, the game starts with defaults
        detail = str(exc) if isinstance(exc, userfiles.DamagedFile) else f"{path}: {exc}"
    defaults = Settings()
    kept = userfiles.move_aside(path) or userfiles.copy_aside(path)
    if kept is None:
        return Loaded(defaults, f"{detail}; the file is left as it is and settings are not saved", False)
    try:
        save_settings(defaults, path)
    except OSError:
        pass
    return Loaded(defaults, f"{detail}; kept as {kept.name}")


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    write_json_atomic(path or settings_path(), settings.to_dict())
