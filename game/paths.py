"""Where the data folders (`levels/`, `assets/`) live, for a source checkout or an installed copy."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


@cache
def data_dir(name: str) -> Path:
    """The folder `levels` or `assets`: beside the package in a checkout, else the installed copy."""
    candidates = [
        _SOURCE_ROOT / name,
        Path(sys.prefix) / "share" / "kubiki" / name,
        Path(sys.base_prefix) / "share" / "kubiki" / name,
    ]
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError(f"data folder {name!r} not found (looked in {', '.join(map(str, candidates))})")


def levels_dir() -> Path:
    """The `levels/` folder."""
    return data_dir("levels")


def assets_dir() -> Path:
    """The `assets/` folder."""
    return data_dir("assets")


def _user_dir(kind: str) -> Path:
    # KUBIKI_HOME lets tests and portable installs keep settings and saves in one chosen folder.
    import os

    override = os.environ.get("KUBIKI_HOME")
    if override:
        return Path(override) / kind
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir("kubiki", appauthor=False))
    return Path(platformdirs.user_data_dir("kubiki", appauthor=False))


def user_config_dir() -> Path:
    """Where settings are kept (the platform's config folder, or $KUBIKI_HOME/config)."""
    return _user_dir("config")


def user_data_dir() -> Path:
    """Where autosaves and records are kept (the platform's data folder, or $KUBIKI_HOME/data)."""
    return _user_dir("data")
