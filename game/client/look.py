"""What a part that only draws or words things reads of the program: the translator, the fonts and the scale."""

from __future__ import annotations

from typing import Protocol

from game.client.fonts import Fonts
from game.client.i18n import Translator


class Look(Protocol):
    """The translator, the fonts and the layout scale (the `App` has them; a test may hand in any small object)."""

    @property
    def t(self) -> Translator:
        """The translator of the current language."""
        ...

    @property
    def fonts(self) -> Fonts:
        """The font cache."""
        ...

    @property
    def ui_scale(self) -> float:
        """The layout scale: 1.0 at 1280×720."""
        ...

    def s(self, value: float) -> int:
        """`value` layout pixels (at 1280×720) in window pixels."""
        ...
