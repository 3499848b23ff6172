"""The fields of a Battle Checkers position: units in parallel lists by cell, the turn, the dice and the result."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.battle_checkers.geometry import Board
from game.engine.battle_checkers.level import Level
from game.engine.battle_checkers.phases import EMPTY, Phase
from game.engine.core import Outcome


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """An attack awaiting its duel or repel roll: the cells of the attacker and of the defender."""

    attacker: int
    defender: int


@dataclass(slots=True)
class Position:
    """Everything the rules read and change; the rule modules are functions over it.

    `owner[cell]` is the unit's player or EMPTY, `facing[cell]` 0…7 clockwise from N, `flags[cell]` the unit
    flags of `phases`; `player` is whose turn it is (or who deploys); `dice` has the lower die first (None
    before the roll); `fate_player` calls the fate roll. `level` and its `board` are shared, never copied.
    """

    level: Level
    board: Board
    owner: list[int]
    facing: list[int]
    flags: list[int]
    spirit: list[int]
    phase: Phase
    player: int
    turn: int
    turn_limit: int
    dice: tuple[int, int] | None
    spent: list[bool]
    to_place: list[int]
    pending: PendingAttack | None
    fate_player: int | None
    outcome: Outcome | None

    @classmethod
    def start(cls, level: Level) -> Position:
        """The start of deployment on `level`, nothing placed."""
        size = level.board.size
        units = level.units_per_player
        return cls(
            level,
            level.board,
            [EMPTY] * size,
            [0] * size,
            [0] * size,
            list(level.spirit),
            Phase.DEPLOY,
            0,
            0,
            level.turn_limit,
            None,
            [False, False],
            [units, units],
            None,
            None,
            None,
        )

    def copy(self) -> Position:
        """An independent copy (the lists copied, the level shared)."""
        return Position(
            self.level,
            self.board,
            self.owner[:],
            self.facing[:],
            self.flags[:],
            self.spirit[:],
            self.phase,
            self.player,
            self.turn,
            self.turn_limit,
            self.dice,
            self.spent[:],
            self.to_place[:],
            self.pending,
            self.fate_player,
            self.outcome,
        )

    def unit_count(self, player: int) -> int:
        """How many units a player has on the board."""
        return self.owner.count(player)
