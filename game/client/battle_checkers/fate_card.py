"""The fate card (B11): after a kill, the destroyer is offered the fate roll with its exact expectation (the lower
roller loses the difference: an expected 35/18 grains, no change 1/6) and both sides' spirit, and answers with
Call the fate roll or Decline."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import art
from game.client.battle_checkers.pieces import seat_colour
from game.client.board import buttons as B
from game.client.board.odds import fraction_text, percent
from game.engine.battle_checkers import FATE, NOFATE
from game.engine.battle_checkers.odds import fate_expected_loss_of_lower, fate_no_change

if TYPE_CHECKING:
    from game.client.battle_checkers.view import BattleCheckersView


class FateCard:
    """Shown while the human to act chooses whether to call the fate roll."""

    def __init__(self, view: BattleCheckersView) -> None:
        self.view = view
        self.hover: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        """True when the human to act has the fate choice."""
        picks = self.view.picks
        return self.view.board.accepting_input and picks.phase == "fate_choice"

    def lines(self) -> list[str]:
        """Title, what happens, the exact expectation, both spirits."""
        t = self.view.board.app.t
        state = self.view.picks.state
        loss = fate_expected_loss_of_lower()
        even = fate_no_change()
        names = self.view.seat_name
        return [t("battle_checkers.fate.offer"),
                t("battle_checkers.fate.rule"),
                t("battle_checkers.fate.odds", loss=fraction_text(loss), approx=f"{float(loss):.2f}",
                  even=fraction_text(even), even_pct=percent(even)),
                t("battle_checkers.fate.spirit", a=names(0), sa=state.spirit[0], b=names(1), sb=state.spirit[1])]

    def layout(self) -> list[B.Button]:
        """Place the card over the board's middle; its two buttons."""
        t = self.view.board.app.t
        layout = self.view.board.layout
        cell = layout.cell
        w = int(layout.board.w * 0.8)
        h = int(cell * 3.3)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = layout.board.center
        pad = max(6, cell // 5)
        area = pygame.Rect(self.rect.left + pad * 2, self.rect.bottom - pad - int(cell * 0.62), w - pad * 4,
                           int(cell * 0.62))
        buttons = [B.Button("fate", t("battle_checkers.fate.call"), primary=True),
                   B.Button("nofate", t("battle_checkers.fate.decline"))]
        B.row(buttons, area, pad * 2)
        return buttons

    def press(self, pos: tuple[int, int]) -> bool:
        """A click on Call or Decline; True when it was one."""
        if not self.visible:
            return False
        button = B.hit(self.layout(), pos)
        if button is None:
            return False
        self.view.board.commit(FATE if button.key == "fate" else NOFATE)
        return True

    def draw(self, surface: pygame.Surface, cut: list[str]) -> None:
        """The card (only while visible)."""
        if not self.visible:
            return
        buttons = self.layout()
        rect = self.rect
        cell = self.view.board.layout.cell
        colour = seat_colour(self.view.picks.state.fate_player or 0)
        art.soft_shadow(surface, rect, 12, 10)
        pygame.draw.rect(surface, art.PANEL_LIGHT, rect, border_radius=12)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=12)
        texts = self.lines()
        y = rect.top + cell * 0.38
        for i, text in enumerate(texts):
            size = art.fitting_size(text, rect.w - cell * 0.6, max(12, int(cell * (0.32 if i == 0 else 0.25))), cut,
                                    bold=i == 0)
            art.label(surface, text, size, art.PARCHMENT if i != 2 else colour, center=(rect.centerx, y), bold=i == 0)
            y += cell * (0.5 if i == 0 else 0.42)
        B.draw(surface, buttons, self.hover, max(12, int(cell * 0.26)), cut)
