"""What a piece on a board shares as drawn, whatever it is (a stack, a unit): its owner, its float position in
board coordinates while it moves, its lift and its opacity; and how its image is put on the board."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client.board.layout import BoardLayout


@dataclass
class PieceView:
    """One piece as drawn: owner, position in board coordinates, lift (0..1) and opacity (keyword-only, so a
    mode's piece adds its own fields after the position)."""

    owner: int
    x: float
    y: float
    lift: float = field(default=0.0, kw_only=True)
    alpha: float = field(default=1.0, kw_only=True)


def blit_piece(
    surface: pygame.Surface,
    layout: BoardLayout,
    image: pygame.Surface,
    piece: PieceView,
    offset: tuple[float, float],
    rise: float,
    alpha: float | None = None,
) -> None:
    """`image` centred on `piece`'s position, raised by its lift times `rise` cells and faded by `alpha` (else
    the piece's own opacity)."""
    cx, cy = layout.center(piece.x, piece.y)
    cy -= piece.lift * layout.cell * rise
    shown = piece.alpha if alpha is None else alpha
    if shown < 1:
        image = image.copy()
        image.set_alpha(int(255 * shown))
    surface.blit(image, image.get_rect(center=(cx + offset[0], cy + offset[1])))
