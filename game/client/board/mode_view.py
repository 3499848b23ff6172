"""What a mode supplies to the board layer: the `ModeView` contract, split by job into small abstract classes, each
hook a mode must supply abstract (a view missing one fails as its class is made: `TypeError`; a mode's view is
`@final`, so `mypy` names the missing hook at its class line) and each optional hook declared with its default.

By job (required hooks; then the optional ones, with defaults):
- `ModelHooks`, the position as a drawing model and its animation: `build_model`, `event_handlers`; `attach`,
  `enter`, `turn_opened`.
- `DrawingHooks`, the board's drawing: `draw_pieces`, `draw_under`, `draw_over`; `draw_top`, `layout_changed`,
  `last_cells`.
- `InputHooks`, pointer and keys: `pointer`; `position_changed`, `reset`, `key`, `cancel`, `press_while_busy`.
- `PanelHooks`, the side panel's seats and slot: `seat_name`, `seat_colour`, `draw_emblem`; `slot_units`,
  `draw_slot_static`, `panel_slot`, `slot_room`, `eliminated`.
- `TextHooks`, the texts: `log_turns`, `status`, `hint_words`; `handover`, `turn_left`, `legend`.
- `EndHooks`, the game-over card: `end_reason`; `end_summary`, `results_size`, `draw_results`.
- `TraceHooks`, the other seats' last turn: none required; `turn_seat`, `turn_marks`, `value_rects`.

Every mode's view subclasses `ModeView[State, Model]`, which is all of them: `@final class KubtaflView(
ModeView[KubtaflState, BoardModel])`. A board part that needs one job may be typed by its class alone.

`BoardScene` owns everything generic — the table, marks layer, effects, animation queue and animator, pointer
and keys turned into intents, chooser and amount picker, hand-over card, side panel with the turn card, move
log, status line and buttons, pause menu, game-over card, undo, hints, the AI turn flow and autosave — and
drives one `ModeView` per game. The mode never sees the scene: `attach` hands it the board's services
(`game.client.board.services.BoardServices`, kept as `board`): `board.session`, `board.model` (the drawing model
the animations walk forward), `board.layout`, `board.marks`, `board.animator`, `board.effects`,
`board.commit(action)`, `board.popups.open_chooser(...)`, `board.popups.open_picker(...)`, `board.accepting_input`,
`board.busy`, `board.t`, `board.settings`, `board.play_sound(name)` and the rest listed there.

How each kind of interaction maps to it (the intents are in `game.client.board.input`):
- **Pick a piece, then a target** (Kubtafl moves, CheckRisk actions, Battle Checkers units): `pointer(Press)`
  selects and returns True to grab it (so a drag can start); a second `Press` on a target calls
  `board.commit(action)`. `pointer(Hover)` sets the preview shown by `draw_over` (read from the engine's
  `state.preview(action)` or `state.forecast(action)`, never re-derived).
- **Drag from → to** (a transfer, moving tokens between own stacks): `pointer(Drag(src, dst))`.
- **An amount** (CheckRisk's tokens to move, retreat or occupy): `board.popups.open_picker(title, low, high, default,
  cell, on_commit, on_change)`; `on_change` lets the preview follow the amount.
- **A choice among a few actions** (Kubtafl's transfer amounts, CheckRisk's Stand / Retreat, Continue /
  Withdraw): `board.popups.open_chooser(title, rows, cell)`; each chip is an option with `action`, `text`, `label`.
- **Wheel or Q/E on a cell** (Battle Checkers' ghost unit turning to its final facing): `pointer(Wheel)` and
  `key(Key(...))`; the key modifiers held travel on the intent (`mod`).
- **A decision by another seat mid-turn** (CheckRisk's defender): `handover(seat)` returns the hand-over card's
  message when that seat is a human and the previous acting human was another.
- **An action the mode takes by itself** (a blitz's next round): `position_changed` returns it and the board
  commits it, the one place actions are committed besides the player's picks and the AI's replies.
- **Dice rolls and other engine events**: `event_handlers()` maps each event *class* to a handler that queues
  steps with `board.animator`'s helpers; the dice tray is a mode's drawer for its own effect kind. An effect that
  travels from the board into the side panel (Battle Checkers' spirit grains) is registered with
  `board.effects.register(kind, drawer, over_panel=True)` and drawn after the panel.
- **Buttons and cards of a mode** (presets, End turn, the fate card): `game.client.board.buttons` lays out,
  hit-tests and draws small buttons; odds read `game.client.board.odds.percent` and `fraction_text`. A card over
  the board, a panel slot's widgets, statistics, the hint's and a dragged piece's arrows and the result chips on
  the last turn's marks are parts and helpers in `game.client.board.mode_parts` that a view composes.
- **The move list and hints in words**: `log_turns()` gives one `LogTurn` per turn with its actions as sentences
  (built with `game.client.board.wording` from the typed decisions and events of `board.get_timeline()`), and
  `hint_words(text)` says what a hinted action does and why; every text is an i18n key in EN and RU. Seat names
  typed in the new-game dialog: `board.typed_name(seat)` ('' where none was typed).
- **The other seats' last turn at a glance** (`game.client.board.trace`): when a human is to act, the board draws
  every decision since that seat last acted in a turn of its own; `turn_seat(state)` says whose turn a position is
  in, `turn_marks(steps)` what its decisions drew (`TurnMark`s from its typed action and events: arrows, turns,
  "+N", a result `Chip`); the board numbers each action's lead mark, draws them and replays the turn on L.
- **Review and replay**: the board draws `build_model(state)` of a past position with `draw_pieces`, read-only
  (no marks, no input); nothing in these two may depend on the picks, so a past position draws the same as it
  did live.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.client.board.animator import Handlers
from game.client.board.input import Intent
from game.client.board.layout import BoardLayout
from game.client.board.legend import LegendEntry
from game.client.board.log import LogTurn
from game.client.board.marks import TurnMark, TurnStep
from game.client.board.mode_parts import Slot

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.engine.core import Outcome

StateT = TypeVar("StateT")
ModelT = TypeVar("ModelT")


class ModelHooks(ABC, Generic[StateT, ModelT]):
    """The position as a drawing model, and the engine's events as the animation that walks it forward."""

    board: BoardServices

    def attach(self, board: BoardServices) -> None:
        """Called once when the scene is made: keep the board's services (a mode makes its parts over them and
        registers its effect drawers with `board.effects`)."""
        self.board = board

    def enter(self) -> None:
        """A game opens, before anything else: drop what a last game left (an open card, a draft)."""

    @abstractmethod
    def build_model(self, state: StateT) -> ModelT:
        """The drawing model of `state` (any state, also a past one: read-only)."""

    @abstractmethod
    def event_handlers(self) -> Handlers:
        """One handler per engine event class; each queues steps on `board.animator` that change `board.model`."""

    def turn_opened(self, event: object) -> int | None:
        """The seat whose turn the engine `event` opens (its turn roll), else None: when a hand-over card is due
        for that seat, the events after it (the turn's dice) play only once the card is dismissed."""
        return None


