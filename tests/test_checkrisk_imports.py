"""The CheckRisk engine package has no import cycle: its modules form layers, each importing only lower ones.

Every import counts, including those only made for type checking or inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "game.engine.checkrisk"


def import_graph(package: str) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports (the package itself is `__init__`).

    `from package import module` depends on that module; `from package import name` on the package.
    """
    folder = ROOT.joinpath(*package.split("."))
    modules = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name in modules:
        found: set[str] = set()
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module == package and not node.level:
                found.update(alias.name if alias.name in modules else "__init__" for alias in node.names)
                continue
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module]
            else:
                continue
            for target in targets:
                if target == package:
                    found.add("__init__")
                elif target.startswith(package + "."):
                    found.add(target[len(package) + 1 :].split(".")[0])
        found.discard(name)
        graph[name] = found
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as [a, b, ..., a], or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_the_checkrisk_engine_has_no_import_cycle() -> None:
    graph = import_graph(PACKAGE)
    assert {"game", "legal", "turns", "battle", "rules", "position", "state"} <= set(graph)
    assert cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []
