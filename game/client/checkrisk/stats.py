"""What the game's log says about each player: hits rolled against hits expected (luck), battles won and lost (an
attack the defender retreated from is the attacker's win), cells and tokens held at each turn start (the results
card's charts), and every battle as a typed record (`battles`: the battle card, the result chip, the move list).

Read by replaying the session's log on a fresh state with the engine's typed actions; the expected hits of a
round come from the engine's exact round odds (a round without hits is never rolled, so the expectation is
conditioned the same way). Kept up to date incrementally; an undo (a shorter log) starts the replay over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.client.board.stats import LogReplay
from game.client.checkrisk.battles import BattleReader
from game.engine.checkrisk import CheckRiskAction, CheckRiskState, Roll, round_outcomes
from game.engine.checkrisk.events import TurnStarted
from game.engine.core import Game


@dataclass
class SeatStats:
    """One seat's record."""

    hits: int = 0
    expected: Fraction = Fraction(0)
    won: int = 0
    lost: int = 0
    cells: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)

    @property
    def luck(self) -> float:
        """Hits rolled minus hits expected."""
        return self.hits - float(self.expected)


class GameStats:
    """Every seat's record, read from a session's game and log."""

    def __init__(self, game: Game) -> None:
        self.seats: list[SeatStats] = []
        self.battles = BattleReader()
        self._entry = 0
        self.replay = LogReplay(game, CheckRiskState, self._restart, self._step)

    def _restart(self, state: CheckRiskState) -> None:
        self.seats = [SeatStats() for _ in range(state.game.num_players)]
        self.battles = BattleReader()
        self._entry = 0

    def _step(self, state: CheckRiskState, action: CheckRiskAction) -> None:
        battle = state.pending_battle()
        if isinstance(action, Roll) and battle is not None:
            attacker, defender = self.seats[battle.attacker], self.seats[battle.defender]
            for (ha, hd), p in round_outcomes(battle.attackers, battle.defenders):
                attacker.expected += p * ha
                defender.expected += p * hd
            attacker.hits += action.attacker_hits
            defender.hits += action.defender_hits
        for event in state.apply(action):
            if isinstance(event, TurnStarted):
                self._snapshot(state)
                continue
            before = self.battles.current
            record = self.battles.read(event, self._entry)
            if record is not None and record.end is not None and (before is None or before.end is None):
                # The fighting just stopped: count the win and the loss once.
                if record.winner is not None and record.loser is not None:
                    self.seats[record.winner].won += 1
                    self.seats[record.loser].lost += 1
        self._entry += 1
        if state.is_terminal():
            self._snapshot(state)  # the charts end on the final board

    def _snapshot(self, state: CheckRiskState) -> None:
        for seat, record in enumerate(self.seats):
            record.cells.append(state.cells_held(seat))
            record.tokens.append(state.tokens_on_board(seat))
