"""Every rule id of the rules files has at least one test whose name carries it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
RULES = TESTS.parent.parent / "shared" / "rules"

RULE_IDS = (
    [f"P{i}" for i in range(1, 3)]
    + [f"A{i}" for i in range(1, 6)]
    + [f"D{i}" for i in range(1, 6)]
    + [f"K{i}" for i in range(1, 19)]
    + [f"C{i}" for i in range(1, 16)]
    + [f"B{i}" for i in range(1, 14)]
)


@cache  # the test files are read once for all the rule ids, not once per id
def _test_names() -> tuple[str, ...]:
    names = []
    for path in TESTS.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names += [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    return tuple(names)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_has_a_named_test(rule: str) -> None:
    pattern = re.compile(rf"(^|_){rule}(_|$)")
    assert any(pattern.search(name) for name in _test_names()), f"no test names rule {rule}"


def test_rule_list_matches_the_rules_files() -> None:
    if not RULES.is_dir():
        pytest.skip("the shared rules folder is not beside this checkout")
    found = set()
    for path in RULES.glob("*.md"):
        found |= set(re.findall(r"\*\*([PADKCB]\d+)\b", path.read_text(encoding="utf-8")))
    assert found == set(RULE_IDS)
