"""A mode is one folder and one registry entry: no code outside a mode's own files names a mode by a string.

A mode's own files are its packages (`game/engine/<mode>/`, `game/client/<mode>/`) and the modules named after it
(`ai/<mode>_*.py`, `game/learn/<mode>*.py`); everything else finds a mode through `game.engine.registry`.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.engine import registry

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = "game/engine/registry.py"


def _own(path: Path, mode: str) -> bool:
    """True when `path` (relative to the root) is one of `mode`'s own files."""
    return mode in path.parts[:-1] or path.stem == mode or path.stem.startswith(f"{mode}_")


def mode_names_outside(roots: tuple[str, ...] = ("game", "ai")) -> list[tuple[str, int, str]]:
    """Each string literal equal to a mode's name in a file that is neither the registry nor the mode's own."""
    names = {spec.name for spec in registry.MODES}
    found = []
    for root in roots:
        for path in sorted((ROOT / root).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative.as_posix() == REGISTRY:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in names and not _own(relative, node.value):
                    found.append((relative.as_posix(), node.lineno, node.value))
    return found


def test_no_code_outside_a_modes_own_files_names_the_mode() -> None:
    assert mode_names_outside() == []


def test_the_scan_finds_a_mode_named_outside_its_files() -> None:
    tree = ast.parse('if mode == "checkrisk":\n    pass\n')
    assert any(isinstance(n, ast.Constant) and n.value == "checkrisk" for n in ast.walk(tree))
    assert _own(Path("game/client/checkrisk/view.py"), "checkrisk")
    assert _own(Path("ai/checkrisk_planner.py"), "checkrisk")
    assert _own(Path("game/learn/checkrisk.py"), "checkrisk")
    assert not _own(Path("game/learn/goals.py"), "checkrisk")
    assert not _own(Path("game/client/screenshots.py"), "kubtafl")
