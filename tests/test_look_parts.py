"""Parts that only draw, word or sound things work from what they use (a `Look`, the settings), without the app."""

from __future__ import annotations

import pygame
import pytest

from game.client import markdown, palette
from game.client.confirm import card
from game.client.settings import Settings
from game.client.sound import SoundBoard
from tests.looks import tiny


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def colours(surface: pygame.Surface, step: int = 2) -> set[tuple[int, ...]]:
    """The colours on `surface` (every `step`th pixel), alpha included."""
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)}


def test_markdown_page_draws_a_badge_and_grows_with_the_looks_scale():
    source = "# Rules\n\nA roll of **[house rule]** matters.\n\n- one\n- two\n"
    page = markdown.render(tiny(), source, 400)
    assert page.get_width() == 400
    assert any(c[:3] == palette.NOTE_BADGE and c[3] == 255 for c in colours(page, 1))
    assert any(c[:3] == palette.BULLET and c[3] == 255 for c in colours(page, 1))
    double = markdown.render(tiny(scale=2.0), source, 800)
    assert double.get_height() > 1.7 * page.get_height()


def test_confirm_card_shows_the_question_on_a_centred_panel_over_a_veil():
    look = tiny()
    veil, rect = card(look, (800, 600), "Restart the game?")
    assert rect.center == (400, 300) and rect.w == look.s(460)
    assert tuple(veil.get_at((5, 5))) == (*palette.VEIL, 170)
    empty, _ = card(look, (800, 600), "")
    # The question is drawn in the card's upper part, in parchment ink, and only there do the two cards differ.
    text_box = pygame.Rect(rect.x + look.s(28), rect.y + look.s(36), rect.w - look.s(56), look.s(30))
    asked = pygame.image.tobytes(veil.subsurface(text_box), "RGBA")
    assert asked != pygame.image.tobytes(empty.subsurface(text_box), "RGBA")
    assert any(c[:3] == palette.PARCHMENT for c in colours(veil.subsurface(text_box), 1))


def test_confirm_card_wraps_a_long_question_into_a_taller_card():
    look = tiny()
    _, short = card(look, (800, 600), "Delete?")
    _, long = card(look, (800, 600), "Delete the unfinished game against the computer that you started yesterday?")
    assert long.h > short.h and long.w == short.w


def test_sound_board_follows_the_settings_it_is_given():
    settings = Settings(sound_on=True)
    board = SoundBoard(lambda: settings)
    board.play("roll")
    settings.sound_on = False
    board.play("impact")
    assert board.played == ["roll"]
    settings = Settings(sound_on=True)  # the program may load new settings: the board reads the current ones
    board.play("click")
    assert board.played == ["roll", "click"]
