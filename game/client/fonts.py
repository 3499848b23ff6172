"""Noto Sans (regular and bold, Cyrillic included) at any size, loaded once from pygame_gui's data folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame


@cache
def font_dir() -> Path:
    """The folder holding the Noto Sans files (the copy that ships with pygame_gui)."""
    import pygame_gui

    return Path(pygame_gui.__file__).resolve().parent / "data"


def regular_path() -> Path:
    """Path of NotoSans-Regular.ttf."""
    return font_dir() / "NotoSans-Regular.ttf"


def italic_path() -> Path:
    """Path of NotoSans-Italic.ttf."""
    return font_dir() / "NotoSans-Italic.ttf"


def bold_path() -> Path:
    """Path of NotoSans-Bold.ttf."""
    return font_dir() / "NotoSans-Bold.ttf"


class Fonts:
    """Cached fonts by size; sizes are in screen pixels (multiply by `app.ui_scale` for layout)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[bool, bool, int], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
        """Noto Sans at `size` pixels: regular, bold or italic."""
        key = (bold, italic and not bold, max(6, int(size)))
        font = self._cache.get(key)
        if font is None:
            path = bold_path() if bold else italic_path() if italic else regular_path()
            try:
                font = pygame.font.Font(str(path), key[2])
            except (OSError, FileNotFoundError):
                font = pygame.font.Font(None, key[2])  # pygame's own font, if Noto is missing
            self._cache[key] = font
        return font

    def regular(self, size: int) -> pygame.font.Font:
        """Noto Sans Regular at `size` pixels."""
        return self.get(size, False)

    def bold(self, size: int) -> pygame.font.Font:
        """Noto Sans Bold at `size` pixels."""
        return self.get(size, True)

    def italic(self, size: int) -> pygame.font.Font:
        """Noto Sans Italic at `size` pixels."""
        return self.get(size, False, True)
