"""Turns Kubtafl engine events into animation steps that change the board model as they play.

Each event becomes one step in the queue, in the order the engine emitted them, so a push chain reads
like billiards: slide, hit, numbers, the struck die slides on, hits the next. Model changes happen in
the steps' callbacks, so skipping the queue leaves the model exactly where playing it would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.client.anim import Anim, AnimQueue, Effect, Step, ease_in_out, ease_out_back, ease_out_cubic, squash
from game.client.kubtafl.layout import cell_xy
from game.client.kubtafl.model import BoardModel, DieView

CELL_SECONDS = 0.1  # slides: 80–120 ms per cell
SLIDE_CAP = 0.6
PUSH_CELL_SECONDS = 0.09
SHAKE_PX = 4.0

_PARTICLE_COLORS = {
    "light": [(246, 238, 218), (214, 200, 166), (255, 255, 240), (230, 159, 0)],
    "dark": [(70, 74, 82), (46, 49, 55), (196, 170, 116), (86, 180, 233)],
}


def _field(event: Any, *names: str, default: Any = None) -> Any:
    """The first present field of an event (field names are read defensively: kind/die etc.)."""
    for name in names:
        if name in getattr(event, "__dataclass_fields__", {}):
            return getattr(event, name)
    return default


def slide_seconds(cells: int, per_cell: float = CELL_SECONDS) -> float:
    """Duration of a slide over `cells` cells (capped)."""
    return min(SLIDE_CAP, max(1, cells) * per_cell)


class Animator:
    """Queues steps for events against the scene's current model."""

    def __init__(self, queue: AnimQueue, model: Callable[[], BoardModel], play_sound: Callable[[str], None],
                 seed: int = 5) -> None:
        self.queue = queue
        self.model = model
        self.play_sound = play_sound
        self.rng = random.Random(seed)

    # ----- public -----
    def play(self, events: list[Any]) -> None:
        """Queue every event's step in order."""
        for event in events:
            handler = getattr(self, f"_on_{type(event).__name__}", None)
            if handler is not None:
                handler(event)

    # ----- helpers -----
    def _die(self, cell: str) -> DieView | None:
        return self.model().dice.get(cell)

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.play_sound(name)

    def _slide(self, src: str, dst: str, per_cell: float, lift: bool, sound: str) -> None:
        sx, sy = cell_xy(src)
        dx, dy = cell_xy(dst)
        cells = abs(dx - sx) + abs(dy - sy)
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            holder["die"] = self.model().move(src, dst)
            self.play_sound(sound)

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is None:
                return
            e = ease_out_cubic(t)
            die.x = sx + (dx - sx) * e
            die.y = sy + (dy - sy) * e
            die.lift = math.sin(math.pi * t) if lift else 0.0

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.x, die.y, die.lift = float(dx), float(dy), 0.0

        self.queue.push(Step([Anim("slide", slide_seconds(cells, per_cell), on_tick=tick)], start, end))

    def _float(self, cell: str, text: str, color: tuple[int, int, int], delay: float = 0.0) -> None:
        x, y = cell_xy(cell)
        self.queue.add_effect(Effect("float", 1.0 + delay, {"x": x, "y": y, "text": text, "color": color,
                                                            "delay": delay}))

    def _hit(self, target: str, axis: tuple[int, int], strength: float) -> Anim:
        holder: dict[str, DieView | None] = {}

        def tick(t: float) -> None:
            if "die" not in holder:
                holder["die"] = self._die(target)
            die = holder["die"]
            if die is not None:
                die.squash = squash(t) if t < 1 else 0.0
                die.squash_axis = axis

        return Anim("squash", 0.16, on_tick=tick)

    # ----- events -----
    def _on_Moved(self, ev: Any) -> None:
        self._slide(ev.src, ev.dst, CELL_SECONDS, True, "slide")

    def _on_Pushed(self, ev: Any) -> None:
        self._slide(ev.src, ev.dst, PUSH_CELL_SECONDS, False, "push")

    def _impact(self, attacker: str, target: str, strength: float) -> None:
        ax, ay = cell_xy(attacker)
        tx, ty = cell_xy(target)
        axis = (int(math.copysign(1, tx - ax)) if tx != ax else 0, int(math.copysign(1, ty - ay)) if ty != ay else 0)
        anim = self._hit(target, axis, strength)

        def start() -> None:
            self.play_sound("impact")
            self.queue.add_effect(Effect("shake", 0.22, {"amp": SHAKE_PX * strength}))
            self.queue.add_effect(Effect("spark", 0.3, {"x": (ax + tx) / 2, "y": (ay + ty) / 2}))

        self.queue.push(Step([anim], start))

    def _on_Impact(self, ev: Any) -> None:
        self._impact(ev.attacker, ev.target, 1.0)

    def _on_Ricochet(self, ev: Any) -> None:
        self._impact(ev.striker, ev.struck, 0.75)

    def _on_Damaged(self, ev: Any) -> None:
        cell, new, amount = ev.cell, ev.new, ev.amount
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            holder["die"] = self._die(cell)
            self._float(cell, f"−{amount}", (255, 96, 72))

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = t < 0.75 and new > 0

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = False
                if new > 0:
                    die.value = new

        self.queue.push(Step([Anim("damage", 0.3, on_tick=tick)], start, end))

    def _on_Destroyed(self, ev: Any) -> None:
        cell, side = ev.cell, ev.side
        kind = _field(ev, "die", "kind_name", default="")
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            model = self.model()
            die = model.dice.pop(cell, None)
            holder["die"] = die
            if die is not None:
                model.ghosts.append(die)
            self.play_sound("destroy")
            x, y = cell_xy(cell)
            self.queue.add_effect(Effect("burst", 0.7, {"x": x, "y": y, "parts": self._particles(side)}))

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.alpha = 1.0 - ease_in_out(t)
                die.squash = 0.6 * t
                die.squash_axis = (0, 1)

        def end() -> None:
            model = self.model()
            die = holder.get("die")
            if die is not None and die in model.ghosts:
                model.ghosts.remove(die)
            if kind and kind not in model.removed.setdefault(side, []):
                model.removed[side].append(kind)

        self.queue.push(Step([Anim("destroy", 0.36, on_tick=tick)], start, end))

    def _particles(self, side: str) -> list[tuple[float, float, float, float, tuple[int, int, int]]]:
        parts = []
        colors = _PARTICLE_COLORS.get(side, _PARTICLE_COLORS["light"])
        for _ in range(22):
            angle = self.rng.uniform(0, 2 * math.pi)
            speed = self.rng.uniform(0.6, 1.8)
            parts.append((math.cos(angle) * speed, math.sin(angle) * speed, self.rng.uniform(0.05, 0.12),
                          self.rng.uniform(0, 0.3), self.rng.choice(colors)))
        return parts

    def _on_Pinned(self, ev: Any) -> None:
        cells = (ev.attacker, ev.partner, ev.target)
        holders: list[DieView | None] = []

        def start() -> None:
            holders.extend(self._die(c) for c in cells)
            self.play_sound("impact")
            ax, ay = cell_xy(ev.attacker)
            px, py = cell_xy(ev.partner)
            self.queue.add_effect(Effect("pin", 0.7, {"a": (ax, ay), "b": (px, py)}))

        def tick(t: float) -> None:
            for die in holders:
                if die is not None:
                    die.flash = math.sin(math.pi * min(1.0, t * 1.4)) if t < 0.72 else 0.0

        def end() -> None:
            for die in holders:
                if die is not None:
                    die.flash = 0.0

        self.queue.push(Step([Anim("pin", 0.42, on_tick=tick)], start, end))

    def _on_Transferred(self, ev: Any) -> None:
        donor, recipient, amount = ev.donor, ev.recipient, ev.amount

        def start() -> None:
            self.play_sound("click")
            dx, dy = cell_xy(donor)
            rx, ry = cell_xy(recipient)
            self.queue.add_effect(Effect("orbs", 0.45, {"a": (dx, dy), "b": (rx, ry), "n": min(8, 2 + amount)}))
            self._float(recipient, f"+{amount}", (120, 230, 150), delay=0.2)

        self.queue.push(Step([Anim("transfer", 0.45)], start))

    def _on_ValueChanged(self, ev: Any) -> None:
        cell, new = ev.cell, ev.new
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            holder["die"] = self._die(cell)

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = t < 0.7

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = False
                die.value = new

        self.queue.push(Step([Anim("value", 0.22, on_tick=tick)], start, end))

    def _on_ReEntered(self, ev: Any) -> None:
        side, cell, value = ev.side, ev.cell, ev.value
        kind = _field(ev, "die", "kind_name", default="d6")
        x, y = cell_xy(cell)
        holder: dict[str, DieView] = {}

        def start() -> None:
            model = self.model()
            pool = model.removed.setdefault(side, [])
            if kind in pool:
                pool.remove(kind)
            die = DieView(side, kind, value, float(x), float(y), alpha=0.0, lift=1.0)
            model.dice[cell] = die
            holder["die"] = die
            self.play_sound("roll")
            self._float(cell, f"{value}", (250, 240, 200), delay=0.1)

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.alpha = min(1.0, t * 2.5)
                die.lift = 1.0 - ease_out_back(t) if t < 1 else 0.0
                die.flicker = t < 0.6

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.alpha, die.lift, die.flicker = 1.0, 0.0, False

        self.queue.push(Step([Anim("reenter", 0.4, on_tick=tick)], start, end))

    def _on_GameOver(self, ev: Any) -> None:
        winners = tuple(_field(ev, "winners", default=()))
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            model = self.model()
            if len(winners) == 1:
                side = ("light", "dark")[winners[0]]
                holder["die"] = next((d for d in model.dice.values() if d.side == side and d.kind == "d20"), None)
                die = holder["die"]
                if die is not None:
                    self.queue.add_effect(Effect("victory", 1.6, {"x": die.x, "y": die.y, "side": side}))
            self.play_sound("victory")

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.lift = math.sin(math.pi * t) * 0.8
                die.flash = max(0.0, math.sin(math.pi * t * 2)) * 0.6 if t < 1 else 0.0

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.lift = die.flash = 0.0

        self.queue.push(Step([Anim("victory", 1.0, on_tick=tick)], start, end))
