"""CheckRisk as a `ModeView` of the board layer: its model, event handlers, picks, odds preview, stacks, battle
card, panel slot and texts. Everything generic (table, marks, picker, panel, log, turn flow) is the board layer's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, final

import pygame

from game.client import palette
from game.client.board import buttons as B
from game.client.board.input import Hover, Intent, Key, Press
from game.client.board.layout import BoardLayout, cell_xy
from game.client.board.legend import LegendEntry
from game.client.board.log import LogTurn
from game.client.board.marks import Chip, TurnMark, TurnStep
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
from game.client.board.odds import badge_colour, percent
from game.client.board.piece import blit_piece
from game.client.board.wording import counted, decisions
from game.client.checkrisk import move_card, odds_card, results, trace
from game.client.checkrisk.actions import typed
from game.client.checkrisk.animation import CheckRiskAnimation
from game.client.checkrisk.battle_card import BattleCard
from game.client.checkrisk.battles import BattleRecord
from game.client.checkrisk.chip import draw_chip
from game.client.checkrisk.keys import REFUSED, STAGE
from game.client.checkrisk.legend import entries as legend_entries
from game.client.checkrisk.model import CheckRiskModel, StackView
from game.client.checkrisk.picks import CheckRiskPicks
from game.client.checkrisk.pieces import STACK_RISE, count_rect, draw_emblem, seat_colour, stack_image
from game.client.checkrisk.slot import SLOT_UNITS, Slot, slot_room
from game.client.checkrisk.stats import GameStats
from game.client.checkrisk.words import TurnWords, hint_sentence, reinforcement_reason
from game.engine.checkrisk import (
    Attack,
    CheckRiskState,
    End,
    Move,
    Word,
)
from game.engine.checkrisk.events import TurnStarted

if TYPE_CHECKING:
    from game.client.board.animator import Handlers
    from game.client.board.services import BoardServices
    from game.client.play.session import GameSession
    from game.engine.core import Outcome


@final
class CheckRiskView(ModeView[CheckRiskState, CheckRiskModel]):
    """The CheckRisk part of a board scene."""

    slot_units = SLOT_UNITS
    show_groups = False  # the seats' connected groups drawn also outside reinforcement (G toggles)
    odds_rect: pygame.Rect | None = None  # where the odds card was drawn last frame (None: not shown)
    top_cut: tuple[str, ...] = ()  # the texts over the board (cards, the drag's words) that did not fit last frame
    odds_badges: dict[str, pygame.Rect] = {}  # noqa: RUF012 - replaced whole each frame: the attack targets' odds badges

    def attach(self, board: BoardServices) -> None:
        """Keep the board and make the parts over it, each after those it may read: statistics, picks, the battle
        card (over the picks: a blitz's settings; the picks' amount pickers keep clear of it), slot, animation (the
        battles' dice on the card), hint arrow."""
        super().attach(board)
        self.statistics = StatsCache(board, GameStats)
        self.picks = CheckRiskPicks(board)
        card = self.card = BattleCard(board, self.picks)
        self.picks.card_rect = lambda: card.rect if card.visible else None
        self.slot = Slot(self)
        self.animation = CheckRiskAnimation(board.animator, lambda: board.model_as(CheckRiskModel), card)
        self.hint = HintArrow(board, self.hint_cells, self.value_rects)

    def enter(self) -> None:
        """No card, draft, groups or blitz left from a last game."""
        self.card.close()
        self.picks.new_game()
        self.show_groups = False
        self.picks.blitz = None

    def stats(self) -> GameStats | None:
        """The seats' records (see `mode_parts.StatsCache`)."""
        return self.statistics.read()

    def panel_slot(self) -> Slot:
        """What the phase asks, its buttons, and each player's luck."""
        return self.slot

    def event_handlers(self) -> Handlers:
        """CheckRisk's event classes -> animation handlers."""
        return self.animation.handlers()

    def reset(self) -> None:
        """Drop the selection and hover."""
        self.picks.reset()

    # ----- model and animation -----
    def build_model(self, state: CheckRiskState) -> CheckRiskModel:
        """The stacks of `state` (any state: read-only)."""
        return CheckRiskModel.from_state(state)

    # ----- picks -----
    def position_changed(self, state: CheckRiskState, human_to_act: bool) -> Word | None:
        """Index the position; the battle card shows the battle as the log tells it (also after an undo, or one
        resumed from a save); a blitz's next round is returned to be committed."""
        record = self.battle_record(state)
        if record is None:
            self.card.close()
        else:
            self.card.sync(record)
        self.animation.reader.current = record
        return self.picks.rebuild(state, human_to_act)

    def battle_record(self, state: CheckRiskState) -> BattleRecord | None:
        """The record of the battle pending in `state`, read from the log (None without one)."""
        battle = state.pending_battle()
        if battle is None:
            return None
        game = state.game
        origin, target = game.cell_name(battle.origin), game.cell_name(battle.target)
        stats = self.stats()
        for record in (stats.battles.current if stats is not None else None, self.animation.reader.current):
            if (
                record is not None
                and not record.closed
                and (record.origin, record.target) == (origin, target)
                and len(record.rounds) == battle.rounds
            ):
                return record
        # A battle in a position not reached through the log (a hand-made one): its sides and tokens as they stand.
        defender = battle.defender if battle.defender >= 0 else -1
        return BattleRecord(battle.attacker, defender, origin, target, battle.attackers, battle.defenders)

    def last_battle(self) -> BattleRecord | None:
        """The battle the log's newest entry closed (shown by its result chip until the next action)."""
        s, stats = self.board.session, self.stats()
        if s is None or stats is None:
            return None
        return stats.battles.last_closed(len(s.log))

    def pointer(self, intent: Intent) -> bool:
        """The battle card and the slot's buttons first, then the board."""
        if isinstance(intent, Hover):
            self.card.hover = self._button_at(self.card.layout_buttons(), intent.pos) if self.card.visible else None
            self.slot.hover = self._button_at(self.slot.buttons(), intent.pos)
        if isinstance(intent, Press) and intent.pos is not None:
            if self.card.press(intent.pos) or self.slot.press(intent.pos):
                return False
        return self.picks.pointer(intent)

    @staticmethod
    def _button_at(buttons: list[B.Button], pos: tuple[int, int]) -> str | None:
        button = B.hit(buttons, pos)
        return button.key if button is not None else None

    def press_while_busy(self, pos: tuple[int, int]) -> bool:
        """While the dice roll: the Stop button of a blitz takes the click."""
        if self.picks.blitz is not None and self.card.visible:
            button = B.hit(self.card.layout_buttons(), pos)
            if button is not None and button.key == "stop":
                self.picks.stop_blitz()
                return True
        return False

    def key(self, intent: Intent) -> None:
        """G shows the groups; the rest are the picks' keys."""
        if isinstance(intent, Key) and intent.key == pygame.K_g:
            self.show_groups = not self.show_groups
            return
        self.picks.key(intent)

    def cancel(self) -> bool:
        """Esc stops a blitz, leaves a retreat split or drops a selection first."""
        p = self.picks
        if p.stop_blitz():
            return True
        if p.split is not None:
            p.split = None
            return True
        return p.drop_selection()

    # ----- drawing -----
    def layout_changed(self) -> None:
        """The battle card follows the board."""
        if self.card.visible:
            self.card.place()

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """Deployment zones, groups (G), reinforcement groups, the selection (once there is a position; the last
        action's squares are the board's, from `last_cells`)."""
        p, marks, layout = self.picks, self.board.marks, self.board.layout
        state = p.state
        if state is None:
            return False
        drawn = False
        if state.phase == "deploy":
            zone = (state.game.cell_name(cell) for cell in state.game.zone(state.seat))
            marks.cell_tints(layer, layout, zone, seat_colour(state.seat))
            drawn = True
        if self.show_groups or (interactive and state.phase == "reinforce"):
            self._groups(layer, state)
            drawn = True
        if interactive and state.phase == "act":
            if p.selected:
                marks.ring(layer, layout, p.selected, seat_colour(state.seat))
            else:
                marks.corner_ticks(layer, layout, p.index.origins())
            drawn = True
        return drawn

    def _groups(self, layer: pygame.Surface, state: CheckRiskState) -> None:
        """Each player's edge-connected groups outlined, with the reinforcements each brings (or has left)."""
        layout, marks = self.board.layout, self.board.marks
        name = state.game.cell_name
        pending = {tuple(cells): left for cells, left in state.pending_reinforcements()}
        seats = [state.seat] if state.phase == "reinforce" and not self.show_groups else range(len(state.out))
        for seat in seats:
            for cells, due in state.reinforcement_due(seat):
                left = pending.get(tuple(cells), due if state.phase != "reinforce" or seat != state.seat else 0)
                marks.region(layer, layout, [name(cell) for cell in cells], seat_colour(seat))
                if left:
                    top = max(cells, key=lambda c: (c // state.game.board_size[0], -(c % state.game.board_size[0])))
                    cx, cy = layout.cell_center(name(top))
                    from game.client.board.marks import text_badge

                    text_badge(
                        layer,
                        f"+{left}",
                        (cx - layout.cell * 0.32, cy - layout.cell * 0.36),
                        max(11, layout.cell // 4),
                        palette.DARK_INK,
                        seat_colour(seat),
                    )

    def last_cells(self) -> tuple[list[str], int] | None:
        """The cells of the last move or attack on the log and the seat that made it."""
        s = self.board.session
        if s is None:
            return None
        for text, actor in zip(reversed(s.log), reversed(s.actors), strict=False):
            if actor < 0:
                continue
            game = self.board.state_as(CheckRiskState).game
            action = typed(game, text)
            if isinstance(action, (Move, Attack)):
                return [game.cell_name(action.origin), game.cell_name(action.target)], actor
            if isinstance(action, End):
                return None
        return None

    def turn_left(self, state: CheckRiskState) -> str:
        """The actions still open in the turn ('' when only ending it is left)."""
        if state.phase != "act" or state.actions_left <= 0:
            return ""
        if not any(not isinstance(a, End) for a in state.legal_actions()):
            return ""
        return counted(self.board.t, "checkrisk.left.actions", state.actions_left)

    def legend(self) -> list[LegendEntry]:
        """CheckRisk's badges (see `checkrisk.legend`)."""
        return legend_entries(self.board.t)

    # ----- the other seats' last turn (see `checkrisk.trace`) -----
    def value_rects(self) -> list[pygame.Rect]:
        """Every stack's count badge on the board (the last turn's numbers keep clear of them)."""
        model, layout = self.board.shown_model_as(CheckRiskModel), self.board.layout
        stacks = [*model.stacks.values(), *([model.attackers] if model.attackers else [])] if model else []
        return [count_rect(layout, s, min(6, s.count), STACK_RISE) for s in stacks if s.count > 0]

    def turn_seat(self, state: CheckRiskState) -> int:
        """The seat whose turn it is (a defender answers in the attacker's turn)."""
        return state.seat

    def turn_marks(self, steps: Sequence[TurnStep]) -> list[TurnMark]:
        """ "+1" per reinforcement, an arrow per move and attack, thin arrows after a battle; how an attack ended
        on its arrow."""
        return chipped_marks(steps, trace.action_marks, self.result_chip)

    def result_chip(self, action: Sequence[TurnStep]) -> Chip | None:
        """How an attack ended."""
        return trace.battle_chip(action, self.board.t)

    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: CheckRiskModel, offset: tuple[float, float]
    ) -> None:
        """Every stack of `model`, far rows first; the attackers out; stacks in flight last."""
        stacks = sorted(model.stacks.values(), key=lambda s: -s.y)
        for stack in stacks:
            self.draw_stack(surface, layout, stack, offset, model)
        if model.attackers is not None:
            self.draw_stack(surface, layout, model.attackers, offset, model)
        for ghost in model.ghosts:
            self.draw_stack(surface, layout, ghost, offset, model)

    @staticmethod
    def draw_stack(
        surface: pygame.Surface,
        layout: BoardLayout,
        stack: StackView,
        offset: tuple[float, float],
        model: CheckRiskModel | None = None,
    ) -> None:
        """One stack at its (float) position, lifted and faded as it is."""
        if stack.count <= 0:
            return
        out = bool(model is not None and stack.owner < len(model.out) and model.out[stack.owner])
        blit_piece(
            surface, layout, stack_image(stack.owner, min(6, stack.count), layout.cell, out), stack, offset, STACK_RISE
        )

    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The last battle's result chip, the draft, targets with odds badges, the retreat split, the hint."""
        p, board = self.picks, self.board
        layout, marks, state = board.layout, board.marks, p.state
        chip = self._result_chip(layer)
        if state is None or not interactive:
            return self.hint.draw(layer) or chip
        if state.phase == "deploy":
            self._draw_draft(layer, state)
        elif state.phase == "reinforce":
            for cell in p.index.reinforce:
                marks.dot(layer, layout, cell, cell == p.hover)
        elif state.phase == "act" and p.selected:
            self._draw_targets(layer, state, p.selected)
        elif state.phase == "battle" and p.split is not None:
            self._draw_split(layer, state, p.split)
        self.hint.draw(layer)
        return True

    def _result_chip(self, layer: pygame.Surface) -> bool:
        """The battle that just closed, on its cell, once its animation has played (until the next action)."""
        board = self.board
        if board.busy or self.card.visible or board.review_model is not None or board.turn_traced:
            return False
        record = self.last_battle()
        if record is None:
            return False
        draw_chip(layer, board.layout, board.marks, record, board.t)
        return True

    def _draw_draft(self, layer: pygame.Surface, state: CheckRiskState) -> None:
        """Where a token may go, and the drafted stacks."""
        p, layout = self.picks, self.board.layout
        for cell in p.draft_addable():
            self.board.marks.dashed_cell(layer, layout, cell, cell == p.hover, plus=not p.draft.get(cell))
        for cell, k in p.draft.items():
            x, y = cell_xy(cell)
            self.draw_stack(layer, layout, StackView(state.seat, float(x), float(y), count=k), (0, 0))

    def _draw_targets(self, layer: pygame.Surface, state: CheckRiskState, selected: str) -> None:
        """The selected stack's moves, and its attacks with their odds."""
        p, layout, marks = self.picks, self.board.layout, self.board.marks
        moves, attacks = p.index.targets(selected)
        self.odds_badges = {}
        for cell in moves:
            marks.dot(layer, layout, cell, cell == p.hover)
        for cell in attacks:
            chance = odds_card.forecast(state, selected, cell, p.chosen_amount(selected, cell)).probability("win")
            colour = badge_colour(chance)
            badge = marks.attack(layer, layout, cell, cell == p.hover, percent(chance), colour, self.value_rects())
            if badge is not None:
                self.odds_badges[cell] = badge
        if p.hover in moves and self.board.accepting_input:
            # What a click sends, before it is sent: the stack the target would hold, as a ghost with its count.
            n = p.chosen_amount(selected, p.hover)
            x, y = cell_xy(p.hover)
            total = int(state.count[state.game.cell_index(p.hover)]) + n
            self.draw_stack(layer, layout, StackView(state.seat, float(x), float(y), count=total, alpha=0.75), (0, 0))

    def _draw_split(self, layer: pygame.Surface, state: CheckRiskState, split: dict[str, int]) -> None:
        """The retreat cells, with the tokens split onto each as a ghost stack."""
        p, layout, battle = self.picks, self.board.layout, state.pending_battle()
        for cell in p.index.retreat_cells():
            n = split.get(cell, 0)
            self.board.marks.dashed_cell(layer, layout, cell, cell == p.hover, plus=not n)
            if n and battle is not None:
                x, y = cell_xy(cell)
                ghost = StackView(state.owner[battle.target], float(x), float(y), count=n, alpha=0.7)
                self.draw_stack(layer, layout, ghost, (0, 0))

    def hint_cells(self, session: GameSession, text: str) -> tuple[str, str] | None:
        """A hinted move's or attack's origin and target."""
        game = self.board.state_as(CheckRiskState).game
        action = typed(game, text)
        if isinstance(action, (Move, Attack)):
            return game.cell_name(action.origin), game.cell_name(action.target)
        return None

    def draw_top(self, surface: pygame.Surface) -> None:
        """The move card or the odds card by a hovered target, the battle card, a dragged stack's arrow."""
        p, t = self.picks, self.board.t
        cut: list[str] = []
        self.odds_rect = None
        if self.board.accepting_input and p.state is not None and p.state.phase == "act" and p.selected and p.hover:
            moves, attacks = p.index.targets(p.selected)
            if p.hover in moves:
                amounts = moves[p.hover]
                texts = move_card.lines(p.state, p.selected, p.hover, p.chosen_amount(p.selected, p.hover), amounts, t)
                colours = move_card.colours(texts, amounts)
                accent = seat_colour(p.state.seat)
                self.odds_rect = odds_card.paint_card(surface, self.board, p.selected, p.hover, texts, colours, accent)
            if p.hover in attacks:
                self.odds_rect = odds_card.draw(
                    surface,
                    self.board,
                    p.state,
                    p.selected,
                    p.hover,
                    p.chosen_amount(p.selected, p.hover),
                    attacks[p.hover],
                    cut,
                )
        self.card.draw(surface, cut)
        draw_drag(self.board, surface, cut)
        self.top_cut = tuple(cut)

    # ----- panel and texts -----
    def seat_name(self, seat: int) -> str:
        """The seat's name from the new-game dialog, else 'Player N'."""
        return self.board.typed_name(seat) or self.board.t("checkrisk.seat.default", n=seat + 1)

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The Okabe–Ito colour of the seat."""
        return seat_colour(seat)

    def eliminated(self, seat: int) -> bool:
        """True once the seat is out of the game (its chip greyed and struck through, its turns skipped)."""
        if self.board.session is None:
            return False
        out = self.board.state_as(CheckRiskState).out
        return seat < len(out) and out[seat]

    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's token (grey once out)."""
        draw_emblem(surface, seat, rect, self.eliminated(seat))

    def stats_rows(self) -> list[tuple[int, str, bool]]:
        """(seat, 'hits 12 / 10.4 · won 2 lost 1', out) per seat."""
        stats = self.stats()
        if stats is None:
            return []
        t = self.board.t
        return [
            (
                seat,
                t("checkrisk.luck.row", hits=r.hits, expected=f"{float(r.expected):.1f}", won=r.won, lost=r.lost),
                self.eliminated(seat),
            )
            for seat, r in enumerate(stats.seats)
        ]

    def results_size(self) -> tuple[int, int]:
        """The results table's size in layout units (one row per seat)."""
        s = self.board.session
        return (results.WIDTH, results.height(len(s.seats))) if s is not None else (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect, scale: float, cut: list[str]) -> None:
        """Every seat's name, cells and tokens over time, battles and luck (the game-over card)."""
        s, stats = self.board.session, self.stats()
        if s is None or stats is None:
            return
        outcome = s.outcome
        winners = tuple(outcome.winners) if outcome is not None else ()
        out = list(self.board.state_as(CheckRiskState).out)
        results.draw(
            surface, rect, scale, stats, out, self.seat_name, self.board.seat_controller, self.board.t, winners, cut
        )

    def slot_room(self) -> float:
        """All of the slot while deploying; after that the move list takes the second row of buttons' room."""
        state = self.picks.state
        s = self.board.session
        return slot_room(state is None or state.phase == "deploy", len(s.seats) if s is not None else 2)

    def log_turns(self) -> list[LogTurn]:
        """One entry per turn: reinforcements, moves and each battle as a sentence (defenders' answers inside)."""
        if self.board.session is None:
            return []
        game = self.board.live.game
        language = self.board.settings.language
        words = TurnWords(self.board.t, self.seat_name, lambda name: game.preset_title(name, language))
        return words.turns(decisions(self.board.get_timeline()))

    def hint_words(self, text: str) -> str:
        """The hinted action in words, with an attack's odds and what a move leaves open."""
        state, t = self.board.state_as(CheckRiskState), self.board.t
        return hint_from(
            self.board,
            text,
            state.action_from_str,
            lambda action: t("checkrisk.hint", text=hint_sentence(t, state, action, self.seat_name)),
        )

    def status(self, hint: str, note: str) -> str:
        """The hint's words, else the last undo's note, else what this phase of the picks asks for."""
        return status_line(hint, note, self.picks.state, self.phase_status)

    def phase_status(self, state: CheckRiskState) -> str:
        """What to do now: deploy, reinforce, answer the battle or act."""
        t = self.board.t
        p = self.picks
        phase = state.phase
        if phase == "deploy":
            if p.refusal is not None:
                return t(REFUSED(p.refusal), cells=state.game.spec.zones[state.seat].max_cells)
            return t("checkrisk.status.deploy_done" if p.tokens_left() == 0 else "checkrisk.status.deploy")
        if phase == "reinforce":
            if p.note:
                return p.note
            return t("checkrisk.status.reinforce_why", why=reinforcement_reason(t, state, state.seat))
        if phase == "battle":
            battle = state.pending_battle()
            stage = battle.stage if battle is not None else ""
            if p.note:
                return p.note
            if p.split is not None:
                return t("checkrisk.status.retreat_split")
            return t(STAGE(stage)) if stage else ""
        if p.note:
            return p.note
        if p.selected:
            return t("checkrisk.status.selected", cell=p.selected)
        if self._turn_brought_none(state) and self.board.live.log:  # not at a lesson's or a puzzle's start
            return t("checkrisk.status.act_why", why=reinforcement_reason(t, state, state.seat))
        return t("checkrisk.status.act")

    @staticmethod
    def _turn_brought_none(state: CheckRiskState) -> bool:
        """True before the first action of a turn (not a first turn) that brought no reinforcements."""
        if state.round <= 1 or state.actions_left < state.game.spec.actions:
            return False
        return not state.supply[state.seat] or not state.reinforcement_due(state.seat)

    def end_reason(self, outcome: Outcome) -> str:
        """C14 / C15 in words, naming the winner."""
        winners = ", ".join(self.seat_name(w) for w in outcome.winners) if outcome.winners else ""
        return reason_words(self.board, outcome, winners=winners)

    def turn_opened(self, event: object) -> int | None:
        """The seat whose turn `event` opens (the last event of an action: nothing is held back behind it)."""
        return event.seat if isinstance(event, TurnStarted) else None

    def handover(self, seat: int) -> str | None:
        """Who acts and what is asked: deploying, defending mid-turn, or a turn."""
        t = self.board.t
        state = self.board.state_as(CheckRiskState)
        name = self.seat_name(seat)
        battle = state.pending_battle()
        if battle is not None and battle.stage == "defender" and seat == battle.defender:
            return t("checkrisk.handover.defend", name=name, cell=state.game.cell_name(battle.target))
        if state.phase == "deploy":
            return t("checkrisk.handover.deploy", name=name)
        if battle is not None and seat == battle.attacker:
            return t("checkrisk.handover.attack_back", name=name, cell=state.game.cell_name(battle.target))
        return t("checkrisk.handover.turn", name=name)
