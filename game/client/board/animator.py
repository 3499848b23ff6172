"""Engine events turned into animation, by event *type*: a mode registers one handler per event class
(`Animator.register(Moved, handler)` or `Animator.handlers.update({...})`) and the handler queues steps with the
helpers here (slide, float, fade, shake, sparks, burst, wait) over `game.client.anim`'s queue.

Every event becomes its own steps in the order the engine emitted them, so a chain of consequences reads one
after another. Model changes happen in the steps' callbacks, so skipping the queue leaves the drawing model
exactly where playing it through would. Events without a handler are skipped.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.client.anim import Anim, AnimQueue, Effect, Step, ease_in_out, ease_out_cubic
from game.client.board.effects import particles
from game.client.board.layout import cell_xy

CELL_SECONDS = 0.1  # slides: 80–120 ms per cell
SLIDE_CAP = 0.6  # and never more than 0.6 s per move
SHAKE_PX = 4.0

#: An event class's animation: each handler takes its own class of event, hence the loose parameter.
Handler = Callable[[Any], None]
#: Event class -> its handler.
Handlers = dict[type, Handler]


class Movable(Protocol):
    """A drawn piece the helpers can slide and fade: board coordinates, lift (0..1), opacity (0..1)."""

    x: float
    y: float
    lift: float
    alpha: float


def slide_seconds(cells: int, per_cell: float = CELL_SECONDS) -> float:
    """Duration of a slide over `cells` cells (capped)."""
    return min(SLIDE_CAP, max(1, cells) * per_cell)


class Animator:
    """Dispatches events to their type's handler; handlers queue steps with the helpers."""

    def __init__(self, queue: AnimQueue, play_sound: Callable[[str], None], seed: int = 5) -> None:
        self.queue = queue
        self.play_sound = play_sound
        self.rng = random.Random(seed)
        self.handlers: Handlers = {}

    def register(self, event_type: type, handler: Handler) -> None:
        """Animate events of `event_type` (exactly that class) with `handler`."""
        self.handlers[event_type] = handler

    def play(self, events: Sequence[object]) -> None:
        """Queue every event's steps in order."""
        for event in events:
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)

    # ----- helpers for handlers -----
    def step(
        self, anims: list[Anim], start: Callable[[], None] | None = None, end: Callable[[], None] | None = None
    ) -> None:
        """Queue anims that play together, with callbacks when they start and end."""
        self.queue.push(Step(anims, start, end))

    def wait(self, seconds: float, start: Callable[[], None] | None = None) -> None:
        """A pause of `seconds` (with an optional callback as it starts)."""
        self.step([Anim("wait", seconds)], start)

    def slide(
        self,
        take: Callable[[], Movable | None],
        src: str,
        dst: str,
        per_cell: float = CELL_SECONDS,
        lift: bool = False,
        sound: str = "",
    ) -> None:
        """Slide the piece `take()` returns (called as the step starts) from `src` to `dst`, eased out."""
        sx, sy = cell_xy(src)
        dx, dy = cell_xy(dst)
        cells = abs(dx - sx) + abs(dy - sy)
        holder: dict[str, Movable | None] = {}

        def start() -> None:
            holder["piece"] = take()
            if sound:
                self.play_sound(sound)

        def tick(t: float) -> None:
            piece = holder.get("piece")
            if piece is None:
                return
            e = ease_out_cubic(t)
            piece.x = sx + (dx - sx) * e
            piece.y = sy + (dy - sy) * e
            piece.lift = math.sin(math.pi * t) if lift else 0.0

        def end() -> None:
            piece = holder.get("piece")
            if piece is not None:
                piece.x, piece.y, piece.lift = float(dx), float(dy), 0.0

        self.step([Anim("slide", slide_seconds(cells, per_cell), on_tick=tick)], start, end)

    def fade_anim(
        self,
        take: Callable[[], Movable | None],
        seconds: float,
        to: float = 0.0,
        on_tick: Callable[[Movable, float], None] | None = None,
    ) -> Anim:
        """An anim fading the piece `take()` returns (looked up on the first tick) to opacity `to`."""
        holder: dict[str, Movable | None] = {}

        def tick(t: float) -> None:
            if "piece" not in holder:
                holder["piece"] = take()
            piece = holder["piece"]
            if piece is not None:
                piece.alpha = 1.0 + (to - 1.0) * ease_in_out(t)
                if on_tick is not None:
                    on_tick(piece, t)

        return Anim("fade", seconds, on_tick=tick)

    def float_text(
        self,
        cell: str,
        text: str,
        colour: tuple[int, int, int],
        delay: float = 0.0,
        at: tuple[float, float] | None = None,
        follow: object = None,
    ) -> None:
        """A number or word that floats up from `cell` (or board coordinates `at`) and fades; with `follow` (a
        piece with `x` and `y`) it rises from wherever that piece is, so a pushed die carries its number along."""
        x, y = at if at is not None else cell_xy(cell)
        self.queue.add_effect(
            Effect(
                "float", 1.0 + delay, {"x": x, "y": y, "text": text, "color": colour, "delay": delay, "follow": follow}
            )
        )

    def shake(self, strength: float = 1.0, seconds: float = 0.22) -> None:
        """Shake the board (at most 4 px, decaying)."""
        self.queue.add_effect(Effect("shake", seconds, {"amp": SHAKE_PX * strength}))

    def spark(self, x: float, y: float) -> None:
        """A short spark at board coordinates (where two pieces meet)."""
        self.queue.add_effect(Effect("spark", 0.3, {"x": x, "y": y}))

    def burst(self, cell: str, colours: list[tuple[int, int, int]]) -> None:
        """A burst of particles from `cell` (a piece destroyed)."""
        x, y = cell_xy(cell)
        self.queue.add_effect(Effect("burst", 0.7, {"x": x, "y": y, "parts": particles(self.rng, colours)}))

    def effect(self, kind: str, seconds: float, **params: object) -> None:
        """Start any effect kind (a mode's own, drawn by its registered drawer)."""
        self.queue.add_effect(Effect(kind, seconds, dict(params)))
