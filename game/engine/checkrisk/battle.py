"""CheckRisk battles: attack, rounds, withdraw, stand, retreat, occupation and elimination (C10–C14)."""

from __future__ import annotations

from game.engine.checkrisk.events import (
    AttackDeclared,
    BattleEnded,
    BattleRound,
    Continued,
    Eliminated,
    Losses,
    Occupied,
    Retreated,
    Stood,
    Withdrew,
)
from game.engine.checkrisk.faces import faces_for
from game.engine.checkrisk.legal import Raw
from game.engine.checkrisk.phases import (
    ACT,
    ATTACKER,
    BATTLE,
    DEFENDER,
    EMPTY,
    OCCUPY,
    ROLL,
)
from game.engine.checkrisk.turns import TurnRules
from game.engine.core import Event
from game.engine.reasons import CheckRiskReason


class BattleRules(TurnRules):
    """Battle appliers, the third rules layer of `CheckRiskState`."""

    def _apply_attack(self, action: Raw) -> list[Event]:
        self._require(action)
        _, i, j, n = action
        self._lift(i, n)
        self.battle = [i, j, n, ROLL, 0]
        self.phase = BATTLE
        self.actions_left -= 1  # the whole battle is one action (C10)
        names = self.game.board.names
        return [AttackDeclared(self.seat, names[i], names[j], n, self.owner[j], self.count[j])]

    def _apply_roll(self, action: Raw) -> list[Event]:
        self._require(action)
        _, ha, hd = action
        b = self._fight()
        origin, target, a = b[0], b[1], b[2]
        d = self.count[target]
        attacker, defender = self.seat, self.owner[target]
        names = self.game.board.names
        seed = self.rolls * 4099 + origin * 131 + target
        events: list[Event] = [BattleRound(
            names[origin], names[target], faces_for(2 * seed, a, ha), faces_for(2 * seed + 1, d, hd), ha, hd)]
        self.rolls += 1
        b[4] += 1
        lost_a, lost_d = min(hd, a), min(ha, d)
        a -= lost_a
        d -= lost_d
        b[2] = a
        self.count[target] = d
        if not d:
            self.owner[target] = EMPTY
        self.removed[attacker] += lost_a
        self.removed[defender] += lost_d
        self.on_board[attacker] -= lost_a
        self.on_board[defender] -= lost_d
        events.append(Losses(attacker, defender, lost_a, lost_d, a, d))
        if a and d:
            b[3] = ATTACKER  # C12.3
            return events
        self._return_survivors()
        result = "attacker" if a else ("defender" if d else "both")
        events.append(BattleEnded(names[origin], names[target], result, a))
        if self._eliminate((attacker, defender), events):
            return events
        if result == "attacker":
            b[3] = OCCUPY  # C12.1
        else:
            self._finish_battle(events)  # C12.2: the defender holds, or the cell is left empty
        return events

    def _return_survivors(self) -> None:
        b = self._fight()
        if b[2]:
            self.owner[b[0]] = self.seat
            self.count[b[0]] += b[2]
            b[2] = 0

    def _apply_continue(self, action: Raw) -> list[Event]:
        self._require(action)
        events: list[Event] = [Continued(self.seat)]
        b = self._fight()
        if self._can_retreat():
            b[3] = DEFENDER  # C13: the defender's seat decides
        else:
            events.append(Stood(self.owner[b[1]], self.game.board.names[b[1]], True))
            b[3] = ROLL
        return events

    def _apply_withdraw(self, action: Raw) -> list[Event]:
        self._require(action)
        b = self._fight()
        survivors = b[2]
        self._return_survivors()
        names = self.game.board.names
        events: list[Event] = [Withdrew(self.seat, names[b[0]], names[b[1]], survivors)]
        self._finish_battle(events)
        return events

    def _apply_stand(self, action: Raw) -> list[Event]:
        self._require(action)
        b = self._fight()
        b[3] = ROLL
        return [Stood(self.owner[b[1]], self.game.board.names[b[1]], False)]

    def _apply_retreat(self, action: Raw) -> list[Event]:
        self._require(action)
        b = self._fight()
        target = b[1]
        defender = self.owner[target]
        names = self.game.board.names
        for cell, n in action[2]:
            self.owner[cell] = defender
            self.count[cell] += n
        self.count[target] = 0
        self.owner[target] = EMPTY
        self._return_survivors()
        b[3] = OCCUPY  # C12.4: as in C12.1 the attacker may move into the emptied cell
        return [Retreated(defender, names[target], tuple((names[c], n) for c, n in action[2]))]

    def _apply_occupy(self, action: Raw) -> list[Event]:
        self._require(action)
        k = action[1]
        origin, target = self._fight()[0], self._fight()[1]
        if k:
            self._lift(origin, k)
            self.owner[target] = self.seat
            self.count[target] = k
        names = self.game.board.names
        events: list[Event] = [Occupied(self.seat, names[origin], names[target], k)]
        self._finish_battle(events)
        return events

    def _finish_battle(self, events: list[Event]) -> None:
        self.battle = None
        self.phase = ACT
        if self.out[self.seat] or not self.actions_left:
            self._end_turn(events)

    def _eliminate(self, seats: tuple[int, ...], events: list[Event]) -> bool:
        """C14: seats with no tokens on the board are out; True when that ends the game."""
        fallen = []
        for seat in seats:
            if not self.out[seat] and not self.on_board[seat]:
                self.out[seat] = True
                fallen.append(seat)
                events.append(Eliminated(seat))
        if not fallen:
            return False
        alive = tuple(s for s, gone in enumerate(self.out) if not gone)
        if len(alive) == 1:
            self._finish(alive, CheckRiskReason.LAST_PLAYER_STANDING, events)
            return True
        if not alive:
            # The last two stacks destroyed each other: the seats that fell together share the draw.
            self._finish(tuple(fallen), CheckRiskReason.MUTUAL_DESTRUCTION, events)
            return True
        return False

