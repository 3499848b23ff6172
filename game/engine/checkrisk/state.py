"""CheckRisk positions and the rules C1–C15: deployment, reinforcements, moves, battles, elimination, turn limit."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.events import (
    AttackDeclared,
    BattleEnded,
    BattleRound,
    Continued,
    Deployed,
    Eliminated,
    Losses,
    Moved,
    Occupied,
    Reinforced,
    Retreated,
    Stood,
    TurnEnded,
    TurnStarted,
    Withdrew,
)
from game.engine.checkrisk.faces import faces_for
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.odds import Odds, battle_odds, round_outcomes
from game.engine.core import CHANCE, TERMINAL, Action, Event, GameOver, IllegalAction, Outcome, State

if TYPE_CHECKING:
    from game.engine.checkrisk.game import CheckRiskGame

DEPLOY, REINFORCE, ACT, BATTLE, OVER = "deploy", "reinforce", "act", "battle", "over"
PHASES = (DEPLOY, REINFORCE, ACT, BATTLE, OVER)
# Battle stages: who is asked what next.
ROLL, ATTACKER, DEFENDER, OCCUPY = "roll", "attacker", "defender", "occupy"
STAGES = (ROLL, ATTACKER, DEFENDER, OCCUPY)
EMPTY = -1


@dataclass(frozen=True)
class BattleView:
    """The battle in progress: cells, seats, the tokens on each side and whose decision is pending."""

    origin: int
    target: int
    attacker: int
    defender: int
    attackers: int
    defenders: int
    stage: str
    rounds: int


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


class CheckRiskState(State):
    """A CheckRisk position. `owner`, `count`, `supply`, `removed`, `out` are per-cell / per-seat lists:
    read them freely, never write them (use `apply`). Cells are indices (see `game.cell_name`)."""

    def __init__(self, game: CheckRiskGame) -> None:
        spec = game.spec
        players = spec.players
        self.game = game
        self.owner: list[int] = [EMPTY] * spec.board.size
        self.count: list[int] = [0] * spec.board.size
        self.supply: list[int] = [spec.supply] * players  # tokens not on the board and not removed
        self.removed: list[int] = [0] * players  # tokens that left the game in battle (C11)
        self.to_deploy: list[int] = [spec.start_tokens] * players
        self.on_board: list[int] = [0] * players  # includes attackers out on a battle
        self.out: list[bool] = [False] * players
        self.seat = 0  # whose turn (or deployment) it is
        self.round = 0  # 0 during deployment, then 1…turn_limit
        self.actions_left = 0
        self.phase = DEPLOY
        self.reinforcements: list[list[Any]] = []  # [[cells tuple, tokens left to place], ...]
        self.battle: list[Any] | None = None  # [origin, target, attackers, stage, rounds]
        self.rolls = 0  # rounds rolled this game; seeds the faces shown
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """The seat to decide (the defender's seat when it must stand or retreat), CHANCE or TERMINAL."""
        if self._outcome is not None:
            return TERMINAL
        b = self.battle
        if b is not None:
            stage = b[3]
            if stage == ROLL:
                return CHANCE
            if stage == DEFENDER:
                return self.owner[b[1]]
        return self.seat

    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to act."""
        phase = self.phase
        if phase == ACT:
            return self._act_actions()
        if phase == BATTLE:
            stage = self.battle[3]
            if stage == ATTACKER:
                return [A.CONTINUE_ACTION, A.WITHDRAW_ACTION]
            if stage == DEFENDER:
                return [A.STAND_ACTION, *self._retreat_actions()]
            if stage == OCCUPY:
                return list(A.OCCUPY_ACTIONS[: self.count[self.battle[0]] + 1])
            return []
        if phase == REINFORCE:
            return self._reinforce_actions()
        if phase == DEPLOY:
            return self._deploy_actions()
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """A battle round's decisive hit counts ("roll", attacker_hits, defender_hits) with exact odds."""
        b = self.battle
        if self._outcome is not None or b is None or b[3] != ROLL:
            return []
        return [((A.ROLL, ha, hd), p) for (ha, hd), p in round_outcomes(b[2], self.count[b[1]])]

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision or chance outcome; raises IllegalAction when it is not legal here."""
        if self._outcome is not None:
            raise IllegalAction("the game is over")
        try:
            handler = _HANDLERS[action[0]]
        except (TypeError, IndexError, KeyError):
            raise IllegalAction(f"not a CheckRisk action: {action!r}") from None
        return handler(self, action)

    def action_to_str(self, action: Action) -> str:
        """Notation as in the rules (see `actions`)."""
        return A.to_str(self.game.board, action)

    def action_from_str(self, text: str) -> Action:
        """Parse notation into an action or chance outcome legal here; raises IllegalAction."""
        action = A.from_str(self.game.board, text)
        problem = self._problem(action)
        if problem:
            raise IllegalAction(f"{text!r}: {problem}")
        return action

    def clone(self) -> CheckRiskState:
        """An independent copy."""
        other = CheckRiskState.__new__(CheckRiskState)
        other.game = self.game
        other.owner = self.owner[:]
        other.count = self.count[:]
        other.supply = self.supply[:]
        other.removed = self.removed[:]
        other.to_deploy = self.to_deploy[:]
        other.on_board = self.on_board[:]
        other.out = self.out[:]
        other.seat = self.seat
        other.round = self.round
        other.actions_left = self.actions_left
        other.phase = self.phase
        other.reinforcements = [g[:] for g in self.reinforcements]
        other.battle = self.battle[:] if self.battle is not None else None
        other.rolls = self.rolls
        other._outcome = self._outcome
        return other

    def to_dict(self) -> dict[str, Any]:
        """The position JSON of the rules (see `position`)."""
        from game.engine.checkrisk.position import state_to_dict

        return state_to_dict(self)

    def outcome(self) -> Outcome | None:
        """Winners and reason once the game is over (C14, C15)."""
        return self._outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._outcome is not None

    # ------------------------------------------------------------------ accessors for AI and client

    def stack(self, cell: int) -> tuple[int, int] | None:
        """(owner, count) of the stack on a cell, or None when it is empty."""
        return (self.owner[cell], self.count[cell]) if self.count[cell] else None

    def owner_at(self, cell: int) -> int:
        """The seat owning the stack on a cell, or -1 when empty."""
        return self.owner[cell] if self.count[cell] else EMPTY

    def stacks(self) -> list[tuple[int, int, int]]:
        """Every stack as (cell, owner, count), by cell index."""
        return [(i, o, c) for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if c]

    def cells_of(self, seat: int) -> list[int]:
        """The cells holding the seat's stacks."""
        return [i for i, (o, c) in enumerate(zip(self.owner, self.count, strict=True)) if o == seat and c]

    def cells_held(self, seat: int) -> int:
        """How many cells the seat holds (the first C15 tie-break)."""
        return len(self.cells_of(seat))

    def tokens_on_board(self, seat: int) -> int:
        """The seat's tokens on the board, counting attackers out on a battle."""
        return self.on_board[seat]

    def groups(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's orthogonally connected groups of cells (C7), each sorted, largest first."""
        nbrs = self.game.board.neighbours
        owner, count = self.owner, self.count
        seen: set[int] = set()
        out = []
        for start in range(len(owner)):
            if owner[start] != seat or not count[start] or start in seen:
                continue
            seen.add(start)
            todo = [start]
            group = []
            while todo:
                i = todo.pop()
                group.append(i)
                for j in nbrs[i]:
                    if j not in seen and owner[j] == seat and count[j]:
                        seen.add(j)
                        todo.append(j)
            out.append(tuple(sorted(group)))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def reinforcement_due(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(group, tokens) for each of the seat's groups that touches the edge and has ⌊cells/4⌋ ≥ 1 (C7)."""
        edge = self.game.board.edge
        return [(g, len(g) // 4) for g in self.groups(seat) if len(g) >= 4 and any(edge[i] for i in g)]

    def pending_reinforcements(self) -> list[tuple[tuple[int, ...], int]]:
        """(group cells, tokens still to place) while reinforcing."""
        return [(cells, left) for cells, left in self.reinforcements if left]

    def pending_battle(self) -> BattleView | None:
        """The battle being fought, or None."""
        b = self.battle
        if b is None:
            return None
        origin, target, attackers, stage, rounds = b
        defender = self.owner[target] if self.count[target] else EMPTY
        return BattleView(origin, target, self.seat, defender, attackers, self.count[target], stage, rounds)

    def attack_odds(self, action: Action) -> Odds:
        """Exact (attacker_wins, defender_holds, both_gone) of an attack action fought to the end."""
        if action[0] != A.ATTACK:
            raise ValueError(f"not an attack: {action!r}")
        return battle_odds(action[3], self.count[action[2]])

    def deployable_presets(self) -> list[str]:
        """Preset names the seat deploying now may choose (C6)."""
        if self.phase != DEPLOY or self._outcome is not None or not self._nothing_deployed(self.seat):
            return []
        return sorted(self.game.spec.presets[self.seat])

    # ------------------------------------------------------------------ legal actions

    def _act_actions(self) -> list[Action]:
        me = self.seat
        owner, count = self.owner, self.count
        tables = self.game.step_tables
        out: list[Action] = [A.END_ACTION]
        for i in range(len(owner)):
            if owner[i] != me:
                continue
            c = count[i]
            if not c:
                continue
            for j, moves, attacks in tables[i]:
                o = owner[j]
                if o == EMPTY or not count[j]:
                    out.extend(moves[:c])
                elif o == me:
                    room = MAX_STACK - count[j]
                    if room:
                        out.extend(moves[: min(c, room)])
                else:
                    out.extend(attacks[:c])
        return out

    def _reinforce_actions(self) -> list[Action]:
        count = self.count
        table = self.game.reinforce_actions
        out = []
        for cells, left in self.reinforcements:
            if left:
                out.extend(table[i] for i in cells if count[i] < MAX_STACK)
        return out

    def _nothing_deployed(self, seat: int) -> bool:
        return self.to_deploy[seat] == self.game.spec.start_tokens and not any(
            self.count[i] for i in self.game.spec.zones[seat].cells)

    def _deploy_capacity(self) -> tuple[int, int]:
        """Room left if one more empty cell is used, and if not: what the C4/C5 limits still allow."""
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

    def _deploy_actions(self) -> list[Action]:
        seat = self.seat
        left = self.to_deploy[seat]
        zone = self.game.spec.zones[seat]
        table = self.game.deploy_actions
        count = self.count
        stay, grow = self._deploy_capacity()
        out: list[Action] = []
        for i in sorted(zone.cells):
            c = count[i]
            # After placing k, the rest must still fit; the condition turns out independent of k.
            if left > (stay if c else grow):
                continue
            out.extend(table[i][: min(left, MAX_STACK - c)])
        if self._nothing_deployed(seat):
            out.extend((A.PRESET, name) for name in sorted(self.game.spec.presets[seat]))
        return out

    def _retreat_targets(self) -> list[tuple[int, int]]:
        """(cell, room) the defender may retreat to: adjacent, empty or own with room, never the origin."""
        origin, target = self.battle[0], self.battle[1]
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

    def _retreat_actions(self) -> list[Action]:
        targets = self._retreat_targets()
        d = self.count[self.battle[1]]
        if sum(room for _, room in targets) < d:
            return []
        cell = self.battle[1]
        cells = [j for j, _ in targets]
        caps = tuple(room for _, room in targets)
        out = []
        for split in _splits(d, caps):
            out.append((A.RETREAT, cell, tuple(sorted((c, n) for c, n in zip(cells, split, strict=True) if n))))
        return out

    # ------------------------------------------------------------------ legality

    def _problem(self, action: Action) -> str:
        """Why an action is not legal here, or '' when it is."""
        try:
            return self._problem_of(action)
        except (TypeError, IndexError, ValueError):
            return f"malformed action {action!r}"

    def _problem_of(self, action: Action) -> str:
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
        if stage is not None and self.battle[3] != stage:
            return f"the battle waits for {self.battle[3]}"
        return ""

    def _check_deploy(self, action: Action) -> str:
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

    def _check_preset(self, action: Action) -> str:
        if bad := self._expect(DEPLOY):
            return bad
        if len(action) != 2 or action[1] not in self.game.spec.presets[self.seat]:
            return "no such preset for this seat"
        if not self._nothing_deployed(self.seat):
            return "a preset replaces the whole deployment; tokens are already placed"
        return ""

    def _check_reinforce(self, action: Action) -> str:
        if bad := self._expect(REINFORCE):
            return bad
        cell = action[1] if len(action) == 2 else None
        for cells, left in self.reinforcements:
            if left and cell in cells:
                return "" if self.count[cell] < MAX_STACK else "that stack is full (rule of six)"
        return "not a stack of a group due reinforcements"

    def _check_step(self, action: Action) -> str:
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

    def _check_end(self, action: Action) -> str:
        return self._expect(ACT)

    def _check_attacker(self, action: Action) -> str:
        return self._expect(BATTLE, ATTACKER)

    def _check_stand(self, action: Action) -> str:
        return self._expect(BATTLE, DEFENDER)

    def _check_retreat(self, action: Action) -> str:
        if bad := self._expect(BATTLE, DEFENDER):
            return bad
        if len(action) != 3 or action[1] != self.battle[1]:
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
        if sum(n for _, n in parts) != self.count[self.battle[1]]:
            return "the whole stack must retreat"
        return ""

    def _check_occupy(self, action: Action) -> str:
        if bad := self._expect(BATTLE, OCCUPY):
            return bad
        k = action[1] if len(action) == 2 else -1
        if not (isinstance(k, int) and 0 <= k <= self.count[self.battle[0]]):
            return f"occupy with 0…{self.count[self.battle[0]]} tokens"
        return ""

    def _name(self, cell: Any) -> str:
        names = self.game.board.names
        return names[cell] if isinstance(cell, int) and 0 <= cell < len(names) else repr(cell)

    def _require(self, action: Action) -> None:
        problem = self._problem(action)
        if problem:
            raise IllegalAction(f"{action!r}: {problem}")

    # ------------------------------------------------------------------ appliers

    def _apply_deploy(self, action: Action) -> list[Event]:
        self._require(action)
        _, cell, k = action
        seat = self.seat
        self._place(cell, seat, k)
        self.to_deploy[seat] -= k
        events: list[Event] = [Deployed(seat, self.game.board.names[cell], k, self.count[cell])]
        if not self.to_deploy[seat]:
            self._next_deployer(events)
        return events

    def _apply_preset(self, action: Action) -> list[Event]:
        self._require(action)
        seat = self.seat
        names = self.game.board.names
        events: list[Event] = []
        for cell, k in self.game.spec.presets[seat][action[1]]:
            self._place(cell, seat, k)
            self.to_deploy[seat] -= k
            events.append(Deployed(seat, names[cell], k, self.count[cell], action[1]))
        self._next_deployer(events)
        return events

    def _place(self, cell: int, seat: int, k: int) -> None:
        self.owner[cell] = seat
        self.count[cell] += k
        self.supply[seat] -= k
        self.on_board[seat] += k

    def _next_deployer(self, events: list[Event]) -> None:
        # C6: seats deploy one after another; when all are done the first round begins.
        for seat in range(self.seat + 1, len(self.to_deploy)):
            if self.to_deploy[seat]:
                self.seat = seat
                return
        self.round = 1
        self.seat = self.out.index(False)
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        seat = self.seat
        self.reinforcements = []
        due = given = 0
        if self.round > 1:  # C7: not on a seat's first turn
            supply = self.supply[seat]
            for cells, tokens in self.reinforcement_due(seat):
                due += tokens
                # What has no room stays in the supply; groups are served largest first while the supply lasts.
                room = sum(MAX_STACK - self.count[i] for i in cells)
                give = min(tokens, room, supply - given)
                if give > 0:
                    self.reinforcements.append([cells, give])
                    given += give
        self.actions_left = self.game.spec.actions
        self.phase = REINFORCE if given else ACT
        events.append(TurnStarted(seat, self.round, due, given))

    def _apply_reinforce(self, action: Action) -> list[Event]:
        self._require(action)
        cell = action[1]
        seat = self.seat
        for group in self.reinforcements:
            if group[1] and cell in group[0]:
                group[1] -= 1
                break
        self._place(cell, seat, 1)
        events: list[Event] = [Reinforced(seat, self.game.board.names[cell], 1, self.count[cell])]
        if not any(left for _, left in self.reinforcements):
            self.reinforcements = []
            self.phase = ACT
        return events

    def _apply_move(self, action: Action) -> list[Event]:
        self._require(action)
        _, i, j, n = action
        seat = self.seat
        self._lift(i, n)
        self.owner[j] = seat
        self.count[j] += n
        names = self.game.board.names
        events: list[Event] = [Moved(seat, names[i], names[j], n)]
        self.actions_left -= 1
        if not self.actions_left:
            self._end_turn(events)
        return events

    def _lift(self, cell: int, n: int) -> None:
        self.count[cell] -= n
        if not self.count[cell]:
            self.owner[cell] = EMPTY

    def _apply_attack(self, action: Action) -> list[Event]:
        self._require(action)
        _, i, j, n = action
        self._lift(i, n)
        self.battle = [i, j, n, ROLL, 0]
        self.phase = BATTLE
        self.actions_left -= 1  # the whole battle is one action (C10)
        names = self.game.board.names
        return [AttackDeclared(self.seat, names[i], names[j], n, self.owner[j], self.count[j])]

    def _apply_roll(self, action: Action) -> list[Event]:
        self._require(action)
        _, ha, hd = action
        b = self.battle
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
        b = self.battle
        if b[2]:
            self.owner[b[0]] = self.seat
            self.count[b[0]] += b[2]
            b[2] = 0

    def _apply_continue(self, action: Action) -> list[Event]:
        self._require(action)
        events: list[Event] = [Continued(self.seat)]
        b = self.battle
        if self._retreat_actions():
            b[3] = DEFENDER  # C13: the defender's seat decides
        else:
            events.append(Stood(self.owner[b[1]], self.game.board.names[b[1]], True))
            b[3] = ROLL
        return events

    def _apply_withdraw(self, action: Action) -> list[Event]:
        self._require(action)
        b = self.battle
        survivors = b[2]
        self._return_survivors()
        names = self.game.board.names
        events: list[Event] = [Withdrew(self.seat, names[b[0]], names[b[1]], survivors)]
        self._finish_battle(events)
        return events

    def _apply_stand(self, action: Action) -> list[Event]:
        self._require(action)
        b = self.battle
        b[3] = ROLL
        return [Stood(self.owner[b[1]], self.game.board.names[b[1]], False)]

    def _apply_retreat(self, action: Action) -> list[Event]:
        self._require(action)
        b = self.battle
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

    def _apply_occupy(self, action: Action) -> list[Event]:
        self._require(action)
        k = action[1]
        origin, target = self.battle[0], self.battle[1]
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
            self._finish(alive, "last player standing", events)
            return True
        if not alive:
            # The last two stacks destroyed each other: the seats that fell together share the draw.
            self._finish(tuple(fallen), "mutual destruction", events)
            return True
        return False

    def _apply_end(self, action: Action) -> list[Event]:
        self._require(action)
        events: list[Event] = []
        self._end_turn(events)
        return events

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.seat
        events.append(TurnEnded(seat))
        players = len(self.out)
        nxt = seat
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if not self.out[nxt]:
                break
        if nxt <= seat:
            self.round += 1
            if self.round > self.game.spec.turn_limit:
                self._finish_by_turn_limit(events)
                return
        self.seat = nxt
        self._start_turn(events)

    def _finish_by_turn_limit(self, events: list[Event]) -> None:
        # C15: most cells held, then most tokens on the board; a tie is a draw among the tied.
        alive = [s for s, gone in enumerate(self.out) if not gone]
        cells = {s: self.cells_held(s) for s in alive}
        best = max(cells.values())
        leaders = [s for s in alive if cells[s] == best]
        reason = "turn limit: most cells"
        if len(leaders) > 1:
            best_tokens = max(self.on_board[s] for s in leaders)
            leaders = [s for s in leaders if self.on_board[s] == best_tokens]
            reason = "turn limit: most tokens" if len(leaders) == 1 else "turn limit: draw"
        self.round = self.game.spec.turn_limit
        self._finish(tuple(leaders), reason, events)

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self._outcome = Outcome(winners, reason, len(self.out))
        self.phase = OVER
        self.battle = None
        self.reinforcements = []
        self.actions_left = 0
        events.append(GameOver(winners, reason))


_HANDLERS = {
    A.DEPLOY: CheckRiskState._apply_deploy,
    A.PRESET: CheckRiskState._apply_preset,
    A.REINFORCE: CheckRiskState._apply_reinforce,
    A.MOVE: CheckRiskState._apply_move,
    A.ATTACK: CheckRiskState._apply_attack,
    A.END: CheckRiskState._apply_end,
    A.CONTINUE: CheckRiskState._apply_continue,
    A.WITHDRAW: CheckRiskState._apply_withdraw,
    A.STAND: CheckRiskState._apply_stand,
    A.RETREAT: CheckRiskState._apply_retreat,
    A.OCCUPY: CheckRiskState._apply_occupy,
    A.ROLL: CheckRiskState._apply_roll,
}

_CHECKS = {
    A.DEPLOY: CheckRiskState._check_deploy,
    A.PRESET: CheckRiskState._check_preset,
    A.REINFORCE: CheckRiskState._check_reinforce,
    A.MOVE: CheckRiskState._check_step,
    A.ATTACK: CheckRiskState._check_step,
    A.END: CheckRiskState._check_end,
    A.CONTINUE: CheckRiskState._check_attacker,
    A.WITHDRAW: CheckRiskState._check_attacker,
    A.STAND: CheckRiskState._check_stand,
    A.RETREAT: CheckRiskState._check_retreat,
    A.OCCUPY: CheckRiskState._check_occupy,
}
