"""Battle Checkers' engine events as animation: units drop in; the turn's 2d6 tumble in the roll card; a unit turns
eighth by eighth, slides cell by cell and turns again; an attacker lunges at the side it hits; a head-on duel's two
dice, a repel die and the fate roll tumble in the card; a shield flashes; a destroyed unit breaks into shards;
spirit grains fly from the fallen unit to the winner's counter and leave the loser's after a fate roll. Every
handler changes `board.model` in its steps' callbacks, so skipping lands exactly on the engine's position."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.client import palette
from game.client.anim import Anim, Effect, ease_in_out, ease_out_back
from game.client.battle_checkers.keys import SIDE
from game.client.battle_checkers.model import BattleCheckersModel, UnitView
from game.client.battle_checkers.pieces import seat_colour
from game.client.board.animator import Animator, Handlers
from game.client.board.layout import cell_xy
from game.client.dice import TrayDie
from game.engine.battle_checkers import (
    DIRECTIONS,
    Activated,
    Attacked,
    Destroyed,
    DiceRolled,
    Duel,
    FateCalled,
    FateRolled,
    Moved,
    Placed,
    RepelFailed,
    Repelled,
    Shielded,
    SpiritChanged,
    Turned,
    TurnStarted,
)
from game.engine.core import GameOver

if TYPE_CHECKING:
    from game.client.battle_checkers.roll_card import RollCard

TURN_SECONDS = 0.09  # one eighth of a turn
ROLL_SECONDS = 1.05
LINGER_SECONDS = 0.55  # the settled dice stay a moment
LUNGE_SECONDS = 0.26
TIE_CHANCE = 1 / 6  # two d6 show the same face
MOST_TIES_SHOWN = 4
GOLD = palette.FLOAT_NOTE
WHITE = palette.LIGHT_TEXT
Text = Callable[..., str]


class BattleCheckersAnimation:
    """The handlers, over the board's animator, the model the board draws and the roll card."""

    def __init__(
        self,
        animator: Animator,
        model: Callable[[], BattleCheckersModel],
        card: RollCard,
        t: Text,
        seat_name: Callable[[int], str],
        spirit_anchor: Callable[[int], tuple[float, float] | None],
    ) -> None:
        self.anim = animator
        self.model = model
        self.card = card
        self.t = t
        self.seat_name = seat_name
        self.spirit_anchor = spirit_anchor
        self.last_fallen: tuple[float, float] | None = None  # where the last unit fell (its grain starts there)
        self.last_cell: str | None = None

    def handlers(self) -> Handlers:
        """Event class -> handler."""
        return {
            Placed: self.placed,
            TurnStarted: self.turn_started,
            DiceRolled: self.dice_rolled,
            Activated: self.activated,
            Turned: self.turned,
            Moved: self.moved,
            Attacked: self.attacked,
            Duel: self.duel,
            Repelled: self.repelled,
            RepelFailed: self.repel_failed,
            Shielded: self.shielded,
            Destroyed: self.destroyed,
            SpiritChanged: self.spirit_changed,
            FateCalled: self.fate_called,
            FateRolled: self.fate_rolled,
            GameOver: self.game_over,
        }

    # ----- deployment and the turn -----
    def placed(self, ev: Placed) -> None:
        """The unit drops onto its cell."""
        holder: dict[str, UnitView] = {}
        player = ev.player

        def start() -> None:
            holder["unit"] = self.model().place(ev.cell, player, DIRECTIONS.index(ev.facing))
            self.anim.play_sound("click")

        def tick(t: float) -> None:
            unit = holder.get("unit")
            if unit is not None:
                unit.lift = 1.0 - ease_out_back(t) if t < 1 else 0.0

        self.anim.step([Anim("drop", 0.12, on_tick=tick)], start)

    def turn_started(self, ev: TurnStarted) -> None:
        """The side to act regains its attacks, every unit its shield; the dice go."""

        def start() -> None:
            model = self.model()
            model.turn, model.player = ev.turn, ev.player
            model.dice, model.spent = None, [False, False]
            for unit in model.units.values():
                unit.shield = True
                if unit.owner == ev.player:
                    unit.attack = True

        self.anim.wait(0.05, start)

    def _roll(
        self,
        title: str,
        groups: list[list[TrayDie]],
        labels: list[str],
        colour: tuple[int, int, int],
        result: str,
        glow: list[tuple[int, int]],
        done: Callable[[], None] | None = None,
        near: str | None = None,
    ) -> None:
        """Dice tumble in the card (clear of `near`), settle with the result shown, linger, and the card closes."""
        holder = {"seconds": ROLL_SECONDS}

        def start() -> None:
            holder["seconds"] = self.card.roll(title, groups, labels, colour, near) or ROLL_SECONDS
            self.anim.play_sound("roll")

        def tick(t: float) -> None:
            self.card.advance(t, holder["seconds"])

        def end() -> None:
            self.card.settle(result, glow)
            if done is not None:
                done()

        self.anim.step([Anim("roll", ROLL_SECONDS, on_tick=tick)], start, end)
        self.anim.step([Anim("linger", LINGER_SECONDS)], None, self.card.close)

    def dice_rolled(self, ev: DiceRolled) -> None:
        """The turn's 2d6 tumble; then they stay in the panel as chips."""
        a, b = ev.dice
        name = self.seat_name(ev.player)

        def done() -> None:
            self.model().dice = (a, b)

        self._roll(
            self.t("battle_checkers.roll.title", name=name),
            [[TrayDie("pips", a, tint=seat_colour(ev.player)), TrayDie("pips", b, tint=seat_colour(ev.player))]],
            [],
            seat_colour(ev.player),
            self.t("battle_checkers.roll.result", a=a, b=b, sum=a + b),
            [],
            done,
        )

    def activated(self, ev: Activated) -> None:
        """The chip is spent as the unit sets off."""

        def start() -> None:
            model = self.model()
            if ev.use == "s":
                model.spent = [True, True]
            else:
                spent = list(model.spent)
                spent[int(ev.use) - 1] = True
                model.spent = spent

        self.anim.wait(0.02, start)

    def turned(self, ev: Turned) -> None:
        """One eighth of a turn, eased."""
        a, b = DIRECTIONS.index(ev.from_facing), DIRECTIONS.index(ev.to_facing)
        delta = ((b - a + 4) % 8) - 4  # -1 or +1
        holder: dict[str, UnitView | None] = {}

        def start() -> None:
            holder["unit"] = self.model().unit(ev.cell)

        def tick(t: float) -> None:
            unit = holder.get("unit")
            if unit is not None:
                unit.facing = (a + delta * ease_in_out(t)) % 8

        def end() -> None:
            unit = holder.get("unit")
            if unit is not None:
                unit.facing = float(b)

        self.anim.step([Anim("turn", TURN_SECONDS, on_tick=tick)], start, end)

    def moved(self, ev: Moved) -> None:
        """One cell forward."""

        def take() -> UnitView | None:
            model = self.model()
            unit = model.units.pop(ev.from_cell, None)
            if unit is not None:
                model.units[ev.to_cell] = unit
            return unit

        self.anim.slide(take, ev.from_cell, ev.to_cell, sound="slide")

    # ----- battle -----
    def attacked(self, ev: Attacked) -> None:
        """The attacker lunges at the defender; the side it hits floats up."""
        ax, ay = cell_xy(ev.attacker)
        dx, dy = cell_xy(ev.defender)
        holder: dict[str, UnitView | None] = {}

        def start() -> None:
            unit = self.model().unit(ev.attacker)
            holder["unit"] = unit
            if unit is not None:
                unit.attack = False
            self.anim.float_text(ev.defender, self.t(SIDE(ev.side)), GOLD)
            self.anim.play_sound("slide")

        def tick(t: float) -> None:
            unit = holder.get("unit")
            if unit is not None:
                k = math.sin(math.pi * t) * 0.32
                unit.x, unit.y = ax + (dx - ax) * k, ay + (dy - ay) * k

        def end() -> None:
            unit = holder.get("unit")
            if unit is not None:
                unit.x, unit.y = float(ax), float(ay)
            self.anim.spark((ax + dx) / 2, (ay + dy) / 2)
            self.anim.play_sound("impact")

        self.anim.step([Anim("lunge", LUNGE_SECONDS, on_tick=tick)], start, end)

    def duel(self, ev: Duel) -> None:
        """Head-on: each side's d6 in its row; the higher glows."""
        model = self.model()
        attacker = model.unit(ev.attacker)
        defender = model.unit(ev.defender)
        a_seat = attacker.owner if attacker is not None else model.player
        d_seat = defender.owner if defender is not None else 1 - a_seat
        won = ev.attacker_roll > ev.defender_roll
        winner = ev.attacker if won else ev.defender
        title = self.t("battle_checkers.duel.title", a=ev.attacker, d=ev.defender)
        labels = [
            self.t("battle_checkers.duel.attacker", name=self.seat_name(a_seat)),
            self.t("battle_checkers.duel.defender", name=self.seat_name(d_seat)),
        ]
        for face in tied_rolls(ev, model.turn):
            self._roll(
                title,
                [[TrayDie("pips", face, tint=seat_colour(a_seat))], [TrayDie("pips", face, tint=seat_colour(d_seat))]],
                labels,
                GOLD,
                self.t("battle_checkers.duel.tie"),
                [],
                near=ev.defender,
            )
        self._roll(
            title,
            [
                [TrayDie("pips", ev.attacker_roll, tint=seat_colour(a_seat))],
                [TrayDie("pips", ev.defender_roll, tint=seat_colour(d_seat))],
            ],
            labels,
            seat_colour(a_seat if won else d_seat),
            self.t("battle_checkers.duel.result", cell=winner),
            [(0, 0)] if won else [(1, 0)],
            near=ev.defender,
        )

    def _repel(self, attacker: str, defender: str, roll: int, held: bool) -> None:
        unit = self.model().unit(defender)
        seat = unit.owner if unit is not None else 1 - self.model().player
        self._roll(
            self.t("battle_checkers.repel.title", d=defender),
            [[TrayDie("pips", roll, tint=seat_colour(seat))]],
            [],
            seat_colour(seat),
            self.t("battle_checkers.repel.held" if held else "battle_checkers.repel.failed"),
            [(0, 0)] if held else [],
            near=defender,
        )

    def repelled(self, ev: Repelled) -> None:
        """The defender's weapon roll of 4–6 glows: repelled."""
        self._repel(ev.attacker, ev.defender, ev.roll, True)
        self.anim.float_text(ev.defender, self.t("battle_checkers.float.repelled"), WHITE)

    def repel_failed(self, ev: RepelFailed) -> None:
        """The weapon roll fails."""
        self._repel(ev.attacker, ev.defender, ev.roll, False)

    def shielded(self, ev: Shielded) -> None:
        """The shield takes the blow and is spent for the turn."""

        def start() -> None:
            unit = self.model().unit(ev.defender)
            if unit is not None:
                unit.shield = False
            self.anim.float_text(ev.defender, self.t("battle_checkers.float.shielded"), palette.SHIELD_TEXT)
            self.anim.shake(0.4, 0.14)
            self.anim.play_sound("impact")

        self.anim.wait(0.45, start)

    def destroyed(self, ev: Destroyed) -> None:
        """The unit breaks into shards and is gone."""
        x, y = cell_xy(ev.cell)
        self.last_fallen = (float(x), float(y))
        self.last_cell = ev.cell

        def start() -> None:
            model = self.model()
            unit = model.units.pop(ev.cell, None)
            facing = unit.facing if unit is not None else 0.0
            self.anim.queue.add_effect(
                Effect("shards", 0.8, {"x": float(x), "y": float(y), "owner": ev.owner, "facing": facing})
            )
            self.anim.burst(ev.cell, [seat_colour(ev.owner), palette.WARM_LIGHT])
            self.anim.shake(0.8, 0.2)
            self.anim.play_sound("destroy")

        self.anim.wait(0.5, start)

    def spirit_changed(self, ev: SpiritChanged) -> None:
        """A gained grain flies from the fallen unit to the counter; lost grains leave the counter."""
        seat, delta, spirit = ev.player, ev.delta, ev.spirit
        source = self.last_fallen

        def start() -> None:
            anchor = self.spirit_anchor(seat)
            if anchor is not None:
                if delta > 0 and source is not None:
                    self.anim.queue.add_effect(
                        Effect("grain", 0.7, {"a": source, "b": anchor, "n": delta, "colour": seat_colour(seat)})
                    )
                elif delta < 0:
                    self.anim.queue.add_effect(
                        Effect("grain_loss", 0.8, {"b": anchor, "n": -delta, "colour": seat_colour(seat)})
                    )
            if delta < 0:
                self.model().spirit[seat] = spirit

        def end() -> None:
            self.model().spirit[seat] = spirit

        self.anim.step([Anim("grain", 0.6)], start, end)

    def fate_called(self, ev: FateCalled) -> None:
        """The destroyer's choice, in words over the board."""
        key = "battle_checkers.float.fate" if ev.called else "battle_checkers.float.nofate"
        self.anim.wait(
            0.25 if ev.called else 0.15, lambda: self.anim.float_text("", self.t(key), GOLD, at=self._middle())
        )

    def fate_rolled(self, ev: FateRolled) -> None:
        """Both sides' d6; the lower roller loses the difference."""
        caller, other = ev.player, 1 - ev.player
        if ev.loser is None:
            result = self.t("battle_checkers.fate.even")
        else:
            key = "battle_checkers.fate.loses" if ev.lost == ev.loss else "battle_checkers.fate.loses_all"
            result = self.t(key, name=self.seat_name(ev.loser), n=ev.lost)  # what was lost: spirit stops at zero
        glow = [] if ev.loser is None else ([(0, 0)] if ev.loser == other else [(1, 0)])
        self._roll(
            self.t("battle_checkers.fate.title"),
            [
                [TrayDie("pips", ev.roll, tint=seat_colour(caller))],
                [TrayDie("pips", ev.opponent_roll, tint=seat_colour(other))],
            ],
            [self.seat_name(caller), self.seat_name(other)],
            seat_colour(caller),
            result,
            glow,
            near=self.last_cell,
        )

    def game_over(self, ev: GameOver) -> None:
        """A glow over the winner's units, and the chime."""

        def start() -> None:
            winners = tuple(ev.winners)
            if len(winners) == 1:
                for unit in self.model().units.values():
                    if unit.owner == winners[0]:
                        self.anim.effect("victory", 1.6, x=unit.x, y=unit.y, colour=seat_colour(winners[0]))
                        break
            self.anim.play_sound("victory")

        self.anim.wait(0.8, start)

    def _middle(self) -> tuple[float, float]:
        model = self.model()
        return (model.cols - 1) / 2, (model.rows - 1) / 2


def tied_rolls(ev: Duel, turn: int) -> list[int]:
    """The tied rounds shown before a duel's deciding roll (the faces both dice showed).

    The engine resolves a duel as one chance outcome, its deciding roll; the tied rounds before it do not change
    the result, and given that result their number is geometric (each round ties with chance 1/6) and their faces
    uniform. They are drawn from that distribution with a generator seeded by the duel itself, so a replay or a
    review shows the same ties."""
    rng = random.Random(f"{turn}:{ev.attacker}:{ev.defender}:{ev.attacker_roll}:{ev.defender_roll}")
    faces: list[int] = []
    while len(faces) < MOST_TIES_SHOWN and rng.random() < TIE_CHANCE:
        faces.append(rng.randint(1, 6))
    return faces
