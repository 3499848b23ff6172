"""Which CheckRisk actions are legal: generating them lean, and saying why one is not."""

from __future__ import annotations

from functools import cache
from typing import Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.fields import CheckRiskFields
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import (
    ACT,
    ATTACKER,
    BATTLE,
    DEFENDER,
    DEPLOY,
    EMPTY,
    OCCUPY,
    REINFORCE,
    ROLL,
)
from game.engine.core import IllegalAction

# An action as received: any tuple, checked field by field before use.
Raw = tuple[Any, ...]


@cache
def _splits(tokens: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to put `tokens` into bins with the given capacities (C12.4 retreat splits)."""
    if not caps:
        return ((),) if tokens == 0 else ()
    head, rest = caps[0], caps[1:]
    out = []
    for n in range(min(head, tokens) + 1):
        for tail in _splits(tokens - n, rest):
            out.append((n, *tail))
    return tuple(out)


class LegalActions(CheckRiskFields):
    """Legal-action generation and checks (C3–C13), the first rules layer of `CheckRiskState`."""

    def _act_actions(self) -> list[A.CheckRiskAction]:
        me = self.seat
        owner, count = self.owner, self.count
        tables = self.game.step_tables
        out: list[A.CheckRiskAction] = [A.END_ACTION]
        extend = out.extend
        # An empty cell always has owner EMPTY, so the owner alone tells empty, own and enemy cells apart.
        for i in [i for i, o in enumerate(owner) if o == me]:
            c = count[i]
            for j, moves, attacks in tables[i]:
                o = owner[j]
                if o == EMPTY:
                    extend(moves[c])
                elif o == me:
                    room = MAX_STACK - count[j]
                    extend(moves[c if c < room else room])
                else:
                    extend(attacks[c])
        return out

    def _reinforce_actions(self) -> list[A.CheckRiskAction]:
        count = self.count
        table = self.game.reinforce_actions
        out: list[A.CheckRiskAction] = []
        for cells, left in self.reinforcements:
            if left:
                out.extend(table[i] for i in cells if count[i] < MAX_STACK)
        return out

    def _nothing_deployed(self, seat: int) -> bool:
        return self.to_deploy[seat] == self.game.spec.start_tokens and not any(
            self.count[i] for i in self.game.spec.zones[seat].cells)

    def _deploy_capacity(self) -> tuple[int, int]:
        """Most tokens the deploying seat could still place (C4/C5 limits): `stay` when the next token goes on a
        cell already used, `grow` when it opens a new cell (-1 when the cell limit forbids that)."""
        zone = self.game.spec.zones[self.seat]
        count = self.count
        used = room = 0
        for i in zone.cells:
            if count[i]:
                used += 1
                room += MAX_STACK - count[i]
        empties = len(zone.cells) - used
        stay = room + min(zone.max_cells - used, empties) * MAX_STACK
        grow = -1  # a new cell is allowed only below the zone's cell limit
        if used < zone.max_cells:
            grow = room + MAX_STACK + min(zone.max_cells - used - 1, empties - 1) * MAX_STACK
        return stay, grow

    def _deploy_actions(self) -> list[A.CheckRiskAction]:
        seat = self.seat
        left = self.to_deploy[seat]
        zone = self.game.spec.zones[seat]
        table = self.game.deploy_actions
        count = self.count
        stay, grow = self._deploy_capacity()
        out: list[A.CheckRiskAction] = []
        for i in sorted(zone.cells):
            c = count[i]
            # After placing k, the rest must still fit; the condition turns out independent of k.
            if left > (stay if c else grow):
                continue
            out.extend(table[i][: min(left, MAX_STACK - c)])
        if self._nothing_deployed(seat):
            out.extend(A.Preset(A.PRESET, name) for name in sorted(self.game.spec.presets[seat]))
        return out

    def _retreat_targets(self) -> list[tuple[int, int]]:
        """(cell, room) the defender may retreat to: adjacent, empty or own with room, never the origin."""
        origin, target = self._fight()[0], self._fight()[1]
        me = self.owner[target]
        owner, count = self.owner, self.count
        out = []
        for j in self.game.board.neighbours[target]:
            if j == origin:
                continue
            if not count[j]:
                out.append((j, MAX_STACK))
            elif owner[j] == me and count[j] < MAX_STACK:
                out.append((j, MAX_STACK - count[j]))
        return out

    def _can_retreat(self) -> bool:
        """True when the attacked stack fits, whole, into the cells it may retreat to (C12.4)."""
        return sum(room for _, room in self._retreat_targets()) >= self.count[self._fight()[1]]

    def _retreat_actions(self) -> list[A.CheckRiskAction]:
        targets = self._retreat_targets()
        d = self.count[self._fight()[1]]
        if sum(room for _, room in targets) < d:
            return []
        cell = self._fight()[1]
        cells = [j for j, _ in targets]
        caps = tuple(room for _, room in targets)
        out: list[A.CheckRiskAction] = []
        for split in _splits(d, caps):
            parts = tuple(sorted((c, n) for c, n in zip(cells, split, strict=True) if n))
            out.append(A.Retreat(A.RETREAT, cell, parts))
        return out

    # ------------------------------------------------------------------ legality

    def _problem(self, action: Raw) -> str:
        """Why an action is not legal here, or '' when it is."""
        try:
            return self._problem_of(action)
        except (TypeError, IndexError, ValueError):
            return f"malformed action {action!r}"

    def _problem_of(self, action: Raw) -> str:
        if self._outcome is not None:
            return "the game is over"
        tag = action[0]
        if tag == A.ROLL:
            b = self.battle
            if b is None or b[3] != ROLL:
                return "no battle round is being rolled"
            ha, hd = action[1], action[2]
            if not (isinstance(ha, int) and isinstance(hd, int)):
                return "hits must be whole numbers"
            if not (0 <= ha <= b[2] and 0 <= hd <= self.count[b[1]] and ha + hd >= 1):
                return f"hits must be 0…{b[2]} and 0…{self.count[b[1]]}, not both 0"
            return ""
        checker = _CHECKS.get(tag)
        if checker is None:
            return f"unknown action {tag!r}"
        return checker(self, action)

    def _expect(self, phase: str, stage: str | None = None) -> str:
        if self.phase != phase:
            return f"not possible in the {self.phase} phase"
        if stage is not None and self._fight()[3] != stage:
            return f"the battle waits for {self._fight()[3]}"
        return ""

    def _check_deploy(self, action: Raw) -> str:
        if bad := self._expect(DEPLOY):
            return bad
        if len(action) != 3:
            return "malformed deployment"
        _, cell, k = action
        zone = self.game.spec.zones[self.seat]
        if not isinstance(k, int):
            return "the token count must be a whole number"
        if cell not in zone.cells:
            return f"{self._name(cell)} is outside the deployment zone"
        left = self.to_deploy[self.seat]
        c = self.count[cell]
        if not 1 <= k <= min(left, MAX_STACK - c):
            return f"can place 1…{min(left, MAX_STACK - c)} tokens there"
        stay, grow = self._deploy_capacity()
        if left > (stay if c else grow):
            return "the remaining tokens would not fit within the zone's cell limit"
        return ""

    def _check_preset(self, action: Raw) -> str:
        if bad := self._expect(DEPLOY):
            return bad
        if len(action) != 2 or action[1] not in self.game.spec.presets[self.seat]:
            return "no such preset for this seat"
        if not self._nothing_deployed(self.seat):
            return "a preset replaces the whole deployment; tokens are already placed"
        return ""

    def _check_reinforce(self, action: Raw) -> str:
        if bad := self._expect(REINFORCE):
            return bad
        cell = action[1] if len(action) == 2 else -1
        for cells, left in self.reinforcements:
            if left and cell in cells:
                return "" if self.count[cell] < MAX_STACK else "that stack is full (rule of six)"
        return "not a stack of a group due reinforcements"

    def _check_step(self, action: Raw) -> str:
        if bad := self._expect(ACT):
            return bad
        if len(action) != 4:
            return "malformed move"
        _, i, j, n = action
        if not (isinstance(i, int) and 0 <= i < len(self.owner)) or self.owner[i] != self.seat or not self.count[i]:
            return "the origin is not your stack"
        if j not in self.game.board.neighbours[i]:
            return "the target is not orthogonally adjacent"
        if not (isinstance(n, int) and 1 <= n <= self.count[i]):
            return f"take 1…{self.count[i]} tokens"
        occupant = self.owner[j] if self.count[j] else EMPTY
        if action[0] == A.MOVE:
            if occupant not in (EMPTY, self.seat):
                return "the target holds an enemy stack (attack instead)"
            if self.count[j] + n > MAX_STACK:
                return "the stack would exceed six tokens (rule of six)"
        elif occupant in (EMPTY, self.seat):
            return "there is no enemy stack to attack"
        return ""

    def _check_end(self, action: Raw) -> str:
        return self._expect(ACT)

    def _check_attacker(self, action: Raw) -> str:
        return self._expect(BATTLE, ATTACKER)

    def _check_stand(self, action: Raw) -> str:
        return self._expect(BATTLE, DEFENDER)

    def _check_retreat(self, action: Raw) -> str:
        if bad := self._expect(BATTLE, DEFENDER):
            return bad
        if len(action) != 3 or action[1] != self._fight()[1]:
            return "the retreat must start from the attacked cell"
        rooms = dict(self._retreat_targets())
        parts = action[2]
        if len({c for c, _ in parts}) != len(parts):
            return "a cell appears twice in the retreat"
        for c, n in parts:
            if c not in rooms:
                return f"cannot retreat to {self._name(c)}"
            if not 1 <= n <= rooms[c]:
                return f"{self._name(c)} takes 1…{rooms[c]} tokens"
        if sum(n for _, n in parts) != self.count[self._fight()[1]]:
            return "the whole stack must retreat"
        return ""

    def _check_occupy(self, action: Raw) -> str:
        if bad := self._expect(BATTLE, OCCUPY):
            return bad
        k = action[1] if len(action) == 2 else -1
        if not (isinstance(k, int) and 0 <= k <= self.count[self._fight()[0]]):
            return f"occupy with 0…{self.count[self._fight()[0]]} tokens"
        return ""

    def _name(self, cell: Any) -> str:
        names = self.game.board.names
        return names[cell] if isinstance(cell, int) and 0 <= cell < len(names) else repr(cell)

    def _require(self, action: Raw) -> None:
        problem = self._problem(action)
        if problem:
            raise IllegalAction(f"{action!r}: {problem}")


_CHECKS = {
    A.DEPLOY: LegalActions._check_deploy,
    A.PRESET: LegalActions._check_preset,
    A.REINFORCE: LegalActions._check_reinforce,
    A.MOVE: LegalActions._check_step,
    A.ATTACK: LegalActions._check_step,
    A.END: LegalActions._check_end,
    A.CONTINUE: LegalActions._check_attacker,
    A.WITHDRAW: LegalActions._check_attacker,
    A.STAND: LegalActions._check_stand,
    A.RETREAT: LegalActions._check_retreat,
    A.OCCUPY: LegalActions._check_occupy,
}
