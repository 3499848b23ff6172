"""Battle rules of Battle Checkers: attacks, the side hit, duels, repels, shields, spirit, fate and the end (B8–B13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.battle_checkers import events as ev
from game.engine.battle_checkers.actions import FATE, REPEL_MIN
from game.engine.battle_checkers.geometry import FRONT, LEFT, RIGHT, SIDE_BY_RELATIVE
from game.engine.battle_checkers.phases import (
    ATTACK_READY,
    DUEL_PHASE,
    EMPTY,
    FATE_CHOICE,
    FATE_PHASE,
    MAIN,
    OVER,
    REPEL_PHASE,
    SHIELD_UP,
)
from game.engine.core import Event, GameOver, Outcome
from game.engine.reasons import BattleCheckersReason

if TYPE_CHECKING:
    from game.engine.battle_checkers.geometry import Board

# An action as received: any tuple, checked field by field before use.
Raw = tuple[Any, ...]


class BattleRules:
    """The effects of attacks, battle rolls and fate on a state (mixed into `BattleCheckersState`)."""

    board: Board
    owner: list[int]
    facing: list[int]
    flags: list[int]
    spirit: list[int]
    phase: str
    player: int
    pending: tuple[int, int] | None
    fate_player: int | None
    _outcome: Outcome | None

    def unit_count(self, player: int) -> int:
        """How many units a player has."""
        return self.owner.count(player)

    def _continue_turn(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _apply_attack(self, action: Raw) -> list[Event]:
        _, cell, target = action
        self.flags[cell] &= ~ATTACK_READY
        # The attacker faces the defender, so the defender sees it in the opposite direction.
        side = SIDE_BY_RELATIVE[(self.facing[cell] + 4 - self.facing[target]) % 8]
        names = self.board.names
        events: list[Event] = [ev.Attacked(names[cell], names[target], side)]
        if side == FRONT:
            self.pending, self.phase = (cell, target), DUEL_PHASE
            return events
        if side == RIGHT and self.flags[target] & ATTACK_READY:
            self.pending, self.phase = (cell, target), REPEL_PHASE
            return events
        if side == LEFT and self.flags[target] & SHIELD_UP:
            self.flags[target] &= ~SHIELD_UP
            events.append(ev.Shielded(names[cell], names[target]))
            self._continue_turn(events)
            return events
        self._destroy(target, self.player, events)
        return events

    def _apply_duel(self, action: Raw) -> list[Event]:
        attacker, defender = self.pending  # type: ignore[misc]
        self.pending, self.phase = None, MAIN
        names = self.board.names
        events: list[Event] = [ev.Duel(names[attacker], names[defender], action[1], action[2])]
        if action[1] > action[2]:
            self._destroy(defender, self.player, events)
        else:
            self._destroy(attacker, 1 - self.player, events)
        return events

    def _apply_repel(self, action: Raw) -> list[Event]:
        attacker, defender = self.pending  # type: ignore[misc]
        self.pending, self.phase = None, MAIN
        names = self.board.names
        if action[1] >= REPEL_MIN:
            events: list[Event] = [ev.Repelled(names[attacker], names[defender], action[1])]
            self._continue_turn(events)
            return events
        events = [ev.RepelFailed(names[attacker], names[defender], action[1])]
        self._destroy(defender, self.player, events)
        return events

    def _destroy(self, cell: int, by: int, events: list[Event]) -> None:
        loser = self.owner[cell]
        events.append(ev.Destroyed(self.board.names[cell], loser))
        self.owner[cell], self.facing[cell], self.flags[cell] = EMPTY, 0, 0
        self.spirit[by] += 1
        events.append(ev.SpiritChanged(by, 1, self.spirit[by]))
        if loser not in self.owner:
            self._finish((by,), BattleCheckersReason.NO_UNITS, events)
            return
        self.phase, self.fate_player = FATE_CHOICE, by

    def _apply_fate_choice(self, action: Raw) -> list[Event]:
        events: list[Event] = [ev.FateCalled(self.fate_player, action == FATE)]  # type: ignore[arg-type]
        if action == FATE:
            self.phase = FATE_PHASE
        else:
            self.phase, self.fate_player = MAIN, None
            self._continue_turn(events)
        return events

    def _apply_fate_roll(self, action: Raw) -> list[Event]:
        caller, mine, theirs = self.fate_player, action[1], action[2]
        assert caller is not None
        self.phase, self.fate_player = MAIN, None
        loser = None if mine == theirs else (1 - caller if mine > theirs else caller)
        loss = abs(mine - theirs)
        events: list[Event] = [ev.FateRolled(caller, mine, theirs, loser, loss)]
        if loser is not None:
            # Spirit does not go below zero; at zero the player has lost anyway (B12).
            before = self.spirit[loser]
            self.spirit[loser] = max(0, before - loss)
            events.append(ev.SpiritChanged(loser, self.spirit[loser] - before, self.spirit[loser]))
            if self.spirit[loser] <= 0:
                self._finish((1 - loser,), BattleCheckersReason.NO_SPIRIT, events)
                return events
        self._continue_turn(events)
        return events

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self.phase = OVER
        self.pending = None
        self.fate_player = None
        self._outcome = Outcome(winners, reason, 2)
        events.append(GameOver(winners, reason))

    def _finish_by_turn_limit(self, events: list[Event]) -> None:
        units = (self.unit_count(0), self.unit_count(1))
        if units[0] != units[1]:
            self._finish((0 if units[0] > units[1] else 1,), BattleCheckersReason.TURN_LIMIT_MORE_UNITS, events)
        elif self.spirit[0] != self.spirit[1]:
            leader = 0 if self.spirit[0] > self.spirit[1] else 1
            self._finish((leader,), BattleCheckersReason.TURN_LIMIT_MORE_SPIRIT, events)
        else:
            self._finish((0, 1), BattleCheckersReason.TURN_LIMIT_DRAW, events)
