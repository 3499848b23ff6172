"""CheckRisk turn planner: deployment, reinforcements, up to three actions and every battle decision.

Battles are never rolled out: an attack's value is the exact distribution of how the battle ends (C11, C12,
from `game.engine.checkrisk.odds`), and continue / withdraw is decided by an exact recursion over the
(attackers, defenders) left. The actions of a turn are searched as a beam: every candidate is scored one
step ahead, the best few are searched again with the actions left (an attack branching on its likely
results). The planner is asked again at each decision, so it re-plans with the dice that actually fell.
A node is one evaluated position (about 0.1 ms).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

from ai.budget import Budget, BudgetExhausted
from ai.checkrisk_eval import ENDGAME_ROUNDS, CheckRiskEval
from ai.levels import strength_of, strengths
from ai.planners import planner_budget
from ai.strengths import CheckRiskStrength
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.game import CheckRiskGame
from game.engine.checkrisk.level import MAX_STACK, Zone
from game.engine.checkrisk.odds import battle_distribution, round_outcomes
from game.engine.checkrisk.phases import ACT, ATTACKER, BATTLE, DEFENDER, DEPLOY, EMPTY, OCCUPY, REINFORCE, ROLL
from game.engine.checkrisk.position import Battle
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import ActionT, Game, State

# Battle results less likely than this are not searched further (they keep their evaluation).
MIN_BRANCH = 0.08
# An attack on a stack of FORTIFIED or more with OUTNUMBERED or more fewer tokens is not searched (see `feeble`):
# the seat masses first.
FORTIFIED = 4
OUTNUMBERED = 3
Branch = tuple[float, CheckRiskState, float]  # (probability, resulting position, its evaluation)
Action = A.CheckRiskAction
Entry = TypeVar("Entry")
# Among the best first actions, one is preferred for how it holds up against the opponent's reply only when it is
# better by more than this (value units; a token is worth about a hundred early in a game).
REPLY_MARGIN = 1.0


# How the planner plays at each level that searches.
STRENGTHS = strengths(
    {
        "easy": CheckRiskStrength(depth=1, widths=(1,), exact_occupation=False, jitter=5.0, attrition_seats=0),
        "normal": CheckRiskStrength(depth=1, widths=(1,), exact_occupation=True, jitter=1.0, mass_lead=8.0),
        "hard": CheckRiskStrength(
            depth=3, widths=(5, 2, 1), exact_occupation=True, jitter=0.2, approach=3, attrition_seats=4, reply=3
        ),
    }
)


class CheckRiskPlanner:
    """Decides for whichever seat is asked in a CheckRisk state, within a node budget."""

    def __init__(self, game: CheckRiskGame, strength: CheckRiskStrength) -> None:
        self.game = game
        self.strength = strength
        self.eval = CheckRiskEval(game, strength.attrition_seats, strength.mass_lead)
        self.budget: Budget | None = None
        self.me = 0
        # Recent moves, (seat, round, origin, target): a move that only undoes one of the deciding seat's own (this
        # turn or the last) is never searched, so the seat does not shuffle.
        self.moved: list[tuple[int, int, int, int]] = []

    # ------------------------------------------------------------------ entry

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> Action:
        """The planner's decision for the seat to act in `state` (left unchanged)."""
        if not isinstance(state, CheckRiskState):
            raise TypeError(f"not a CheckRisk position: {state!r}")
        s = state
        self.budget = planner_budget(budget)
        self.me = s.current_player()
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase, battle = s.phase, s.battle
        try:
            if phase is ACT:
                choice = self._act(s, legal, rng)
                self._remember(s, choice)
                return choice
            if phase is DEPLOY:
                return self._deploy(s, legal)
            if phase is REINFORCE:
                return self._best_child(s, legal, rng)
            if battle is not None:
                stage = battle.stage
                if stage is ATTACKER:
                    return self._continue_or_withdraw(s, battle)
                if stage is DEFENDER:
                    return self._stand_or_retreat(s, battle, legal)
                if stage is OCCUPY:
                    return self._occupy(s, legal)
        except BudgetExhausted:
            pass
        return self._fallback(s, legal)

    def _remember(self, s: CheckRiskState, choice: Action) -> None:
        """Keep a move played in `s` in memory (and forget those older than the previous round)."""
        self.moved = [m for m in self.moved if m[1] >= s.round - 1]
        if isinstance(choice, A.Move):
            self.moved.append((s.seat, s.round, choice.origin, choice.target))

    def recall(self, played: Sequence[tuple[State[ActionT], ActionT]]) -> None:
        """Learn the game's recent decisions (each with the position it was played in), as when this planner is made
        afresh for every decision."""
        for state, action in played:
            if isinstance(state, CheckRiskState) and state.phase is ACT and isinstance(action, A.Move):
                self._remember(state, action)

    def undo_moves(self, s: CheckRiskState) -> frozenset[tuple[int, int]]:
        """(origin, target) of the moves that would undo a recent move of the seat to act: the reverse of one made in
        this turn or the seat's last, which brings the tokens back to the cell they left.

        Another stack may still step into a cell a stack left: forbidding that as well keeps a front from closing
        its gaps and its stacks from stepping out of reach, and costs more than a token a game in battles."""
        return frozenset(
            (target, origin) for seat, turn, origin, target in self.moved if seat == s.seat and turn >= s.round - 1
        )

    def _fallback(self, s: CheckRiskState, legal: list[Action]) -> Action:
        # Out of budget before anything was scored: the safest plain choice.
        for safe in (A.END, A.CONTINUE, A.STAND):
            if safe in legal:
                return safe
        if _occupying(s):
            return legal[len(legal) // 2]  # half the origin stack: both cells stay held
        return legal[0]

    # ------------------------------------------------------------------ evaluation

    def leaf(self, s: CheckRiskState) -> float:
        """The value of a position for the deciding seat, as if the seat whose turn it is ended it now."""
        assert self.budget is not None
        self.budget.tick()
        if s.is_terminal():
            return self.eval.value(s, self.me)
        if s.phase is ACT and self._turn_end_finishes(s):
            child = s.clone()
            child.apply(A.END)
            return self.eval.value(child, self.me)
        # Within the deciding seat's turn the position is judged as if the turn ended now (the next seat acts
        # first); once another seat's turn has begun, that seat acts first. Judging both kinds alike would make
        # ending the turn look better than any action.
        own_turn = s.seat == self.me
        first = self.eval.next_seat(s) if own_turn else s.seat
        return self.eval.value(s, self.me, first, turn_over=own_turn)

    def _turn_end_finishes(self, s: CheckRiskState) -> bool:
        # C15: ending the last seat's turn of the last round ends the game; judge that position exactly.
        if s.round < self.eval.turn_limit:
            return False
        return self.eval.next_seat(s) <= s.seat

    def _best_child(self, s: CheckRiskState, legal: list[Action], rng: random.Random) -> Action:
        best, best_value = legal[0], float("-inf")
        for action in legal:
            child = s.clone()
            child.apply(action)
            value = self.leaf(child) + self._noise(rng)
            if value > best_value:
                best, best_value = action, value
        return best

    def _noise(self, rng: random.Random) -> float:
        return rng.uniform(-self.strength.jitter, self.strength.jitter) if self.strength.jitter else 0.0

    # ------------------------------------------------------------------ the turn's actions

    def candidates(self, s: CheckRiskState) -> list[Action]:
        """The actions worth scoring: every direction of every stack, with the telling token counts."""
        out: list[Action] = [A.END]
        me = s.seat
        owner, count = s.owner, s.count
        undo = self.undo_moves(s) if me == self.me else frozenset()
        steps = self.game.tables.steps
        for i, (o, c) in enumerate(zip(owner, count, strict=True)):
            if o != me or not c:
                continue
            for j, moves, attacks in steps[i]:
                # moves[MAX_STACK][n - 1] / attacks[MAX_STACK][n - 1] take n tokens.
                if not count[j] or owner[j] == me:
                    if (i, j) in undo:
                        continue
                    room = MAX_STACK - count[j]
                    sizes = {n for n in (c, c - 1, 1, (c + 1) // 2) if 1 <= n <= min(c, room)}
                    out.extend(moves[MAX_STACK][n - 1] for n in sorted(sizes, reverse=True))
                else:
                    sizes = {n for n in (c, c - 1) if n >= 1 and not self.feeble(s, i, j, n)}
                    out.extend(attacks[MAX_STACK][n - 1] for n in sorted(sizes, reverse=True))
        return out

    def feeble(self, s: CheckRiskState, origin: int, target: int, n: int) -> bool:
        """Whether `n` tokens from `origin` against a fortified stack on `target` is a waste not worth searching:
        three or more fewer against four or more, unless the attacking stack is lost anyway (another enemy stack
        beside it of twice its size) or the turn limit is near (a cell taken now counts)."""
        defenders = s.count[target]
        if defenders < FORTIFIED or n > defenders - OUTNUMBERED:
            return False
        if self.eval.rounds_left(s) < ENDGAME_ROUNDS:
            return False
        me, owner, count = s.seat, s.owner, s.count
        mine = count[origin]
        return not any(
            j != target and owner[j] not in (EMPTY, me) and count[j] >= 2 * mine for j in self.eval.neighbours[origin]
        )

    def _act(self, s: CheckRiskState, legal: list[Action], rng: random.Random) -> Action:
        legal_set = set(legal)
        options = [a for a in self.candidates(s) if a in legal_set]
        depth = min(self.strength.depth, s.actions_left)
        scored: list[tuple[float, int, Action, list[Branch]]] = []
        try:
            for index, action in enumerate(options):
                value, branches = self.step_value(s, action)
                scored.append((value + self._noise(rng), index, action, branches))
        except BudgetExhausted:
            if not scored:
                raise
            return max(scored)[2]
        scored.sort(key=lambda t: (-t[0], t[1]))
        if depth <= 1:
            return self._after_reply(s, [(entry[0], entry[2]) for entry in scored])
        best_action = scored[0][2]
        beam = self.beam(s, scored, self.strength.widths[0], depth, lambda t: t[2])
        results = []
        try:
            for value, index, action, branches in beam:
                deeper = value if action == A.END else self.branch_value(branches, depth - 1, 1)
                results.append((deeper, value, index, action))  # equal plans: the better first step
        except BudgetExhausted:
            pass
        # An action searched deeper competes with the others searched as deep; a cut search keeps the first step.
        if len(results) == len(beam):
            results.sort(key=lambda t: (-t[0], -t[1], t[2]))
            best_action = self._after_reply(s, [(entry[0], entry[3]) for entry in results])
        return best_action

    # ------------------------------------------------------------------ the opponent's reply

    def _after_reply(self, s: CheckRiskState, ranked: list[tuple[float, Action]]) -> Action:
        """Among the best few first actions (`ranked` best first, with their values), the one whose turn holds up
        best against the opponent's best reply action (its battles by their exact odds, C11/C12): each value is
        corrected by how much worse that reply leaves the turn's end than its evaluation expects. The first when the
        strength looks at no reply, in games of more than two seats, or when the budget runs out."""
        top = ranked[: self.strength.reply]
        if len(top) <= 1 or self.game.num_players != 2:
            return ranked[0][1]
        best, best_value = top[0][1], float("-inf")
        try:
            for value, action in top:
                end = self.turn_end(s, action)
                corrected = value + self.reply_value(end) - self.leaf(end)
                if corrected > best_value + REPLY_MARGIN:
                    best, best_value = action, corrected
        except BudgetExhausted:
            return ranked[0][1]
        return best

    def turn_end(self, s: CheckRiskState, action: Action) -> CheckRiskState:
        """The position where the deciding seat's turn ends after `action`: its likeliest battle result, then the
        best next step each time, until it ends the turn (the END itself not yet played)."""
        child = s.clone()
        while action != A.END:
            _, branches = self.step_value(child, action)
            child = max(branches, key=lambda branch: branch[0])[1]
            if child.is_terminal() or child.phase is not ACT or child.seat != self.me or not child.actions_left:
                break
            action = max(self.candidates(child), key=lambda a: self.step_value(child, a)[0])
        return child

    def reply_value(self, end: CheckRiskState) -> float:
        """The value of a turn's end for the deciding seat once the opponent has placed its reinforcements (C7) and
        played its best first action against it."""
        child = end.clone()
        if not child.is_terminal() and child.phase is ACT and child.seat == self.me:
            child.apply(A.END)
        while not child.is_terminal() and child.phase is REINFORCE:
            placements = child.legal_actions()
            child.apply(min(placements, key=lambda a: self.leaf(_applied(child, a))))
        if child.is_terminal() or child.phase is not ACT:
            return self.leaf(child)
        # Passing is judged where the opponent stands, not by ending its turn: that would be judged as the start of
        # the seat's next turn, on another clock than the other replies.
        values = [self.leaf(child)]
        values.extend(self.step_value(child, a)[0] for a in self.candidates(child) if a != A.END)
        return min(values)

    def branch_value(self, branches: list[Branch], depth: int, level: int) -> float:
        """The exact expected value of the positions an action leads to: the likely ones searched `depth` more
        actions, the unlikely ones at their evaluation."""
        total = 0.0
        for p, child, value in branches:
            total += p * (self.plan_value(child, depth, level) if p >= MIN_BRANCH else value)
        return total

    def plan_value(self, s: CheckRiskState, depth: int, level: int) -> float:
        """The best value the deciding seat reaches from `s` with `depth` more of its actions this turn."""
        if depth <= 0 or s.is_terminal() or s.phase is not ACT or s.seat != self.me:
            return self.leaf(s)
        scored: list[tuple[float, Action, list[Branch]]] = []
        for action in self.candidates(s):
            value, branches = self.step_value(s, action)
            scored.append((value, action, branches))
        scored.sort(key=lambda t: -t[0])
        widths = self.strength.widths
        width = widths[min(level, len(widths) - 1)]
        if depth == 1 or (width <= 1 and not self.strength.approach):
            return scored[0][0]
        return max(
            value if action == A.END else self.branch_value(branches, depth - 1, level + 1)
            for value, action, branches in self.beam(s, scored, width, depth, lambda t: t[1])
        )

    def beam(
        self, s: CheckRiskState, scored: list[Entry], width: int, depth: int, action_of: Callable[[Entry], Action]
    ) -> list[Entry]:
        """The best `width` of `scored` (best first), and the best few moves that bring a stack beside an enemy
        stack it can then attack: a quiet move next to an enemy scores below standing still, yet a move and an
        attack in one turn is how a standoff is broken."""
        beam = scored[:width]
        extra = self.strength.approach if depth >= 2 else 0
        if not extra:
            return beam
        owner, count, nbrs, me = s.owner, s.count, self.eval.neighbours, s.seat
        for entry in scored[width:]:
            action = action_of(entry)
            if not isinstance(action, A.Move) or owner[action.target] == me:
                continue
            target, n = action.target, action.n
            if any(owner[j] != EMPTY and owner[j] != me and count[j] <= n for j in nbrs[target]):
                beam.append(entry)
                extra -= 1
                if not extra:
                    break
        return beam

    def step_value(self, s: CheckRiskState, action: Action) -> tuple[float, list[Branch]]:
        """(expected value after `action`, [(probability, resulting position, its value)]), battles resolved."""
        child = s.clone()
        if not isinstance(action, A.Attack):
            child.apply(action)
            value = self.leaf(child)
            return value, [(1.0, child, value)]
        child.apply(action)
        total = 0.0
        branches = []
        for p, after in self.battle_results(child):
            value = self.leaf(after)
            total += p * value
            branches.append((p, after, value))
        return total, branches

    def battle_results(self, s: CheckRiskState) -> list[tuple[float, CheckRiskState]]:
        """The positions a declared attack (stage ROLL) ends in, fought to the end, each with its chance.

        One position per (attackers, defenders) left; after a win the attacker occupies as the planner would.
        """
        battle = s.position.fight()
        origin, a0 = battle.origin, battle.attackers
        d0 = s.count[battle.target]
        out: list[tuple[float, CheckRiskState]] = []
        for (a, d), p in sorted(fought_out(a0, d0)):
            if p < 1e-4:
                continue
            after = s.clone()
            fight_to(after, a, d)
            if _occupying(after):
                after = self._occupied(after, origin)
            out.append((p, after))
        return out

    def _occupied(self, s: CheckRiskState, origin: int) -> CheckRiskState:
        """The position after the attacker's occupation, chosen as the planner would choose it."""
        total = s.count[origin]
        options = self._occupation_options(total)
        best, best_value = s, float("-inf")
        for k in options:
            after = s.clone()
            after.apply(A.OCCUPY_ACTIONS[k])
            if len(options) == 1:
                return after
            value = self.eval.value(after, s.seat) if s.seat != self.me else self.leaf(after)
            if value > best_value:
                best, best_value = after, value
        return best

    def _occupation_options(self, total: int) -> list[int]:
        if total <= 1:
            return [total]
        if self.strength.exact_occupation:
            return sorted({(total + 1) // 2, total // 2, total - 1, total} - {0})
        return [(total + 1) // 2]

    # ------------------------------------------------------------------ battle decisions

    def _continue_or_withdraw(self, s: CheckRiskState, battle: Battle) -> Action:
        """C12.3 by expected value: continue while the exact value of fighting on beats withdrawing now."""
        values: dict[tuple[int, int], float] = {}
        a0, d0 = battle.attackers, s.count[battle.target]
        cont = self._continue_value(s, a0, d0, a0, d0, values)
        withdraw = self._withdraw_value(s, a0, d0, a0, d0)
        return A.CONTINUE if cont > withdraw else A.WITHDRAW

    def _at(self, s: CheckRiskState, a0: int, d0: int, a: int, d: int) -> CheckRiskState:
        """The battle position reached from `s` (attacker stage, a0 vs d0) after rounds leaving a vs d."""
        child = s.clone()
        fight_to(child, a, d)
        return child

    def _withdraw_value(self, s: CheckRiskState, a0: int, d0: int, a: int, d: int) -> float:
        if (a, d) == (a0, d0):
            child = s.clone()
        else:
            child = self._at(s, a0, d0, a, d)
        child.apply(A.WITHDRAW)
        return self.leaf(child)

    def _continue_value(
        self, s: CheckRiskState, a0: int, d0: int, a: int, d: int, memo: dict[tuple[int, int], float]
    ) -> float:
        total = 0.0
        for (ha, hd), p in round_outcomes(a, d):
            na, nd = max(0, a - hd), max(0, d - ha)
            total += float(p) * self._value_at(s, a0, d0, na, nd, memo)
        return total

    def _value_at(
        self, s: CheckRiskState, a0: int, d0: int, a: int, d: int, memo: dict[tuple[int, int], float]
    ) -> float:
        key = (a, d)
        if key in memo:
            return memo[key]
        if a and d:
            value = max(self._continue_value(s, a0, d0, a, d, memo), self._withdraw_value(s, a0, d0, a, d))
        else:
            child = self._at(s, a0, d0, a, d)
            if _occupying(child):
                child = self._occupied(child, child.position.fight().origin)
            value = self.leaf(child)
        memo[key] = value
        return value

    def _stand_or_retreat(self, s: CheckRiskState, battle: Battle, legal: list[Action]) -> Action:
        """C12.4 for the defender: stand (the attacker assumed to fight on) or the best retreat, by value."""
        origin, a = battle.origin, battle.attackers
        d = s.count[battle.target]
        stand = 0.0
        for (na, nd), p in fought_out(a, d):
            child = s.clone()
            child.apply(A.STAND)
            fight_to(child, na, nd)
            if _occupying(child):
                child = self._occupied(child, origin)
            stand += p * self.leaf(child)
        best: Action = A.STAND
        best_value = stand
        for action in legal:
            if not isinstance(action, A.Retreat):
                continue
            child = s.clone()
            child.apply(action)
            if _occupying(child):
                child = self._occupied(child, origin)
            value = self.leaf(child)
            if value > best_value:
                best, best_value = action, value
        return best

    def _occupy(self, s: CheckRiskState, legal: list[Action]) -> Action:
        """C12.1: the occupation whose position is worth most."""
        best, best_value = legal[0], float("-inf")
        for action in legal:
            child = s.clone()
            child.apply(action)
            value = self.leaf(child)
            if value > best_value:
                best, best_value = action, value
        return best

    # ------------------------------------------------------------------ deployment

    def _deploy(self, s: CheckRiskState, legal: list[Action]) -> Action:
        """C6: the preset or generated layout whose position is worth most, placed one stack at a time."""
        zone = self.game.spec.zones[s.seat]
        current = {i: s.count[i] for i in zone.cells if s.count[i]}
        layouts = [dict(self.game.spec.presets[s.seat][name]) for name in s.deployable_presets()]
        layouts += generated_layouts(zone, s.to_deploy[s.seat] + sum(current.values()))
        best: dict[int, int] | None = None
        best_value = float("-inf")
        seen: set[tuple[tuple[int, int], ...]] = set()
        for layout in layouts:
            key = tuple(sorted(layout.items()))
            if key in seen or not _extends(layout, current):
                continue
            seen.add(key)
            child = _deployed(s, layout, current)
            if child is None:
                continue
            value = self.leaf(child)
            if value > best_value:
                best, best_value = layout, value
        if best is None:
            return legal[0]
        if not current:
            for name in s.deployable_presets():
                if dict(self.game.spec.presets[s.seat][name]) == best:
                    return A.Preset(name)
        for cell in sorted(best):
            if best[cell] > current.get(cell, 0):
                action = A.Deploy(cell, best[cell] - current.get(cell, 0))
                if action in legal:
                    return action
        return legal[0]


@cache
def fought_out(attackers: int, defenders: int) -> tuple[tuple[tuple[int, int], float], ...]:
    """How a battle fought to the end leaves (attackers, defenders), each with its chance (C11, C12)."""
    dist = battle_distribution(attackers, defenders, attackers + defenders)
    return tuple((left, float(p)) for left, p in dist.items())


def _occupying(s: CheckRiskState) -> bool:
    """True when the attacker is to occupy the cell it won or the defender left."""
    battle = s.battle
    return not s.is_terminal() and s.phase is BATTLE and battle is not None and battle.stage is OCCUPY


def fight_to(s: CheckRiskState, attackers: int, defenders: int) -> None:
    """Play the battle in `s` on (in place) until `attackers` vs `defenders` are left, the defender standing.

    A round's hits are bounded by the dice (each side's stack), so the losses are dealt over several rounds:
    the larger side first, so that a both-gone end comes from one last even round.
    """
    while True:
        b = s.battle
        if b is None or s.is_terminal():
            return
        stage = b.stage
        a, d = b.attackers, s.count[b.target]
        if stage is not ROLL:
            if (a, d) == (attackers, defenders) or stage not in (ATTACKER, DEFENDER):
                return
            s.apply(A.CONTINUE if stage is ATTACKER else A.STAND)
            continue
        if attackers == 0 and defenders == 0:
            hits = (0, min(d, a - d)) if a > d else ((min(a, d - a), 0) if d > a else (d, a))
        elif attackers == 0:  # the defender holds: first its losses, then the attackers fall
            hits = (min(a, d - defenders), 0) if d > defenders else (0, min(d, a))
        elif a > attackers:  # a win or a pause: first the attacker's losses, then the defender's
            hits = (0, min(d, a - attackers))
        else:
            hits = (min(a, d - defenders), 0)
        s.apply(A.ROLLS[hits[0]][hits[1]])


def _applied(s: CheckRiskState, action: Action) -> CheckRiskState:
    child = s.clone()
    child.apply(action)
    return child


def _extends(layout: dict[int, int], current: dict[int, int]) -> bool:
    return all(layout.get(cell, 0) >= n for cell, n in current.items())


def _deployed(s: CheckRiskState, layout: dict[int, int], current: dict[int, int]) -> CheckRiskState | None:
    """The position after completing `layout` on top of what is placed, or None when the rules refuse it."""
    child = s.clone()
    seat = s.seat
    try:
        for cell in sorted(layout):
            k = layout[cell] - current.get(cell, 0)
            if k:
                child.apply(A.Deploy(cell, k))
    except ValueError:
        return None
    if child.phase is DEPLOY and child.seat == seat:
        return None
    return child


def generated_layouts(zone: Zone, tokens: int) -> list[dict[int, int]]:
    """Deployment layouts beyond the presets: one cell per column in several shapes, evenly or front-heavy."""
    grid = zone.grid
    front, home = grid[0], grid[-1]
    width = len(front)
    shapes: list[list[int]] = []
    rows = {"front": [1] * width, "home": [0] * width}
    half = width // 4
    rows["centre"] = [1 if half <= c < width - half else 0 for c in range(width)]
    rows["wings"] = [0 if half <= c < width - half else 1 for c in range(width)]
    rows["zigzag"] = [c % 2 for c in range(width)]
    rows["zagzig"] = [1 - c % 2 for c in range(width)]
    for pattern in rows.values():
        shapes.append([front[c] if pattern[c] else home[c] for c in range(width)])
    if len(grid) > 1:
        mid = width // 2
        lo = max(0, mid - zone.max_cells // 4)
        block = [row[c] for row in (front, home) for c in range(lo, min(width, lo + zone.max_cells // 2))]
        shapes.append(block)
    out = []
    for cells in shapes:
        cells = cells[: zone.max_cells]
        n = len(cells)
        if not n or n * MAX_STACK < tokens:
            continue
        for front_heavy in (False, True):
            counts = [tokens // n] * n
            extra = tokens - sum(counts)
            order = sorted(range(n), key=lambda k: (cells[k] not in front, abs(k - (n - 1) / 2)))
            for k in order[:extra]:
                counts[k] += 1
            if front_heavy:
                fronts = [k for k in range(n) if cells[k] in front]
                homes = [k for k in range(n) if cells[k] not in front]
                for f, h in zip(fronts, homes, strict=False):
                    if counts[f] < MAX_STACK and counts[h] > 1:
                        counts[f] += 1
                        counts[h] -= 1
            if max(counts) <= MAX_STACK and min(counts) >= 1:
                out.append(dict(zip(cells, counts, strict=True)))
    return out


def make_planner(game: Game, level_name: str) -> CheckRiskPlanner:
    """The planner at a level's strength; ValueError for an unknown level, TypeError for another mode's game."""
    if not isinstance(game, CheckRiskGame):
        raise TypeError(f"not a CheckRisk game: {game.name!r}")
    return CheckRiskPlanner(game, strength_of(STRENGTHS, level_name))
