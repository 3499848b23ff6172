"""Packaging: every data file ships with a non-editable install, and main.py answers --help."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_data_file_is_listed_for_installation() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = [p for globs in config["tool"]["setuptools"]["data-files"].values() for p in globs]
    missing = []
    for folder in ("levels", "assets"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(ROOT).as_posix()
                # fnmatch's '*' crosses '/', so also require the same folder depth.
                if not any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns):
                    missing.append(rel)
    assert not missing, f"add these to [tool.setuptools.data-files] in pyproject.toml: {missing}"


def test_main_help_documents_the_options() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    for option in ("--mode", "--seat0", "--watch", "--screenshot", "--seed", "--level", "arena"):
        assert option in result.stdout
