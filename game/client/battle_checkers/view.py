"""Battle Checkers as a `ModeView` of the board layer: its model, event handlers, picks, the pip planner's marks
and ghost, attack odds, the facing ring, the threat view, the roll and fate cards, the panel slot and texts.
Everything generic (table, marks, chooser, panel, log, turn flow, undo, autosave) is the board layer's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, final

import pygame

from game.client import lettering, palette
from game.client.anim import Effect
from game.client.battle_checkers import legend, trace
from game.client.battle_checkers.animation import BattleCheckersAnimation
from game.client.battle_checkers.fate_card import FateCard
from game.client.battle_checkers.keys import DIRECTION, PLAN_DICE, PLAN_FACES, PRESET, SEAT, SIDE, SIDE_SHORT
from game.client.battle_checkers.model import BattleCheckersModel, UnitView
from game.client.battle_checkers.picks import BattleCheckersPicks
from game.client.battle_checkers.pieces import direction, draw_emblem, seat_colour, unit_image
from game.client.battle_checkers.roll_card import RollCard
from game.client.battle_checkers.slot import SLOT_ROOM, SLOT_UNITS, Slot
from game.client.battle_checkers.stats import GameStats
from game.client.battle_checkers.threat import threats
from game.client.battle_checkers.words import TurnWords, faced_attack, hint_sentence
from game.client.board.input import Hover, Intent, Key, Press
from game.client.board.layout import BoardLayout, cell_xy
from game.client.board.legend import LegendEntry
from game.client.board.log import LogTurn
from game.client.board.marks import Chip, TurnMark, TurnStep, text_badge
from game.client.board.mode_parts import (
    HintArrow,
    StatsCache,
    chipped_marks,
    draw_drag,
    hint_from,
    reason_words,
    status_line,
)
from game.client.board.mode_view import ModeView
from game.client.board.odds import badge_colour, card_rect, fraction_text, percent
from game.client.board.piece import blit_piece
from game.client.board.wording import counted, decisions
from game.engine.battle_checkers import (
    DIRECTIONS,
    END,
    FRONT,
    LEFT,
    REAR,
    RIGHT,
    USE_SUM,
    Activate,
    Activated,
    Attack,
    Attacked,
    AttackForecast,
    BattleCheckersAction,
    BattleCheckersState,
    Destroyed,
    Moved,
    TurnStarted,
    side_hit,
)
from game.engine.battle_checkers.actions import USE_TEXT
from game.engine.core import Forecast

if TYPE_CHECKING:
    from game.client.board.animator import Handlers
    from game.client.board.marks import Mark
    from game.client.board.services import BoardServices
    from game.client.play.session import GameSession
    from game.engine.core import Outcome

SIDE_COLOURS = {FRONT: palette.SIDE_FRONT, RIGHT: palette.SIDE_RIGHT, LEFT: palette.SIDE_LEFT, REAR: palette.SIDE_REAR}
COST_BADGE = palette.DARK_WELL


@final
class BattleCheckersView(ModeView[BattleCheckersState, BattleCheckersModel]):
    """The Battle Checkers part of a board scene."""

    slot_units = SLOT_UNITS

    def attach(self, board: BoardServices) -> None:
        """Keep the board and make the parts over it, each after those it may read: statistics, picks, the roll
        card, slot, animation (the rolls on the card, the spirit's grains flying to the slot), hint arrow, fate
        card; register the shards and grains effects."""
        super().attach(board)
        self.statistics = StatsCache(board, GameStats)
        self.picks = BattleCheckersPicks(board)
        self.card = RollCard(board)
        self.slot = Slot(self)
        self.animation = BattleCheckersAnimation(
            board.animator,
            lambda: board.model_as(BattleCheckersModel),
            self.card,
            board.t,
            self.seat_name,
            self.slot.spirit_anchor,
        )
        self.hint = HintArrow(board, self.hint_cells, self.value_rects)
        self.fate = FateCard(self)
        board.effects.register("shards", _shards)
        board.effects.register("grain", _grain_flight, over_panel=True)
        board.effects.register("grain_loss", _grain_loss, over_panel=True)
        self._threat_key: object = None
        self._threat: dict[int, Fraction] = {}
        self._last_key: object = None
        self._last: tuple[list[str], int] | None = None
        self.odds_shown: pygame.Rect | None = None  # where the odds card was last drawn (None: not shown)
        self.top_cut: list[str] = []  # the texts over the board (cards, the drag's words) that did not fit last frame
        self.card_lines: list[str] = []  # the lines of the card last drawn (odds or plan), as wrapped
        self.card_shown: pygame.Rect | None = None  # where the odds or plan card was last drawn (None: not shown)

    # ----- model and animation -----
    def enter(self) -> None:
        """No card, draft or threat marks left from a last game."""
        self.card.close()
        self.picks.new_game()
        self.picks.threat = False

    def stats(self) -> GameStats | None:
        """The seats' records (see `mode_parts.StatsCache`)."""
        return self.statistics.read()

    def event_handlers(self) -> Handlers:
        """Battle Checkers' event classes -> animation handlers."""
        return self.animation.handlers()

    def build_model(self, state: BattleCheckersState) -> BattleCheckersModel:
        """The units of `state` (any state: read-only)."""
        return BattleCheckersModel.from_state(state)

    # ----- picks -----
    def position_changed(self, state: BattleCheckersState, human_to_act: bool) -> None:
        """Index the position; a roll card left open by an undo closes."""
        if not self.board.busy:
            self.card.close()
        self.picks.rebuild(state, human_to_act)

    def pointer(self, intent: Intent) -> bool:
        """The fate card and the slot first, then the board."""
        if isinstance(intent, Hover):
            self.slot.hover = self._hover_key(intent.pos)
        if isinstance(intent, Press) and intent.pos is not None:
            if self.fate.press(intent.pos) or self.slot.press(intent.pos):
                return False
        return self.picks.pointer(intent)

    def _hover_key(self, pos: tuple[int, int]) -> str | None:
        from game.client.board import buttons as B

        self.fate.hover = None
        if self.fate.visible:
            button = B.hit(self.fate.layout(), pos)
            self.fate.hover = button.key if button is not None else None
        button = B.hit(self.slot.buttons() + self.slot.chips(), pos)
        return button.key if button is not None else None

    def key(self, intent: Intent) -> None:
        """V toggles the threat view; the rest are the picks' keys."""
        if isinstance(intent, Key) and intent.key == pygame.K_v:
            self.picks.threat = not self.picks.threat
            return
        self.picks.key(intent)

    def reset(self) -> None:
        """Drop the selection and hover."""
        self.picks.reset()

    def cancel(self) -> bool:
        """Esc drops a selection first."""
        return self.picks.drop_selection()

    # ----- drawing -----
    def layout_changed(self) -> None:
        """The roll card follows the board."""
        if self.card.visible:
            self.card.place()

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The deployment half, the threat view, the facing ring, the selection and units that can act (once there
        is a position; the last action's squares are the board's, from `last_cells`)."""
        p, marks, layout = self.picks, self.board.marks, self.board.layout
        state = p.state
        if state is None:
            return False
        drawn = False
        if interactive and state.phase == "deploy":
            half = (
                state.board.name(state.board.at(x, y))
                for y in state.board.half_ranks(state.player)
                for x in range(state.board.width)
            )
            marks.cell_tints(layer, layout, half, seat_colour(state.player))
            drawn = True
        if p.threat and state.phase != "deploy":
            self._threats(layer, state)
            drawn = True
        if interactive and self._facing_ring(layer, state):
            drawn = True
        if interactive and state.phase == "main":
            if p.selected:
                marks.ring(layer, layout, p.selected, seat_colour(state.player))
            else:
                marks.corner_ticks(layer, layout, p.actors())
            drawn = True
        return drawn

    def threat_odds(self, state: BattleCheckersState) -> dict[int, Fraction]:
        """Each unit of the side to act: the enemy's chance to strike its rear or right flank next turn (cached)."""
        key = (id(state), len(self.board.session.log) if self.board.session is not None else 0)
        if key != self._threat_key:
            self._threat_key = key
            self._threat = threats(state, state.player)
        return self._threat

    def _threats(self, layer: pygame.Surface, state: BattleCheckersState) -> None:
        """Under the pieces: each own unit's cell shaded by the threat (its badge goes over them)."""
        layout, marks = self.board.layout, self.board.marks
        for cell, p in self.threat_odds(state).items():
            name = state.board.name(cell)
            rect = layout.cell_rect(*cell_xy(name))
            shade = int(30 + 170 * float(p))
            pygame.draw.rect(layer, (*palette.THREAT, shade), rect)
            marks.drawn.append(_mark("threat", name, percent(p)))

    def _threat_badges(self, layer: pygame.Surface, state: BattleCheckersState) -> bool:
        """Over the pieces: the threat as a percentage in each shaded cell's lower left corner."""
        p = self.picks
        if not p.threat or state.phase == "deploy":
            return False
        layout = self.board.layout
        for cell, odds in self.threat_odds(state).items():
            rect = layout.cell_rect(*cell_xy(state.board.name(cell)))
            text_badge(
                layer,
                percent(odds),
                (rect.left + layout.cell * 0.27, rect.bottom - layout.cell * 0.14),
                max(10, layout.cell // 6),
                palette.WHITE,
                palette.THREAT_BADGE,
            )
        return True

    def turn_left(self, state: BattleCheckersState) -> str:
        """The pips still open (or an attack) while the side could still act ('' when only ending is left)."""
        if state.phase != "main" or state.dice is None:
            return ""
        if not any(a != END for a in state.legal_actions()):
            return ""
        pips = sum(die for die, spent in zip(state.dice, state.spent, strict=True) if not spent)
        if pips:
            return counted(self.board.t, "battle_checkers.left.pips", pips)
        return self.board.t("battle_checkers.left.attack")

    def legend(self) -> list[LegendEntry]:
        """The sides' letters and the other marks (see `battle_checkers.legend`)."""
        return legend.entries(self.board.t)

    # ----- the other side's last turn (see `battle_checkers.trace`) -----
    def turn_seat(self, state: BattleCheckersState) -> int:
        """The side whose turn it is (or who deploys)."""
        return state.player

    def turn_marks(self, steps: Sequence[TurnStep]) -> list[TurnMark]:
        """An activation's arrow and turns, an attack's arrow with its result."""
        return chipped_marks(steps, trace.action_marks, self.result_chip)

    def result_chip(self, action: Sequence[TurnStep]) -> Chip | None:
        """How an attack ended."""
        return trace.attack_chip(action, self.board.t, self.seat_colour)

    def last_cells(self) -> tuple[list[str], int] | None:
        """The cells of the newest decision's activation or attack (from its events) and the side that made it."""
        s = self.board.session
        if s is None or not s.log:
            return None
        key = (id(s), len(s.log))
        if key != self._last_key:
            self._last_key = key
            self._last = None
            actor = next((a for a in reversed(s.actors) if a >= 0), -1)
            cells: list[str] = []
            for event in self.board.last_entry_events():
                if isinstance(event, Activated):
                    cells = [event.cell]
                elif isinstance(event, Moved):
                    cells = [cells[0] if cells else event.from_cell, event.to_cell]
                elif isinstance(event, Attacked) and not cells:
                    cells = [event.attacker, event.defender]
            if cells and actor >= 0:
                self._last = (cells, actor)
        return self._last

    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: BattleCheckersModel, offset: tuple[float, float]
    ) -> None:
        """Every unit of `model`, far rows first."""
        for unit in sorted(model.units.values(), key=lambda u: -u.y):
            self.draw_unit(surface, layout, unit, offset)

    @staticmethod
    def draw_unit(
        surface: pygame.Surface,
        layout: BoardLayout,
        unit: UnitView,
        offset: tuple[float, float],
        alpha: float | None = None,
    ) -> None:
        """One unit at its (float) position and facing, lifted and faded as it is."""
        image = unit_image(unit.owner, unit.facing, layout.piece_size, unit.attack, unit.shield)
        blit_piece(surface, layout, image, unit, offset, 0.3, alpha)

    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The draft, the planner (end cells with costs, the ghost), attack targets with odds, the facing ring."""
        p, board = self.picks, self.board
        layout, marks, state = board.layout, board.marks, p.state
        if state is None:
            return False
        threat = self._threat_badges(layer, state)
        if not interactive:
            return self.hint.draw(layer) or threat
        if state.phase == "deploy":
            if p.hover and p.draft_free(p.hover):
                marks.dashed_cell(layer, layout, p.hover, True)
            for cell, facing in p.draft.items():
                x, y = cell_xy(cell)
                self.draw_unit(layer, layout, UnitView(state.player, float(x), float(y), float(facing)), (0, 0))
                marks.drawn.append(_mark("draft", cell, DIRECTIONS[facing]))
        elif state.phase == "main":
            self._planner(layer, state)
            for target, attacks in p.targets().items():
                shown = p.shown_attack(target)
                odds = state.forecast(shown).probability("success") if shown is not None else Fraction(0)
                marks.attack(layer, layout, target, target == p.hover, percent(odds), badge_colour(odds))
                for attack in attacks:
                    a = layout.cell_center(p.name(attack.cell))
                    b = layout.cell_center(target)
                    mid = ((a[0] * 2 + b[0]) / 3, (a[1] * 2 + b[1]) / 3)
                    pygame.draw.line(
                        layer,
                        palette.with_alpha(palette.ATTACK, 200),
                        mid,
                        ((a[0] + b[0] * 2) / 3, (a[1] + b[1] * 2) / 3),
                        3,
                    )
        if p.cursor is not None:
            marks.cursor(layer, layout, p.cursor)
        self.hint.draw(layer)
        return True

    def _planner(self, layer: pygame.Surface, state: BattleCheckersState) -> None:
        p, layout, marks = self.picks, self.board.layout, self.board.marks
        plans = p.plans()
        if not plans:
            return
        size = max(10, layout.cell // 5)
        ends = {cell: min(costs.values()) for cell, costs in plans.items() if cell != p.selected}
        # A unit that may only turn: each neighbour it can face is a target (a click turns it to face that cell).
        own = plans.get(p.selected or "", {})
        ends.update({cell: own[facing] for cell, facing in p.facing_targets().items()})
        for cell, cost in ends.items():
            marks.dot(layer, layout, cell, cell == p.hover)
            cx, cy = layout.cell_center(cell)
            text_badge(
                layer,
                str(cost),
                (cx + layout.cell * 0.28, cy - layout.cell * 0.28),
                size,
                palette.IVORY,
                COST_BADGE,
                palette.with_alpha(palette.MOVE_MARK, 220),
            )
            marks.drawn.append(_mark("cost", cell, str(cost)))
        end = p.end_of(p.hover) if p.hover is not None and (p.hover in ends or p.hover == p.selected) else None
        if end is None:
            return
        cell, facing = end
        # The path from the unit to the end cell first: the ghost is read over it.
        if cell != p.selected and p.selected:
            a, b = layout.cell_center(p.selected), layout.cell_center(cell)
            marks.ghost_arrow(layer, a, b, palette.with_alpha(palette.GHOST, 150), 3, 10, f"{p.selected}-{cell}")
        x, y = cell_xy(cell)
        ghost = UnitView(state.player, float(x), float(y), float(facing))
        self.draw_unit(layer, layout, ghost, (0, 0), alpha=0.72)
        marks.drawn.append(_mark("ghost", cell, DIRECTIONS[facing]))
        action = p.hovered_plan()
        if action is not None:
            spend = p.spend(action)
            marks.drawn.append(_mark("spend", cell, f"{USE_TEXT[spend.use]}:{spend.wasted}"))

    def _facing_ring(self, layer: pygame.Surface, state: BattleCheckersState) -> bool:
        """B9: around the hovered unit, which neighbouring cells see its front, flanks and rear (under the pieces,
        the side's initial in each cell's corner); True when drawn."""
        p, layout = self.picks, self.board.layout
        cell = p.hover
        model = self.board.model_as(BattleCheckersModel) if self.board.model is not None else None
        planned = cell in p.plans() or cell in p.facing_targets()
        if not cell or model is None or (p.selected and planned and cell != p.selected):
            return False
        facing: int | None = None
        if cell in model.units:
            facing = round(model.units[cell].facing) % 8
        elif state.phase == "deploy" and cell in p.draft:
            facing = p.draft[cell]
        if facing is None:
            return False
        board = state.board
        here = board.cell(cell)
        r = layout.cell * 0.5
        for n in board.neighbours[here]:
            side = side_hit(board, n, here, facing)
            name = board.name(n)
            cx, cy = layout.cell_center(name)
            colour = SIDE_COLOURS[side]
            rect = layout.cell_rect(*cell_xy(name)).inflate(-layout.cell // 6, -layout.cell // 6)
            pygame.draw.rect(layer, palette.with_alpha(colour, 60), rect, border_radius=6)
            pygame.draw.rect(layer, palette.with_alpha(colour, 220), rect, 2, border_radius=6)
            text_badge(
                layer,
                self.board.t(SIDE_SHORT(side)),
                (cx - r * 0.62, cy - r * 0.62),
                max(9, layout.cell // 6),
                palette.DARK_INK,
                colour,
            )
            self.board.marks.drawn.append(_mark("side", name, side))
        return True

    def hint_cells(self, session: GameSession, text: str) -> tuple[str, str] | None:
        """A hinted activation's unit and end cell (the same when it only turns), or an attack's unit and target."""
        state = self.board.state_as(BattleCheckersState)
        try:
            action = state.action_from_str(text)
        except ValueError:
            return None
        name = state.board.name
        if isinstance(action, Activate):
            return name(action.cell), name(action.to)
        if isinstance(action, Attack):
            return name(action.cell), name(action.target)
        return None

    def draw_top(self, surface: pygame.Surface) -> None:
        """The odds card by a hovered target, the roll card, the fate card, a dragged draft unit's arrow."""
        cut: list[str] = []
        p = self.picks
        self.odds_shown = self.card_shown = None
        if self.board.accepting_input and p.phase == "main" and p.hover in p.targets() and not p.facing_targets():
            self._odds_card(surface, p.hover, cut)
        elif self.board.accepting_input and p.phase == "main" and p.hover is not None:
            self._plan_card(surface, p.hover, cut)
        self.card.draw(surface, cut)
        self.fate.draw(surface, cut)
        draw_drag(self.board, surface, cut)
        self.top_cut = cut

    def odds_lines(self, target: str) -> list[str]:
        """The hovered attack in words: who hits which side, the exact chance of success and what winning and losing
        cost (read from the outcomes of `forecast`), and how the side hit fights back."""
        t = self.board.t
        p = self.picks
        attack = p.shown_attack(target)
        if attack is None:
            return []
        forecast = p.live.forecast(attack)
        detail = forecast.detail
        assert isinstance(detail, AttackForecast)  # an attack's forecast carries the side it hits
        side = detail.side
        if side == FRONT:
            how = t("battle_checkers.odds.front")
        elif side == RIGHT:
            how = (
                t("battle_checkers.odds.right_repel")
                if detail.repel is not None
                else t("battle_checkers.odds.right_spent")
            )
        elif side == LEFT:
            how = t("battle_checkers.odds.left_shield") if detail.shielded else t("battle_checkers.odds.left_spent")
        else:
            how = t("battle_checkers.odds.rear")
        return [
            t("battle_checkers.odds.title", a=p.name(attack.cell), d=target, side=t(SIDE(side))),
            self.stakes(forecast, p.name(attack.cell)),
            how,
            # B10: an attacker's weapon is spent until its side's next turn; a blow on that flank then always lands.
            t("battle_checkers.odds.spends", cell=p.name(attack.cell)),
        ]

    def stakes(self, forecast: Forecast, attacker: str) -> str:
        """What an attack from `attacker` wins and what losing it costs, with its exact chance: a head-on loss
        destroys the attacker (its `fail` outcome's events say so), a failed flank attack costs nothing."""
        success = forecast.probability("success")
        numbers = {"p": fraction_text(success), "pct": percent(success)}
        t = self.board.t
        if success == 1:
            return t("battle_checkers.stakes.certain", **numbers)
        if success == 0:
            return t("battle_checkers.stakes.none", **numbers)
        lost = [o for o in forecast.outcomes if o.label == "fail"]
        if any(isinstance(e, Destroyed) and e.cell == attacker for o in lost for e in o.events):
            return t("battle_checkers.stakes.duel", **numbers)
        return t("battle_checkers.stakes.repel", **numbers)

    def _odds_card(self, surface: pygame.Surface, target: str, cut: list[str]) -> None:
        texts = self.odds_lines(target)
        if not texts:
            return
        attack = self.picks.shown_attack(target)
        origin = self.picks.live.board.name(attack.cell) if attack is not None else None
        accent = seat_colour(self.picks.live.player)
        colours = [palette.PARCHMENT, accent] + [palette.PARCHMENT] * (len(texts) - 2)
        self.odds_shown = self._card(surface, target, texts, colours, origin, cut)

    def plan_lines(self, cell: str) -> list[str]:
        """The plan a click on `cell` plays, before the click: where the unit ends, which die or the sum it uses and
        how many pips it gives up (the engine's forecast), what stays for the other units, whether the turn then
        ends, and what the unit then faces (the engine's odds) and risks (the threat view's odds)."""
        p, t = self.picks, self.board.t
        action = p.plan_action(cell)
        if action is None or p.selected is None:
            return []
        spend = p.spend(action)
        to, facing = p.name(action.to), t(DIRECTION(DIRECTIONS[action.facing]))
        if to == p.selected:
            title = t("battle_checkers.plan.turn", cell=p.selected, dir=facing, cost=spend.cost)
        else:
            title = t("battle_checkers.plan.move", cell=p.selected, to=to, dir=facing, cost=spend.cost)
        which = "sum" if spend.use == USE_SUM else "die"
        how = "waste" if spend.wasted else "exact"
        lines = [title, t(PLAN_DICE(which, how), pips=spend.pips, n=spend.wasted)]
        if spend.kept:
            lines.append(t("battle_checkers.plan.kept", die=spend.kept[0]))
        if spend.wasted:
            lines.append(t("battle_checkers.plan.waste_tip" if to != p.selected else "battle_checkers.plan.waste_turn"))
        if p.ends_turn(action):
            lines.append(t("battle_checkers.plan.ends_turn"))
        after, seat = p.after(action), p.live.player
        faced = faced_attack(after, action.to, action.facing, seat)
        if faced is not None:
            target, odds = faced
            lines.append(t(PLAN_FACES(odds.side), target=target, p=percent(odds.success)))
        risk = threats(after, seat).get(action.to) if not self.board.other_side_waits else None
        if risk:
            lines.append(t("battle_checkers.plan.risk", p=percent(risk)))
        return lines

    def _plan_card(self, surface: pygame.Surface, cell: str, cut: list[str]) -> None:
        texts = self.plan_lines(cell)
        action = self.picks.plan_action(cell)
        if not texts or action is None:
            return
        warn = self.picks.spend(action).wasted > 0
        colours = [palette.PARCHMENT, palette.ERROR if warn else seat_colour(self.picks.live.player)]
        colours += [palette.PARCHMENT] * (len(texts) - 2)
        end = self.picks.name(action.to)
        self._card(surface, end, texts, colours, self.picks.selected if end != self.picks.selected else None, cut)

    def _card(
        self,
        surface: pygame.Surface,
        cell: str,
        texts: list[str],
        colours: list[tuple[int, int, int]],
        origin: str | None,
        cut: list[str],
    ) -> pygame.Rect:
        """A card of `texts` beside `cell` (the first line bold), each line in its colour, a line too long for the
        board's width wrapped onto the next; returns where."""
        layout = self.board.layout
        size = self.card_size()
        f, fb = lettering.font(size), lettering.font(int(size * 1.08), bold=True)
        room = layout.frame.w - size * 2
        lines, tints = texts[:1], colours[:1]
        for text, colour in zip(texts[1:], colours[1:], strict=True):
            parts = lettering.wrap(f, text, room - size * 2)
            lines, tints = lines + parts, tints + [colour] * len(parts)
        texts, colours = lines, tints
        self.card_lines = texts
        rect = card_rect(layout, cell, texts, size, room, origin=origin)
        pygame.draw.rect(surface, palette.SHADOW, rect.move(3, 5), border_radius=8)
        pygame.draw.rect(surface, palette.PANEL_LIGHT, rect, border_radius=8)
        pygame.draw.rect(surface, seat_colour(self.picks.live.player), rect, 2, border_radius=8)
        y = rect.top + size // 2
        for i, text in enumerate(texts):
            font = fb if i == 0 else f
            # Drawn at the size the card was measured for, so every line fits as measured.
            fit = lettering.fitting_size(
                text, rect.w - size * 2, int(size * 1.08) if i == 0 else size, cut, bold=i == 0
            )
            lettering.label(surface, text, fit, colours[i], topleft=(rect.left + size, y), bold=i == 0)
            y += font.get_linesize()
        self.card_shown = rect
        return rect

    def card_size(self) -> int:
        """The type size of the odds and plan cards: from the panel's unit, so a card reads the same on every board
        (a small board's big cells would give it type that covers half the board)."""
        return max(12, round(self.board.panel_layout.unit * 0.8))

    # ----- panel and texts -----
    def seat_name(self, seat: int) -> str:
        """The side's name from the new-game dialog, else its colour's name."""
        return self.board.typed_name(seat) or self.board.t(SEAT(seat % 2))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The side's accent."""
        return seat_colour(seat)

    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A unit of the side, facing up."""
        draw_emblem(surface, seat, rect)

    def preset_title(self, name: str) -> str:
        """A preset's name in the interface language."""
        key = PRESET(name)
        t = self.board.t
        return t(key) if t.has(key) else name.replace("_", " ").capitalize()

    def panel_slot(self) -> Slot:
        """The turn counter, the dice chips, the phase's buttons and both sides' spirit."""
        return self.slot

    def slot_room(self) -> float:
        """The slot's rows as they are drawn (the phase line, the chips, the buttons, both sides' spirit): the move
        list gets the rest."""
        return SLOT_ROOM

    def log_turns(self) -> list[LogTurn]:
        """One entry per turn: the roll after the side's name, each activation, attack and fate roll in words."""
        if self.board.session is None:
            return []
        words = TurnWords(self.board.t, self.seat_name, self.preset_title)
        return words.turns(decisions(self.board.get_timeline()))

    def hint_words(self, text: str) -> str:
        """The hinted action in words, with the attack it sets up and what the enemy can then do to it."""
        state, t = self.board.state_as(BattleCheckersState), self.board.t
        risks = not self.board.other_side_waits  # a lesson's idle other side strikes nothing next turn

        def words(action: BattleCheckersAction) -> str:
            sentence = hint_sentence(t, state, action, self.seat_name, self.preset_title, risks)
            return t("battle_checkers.hint", text=sentence)

        return hint_from(self.board, text, state.action_from_str, words)

    def status(self, hint: str, note: str) -> str:
        """The hint's words, else the last undo's note, else what this phase of the picks asks for."""
        return status_line(hint, note, self.picks.state, self.phase_status)

    def phase_status(self, state: BattleCheckersState) -> str:
        """What to do now: deploy, choose the fate, or plan the turn (the threat view says what it shows)."""
        t = self.board.t
        p = self.picks
        if state.phase == "deploy":
            return t("battle_checkers.status.deploy_done" if p.units_left() == 0 else "battle_checkers.status.deploy")
        if state.phase == "fate_choice":
            return t("battle_checkers.status.fate")
        if state.phase != "main":
            return ""
        if p.threat:
            return t("battle_checkers.status.threat")
        if p.selected and p.turn_only():
            return t("battle_checkers.status.turn_only", cell=p.selected)
        if p.selected and p.use is not None:
            # The same words wherever the pointer is (the card by the hovered cell says what a move spends), so the
            # panel is not drawn again as the planner follows the mouse.
            return t("battle_checkers.status.selected", cell=p.selected, pips=p.pips(p.use))
        if p.selected:
            return t("battle_checkers.status.selected_auto", cell=p.selected)
        return t("battle_checkers.status.act")

    def end_reason(self, outcome: Outcome) -> str:
        """B12 / B13 in words."""
        winner = self.seat_name(outcome.winner) if outcome.winner is not None else ""
        loser = self.seat_name(1 - outcome.winner) if outcome.winner is not None else ""
        return reason_words(self.board, outcome, winner=winner, loser=loser)

    def end_summary(self, state: BattleCheckersState) -> str:
        """Units lost, attacks won against their expectation, spirit from start to end, per side."""
        stats = self.stats()
        if stats is None:
            return ""
        t = self.board.t
        lines = []
        for seat, side in enumerate(stats.sides):
            name = self.seat_name(seat)
            if side.attacks:
                lines.append(
                    t(
                        "battle_checkers.summary.side",
                        name=name,
                        lost=side.lost,
                        kills=side.kills,
                        attacks=side.attacks,
                        expected=f"{float(side.expected):.1f}",
                    )
                )
            else:
                lines.append(t("battle_checkers.summary.no_attacks", name=name, lost=side.lost))
        for seat, side in enumerate(stats.sides):
            lines.append(
                t(
                    "battle_checkers.summary.spirit",
                    name=self.seat_name(seat),
                    start=side.spirit[0],
                    end=state.spirit[seat],
                    peak=max(side.spirit + [state.spirit[seat]]),
                )
            )
        return "\n".join(lines)

    def turn_opened(self, event: object) -> int | None:
        """The side whose turn `event` opens (its 2d6 roll follows: shown after the hand-over card), else None."""
        return event.player if isinstance(event, TurnStarted) else None

    def handover(self, seat: int) -> str | None:
        """Who acts and what is asked: deploying, the fate roll, or a turn."""
        t = self.board.t
        state = self.board.state_as(BattleCheckersState)
        name = self.seat_name(seat)
        if state.phase == "deploy":
            return t("battle_checkers.handover.deploy", name=name)
        if state.phase == "fate_choice":
            return t("battle_checkers.handover.fate", name=name)
        return t("battle_checkers.handover.turn", name=name)


def _mark(kind: str, cell: str, text: str = "") -> Mark:
    from game.client.board.marks import Mark

    return Mark(kind, cell, text)


# ----- effects -----
def _shards(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    """A destroyed unit breaking into its three faces, flying apart, spinning and fading."""
    t = e.t
    cx, cy = layout.center(e.params["x"], e.params["y"])
    cell = layout.cell
    colour = seat_colour(e.params["owner"])
    fx, fy = direction(e.params["facing"])
    rx, ry = -fy, fx
    corners = [
        (fx * 0.42, fy * 0.42),
        (-fx * 0.3 + rx * 0.34, -fy * 0.3 + ry * 0.34),
        (-fx * 0.3 - rx * 0.34, -fy * 0.3 - ry * 0.34),
    ]
    for i in range(3):
        p, q = corners[i], corners[(i + 1) % 3]
        mx, my = (p[0] + q[0]) / 3, (p[1] + q[1]) / 3
        push = 0.9 * t
        spin = (i - 1) * 2.4 * t
        ox, oy = cx + mx * cell * (1 + push * 2), cy + my * cell * (1 + push * 2) + cell * 0.6 * t * t
        points = []
        for vx, vy in (p, q, (0.0, 0.0)):
            dx, dy = (vx - mx) * cell, (vy - my) * cell
            cos, sin = math.cos(spin), math.sin(spin)
            points.append((ox + dx * cos - dy * sin, oy + dx * sin + dy * cos))
        shade = palette.mix(palette.shade(colour, 0.7 + 0.25 * i), palette.PANEL, t)
        centre = (sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3)
        points = [
            (centre[0] + (x - centre[0]) * (1 - t * 0.6), centre[1] + (y - centre[1]) * (1 - t * 0.6))
            for x, y in points
        ]
        pygame.draw.polygon(surface, shade, points)
        pygame.draw.polygon(surface, palette.PIECE_INK, points, 2)


def _grain_flight(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    """Spirit grains flying from a fallen unit to the winner's counter in the panel."""
    ax, ay = layout.center(*e.params["a"])
    bx, by = e.params["b"]
    colour = e.params["colour"]
    n = e.params["n"]
    for i in range(n):
        u = min(1.0, max(0.0, e.t * 1.3 - i * 0.15))
        if not 0 < u < 1:
            continue
        r = max(4, layout.cell // 7)
        for lag, size in ((0.12, 0.45), (0.06, 0.7), (0.0, 1.0)):  # a short fading trail behind the grain
            v = max(0.0, u - lag)
            k = 1 - (1 - v) ** 2
            px = ax + (bx - ax) * k
            py = ay + (by - ay) * k - math.sin(math.pi * v) * layout.cell * 1.2
            colour_now = colour if size == 1.0 else palette.mix(colour, palette.GRAIN_LIGHT, 0.5)
            pygame.draw.circle(surface, colour_now, (px, py), r * size)
        pygame.draw.circle(surface, palette.GRAIN_LIGHT, (px - r * 0.3, py - r * 0.3), max(1, r // 3))


def _grain_loss(surface: pygame.Surface, layout: BoardLayout, e: Effect) -> None:
    """Grains leaving a counter: rising and fading."""
    bx, by = e.params["b"]
    colour = e.params["colour"]
    r = max(3, layout.cell // 10)
    for i in range(e.params["n"]):
        u = min(1.0, max(0.0, e.t * 1.2 - i * 0.08))
        if 0 < u < 1:
            px = bx - i * r * 2.4
            py = by - u * layout.cell * 1.2
            fade = palette.mix(colour, palette.GRAIN_DARK, u)
            pygame.draw.circle(surface, fade, (px, py), r * (1 - u * 0.5))
