"""Kubtafl as a `ModeView` of the board layer: its model, event handlers, picks, preview, dice, removed rows,
texts. Everything generic (table, marks, chooser, panel, log, turn flow) is the board layer's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, final

import pygame

from game.client import palette, shapes
from game.client.board.animator import Handlers
from game.client.board.input import Intent
from game.client.board.layout import BoardLayout, cell_name
from game.client.board.legend import LegendEntry
from game.client.board.log import LogTurn
from game.client.board.marks import TurnMark, TurnStep
from game.client.board.mode_parts import hint_from, reason_words
from game.client.board.mode_view import ModeView
from game.client.board.wording import counted, decisions
from game.client.dice import polyhedra
from game.client.kubtafl import legend, trace
from game.client.kubtafl.actions import ActionParts, notation_parts
from game.client.kubtafl.animation import KubtaflAnimation
from game.client.kubtafl.keys import DRAWS, SIDE, SIDE_GEN
from game.client.kubtafl.model import SIDES, BoardModel
from game.client.kubtafl.overlays import KubtaflOverlays, dice_cells, draw_pin
from game.client.kubtafl.picks import KubtaflPicks
from game.client.kubtafl.pieces import DicePainter
from game.client.kubtafl.pools import SLOT_UNITS, PoolsInfo, RemovedPools, RemovedSlot
from game.client.kubtafl.preview import Preview, build_preview
from game.client.kubtafl.threats import Reach
from game.client.kubtafl.words import hint_sentence, log_turns
from game.engine.kubtafl import KubtaflState
from game.online.protocol import RESIGNATION

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.engine.core import Outcome

ACCENT = {"light": palette.ORANGE, "dark": palette.SKY}


@final
class KubtaflView(ModeView[KubtaflState, BoardModel]):
    """The Kubtafl part of a board scene."""

    slot_units = SLOT_UNITS

    def attach(self, board: BoardServices) -> None:
        """Keep the board; its services build the parts."""
        super().attach(board)
        self.picks = KubtaflPicks(board)
        self.overlays = KubtaflOverlays(board.marks)
        self.painter = DicePainter()
        self.animation = KubtaflAnimation(board.animator, lambda: board.model_as(BoardModel))
        self.slot = RemovedSlot(self.pools_info)
        board.effects.register("pin", draw_pin)

    # ----- model and animation -----
    def build_model(self, state: KubtaflState) -> BoardModel:
        """The dice of `state` (any state: read-only)."""
        return BoardModel.from_state(state)

    def event_handlers(self) -> Handlers:
        """Kubtafl's event classes -> animation handlers."""
        return self.animation.handlers()

    # ----- picks -----
    def position_changed(self, state: KubtaflState, human_to_act: bool) -> None:
        """Index the new position's legal actions."""
        self.picks.rebuild(state, human_to_act)

    def reset(self) -> None:
        """Drop the selection, hover and preview."""
        self.picks.reset()

    def pools(self) -> RemovedPools:
        """The removed rows where the panel shows them now."""
        return RemovedPools(self.board.panel_layout.slot, self.board.panel_layout.unit)

    def pointer(self, intent: Intent) -> bool:
        """Pointer intents pick dice, targets, badges and removed dice."""
        return self.picks.pointer(intent, self.pools())

    def key(self, intent: Intent) -> None:
        """Arrows, Enter, Tab, T and R."""
        self.picks.key(intent)

    def cancel(self) -> bool:
        """Esc drops a selection or a re-entry first."""
        if self.picks.selected or self.picks.reentry_kind:
            self.reset()
            return True
        return False

    # ----- drawing -----
    def last_action(self) -> tuple[str, str, str] | None:
        """The cells of the last action on the log and the side that played it: (from, to, side), or None."""
        s = self.board.session
        if s is None or not s.log or not s.actors or s.actors[-1] < 0:
            return None
        side = SIDES[s.actors[-1]]
        # Where the mover ended (after a ram: the cell before the struck die), read from the move's events.
        mover = build_preview(self.board.last_entry_events()).mover
        if mover is not None:
            return cell_name(*mover[0]), cell_name(*mover[1]), side
        parts = notation_parts(self.board.state_as(KubtaflState), s.log[-1])
        if parts is None:
            return None
        return parts.src, parts.dst, side

    def turn_marks(self, steps: Sequence[TurnStep]) -> list[TurnMark]:
        """The other side's move: its arrow, what it struck and pushed (see `kubtafl.trace`)."""
        return trace.turn_marks(steps)

    def _shows_choices(self, interactive: bool) -> bool:
        p = self.picks
        return interactive and bool(
            p.selected
            or p.reentry_kind
            or p.preview
            or p.cursor
            or self.board.hint_action
            or p.show_threats
            or p.reach_cell()
        )

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The last action's squares, the selection ring, and corner ticks on the dice that can act."""
        layout, p = self.board.layout, self.picks
        last = None if self.board.busy else self.last_action()
        if not (interactive or last):
            return False
        if last is not None:
            self.overlays.last_action(layer, layout, *last)
        if self._shows_choices(interactive):
            p.badges = []
        if interactive:
            if p.selected:
                self.board.marks.ring(layer, layout, p.selected)
            elif not p.reentry_kind:
                self.board.marks.corner_ticks(layer, layout, p.clickable_dice())
        return True

    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: BoardModel, offset: tuple[float, float]
    ) -> None:
        """Every die of `model`."""
        self.painter.draw_dice(surface, layout, model, offset)

    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The selected die's targets and transfer badges, re-entry squares, hint, preview, cursor."""
        if not self._shows_choices(interactive):
            return False
        layout, p, model = self.board.layout, self.picks, self.board.model_as(BoardModel)
        reach = p.reach_cell()
        if reach is not None:
            die = model.dice.get(reach)
            self.overlays.reach(
                layer, layout, reach, p.threats().reach.get(reach, Reach()), die.side if die is not None else ""
            )
        if p.show_threats:
            threats = p.threats()
            self.overlays.threats(layer, layout, threats.worst, threats.fatal)
        if p.selected:
            self._draw_targets(layer, p.selected, model)
        if p.reentry_kind:
            self.overlays.reentry_cells(layer, layout, list(p.index.reentries.get(p.reentry_kind, {})), p.hover)
        if self.board.hint_action and not p.preview:
            self._draw_hint(layer)
        if p.preview is not None:
            self._draw_preview(layer, p.preview, model)
        if p.cursor is not None:
            self.board.marks.cursor(layer, layout, p.cursor)
        return True

    def _draw_targets(self, layer: pygame.Surface, selected: str, model: BoardModel) -> None:
        """The selected die's targets (with the damage each hit would deal) and its transfer badges."""
        p, layout = self.picks, self.board.layout
        targets = p.index.targets(selected)
        damage = {}
        for cell, opt in targets.items():
            # The hovered target's damage is in the preview's own label.
            if cell in model.dice and not (p.preview is not None and cell == p.hover):
                preview = p.preview_for(opt.text)
                if preview and preview.hits:
                    damage[cell] = preview.hits[0][2]
        self.overlays.targets(
            layer, layout, targets, set(model.dice), damage, p.hover if p.hover_badge is None else None
        )
        p.badges = self.overlays.transfer_badges(layer, layout, selected, p.index.recipients(selected), p.hover_badge)

    def _draw_preview(self, layer: pygame.Surface, preview: Preview, model: BoardModel) -> None:
        """What the previewed action would do, with a ghost of the mover where it lands on a free cell (on a
        struck die's cell the arrows say enough)."""
        ghost = None
        mover = preview.mover
        if mover is not None and cell_name(*mover[1]) not in model.dice:
            ghost = model.dice.get(cell_name(*mover[0]))
        self.overlays.preview(layer, self.board.layout, preview, ghost, dice_cells(model))

    def _draw_hint(self, layer: pygame.Surface) -> None:
        """An arrow for a move or impact, with the amount for a transfer, and the returning die for a re-entry."""
        parts = self._parts(self.board.hint_action or "")
        if parts is None:
            return
        layout = self.board.layout
        if parts.kind == "move":
            self.overlays.hint(layer, layout, parts.src, parts.dst)
        elif parts.kind == "transfer":
            self.overlays.hint(layer, layout, parts.src, parts.dst, f"+{parts.amount}")
        else:
            self.overlays.hint(
                layer, layout, parts.src, parts.dst, ghost=(parts.die, self.picks.own_side(), parts.amount)
            )

    def draw_top(self, surface: pygame.Surface) -> None:
        """The arrow of a die being dragged."""
        grab = self.board.grab
        if self.board.dragging and grab is not None and grab[0] in self.board.model_as(BoardModel).dice:
            pos = self.board.pointer_pos or pygame.mouse.get_pos()
            shapes.arrow(surface, self.board.layout.cell_center(grab[0]), pos, palette.TRANSFER, 3, 12)

    # ----- panel and texts -----
    def seat_name(self, seat: int) -> str:
        """The name typed in the new-game dialog, else Light or Dark."""
        return self.board.typed_name(seat) or self.board.t(SIDE(SIDES[seat]))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """Orange for Light, sky blue for Dark."""
        return ACCENT[SIDES[seat]]

    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The side's d20."""
        surface.blit(polyhedra.die_surface("d20", SIDES[seat], 20, rect.h), rect.topleft)

    def draw_slot_static(self, surface: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
        """The removed rows' boxes."""
        RemovedPools(rect, unit).draw_static(surface)

    def panel_slot(self) -> RemovedSlot:
        """The removed rows with their dice."""
        return self.slot

    def pools_info(self) -> PoolsInfo:
        """What the removed rows show now."""
        t = self.board.t
        p = self.picks
        active = self.board.accepting_input and bool(p.index.reentries)
        shown = self.shown_model()
        return PoolsInfo(
            pools=shown.removed if shown is not None else {},
            labels={side: t("kubtafl.removed", side=t(SIDE(side))) for side in SIDES},
            active=p.own_side() if active else None,
            selected=p.reentry_kind or self._hint_reentry_kind(),
        )

    def shown_model(self) -> BoardModel | None:
        """The model on screen: a reviewed position's, else the live one."""
        return self.board.shown_model_as(BoardModel)

    def _hint_reentry_kind(self) -> str | None:
        """The removed die a re-entry hint suggests (its pool slot is marked), else None."""
        parts = self._parts(self.board.hint_action or "")
        return parts.die if parts is not None and parts.kind == "reentry" else None

    def log_turns(self) -> list[LogTurn]:
        """One entry per action (K4), in words: "d20 rammed the d8 on a7 for 6 and pushed it to a5"."""
        if self.board.session is None:
            return []
        return log_turns(self.board.t, decisions(self.board.get_timeline()))

    def end_summary(self, state: KubtaflState) -> str:
        """The dice each side kept, for the game-over card."""
        t = self.board.t
        parts = []
        for seat, side in enumerate(SIDES):
            parts.append(
                counted(t, "kubtafl.summary.side", len(state.dice(seat)), side=t(SIDE(side)), points=state.total(seat))
            )
        return t("kubtafl.summary", sides="; ".join(parts))

    def status(self, hint: str, note: str) -> str:
        """What the picks mean, or what to do next."""
        t = self.board.t
        p = self.picks
        s = self.board.live
        if (
            p.preview is not None
            and p.preview.winners
            and len(p.preview.winners) == 1
            and p.preview.winners[0] == s.current_seat
        ):
            return t("kubtafl.status.wins_now")
        if p.preview is not None and p.preview.winners and len(p.preview.winners) > 1:
            # The engine's preview ends the game in a draw (K18): say which draw before it is played.
            return t(DRAWS(p.preview.reason))
        if hint:
            return hint
        chooser = self.board.popups.chooser
        if chooser is not None:
            # The open popup is the question now: the dashed squares and the die's marks are behind it.
            return t("kubtafl.status.chooser", title=chooser.title)
        reach = p.reach_cell()
        model = self.board.model_as(BoardModel)
        if reach is not None and reach in model.dice:
            die = model.dice[reach]
            key = "kubtafl.status.reach" if p.threats().reach.get(reach) else "kubtafl.status.reach_none"
            return t(key, side=t(SIDE(die.side)), die=f"{die.kind} ({die.value})")
        if p.reentry_kind:
            more = len(p.index.reentries) > 1
            return t("kubtafl.status.reentry_more" if more else "kubtafl.status.reentry", die=p.reentry_kind)
        if p.selected:
            chosen = model.dice.get(p.selected)
            return t("kubtafl.status.selected", die=f"{chosen.kind} ({chosen.value})" if chosen else p.selected)
        if note:
            return note
        if not p.index.moves and p.index.reentries:
            return t("kubtafl.status.lonely")
        return t("kubtafl.status.pick")

    def _parts(self, text: str) -> ActionParts | None:
        """The parts of an action named in notation, read on the current position."""
        if self.board.session is None or not text:
            return None
        return notation_parts(self.board.state_as(KubtaflState), text)

    def legend(self) -> list[LegendEntry]:
        """Kubtafl's marks (see `kubtafl.legend`)."""
        return legend.entries(self.board.t)

    def hint_words(self, text: str) -> str:
        """The hinted action in words, with a win it brings and a die it leaves to be destroyed."""
        state, t = self.board.state_as(KubtaflState), self.board.t
        risks = not self.board.other_side_waits  # a lesson's idle other side destroys nothing next turn
        return hint_from(
            self.board,
            text,
            state.parse_notation,
            lambda action: t("kubtafl.hint", text=hint_sentence(t, state, action, risks)),
        )

    def end_reason(self, outcome: Outcome) -> str:
        """K16–K18 in words, naming the losing side."""
        t = self.board.t
        loser = SIDES[1 - outcome.winner] if outcome.winner is not None else ""
        player = self.board.typed_name(1 - outcome.winner) if outcome.winner is not None else ""
        if outcome.reason == RESIGNATION and player:
            # A player resigns, not a side: named as the other modes name theirs, with the side played.
            return t("kubtafl.reason.resignation_named", player=player, loser_side=t(SIDE(loser)))
        return reason_words(
            self.board,
            outcome,
            loser=t(SIDE_GEN(loser)) if loser else "",
            loser_side=t(SIDE(loser)) if loser else "",
        )

    def show_preview_of(self, text: str) -> None:
        """Select the mover of `text` and hover its target (screenshots, tests)."""
        self.picks.show_preview_of(text)
