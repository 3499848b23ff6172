"""Battle Checkers evaluation that knows facing: which sides of each unit the enemy can reach, with which pips.

A position is judged as if the seat to act had just ended its turn, so the other side moves next: at the
start of its turn its units get their attack back and every shield is up (B5). Its threats are the attacks
it can make then: units already facing one of ours attack for free; others need an activation whose cost
(turn, straight move, turn: B7) the 2d6 roll must cover, either the sum for one unit or one die each for two
(B6). The danger is the exact expectation over the 21 rolls of the best such attacks, each weighted by its
exact chance of success (B9, B10, from `game.engine.battle_checkers.odds`). The same threats the other way,
at a discount, are the side's own prospects. Units, spirit (with the risk a fate roll ends the game, B11,
B12) and these make the value.
"""

from __future__ import annotations

from functools import cache

from game.engine.battle_checkers.actions import ROLL_OUTCOMES
from game.engine.battle_checkers.game import BattleCheckersGame
from game.engine.battle_checkers.geometry import FRONT, ROTATION, SIDE_BY_RELATIVE, Board
from game.engine.battle_checkers.odds import side_odds
from game.engine.battle_checkers.phases import ATTACK_READY, EMPTY, Phase
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.core import ActionT, State

WIN = 1000.0
UNIT = 1.0
SPIRIT = 0.3
# A fate roll that ends the game at once is a lasting risk while spirit is low (every enemy kill may bring one,
# B11): weight of that chance, so spirit is kept out of the range where one roll ends the game.
FATE_RISK = 6.0
# A fate roll that ends the game is worth this much to the side it spares, in units: more than a unit, less than
# the terminal WIN, so the risk is priced without swamping the material the search trades in.
FATE_END = 10.0
# Our own threats count this much: the enemy moves first and may answer them.
PROSPECT_SHARE = 0.3
MAX_PIPS = 12
# A kill is worth a unit to each side and a spirit grain to the killer (B11).
KILL = UNIT + SPIRIT
# The unit lead also counts as a share of the units left, so a side ahead gains by trading one for one (it is
# closer to taking the last unit, B12) and one behind loses by it.
TRADE = 3.0
# Contact: per cell of the mean distance (Chebyshev, beyond adjacent) from each enemy unit to the side's
# nearest unit, a side is worth this much less: when it is ahead on units, as it must hunt the rest down to
# win (B12), and for both sides over the last CONTACT_LATE_TURNS turns, so a game is decided by play rather
# than by the turn limit (B13). Never when even before that: the side that walks up first is the one hit first.
# At most about half a unit, so contact is never bought with a unit.
CONTACT_LEAD = 0.03
CONTACT_LATE = 0.04
CONTACT_LATE_TURNS = 100
Approach = tuple[int, int, str]  # (cell, pips, side hit)
Threat = tuple[int, float, int, int]  # (pips, gain, attacker cell, target cell)
# The rolls as (probability, die 1, die 2) floats.
ROLLS = tuple((float(p), a, b) for (a, b), p in ROLL_OUTCOMES)


@cache
def odds_of(side: str, has_attack: bool, has_shield: bool) -> float:
    """`side_odds` as a float, looked up once (the evaluation asks it in its innermost loops)."""
    return float(side_odds(side, has_attack, has_shield))


def as_battle_checkers(state: State[ActionT]) -> BattleCheckersState:
    """The state as a Battle Checkers state; TypeError for another mode's."""
    if not isinstance(state, BattleCheckersState):
        raise TypeError(f"not a Battle Checkers state: {type(state).__name__}")
    return state


@cache
def fate_kill_chance(spirit: int) -> float:
    """Chance that one fate roll takes at least `spirit` grains from a given side (B11)."""
    if spirit <= 0:
        return 1.0
    hits = sum(1 for mine in range(1, 7) for theirs in range(1, 7) if theirs - mine >= spirit)
    return hits / 36


