"""Translation keys built at run time come from `Keys` families (`game.client.i18n`), each listing the values it
takes, so every key a family can build is checked in both languages here; no key is built from an f-string outside
a family, and a key of the tables that no code names is reported."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import game.client
from game.client import i18n
from game.client.i18n import plural_form
from game.engine import registry

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = tuple(i18n.LANGUAGE_NAMES)
# A key handed to the translator (or to `has`, or to `counted` as a phrase), or named `key`, written as an
# f-string.
BUILT = re.compile(r"""(?:(?:\bt|\.t|\bhas)\(|\bcounted\(\s*t,|\b\w*key\s*=)\s*f["']""")
# Where a counted phrase's key gets its plural form (checked here by `translated`).
COUNTED = ROOT / "game" / "client" / "board" / "wording.py"
# A text key written out: two or more dotted lowercase parts.
LITERAL = re.compile(r"""["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""")
# What a counted phrase adds to its key: a plural form, or a number written out.
FORMS = re.compile(r"\.(one|few|many|\d+)$")


def sources() -> Iterator[Path]:
    """The program's source files that may speak to the player, with those of a mode kept outside its packages."""
    yield from sorted((ROOT / "game").rglob("*.py"))
    yield from sorted((ROOT / "ai").rglob("*.py"))
    for spec in registry.MODES:
        folder = registry.package_folder(spec.scene)
        if folder is not None and ROOT / "game" not in folder.parents:
            yield from sorted(folder.rglob("*.py"))


def families() -> list[i18n.Keys]:
    """Every family of keys of the game and of the registered modes, each module of the client imported so that it
    has declared its own (a mode kept outside the game that another test registered for a while is left out)."""
    for info in pkgutil.walk_packages(game.client.__path__, "game.client."):
        importlib.import_module(info.name)
    packages = tuple(spec.scene.partition(":")[0].rpartition(".")[0] + "." for spec in registry.MODES)
    return [f for f in i18n.FAMILIES if f.module.startswith(("game.", "ai.", *packages))]


def translated(language: str, key: str) -> bool:
    """True when `language` has `key`, or has it as a counted phrase (every plural form it uses)."""
    table = i18n.table(language)
    if key in table:
        return True
    forms = {plural_form(language, n) for n in range(200)}
    return all(f"{key}.{form}" in table for form in forms)


def test_every_key_a_family_builds_is_in_both_languages() -> None:
    # An optional family's keys are looked up with `has` first: only what they name when present is checked.
    built = {key for family in families() if not family.optional for key in family.keys()}
    assert len(built) > 150
    missing = {language: sorted(k for k in built if not translated(language, k)) for language in LANGUAGES}
    assert missing == {language: [] for language in LANGUAGES}


def test_no_key_is_built_from_an_f_string_outside_a_family() -> None:
    found = []
    for path in sources():
        if path == COUNTED:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}" for m in BUILT.finditer(text)]
    assert found == []


def test_every_key_of_the_tables_is_named_by_the_code_or_built_by_a_family() -> None:
    named = {key for family in families() for key in family.keys()}
    for path in sources():
        named |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    unused = sorted(key for key in i18n.table("en") if key not in named and FORMS.sub("", key) not in named)
    assert unused == []
