"""CheckRisk's panel slot: what the phase asks (tokens left and cells used while deploying, reinforcements to
place, the three action pips), the phase's buttons (presets, Deploy for me, Confirm; Place for me; End turn) and
each player's luck (hits rolled against hits expected) with battles won and lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette
from game.client.board import buttons as B
from game.client.board.slot import SlotRows, deploy_buttons, press_deploy, slot_rows
from game.client.checkrisk.keys import DEPLOY
from game.client.checkrisk.pieces import draw_emblem, seat_colour

if TYPE_CHECKING:
    from game.client.checkrisk.view import CheckRiskView

SLOT_UNITS = 8.8
ROW2_UNITS = 1.8  # the second row of buttons (deployment's Clear, Deploy for me, Confirm)


def slot_room(deploying: bool, seats: int) -> float:
    """The slot's height in panel units: all of it while deploying; after that no second row of buttons, and the
    luck table's rows for `seats` (two a row), so the move list below gets the rest."""
    if deploying:
        return SLOT_UNITS
    # Phase line, first row and its gaps, then the luck table's title and rows (as `draw` lays them out).
    return 1.3 + 0.25 + 1.8 + 0.25 + 0.34 + 0.95 + 1.05 * ((seats + 1) // 2) + 0.1


class Slot:
    """The slot's widgets, laid out in screen coordinates from the panel layout."""

    def __init__(self, view: CheckRiskView) -> None:
        self.view = view
        self.hover: str | None = None

    def _rects(self) -> SlotRows:
        state = self.view.picks.state
        deploying = state is None or state.phase == "deploy"
        return slot_rows(self.view.board.panel_layout, ROW2_UNITS if deploying else 0.0)

    def buttons(self) -> list[B.Button]:
        """The phase's buttons for the human to act (none while others act)."""
        board, picks, t = self.view.board, self.view.picks, self.view.board.t
        if not board.accepting_input or picks.state is None:
            return []
        rows, phase = self._rects(), picks.phase
        if phase == "deploy":
            game = picks.state.game
            language = board.settings.language
            titles = [(name, game.preset_title(name, language)) for name in picks.index.presets]
            return deploy_buttons(rows, picks, titles, picks.tokens_left(), lambda word: t(DEPLOY(word)))
        out: list[B.Button] = []
        if phase == "reinforce":
            out = [B.Button("place", t("checkrisk.reinforce.auto"), primary=True)]
        elif phase == "act":
            out = [B.Button("end", t("checkrisk.act.end"), primary=True, enabled="end" in picks.index.words)]
        B.row(out, rows.row1, rows.gap)
        return out

    def press(self, pos: tuple[int, int]) -> bool:
        """A click on one of the slot's buttons; True when it was one."""
        button = B.hit(self.buttons(), pos)
        if button is None:
            return False
        picks = self.view.picks
        key = button.key
        if press_deploy(picks, key):
            return True
        if key == "place":
            picks.place_for_me()
        elif key == "end":
            from game.engine.checkrisk import WORDS

            self.view.board.end_turn(WORDS["end"])
        return True

    def phase_text(self) -> str:
        """What the phase asks, with its counters."""
        view = self.view
        picks, t = view.picks, view.board.t
        state = picks.state
        if state is None:
            return ""
        phase = state.phase
        if phase == "deploy":
            zone = state.game.spec.zones[state.seat]
            used = len([c for c, k in picks.draft.items() if k])
            return t("checkrisk.slot.deploy", left=picks.tokens_left(), used=used, cells=zone.max_cells)
        if phase == "reinforce":
            left = sum(n for _, n in state.pending_reinforcements())
            return t("checkrisk.slot.reinforce", n=left)
        if phase == "battle":
            return t("checkrisk.slot.battle", actions=state.actions_left)
        if phase == "act":
            if not view.board.counts_turns:
                return t("checkrisk.slot.act_lesson")
            return t("checkrisk.slot.act", count=view.board.count_words())
        return ""

    def key(self) -> object:
        """Everything the slot shows (the panel image cache key)."""
        picks = self.view.picks
        state = picks.state
        stats = self.view.stats_rows()
        return (
            self.phase_text(),
            [(b.key, b.text, b.enabled, b.selected, tuple(b.rect)) for b in self.buttons()],
            self.hover,
            state.actions_left if state is not None else 0,
            stats,
        )

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """The phase line with the action pips, the buttons, the luck table (`rect` is the slot on `surface`)."""
        rows = self._rects()
        line, luck = rows.line, rows.rest
        screen = self.view.board.panel_layout.slot
        offset = (rect.left - screen.left, rect.top - screen.top)
        picks = self.view.picks
        state = picks.state
        pips = 0
        if state is not None and state.phase in ("act", "battle"):
            pips = state.game.spec.actions
        text_room = line.w - pips * unit * 1.1 - unit // 2
        size = lettering.fitting_size(self.phase_text(), text_room, int(unit * 0.9), cut, bold=True)
        lettering.label(
            surface,
            self.phase_text(),
            size,
            palette.PARCHMENT,
            midleft=(line.left + offset[0], line.centery + offset[1]),
            bold=True,
        )
        if pips and state is not None:
            colour = seat_colour(state.seat)
            for i in range(pips):
                cx = line.right + offset[0] - unit * 0.5 - (pips - 1 - i) * unit * 1.1
                filled = i < state.actions_left
                pygame.draw.circle(
                    surface, colour if filled else palette.SLOT_EMPTY, (cx, line.centery + offset[1]), unit * 0.4
                )
                pygame.draw.circle(surface, palette.DARK_INK, (cx, line.centery + offset[1]), unit * 0.4, 2)
        B.draw(surface, self.buttons(), self.hover, int(unit * 0.82), cut, offset)
        self._luck(surface, luck.move(offset), unit, cut)

    def _luck(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        rows = self.view.stats_rows()
        t = self.view.board.t
        if not rows or rect.h <= unit:
            return
        title = t("checkrisk.luck.title")
        lettering.label(
            surface,
            title,
            lettering.fitting_size(title, rect.w, int(unit * 0.75), cut),
            palette.MUTED,
            topleft=(rect.left, rect.top),
        )
        per_line = 2
        w = rect.w // per_line
        h = int(unit * 1.05)
        for i, (seat, text, out) in enumerate(rows):
            x = rect.left + (i % per_line) * w
            y = rect.top + int(unit * 0.95) + (i // per_line) * h
            icon = pygame.Rect(x, y, int(h * 0.85), int(h * 0.85))
            draw_emblem(surface, seat, icon, grey=out)
            size = lettering.fitting_size(text, w - icon.w - unit * 0.6, int(unit * 0.78), cut)
            lettering.label(
                surface,
                text,
                size,
                palette.OUT_TEXT if out else palette.PARCHMENT_DARK,
                midleft=(icon.right + unit // 4, icon.centery),
            )
