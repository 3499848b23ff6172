"""One palette and no language checks: colours come from `palette.py`, number marks from each language's own data."""

from __future__ import annotations

import ast
import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from game.client import i18n, palette
from game.client.dice_lab.stats import percent_text

CLIENT = Path(__file__).resolve().parent.parent / "game" / "client"

# Tuples of small integers that are not colours: mouse-button states and button choices of the monkey tester.
NOT_COLOURS = {"monkey.py": {"(1, 0, 0)", "(0, 0, 0)", "(1, 1, 1, 3)"}, "learn/keys.py": {"(1, 2, 3)"}}

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


def test_colours_come_from_the_palette_only():
    sources = _sources()
    found = {name: colour_literals(name, text) for name, text in sources.items() if name != "palette.py"}
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


def _linear(u: float) -> float:
    u /= 255
    return ((u + 0.055) / 1.055) ** 2.4 if u > 0.04045 else u / 12.92


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


#: Machado et al. (2009) full-severity matrices, applied in linear RGB.
_VISION = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def _seen(rgb: tuple[int, int, int], matrix) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    out = []
    for row in matrix:
        v = min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True))))
        out.append(255 * (1.055 * v ** (1 / 2.4) - 0.055 if v > 0.0031308 else 12.92 * v))
    return out[0], out[1], out[2]


@pytest.mark.parametrize("vision", sorted(_VISION))
def test_the_four_seat_colours_stay_apart_for_every_eye(vision):
    """At four seats no two accents are alike (gold and orange were 33 apart): a CIE76 distance of at least 50 with
    typical vision, and of at least 15 with each full colour-vision deficiency (where the seats' emblems carry the
    rest, as they do for the Okabe-Ito sky and green)."""
    matrix = _VISION[vision]
    least = 50 if vision == "typical" else 15
    for a, b in itertools.combinations(palette.SEAT_COLOURS, 2):
        distance = math.dist(_lab(_seen(a, matrix)), _lab(_seen(b, matrix)))
        assert distance >= least, f"{a} and {b} are {distance:.0f} apart for {vision}"
