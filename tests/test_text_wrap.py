"""Wrapped text never leaves a percent sign alone at the start of a line, in the one word splitter both wrappers
use, and nothing is lost on the way."""

from __future__ import annotations

import pygame

from game.client import lettering
from game.client.board.log import wrap_text

TEXT = "You have 3 spirit: a loss by 3 or more ends the game (this roll: 8.3 %)"


def test_a_percent_sign_stays_with_its_number_at_every_width(home) -> None:
    pygame.init()
    font = lettering.font(18)
    full = font.size(TEXT)[0]
    starts: set[str] = set()
    for width in range(60, full + 2):
        for lines in (lettering.wrap(font, TEXT, width), wrap_text(lambda s: font.size(s)[0], TEXT, width, width)):
            assert " ".join(lines) == TEXT
            starts.update(line.split(" ")[0] for line in lines)
            assert not any(line.startswith("%") for line in lines), (width, lines)
    assert "(this" in starts or "8.3" in starts  # some width breaks right before the number: the check is reached
    assert lettering.words("50 % or 8.3 %") == ["50 %", "or", "8.3 %"]
