"""Kubtafl's engine events as animation: one handler per event class, each queuing steps on the board's
animator that walk the `BoardModel` forward, so a push chain reads like billiards: slide, hit, numbers, the struck
die slides on, hits the next."""

from __future__ import annotations

import math
from collections.abc import Callable

from game.client import palette
from game.client.anim import Anim, ease_out_back, squash
from game.client.board.animator import CELL_SECONDS, Animator, Handlers, Movable
from game.client.board.layout import cell_xy
from game.client.kubtafl.model import SIDES, BoardModel, DieView
from game.engine.core import GameOver
from game.engine.kubtafl import events as kev

PUSH_CELL_SECONDS = 0.09

PARTICLE_COLOURS = {
    "light": [palette.DIE_FACE, palette.DIE_BEVEL, palette.DIE_SHINE, palette.ORANGE],
    "dark": [palette.DIE_DARK_FACE, palette.DIE_DARK_BEVEL, palette.DIE_DARK_RIM, palette.SKY],
}
ACCENT = {"light": palette.ORANGE, "dark": palette.SKY}


class KubtaflAnimation:
    """The handlers, over the board's animator and the model the board currently draws."""

    def __init__(self, animator: Animator, model: Callable[[], BoardModel]) -> None:
        self.anim = animator
        self.model = model

    def handlers(self) -> Handlers:
        """Event class -> handler."""
        return {
            kev.Moved: self.moved,
            kev.Pushed: self.pushed,
            kev.Impact: self.impact,
            kev.Ricochet: self.ricochet,
            kev.Damaged: self.damaged,
            kev.Destroyed: self.destroyed,
            kev.Pinned: self.pinned,
            kev.Transferred: self.transferred,
            kev.ValueChanged: self.value_changed,
            kev.ReEntered: self.re_entered,
            GameOver: self.game_over,
        }

    def _die(self, cell: str) -> DieView | None:
        return self.model().dice.get(cell)

    def moved(self, ev: kev.Moved) -> None:
        """The mover slides, lifted."""
        self.anim.slide(lambda: self.model().move(ev.src, ev.dst), ev.src, ev.dst, CELL_SECONDS, True, "slide")

    def pushed(self, ev: kev.Pushed) -> None:
        """A struck die slides on, flat."""
        self.anim.slide(lambda: self.model().move(ev.src, ev.dst), ev.src, ev.dst, PUSH_CELL_SECONDS, False, "push")

    def _hit(self, attacker: str, target: str, strength: float) -> None:
        ax, ay = cell_xy(attacker)
        tx, ty = cell_xy(target)
        axis = (int(math.copysign(1, tx - ax)) if tx != ax else 0, int(math.copysign(1, ty - ay)) if ty != ay else 0)
        holder: dict[str, DieView | None] = {}

        def tick(t: float) -> None:
            if "die" not in holder:
                holder["die"] = self._die(target)
            die = holder["die"]
            if die is not None:
                die.squash = squash(t) if t < 1 else 0.0
                die.squash_axis = axis

        def start() -> None:
            self.anim.play_sound("impact")
            self.anim.shake(strength)
            self.anim.spark((ax + tx) / 2, (ay + ty) / 2)

        self.anim.step([Anim("squash", 0.16, on_tick=tick)], start)

    def impact(self, ev: kev.Impact) -> None:
        """The struck die squashes, the board shakes, sparks fly."""
        self._hit(ev.attacker, ev.target, 1.0)

    def ricochet(self, ev: kev.Ricochet) -> None:
        """A pushed die strikes the next one, a little softer."""
        self._hit(ev.striker, ev.struck, 0.75)

    def damaged(self, ev: kev.Damaged) -> None:
        """The loss floats up while the die's value rolls down to its new one."""
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            holder["die"] = self._die(ev.cell)
            # The number rides on the struck die, which a push moves on right after.
            self.anim.float_text(ev.cell, f"−{ev.amount}", palette.LOSS, follow=holder["die"])

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = t < 0.75 and ev.new > 0

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = False
                if ev.new > 0:
                    die.value = ev.new

        self.anim.step([Anim("damage", 0.3, on_tick=tick)], start, end)

    def destroyed(self, ev: kev.Destroyed) -> None:
        """A burst of particles, the die flattens and fades, then it joins its side's removed row."""
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            model = self.model()
            die = model.dice.pop(ev.cell, None)
            holder["die"] = die
            if die is not None:
                model.ghosts.append(die)
            self.anim.play_sound("destroy")
            self.anim.burst(ev.cell, PARTICLE_COLOURS.get(ev.side, PARTICLE_COLOURS["light"]))

        def flatten(die: Movable, t: float) -> None:
            if isinstance(die, DieView):  # the destroyed die (the only piece this fade is given)
                die.squash = 0.6 * t
                die.squash_axis = (0, 1)

        def end() -> None:
            model = self.model()
            die = holder.get("die")
            if die is not None and die in model.ghosts:
                model.ghosts.remove(die)
            if ev.die and ev.die not in model.removed.setdefault(ev.side, []):
                model.removed[ev.side].append(ev.die)

        self.anim.step([self.anim.fade_anim(lambda: holder.get("die"), 0.36, on_tick=flatten)], start, end)

    def pinned(self, ev: kev.Pinned) -> None:
        """A line between the pinning pair; all three dice flash."""
        cells = (ev.attacker, ev.partner, ev.target)
        holders: list[DieView | None] = []

        def start() -> None:
            holders.extend(self._die(c) for c in cells)
            self.anim.play_sound("impact")
            self.anim.effect("pin", 0.7, a=cell_xy(ev.attacker), b=cell_xy(ev.partner))

        def tick(t: float) -> None:
            for die in holders:
                if die is not None:
                    die.flash = math.sin(math.pi * min(1.0, t * 1.4)) if t < 0.72 else 0.0

        def end() -> None:
            for die in holders:
                if die is not None:
                    die.flash = 0.0

        self.anim.step([Anim("pin", 0.42, on_tick=tick)], start, end)

    def transferred(self, ev: kev.Transferred) -> None:
        """Orbs fly from donor to recipient and the gain floats up."""

        def start() -> None:
            self.anim.play_sound("click")
            self.anim.effect("orbs", 0.45, a=cell_xy(ev.donor), b=cell_xy(ev.recipient), n=min(8, 2 + ev.amount))
            self.anim.float_text(ev.recipient, f"+{ev.amount}", palette.GAIN, delay=0.2)

        self.anim.step([Anim("transfer", 0.45)], start)

    def value_changed(self, ev: kev.ValueChanged) -> None:
        """The die's value rolls to its new one."""
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            holder["die"] = self._die(ev.cell)

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = t < 0.7

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.flicker = False
                die.value = ev.new

        self.anim.step([Anim("value", 0.22, on_tick=tick)], start, end)

    def re_entered(self, ev: kev.ReEntered) -> None:
        """A removed die drops back onto its cell, rolling to its value."""
        x, y = cell_xy(ev.cell)
        holder: dict[str, DieView] = {}

        def start() -> None:
            model = self.model()
            pool = model.removed.setdefault(ev.side, [])
            if ev.die in pool:
                pool.remove(ev.die)
            die = DieView(ev.side, ev.die, ev.value, float(x), float(y), alpha=0.0, lift=1.0)
            model.dice[ev.cell] = die
            holder["die"] = die
            self.anim.play_sound("roll")
            self.anim.float_text(ev.cell, f"{ev.value}", palette.WARM_LIGHT, delay=0.1)

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

        self.anim.step([Anim("reenter", 0.4, on_tick=tick)], start, end)

    def game_over(self, ev: GameOver) -> None:
        """The winner's d20 rises in a glow in its side's accent."""
        winners = tuple(ev.winners)
        holder: dict[str, DieView | None] = {}

        def start() -> None:
            model = self.model()
            if len(winners) == 1:
                side = SIDES[winners[0]]
                holder["die"] = next((d for d in model.dice.values() if d.side == side and d.kind == "d20"), None)
                die = holder["die"]
                if die is not None:
                    self.anim.effect("victory", 1.6, x=die.x, y=die.y, colour=ACCENT[side])
            self.anim.play_sound("victory")

        def tick(t: float) -> None:
            die = holder.get("die")
            if die is not None:
                die.lift = math.sin(math.pi * t) * 0.8
                die.flash = max(0.0, math.sin(math.pi * t * 2)) * 0.6 if t < 1 else 0.0

        def end() -> None:
            die = holder.get("die")
            if die is not None:
                die.lift = die.flash = 0.0

        self.anim.step([Anim("victory", 1.0, on_tick=tick)], start, end)
