"""Battle Checkers search: one turn's activations and attacks, exact attack odds, the fate roll by expectation.

The roll of the turn is known when the seat decides; the next roll (the enemy's) is averaged exactly over its
21 outcomes inside the evaluation. Within the turn the planner searches sequences of activations and attacks
as a beam: every activation is first ranked cheaply by what it attacks and how exposed it ends up, the best are
evaluated, and the best few of those are searched on with the pips and attacks left. An attack branches on
its exact result (B10: a duel or a weapon roll is one half either way, rear and spent flanks are sure, a
shield always holds). When the best plans are close, the hard level checks the best two against the opponent's best
reply turn: its own turn played on greedily, then the opponent's best step on a spread of its rolls, each judged
by the opponent's evaluation (the fate roll it calls whenever that pays is in the evaluation's threats). Nodes
measure work of about 0.1 ms: an evaluated position is EVAL_NODES of them, and
every RANKED_PER_NODE activations ranked cheaply are one.
"""

from __future__ import annotations

import random
import time

from ai.battle_checkers_eval import KILL, ROLLS, BattleCheckersEval, approaches, as_battle_checkers, odds_of
from ai.budget import Budget, BudgetExhausted, Limits
from ai.levels import strength_of, strengths
from ai.planners import planner_budget
from ai.strengths import BattleCheckersStrength
from game.engine.battle_checkers.actions import (
    END,
    FATE,
    FATE_OUTCOMES,
    NOFATE,
    Activate,
    Attack,
    BattleCheckersAction,
    Decision,
    DuelRoll,
    EndTurn,
    FateRoll,
    Preset,
    RepelRoll,
)
from game.engine.battle_checkers.game import BattleCheckersGame
from game.engine.battle_checkers.geometry import FRONT, SIDE_BY_RELATIVE
from game.engine.battle_checkers.odds import HEAD_ON, REPEL_CHANCE
from game.engine.battle_checkers.phases import ATTACK_READY, SHIELD_UP, Phase
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.core import CHANCE, Action, ActionT, Game, State

# Chance that the enemy's next roll gives at least k pips to one unit (the sum), k = 0…12.
REACH = tuple(sum(p for p, a, b in ROLLS if a + b >= k) for k in range(13))
# Representative chance outcomes of an attack: the duel won or lost, the weapon roll failing or repelling.
DUEL_RESULTS = ((DuelRoll(2, 1), float(HEAD_ON)), (DuelRoll(1, 2), float(1 - HEAD_ON)))
REPEL_RESULTS = ((RepelRoll(1), float(1 - REPEL_CHANCE)), (RepelRoll(6), float(REPEL_CHANCE)))
# One fate roll per difference of the dice (the result depends on nothing else), with its exact chance.
FATE_RESULTS = tuple(
    (FateRoll(mine, theirs), float(sum(p for (x, y), p in FATE_OUTCOMES if x - y == mine - theirs)))
    for (mine, theirs), _ in FATE_OUTCOMES
    if theirs == 1 or mine == 1
)


#: Positions an action leads to, with their chances.
Branches = list[tuple[float, BattleCheckersState]]
#: A candidate's one-step expected value, its index among the candidates, the action and its branches.
Scored = tuple[float, int, Decision, Branches]

EVAL_NODES = 5
RANKED_PER_NODE = 4
# The opponent's reply turn is searched only when the best plans are this close (a clear best plan stays).
REPLY_MARGIN = 0.5
# The reply turn is judged on every this many of the 21 rolls (from the second: seven rolls of mean sum 7.1, each
# as likely), to stay in time.
REPLY_ROLL_STRIDE = 3
# Activations evaluated per roll of the reply turn (besides its attacks and `end`).
REPLY_EVALUATED = 4


# How the search plays at each level that searches.
STRENGTHS = strengths(
    {
        "easy": BattleCheckersStrength(per_unit=1, evaluated=6, widths=(1,), jitter=0.4),
        "normal": BattleCheckersStrength(per_unit=2, evaluated=12, widths=(2, 1), jitter=0.05),
        # With the reply check, arena decisions: median 31-144 ms, p95 205-619 ms (on a loaded machine).
        "hard": BattleCheckersStrength(
            per_unit=3, evaluated=24, widths=(4, 2, 1), jitter=0.01, replies=2, reply_nodes=4_000
        ),
    }
)


