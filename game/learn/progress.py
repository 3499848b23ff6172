"""The player's stars per lesson and per challenge, kept in the data folder (`learn.json`), written atomically.

A challenge's key is 'challenge/<mode>/<id>'; besides its stars the file keeps the best exact chance a turn
challenge's plan reached (`chances`, as 'p/q') and the challenges whose solution was shown (`seen`). Files written
before challenges existed have neither and load as they are.

A damaged file is set aside (`learn.json.bad[.N]`) and reported, like the settings; when it cannot be set aside it is
left alone and never overwritten. A file of a newer version is read for what this version understands and never
rewritten (`newer`): progress is not saved until the game is updated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from game import userfiles
from game.engine.atomic import write_json_atomic
from game.engine.core import JSON, JSONObject
from game.paths import user_data_dir

PROGRESS_FILE = "learn.json"
VERSION = 1
MAX_STARS = 3
MAX_ENTRIES = 10_000  # more lessons than any version ships: a longer table is damaged
# A chance as the file writes it ('p/q', or '0' and '1'): digits only, so a number like '1e-10000000' is refused
# before it is converted (`Fraction` would compute its ten-million-digit power, and a value of more than 4,300
# digits could not be written back). A turn's exact chance has far fewer digits.
_CHANCE = re.compile(r"[0-9]{1,40}(?:/[0-9]{1,40})?")


def progress_path() -> Path:
    """The progress file."""
    return user_data_dir() / PROGRESS_FILE


@dataclass
class Progress:
    """Stars per lesson key ('<mode>/<id>'), whether Learn was offered on a first start, and where it is kept."""

    stars: dict[str, int] = field(default_factory=dict)
    offered: bool = False
    path: Path | None = None
    #: What was wrong with the file when it was read (None: it was fine or absent).
    problem: str | None = None
    #: False when a damaged file could not be set aside, or the file is a newer version's: this run never overwrites it.
    writable: bool = True
    #: True when the file was written by a newer version (read for what this one understands, kept as it is).
    newer: bool = False
    #: True when no progress file existed: the player has never opened Learn nor been offered it.
    fresh: bool = False
    #: A turn challenge's best exact chance reached so far, per challenge key.
    chances: dict[str, Fraction] = field(default_factory=dict)
    #: Challenges whose solution was shown (solved or given up).
    seen: set[str] = field(default_factory=set)

    def get(self, key: str) -> int:
        """The best stars earned on a lesson (0: not solved)."""
        return self.stars.get(key, 0)

    def record(self, key: str, stars: int) -> bool:
        """Keep `stars` for a lesson when better than before; True when the table changed."""
        stars = max(0, min(MAX_STARS, stars))
        if stars <= self.get(key):
            return False
        self.stars[key] = stars
        return True

    def record_chance(self, key: str, chance: Fraction) -> bool:
        """Keep a turn challenge's chance when better than before; True when the table changed."""
        if key in self.chances and chance <= self.chances[key]:
            return False
        self.chances[key] = chance
        return True

    def mark_seen(self, key: str) -> bool:
        """Note that a challenge's solution was shown; True when the table changed."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def to_dict(self) -> JSONObject:
        """The JSON form."""
        data: JSONObject = {"version": VERSION, "offered": self.offered, "stars": dict(sorted(self.stars.items()))}
        if self.chances:
            data["chances"] = {key: str(value) for key, value in sorted(self.chances.items())}
        if self.seen:
            data["seen"] = list[JSON](sorted(self.seen))
        return data

    def save(self) -> str | None:
        """Write the table atomically; the problem in words when it failed (or may not be written), else None."""
        path = self.path or progress_path()
        if self.newer:
            return f"{path}: written by a newer version, progress is not saved until the game is updated"
        if not self.writable:
            return f"{path}: left as it is (damaged), progress is not saved"
        try:
            write_json_atomic(path, self.to_dict())
        except (OSError, ValueError) as exc:
            return f"{path}: {userfiles.DamagedFile(path, str(exc)).reason}"
        return None


def validate(data: object) -> tuple[dict[str, int], bool]:
    """The stars table and the 'offered' flag from parsed JSON; ValueError naming the bad field (the challenges'
    tables are checked by `validate_challenges`)."""
    if not isinstance(data, dict):
        raise ValueError("the file must hold a JSON object")
    stars = data.get("stars", {})
    if not isinstance(stars, dict) or len(stars) > MAX_ENTRIES:
        raise ValueError("stars: expected an object of lesson keys and star counts")
    table: dict[str, int] = {}
    for key, value in stars.items():
        if len(key) > 100 or type(value) is not int or not 0 <= value <= MAX_STARS:
            raise ValueError(f"stars.{key[:40]}: expected 0 to {MAX_STARS} stars, not {value!r}")
        table[key] = value
    offered = data.get("offered", False)
    if not isinstance(offered, bool):
        raise ValueError(f"offered: must be true or false, not {offered!r}")
    return table, offered


def validate_challenges(data: JSONObject) -> tuple[dict[str, Fraction], set[str]]:
    """The challenges' best chances and seen keys from parsed JSON (absent in older files); ValueError naming the
    bad field."""
    chances = data.get("chances", {})
    if not isinstance(chances, dict) or len(chances) > MAX_ENTRIES:
        raise ValueError("chances: expected an object of challenge keys and chances")
    table: dict[str, Fraction] = {}
    for key, value in chances.items():
        try:
            chance = Fraction(value) if isinstance(value, str) and _CHANCE.fullmatch(value) else None
        except (ValueError, ZeroDivisionError):
            chance = None
        if len(key) > 100 or chance is None or not 0 <= chance <= 1:
            raise ValueError(f"chances.{key[:40]}: expected a chance such as '2/3', not {value!r}")
        table[key] = chance
    seen = data.get("seen", [])
    keys = {k for k in seen if isinstance(k, str) and len(k) <= 100} if isinstance(seen, list) else set()
    if not isinstance(seen, list) or len(seen) > MAX_ENTRIES or len(keys) != len(set(map(str, seen))):
        raise ValueError("seen: expected a list of challenge keys")
    return table, keys


def is_newer(data: JSON) -> bool:
    """True when parsed progress names a version after this one's (a whole number above `VERSION`)."""
    version = data.get("version") if isinstance(data, dict) else None
    return type(version) is int and version > VERSION


def load_progress(path: Path | None = None) -> Progress:
    """The stored progress, or an empty table and the problem naming the file (the damaged file set aside)."""
    path = path or progress_path()
    if not userfiles.exists(path):
        return Progress(path=path, fresh=True)
    newer = False
    try:
        data = userfiles.read_json(path)
        newer = is_newer(data)
        stars, offered = validate(data)
        assert isinstance(data, dict)  # validate refuses anything else
        chances, seen = validate_challenges(data)
        return Progress(stars, offered, path, chances=chances, seen=seen, writable=not newer, newer=newer)
    except Exception as exc:  # noqa: BLE001 - whatever the file holds, Learn starts afresh and keeps the file aside
        detail = str(exc) if isinstance(exc, userfiles.DamagedFile) else f"{path}: {exc}"
    if newer:
        # A newer version's table this one cannot read: left exactly as it is, for that version.
        return Progress(path=path, offered=True, writable=False, newer=True)
    kept = userfiles.move_aside(path) or userfiles.copy_aside(path)
    if kept is None:
        return Progress(
            path=path, problem=f"{detail}; the file is left as it is and progress is not saved", writable=False
        )
    return Progress(path=path, offered=True, problem=f"{detail}; kept as {kept.name}")
