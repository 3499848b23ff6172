"""A yes/no question over any screen, asked before something that cannot be taken back (Restart, deleting an
unfinished game): a dimmed veil, a card with the question and two buttons. Enter or a click answers,
Esc says no (or, for a question between two ways to go on, does neither); while it is open the screen under it gets
no input."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, palette, shapes
from game.client.widgets import ButtonGroup

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.look import Look

CONFIRM_LAYER = 60  # above every dialog a screen shows (game dialogs use 40)
CARD_W = 460
QUESTION_SIZE = 20


class Confirm:
    """The question, the words on its two buttons and what each does."""

    def __init__(
        self,
        app: App,
        question: str,
        yes: str,
        no: str,
        on_yes: Callable[[], object],
        on_no: Callable[[], object] | None = None,
        on_escape: Callable[[], object] | None = None,
    ) -> None:
        self.app = app
        self.question = question
        self.yes, self.no = yes, no
        self.on_yes, self.on_no = on_yes, on_no
        self.on_escape = on_escape  # what Esc does when it is not the no button's answer
        self.buttons = ButtonGroup(horizontal=True)
        self.elements: list[pygame_gui.elements.UIImage] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.open = False

    def build(self) -> None:
        """Create the veil, card and buttons (again after the screen's UI was reset or resized)."""
        self._kill()
        app, s = self.app, self.app.s
        size = app.screen_size
        veil, self.rect = card(app, size, self.question)
        self.elements.append(
            pygame_gui.elements.UIImage(pygame.Rect((0, 0), size), veil, app.ui, starting_height=CONFIRM_LAYER - 1)
        )
        bw, bh = (self.rect.w - s(28 * 2 + 16)) // 2, s(50)
        y = self.rect.bottom - s(30) - bh
        self.buttons.add(
            app.ui,
            pygame.Rect(self.rect.x + s(28), y, bw, bh),
            self.no,
            self.answer_no,
            object_id="#menu_button",
            layer=CONFIRM_LAYER,
        )
        self.buttons.add(
            app.ui,
            pygame.Rect(self.rect.right - s(28) - bw, y, bw, bh),
            self.yes,
            self.answer_yes,
            object_id="#primary",
            layer=CONFIRM_LAYER,
        )
        self.buttons.set_focus(1)
        self.open = True

    def _kill(self) -> None:
        for element in [*self.elements, *self.buttons.buttons]:
            gui.kill(element)
        self.elements = []
        self.buttons.clear()

    def close(self) -> None:
        """Take the question off the screen."""
        self._kill()
        self.open = False

    def answer_yes(self) -> None:
        """Go ahead."""
        self.close()
        self.on_yes()

    def answer_no(self) -> None:
        """Leave things as they are."""
        self.close()
        if self.on_no is not None:
            self.on_no()

    def handle(self, event: pygame.event.Event) -> None:
        """Every event while open: the buttons, arrows, Enter; Esc answers no."""
        if self.buttons.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.on_escape is None:
                self.answer_no()
            else:
                self.close()
                self.on_escape()


def card(look: Look, size: tuple[int, int], question: str) -> tuple[pygame.Surface, pygame.Rect]:
    """A veil over a screen of `size` with the question's card on it (room left for the buttons), and the card."""
    s = look.s
    font = look.fonts.get(s(QUESTION_SIZE), True)
    width = min(s(CARD_W), size[0] - s(40))
    lines = lettering.wrap(font, question, width - s(56))
    text_h = len(lines) * font.get_linesize()
    rect = pygame.Rect(0, 0, width, s(36) + text_h + s(24 + 50 + 30))
    rect.center = (size[0] // 2, size[1] // 2)
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((*palette.VEIL, 170))
    shapes.panel(veil, rect, look.ui_scale)
    box = pygame.Rect(rect.x + s(28), rect.y + s(36), rect.w - s(56), text_h)
    lettering.wrapped_text(
        look, veil, question, box, size=QUESTION_SIZE, bold=True, colour=palette.PARCHMENT, align="center"
    )
    return veil, rect
