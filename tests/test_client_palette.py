"""One palette and no language checks: colours come from `art.py`, number marks from each language's own data."""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

from game.client import i18n
from game.client.dice_lab.stats import percent_text

CLIENT = Path(__file__).resolve().parent.parent / "game" / "client"

# Tuples of small integers that are not colours: mouse-button states and button choices of the monkey tester.
NOT_COLOURS = {"monkey.py": {"(1, 0, 0)", "(0, 0, 0)", "(1, 1, 1, 3)"}}

LANGUAGE_CHECK = re.compile(
    r"""(?:==|!=)\s*["'](?:en|ru)["']|["'](?:en|ru)["']\s*(?:==|!=)|startswith\(\s*["'](?:en|ru)|\blang(?:uage)?\s*(?:==|!=)"""
)


def _sources() -> dict[str, str]:
    return {path.relative_to(CLIENT).as_posix(): path.read_text(encoding="utf-8") for path in CLIENT.rglob("*.py")}


def _is_byte(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 255


def _skipped(tree: ast.AST) -> set[int]:
    # Membership tests (`value in (1, 2, 3)`) and unpacking (`W, H, GAP = 200, 180, 22`) hold numbers, not colours.
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            skipped.update(id(c) for c in node.comparators)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Tuple) for t in node.targets):
            skipped.add(id(node.value))
    return skipped


def colour_literals(name: str, source: str) -> list[str]:
    """The colour literals in one source file: RGB(A) tuples of ints 0–255, pygame.Color(...) and '#rrggbb'."""
    tree = ast.parse(source)
    skipped = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and id(node) not in skipped and len(node.elts) in (3, 4):
            if all(_is_byte(e) for e in node.elts[:3]):
                found.append(ast.get_source_segment(source, node) or "")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "Color":
            found.append(ast.get_source_segment(source, node) or "")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.fullmatch(r"#(?:[0-9a-fA-F]{3}){1,2}(?:[0-9a-fA-F]{2})?", node.value):
                found.append(node.value)
    return [f"{name}: {text}" for text in found if text not in NOT_COLOURS.get(name, set())]


def test_colours_come_from_art_only():
    sources = _sources()
    found = {name: colour_literals(name, text) for name, text in sources.items() if name != "art.py"}
    stray = [line for name, lines in sorted(found.items()) for line in lines]
    assert stray == []


def test_the_scanner_sees_colours_and_spares_numbers():
    source = 'A = (1, 2, 3)\nB = (*X, 40)\nC = pygame.Color("red")\nD = "#ff8800"\nE = (0, 0, 0, alpha)\n'
    source += "if v in (1, 2, 3): pass\nW, H, G = 200, 180, 22\n"
    assert colour_literals("x.py", source) == [
        "x.py: (1, 2, 3)",
        'x.py: pygame.Color("red")',
        "x.py: #ff8800",
        "x.py: (0, 0, 0, alpha)",
    ]


def test_no_code_checks_which_language_is_on():
    found = sorted(
        f"{name}:{n}: {line.strip()}"
        for name, text in _sources().items()
        if name != "i18n.py"
        for n, line in enumerate(text.splitlines(), 1)
        if LANGUAGE_CHECK.search(line)
    )
    assert found == []


def test_every_language_writes_numbers_from_its_own_data():
    for language in ("en", "ru"):
        table = i18n.table(language)
        assert {"number.decimal", "number.group", "number.percent"} <= set(table)
        assert "{value}" in table["number.percent"]
    en, ru = i18n.number_format("en"), i18n.number_format("ru")
    assert (en.number(2.5, 2), ru.number(2.5, 2)) == ("2.50", "2,50")
    assert (en.number(3.0, 2, trim=True), ru.number(0.125, 2, trim=True)) == ("3", "0,12")
    assert ru.number(1234.5, 1) == "1234,5"  # no digit grouping in either table
    assert i18n.Translator("ru").numbers == ru
    assert [percent_text(p, "ru") for p in (Fraction(1, 3), Fraction(1, 10**4), Fraction(9999, 10**4), 1)] == [
        "33,3 %",
        "<0,1 %",
        ">99,9 %",
        "100 %",
    ]
    assert percent_text(Fraction(1, 3)) == "33.3 %"
