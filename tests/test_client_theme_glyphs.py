"""The interface theme's fonts draw the symbols pygame_gui puts on its buttons (no missing-glyph boxes)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.client.app import load_theme

# pygame_gui draws these arrows on drop-down expand buttons; a private-use code point shows the font's
# missing-glyph box, so an arrow drawn identically to it is missing from the font.
ARROWS = "▼▲"
MISSING = "\ue000"

# Looking up a font size the theme did not preload is fine here; pygame_gui only warns about the cost.
pytestmark = pytest.mark.filterwarnings("ignore:Finding font with id:UserWarning")


def _pixels(font, text: str) -> tuple[tuple[int, int], bytes]:
    surface = font.render_premul(text, pygame.Color("white"))
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def font_dictionary():
    pygame.init()
    pygame.display.set_mode((320, 200))
    manager = pygame_gui.UIManager((320, 200), load_theme(1.0))
    yield manager.get_theme().get_font_dictionary()
    pygame.quit()


def test_drop_down_arrows_are_real_glyphs(font_dictionary) -> None:
    block = load_theme(1.0)["drop_down_menu.#expand_button"]["font"]
    font = font_dictionary.find_font(int(block["size"]), block["name"])
    box = _pixels(font, MISSING)
    for arrow in ARROWS:
        assert _pixels(font, arrow) != box, f"{block['name']} has no glyph for {arrow!r}"


def test_the_check_can_fail_on_a_font_without_arrows(font_dictionary) -> None:
    # Noto Sans, the body font, lacks the arrows: the comparison above must be able to tell.
    font = font_dictionary.find_font(16, "noto_sans")
    assert _pixels(font, ARROWS[0]) == _pixels(font, MISSING)


def test_every_interface_text_has_its_glyphs_in_the_drawing_font() -> None:
    """Texts drawn with pygame (panels, cards, results) use `lettering.font`: no character of any translation may fall
    back to its missing-glyph box."""
    import json
    from pathlib import Path

    from game.client import lettering

    pygame.init()
    missing = []
    for bold in (False, True):
        font = lettering.font(20, bold)
        box = font.metrics(MISSING)[0]
        for path in sorted(Path("assets/i18n").glob("*/*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                bad = {ch for ch, m in zip(text, font.metrics(text), strict=True) if not ch.isspace() and m == box}
                if bad:
                    missing.append(f"{path.parent.name} {key}: {''.join(sorted(bad))}")
    assert missing == []
