"""The battle card: a dice tray over the half of the board away from the fight, the attacker's and defender's
dice in a row each (4–6 glow), the odds for the stacks still fighting, and the decision buttons of the human
who decides (Continue / Withdraw and blitz, Stand / Retreat, the retreat split, Move in, Stop blitz)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import art
from game.client.board import buttons as B
from game.client.board.odds import percent
from game.client.checkrisk.model import CheckRiskModel
from game.client.checkrisk.pieces import draw_emblem, seat_colour
from game.client.dice import DiceTray, TrayDie
from game.engine.checkrisk import battle_forecast

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.checkrisk.picks import CheckRiskPicks


class BattleCard:
    """The tray and the decision buttons; `visible` while a battle is shown."""

    def __init__(self, board: BoardServices, picks: CheckRiskPicks) -> None:
        self.board = board
        self.picks = picks
        self.tray = DiceTray(pygame.Rect(0, 0, 10, 10), speed=lambda: board.settings.anim_speed)
        self.visible = False
        self.sides: tuple[int, int] = (0, 1)  # (attacker seat, defender seat) of the shown battle
        self.cells: tuple[str, str] = ("", "")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[B.Button] = []
        self.hover: str | None = None
        self.tray_t = 0.0

    # ----- the battle shown -----
    def open(self, attacker: int, defender: int, origin: str, target: str) -> None:
        """Show the card for a battle (the tray empty until the first round)."""
        self.visible = True
        self.sides = (attacker, max(0, defender))
        self.cells = (origin, target)
        self.tray.clear()
        self.place()

    def close(self) -> None:
        """Hide the card."""
        self.visible = False
        self.tray.clear()

    def roll(self, attacker_dice: tuple[int, ...], defender_dice: tuple[int, ...]) -> float:
        """Throw a round's dice (the faces the engine reported); returns how long they tumble."""
        t = self.board.t
        groups = [
            [TrayDie("pips", v) for v in attacker_dice],
            [TrayDie("pips", v, style="dark") for v in defender_dice],
        ]
        names = self.board.seat_name
        labels = [
            t("checkrisk.tray.attacker", name=names(self.sides[0])),
            t("checkrisk.tray.defender", name=names(self.sides[1])),
        ]
        self.tray.roll(groups, labels)
        self.tray_t = 0.0
        return max((e.delay + e.duration for e in self.tray.entries), default=0.0)

    def advance(self, t: float, seconds: float) -> None:
        """Move the tumble to progress `t` of `seconds` (driven by the animation queue, already speed-scaled)."""
        self.tray_t = self.tray.follow(t, seconds, self.tray_t)

    def glow_hits(self) -> None:
        """Every 4, 5 or 6 glows."""
        self.tray.set_glow([e.key for e in self.tray.entries if e.die.value >= 4])

    # ----- geometry -----
    def place(self) -> None:
        """Over the half of the board away from the target cell."""
        layout = self.board.layout
        board = layout.board
        cell = layout.cell
        h = int(board.h * 0.41)
        rect = pygame.Rect(board.left + cell // 5, 0, board.w - 2 * (cell // 5), h)
        target_rank = int(self.cells[1][1:]) - 1 if self.cells[1] else 0
        if target_rank >= layout.rows / 2:
            rect.bottom = board.bottom - cell // 5
        else:
            rect.top = board.top + cell // 5
        self.rect = rect
        pad = max(6, cell // 8)
        line = max(18, int(cell * 0.42))
        self.header = pygame.Rect(rect.left + pad, rect.top + pad, rect.w - 2 * pad, line)
        rows = 2
        tray_h = rect.h - line * (rows + 1) - pad * (rows + 3)
        self.tray.set_rect(
            pygame.Rect(rect.left + pad * 2, self.header.bottom + pad, rect.w - pad * 4, tray_h), max(0.5, cell / 80)
        )
        self.button_area = pygame.Rect(
            rect.left + pad, self.tray.rect.bottom + pad, rect.w - 2 * pad, line * rows + pad
        )
        self.line = line
        self.pad = pad

    # ----- buttons -----
    def layout_buttons(self) -> list[B.Button]:
        """The buttons of the decision pending for the human acting now (none for others)."""
        t = self.board.t
        picks = self.picks
        out: list[B.Button] = []
        state = picks.state
        battle = state.pending_battle() if state is not None else None
        live = self.board.accepting_input and battle is not None
        area, line, pad = self.button_area, self.line, self.pad
        first = pygame.Rect(area.left, area.top, area.w, line)
        second = pygame.Rect(area.left, area.top + line + pad, area.w, line)
        if picks.blitz is not None:
            stop = [B.Button("stop", t("checkrisk.blitz.stop"), primary=True)]
            B.row(stop, pygame.Rect(area.centerx - area.w // 6, first.top, area.w // 3, line), pad)
            return stop
        if not live or battle is None:
            return out
        words = picks.index.words
        if battle.stage == "attacker" and "continue" in words:
            out = [
                B.Button("continue", t("checkrisk.battle.continue"), primary=True),
                B.Button("withdraw", t("checkrisk.battle.withdraw")),
            ]
            B.row(out, first, pad)
            blitz = [
                B.Button("blitz_end", t("checkrisk.blitz.end")),
                B.Button("blitz_k", t("checkrisk.blitz.down_to", k=picks.blitz_k)),
                B.Button("k_minus", "−", enabled=picks.blitz_k > 1),
                B.Button("k_plus", "+", enabled=picks.blitz_k < 5),
                B.Button("blitz_x", t("checkrisk.blitz.odds", x=picks.blitz_x)),
                B.Button("x_minus", "−", enabled=picks.blitz_x > 10),
                B.Button("x_plus", "+", enabled=picks.blitz_x < 90),
            ]
            B.row(blitz, second, pad // 2, [2.2, 2.2, 0.55, 0.55, 2.4, 0.55, 0.55])
            out += blitz
        elif battle.stage == "defender" and picks.split is None:
            out = [
                B.Button("stand", t("checkrisk.battle.stand"), primary=True),
                B.Button("retreat", t("checkrisk.battle.retreat"), enabled=bool(picks.index.retreats)),
            ]
            B.row(out, first, pad)
        elif battle.stage == "defender":
            out = [
                B.Button(
                    "retreat_go",
                    t("checkrisk.battle.retreat_go"),
                    primary=True,
                    enabled=picks.retreat_action() is not None,
                ),
                B.Button("retreat_back", t("checkrisk.battle.back")),
            ]
            B.row(out, first, pad)
        elif battle.stage == "occupy":
            out = [B.Button("occupy", t("checkrisk.battle.occupy"), primary=True)]
            B.row(out, pygame.Rect(area.centerx - area.w // 4, first.top, area.w // 2, line), pad)
        return out

    def press(self, pos: tuple[int, int]) -> bool:
        """A click on the card: a button's decision; True when the card took the click."""
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        button = B.hit(self.layout_buttons(), pos)
        if button is not None:
            self.act(button.key)
        return True

    def act(self, key: str) -> None:
        """Do what the button `key` says."""
        from game.client.checkrisk.picks import Blitz
        from game.engine.checkrisk import WORDS

        picks = self.picks
        blitz = {
            "blitz_end": Blitz("end"),
            "blitz_k": Blitz("down_to", k=picks.blitz_k),
            "blitz_x": Blitz("odds", x=picks.blitz_x),
        }.get(key)
        if key in ("continue", "withdraw", "stand"):
            self.board.commit(WORDS[key])
        elif blitz is not None:
            picks.start_blitz(blitz)
        elif key in ("k_minus", "k_plus"):
            picks.blitz_k = max(1, min(5, picks.blitz_k + (1 if key == "k_plus" else -1)))
        elif key in ("x_minus", "x_plus"):
            picks.blitz_x = max(10, min(90, picks.blitz_x + (10 if key == "x_plus" else -10)))
        else:
            self._retreat_or_occupy(key)

    def _retreat_or_occupy(self, key: str) -> None:
        """Stop a blitz, start, drop or send the retreat split, or open the occupation picker."""
        picks = self.picks
        if key == "stop":
            picks.stop_blitz()
        elif key == "retreat":
            picks.start_retreat()
        elif key == "retreat_back":
            picks.split = None
        elif key == "retreat_go":
            action = picks.retreat_action()
            if action is not None:
                self.board.commit(action)
        elif key == "occupy":
            picks.open_occupy()

    # ----- drawing -----
    def draw(self, surface: pygame.Surface, cut: list[str]) -> None:
        """The card: header with both sides and the odds, the tray, the buttons."""
        if not self.visible:
            return
        model = self.board.model_as(CheckRiskModel)
        unit = max(10, self.board.layout.cell // 3)
        shadow = pygame.Surface(self.rect.inflate(20, 20).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (*art.SHADOW, 110), shadow.get_rect(), border_radius=16)
        surface.blit(shadow, self.rect.move(4, 8).inflate(20, 20).topleft)
        art.panel(surface, self.rect, unit / 18, shadow=False)
        self._header(surface, model, cut)
        self.tray.draw(surface)
        buttons = self.layout_buttons()
        B.draw(surface, buttons, self.hover, int(self.line * 0.5), cut)
        self._caption(surface, buttons, cut)

    def caption(self, buttons: list[B.Button]) -> str:
        """A line for the card's free button row: how dice hit while they roll, what the choices mean."""
        battle = self.picks.state.pending_battle() if self.picks.state is not None else None
        keys = {button.key for button in buttons}
        if "continue" in keys:
            return ""  # both rows hold buttons
        if "stand" in keys:
            return "checkrisk.battle.hint.defend"
        if "retreat_go" in keys:
            return "checkrisk.battle.hint.split"
        if "occupy" in keys:
            return "checkrisk.battle.hint.occupy"
        return "checkrisk.battle.hint.roll" if battle is not None or self.board.busy else ""

    def _caption(self, surface: pygame.Surface, buttons: list[B.Button], cut: list[str]) -> None:
        key = self.caption(buttons)
        if not key:
            return
        text = self.board.t(key)
        area = self.button_area
        row = pygame.Rect(area.left, area.top + self.line + self.pad, area.w, self.line) if buttons else area
        size = art.fitting_size(text, row.w - self.pad * 2, int(self.line * 0.5), cut)
        art.label(surface, text, size, art.MUTED, center=row.center)

    def _header(self, surface: pygame.Surface, model: CheckRiskModel, cut: list[str]) -> None:
        t = self.board.t
        h = self.header
        attacker, defender = self.sides
        a = model.attackers.count if model is not None and model.attackers is not None else 0
        d_stack = model.stacks.get(self.cells[1]) if model is not None else None
        d = d_stack.count if d_stack is not None and d_stack.owner == defender else 0
        icon = pygame.Rect(h.left, h.top, h.h, h.h)
        draw_emblem(surface, attacker, icon)
        names = self.board.seat_name
        text = t(
            "checkrisk.tray.header",
            attacker=names(attacker),
            a=a,
            origin=self.cells[0],
            defender=names(defender),
            d=d,
            target=self.cells[1],
        )
        size = int(h.h * 0.62)
        odds = ""
        if a and d:
            f = battle_forecast(a, d)
            odds = t("checkrisk.tray.odds", win=percent(f.win), hold=percent(f.hold))
        odds_w = art.font(size, bold=True).size(odds)[0] if odds else 0
        room = h.w - h.h * 2.4 - odds_w - h.h
        if art.font(max(6, int(size * 0.7)), bold=True).size(text)[0] > room:
            # Long names: the emblems at both ends say who fights, the words only where and how many.
            text = t("checkrisk.tray.short", a=a, origin=self.cells[0], d=d, target=self.cells[1])
        size_text = art.fitting_size(text, room, size, cut, bold=True)
        art.label(surface, text, size_text, art.PARCHMENT, midleft=(icon.right + h.h // 3, h.centery), bold=True)
        draw_emblem(surface, defender, pygame.Rect(h.right - h.h - odds_w - h.h // 3, h.top, h.h, h.h))
        if odds:
            art.label(surface, odds, size, seat_colour(attacker), midright=(h.right, h.centery), bold=True)
