"""Keyboard-and-mouse button groups on top of pygame_gui, shared by menus and dialogs."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui
from game.client.modes import MODE

if TYPE_CHECKING:
    from game.client.app import App

NEXT_KEYS = {pygame.K_DOWN, pygame.K_s}
PREV_KEYS = {pygame.K_UP, pygame.K_w}
ACTIVATE_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}


class FocusButton(pygame_gui.elements.UIButton):
    """A button the keyboard focus may rest on that the mouse still hovers: hovering focuses it (see `ButtonGroup`,
    which shows it selected again), and a focused button stays hovered, so its tooltip shows (pygame_gui hovers
    only unselected buttons)."""

    def can_hover(self) -> bool:
        """Hovered while enabled and not held, focused or not."""
        return bool(self.is_enabled and not self.held)


class ButtonGroup:
    """pygame_gui buttons with callbacks and a keyboard focus (arrows/Tab move, Enter/Space press).

    The focused button is shown in pygame_gui's 'selected' state; hovering with the mouse moves the focus.
    """

    def __init__(self, horizontal: bool = False) -> None:
        self.horizontal = horizontal
        self.buttons: list[pygame_gui.elements.UIButton] = []
        self.callbacks: dict[pygame_gui.elements.UIButton, Callable[[], object]] = {}
        self.focus_index = -1

    def add(
        self,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        text: str,
        callback: Callable[[], object],
        *,
        enabled: bool = True,
        object_id: str | None = None,
        tooltip: str | None = None,
        container: pygame_gui.core.interfaces.IContainerLikeInterface | None = None,
        layer: int = 1,
    ) -> pygame_gui.elements.UIButton:
        """Create a button (at UI layer `layer`) and register its callback."""
        button = FocusButton(
            relative_rect=rect,
            text=text,
            manager=manager,
            container=container,
            object_id=object_id,
            tool_tip_text=tooltip,
            starting_height=layer,
        )
        gui.set_enabled(button, enabled)
        self.buttons.append(button)
        self.callbacks[button] = callback
        return button

    def enabled(self) -> list[int]:
        """Indices of the buttons that can take focus."""
        return [i for i, b in enumerate(self.buttons) if b.is_enabled and b.visible]

    def set_focus(self, index: int) -> None:
        """Focus the button at `index` (or nothing with -1)."""
        if 0 <= self.focus_index < len(self.buttons):
            gui.set_selected(self.buttons[self.focus_index], False)
        self.focus_index = index
        if 0 <= index < len(self.buttons):
            gui.set_selected(self.buttons[index], True)

    @property
    def focused(self) -> pygame_gui.elements.UIButton | None:
        """The focused button."""
        return self.buttons[self.focus_index] if 0 <= self.focus_index < len(self.buttons) else None

    def move(self, step: int) -> None:
        """Move the focus to the next (+1) or previous (-1) enabled button, wrapping round."""
        order = self.enabled()
        if not order:
            return
        if self.focus_index not in order:
            self.set_focus(order[0] if step > 0 else order[-1])
            return
        pos = order.index(self.focus_index)
        self.set_focus(order[(pos + step) % len(order)])

    def activate(self, button: object) -> bool:
        """Run the callback of `button`; True when it belonged to this group."""
        if not isinstance(button, pygame_gui.elements.UIButton):
            return False
        callback = self.callbacks.get(button)
        if callback is None or not button.is_enabled:
            return False
        callback()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Process one event; True when it was used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.activate(event.ui_element)
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self.callbacks:
            index = self.buttons.index(event.ui_element)
            if index in self.enabled():
                self.set_focus(index)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        nxt = NEXT_KEYS | ({pygame.K_RIGHT, pygame.K_d} if self.horizontal else set())
        prv = PREV_KEYS | ({pygame.K_LEFT, pygame.K_a} if self.horizontal else set())
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in nxt:
            self.move(1)
            return True
        if event.key in prv:
            self.move(-1)
            return True
        if event.key in ACTIVATE_KEYS and self.focused is not None:
            return self.activate(self.focused)
        return False

    def clear(self) -> None:
        """Forget the buttons (after the UI was reset)."""
        self.buttons.clear()
        self.callbacks.clear()
        self.focus_index = -1


def text_room(element: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel) -> tuple[int, int]:
    """(width the label needs, width the widget shows) for a pygame_gui button or label, in its own font."""
    shape = getattr(element, "drawable_shape", None)
    if shape is None or not element.text or element.font is None:
        return 0, 0
    # The same buffer pygame_gui takes off the width before laying text out (its text_view_rect is not always
    # updated after a rebuild, so it is computed here from the parts).
    theming = shape.theming
    padding = 0
    if theming.get("text_horiz_alignment") in ("left", "right"):
        padding = int(theming.get("text_horiz_alignment_padding", 0))
    buffer = (
        2 * shape.shadow_width
        + shape.border_widths["left"]
        + shape.border_widths["right"]
        + sum(shape.rounded_corner_width_offsets)
        + padding
    )
    return element.font.size(element.text)[0], element.rect.w - buffer


def segment_row(
    manager: pygame_gui.UIManager,
    labels: list[str],
    x: int,
    y: int,
    width: int,
    height: int,
    gap: int,
    *,
    object_id: str = "#segment",
    tips: Sequence[str | None] = (),
) -> list[pygame_gui.elements.UIButton]:
    """A row of buttons spanning `width`: equal widths when every label fits, else each widened to its label
    (`tips`: a tooltip per button, None for none).

    Widths are measured with the buttons' own themed font, so a long translation (e.g. «Мгновенно») never gets cut.
    """
    n = len(labels)
    equal = (width - gap * (n - 1)) // max(1, n)

    def build(widths: list[int]) -> list[pygame_gui.elements.UIButton]:
        made, left = [], x
        for i, (label, bw) in enumerate(zip(labels, widths, strict=True)):
            tip = tips[i] if i < len(tips) else None
            made.append(
                pygame_gui.elements.UIButton(
                    pygame.Rect(left, y, bw, height), label, manager, object_id=object_id, tool_tip_text=tip
                )
            )
            left += bw + gap
        return made

    buttons = build([equal] * n)
    # A little air either side of the text, so a label that fits does not touch the border.
    air = max(4, height // 4)
    needed = []
    for button in buttons:
        text_w, room = text_room(button)
        needed.append(text_w + (button.rect.w - room) + air)
    if all(need <= equal for need in needed):
        return buttons
    spare = width - gap * (n - 1) - sum(needed)
    if spare < 0:
        # Not enough room for all: share the width in proportion to the labels (the least bad cut).
        widths = [max(1, (width - gap * (n - 1)) * need // sum(needed)) for need in needed]
    else:
        widths = [need + spare // n for need in needed]
    # Built again rather than resized: pygame_gui redraws a resized button's border and text unreliably.
    for button in buttons:
        gui.kill(button)
    return build(widths)


def mode_tabs(
    app: App,
    modes: Sequence[str],
    x: int,
    y: int,
    width: int,
    selected: str,
    closed: Collection[str] = (),
    closed_tip: str | None = None,
) -> dict[pygame_gui.elements.UIButton, str]:
    """A row of tabs, one per game, spanning `width` at (x, y): `selected` selected, those `closed` disabled with
    `closed_tip` saying why; each tab button maps to its mode. Equal tabs when every name fits, else each widened
    to its name (`segment_row`)."""
    s = app.s
    labels = [app.t(MODE(mode)) for mode in modes]
    tips = [closed_tip if mode in closed else None for mode in modes]
    buttons = segment_row(app.ui, labels, x, y, width, s(40), s(10), object_id="#tab", tips=tips)
    tabs: dict[pygame_gui.elements.UIButton, str] = {}
    for button, mode in zip(buttons, modes, strict=True):
        gui.set_enabled(button, mode not in closed)
        if mode == selected:
            gui.set_selected(button, True)
        tabs[button] = mode
    return tabs
