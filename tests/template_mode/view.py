"""Dice Strip's board (the template mode): the strip's cells, two round tokens, click a cell to step there, and
the move list in words. The least a mode's view supplies; everything else is the board layer's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import final

import pygame

from game.client import palette
from game.client.board.animator import Handlers
from game.client.board.input import Intent, Press
from game.client.board.layout import BoardLayout, cell_name
from game.client.board.log import LogTurn
from game.client.board.mode_parts import hint_from, reason_words
from game.client.board.mode_view import ModeView
from game.client.board.scene import BoardScene
from game.client.board.wording import Decision, TurnWords, decisions
from game.client.i18n import Keys
from game.engine.core import Outcome
from tests.template_mode.engine import Bumped, DiceStripState, Rolled, Step, Stepped

COLOURS = (palette.ORANGE, palette.SKY)
#: The seats' names where none was typed.
SEAT = Keys("dice_strip.seat.{}", range(2))


@dataclass
class StripModel:
    """Where each token is drawn (cells from 0: before the strip) and the last roll."""

    tokens: list[int]
    rolled: int | None


def _cell(index: int) -> str:
    """The name of the strip's cell `index` (1 is the first cell, 'a1')."""
    return cell_name(index - 1, 0)


def _reach(state: DiceStripState, step: Step) -> int:
    """The cell a step of the seat to act ends on (the last cell when it runs past the end)."""
    return min(state.game.length, state.tokens[state.seat] + step.cells)


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """The mode's emblem on the menu: two tokens on a strip."""
    strip = pygame.Rect(0, 0, size, size // 3)
    strip.center = center
    pygame.draw.rect(surface, palette.shade(palette.PARCHMENT, fade), strip)
    for i, colour in enumerate(COLOURS):
        pygame.draw.circle(
            surface, palette.shade(colour, fade), (strip.left + size // 4 + i * size // 2, strip.centery), size // 6
        )


class StripWords(TurnWords):
    """The move list: each step in words, the roll that opened the turn after the seat's name."""

    def note_after(self, d: Decision) -> str:
        """The roll that opens the next turn."""
        rolled = next((e for e in d.events if isinstance(e, Rolled)), None)
        return self.t("dice_strip.words.roll", face=rolled.face) if rolled is not None else ""

    def words(self, group: Sequence[Decision], seat: int) -> str:
        """The cell the step reached."""
        stepped = next((e for e in group[0].events if isinstance(e, Stepped)), None)
        return self.t("dice_strip.words.step", cell=_cell(stepped.end)) if stepped is not None else group[0].notation


@final
class DiceStripView(ModeView[DiceStripState, StripModel]):
    """The strip, its tokens, a click to step, and the texts: the required hooks only (each optional one keeps
    its default: no panel slot, no keys, no hand-over card)."""

    def build_model(self, state: DiceStripState) -> StripModel:
        """The tokens where the state has them."""
        return StripModel(list(state.tokens), state.rolled)

    def event_handlers(self) -> Handlers:
        """A roll shows its face; a step slides the token; a bump sends the other token home."""

        def rolled(event: Rolled) -> None:
            self.board.animator.wait(0.2, start=lambda: setattr(self.board.model_as(StripModel), "rolled", event.face))

        def stepped(event: Stepped) -> None:
            def move() -> None:
                self.board.model_as(StripModel).tokens[event.seat] = event.end

            self.board.animator.wait(0.2, start=move)

        def bumped(event: Bumped) -> None:
            def home() -> None:
                self.board.model_as(StripModel).tokens[event.seat] = 0

            self.board.animator.wait(0.2, start=home)

        return {Rolled: rolled, Stepped: stepped, Bumped: bumped}

    def pointer(self, intent: Intent) -> bool:
        """A press on the cell a legal step reaches takes that step."""
        if isinstance(intent, Press) and intent.cell is not None:
            state = self.board.state_as(DiceStripState)
            for action in state.legal_actions():
                if isinstance(action, Step) and _cell(_reach(state, action)) == intent.cell:
                    self.board.commit(action)
                    return False
        return False

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """The cells a step reaches, on a human turn."""
        if not interactive:
            return False
        state = self.board.state_as(DiceStripState)
        layout = self.board.layout
        drawn = False
        for action in state.legal_actions():
            if isinstance(action, Step):
                pygame.draw.rect(layer, (*palette.MOVE_MARK, 90), layout.cell_rect(_reach(state, action) - 1, 0))
                drawn = True
        return drawn

    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: StripModel, offset: tuple[float, float]
    ) -> None:
        """Each token on its cell (beside the strip's start before its first step)."""
        for seat, cell in enumerate(model.tokens):
            x, y = layout.center(cell - 1, 0)
            y += (seat - 0.5) * layout.cell * 0.4
            pygame.draw.circle(surface, COLOURS[seat], (x + offset[0], y + offset[1]), layout.cell * 0.22)
            pygame.draw.circle(surface, palette.INK, (x + offset[0], y + offset[1]), layout.cell * 0.22, 2)

    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        """No marks over the tokens."""
        return False

    def seat_name(self, seat: int) -> str:
        """The typed name, else Orange or Sky."""
        return self.board.typed_name(seat) or self.board.t(SEAT(seat))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The token's colour."""
        return COLOURS[seat]

    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's token."""
        pygame.draw.circle(surface, COLOURS[seat], rect.center, rect.w // 2 - 1)

    def log_turns(self) -> list[LogTurn]:
        """One turn per step, the roll that opened it after the seat's name."""
        return StripWords(self.board.t, self.seat_name, str).turns(decisions(self.board.get_timeline()))

    def status(self, hint: str, note: str) -> str:
        """The hint, the undo's note, or what to do."""
        return hint or note or self.board.t("dice_strip.status.step")

    def hint_words(self, text: str) -> str:
        """A step in words: the cell it reaches."""
        state = self.board.state_as(DiceStripState)

        def step(text: str) -> Step:
            action = state.action_from_str(text)
            if not isinstance(action, Step):
                raise ValueError(f"not a step: {text}")
            return action

        return hint_from(
            self.board,
            text,
            step,
            lambda action: self.board.t("dice_strip.hint.step", cell=_cell(_reach(state, action))),
        )

    def end_reason(self, outcome: Outcome) -> str:
        """Why the game ended, naming the winner and the loser."""
        winner = outcome.winner
        names = {"winner": self.seat_name(winner), "loser": self.seat_name(1 - winner)} if winner is not None else {}
        return reason_words(self.board, outcome, **names)


class DiceStripScene(BoardScene, mode="dice_strip", view=DiceStripView):
    """Two seats, human or computer, race on a strip."""

    view: DiceStripView
