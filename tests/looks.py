"""A `Look` for tests of the parts that draw or word things: a translator, fonts and a scale, no app."""

from __future__ import annotations

from dataclasses import dataclass

from game.client.fonts import Fonts
from game.client.i18n import Translator


@dataclass
class TinyLook:
    """A translator, fonts and a scale: all a drawing part may ask for."""

    t: Translator
    fonts: Fonts
    ui_scale: float = 1.0

    def s(self, value: float) -> int:
        """Layout pixels at this scale."""
        return round(value * self.ui_scale)


def tiny(language: str = "en", scale: float = 1.0) -> TinyLook:
    """A look in `language` at `scale`."""
    return TinyLook(Translator(language), Fonts(), scale)
