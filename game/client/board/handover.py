"""The hand-over card of pass-and-play: when the seat to act changes between two humans (a defender's decision in
the attacker's turn included), a card names who acts and what is asked ("Orange defends c4 — Stand or
Retreat?"); the board takes no input until that player clicks it or presses Enter or Space.

The scene shows it when `ModeView.handover(seat)` returns a message for the new acting human seat (a mode with
open information and strict turns, like Kubtafl, returns None and never shows it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client import lettering, palette, shapes

if TYPE_CHECKING:
    from game.client.board.mode_view import ModeView
    from game.client.board.signals import BoardEnv

DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class HandoverCard:
    """Who acts (name and colour), what they are asked, and the button text."""

    seat: int
    name: str
    colour: tuple[int, int, int]
    message: str
    button: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    ok: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    pressed: bool = False  # the button went down on the card: only then does its release dismiss it

    def layout(self, bounds: pygame.Rect, unit: int) -> None:
        """Centre the card over `bounds` (the board)."""
        w = min(bounds.w - 2 * unit, unit * 26)
        lines = lettering.wrap(lettering.font(int(unit * 1.1)), self.message, w - 3 * unit)
        h = int(unit * 7.5) + len(lines) * lettering.font(int(unit * 1.1)).get_linesize()
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = bounds.center
        self.ok = pygame.Rect(0, 0, unit * 8, int(unit * 2.4))
        self.ok.midbottom = (self.rect.centerx, self.rect.bottom - unit)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when this event dismisses the card (a click on it, Enter or Space). The release of the click that
        opened the card (pressed before it was up) does not count."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = bool(self.rect.collidepoint(event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            released, self.pressed = self.pressed, False
            return released and bool(self.rect.collidepoint(event.pos))
        return event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS

    def draw(self, surface: pygame.Surface, unit: int) -> None:
        """A veil over the board and a parchment card in the seat's colour."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*palette.VEIL, 170))
        surface.blit(veil, (0, 0))
        shapes.panel(surface, self.rect, unit / 18)
        pygame.draw.rect(surface, self.colour, self.rect.inflate(-unit // 2, -unit // 2), 3, border_radius=10)
        lettering.label(
            surface,
            self.name,
            int(unit * 1.8),
            self.colour,
            center=(self.rect.centerx, self.rect.top + unit * 2.2),
            bold=True,
            shadow=palette.SHADOW,
        )
        f = lettering.font(int(unit * 1.1))
        y = self.rect.top + int(unit * 3.8)
        for line in lettering.wrap(f, self.message, self.rect.w - 3 * unit):
            image = f.render(line, True, palette.PARCHMENT)
            surface.blit(image, image.get_rect(midtop=(self.rect.centerx, y)))
            y += f.get_linesize()
        pygame.draw.rect(surface, self.colour, self.ok, border_radius=8)
        pygame.draw.rect(surface, palette.CHIP_EDGE, self.ok, 2, border_radius=8)
        lettering.label(surface, self.button, int(unit * 1.0), palette.INK, center=self.ok.center, bold=True)


class HandoverFlow:
    """When the acting human changes, the card; the events held back until it is dismissed (those that open the
    next human's turn, its roll); and which human acted last. It reads the board's `env`, the mode's `view` and where
    the board is (`place()`: its frame and the panel's unit); `play_on` plays the held events, `undo` takes back."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        place: Callable[[], tuple[pygame.Rect, int]],
        *,
        play_on: Callable[[list[object]], None],
        undo: Callable[[], None],
        in_lesson: Callable[[], bool],
    ) -> None:
        self.env = env
        self.view = view
        self.place = place
        self.play_on = play_on
        self.undo = undo
        self.in_lesson = in_lesson
        self.card: HandoverCard | None = None
        self.last_human: int | None = None  # the human seat that acted last
        self.held: list[object] = []  # events that open the next human's turn, played once the card is dismissed
        self.opening: int | None = None  # the seat whose turn the held events open while they play (the turn card)

    def reset(self, keep_last: bool = True) -> None:
        """No card, nothing held (a new game also forgets the last human)."""
        self.card = None
        self.held = []
        self.opening = None
        if not keep_last:
            self.last_human = None

    def settled(self) -> None:
        """The board settled: the card when the acting human changed and the mode asks for it."""
        message = self.due()
        if message:
            self.open(message)
        s = self.env.session()
        if s is not None and not s.is_over and s.is_human_turn:
            self.last_human = s.current_seat

    def due(self) -> str | None:
        """The mode's hand-over message when a human other than the last one is to act now, else None."""
        s = self.env.session()
        if s is None or s.is_over or not s.is_human_turn or self.in_lesson():
            return None  # a lesson has one player: the lesson itself moves the other side
        seat = s.current_seat
        if self.last_human is None or self.last_human == seat:
            return None
        return self.view.handover(seat) or None

    def open(self, message: str) -> None:
        """Show the card for the seat to act."""
        seat = self.env.live.current_seat
        view = self.view
        self.card = HandoverCard(
            seat, view.seat_name(seat), view.seat_colour(seat), message, self.env.t("board.handover.ready")
        )
        self.layout()

    def layout(self) -> None:
        """Centre an open card over the board."""
        if self.card is not None:
            self.card.layout(*self.place())

    def split(self, events: list[object]) -> list[object]:
        """The events to play now; when a hand-over is due, those after the mode's `turn_opened` event for the
        seat to act (its turn roll) are held back and the card opens first: the player takes the seat, then sees
        the roll. Chance outcomes that resolve the previous player's action come before the turn opens: they play
        before the card."""
        message = self.due()
        if not message:
            return events
        seat = self.env.live.current_seat
        cut = max((i for i, e in enumerate(events) if self.view.turn_opened(e) == seat), default=len(events) - 1)
        if cut >= len(events) - 1:
            return events  # nothing after the turn opened: the card comes when the board settles, as always
        self.held = events[cut + 1 :]
        self.open(message)  # drawn and answered once the events before it have played out
        self.last_human = seat
        return events[: cut + 1]

    def dismiss(self) -> None:
        """The player took the seat: close the card and play what opens their turn."""
        self.card = None
        held, self.held = self.held, []
        if held:
            self.opening = self.env.live.current_seat
            self.play_on(held)

    def handle(self, event: pygame.event.Event, ctrl_z: bool) -> bool:
        """While the card is up it takes every event: Ctrl+Z still takes a decision back; True when it was up."""
        if self.card is None:
            return False
        if ctrl_z:
            self.undo()  # the card waits for a player, but taking a decision back never does
        elif self.card.handle(event):
            self.dismiss()
        return True
