"""The battle card over the half of the board away from the fight: a header naming both sides with their tokens
and the odds (or how the battle ended), a dice tray with each side's dice in its player's colour (hits raised
and outlined, misses dimmed) beside the side's name and its hit count, the battle's rounds so far, the last
round's result in large type by name, and the decision buttons of the human who decides (Continue / Withdraw
and blitz, Stand / Retreat, the retreat split, Move in, Stop blitz).

What it shows is a `BattleRecord` (see `battles`): the animation hands it each step's record as the events play,
and a settled board hands it the record read from the log, so an undo or a resumed game shows it as it was."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, shapes
from game.client.board import buttons as B
from game.client.board.layout import BoardLayout, cell_xy
from game.client.board.odds import percent
from game.client.checkrisk.battles import BattleEnd, BattleRecord, RoundRecord
from game.client.checkrisk.chip import loss_text
from game.client.checkrisk.pieces import draw_emblem, seat_colour
from game.client.dice import DiceTray, TrayDie
from game.client.dice.tray import FRAME_PX
from game.engine.checkrisk import battle_forecast
from game.engine.checkrisk.faces import HIT_MIN

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.checkrisk.picks import CheckRiskPicks

HISTORY_LINES = 4  # the rounds listed beside the tray (the newest ones)
ARROW = "→"  # drawn as a shape: the interface font has no arrow glyph


@dataclass(frozen=True)
class Segment:
    """A piece of a line drawn in its own colour (a name in its player's colour, a loss in red)."""

    text: str
    colour: tuple[int, int, int]


class BattleCard:
    """The card of the battle shown (`record`), its tray and its buttons; `visible` while a battle is shown."""

    def __init__(self, board: BoardServices, picks: CheckRiskPicks) -> None:
        self.board = board
        self.picks = picks
        self.tray = DiceTray(pygame.Rect(0, 0, 10, 10), speed=lambda: board.settings.anim_speed)
        self.visible = False
        self.names_shown: list[str] = []  # the two sides' names as last drawn (a long one ends in an ellipsis)
        self.record: BattleRecord | None = None
        self.shown_round = 0  # the round whose dice lie in the tray (0: none yet)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.result_row = pygame.Rect(0, 0, 0, 0)
        self.names = pygame.Rect(0, 0, 0, 0)
        self.counts = pygame.Rect(0, 0, 0, 0)
        self.history = pygame.Rect(0, 0, 0, 0)
        self.button_area = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[B.Button] = []
        self.hover: str | None = None
        self.tray_t = 0.0
        self.line = 18
        self.pad = 6
        self.unit = 75.0

    # ----- the battle shown -----
    @property
    def sides(self) -> tuple[int, int]:
        """(attacker seat, defender seat) of the battle shown."""
        record = self.record
        return (record.attacker, record.defender) if record is not None else (0, 1)

    @property
    def cells(self) -> tuple[str, str]:
        """(origin, target) of the battle shown."""
        record = self.record
        return (record.origin, record.target) if record is not None else ("", "")

    def open(self, record: BattleRecord) -> None:
        """Show the card for a battle just declared (the tray empty until the first round)."""
        self.visible = True
        self.record = record
        self.shown_round = 0
        self.tray.clear()
        self.place()

    def sync(self, record: BattleRecord) -> None:
        """Show `record` at rest, as it stands: its last round's dice lie in the tray, hits marked (a settled
        board, an undo, a resumed game)."""
        reopened = not self.visible or self.cells != (record.origin, record.target)
        self.visible = True
        self.record = record
        if reopened:
            self.place()
        last = record.rounds[-1] if record.rounds else None
        if last is None:
            self.shown_round = 0
            self.tray.clear()
        elif last.number != self.shown_round or not self.tray.entries:
            self.tray.show(self._groups(record, last))
            self.shown_round = last.number
            self.mark_hits()

    def show(self, record: BattleRecord) -> None:
        """The record after an event played (a round's losses, the battle's end): the header and the result follow."""
        self.record = record

    def close(self) -> None:
        """Hide the card."""
        self.visible = False
        self.tray.clear()
        self.shown_round = 0

    def _groups(self, record: BattleRecord, round_: RoundRecord) -> list[list[TrayDie]]:
        """Each side's dice of `round_` in its player's colour."""
        a, d = seat_colour(record.attacker), seat_colour(max(0, record.defender))
        return [
            [TrayDie("pips", v, tint=a) for v in round_.attacker_dice],
            [TrayDie("pips", v, tint=d) for v in round_.defender_dice],
        ]

    def roll(self, attacker_dice: tuple[int, ...], defender_dice: tuple[int, ...]) -> float:
        """Throw a round's dice (the faces the engine reported); returns how long they tumble."""
        record = self.record
        a, d = self.sides
        groups = [
            [TrayDie("pips", v, tint=seat_colour(a)) for v in attacker_dice],
            [TrayDie("pips", v, tint=seat_colour(max(0, d))) for v in defender_dice],
        ]
        self.tray.roll(groups)
        self.shown_round = (len(record.rounds) + 1) if record is not None else 1
        self.tray_t = 0.0
        return max((e.delay + e.duration for e in self.tray.entries), default=0.0)

    def advance(self, t: float, seconds: float) -> None:
        """Move the tumble to progress `t` of `seconds` (driven by the animation queue, already speed-scaled)."""
        self.tray_t = self.tray.follow(t, seconds, self.tray_t)

    def mark_hits(self) -> None:
        """Every hit stands raised and outlined; the misses are dimmed."""
        self.tray.set_hits([e.key for e in self.tray.entries if e.die.value >= HIT_MIN])

    def hit_counts(self) -> tuple[int, int] | None:
        """(attacker's hits, defender's hits) of the dice lying in the tray, None while none lie still."""
        entries = self.tray.entries
        if not entries or self.tray.busy:
            return None
        hits = [0, 0]
        for entry in entries:
            if entry.die.value >= HIT_MIN and entry.group < 2:
                hits[entry.group] += 1
        return hits[0], hits[1]

    # ----- what it says -----
    def shown_result(self) -> RoundRecord | None:
        """The round whose result the card states (the one whose dice lie settled in the tray)."""
        record = self.record
        if record is None or not record.rounds or self.tray.busy:
            return None
        for round_ in record.rounds:
            if round_.number == self.shown_round:
                return round_
        return None

    def result_segments(self) -> list[Segment]:
        """The round's result by name: 'Round 2 · Player 1 −2 (5→3) · Player 2 −3 (4→1)', in pieces to colour."""
        record, round_ = self.record, self.shown_result()
        if record is None or round_ is None:
            return []
        t, name = self.board.t, self.board.seat_name
        out = [Segment(t("checkrisk.card.round", n=round_.number) + " · ", palette.PARCHMENT)]
        if self.over_at(round_):
            # The last round of a finished battle: the line leads with who took (or held) the cell.
            winner = record.winner
            out = [
                Segment(self.outcome_text() + " · ", seat_colour(winner) if winner is not None else palette.PARCHMENT)
            ]
        sides = (
            (record.attacker, round_.attacker_lost, round_.attackers_before, round_.attackers_after),
            (record.defender, round_.defender_lost, round_.defenders_before, round_.defenders_after),
        )
        for i, (seat, lost, before, after) in enumerate(sides):
            if i:
                out.append(Segment(" · ", palette.PARCHMENT))
            out.append(Segment(name(seat) + " ", seat_colour(seat)))
            ink = palette.LOSS if lost else palette.PARCHMENT
            out.append(Segment(t("checkrisk.card.loss", lost=lost) + f" ({before}", ink))
            out.append(Segment(ARROW, ink))
            out.append(Segment(f"{after})", ink))
        return out

    def result_text(self) -> str:
        """The round's result as one line ('' before the first round's dice settle)."""
        return "".join(s.text for s in self.result_segments())

    def over_at(self, round_: RoundRecord) -> bool:
        """True when `round_` is the last of a battle that has ended (its result line names the end)."""
        record = self.record
        return record is not None and record.end is not None and round_.number == len(record.rounds)

    def outcome_text(self) -> str:
        """How the battle ended, by name ('Player 2 retreated to c7'); '' while it goes on."""
        record = self.record
        if record is None or record.end is None:
            return ""
        t, name = self.board.t, self.board.seat_name
        end = record.end
        if end is BattleEnd.TAKEN:
            return t("checkrisk.card.taken", name=name(record.attacker), cell=record.target)
        if end is BattleEnd.HELD:
            return t("checkrisk.card.held", name=name(record.defender), cell=record.target)
        if end is BattleEnd.WITHDREW:
            return t("checkrisk.card.withdrew", name=name(record.attacker), cell=record.origin)
        if end is BattleEnd.RETREATED:
            return t("checkrisk.card.retreated", name=name(record.defender), cells=self.retreat_cells(record))
        return t("checkrisk.card.both_gone")

    def retreat_cells(self, record: BattleRecord) -> str:
        """Where a retreat went: 'c7', or 'c7 (2), e7 (1)' when the stack split."""
        moves = record.retreat
        if len(moves) == 1:
            return moves[0][0]
        return ", ".join(f"{cell} ({n})" for cell, n in moves)

    def header_text(self) -> str:
        """Both sides with the tokens each has in the fight and the cells: the card's first line (once the battle
        is over, the tokens each side started it with)."""
        record = self.record
        if record is None:
            return ""
        names = self.board.seat_name
        a, d = self.header_counts(record)
        return self.board.t(
            "checkrisk.tray.header",
            attacker=names(record.attacker),
            a=a,
            origin=record.origin,
            defender=names(record.defender) if record.defender >= 0 else "—",
            d=d,
            target=record.target,
        )

    @staticmethod
    def header_counts(record: BattleRecord) -> tuple[int, int]:
        """The sides' tokens the header names: those still fighting, or those the battle started with once over."""
        if record.end is not None:
            return record.attackers, record.defenders
        return record.attackers_left, record.defenders_left

    def history_lines(self) -> list[tuple[int, int, int]]:
        """(round, attacker's loss, defender's loss) of the newest rounds whose results were shown."""
        record = self.record
        if record is None:
            return []
        # The round still rolling, or whose losses are not yet shown, joins the list with its result.
        limit = self.shown_round if self.shown_result() is not None else self.shown_round - 1
        rounds = [r for r in record.rounds if r.number <= limit]
        return [(r.number, r.attacker_lost, r.defender_lost) for r in rounds[-HISTORY_LINES:]]

    # ----- geometry -----
    def place(self) -> None:
        """Over the board, at its top or bottom edge, clear of the two cells that fight (over the frame when the
        board has no room), sized from the board so the dice read at any window size."""
        layout = self.board.layout
        board = layout.board
        unit = min(board.w, board.h) / 8  # a cell of an 8×8 board: the card keeps its size on larger boards
        self.unit = unit
        pad = max(4, round(unit * 0.08))
        head = max(16, round(unit * 0.4))
        row = max(20, round(unit * 0.58))
        frame = max(4, round(unit * 0.08))
        result = max(18, round(unit * 0.44))
        line = max(16, round(unit * 0.36))
        h = pad + head + pad + frame + 2 * row + frame + pad + result + pad + line + pad // 2 + line + pad
        inset = max(4, round(unit * 0.12))
        rect = pygame.Rect(board.left + inset, 0, board.w - 2 * inset, h)
        rect.top = self._top(h, inset)
        self.rect = rect
        self.pad, self.line = pad, line
        self.header = pygame.Rect(rect.left + pad * 2, rect.top + pad, rect.w - pad * 4, head)
        top = self.header.bottom + pad + frame
        names_w = round(unit * 1.55)
        counts_w = round(unit * 0.9)
        history_w = round(unit * 1.1)
        self.names = pygame.Rect(rect.left + pad * 2, top, names_w, 2 * row)
        self.history = pygame.Rect(rect.right - pad * 2 - history_w, top - frame, history_w, 2 * row + 2 * frame)
        self.counts = pygame.Rect(self.history.left - pad - counts_w, top, counts_w, 2 * row)
        tray = pygame.Rect(self.names.right + pad + frame, top, 0, 2 * row)
        tray.w = self.counts.left - pad - frame - tray.left
        self.tray.set_rect(tray, frame / FRAME_PX)
        self.result_row = pygame.Rect(rect.left + pad * 2, tray.bottom + frame + pad, rect.w - pad * 4, result)
        self.button_area = pygame.Rect(rect.left + pad * 2, self.result_row.bottom + pad, rect.w - pad * 4, line * 2)

    def _top(self, h: int, inset: int) -> int:
        """The card's top: at the board's top or bottom edge, whichever covers the fighting cells least (the
        target first), moved out over the frame as far as needed."""
        layout = self.board.layout
        board, frame = layout.board, layout.frame
        origin, target = self.cells
        spans = [_cell_span(layout, cell) for cell in (target, origin) if cell]
        if not spans:
            return board.top + inset
        high = min(top for top, _ in spans)
        low = max(bottom for _, bottom in spans)
        gap = max(2, inset // 2)
        top_at_top = max(frame.top + 2, min(board.top + inset, high - gap - h))
        top_at_bottom = min(frame.bottom - 2 - h, max(board.bottom - inset - h, low + gap))

        def covered(top: int) -> tuple[int, int]:
            def overlap(span: tuple[int, int]) -> int:
                return max(0, min(top + h, span[1]) - max(top, span[0]))

            return overlap(spans[0]), sum(overlap(s) for s in spans)

        # Ties go to the half away from the target, as the card always did.
        away_from_target = top_at_bottom if spans[0][0] < board.centery else top_at_top
        other = top_at_top if away_from_target == top_at_bottom else top_at_bottom
        return other if covered(other) < covered(away_from_target) else away_from_target

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
        second = pygame.Rect(area.left, area.top + line + pad // 2, area.w, line)
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
        """The card: header, the tray between the sides' names and hit counts, the rounds, the result, buttons."""
        if not self.visible:
            return
        unit = max(10, int(self.unit / 3))
        shadow = pygame.Surface(self.rect.inflate(20, 20).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (*palette.SHADOW, 110), shadow.get_rect(), border_radius=16)
        surface.blit(shadow, self.rect.move(4, 8).inflate(20, 20).topleft)
        shapes.panel(surface, self.rect, unit / 18, shadow=False)
        self._header(surface, cut)
        self.tray.draw(surface)
        self._sides(surface, cut)
        self._history(surface, cut)
        self._result(surface, cut)
        buttons = self.layout_buttons()
        B.draw(surface, buttons, self.hover, int(self.line * 0.5), cut)
        self._caption(surface, buttons, cut)

    def caption(self, buttons: list[B.Button]) -> str:
        """A line for the card's free button row: what the choices mean, how dice hit while they roll."""
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
        row = pygame.Rect(area.left, area.top + self.line + self.pad // 2, area.w, self.line) if buttons else area
        size = lettering.fitting_size(text, row.w - self.pad * 2, int(self.line * 0.52), cut)
        lettering.label(surface, text, size, palette.MUTED, center=row.center)

    def _header(self, surface: pygame.Surface, cut: list[str]) -> None:
        """Both emblems and sides with their tokens; at the right the odds, or how the battle ended."""
        record = self.record
        if record is None:
            return
        h = self.header
        size = max(12, int(h.h * 0.58))
        right, colour = self._header_right(record)
        right_size = size if right == self.outcome_text() else max(11, int(size * 0.9))
        right_w = min(lettering.font(right_size, bold=True).size(right)[0], int(h.w * 0.5)) if right else 0
        icon = pygame.Rect(h.left, h.top, h.h, h.h)
        draw_emblem(surface, record.attacker, icon)
        room = h.w - h.h * 2.4 - right_w - h.h
        text = self._header_words(record, room, size)
        size_text = lettering.fitting_size(text, room, size, cut, bold=True)
        lettering.label(
            surface, text, size_text, palette.PARCHMENT, midleft=(icon.right + h.h // 3, h.centery), bold=True
        )
        if record.defender >= 0:
            draw_emblem(surface, record.defender, pygame.Rect(h.right - h.h - right_w - h.h // 3, h.top, h.h, h.h))
        if right:
            fit = lettering.fitting_size(right, right_w, right_size, cut, bold=True)
            lettering.label(surface, right, fit, colour, midright=(h.right, h.centery), bold=True)

    def _header_right(self, record: BattleRecord) -> tuple[str, tuple[int, int, int]]:
        """The header's right end: how the battle ended (in the winner's colour), else the odds of the stacks
        still fighting (in the attacker's)."""
        outcome = self.outcome_text()
        if outcome:
            if self.shown_result() is not None:
                return "", palette.PARCHMENT  # the result line names the end, in large type
            return outcome, seat_colour(record.winner) if record.winner is not None else palette.PARCHMENT
        a, d = record.attackers_left, record.defenders_left
        if a and d:
            f = battle_forecast(a, d)
            odds = self.board.t("checkrisk.tray.odds", win=percent(f.win), hold=percent(f.hold))
            return odds, seat_colour(record.attacker)
        return "", palette.PARCHMENT

    def _header_words(self, record: BattleRecord, room: float, size: int) -> str:
        """The sides in words as fit in `room`: names, tokens and cells; names and tokens; cells and tokens (the
        emblems at both ends say who fights)."""
        t, names = self.board.t, self.board.seat_name
        a, d = self.header_counts(record)
        defender = names(record.defender) if record.defender >= 0 else "—"
        short = t("checkrisk.tray.short", a=a, origin=record.origin, d=d, target=record.target)
        sides = t("checkrisk.tray.sides", attacker=names(record.attacker), a=a, defender=defender, d=d)
        small = lettering.font(max(6, int(size * 0.85)), bold=True)
        for text in (self.header_text(), sides):
            if small.size(text)[0] <= room:
                return text
        return short

    def _sides(self, surface: pygame.Surface, cut: list[str]) -> None:
        """Each row's side: emblem and name at the left, its hits at the right (once the dice lie still)."""
        record = self.record
        if record is None:
            return
        t = self.board.t
        names, counts = self.names, self.counts
        icon = max(12, round(self.unit * 0.3))
        name_size = max(12, round(self.unit * 0.21))
        role_size = max(10, round(self.unit * 0.16))
        hits = self.hit_counts()
        for group, (seat, role) in enumerate(
            ((record.attacker, "checkrisk.card.attacks"), (record.defender, "checkrisk.card.defends"))
        ):
            y = self.tray.row_y(group) if self.tray.entries else names.top + names.h * (group * 2 + 1) / 4
            if seat >= 0:
                draw_emblem(surface, seat, pygame.Rect(names.left, round(y - icon / 2), icon, icon))
            left = names.left + icon + max(3, icon // 4)
            name, size = lettering.fitted_name(
                self.board.seat_name(seat) if seat >= 0 else "—", names.right - left, name_size, bold=True
            )
            self.names_shown[group:] = [name]
            colour = seat_colour(seat) if seat >= 0 else palette.PARCHMENT
            lettering.label(surface, name, size, colour, midleft=(left, y - role_size * 0.45), bold=True)
            words = t(role)
            size = lettering.fitting_size(words, names.right - left, role_size, cut)
            lettering.label(surface, words, size, palette.MUTED, midleft=(left, y + name_size * 0.6))
            if hits is not None:
                n = hits[group]
                big = max(14, round(self.unit * 0.34))
                lettering.label(
                    surface,
                    str(n),
                    big,
                    palette.WARM_LIGHT if n else palette.MUTED,
                    center=(counts.centerx, y - role_size * 0.4),
                    bold=True,
                )
                word = t("checkrisk.card.hits")
                size = lettering.fitting_size(word, counts.w, role_size, cut)
                lettering.label(surface, word, size, palette.MUTED, center=(counts.centerx, y + big * 0.62))

    def _history(self, surface: pygame.Surface, cut: list[str]) -> None:
        """The rounds so far, newest last: each side's losses in its colour."""
        record = self.record
        lines = self.history_lines()
        if record is None or not lines:
            return
        box = self.history
        pygame.draw.rect(surface, palette.DARK_WELL, box, border_radius=max(4, self.pad))
        t = self.board.t
        small = max(10, round(self.unit * 0.16))
        size = max(11, round(self.unit * 0.19))
        title = t("checkrisk.card.rounds")
        fit = lettering.fitting_size(title, box.w - self.pad * 2, small, cut)
        lettering.label(surface, title, fit, palette.MUTED, midleft=(box.left + self.pad, box.top + small))
        step = (box.h - small * 2) / HISTORY_LINES
        newest = lines[-1][0]
        for i, (number, a_lost, d_lost) in enumerate(lines):
            y = box.top + small * 2 + step * (i + 0.5)
            ink = palette.PARCHMENT if number == newest else palette.MUTED
            x = box.left + self.pad
            x = (
                lettering.label(surface, f"{number}.", size, ink, midleft=(x, y), bold=number == newest).right
                + self.pad
            )
            x = lettering.label(
                surface, loss_text(a_lost), size, seat_colour(record.attacker), midleft=(x, y), bold=True
            ).right
            x = lettering.label(surface, " · ", size, ink, midleft=(x, y)).right
            lettering.label(
                surface, loss_text(d_lost), size, seat_colour(max(0, record.defender)), midleft=(x, y), bold=True
            )

    def _result(self, surface: pygame.Surface, cut: list[str]) -> None:
        """The shown round's result in large type, names in their colours and losses in red."""
        segments = self.result_segments()
        row = self.result_row
        if not segments:
            return
        text = "".join(s.text for s in segments)
        size = max(12, round(row.h * 0.72))
        f = lettering.font(size, bold=True)
        while size > 8 and _width(segments, f) > row.w:
            size -= 1
            f = lettering.font(size, bold=True)
        if _width(segments, f) > row.w:
            cut.append(text)
        x = row.centerx - _width(segments, f) / 2
        for segment in segments:
            if segment.text == ARROW:
                _arrow(surface, (x, row.centery), _arrow_w(f), size, segment.colour)
                x += _arrow_w(f)
            else:
                x = lettering.label(
                    surface, segment.text, size, segment.colour, midleft=(x, row.centery), bold=True
                ).right


def _arrow_w(f: pygame.font.Font) -> int:
    """The width of a drawn arrow in text of font `f` (about a digit and a half)."""
    return round(f.size("0")[0] * 1.4)


def _width(segments: list[Segment], f: pygame.font.Font) -> int:
    """How wide `segments` are in font `f`, arrows included."""
    return sum(_arrow_w(f) if s.text == ARROW else f.size(s.text)[0] for s in segments)


def _arrow(surface: pygame.Surface, left: tuple[float, float], w: int, size: int, colour: tuple[int, int, int]) -> None:
    """A short arrow pointing right, in a line of text of pixel `size` starting at `left` (its middle)."""
    x, y = left
    x0, x1 = x + w * 0.12, x + w * 0.88
    head = max(3.0, size * 0.22)
    width = max(2, round(size / 9))
    pygame.draw.line(surface, colour, (x0, y), (x1 - head * 0.6, y), width)
    pygame.draw.polygon(surface, colour, [(x1, y), (x1 - head, y - head * 0.8), (x1 - head, y + head * 0.8)])


def _cell_span(layout: BoardLayout, cell: str) -> tuple[int, int]:
    """(top, bottom) pixels of a cell's row."""
    rect = layout.cell_rect(*cell_xy(cell))
    return rect.top, rect.bottom
