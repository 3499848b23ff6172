"""The option chooser's chips hold their labels: a word ("Left flank") gets a chip as wide as it is."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import lettering
from game.client.board.chooser import Chooser


@dataclass
class _Option:
    action: object
    text: str
    label: str


def test_chips_are_wide_enough_for_word_labels(app):
    options = [_Option("a", "d2xe3", "Front"), _Option("b", "e2xe3", "Left flank")]
    chooser = Chooser("Attack e3 with", [("Unit", options)], (400.0, 400.0))
    chooser.layout(pygame.Rect(0, 0, 1280, 720), 32)
    for rect, _row, c in chooser.chips:
        label = options[c].label
        size = max(12, int(rect.h * 0.55))
        assert rect.w >= lettering.font(size, bold=True).size(label)[0], label
        assert chooser.rect.contains(rect)
    first, second = (rect for rect, _, _ in chooser.chips)
    assert first.right < second.left  # the chips do not overlap


def test_digit_chips_stay_square(app):
    options = [_Option(str(n), str(n), str(n)) for n in range(1, 4)]
    chooser = Chooser("Give", [("", options)], (400.0, 400.0))
    chooser.layout(pygame.Rect(0, 0, 1280, 720), 32)
    assert all(rect.w == rect.h for rect, _, _ in chooser.chips)
