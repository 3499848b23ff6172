"""Translation: one table per language, merged from `assets/i18n/<lang>/*.json`.

Each mode's scene may ship its own part (e.g. `assets/i18n/en/kubtafl.json`, or `i18n/en.json` beside the scene of
a mode kept outside the game's packages: `mode_text_folders`); every language must hold
exactly the same keys (a test checks it). `t(key, **fmt)` formats with str.format; an unknown key
falls back to English, then to the key itself, so a missing string shows up but never crashes.

A key built at run time comes from a `Keys` family, which lists every value each of its slots takes, so the tests
check every key it can build in every language (`tests/test_translation_keys.py`).
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from game.engine import registry
from game.paths import assets_dir

LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
FALLBACK = "en"


def i18n_dir() -> Path:
    """The folder of translation tables."""
    return assets_dir() / "i18n"


def table(language: str) -> dict[str, str]:
    """The merged translation table of `language`: the parts in assets, then each registered mode's own (empty when
    it has none). Merged again only when the registry changes (a mode registered later, as the tests' template)."""
    modes = registry.MODES
    known = _tables.get(language)
    if known is None or known[0] is not modes:
        known = (modes, _merged(language, mode_text_folders(modes)))
        _tables[language] = known
    return known[1]


# Per language: the registry it was merged for, and the table.
_tables: dict[str, tuple[tuple[registry.ModeSpec, ...], dict[str, str]]] = {}


def mode_text_folders(modes: tuple[registry.ModeSpec, ...]) -> tuple[Path, ...]:
    """The folders of texts the modes keep in their own package: by convention `i18n/` beside the mode's scene,
    holding `<language>.json` (a mode kept outside the game's packages; the game's own keep theirs in assets)."""
    folders = (registry.package_folder(spec.scene) for spec in modes)
    return tuple(folder / "i18n" for folder in folders if folder is not None and (folder / "i18n").is_dir())


@cache
def _merged(language: str, own: tuple[Path, ...]) -> dict[str, str]:
    """The parts of `language` in assets, then its part in each of the modes' folders `own`."""
    merged: dict[str, str] = {}
    parts = [*sorted((i18n_dir() / language).glob("*.json")), *(folder / f"{language}.json" for folder in own)]
    for part in parts:
        if not part.is_file():
            continue
        data = json.loads(part.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{part}: a translation table must be a JSON object")
        for key, value in data.items():
            if not isinstance(value, str):
                raise ValueError(f"{part}: {key!r} must be a string")
            merged[key] = value
    return merged


def plural_form(language: str, n: int) -> str:
    """The plural form of `n` in `language`: 'one', 'few' or 'many' (CLDR's rules for Russian; English: one/many).
    A counted text is a key per form (`key.one`, `key.few`, `key.many`), see `game.client.board.wording.counted`."""
    n = abs(n)
    if language == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


@dataclass(frozen=True)
class NumberFormat:
    """How a language writes numbers: its decimal mark, its digit grouping and where the percent sign goes."""

    decimal: str = "."
    group: str = ""
    percent: str = "{value} %"

    def number(self, value: float, places: int, *, trim: bool = False) -> str:
        """`value` with `places` decimals (trailing zeros and a bare decimal mark dropped when `trim`)."""
        shown = f"{value:,.{places}f}"
        if trim and "." in shown:
            shown = shown.rstrip("0").rstrip(".")
        return self.digits(shown)

    def digits(self, shown: str) -> str:
        """A number already written the Python way ('1,234.5') in this language's marks."""
        return "".join(self.decimal if c == "." else self.group if c == "," else c for c in shown)

    def percent_of(self, shown: str) -> str:
        """`shown` (a number in this language's marks) with the percent sign placed as this language places it."""
        return self.percent.format(value=shown)

    def chance(self, p: Fraction | float) -> str:
        """A chance (0…1) as a percentage with one decimal, dropped when it is whole ('8.3 %', '50 %')."""
        return self.percent_of(self.number(float(p) * 100, 1, trim=True))


@cache
def number_format(language: str) -> NumberFormat:
    """The number marks of `language`, from its `number.*` keys (English's where it has none)."""
    own, fallback = table(language), table(FALLBACK)
    default = NumberFormat()

    def mark(key: str, missing: str) -> str:
        return own.get(key, fallback.get(key, missing))

    return NumberFormat(
        mark("number.decimal", default.decimal),
        mark("number.group", default.group),
        mark("number.percent", default.percent),
    )


Values = Iterable[object] | Callable[[], Iterable[object]]


class Keys:
    """A family of translation keys built at run time: `template` with one `{}` per slot, each slot taking one of
    its listed values (an enum, a typed tuple, or a callable giving them: the registry's modes), or `pairs`: the
    whole combinations where one slot's values depend on another's. An `optional` family's keys are looked up
    with `Translator.has` first, each where a text is wanted only when a language has one."""

    def __init__(
        self,
        template: str,
        *slots: Values,
        pairs: Callable[[], Iterable[tuple[object, ...]]] | None = None,
        optional: bool = False,
    ) -> None:
        self.template, self.slots, self.pairs, self.optional = template, slots, pairs, optional
        # The declaring module: a mode kept outside the game's packages has texts only while it is registered.
        self.module: str = sys._getframe(1).f_globals.get("__name__", "")
        FAMILIES.append(self)

    def __call__(self, *values: object) -> str:
        """The key of `values` (one per slot)."""
        return self.template.format(*values)

    def keys(self) -> list[str]:
        """Every key the family can build."""
        if self.pairs is not None:
            return [self.template.format(*combo) for combo in self.pairs()]
        slots = [list(slot if isinstance(slot, Iterable) else slot()) for slot in self.slots]
        return [self.template.format(*combo) for combo in itertools.product(*slots)]


#: Every family of keys declared so far (a module declares its own at import).
FAMILIES: list[Keys] = []


class Translator:
    """Looks keys up in the table of the current language."""

    def __init__(self, language: str = FALLBACK) -> None:
        self.language = language

    def __call__(self, key: str, **fmt: object) -> str:
        """The text of `key` in the current language, formatted with `fmt`."""
        text = table(self.language).get(key)
        if text is None:
            text = table(FALLBACK).get(key, key)
        if fmt:
            try:
                return text.format(**fmt)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    @property
    def numbers(self) -> NumberFormat:
        """How the current language writes numbers."""
        return number_format(self.language)

    def plural(self, n: int) -> str:
        """The plural form of `n` in the current language ('one', 'few' or 'many')."""
        return plural_form(self.language, n)

    def has(self, key: str) -> bool:
        """True when the current language (or the fallback) has `key`."""
        return key in table(self.language) or key in table(FALLBACK)
