"""Engine packages import each other's modules without cycles (imports under TYPE_CHECKING count too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine import registry

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"


def _imports(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    prefix = f"game.engine.{package}."
    graph: dict[str, set[str]] = {}
    for path in sorted((ENGINE / package).glob("*.py")):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.update(
                    n for n in (node.module, *(f"{node.module}.{a.name}" for a in node.names)) if n.startswith(prefix)
                )
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith(prefix))
        graph[prefix + path.stem] = found
    return {module: {d for d in deps if d in graph and d != module} for module, deps in graph.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return None
        for dep in sorted(graph[module]):
            found = visit(dep, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return None


@pytest.mark.parametrize("package", [mode for mode in registry.modes() if (ENGINE / mode).is_dir()])
def test_no_import_cycle_inside_the_engine_package(package: str) -> None:
    assert _cycle(_imports(package)) is None