class DrawingHooks(ABC, Generic[ModelT]):
    """The board's drawing: the pieces of a model, the marks under and over them, what goes on top."""

    @abstractmethod
    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: ModelT, offset: tuple[float, float]
    ) -> None:
        """Every piece of `model` (also for review: nothing here may depend on the picks)."""

    @abstractmethod
    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        """Marks under the pieces (selection, pieces that can act); True when anything was drawn."""

    @abstractmethod
    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        """Marks over the pieces (targets, preview, hint, cursor); True when anything was drawn."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Last, over effects and dialogs of the board (a dragged piece's arrow, a card over the board)."""

    def layout_changed(self) -> None:
        """The board was laid out again (`board.layout` is new): re-place what follows the board (a card)."""

    def last_cells(self) -> tuple[list[str], int] | None:
        """The last action's squares and its seat, tinted in that seat's accent under the marks; None: none."""
        return None


class InputHooks(ABC, Generic[StateT]):
    """Pointer and keys on an idle human turn, and the picks they build over the settled position."""

    @abstractmethod
    def pointer(self, intent: Intent) -> bool:
        """A pointer intent on an idle human turn; return True from a `Press` to grab the piece there (drag), and
        from a `Hold` that the mode acted on (its release is then ignored)."""

    def position_changed(self, state: StateT, human_to_act: bool) -> object | None:
        """The board settled on a new position (after animations, undo or resume): rebuild what can be picked;
        return an action the mode takes by itself now (a blitz's next round), committed by the board, else None."""
        return None

    def reset(self) -> None:
        """Drop every pick (selection, hover, preview): an action was committed or taken back."""

    def key(self, intent: Intent) -> None:
        """A key intent (arrows, Enter, Tab, other keys) on an idle human turn."""

    def cancel(self) -> bool:
        """Esc: drop the current pick and return True, or return False to let Esc open the pause menu."""
        return False

    def press_while_busy(self, pos: tuple[int, int]) -> bool:
        """A click while events play: True when the mode used it (else it skips the animation)."""
        return False