class BattleCheckersSearch:
    """Decides for whichever seat is asked in a Battle Checkers state, within a node budget."""

    def __init__(self, game: BattleCheckersGame, strength: BattleCheckersStrength) -> None:
        self.game = game
        self.board = game.board
        self.strength = strength
        self.eval = BattleCheckersEval(game)
        self.budget: Budget | None = None
        self._ranked = 0  # activations ranked since the last node was counted
        self._local: dict[Activate, float] = {}  # the cheap ranking of the activations last proposed
        self._contact = 0.0  # the evaluation's value per cell of distance to the enemy, for the cheap ranking
        self._nearest: list[int] = []  # per cell, the distance to the nearest enemy unit (when _contact is set)
        self._enemies: list[int] = []  # the enemy units' cells, for the cheap ranking
        self._replying = False  # ranking the opponent's reply turn (cheaper still)
        self._exposure: dict[tuple[int, int, int], float] = {}  # exposure by (cell, to, facing), per ranking
        self.me = 0

    def choose(self, state: State[ActionT], budget: Budget, rng: random.Random) -> Action:
        """The search's decision for the seat to act in `state` (left unchanged)."""
        s = as_battle_checkers(state)
        self.budget = planner_budget(budget)
        self._ranked = 0
        self.me = s.current_player()
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            if s.phase is Phase.FATE_CHOICE:
                return FATE if self.fate_value(s) > self.leaf(self._after(s, NOFATE)) else NOFATE
            if s.phase is Phase.DEPLOY:
                return self._deploy(s, legal, rng)
            if s.phase is Phase.MAIN:
                return self._turn(s, rng)
        except BudgetExhausted:
            pass
        return END if END in legal else legal[0]

    # ------------------------------------------------------------------ values

    def leaf(self, s: BattleCheckersState) -> float:
        """The evaluation of a position for the deciding seat (one node)."""
        assert self.budget is not None
        self.budget.tick(EVAL_NODES)
        return self.eval.value(s, self.me)

    @staticmethod
    def _after(s: BattleCheckersState, action: BattleCheckersAction) -> BattleCheckersState:
        child = s.clone()
        child.apply(action)
        return child

    def fate_value(self, s: BattleCheckersState) -> float:
        """B11: the exact expected value of calling the fate roll (11 differences of the dice)."""
        called = self._after(s, FATE)
        return sum(p * self.leaf(self._after(called, outcome)) for outcome, p in FATE_RESULTS)

    def outcomes(self, s: BattleCheckersState, action: Decision) -> Branches:
        """The positions an action leads to with their chances; a kill is followed by no fate roll."""
        child = self._after(s, action)
        if child.phase is Phase.DUEL:
            results = [(p, self._after(child, o)) for o, p in DUEL_RESULTS]
        elif child.phase is Phase.REPEL:
            results = [(p, self._after(child, o)) for o, p in REPEL_RESULTS]
        else:
            results = [(1.0, child)]
        out = []
        for p, after in results:
            if after.phase is Phase.FATE_CHOICE:
                after.apply(NOFATE)
            out.append((p, after))
        return out

    def expected(self, branches: Branches) -> float:
        """The probability-weighted evaluation of positions."""
        return sum(p * self.leaf(after) for p, after in branches)

    # ------------------------------------------------------------------ candidates

    def local_score(self, s: BattleCheckersState, cell: int, to: int, facing: int) -> float:
        """A cheap ranking of an activation: what its end position attacks now, less how exposed it stands."""
        owner, facings, flags = s.owner, s.facing, s.flags
        me = owner[cell]
        score = 0.0
        target = self.board.ahead[to][facing]
        if target >= 0 and owner[target] == 1 - me and flags[cell] & ATTACK_READY:
            side = SIDE_BY_RELATIVE[(facing + 4 - facings[target]) % 8]
            if side != FRONT:
                odds = odds_of(side, bool(flags[target] & ATTACK_READY), bool(flags[target] & SHIELD_UP))
                score += odds * KILL
        if self._contact:
            # Closing in counts when the evaluation seeks contact, so approaches are not ranked out of the search.
            score -= self._contact * self._nearest[to]
        if self._replying:
            return score  # the reply turn ranks by what an activation attacks and closes in on, not its own risk
        key = (cell, to, facing)
        worst = self._exposure.get(key)
        if worst is None:
            worst = self._exposure[key] = self.exposure(s, cell, to, facing)
        return score - worst

    def exposure(self, s: BattleCheckersState, cell: int, to: int, facing: int) -> float:
        """The worst expected loss of the unit on `cell` standing on `to` facing `facing` to one enemy attack
        next turn (the roll's chance of paying for the approach, paths assumed clear)."""
        owner, facings = s.owner, s.facing
        has_attack = bool(s.flags[cell] & ATTACK_READY)
        worst = 0.0
        for e in self._enemies:
            for n, cost, hit in approaches(self.board, e, facings[e], to, facing):
                if hit == FRONT or (owner[n] != -1 and n != e and n != cell):
                    continue
                risk = odds_of(hit, has_attack, True) * REACH[cost] * KILL
                if risk > worst:
                    worst = risk
        return worst

    def candidates(self, s: BattleCheckersState, per_unit: int) -> list[Decision]:
        """Attacks, `end`, and the `per_unit` activations that rank best for each unit and dice use."""
        out: list[Decision] = list(s.attacks())
        out.append(END)
        uses = s.uses()
        if not uses:
            return out
        me = s.player
        enemies = [c for c, o in enumerate(s.owner) if o == 1 - me]
        self._enemies = enemies
        self._exposure = {}
        self._contact = 0.0
        if enemies:
            self._contact = self.eval.contact_weight(s, me, s.owner.count(me), len(enemies)) / len(enemies)
        if self._contact:
            distances = self.eval.distances
            self._nearest = [min(distances[c][e] for e in enemies) for c in range(len(s.owner))]
        for cell in s.ready_units():
            for use, pips in uses:
                options = s.activations(cell, use, pips)
                self._ranked += len(options)
                if self._ranked >= RANKED_PER_NODE:
                    assert self.budget is not None
                    self.budget.tick(self._ranked // RANKED_PER_NODE)
                    self._ranked %= RANKED_PER_NODE
                ranked = sorted(
                    ((self.local_score(s, cell, a.to, a.facing), i, a) for i, a in enumerate(options)),
                    key=lambda t: (-t[0], t[1]),
                )
                for score, _, a in ranked[:per_unit]:
                    self._local[a] = score
                    out.append(a)
        return out

    # ------------------------------------------------------------------ the turn

    def scored(self, s: BattleCheckersState, level: int = 0, evaluated: int | None = None) -> list[Scored]:
        """Candidates with their one-step expected value and branches, best first (only the best few evaluated).

        Below the first step (`level` > 0) fewer activations are kept (`evaluated`, or a third of the level's):
        the first step matters most.
        """
        strength = self.strength
        per_unit, evaluated = (
            (strength.per_unit, strength.evaluated) if level == 0 else (1, evaluated or strength.evaluated // 3)
        )
        options = self.candidates(s, per_unit)
        attacks: list[Decision] = [a for a in options if type(a) is Attack or type(a) is EndTurn]
        activations = [a for a in options if isinstance(a, Activate)]
        if len(activations) > evaluated:
            ranked = sorted(range(len(activations)), key=lambda i: -self._local[activations[i]])
            activations = [activations[i] for i in sorted(ranked[:evaluated])]
        out: list[Scored] = []
        for index, action in enumerate([*attacks, *activations]):
            branches = self.outcomes(s, action)
            out.append((self.expected(branches), index, action, branches))
        out.sort(key=lambda t: (-t[0], t[1]))
        return out

    def plan_value(self, s: BattleCheckersState, level: int) -> float:
        """The best expected value the deciding seat reaches from `s` with what is left of its turn."""
        if s.is_terminal() or s.phase is not Phase.MAIN or s.player != self.me:
            return self.leaf(s)
        ranked = self.scored(s, level)
        widths = self.strength.widths
        if level >= len(widths):
            return ranked[0][0]
        return max(
            value if action == END else sum(p * self.plan_value(after, level + 1) for p, after in branches)
            for value, _, action, branches in ranked[: widths[level]]
        )

    def _turn(self, s: BattleCheckersState, rng: random.Random) -> Decision:
        ranked = self.scored(s)
        jitter = self.strength.jitter
        if jitter:
            ranked = sorted(
                ((v + rng.uniform(-jitter, jitter), i, a, b) for v, i, a, b in ranked), key=lambda t: (-t[0], t[1])
            )
        best = ranked[0][2]
        widths = self.strength.widths
        if len(widths) <= 1:
            return best
        results = []
        try:
            for value, index, action, branches in ranked[: widths[0]]:
                deeper = value if action == END else sum(p * self.plan_value(after, 1) for p, after in branches)
                results.append((deeper, index, action))
        except BudgetExhausted:
            return best
        results.sort(key=lambda t: (-t[0], t[1]))
        return self._checked_by_replies(s, results)

    # ------------------------------------------------------------------ the opponent's reply turn

    def _checked_by_replies(self, s: BattleCheckersState, results: list[tuple[float, int, Decision]]) -> Decision:
        """The best plan once the best few are checked against the opponent's best reply turn (within its own
        node budget; a cut check keeps the order of the plans)."""
        count = min(self.strength.replies, len(results))
        if count < 2 or results[0][0] - results[1][0] > REPLY_MARGIN:
            return results[0][2]
        assert self.budget is not None
        outer = self.budget
        spent = time.perf_counter() - outer.started
        seconds = None if outer.limits.seconds is None else max(0.0, outer.limits.seconds - spent)
        self.budget = Budget(Limits(self.strength.reply_nodes, seconds), outer.stop)
        try:
            checked = [
                (value + self.reply_surprise(s, action), index, action) for value, index, action in results[:count]
            ]
        except BudgetExhausted:
            return results[0][2]
        finally:
            self.budget = outer
        checked.sort(key=lambda t: (-t[0], t[1]))
        return checked[0][2]

    def reply_surprise(self, s: BattleCheckersState, action: Decision) -> float:
        """How much better (or worse) the opponent's best reply turn leaves the deciding seat after `action` and
        the rest of its turn (played on greedily) than the evaluation at the turn's end foresaw; attack results
        by their chances, the reply's rolls by their chances."""
        total = 0.0
        for p, after in self.outcomes(s, action):
            end = self.finish_turn(after)
            total += p * (self.reply_value(end) - self.leaf(end))
        return total

    def finish_turn(self, s: BattleCheckersState) -> BattleCheckersState:
        """The position at the end of the deciding seat's turn, played on by its best next step (the likelier
        result of an attack)."""
        while not s.is_terminal() and s.phase is Phase.MAIN and s.player == self.me:
            _, _, action, branches = self.scored(s, len(self.strength.widths))[0]
            s = max(branches, key=lambda branch: branch[0])[1]
            if action == END:
                break
        return s

    def reply_value(self, s: BattleCheckersState) -> float:
        """The deciding seat's value after the opponent's best reply turn from the end of its own turn: the
        opponent's best step by its own evaluation, over a fixed spread of its rolls weighted by their chances."""
        if s.is_terminal() or s.current_player() != CHANCE:
            return self.leaf(s)
        me = self.me
        total = weight = 0.0
        self._replying = True
        try:
            for outcome, p in s.chance_outcomes()[1::REPLY_ROLL_STRIDE]:
                weight += float(p)
                rolled = self._after(s, outcome)
                if rolled.phase is not Phase.MAIN:
                    self.me = me
                    total += float(p) * self.leaf(rolled)
                    continue
                self.me = rolled.player
                total -= float(p) * self.scored(rolled, len(self.strength.widths), REPLY_EVALUATED)[0][0]
        finally:
            self.me = me
            self._replying = False
        return total / weight

    def _deploy(self, s: BattleCheckersState, legal: list[BattleCheckersAction], rng: random.Random) -> Action:
        """B4: the preset whose position is worth most; unit by unit (by value) when none applies."""
        presets = [a for a in legal if type(a) is Preset] or legal[:: max(1, len(legal) // 40)]
        best, best_value = presets[0], float("-inf")
        for action in presets:
            value = self.leaf(self._after(s, action)) + rng.uniform(0, 1e-6)
            if value > best_value:
                best, best_value = action, value
        return best


def make_planner(game: Game, level_name: str) -> BattleCheckersSearch:
    """The search at a level's strength; ValueError for an unknown level, TypeError for another mode's game."""
    if not isinstance(game, BattleCheckersGame):
        raise TypeError(f"not a Battle Checkers game: {game.name!r}")
    return BattleCheckersSearch(game, strength_of(STRENGTHS, level_name))
