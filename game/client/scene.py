"""Scenes and the scene manager: named screens, a stack for overlays, and short fade transitions.

Life cycle: `goto(name, **ctx)` replaces every open scene (each gets `leave()`), then the new one gets
`enter(**ctx)`. `push(name, **ctx)` opens a scene on top (settings or rules from a game): the one below
gets `pause()` and later, on `pop()`, `resize(size)` if the window changed meanwhile and then `resume()`.
The manager removes every pygame_gui element on each switch, so a scene builds its elements in
`enter`, `resume` and `resize`.

The player's loop draws only when input comes or something changes by itself: a scene that moves without input
(an animation, a timer, a slow "thinking" mark) says when in `wake_in`, and the loop rests otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client import gui
from game.engine import registry

if TYPE_CHECKING:
    from game.client.app import App

FADE_SECONDS = 0.18


class Scene:
    """One screen of the game. Subclasses override the hooks they need."""

    #: Name under which the scene is registered (set by the manager).
    name: str = ""
    #: The window size the scene last laid out for (kept by the manager).
    laid_out_for: tuple[int, int] | None = None

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self, **context: Any) -> None:  # Any: each scene names and types the keywords it takes
        """Called when the scene becomes current; `context` comes from `goto`/`push`."""

    def leave(self) -> None:
        """Called when the scene stops being current (replaced, or popped)."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one (it stays alive underneath)."""

    def resume(self) -> None:
        """Called when the scene on top of this one was popped; its UI elements were cleared, so lay out again."""
        self.resize(self.app.screen_size)

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event (pygame_gui events included)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (called at a fixed 1/60 s step while anything moves; after a rest, once with the
        whole time the loop rested)."""

    def wake_in(self) -> float | None:
        """Seconds until this screen changes by itself: 0 while it animates, None while only input changes it (a
        screen that moves by itself must say so, or the loop rests while it moves)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen onto `surface` (pygame_gui elements are drawn by the app afterwards)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw on top of the pygame_gui elements (badges, icons on buttons)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild the layout for `size`."""


SceneFactory = Callable[["App"], Scene]


class SceneManager:
    """Named scenes with a stack (for settings/rules opened from a game) and a fade between screens."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._factories: dict[str, SceneFactory | str] = {}
        self._instances: dict[str, Scene] = {}
        self.stack: list[Scene] = []
        self._fade = 0.0  # remaining fade-in time, seconds
        self.fade_enabled = True

    def register(self, name: str, factory: SceneFactory | str) -> None:
        """Register a scene class (or 'module:Class' string, imported on first use) under `name`."""
        self._factories[name] = factory
        self._instances.pop(name, None)

    def names(self) -> list[str]:
        """The registered scene names."""
        return list(self._factories)

    def has(self, name: str) -> bool:
        """True when `name` is registered."""
        return name in self._factories

    def get(self, name: str) -> Scene:
        """The scene instance registered as `name`, created on first use."""
        scene = self._instances.get(name)
        if scene is None:
            factory = self._factories[name]
            if isinstance(factory, str):
                factory = registry.resolve(factory)
            scene = factory(self.app)
            scene.name = name
            self._instances[name] = scene
        return scene

    @property
    def current(self) -> Scene | None:
        """The scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    @property
    def current_name(self) -> str:
        """Name of the scene on top, or '' when none."""
        return self.stack[-1].name if self.stack else ""

    def goto(self, name: str, **context: object) -> Scene:
        """Replace the whole stack with the scene `name`."""
        scene = self.get(name)
        self._clear_ui()
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        self._laid_out(scene)
        scene.enter(**context)
        self._start_fade()
        return scene

    def push(self, name: str, **context: object) -> Scene:
        """Open `name` on top of the current scene, which stays alive (paused) underneath."""
        scene = self.get(name)
        if scene in self.stack:
            return self.goto(name, **context)
        if self.current is not None:
            self.current.pause()
        self._clear_ui()
        self.stack.append(scene)
        self._laid_out(scene)
        scene.enter(**context)
        self._start_fade()
        return scene

    def pop(self) -> Scene | None:
        """Close the top scene and resume the one underneath; with nothing underneath go to the menu."""
        if len(self.stack) <= 1:
            return self.goto("menu") if self.has("menu") else None
        self._clear_ui()
        self.stack.pop().leave()
        below = self.stack[-1]
        size = self.app.screen_size
        if below.laid_out_for != size:
            below.laid_out_for = size
            below.resize(size)
            self._clear_ui()
        below.resume()
        self._start_fade()
        return below

    def back(self) -> Scene | None:
        """The 'Back' action of screens like settings and rules: pop, or to the menu."""
        return self.pop()

    def _laid_out(self, scene: Scene) -> None:
        scene.laid_out_for = self.app.screen_size

    def _clear_ui(self) -> None:
        # Every scene builds its own pygame_gui elements in enter/resume; none survive a switch.
        gui.reset(self.app.ui)

    def _start_fade(self) -> None:
        self._fade = FADE_SECONDS if self.fade_enabled else 0.0

    def update(self, dt: float) -> None:
        """Advance the fade and the current scene."""
        self._fade = max(0.0, self._fade - dt)
        if self.current is not None:
            self.current.update(dt)

    def wake_in(self) -> float | None:
        """When the screens next change by themselves: now while the fade runs, else when the current one says."""
        if self._fade > 0:
            return 0.0
        return self.current.wake_in() if self.current is not None else None

    def fade_alpha(self) -> int:
        """Opacity (0-255) of the black veil drawn over a freshly entered scene."""
        if self._fade <= 0:
            return 0
        return int(255 * (self._fade / FADE_SECONDS) ** 2)
