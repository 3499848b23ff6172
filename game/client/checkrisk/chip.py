"""A battle's result chip on its cell: how it ended in the winner's colour ("Taken", "Held", "Retreated") and what
each side lost in its own colour, so the outcome stays readable once the battle card has closed."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.client import lettering, palette
from game.client.board.layout import BoardLayout
from game.client.board.marks import Mark, Marks
from game.client.checkrisk.battles import BattleRecord
from game.client.checkrisk.keys import CHIP
from game.client.checkrisk.pieces import seat_colour
from game.client.i18n import Translator

Colour = tuple[int, int, int]


def chip_parts(record: BattleRecord, t: Translator) -> list[tuple[str, Colour]]:
    """The chip's words and colours: the end in the winner's colour (plain when nobody won), then each side's
    loss in its player's colour."""
    end = record.end.value if record.end is not None else "fighting"
    winner = record.winner
    parts = [(t(CHIP(end)), seat_colour(winner) if winner is not None else palette.PARCHMENT)]
    parts.append((loss_text(record.attacker_lost), seat_colour(record.attacker)))
    parts.append((loss_text(record.defender_lost), seat_colour(max(0, record.defender))))
    return parts


def loss_text(lost: int) -> str:
    """Tokens a side lost as the chip and the card show them: '−2', and a plain '0' for none (never '−0')."""
    return f"−{lost}" if lost else "0"


def chip_text(record: BattleRecord, t: Translator) -> str:
    """The chip as one line ('Taken −1 −3'), as the drawing model records it."""
    return " ".join(text for text, _ in chip_parts(record, t))


def draw_chip(
    layer: pygame.Surface,
    layout: BoardLayout,
    marks: Marks,
    record: BattleRecord,
    t: Translator,
) -> pygame.Rect:
    """The chip over the top edge of the battle's cell (recorded in `marks.drawn` as a 'battle_result' mark);
    returns where it was drawn."""
    marks.drawn.append(Mark("battle_result", record.target, chip_text(record, t)))
    size = max(11, round(layout.cell * 0.22))
    image = _chip_image(
        tuple(chip_parts(record, t)),
        size,
        seat_colour(record.winner) if record.winner is not None else palette.PARCHMENT_DARK,
    )
    x, y = layout.cell_center(record.target)
    rect = image.get_rect(center=(round(x), round(y - layout.cell * 0.5)))
    # Kept on the board: a chip on the top rank hangs down into its cell, one on an edge file leans inward.
    board = layout.board
    rect.top = max(rect.top, board.top + 2)
    rect.left = max(board.left + 2, min(rect.left, board.right - 2 - rect.w))
    layer.blit(image, rect)
    return rect


@lru_cache(maxsize=64)
def _chip_image(parts: tuple[tuple[str, Colour], ...], size: int, edge: Colour) -> pygame.Surface:
    """The chip drawn once: a dark pill with a rim in the winner's colour and its coloured words."""
    f = lettering.font(size, bold=True)
    gap = max(3, size // 3)
    widths = [f.size(text)[0] for text, _ in parts]
    pad = max(4, size // 2)
    w = sum(widths) + gap * (len(parts) - 1) + pad * 2
    h = f.get_height() + max(4, size // 3)
    image = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(image, (*palette.SHADOW, 120), body.move(2, 3), border_radius=h // 2)
    pygame.draw.rect(image, palette.DARK_WELL, body, border_radius=h // 2)
    pygame.draw.rect(image, edge, body, max(2, size // 7), border_radius=h // 2)
    x = pad
    for (text, colour), width in zip(parts, widths, strict=True):
        img = f.render(text, True, colour)
        image.blit(img, img.get_rect(midleft=(x, body.centery)))
        x += width + gap
    return image
