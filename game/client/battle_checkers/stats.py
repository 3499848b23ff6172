"""What the game's log says about each side: units lost, attacks made and won against the success they were
expected to have (the engine's exact forecast at the moment of each attack), fate rolls, and spirit at the start
of each turn (for the game-over summary).

Read by replaying the session's log on a fresh state with the engine's typed actions; kept up to date
incrementally; an undo (a shorter log) starts the replay over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.client.board.stats import LogReplay
from game.engine.battle_checkers import (
    Attack,
    BattleCheckersAction,
    BattleCheckersState,
    Destroyed,
    DuelRoll,
    FateCalled,
    RepelRoll,
    TurnStarted,
)
from game.engine.core import Game


@dataclass
class SideStats:
    """One side's record."""

    lost: int = 0
    attacks: int = 0
    kills: int = 0
    expected: Fraction = Fraction(0)
    fates: int = 0
    spirit: list[int] = field(default_factory=list)


class GameStats:
    """Both sides' records, read from a session's game and log."""

    def __init__(self, game: Game) -> None:
        self.sides: list[SideStats] = []
        self._attacker: int | None = None
        self.replay = LogReplay(game, BattleCheckersState, self._restart, self._step)

    def _restart(self, state: BattleCheckersState) -> None:
        self.sides = [SideStats(spirit=[state.spirit[seat]]) for seat in (0, 1)]
        self._attacker = None

    def _step(self, state: BattleCheckersState, action: BattleCheckersAction) -> None:
        if isinstance(action, Attack):
            side = self.sides[state.player]
            side.attacks += 1
            side.expected += state.forecast(action).probability("success")
            self._attacker = state.player
        for event in state.apply(action):
            if isinstance(event, TurnStarted):
                for seat, record in enumerate(self.sides):
                    record.spirit.append(state.spirit[seat])
            elif isinstance(event, Destroyed):
                self.sides[event.owner].lost += 1
                if self._attacker is not None and event.owner != self._attacker:
                    self.sides[self._attacker].kills += 1
            elif isinstance(event, FateCalled) and event.called:
                self.sides[event.player].fates += 1
        if not isinstance(action, Attack | DuelRoll | RepelRoll):
            self._attacker = None
