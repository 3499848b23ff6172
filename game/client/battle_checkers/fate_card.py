"""The fate card (B11): after a kill, the destroyer is offered the fate roll with its exact expectation (the lower
roller loses the difference: an expected 35/18 grains, no change 1/6) and, for each side, its spirit and whether
this roll can end the game for it, with the exact chance (the engine's forecast of calling it); it answers with
Call the fate roll or Decline."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, shapes
from game.client.battle_checkers.pieces import seat_colour
from game.client.board import buttons as B
from game.client.board.odds import fraction_text, percent
from game.engine.battle_checkers import FATE, NOFATE, FateForecast
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
        t = self.view.board.t
        state = self.view.picks.live
        loss = fate_expected_loss_of_lower()
        even = fate_no_change()
        names = self.view.seat_name
        lines = [
            t("battle_checkers.fate.offer"),
            t("battle_checkers.fate.rule"),
            t(
                "battle_checkers.fate.odds",
                loss=fraction_text(loss),
                approx=t.numbers.number(float(loss), 2),
                even=fraction_text(even),
                even_pct=percent(even),
            ),
        ]
        forecast = state.forecast(FATE)
        detail = forecast.detail
        if not isinstance(detail, FateForecast):
            return lines + [
                t("battle_checkers.fate.spirit", a=names(0), sa=state.spirit[0], b=names(1), sb=state.spirit[1])
            ]
        caller = detail.caller
        for seat, label in ((caller, "caller_out"), (1 - caller, "opponent_out")):
            lines.append(self.stake(seat, seat == caller, detail, forecast.probability(label)))
        return lines

    def stake(self, seat: int, you: bool, detail: FateForecast, chance: Fraction) -> str:
        """'You have 3 spirit: a loss by 3 or more ends the game (this roll: 16.7 %)' for `seat` (the caller is
        'you'), or that this roll cannot end the game for it."""
        t = self.view.board.t
        loss = detail.ending_loss[seat]
        fields = {"name": self.view.seat_name(seat), "spirit": detail.spirit[seat]}
        if loss is None or not chance:
            return t("battle_checkers.fate.safe_you" if you else "battle_checkers.fate.safe_other", **fields)
        stake = "battle_checkers.fate.stake_you" if you else "battle_checkers.fate.stake_other"
        return t(stake, loss=loss, pct=t.numbers.chance(chance), **fields)

    def _fonts(self) -> tuple[int, int]:
        cell = self.view.board.layout.cell
        return max(14, int(cell * 0.34)), max(12, int(cell * 0.26))

    def _rows(self) -> list[tuple[str, bool, int]]:
        """(text, bold, line) per drawn line: the title, then each line wrapped to the card's width."""
        layout = self.view.board.layout
        big, small = self._fonts()
        width = int(layout.board.w * 0.84) - layout.cell
        texts = self.lines()
        rows = [(texts[0], True, 0)]
        for i, text in enumerate(texts[1:], start=1):
            rows += [(line, False, i) for line in lettering.wrap(lettering.font(small), text, width)]
        return rows

    def layout(self) -> list[B.Button]:
        """Place the card over the board's middle; its two buttons."""
        t = self.view.board.t
        layout = self.view.board.layout
        cell = layout.cell
        big, small = self._fonts()
        rows = self._rows()
        w = int(layout.board.w * 0.84)
        h = int(
            lettering.font(big, bold=True).get_linesize()
            + (len(rows) - 1) * lettering.font(small).get_linesize()
            + cell * 1.6
        )
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = layout.board.center
        pad = max(6, cell // 5)
        area = pygame.Rect(
            self.rect.left + pad * 2, self.rect.bottom - pad - int(cell * 0.62), w - pad * 4, int(cell * 0.62)
        )
        buttons = [
            B.Button("fate", t("battle_checkers.fate.call"), primary=True),
            B.Button("nofate", t("battle_checkers.fate.decline")),
        ]
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
        colour = seat_colour(self.view.picks.live.fate_player or 0)
        shapes.soft_shadow(surface, rect, 12, 10)
        pygame.draw.rect(surface, palette.PANEL_LIGHT, rect, border_radius=12)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=12)
        big, small = self._fonts()
        y = float(rect.top + cell * 0.25)
        for text, bold, line in self._rows():
            size = lettering.fitting_size(text, rect.w - cell * 0.5, big if bold else small, cut, bold=bold)
            f = lettering.font(size, bold=bold)
            lettering.label(
                surface,
                text,
                size,
                colour if line == 2 else palette.PARCHMENT,
                center=(rect.centerx, y + f.get_linesize() / 2),
                bold=bold,
            )
            y += f.get_linesize() + (cell * 0.12 if bold else 0)
        B.draw(surface, buttons, self.hover, max(12, int(cell * 0.26)), cut)
