"""CheckRisk's engine events as animation: tokens drop in, stacks slide, attackers step out, the round's dice
tumble in the battle card's tray, hits stand out, the round's result is stated, then losses come off token by
token; survivors go home, retreats split away, the winner moves in. Every handler changes `board.model` in its
steps' callbacks; the battle card is handed the battle's record (read from the same events) step by step."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.client import palette
from game.client.anim import Anim, ease_out_back
from game.client.board.animator import CELL_SECONDS, Animator, Handlers
from game.client.board.layout import cell_xy
from game.client.checkrisk.battles import BattleReader, BattleRecord
from game.client.checkrisk.model import CheckRiskModel, StackView, field_point, field_stack
from game.client.checkrisk.pieces import seat_colour
from game.engine.checkrisk import events as cev

if TYPE_CHECKING:
    from game.client.checkrisk.battle_card import BattleCard

LOSS_SECONDS = 0.2  # one token coming off
LINGER_SECONDS = 1.1  # the last round's dice and the result stay a moment after a battle ends
HIT_GAP = 0.25  # between the dice settling and the round's result
RESULT_SECONDS = 0.35  # the round's result read before the first token comes off
RED = palette.LOSS
GREEN_TEXT = palette.GAIN


class CheckRiskAnimation:
    """The handlers, over the board's animator, the model the board draws and the battle card."""

    def __init__(self, animator: Animator, model: Callable[[], CheckRiskModel], card: BattleCard) -> None:
        self.anim = animator
        self.model = model
        self.card = card
        # The battles as the queued events tell them (set to the log's reading whenever the board settles).
        self.reader = BattleReader()

    def _record(self, event: object) -> BattleRecord | None:
        """The battle's record once `event` is read (the entry index does not matter for what is shown)."""
        return self.reader.read(event, 0)

    def _show(self, record: BattleRecord | None) -> None:
        """Hand the card `record` as this point of the queue plays."""
        if record is not None:
            card = self.card
            self.anim.step([Anim("record", 0.0)], lambda: card.show(record))

    def handlers(self) -> Handlers:
        """Event class -> handler."""
        return {
            cev.Deployed: self.deployed,
            cev.Reinforced: self.reinforced,
            cev.Moved: self.moved,
            cev.AttackDeclared: self.attack_declared,
            cev.BattleRound: self.battle_round,
            cev.Losses: self.losses,
            cev.BattleEnded: self.battle_ended,
            cev.Withdrew: self.withdrew,
            cev.Retreated: self.retreated,
            cev.Occupied: self.occupied,
            cev.Stood: self.stood,
            cev.Eliminated: self.eliminated,
            cev.GameOver: self.game_over,
        }

    # ----- placing -----
    def _drop(self, cell: str, seat: int, count: int, seconds: float, sound: str) -> None:
        holder: dict[str, StackView] = {}

        def start() -> None:
            holder["stack"] = self.model().add(cell, seat, count)
            self.anim.play_sound(sound)

        def tick(t: float) -> None:
            stack = holder.get("stack")
            if stack is not None:
                stack.lift = 1.0 - ease_out_back(t) if t < 1 else 0.0

        self.anim.step([Anim("drop", seconds, on_tick=tick)], start)

    def deployed(self, ev: cev.Deployed) -> None:
        """Tokens drop onto their cell."""
        self._drop(ev.cell, ev.seat, ev.count, 0.16, "click")

    def reinforced(self, ev: cev.Reinforced) -> None:
        """A reinforcement drops on and '+1' floats up."""
        self.anim.float_text(ev.cell, "+1", GREEN_TEXT)
        self._drop(ev.cell, ev.seat, ev.count, 0.18, "click")

    # ----- moving -----
    def _carry(
        self,
        seat: int,
        count: int,
        src: tuple[float, float],
        dst: tuple[float, float],
        take: Callable[[], object],
        land: Callable[[], object],
        sound: str = "slide",
    ) -> None:
        """A stack of `count` lifts off at `src` (after `take`), slides to `dst`, and `land` puts it down."""
        holder: dict[str, StackView] = {}
        cells = abs(dst[0] - src[0]) + abs(dst[1] - src[1])

        def start() -> None:
            take()
            ghost = StackView(seat, src[0], src[1], count=count)
            holder["stack"] = ghost
            self.model().ghosts.append(ghost)
            self.anim.play_sound(sound)

        def tick(t: float) -> None:
            ghost = holder.get("stack")
            if ghost is not None:
                e = 1 - (1 - t) ** 3
                ghost.x = src[0] + (dst[0] - src[0]) * e
                ghost.y = src[1] + (dst[1] - src[1]) * e
                ghost.lift = math.sin(math.pi * t)

        def end() -> None:
            ghost = holder.get("stack")
            if ghost is not None and ghost in self.model().ghosts:
                self.model().ghosts.remove(ghost)
            land()

        seconds = min(0.6, max(0.14, cells * CELL_SECONDS * 1.4))
        self.anim.step([Anim("carry", seconds, on_tick=tick)], start, end)

    def moved(self, ev: cev.Moved) -> None:
        """The tokens slide over, lifted."""
        self._slide(ev.seat, ev.count, ev.origin, ev.target)

    def _slide(self, seat: int, count: int, origin: str, target: str) -> None:
        """`count` of `seat`'s tokens carried from `origin` to `target`, the model following."""
        self._carry(
            seat,
            count,
            _xy(origin),
            _xy(target),
            lambda: self.model().take(origin, count),
            lambda: self.model().add(target, seat, count),
        )

    # ----- battle -----
    def attack_declared(self, ev: cev.AttackDeclared) -> None:
        """The attackers step out toward the target; the battle card opens."""
        record = self._record(ev)

        def land() -> None:
            model = self.model()
            model.attackers = field_stack(ev.seat, ev.attackers, ev.origin, ev.target)
            model.battle = (ev.origin, ev.target)

        def take() -> None:
            self.model().take(ev.origin, ev.attackers)
            if record is not None:
                self.card.open(record)

        self._carry(ev.seat, ev.attackers, _xy(ev.origin), field_point(ev.origin, ev.target), take, land, "slide")

    def battle_round(self, ev: cev.BattleRound) -> None:
        """Both sides' dice tumble into the tray and settle; the hits stand raised, the misses dim."""
        self._record(ev)
        holder: dict[str, float] = {}
        seconds = 1.05

        def start() -> None:
            holder["seconds"] = self.card.roll(ev.attacker_dice, ev.defender_dice) or seconds
            self.anim.play_sound("roll")

        def tick(t: float) -> None:
            self.card.advance(t, holder.get("seconds", seconds))

        def end() -> None:
            self.card.mark_hits()

        self.anim.step([Anim("roll", seconds, on_tick=tick)], start, end)
        self.anim.wait(HIT_GAP)

    def losses(self, ev: cev.Losses) -> None:
        """The round's result is stated on the card; then losses come off token by token, in turn."""
        record = self._record(ev)
        if record is not None:
            card = self.card
            self.anim.step([Anim("result", RESULT_SECONDS)], lambda: card.show(record))
        battle = self.model().battle
        if battle is None:
            return
        origin, target = battle
        steps = []
        for i in range(max(ev.attacker_lost, ev.defender_lost)):
            if i < ev.attacker_lost:
                steps.append("a")
            if i < ev.defender_lost:
                steps.append("d")
        for side in steps:
            self.anim.step([Anim("loss", LOSS_SECONDS)], self._lose(side, origin, target))

    def _lose(self, side: str, origin: str, target: str) -> Callable[[], None]:
        def start() -> None:
            model = self.model()
            if side == "a":
                stack = model.attackers
                if stack is None:
                    return
                stack.count -= 1
                at = (stack.x, stack.y)
                if stack.count <= 0:
                    model.attackers = None
                    self.anim.burst(target, [seat_colour(stack.owner), palette.WARM_LIGHT])
            else:
                stack = model.stacks.get(target)
                if stack is None:
                    return
                at = (stack.x, stack.y)
                model.take(target, 1)
                if target not in model.stacks:
                    self.anim.burst(target, [seat_colour(stack.owner), palette.WARM_LIGHT])
            self.anim.float_text(target, "−1", RED, at=at)
            self.anim.shake(0.5, 0.12)
            self.anim.play_sound("impact")

        return start

    def _home(self, origin: str, target: str) -> None:
        """The attackers still out go back to their cell."""
        model = self.model()
        field = model.attackers
        if field is None:
            return
        seat, count = field.owner, field.count

        def take() -> None:
            self.model().attackers = None

        self._carry(seat, count, (field.x, field.y), _xy(origin), take, lambda: self.model().add(origin, seat, count))

    def _end_battle(self) -> None:
        def end() -> None:
            self.model().battle = None
            self.model().attackers = None
            self.card.close()

        self.anim.step([Anim("linger", LINGER_SECONDS)], None, end)

    def battle_ended(self, ev: cev.BattleEnded) -> None:
        """The card says who won; survivors go home; the card stays for the occupation when the attacker won."""
        self._show(self._record(ev))
        field = self.model().attackers
        if field is not None and ev.survivors:
            self._home(ev.origin, ev.target)
        if ev.result != "attacker":
            self._end_battle()

    def withdrew(self, ev: cev.Withdrew) -> None:
        """The attackers go home; the battle is over."""
        self._show(self._record(ev))
        self._home(ev.origin, ev.target)
        self._end_battle()

    def stood(self, ev: cev.Stood) -> None:
        """The defender stands: a short beat before the next round."""
        self.anim.wait(0.15)

    def retreated(self, ev: cev.Retreated) -> None:
        """The card says where the defender went; its stack splits away to its cells; the attackers go home."""
        self._show(self._record(ev))
        battle = self.model().battle
        for cell, n in ev.moves:
            self._carry(ev.seat, n, _xy(ev.cell), _xy(cell), self._taker(ev.cell, n), self._adder(cell, ev.seat, n))
        if battle is not None:
            self._home(battle[0], battle[1])

    def _taker(self, cell: str, n: int) -> Callable[[], None]:
        return lambda: self.model().take(cell, n)

    def _adder(self, cell: str, seat: int, n: int) -> Callable[[], object]:
        return lambda: self.model().add(cell, seat, n)

    def occupied(self, ev: cev.Occupied) -> None:
        """The winner moves in; the battle is over."""
        self._show(self._record(ev))
        if ev.count:
            self._slide(ev.seat, ev.count, ev.origin, ev.target)
        self._end_battle()

    def eliminated(self, ev: cev.Eliminated) -> None:
        """A seat is out: its colour greys in the panel (the model's `out`)."""

        def start() -> None:
            model = self.model()
            out = list(model.out) + [False] * max(0, ev.seat + 1 - len(model.out))
            out[ev.seat] = True
            model.out = tuple(out)
            self.anim.play_sound("destroy")

        self.anim.wait(0.3, start)

    def game_over(self, ev: cev.GameOver) -> None:
        """A glow over the winner's largest stack, and the chime."""

        def start() -> None:
            model = self.model()
            winners = tuple(ev.winners)
            if len(winners) == 1:
                mine = [s for s in model.stacks.values() if s.owner == winners[0]]
                if mine:
                    best = max(mine, key=lambda s: s.count)
                    self.anim.effect("victory", 1.6, x=best.x, y=best.y, colour=seat_colour(winners[0]))
            self.anim.play_sound("victory")

        self.anim.wait(0.8, start)


def _xy(cell: str) -> tuple[float, float]:
    x, y = cell_xy(cell)
    return float(x), float(y)