class PanelHooks(ABC):
    """The side panel: the seats' names, colours and emblems, and the mode's slot between the turn card and the
    move list."""

    #: The panel slot's height in panel units (0: no slot).
    slot_units: float = 0.0

    @abstractmethod
    def seat_name(self, seat: int) -> str:
        """The seat's name as players read it ("Light", "Orange", "Player 2")."""

    @abstractmethod
    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's accent colour."""

    @abstractmethod
    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's emblem in `rect` (turn card and seat row)."""

    def draw_slot_static(self, surface: pygame.Surface, rect: pygame.Rect, unit: int) -> None:  # noqa: B027 (optional: no slot)
        """The slot's unchanging parts (cached with the table)."""

    def panel_slot(self) -> Slot | None:
        """The slot's widgets: drawn each frame (texts that do not fit go to `cut`) and keyed by what they show (the
        panel image cache); None: nothing in the slot changes."""
        return None

    def slot_room(self) -> float:
        """The slot's height now, in panel units (at most `slot_units`): the move list below it takes the rest."""
        return self.slot_units

    def eliminated(self, seat: int) -> bool:
        """True for a seat that dropped out (its chip is greyed and struck through)."""
        return False


class TextHooks(ABC, Generic[StateT]):
    """What the player reads: the move list, the status line, a hint, the hand-over card, the legend."""

    @abstractmethod
    def log_turns(self) -> list[LogTurn]:
        """The move list: one entry per turn with its actions in words (see `game.client.board.wording`), read
        from the game's typed decisions and events (`board.get_timeline()`), never from notation."""

    @abstractmethod
    def status(self, hint: str, note: str) -> str:
        """The status line on an idle human turn (`hint`: the hint's words; `note`: the last undo's words)."""

    @abstractmethod
    def hint_words(self, text: str) -> str:
        """A suggested action (given in notation, read typed by the position) in words for the status line: what
        it does and why, and what it risks where that can be told exactly (`mode_parts.hint_from` reads it, or
        says the notation where the position cannot)."""

    def handover(self, seat: int) -> str | None:
        """The hand-over card's message when the human `seat` takes over from another human, or None: no card."""
        return None

    def turn_left(self, state: StateT) -> str:
        """What the seat to act could still do this turn, in words ("2 actions"), read from the engine's state and
        legal actions: ending the turn (`board.end_turn(action)`) then asks first; '' when nothing is left (or the
        mode has no end of turn)."""
        return ""

    def legend(self) -> list[LegendEntry]:
        """The legend's entries for this mode's badges and marks, shown on F1 or the board's "?" button (the
        board adds its own after them)."""
        return []


class EndHooks(ABC, Generic[StateT]):
    """The game-over card: why the game ended, a summary line and a results table."""

    @abstractmethod
    def end_reason(self, outcome: Outcome) -> str:
        """Why the game ended, for the game-over card."""

    def end_summary(self, state: StateT) -> str:
        """A line for the game-over card ('' for none)."""
        return ""

    def results_size(self) -> tuple[int, int]:
        """(width, height) in layout units of the results table in the game-over card; (0, 0): none."""
        return (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect, scale: float, cut: list[str]) -> None:
        """The results table in `rect` of the game-over card (texts that do not fit go to `cut`)."""


class TraceHooks(ABC, Generic[StateT]):
    """The other seats' last turn, drawn at a glance when a human is to act (`game.client.board.trace`)."""

    def turn_seat(self, state: StateT) -> int | None:
        """The seat whose turn `state` is in (a defender answering in another seat's turn is not it); None: the
        seat to act (a mode whose every decision is its own turn)."""
        return None

    def turn_marks(self, steps: Sequence[TurnStep]) -> list[TurnMark]:
        """What the other seats' decisions `steps` (in order) drew on the board, read from their typed actions and
        events: arrows, turns, "+N", each action's `lead` mark (the board numbers them in order) with its result
        `chip` (`mode_parts.chipped_marks`); nothing for decisions that leave no mark (a deployment, the end of a
        turn)."""
        return []

    def value_rects(self) -> list[pygame.Rect]:
        """Where the pieces on the board show their own numbers (a stack's count), which the last turn's action
        numbers keep clear of."""
        return []


class ModeView(
    ModelHooks[StateT, ModelT],
    DrawingHooks[ModelT],
    InputHooks[StateT],
    PanelHooks,
    TextHooks[StateT],
    EndHooks[StateT],
    TraceHooks[StateT],
):
    """One mode's part of a board scene over its `StateT` positions drawn as `ModelT` models: every job's hooks.
    The one base of every mode's view."""

    def __init_subclass__(cls, partial: bool = False, **kwargs: object) -> None:
        """A view missing a required hook fails here, as its class is made (`partial=True`: a view meant only to
        be subclassed)."""
        super().__init_subclass__(**kwargs)
        missing = missing_hooks(cls)
        if missing and not partial:
            raise TypeError(f"{cls.__name__} lacks the required hooks of a mode's view: {', '.join(missing)}")


def missing_hooks(cls: type[object]) -> list[str]:
    """The required hooks a view class leaves abstract (none for a complete view)."""
    required = ModeView.__abstractmethods__
    return sorted(name for name in required if getattr(getattr(cls, name, None), "__isabstractmethod__", False))
