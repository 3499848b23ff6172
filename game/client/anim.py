"""Time-based animation: easing curves, tweens, a queue of steps played in order, and free effects.

A scene turns engine events into `Step`s. Steps play one after another; the anims inside one step play
together. Each step may carry callbacks that change the scene's display model when it starts and ends,
so skipping (finishing every step at once) leaves the model exactly where playing it through would.
Effects (particles, floating numbers, a board shake) are decorative: they never block input.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Duration multipliers for the animation-speed setting; "instant" finishes every step on arrival.
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def speed_factor(setting: object) -> float:
    """The duration multiplier for an animation-speed setting value (unknown values mean normal)."""
    return SPEED_FACTORS.get(str(setting), 1.0)


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and stop (cubic)."""
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots slightly, then settles: for things that pop in."""
    t = min(1.0, max(0.0, t))
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def squash(t: float) -> float:
    """0 → 1 → 0 with a quick attack: the amount of an impact squash over its duration."""
    t = min(1.0, max(0.0, t))
    return math.sin(math.pi * t) * (1.0 - t * 0.3)


@dataclass
class Anim:
    """One tween: a named kind with free parameters, advanced by time; t runs 0 → 1."""

    kind: str
    duration: float
    params: dict[str, Any] = field(default_factory=dict)
    elapsed: float = 0.0
    on_tick: Callable[[float], None] | None = None  # applies progress t to the scene's model

    def tick(self) -> None:
        """Push the current progress into the model."""
        if self.on_tick is not None:
            self.on_tick(self.t)

    @property
    def t(self) -> float:
        """Progress 0..1."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        """True once the tween reached its end."""
        return self.elapsed >= self.duration

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = max(self.elapsed, self.duration)


@dataclass
class Step:
    """Anims that play together, with callbacks run when the step starts and when it ends."""

    anims: list[Anim] = field(default_factory=list)
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    started: bool = False

    @property
    def duration(self) -> float:
        """The longest anim's duration."""
        return max((a.duration for a in self.anims), default=0.0)

    @property
    def done(self) -> bool:
        """True once every anim reached its end."""
        return all(a.done for a in self.anims)


@dataclass
class Effect:
    """A decorative, non-blocking tween (particle burst, floating number, shake)."""

    kind: str
    duration: float
    params: dict[str, Any] = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def t(self) -> float:
        """Progress 0..1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


class AnimQueue:
    """Steps in order, scaled by a speed setting; `skip` finishes them all at once."""

    def __init__(self, speed: Callable[[], object] | None = None) -> None:
        self._speed = speed or (lambda: "normal")
        self.steps: deque[Step] = deque()
        self.effects: list[Effect] = []

    @property
    def busy(self) -> bool:
        """True while steps remain (input waits for this to be False)."""
        return bool(self.steps)

    @property
    def current(self) -> Step | None:
        """The step now playing."""
        return self.steps[0] if self.steps else None

    def push(self, step: Step) -> None:
        """Queue a step; with the speed set to instant it completes at once."""
        self.steps.append(step)
        if speed_factor(self._speed()) == 0.0:
            self.skip()

    def add_effect(self, effect: Effect) -> None:
        """Start a decorative effect (dropped at once when animations are instant)."""
        if speed_factor(self._speed()) == 0.0:
            return
        self.effects.append(effect)

    def update(self, dt: float) -> None:
        """Advance by `dt` real seconds."""
        factor = speed_factor(self._speed())
        if factor == 0.0:
            self.skip()
            return
        scaled = dt / factor
        # A large dt (a stall) may cover several short steps; carry what's left to the next one.
        while self.steps and scaled >= 0:
            step = self.steps[0]
            self._start(step)
            remaining = max(0.0, step.duration - max((a.elapsed for a in step.anims), default=0.0))
            for anim in step.anims:
                anim.elapsed += scaled
                anim.tick()
            if not step.done:
                break
            self._end(step)
            scaled -= remaining
            if scaled <= 0:
                break
        for effect in self.effects:
            effect.elapsed += dt / factor
        self.effects = [e for e in self.effects if e.elapsed < e.duration]

    def skip(self) -> None:
        """Finish every queued step now (callbacks run in order) and drop running effects."""
        while self.steps:
            step = self.steps[0]
            self._start(step)
            for anim in step.anims:
                anim.finish()
                anim.tick()
            self._end(step)
        self.effects.clear()

    def clear(self) -> None:
        """Forget everything without running callbacks (the caller resyncs its model)."""
        self.steps.clear()
        self.effects.clear()

    def _start(self, step: Step) -> None:
        if not step.started:
            step.started = True
            if step.on_start is not None:
                step.on_start()

    def _end(self, step: Step) -> None:
        self.steps.popleft()
        if step.on_end is not None:
            step.on_end()
