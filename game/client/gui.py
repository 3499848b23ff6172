"""Typed calls into pygame_gui: the state changes of its elements and its manager carry no annotations there, so
the client makes them through these functions, each taking the narrow shape it uses (checked under mypy --strict,
with no import of pygame_gui)."""

from __future__ import annotations

from typing import Protocol


class Switchable(Protocol):
    """An element that can be enabled and disabled (any pygame_gui element)."""

    @property
    def is_enabled(self) -> bool: ...

    def enable(self) -> None: ...

    def disable(self) -> None: ...


class Selectable(Protocol):
    """An element shown selected or not (a pygame_gui button)."""

    def select(self) -> None: ...

    def unselect(self) -> None: ...


class Focusable(Protocol):
    """An element that takes the keyboard focus (a pygame_gui text entry)."""

    def focus(self) -> None: ...

    def unfocus(self) -> None: ...


class Killable(Protocol):
    """An element that can be removed from its UI (any pygame_gui element)."""

    def kill(self) -> None: ...


class Resettable(Protocol):
    """A UI that can drop every element it holds (pygame_gui's manager)."""

    def clear_and_reset(self) -> None: ...


def set_enabled(element: Switchable, enabled: bool) -> None:
    """Enable or disable `element`; nothing when it already is so."""
    if enabled and not element.is_enabled:
        element.enable()
    elif not enabled and element.is_enabled:
        element.disable()


def set_selected(element: Selectable, selected: bool) -> None:
    """Show `element` selected or not."""
    if selected:
        element.select()
    else:
        element.unselect()


def set_focused(element: Focusable, focused: bool) -> None:
    """Give `element` the keyboard focus or take it away."""
    if focused:
        element.focus()
    else:
        element.unfocus()


def kill(element: Killable) -> None:
    """Remove `element` from its UI."""
    element.kill()


def reset(ui: Resettable) -> None:
    """Drop every element of `ui`, which starts empty again."""
    ui.clear_and_reset()
