"""The Dice Lab's tabs and drawing helpers work from a `Look` (translator, fonts, scale) alone, without the app."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from game.client import lettering, palette
from game.client.dice_lab import text
from game.client.dice_lab.alkemy_tab import AlkemyTab
from game.client.dice_lab.chart import ChartModel, Series, draw_chart
from game.client.dice_lab.d18_tab import D18Tab
from game.client.dice_lab.free_tab import FreeTab
from game.client.dice_lab.opposed_tab import OpposedTab
from tests.looks import tiny

BLANK = (0, 0, 0)


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def blank(size: tuple[int, int] = (600, 400)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(BLANK)
    return surface


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    """The RGB bytes of `rect` on `surface`."""
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def drawn_box(surface: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of every pixel that is not the blank background."""
    mask = pygame.mask.from_threshold(surface, BLANK, (1, 1, 1, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]) if boxes else None


def test_block_draws_its_title_as_the_text_helper_does():
    look = tiny()
    surface, alone = blank(), blank()
    below = text.block(look, surface, pygame.Rect(10, 10, 300, 200), "Odds", ["one line"])
    title = lettering.text(look, alone, "Odds", (10, 10), size=15, bold=True, colour=palette.BRASS)
    assert below > title.bottom
    assert pixels(surface, title) == pixels(alone, title)
    assert drawn_box(surface).bottom > title.bottom  # the line under the title


def test_free_tab_figures_say_the_grammar_title_in_the_looks_language():
    english, russian = tiny("en"), tiny("ru")
    tab = FreeTab()
    area = pygame.Rect(0, 0, 420, 300)
    drawn = {}
    for name, look in (("en", english), ("ru", russian)):
        surface = blank()
        tab.draw_figures(look, surface, area)
        alone = blank()
        title = lettering.text(
            look, alone, look.t("lab.free.grammar_title"), (0, 0), size=15, bold=True, colour=palette.BRASS
        )
        assert pixels(surface, title) == pixels(alone, title)
        drawn[name] = pygame.image.tobytes(surface, "RGB")
    assert drawn["en"] != drawn["ru"]


@pytest.mark.parametrize("tab_class", [AlkemyTab, OpposedTab, D18Tab, FreeTab])
def test_each_tab_draws_its_figures_and_side_inside_the_given_rect(tab_class):
    look = tiny()
    tab = tab_class()
    tab.t = look.t
    for draw in (tab.draw_figures, tab.draw_side):
        surface = blank((800, 600))
        area = pygame.Rect(40, 30, 360, 420)
        draw(look, surface, area)
        box = drawn_box(surface)
        assert box is not None, f"{tab_class.__name__}.{draw.__name__} drew nothing"
        assert area.inflate(2, 2).contains(box), f"{tab_class.__name__}.{draw.__name__} drew outside its rect"


def test_scale_of_the_look_scales_what_a_tab_draws():
    small, large = tiny(scale=1.0), tiny(scale=2.0)
    heights = []
    for look in (small, large):
        surface = blank((1200, 1000))
        D18Tab().draw_side(look, surface, pygame.Rect(0, 0, 1100, 1000))
        heights.append(drawn_box(surface).h)
    assert heights[1] > 1.7 * heights[0]


def test_chart_draws_the_series_colour_without_the_app():
    look = tiny()
    surface = blank((500, 300))
    model = ChartModel(
        keys=[1, 2, 3], series=[Series("d3", palette.ORANGE, {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)})]
    )
    draw_chart(look, surface, surface.get_rect(), model)
    colours = {surface.get_at((x, y))[:3] for x in range(0, 500, 3) for y in range(0, 300, 3)}
    assert palette.ORANGE in colours


def test_steppers_draw_their_translated_label():
    look = tiny()
    tab = AlkemyTab()
    tab.t = look.t
    column = tab.column
    column.layout(pygame.Rect(20, 20, 400, 54 * len(column.steppers)), look.s)
    surface = blank((500, 60 * len(column.steppers) + 40))
    column.draw(look, surface, active=False)
    first = column.steppers[0]
    assert first.label_at is not None
    alone = blank(surface.get_size())
    label = lettering.text(look, alone, look.t(first.label), first.label_at, size=16, bold=True, anchor="midleft")
    assert pixels(surface, label) == pixels(alone, label)
