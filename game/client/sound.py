"""Short sound effects from `assets/sounds/`, played only when the settings allow and audio works."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.client.settings import Settings

log = logging.getLogger(__name__)

#: Effect name -> file in assets/sounds/.
SOUND_FILES = {
    "roll": "roll.wav",
    "slide": "slide.wav",
    "impact": "impact.wav",
    "push": "push.wav",
    "destroy": "destroy.wav",
    "victory": "victory.wav",
    "click": "click.wav",
}


def _sounds_dir() -> Path | None:
    try:
        from game.paths import assets_dir

        return assets_dir() / "sounds"
    except FileNotFoundError:
        return None


class SoundBank:
    """Loads the effects on first use; `play(name)` is a no-op when sound is off or unavailable."""

    def __init__(self, settings: Callable[[], object] | object = None, folder: Path | None = None) -> None:
        self._settings = settings
        self._folder = folder
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ready: bool | None = None
        self.played: list[str] = []  # names asked for while enabled, kept short; tests read it

    def _setting(self, name: str, default: object) -> object:
        source = self._settings() if callable(self._settings) else self._settings
        if source is None:
            return default
        if isinstance(source, dict):
            return source.get(name, default)
        return getattr(source, name, default)

    @property
    def enabled(self) -> bool:
        """True when the player has sound on."""
        return bool(self._setting("sound_on", True))

    def _init(self) -> bool:
        if self._ready is not None:
            return self._ready
        self._ready = False
        # The dummy driver (tests, headless screenshots) plays nothing; skip loading altogether.
        if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
            return False
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init()
            folder = self._folder or _sounds_dir()
            if folder is None:
                return False
            for name, filename in SOUND_FILES.items():
                path = folder / filename
                if path.is_file():
                    self._sounds[name] = pygame.mixer.Sound(str(path))
            self._ready = True
        except Exception as exc:  # no audio device, broken file: play silently instead of failing
            log.info("sound disabled: %s", exc)
            self._ready = False
        return self._ready

    def play(self, name: str) -> None:
        """Play the effect `name` at the configured volume, if sound is on."""
        if not self.enabled:
            return
        self.played.append(name)
        del self.played[:-32]
        if not self._init():
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            raw = self._setting("volume", 0.7)
            volume = float(raw) if isinstance(raw, int | float | str) else 0.7
        except ValueError:
            volume = 0.7
        volume = min(1.0, max(0.0, volume if volume <= 1.0 else volume / 100.0))
        try:
            sound.set_volume(volume)
            sound.play()
        except Exception as exc:  # a mixer that went away mid-game must not end the game
            log.info("sound failed: %s", exc)


class SoundBoard(SoundBank):
    """The program's sound effects, following the settings `settings` returns (sound_on, volume)."""

    def __init__(self, settings: Callable[[], Settings]) -> None:
        super().__init__(settings)
