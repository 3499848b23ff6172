"""Noto Sans (regular and bold, Cyrillic included) at any size, loaded once from pygame_gui's data folder.

Every font the game draws with, its own and pygame_gui's, is a `DrawableFont`: whatever text reaches it (a name
from a file, a path from the disk, a message quoting either) is drawn, never raised on.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from game.engine.files import MAX_TEXT, clean_text

# Undrawable characters become this one (one for one, so pygame_gui's text positions still match its text).
REPLACEMENT = "\ufffd"


def drawable(text: str | bytes | None) -> str | bytes | None:
    """`text` as a font can draw it: control characters (NUL included) and lone surrogates replaced, at most
    `MAX_TEXT` characters (the one cleaning function, `clean_text`, with a stand-in for what it removes)."""
    return clean_text(text, MAX_TEXT, REPLACEMENT) if isinstance(text, str) else text


class DrawableFont(pygame.font.Font):
    """A pygame font that never raises on the text it is given (`font.render` raises on a NUL or a surrogate)."""

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        """Render `text` made drawable first (text of only zero-width characters, a soft hyphen say, as empty)."""
        shown = drawable(text)
        try:
            return super().render(shown, antialias, color, bgcolor, wraplength)
        except pygame.error:
            # SDL_ttf refuses text whose glyphs are all zero-width; it draws as nothing.
            return super().render("", antialias, color, bgcolor, wraplength)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        """The size `text` is drawn at (made drawable first)."""
        shown = drawable(text)
        return super().size(shown if shown is not None else "")

    def metrics(self, text: str | bytes, /) -> list[tuple[int, int, int, int, int] | None]:
        """Each drawn character's metrics (made drawable first)."""
        shown = drawable(text)
        return super().metrics(shown if shown is not None else "")


def guard_ui_fonts() -> None:
    """Make pygame_gui draw with `DrawableFont` too (before its fonts load): its file dialog shows names from the
    player's disk, which may hold characters pygame cannot encode (a name that is not UTF-8)."""
    from pygame_gui.core import gui_font_pygame

    # pygame_gui's module imports Font without re-exporting it; the patch has to replace that very name.
    gui_font_pygame.Font = DrawableFont  # type: ignore[attr-defined]


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
                font = DrawableFont(str(path), key[2])
            except (OSError, FileNotFoundError):
                font = DrawableFont(None, key[2])  # pygame's own font, if Noto is missing
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
