"""Exact odds of Battle Checkers battles (B10, B11), for the attack preview and the AI."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from game.engine.battle_checkers.actions import DUEL_OUTCOMES, FATE_OUTCOMES, REPEL_MIN
from game.engine.battle_checkers.geometry import FRONT, LEFT, RIGHT, Board, side_hit
from game.engine.battle_checkers.phases import ATTACK_READY, EMPTY, SHIELD_UP


class Units(Protocol):
    """Where the units stand: a position or a state."""

    @property
    def board(self) -> Board: ...
    @property
    def owner(self) -> list[int]: ...
    @property
    def facing(self) -> list[int]: ...
    @property
    def flags(self) -> list[int]: ...


HEAD_ON = sum((p for (a, b), p in DUEL_OUTCOMES if a > b), Fraction(0))
REPEL_CHANCE = Fraction(7 - REPEL_MIN, 6)
# Shared answers of `side_odds` (Fractions are immutable): the AI asks for them by the hundred thousand.
_SURE, _NEVER, _PAST_WEAPON = Fraction(1), Fraction(0), 1 - REPEL_CHANCE


def side_odds(side: str, defender_has_attack: bool, defender_has_shield: bool) -> Fraction:
    """Chance that an attack on `side` destroys the defender, given its attack and shield (B10)."""
    if side == FRONT:
        return HEAD_ON
    if side == RIGHT:
        return _PAST_WEAPON if defender_has_attack else _SURE
    if side == LEFT:
        return _NEVER if defender_has_shield else _SURE
    return _SURE


def attack_odds(state: Units, attacker_cell: int | str, defender_cell: int | str) -> Fraction:
    """Chance that the unit on `attacker_cell` attacking the adjacent enemy on `defender_cell` destroys it."""
    board = state.board
    attacker = board.cell(attacker_cell, "attacker_cell")
    defender = board.cell(defender_cell, "defender_cell")
    if state.owner[attacker] == EMPTY or state.owner[defender] == EMPTY:
        raise ValueError("attack_odds: both cells must hold a unit")
    if state.owner[attacker] == state.owner[defender]:
        raise ValueError("attack_odds: the units are on the same side")
    side = side_hit(board, attacker, defender, state.facing[defender])
    flags = state.flags[defender]
    return side_odds(side, bool(flags & ATTACK_READY), bool(flags & SHIELD_UP))


@dataclass(frozen=True)
class AttackForecast:
    """An attack's odds: the side of the defender hit, the chance it is destroyed, and how it may fail.

    `repel` is the chance the defender's weapon repels a right-flank attack (None where no repel roll is made);
    `shielded` says the shield stops a left-flank attack for certain; a head-on attack is a duel.
    """

    side: str
    success: Fraction
    repel: Fraction | None
    shielded: bool


def attack_forecast(state: Units, attacker_cell: int | str, defender_cell: int | str) -> AttackForecast:
    """The `AttackForecast` of the unit on `attacker_cell` attacking the adjacent enemy on `defender_cell`."""
    board = state.board
    defender = board.cell(defender_cell, "defender_cell")
    success = attack_odds(state, attacker_cell, defender_cell)
    side = side_hit(board, board.cell(attacker_cell, "attacker_cell"), defender, state.facing[defender])
    flags = state.flags[defender]
    repel = REPEL_CHANCE if side == RIGHT and flags & ATTACK_READY else None
    return AttackForecast(side, success, repel, side == LEFT and bool(flags & SHIELD_UP))


@dataclass(frozen=True)
class ActivationForecast:
    """What an activation spends (B6, B7): the dice use (`USE_SUM`, `USE_DIE1`, `USE_DIE2`) and the pips it gives,
    the pips its plan costs, the pips given up (pips are never kept or passed to another unit), and the faces of
    the dice still open after it."""

    use: int
    pips: int
    cost: int
    wasted: int
    kept: tuple[int, ...]


@dataclass(frozen=True)
class FateForecast:
    """Calling the fate roll: who calls it, both sides' spirit now, and per side the smallest loss of spirit the
    roll can inflict that ends the game for it (None where no roll can; B11, B12)."""

    caller: int
    spirit: tuple[int, ...]
    ending_loss: tuple[int | None, ...]


def fate_distribution() -> dict[int, Fraction]:
    """The fate roll's spirit change for the caller's opponent (positive: the opponent loses; B11)."""
    out: dict[int, Fraction] = {}
    for (mine, theirs), p in FATE_OUTCOMES:
        out[mine - theirs] = out.get(mine - theirs, Fraction(0)) + p
    return out


def fate_expected_loss_of_lower() -> Fraction:
    """Expected spirit lost by the lower roller of a fate roll (0 on equal rolls)."""
    return sum((abs(mine - theirs) * p for (mine, theirs), p in FATE_OUTCOMES), Fraction(0))


def fate_no_change() -> Fraction:
    """Chance that a fate roll changes nothing (equal rolls)."""
    return sum((p for (mine, theirs), p in FATE_OUTCOMES if mine == theirs), Fraction(0))
