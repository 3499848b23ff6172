"""Dice luck and battle edge in CheckRisk arena games: how much of a result the dice made and how much the play.

Every battle round (C11) removes tokens; its exact odds give the tokens each side was expected to lose. Per side:
- the **edge** of its battles: the tokens it was expected to gain, enemy losses less its own, over the rounds of the
  battles it began (`own`) and of those begun against it (`against`): what its choices of attack, defence and
  position earned;
- its **luck**: the tokens the dice actually swung its way less that expectation.

A side's material gain over a game is its edge plus its luck; where luck decides most games, a score over a few
dozen games says little, and the edge tells two ways of playing apart on far fewer games.

`python -m ai.checkrisk_luck REPORT.json [...]` reads arena reports (`main.py arena checkrisk --json`) and prints,
per side, the edge per game with its standard error, the luck per game with its spread from game to game, and the
share of decided games won by the side the dice favoured; given several reports with the same levels, it also
prints them pooled.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

from game.engine import registry
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.odds import battle_distribution
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import CHANCE


@cache
def round_losses(attackers: int, defenders: int) -> tuple[float, float]:
    """Tokens the attacker and the defender expect to lose in one decisive round (C11)."""
    after = battle_distribution(attackers, defenders, 1).items()
    left_a = sum((p * a for (a, _), p in after), Fraction(0))
    left_d = sum((p * d for (_, d), p in after), Fraction(0))
    return float(attackers - left_a), float(defenders - left_d)


@dataclass
class Swing:
    """Tokens swung in a seat's favour by battles over one game: expected in its own battles and in those begun
    against it, and the dice's share beyond expectation."""

    own: float = 0.0
    against: float = 0.0
    luck: float = 0.0

    @property
    def edge(self) -> float:
        """The expected swing over all its battles."""
        return self.own + self.against

    def add(self, other: Swing) -> None:
        """Add another swing to this one."""
        self.own += other.own
        self.against += other.against
        self.luck += other.luck


def battle_swings(state: CheckRiskState, actions: Iterable[A.CheckRiskAction]) -> list[Swing]:
    """Play `actions` on `state` (in place); each seat's swing over the battles fought."""
    swings = [Swing() for _ in range(state.game.num_players)]
    for action in actions:
        battle = state.battle
        if battle is None or state.current_player() != CHANCE:
            state.apply(action)
            continue
        attacker, defender = state.seat, state.owner[battle.target]
        expected_a, expected_d = round_losses(battle.attackers, state.count[battle.target])
        removed = list(state.removed)
        state.apply(action)
        lost_a = state.removed[attacker] - removed[attacker]
        lost_d = state.removed[defender] - removed[defender]
        expected = expected_d - expected_a
        luck = (lost_d - lost_a) - expected
        swings[attacker].own += expected
        swings[attacker].luck += luck
        swings[defender].against -= expected
        swings[defender].luck -= luck
    return swings


@dataclass
class SideLuck:
    """One side's battles over a report's games: the summed swings, and decided games by whom the dice favoured."""

    level: str
    total: Swing = field(default_factory=Swing)
    favoured: int = 0  # decided games in which the dice favoured this side
    favoured_won: int = 0  # ... and it won
    edges: list[float] = field(default_factory=list)  # per game
    lucks: list[float] = field(default_factory=list)  # per game

    def add(self, swing: Swing, won: bool | None) -> None:
        """Count one game's swing and result (None: drawn)."""
        self.total.add(swing)
        self.edges.append(swing.edge)
        self.lucks.append(swing.luck)
        if won is not None and swing.luck > 0:
            self.favoured += 1
            self.favoured_won += won

    def merge(self, other: SideLuck) -> None:
        """Add another report's games of the same side."""
        self.total.add(other.total)
        self.favoured += other.favoured
        self.favoured_won += other.favoured_won
        self.edges += other.edges
        self.lucks += other.lucks

    @property
    def games(self) -> int:
        """Games counted."""
        return len(self.edges)

    @property
    def edge_error(self) -> float:
        """The standard error of the per-game edge (0 below two games)."""
        if len(self.edges) < 2:
            return 0.0
        return statistics.stdev(self.edges) / math.sqrt(len(self.edges))

    @property
    def luck_spread(self) -> float:
        """How far one game's luck strays from game to game (standard deviation; 0 below two games)."""
        return statistics.stdev(self.lucks) if len(self.lucks) >= 2 else 0.0


def report_luck(path: Path) -> dict[str, SideLuck]:
    """Per side ('a', 'b') of a two-sided arena report: its battles' swings over every game."""
    report = json.loads(path.read_text(encoding="utf-8"))
    game = registry.load(report["mode"], report["level_name"])
    sides = {side: SideLuck(report[side]["level"]) for side in ("a", "b")}
    for entry in report["games"]:
        state = game.initial_state()
        assert isinstance(state, CheckRiskState)
        swings = battle_swings(state, (state.action_from_str(text) for text in entry["actions"]))
        for seat, side in enumerate(entry["seats"]):
            won = None if entry["winner"] is None else entry["winner"] == side
            sides[side].add(swings[seat], won)
    return sides


def _line(side: str, luck: SideLuck) -> str:
    n = max(1, luck.games)
    t = luck.total
    favoured = f"{luck.favoured_won}/{luck.favoured}" if luck.favoured else "-"
    return (
        f"  {side} {luck.level}: per game edge {t.edge / n:+.2f} ± {luck.edge_error:.2f} "
        f"(own battles {t.own / n:+.2f}, against it {t.against / n:+.2f}), "
        f"luck {t.luck / n:+.2f} (spread {luck.luck_spread:.2f} a game); "
        f"won {favoured} decided games the dice favoured it in"
    )


def main(argv: list[str] | None = None) -> int:
    """Print each side's battle edge and dice luck in the given arena reports; returns the exit code."""
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("usage: python -m ai.checkrisk_luck REPORT.json [...]", file=sys.stderr)
        return 2
    reports = []
    for path in paths:
        print(f"{path} (tokens per game)")
        sides = report_luck(path)
        for side, luck in sides.items():
            print(_line(side, luck))
        reports.append(sides)
    # Pooled only when every report pits the same levels on the same sides.
    if len(reports) > 1 and len({tuple(luck.level for luck in sides.values()) for sides in reports}) == 1:
        print(f"{len(reports)} reports pooled (tokens per game)")
        for side, first in reports[0].items():
            pooled = SideLuck(first.level)
            for sides in reports:
                pooled.merge(sides[side])
            print(_line(side, pooled))
    return 0


if __name__ == "__main__":
    sys.exit(main())