@cache
def fate_gain(caller: int, target: int) -> float:
    """What calling the fate roll is worth to the caller with `caller` grains against `target` grains (B11),
    exactly over the 36 rolls: the grains each side loses and FATE_END for a side whose spirit the roll ends."""

    def worth(spirit: int) -> float:
        return spirit_value(spirit) if spirit > 0 else -FATE_END

    total = 0.0
    for mine in range(1, 7):
        for theirs in range(1, 7):
            diff = mine - theirs
            if diff > 0:
                total += worth(target) - worth(target - diff)
            elif diff < 0:
                total -= worth(caller) - worth(caller + diff)
    return total / 36


def fate_bonus(killer: int, victim: int) -> float:
    """What a kill brings its side beyond the unit by the fate roll it may call after it, with `killer` and
    `victim` grains before the kill: the killer calls whenever it pays (B11)."""
    return max(0.0, fate_gain(killer + 1, victim))


def spirit_value(spirit: int) -> float:
    """What a side's spirit is worth: grains, less the risk that a single fate roll ends the game."""
    return SPIRIT * min(spirit, 12) - FATE_RISK * fate_kill_chance(spirit)


@cache
def _lines(board: Board) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """lines[a][b]: (direction, distance) when b lies on a straight line from a, else None."""
    return tuple(tuple(board.direction(a, b) if a != b else None for b in range(board.size)) for a in range(board.size))


@cache
def _distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """distances[a][b]: the Chebyshev distance between two cells (king steps, B1 neighbours)."""
    xy = [board.xy(c) for c in range(board.size)]
    return tuple(tuple(max(abs(ax - bx), abs(ay - by)) for bx, by in xy) for ax, ay in xy)


@cache
def approaches(board: Board, cell: int, facing: int, target: int, target_facing: int) -> tuple[Approach, ...]:
    """(cell, pips, side) for each neighbour of `target` from which a unit on (`cell`, `facing`) could attack it.

    Pips are the cheapest activation ending there facing the target (B7), paths assumed clear; `side` is the
    side of the target hit (B9). Cheapest first; entries beyond two dice are left out.
    """
    lines = _lines(board)
    out = []
    for n in board.neighbours[target]:
        toward = lines[n][target]
        assert toward is not None
        face = toward[0]
        side = SIDE_BY_RELATIVE[(face + 4 - target_facing) % 8]
        if n == cell:
            cost = ROTATION[facing][face]
        else:
            line = lines[cell][n]
            if line is None:
                continue
            d, k = line
            cost = ROTATION[facing][d] + k + ROTATION[d][face]
        if cost <= MAX_PIPS:
            out.append((n, cost, side))
    out.sort(key=lambda t: t[1])
    return tuple(out)


