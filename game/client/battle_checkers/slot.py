"""Battle Checkers' panel slot: the turn counter against the B13 limit, the dice chips (the sum and each die, greyed
once spent; click one to plan with it), the phase's buttons (presets, Clear, Deploy for me, Confirm; End turn), and
both sides' spirit as grains with their units left."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette
from game.client.battle_checkers.keys import DEPLOY
from game.client.battle_checkers.model import BattleCheckersModel
from game.client.battle_checkers.pieces import draw_emblem, grain, seat_colour
from game.client.board import buttons as B
from game.client.board.slot import SlotRows, deploy_buttons, press_deploy, slot_rows
from game.client.board.wording import counted
from game.client.dice import TrayDie, die_image
from game.engine.battle_checkers import END, USE_DIE1, USE_DIE2, USE_SUM, BattleCheckersState

if TYPE_CHECKING:
    from game.client.battle_checkers.view import BattleCheckersView

SLOT_UNITS = 9.4
# What the rows take: phase line 1.3, chips 1.7, buttons 1.7, their gaps, and the spirit title and two rows.
SLOT_ROOM = 1.3 + 0.25 + 1.7 + 0.25 + 1.7 + 0.34 + 0.9 + 2 * 1.2 + 0.17 + 0.05
MAX_GRAINS = 12  # grains drawn in a row; more are counted by the number beside them


class Slot:
    """The slot's widgets, laid out in screen coordinates from the panel layout."""

    def __init__(self, view: BattleCheckersView) -> None:
        self.view = view
        self.hover: str | None = None

    def model(self) -> BattleCheckersModel | None:
        """The drawing model shown: a reviewed past position's, else the live board's."""
        return self.view.board.shown_model_as(BattleCheckersModel)

    def _rects(self) -> SlotRows:
        return slot_rows(self.view.board.panel_layout, 1.7)

    def chips(self) -> list[B.Button]:
        """The dice chips of the turn (shown to everyone; open ones clickable on the human's turn)."""
        model = self.model()
        dice = model.dice if model is not None else None
        if model is None or dice is None:
            return []
        rows = self._rects()
        picks = self.view.picks
        live = self.view.board.accepting_input and picks.phase == "main"
        opens = picks.open_uses() if live else []
        shown = picks.shown_use() if live else None
        a, b = dice
        spent = model.spent
        double = a == b
        chips = [
            B.Button(
                f"use:{USE_SUM}",
                str(a + b),
                enabled=USE_SUM in opens,
                selected=live and shown == USE_SUM,
                primary=not any(spent),
            ),
            B.Button(
                f"use:{USE_DIE1}",
                str(a),
                enabled=USE_DIE1 in opens,
                selected=live and shown == USE_DIE1,
                primary=not spent[0],
            ),
            B.Button(
                f"use:{USE_DIE2}",
                str(b),
                enabled=USE_DIE2 in opens or (double and USE_DIE1 in opens),
                selected=live and shown == USE_DIE2,
                primary=not spent[1],
            ),
        ]
        B.row(chips, rows.row1, rows.gap, [1.5, 1.0, 1.0])
        return chips

    def buttons(self) -> list[B.Button]:
        """The phase's buttons for the human to act (none while others act)."""
        view = self.view
        board, picks, t = view.board, view.picks, view.board.t
        if not board.accepting_input or picks.state is None:
            return []
        rows = self._rects()
        if picks.phase == "deploy":
            titles = [(name, view.preset_title(name)) for name in picks.presets()]
            return deploy_buttons(
                rows,
                picks,
                titles,
                picks.units_left(),
                lambda word: t(DEPLOY(word)),
                [0.8, 1.3, 1.0],
            )
        out: list[B.Button] = []
        if picks.phase == "main":
            out = [B.Button("end", t("battle_checkers.end_turn"), primary=not picks.actors())]
            B.row(out, rows.row2, rows.gap)
        return out

    def press(self, pos: tuple[int, int]) -> bool:
        """A click on a chip or one of the slot's buttons; True when it was one."""
        picks = self.view.picks
        chip = B.hit(self.chips(), pos)
        if chip is not None and self.view.board.accepting_input:
            use = int(chip.key.partition(":")[2])
            if use == USE_DIE2 and USE_DIE2 not in picks.open_uses():
                use = USE_DIE1  # a double's dice are one open die until one is spent
            picks.choose_use(use, toggle=True)
            return True
        button = B.hit(self.buttons(), pos)
        if button is None:
            return False
        if not press_deploy(picks, button.key) and button.key == "end":
            self.view.board.end_turn(END)
        return True

    def phase_text(self) -> str:
        """The turn counter, or what deployment asks."""
        view = self.view
        picks, t = view.picks, view.board.t
        model = self.model()
        state = picks.state
        if state is None or model is None:
            return ""
        if state.phase == "deploy":
            return t("battle_checkers.slot.deploy", left=picks.units_left())
        if not view.board.counts_turns:
            return ""
        return view.board.count_words()

    def key(self) -> object:
        """Everything the slot shows (the panel image cache key)."""
        model = self.model()
        spirit = tuple(model.spirit) if model is not None else ()
        counts = (model.count(0), model.count(1)) if model is not None else ()
        return (
            self.phase_text(),
            [(b.key, b.text, b.enabled, b.selected, b.primary, tuple(b.rect)) for b in self.buttons() + self.chips()],
            self.hover,
            spirit,
            counts,
            getattr(model, "dice", None),
            tuple(getattr(model, "spent", ())),
            self.spirit_series() if self._over() else None,
        )

    def spirit_rows(self) -> list[pygame.Rect]:
        """One row per side in the spirit area (screen coordinates)."""
        area = self._rects().rest
        u = self.view.board.panel_layout.unit
        h = int(u * 1.2)
        top = area.top + int(u * 0.9)
        return [pygame.Rect(area.left, top + i * (h + u // 6), area.w, h) for i in (0, 1)]

    def spirit_anchor(self, seat: int) -> tuple[float, float] | None:
        """Where the next grain of `seat` sits in the panel (screen pixels), for grains flying to the counter."""
        model = self.model()
        if model is None:
            return None
        row = self.spirit_rows()[seat]
        u = self.view.board.panel_layout.unit
        n = min(MAX_GRAINS, max(0, model.spirit[seat]))
        x0 = row.left + row.h + u * 0.6
        return x0 + n * u * 0.62, row.centery

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """The phase line, chips, buttons and spirit (`rect` is the slot on `surface`)."""
        rows = self._rects()
        line, spirit = rows.line, rows.rest
        screen = self.view.board.panel_layout.slot
        offset = (rect.left - screen.left, rect.top - screen.top)
        text = self.phase_text()
        size = lettering.fitting_size(text, line.w, int(unit * 0.9), cut, bold=True)
        lettering.label(
            surface, text, size, palette.PARCHMENT, midleft=(line.left + offset[0], line.centery + offset[1]), bold=True
        )
        if self._over():
            self._spirit_chart(surface, rows.row1.union(rows.row2).move(offset), unit, cut)
        else:
            self._chips(surface, unit, offset)
        B.draw(surface, self.buttons(), self.hover, int(unit * 0.82), cut, offset)
        self._spirit(surface, spirit.move(offset), unit, offset, cut)

    def _over(self) -> bool:
        board = self.view.board
        return bool(board.session is not None and board.session.is_over and not board.busy)

    def spirit_series(self) -> list[list[int]]:
        """Each side's spirit at the start, at every turn's start, and now (for the chart after the game)."""
        stats = self.view.stats()
        session = self.view.board.session
        if stats is None or session is None:
            return []
        spirit = self.view.board.state_as(BattleCheckersState).spirit
        return [side.spirit + [spirit[seat]] for seat, side in enumerate(stats.sides)]

    def _spirit_chart(self, surface: pygame.Surface, rect: pygame.Rect, unit: int, cut: list[str]) -> None:
        """Both sides' spirit over the game as two lines in their colours."""
        series = self.spirit_series()
        if not series:
            return
        t = self.view.board.t
        title = t("battle_checkers.slot.spirit_chart")
        size = lettering.fitting_size(title, rect.w, int(unit * 0.75), cut)
        lettering.label(surface, title, size, palette.MUTED, topleft=(rect.left, rect.top))
        area = pygame.Rect(
            rect.left + int(unit * 1.2), rect.top + int(unit * 1.45), rect.w - int(unit * 1.6), rect.h - int(unit * 1.8)
        )
        pygame.draw.rect(surface, palette.CARD, area.inflate(unit // 2, unit // 3), border_radius=6)
        top = max(1, max(max(line) for line in series))
        steps = max(1, max(len(line) for line in series) - 1)
        lettering.label(surface, str(top), int(unit * 0.6), palette.MUTED, midright=(area.left - unit * 0.35, area.top))
        lettering.label(surface, "0", int(unit * 0.6), palette.MUTED, midright=(area.left - unit * 0.35, area.bottom))
        for seat, line in enumerate(series):
            points = [(area.left + area.w * i / steps, area.bottom - area.h * v / top) for i, v in enumerate(line)]
            if len(points) == 1:
                points.append((area.right, points[0][1]))
            pygame.draw.lines(surface, seat_colour(seat), False, points, max(2, unit // 6))

    def _chips(self, surface: pygame.Surface, unit: int, offset: tuple[int, int]) -> None:
        model = self.model()
        chips = self.chips()
        if not chips or model is None or model.dice is None:
            return
        for chip in chips:
            rect = chip.rect.move(offset)
            spent = not chip.primary
            bg = palette.CHIP_SPENT if spent else palette.CHIP_READY
            if chip.key == self.hover and chip.enabled:
                bg = palette.shade(bg, 1.25)
            radius = max(4, rect.h // 4)
            pygame.draw.rect(surface, palette.shade(bg, 0.5), rect.move(0, 2), border_radius=radius)
            pygame.draw.rect(surface, bg, rect, border_radius=radius)
            edge = palette.SELECT if chip.selected else (palette.EDGE_DARK if spent else palette.CHIP_READY_EDGE)
            pygame.draw.rect(surface, edge, rect, 3 if chip.selected else 2, border_radius=radius)
            size = int(rect.h * 0.72)
            if chip.key == f"use:{USE_SUM}":
                a, b = model.dice
                small = int(rect.h * 0.5)
                for i, v in enumerate((a, b)):
                    img = die_image(TrayDie("pips", v), small)
                    if spent:
                        img = _dimmed(img)
                    surface.blit(
                        img,
                        img.get_rect(
                            center=(rect.left + rect.h * 0.45 + i * small * 0.7, rect.centery + (i - 0.5) * small * 0.3)
                        ),
                    )
                lettering.label(
                    surface,
                    f"= {chip.text}",
                    int(rect.h * 0.5),
                    palette.MUTED if spent else palette.IVORY,
                    midright=(rect.right - unit * 0.5, rect.centery),
                    bold=True,
                )
            else:
                img = die_image(TrayDie("pips", int(chip.text)), size)
                if spent:
                    img = _dimmed(img)
                surface.blit(img, img.get_rect(center=rect.center))

    def _spirit(
        self, surface: pygame.Surface, area: pygame.Rect, unit: int, offset: tuple[int, int], cut: list[str]
    ) -> None:
        model = self.model()
        if model is None:
            return
        t = self.view.board.t
        lettering.label(
            surface, t("battle_checkers.slot.spirit"), int(unit * 0.75), palette.MUTED, topleft=(area.left, area.top)
        )
        for seat, row in enumerate(self.spirit_rows()):
            row = row.move(offset)
            icon = pygame.Rect(row.left, row.top, row.h, row.h)
            draw_emblem(surface, seat, icon)
            n = max(0, model.spirit[seat])
            x0 = icon.right + unit * 0.6
            colour = seat_colour(seat)
            for i in range(min(MAX_GRAINS, n)):
                grain(surface, (x0 + i * unit * 0.62, row.centery), unit * 0.24, colour)
            if n == 0:
                grain(surface, (x0, row.centery), unit * 0.24, colour, lit=False)
            text = counted(t, "battle_checkers.slot.side", model.count(seat), spirit=n)
            room = row.right - (x0 + min(MAX_GRAINS, max(1, n)) * unit * 0.62)
            size = lettering.fitting_size(text, max(unit * 2.0, room), int(unit * 0.78), cut)
            lettering.label(surface, text, size, palette.PARCHMENT_DARK, midright=(row.right, row.centery))


def _dimmed(image: pygame.Surface) -> pygame.Surface:
    out = image.copy()
    out.fill((*palette.GREYED, 170), special_flags=pygame.BLEND_RGBA_MULT)
    return out
