"""The odds before committing an attack, read from `state.forecast`: the chance to take the cell, to be held, of
both stacks gone, the expected survivors of each side for a fight to the end, and the smallest number of
attackers that reaches 50 % and 80 %. Shown as a card by the hovered enemy stack."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette
from game.client.board.odds import card_rect, percent
from game.client.board.wording import counted
from game.client.checkrisk.pieces import seat_colour
from game.engine.checkrisk import Attack, BattleForecast, CheckRiskState
from game.engine.core import Forecast

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.i18n import Translator


def forecast(state: CheckRiskState, origin: str, target: str, n: int) -> Forecast:
    """The engine's forecast of attacking `target` from `origin` with `n` tokens (its `detail`: BattleForecast)."""
    game = state.game
    return state.forecast(Attack(game.cell_index(origin), game.cell_index(target), n))


def battle_forecast(state: CheckRiskState, origin: str, target: str, n: int) -> BattleForecast:
    """The figures of that forecast: the fight to the end with its survivors."""
    detail = forecast(state, origin, target, n).detail
    if not isinstance(detail, BattleForecast):
        raise TypeError(f"an attack's forecast carries a BattleForecast, not {detail!r}")
    return detail


def smallest_for(state: CheckRiskState, origin: str, target: str, amounts: list[int], share: Fraction) -> int | None:
    """The fewest attackers whose chance to take the cell reaches `share`, or None."""
    for n in sorted(amounts):
        if forecast(state, origin, target, n).probability("win") >= share:
            return n
    return None


def lines(state: CheckRiskState, origin: str, target: str, n: int, amounts: list[int], t: Translator) -> list[str]:
    """The card's lines."""
    detail = battle_forecast(state, origin, target, n)
    fifty = smallest_for(state, origin, target, amounts, Fraction(1, 2))
    eighty = smallest_for(state, origin, target, amounts, Fraction(4, 5))
    return [
        t("checkrisk.odds.title", n=n, target=target),
        t("checkrisk.odds.win", p=percent(detail.win)),
        t("checkrisk.odds.hold", p=percent(detail.hold)),
        t("checkrisk.odds.both", p=percent(detail.both_gone)),
        t("checkrisk.odds.survivors", a=f"{float(detail.attackers_left):.1f}", d=f"{float(detail.defenders_left):.1f}"),
        _needed(t, fifty, eighty, max(amounts, default=n)),
    ]


def _needed(t: Translator, fifty: int | None, eighty: int | None, most: int) -> str:
    """The fewest attackers for an even and for a strong chance, in words where this stack cannot reach one."""
    if fifty is None:
        return counted(t, "checkrisk.odds.needed_none", most)
    if eighty is None:
        return t("checkrisk.odds.needed_half", fifty=fifty)
    return t("checkrisk.odds.needed", fifty=fifty, eighty=eighty)


def draw(
    surface: pygame.Surface,
    board: BoardServices,
    state: CheckRiskState,
    origin: str,
    target: str,
    n: int,
    amounts: list[int],
    cut: list[str],
) -> pygame.Rect:
    """The card beside the target cell, kept on the board's frame."""
    texts = lines(state, origin, target, n, amounts, board.t)
    colours = [
        palette.PARCHMENT,
        seat_colour(state.seat),
        palette.PARCHMENT_DARK,
        palette.PARCHMENT_DARK,
        palette.PARCHMENT_DARK,
    ]
    return paint_card(surface, board, origin, target, texts, [*colours, palette.MUTED], seat_colour(state.seat))


def paint_card(
    surface: pygame.Surface,
    board: BoardServices,
    origin: str,
    target: str,
    texts: list[str],
    colours: list[tuple[int, int, int]],
    accent: tuple[int, int, int],
) -> pygame.Rect:
    """A card of `texts` (the first bold) in `colours` beside `target`, clear of `origin` and an open picker, kept
    on the board's frame; returns where it was drawn."""
    layout = board.layout
    size = max(12, int(layout.cell * 0.2))
    f, fb = lettering.font(size), lettering.font(int(size * 1.08), bold=True)
    rect = card_rect(layout, target, texts, size, avoid=board.picker_rect, origin=origin)
    shadow = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*palette.SHADOW, 100), shadow.get_rect(), border_radius=12)
    surface.blit(shadow, rect.move(3, 6).inflate(12, 12).topleft)
    pygame.draw.rect(surface, palette.PANEL_LIGHT, rect, border_radius=8)
    pygame.draw.rect(surface, accent, rect, 2, border_radius=8)
    y = rect.top + size // 2
    for i, (text, colour) in enumerate(zip(texts, colours, strict=True)):
        font = fb if i == 0 else f
        surface.blit(font.render(text, True, colour), (rect.left + size, y))
        y += font.get_linesize()
    return rect