class BattleCheckersEval:
    """Scores Battle Checkers positions; one per game (geometry caches are shared by board)."""

    def __init__(self, game: BattleCheckersGame) -> None:
        self.board: Board = game.board
        self.lines = _lines(self.board)
        self.distances = _distances(self.board)

    def _free_path(self, s: BattleCheckersState, cell: int, n: int) -> bool:
        line = self.lines[cell][n]
        if line is None:
            return False
        d, k = line
        owner = s.owner
        for t in self.board.rays[cell][d][:k]:
            if owner[t] != EMPTY:
                return False
        return True

    def threat_options(
        self, s: BattleCheckersState, side: int, defenders_attack: bool | None
    ) -> tuple[float, list[Threat]]:
        """(free gain, [(pips, gain, attacker cell, target cell)]) of `side`'s attacks at the start of its turn.

        `defenders_attack` None means the defenders keep their current attack flags; True gives it back to all.
        """
        owner, facing, flags = s.owner, s.facing, s.flags
        enemy = 1 - side
        board = self.board
        neighbours = board.neighbours
        mine = [c for c in range(len(owner)) if owner[c] == side]
        theirs = [c for c in range(len(owner)) if owner[c] == enemy]
        free = 0.0
        options: list[Threat] = []
        # A kill is a unit, a grain, and the fate roll the killer calls after it when that pays (B11).
        kill = KILL + fate_bonus(s.spirit[side], s.spirit[enemy])
        for e in mine:
            stuck = any(owner[n] == enemy for n in neighbours[e])
            fe = facing[e]
            best_free = 0.0
            for v in theirs:
                has_attack = bool(flags[v] & ATTACK_READY) if defenders_attack is None else defenders_attack
                best_here = 0.0
                for n, cost, hit in approaches(board, e, fe, v, facing[v]):
                    if hit == FRONT:
                        continue
                    gain = odds_of(hit, has_attack, True) * kill
                    if gain <= best_here:
                        continue
                    if n != e:
                        if stuck or owner[n] != EMPTY or not self._free_path(s, e, n):
                            continue
                    best_here = gain  # approaches come cheapest first: a dearer one counts only if it hits harder
                    if cost == 0:
                        best_free = max(best_free, gain)
                    else:
                        options.append((cost, gain, e, v))
            free += best_free
        return free, options

    @staticmethod
    def expected_best(options: list[Threat]) -> float:
        """The exact expectation over the 2d6 roll of the best one-unit (sum) or two-unit (one die each) attack."""
        if not options:
            return 0.0
        ranked = sorted(options, key=lambda t: -t[1])
        total = 0.0
        for p, a, b in ROLLS:
            pips = a + b
            best = 0.0
            for cost, gain, _, _ in ranked:
                if cost <= pips:
                    best = gain
                    break
            first = None
            for option in ranked:
                if option[0] <= b:
                    first = option
                    break
            if first is not None:
                pair = first[1]
                for cost, gain, e, v in ranked:
                    if cost <= a and e != first[2] and v != first[3]:
                        pair += gain
                        break
                best = max(best, pair)
            total += p * best
        return total

    def value(self, state: State[ActionT], seat: int) -> float:
        """The value of `state` for `seat`: ±WIN when over, else material, spirit and facing-aware threats."""
        s = as_battle_checkers(state)
        outcome = s.outcome()
        if outcome is not None:
            if seat in outcome.winners:
                return WIN / len(outcome.winners)
            return -WIN
        # The side that moves next: the other one when the seat to act is in its main phase (its turn ends).
        mover = 1 - s.player if s.phase is Phase.MAIN else s.player
        other = 1 - mover
        mine, theirs = s.owner.count(other), s.owner.count(mover)
        units = mine - theirs
        score = UNIT * units + TRADE * units / max(1, mine + theirs)
        score += spirit_value(s.spirit[other]) - spirit_value(s.spirit[mover])
        turns_left = 2 * s.turn_limit - s.turn
        if turns_left > 0 or s.phase is not Phase.MAIN:  # B13: when this turn is the last, no threat comes true
            free, options = self.threat_options(s, mover, None)
            free2, options2 = self.threat_options(s, other, True)
            score += PROSPECT_SHARE * (free2 + self.expected_best(options2)) - free - self.expected_best(options)
        score = score if seat == other else -score
        return score - self.contact_cost(s, seat)

    def contact_weight(self, s: BattleCheckersState, seat: int, mine: int, theirs: int) -> float:
        """Value per cell of distance to the enemy for `seat` with `mine` units against `theirs` (see CONTACT_LEAD)."""
        weight = CONTACT_LEAD if mine > theirs else 0.0
        turns_left = 2 * s.turn_limit - s.turn
        if turns_left < CONTACT_LATE_TURNS:
            weight += CONTACT_LATE * (1 - turns_left / CONTACT_LATE_TURNS)
        return weight

    def contact_cost(self, s: BattleCheckersState, seat: int) -> float:
        """What `seat` loses by standing away from the enemy: the mean distance from each enemy unit to its
        nearest own unit, when ahead and as the turn limit nears. Not zero-sum: both sides seek contact."""
        owner = s.owner
        mine = [c for c in range(len(owner)) if owner[c] == seat]
        theirs = [c for c in range(len(owner)) if owner[c] == 1 - seat]
        if not mine or not theirs:
            return 0.0
        weight = self.contact_weight(s, seat, len(mine), len(theirs))
        if not weight:
            return 0.0
        dist = self.distances
        gap = sum(min(dist[e][m] for m in mine) - 1 for e in theirs) / len(theirs)
        return weight * gap
