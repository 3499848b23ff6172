"""The panel slot's drawn buttons: a row shares one text size, so one long title does not make its row uneven."""

from __future__ import annotations

import pygame
import pytest

from game.client import lettering
from game.client.board import buttons as B


def test_the_buttons_of_a_row_share_one_text_size(home, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    row = [B.Button(f"preset:{i}", text) for i, text in enumerate(("Home farm", "Spearhead", "Towers", "Wall"))]
    B.row(row, pygame.Rect(0, 0, 340, 34), 6)
    alone = [B.Button("end", "End turn")]
    B.row(alone, pygame.Rect(0, 40, 340, 34), 6)
    drawn: dict[str, int] = {}
    real = lettering.label

    def label(surface: pygame.Surface, text: str, size: int, *args: object, **kwargs: object) -> pygame.Rect:
        drawn[text] = size
        return real(surface, text, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lettering, "label", label)
    cut: list[str] = []
    B.draw(pygame.Surface((340, 80)), row + alone, None, 18, cut)
    assert cut == []
    fits = {b.text: lettering.fitting_size(b.text, b.rect.w - 8, 18, [], bold=True) for b in row}
    assert fits["Home farm"] < fits["Wall"] == 18  # alone, the short titles would be drawn larger
    assert {drawn[b.text] for b in row} == {min(fits[b.text] for b in row)}
    assert drawn["End turn"] == 18
