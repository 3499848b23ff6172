"""CheckRisk evaluation: cells, tokens, reinforcement income, exposure by exact battle odds, the turn limit.

Scores are in "cells". While supply lasts a cell earns reinforcements and weighs as much as a token; once
every supply is spent the game is a war of attrition for a seat that knows it (C11: a six kills a lone token
for half a token, two equal stacks trade evenly), so cells weigh little until the last rounds, big stacks earn
a bonus, and every stack left beside a bigger enemy costs. A seat's strength counts what it holds and what it
will earn, less what its neighbours can take from it (each enemy seat's best three attacks by the exact odds
of a battle fought to the end, C11/C12, and the rest at a share). The value of a position for a seat is its
strength against the others', plus a drive to eliminate (C14) that closes in on the enemy's stacks; with 3–4
seats the leader weighs most, so the AI keeps the leader down and does not open a second front against two
neighbours at once.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from game.engine.checkrisk.game import CheckRiskGame
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.odds import battle_distribution
from game.engine.checkrisk.phases import EMPTY
from game.engine.checkrisk.state import CheckRiskState

# Terminal positions are worth this much (a win dwarfs any material edge).
WIN = 1000.0
# While supply lasts a cell earns reinforcements (C7) and weighs as much as a token.
TOKEN = 0.75
CELL = 0.75
# Once every seat's supply is spent a cell earns nothing until the turn limit comes near: it weighs CELL_MID.
CELL_MID = 0.1
# Threats beyond the attacker's best `actions` (they come in later turns) count this share.
EXTRA_THREAT_SHARE = 0.5
# Big stacks trade well (a 6 kills a lone token for about half a token): each stack of k adds
# TOKEN * MASS * k(k-1)/(MAX_STACK-1), so massing is worth cells once the supply is spent.
MASS = 0.6
# Income is counted for this many future turns at most (tokens arrive one turn at a time).
INCOME_HORIZON = 6
INCOME_SHARE = 0.6
# The last rounds before C15 make cells count more: the cell weight grows to CELL + CELL_ENDGAME.
ENDGAME_ROUNDS = 4
CELL_ENDGAME = 2.0
# The turn limit decides by the sign of the lead, so the value of a lead saturates as the end comes near: the
# scale of that saturation in score units, a base plus this much per round left. A leader then avoids coin flips
# late in the game and a trailer takes them.
LEAD_SCALE = 3.0
LEAD_SCALE_PER_ROUND = 0.2
# With 3–4 seats the opponents' strength is this mix of the strongest and the average.
LEADER_SHARE = 0.6
# Threats count fully for the seat about to act; for seats acting later less (the threatened seat may answer
# first), least for the seat that has just moved. Positions are judged at the start of a turn.
LATER_THREAT_SHARE = 0.5
LAST_THREAT_SHARE = 0.3
# Stacks of three or more hold their cell better than small ones: a small bonus per token up to three.
STRENGTH_BONUS = 0.02
# The material lead is worth at most this share of a win; the drive to eliminate (C14) fills the rest.
LEAD_SHARE = 0.5
# The drive to eliminate, in value units per enemy seat: per enemy token removed, per enemy stack fewer than
# DRIVE_STACK_REF, per unit of the seat's own best attacks on the enemy, and for an enemy already out. Material
# is a difference, so trading tokens one for one never changes it; a leader that counts the enemy's losses as
# well trades down and attacks until the enemy is gone instead of sitting on its lead until the turn limit
# (C15). A seat ahead has it weighted by the square root of how sure its lead is; a seat even or behind has
# DRIVE_FLOOR of it with its own losses set against the enemy's (it closes in but trades only at a profit),
# and all of it stays below (1 - LEAD_SHARE) of a win.
DRIVE_TOKEN = 7.0
DRIVE_STACK = 1.5
DRIVE_STACK_REF = 32
DRIVE_PROSPECT = 2.0
DRIVE_OUT = 20.0
# The hunt: per full stack of the seat, this much when it stands next to an enemy stack no bigger, less with
# every step further away (to nothing across the board), so every stack closes in and the last scattered
# tokens are run down.
DRIVE_NEAR = 4.0
# A seat that masses only once ahead (normal) also masses against a rival whose stacks average fewer tokens than
# this (a spread enemy is run down by big stacks), fully at one token fewer.
SPREAD_REF = 4.0
# While supply lasts a seat masses (the bonus above) as far as the strongest rival's stacks average more than
# this many tokens (fully at one more): a wall of big stacks is besieged by big stacks.
SIEGE_FROM = 2.5
# A seat even or behind keeps this much of the drive: sitting behind an even front loses at the turn limit.
DRIVE_FLOOR = 0.4


@cache
def fight_table(attackers: int, defenders: int) -> tuple[float, float, float]:
    """(attacker win chance, expected attacker losses, expected defender losses) of a battle fought to the end."""
    dist = battle_distribution(attackers, defenders, attackers + defenders)
    win = Fraction(0)
    lost_a = Fraction(0)
    lost_d = Fraction(0)
    for (a, d), p in dist.items():
        if a and not d:
            win += p
        lost_a += p * (attackers - a)
        lost_d += p * (defenders - d)
    return float(win), float(lost_a), float(lost_d)


def attack_gain(attackers: int, defenders: int, cell_weight: float) -> float:
    """What an attack fought to the end swings between attacker and defender, in score units (≥ 0 if worth it).

    The defender's cell counts once: the attacker could take an empty neighbour by a move instead.
    """
    win, lost_a, lost_d = fight_table(attackers, defenders)
    return win * cell_weight + (lost_d - lost_a) * TOKEN


@cache
def _gain_table(cell_weight: float) -> tuple[tuple[float, ...], ...]:
    return tuple(
        tuple(attack_gain(n, m, cell_weight) if n and m else 0.0 for m in range(MAX_STACK + 1))
        for n in range(MAX_STACK + 1)
    )


class CheckRiskEval:
    """Scores CheckRisk positions for a seat; one instance per game (it caches the board geometry)."""

    def __init__(self, game: CheckRiskGame, attrition_seats: int = 2, mass_lead: float = 0.0) -> None:
        self.game = game
        # The war of attrition is known in games of at most `attrition_seats` seats. Without it the seat keeps
        # spreading for cells after the supply is spent and neither masses its stacks nor hunts: a beginner's play
        # (easy), and normal's with three or four seats. Against seats that spread, massed stacks eat lone tokens
        # at a profit, so hard plays it with any number of seats.
        duel = game.num_players == 2
        self.attrition = game.num_players <= attrition_seats
        self.floor = DRIVE_FLOOR if duel else 0.0
        # With `mass_lead` the seat masses only as far as it leads the strongest rival in tokens (fully at this
        # many ahead) or finds that rival spread thin: it runs a weaker or scattered enemy down, but meets an even
        # massed one spread out (normal's simpler plan).
        self.mass_lead = mass_lead
        board = game.board
        self.neighbours: tuple[tuple[int, ...], ...] = board.neighbours
        self.edge: tuple[bool, ...] = board.edge
        self.players: int = game.num_players
        self.turn_limit: int = game.spec.turn_limit
        self.actions: int = game.spec.actions
        self.evaluations = 0
        self.reach = board.width + board.height
        places = [board.file_rank(i) for i in range(board.size)]
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(abs(f - g) + abs(r - q) for g, q in places) for f, r in places
        )

    def rounds_left(self, state: CheckRiskState, turn_over: bool = False) -> float:
        """Rounds left before the turn limit, counted per seat's turn; `turn_over` as if the turn had ended.

        Positions inside a turn are judged as if it had ended, so the clock must agree with the position
        after `end`: otherwise ending a turn early would look like time gained.
        """
        played = (state.seat + (1 if turn_over else 0)) / self.players if state.round else 0.0
        return max(0.0, self.turn_limit - max(1, state.round) - played)

    def attrition_phase(self, state: CheckRiskState) -> bool:
        """Whether the war of attrition is on: every seat still in has spent its supply (and the seat knows it)."""
        if not self.attrition:
            return False
        return not any(
            n and not gone and self.can_grow(state, s)
            for s, (n, gone) in enumerate(zip(state.supply, state.out, strict=True))
        )

    def can_grow(self, state: CheckRiskState, seat: int) -> bool:
        """Whether any stack of the seat has room for a reinforcement: a wall of full stacks keeps its supply but can
        never place it, so for it the war of attrition is on."""
        owner, count = state.owner, state.count
        return any(o == seat and c < MAX_STACK for o, c in zip(owner, count, strict=True))

    def cell_weight(self, state: CheckRiskState, left: float | None = None, attrition: bool | None = None) -> float:
        """How much a cell is worth now: little in the war of attrition, more as the turn limit (C15) comes near."""
        if left is None:
            left = self.rounds_left(state)
        if attrition is None:
            attrition = self.attrition_phase(state)
        base = CELL_MID if attrition else CELL
        if left >= ENDGAME_ROUNDS:
            return base
        return base + (CELL + CELL_ENDGAME - base) * (ENDGAME_ROUNDS - left) / ENDGAME_ROUNDS

    def income(self, state: CheckRiskState, seat: int) -> int:
        """Tokens the seat's groups would receive next turn (C7): ⌊cells/4⌋ per edge group, room and supply allowing."""
        if not state.supply[seat]:
            return 0
        owner, count, nbrs, edge = state.owner, state.count, self.neighbours, self.edge
        seen: set[int] = set()
        total = 0
        for start in range(len(owner)):
            if owner[start] != seat or start in seen:
                continue
            seen.add(start)
            todo = [start]
            size = room = 0
            on_edge = False
            while todo:
                i = todo.pop()
                size += 1
                room += MAX_STACK - count[i]
                on_edge = on_edge or edge[i]
                for j in nbrs[i]:
                    if owner[j] == seat and j not in seen:
                        seen.add(j)
                        todo.append(j)
            if on_edge and size >= 4:
                total += min(size // 4, room)
        return min(total, state.supply[seat])

    def threats(
        self,
        state: CheckRiskState,
        cell_weight: float,
        cells: list[int] | None = None,
        strength: list[int] | None = None,
        mass: list[int] | None = None,
    ) -> list[list[list[float]]]:
        """threats[victim][attacker]: the gains of the attacker's best attack on each of the victim's stacks.

        When given, `cells` and `strength` (per seat) are filled in on the same pass over the board.
        """
        owner, count, nbrs = state.owner, state.count, self.neighbours
        table = _gain_table(cell_weight)
        out: list[list[list[float]]] = [[[] for _ in range(self.players)] for _ in range(self.players)]
        for i in range(len(owner)):
            v = owner[i]
            if v == EMPTY:
                continue
            m = count[i]
            if cells is not None and strength is not None:
                cells[v] += 1
                strength[v] += m if m < 3 else 3
            if mass is not None:
                mass[v] += m * (m - 1)
            best: dict[int, float] = {}
            for j in nbrs[i]:
                a = owner[j]
                if a == EMPTY or a == v:
                    continue
                g = table[count[j]][m]
                if g > best.get(a, 0.0):
                    best[a] = g
            for a, g in best.items():
                out[v][a].append(g)
        return out

    def threat_weights(self, state: CheckRiskState, first: int) -> list[float]:
        """How much each seat's threats count: by how soon it acts after `first` (which counts fully)."""
        alive = [s for s in range(self.players) if not state.out[s]]
        weights = [0.0] * self.players
        if first not in alive:
            return weights
        start = alive.index(first)
        order = alive[start:] + alive[:start]
        for rank, s in enumerate(order):
            weights[s] = 1.0 if rank == 0 else (LAST_THREAT_SHARE if rank == len(order) - 1 else LATER_THREAT_SHARE)
        return weights

    def next_seat(self, state: CheckRiskState) -> int:
        """The seat that acts after the seat whose turn it is (positions are judged as if its turn had ended)."""
        players = self.players
        for step in range(1, players + 1):
            s = (state.seat + step) % players
            if not state.out[s]:
                return s
        return state.seat

    def seat_scores(self, state: CheckRiskState, first: int | None = None) -> list[float]:
        """Every seat's strength: cells, tokens, income, sturdy stacks, less its exposure to each enemy.

        `first` is the seat about to act, whose threats count fully (default: the one after the seat to act).
        """
        return self.assess(state, first)[0]

    def assess(
        self, state: CheckRiskState, first: int | None = None, turn_over: bool = False
    ) -> tuple[list[float], list[int], list[list[list[float]]]]:
        """(every seat's strength as in `seat_scores`, its cells, threats[victim][attacker] best first)."""
        self.evaluations += 1
        players = self.players
        rounds_left = self.rounds_left(state, turn_over)
        attrition = self.attrition_phase(state)
        cw = self.cell_weight(state, rounds_left, attrition)
        horizon = min(INCOME_HORIZON, rounds_left)
        cells = [0] * players
        strength = [0] * players
        mass = [0] * players
        massing = TOKEN * MASS / (MAX_STACK - 1) if attrition or self.attrition else 0.0
        extra = EXTRA_THREAT_SHARE if self.attrition else 0.0
        threats = self.threats(state, cw, cells, strength, mass)
        weights = self.threat_weights(state, self.next_seat(state) if first is None else first)
        scores = []
        for s in range(players):
            if state.out[s]:
                scores.append(-WIN / 10)
                continue
            score = cw * cells[s] + TOKEN * state.on_board[s] + STRENGTH_BONUS * strength[s]
            if massing:
                if attrition:
                    share = self.mass_share(state, s, cells) if self.mass_lead else 1.0
                else:
                    share = self.siege_share(state, s, cells)
                score += massing * share * mass[s]
            if horizon and state.supply[s]:
                score += TOKEN * INCOME_SHARE * min(horizon * self.income(state, s), state.supply[s])
            for a in range(players):
                gains = threats[s][a]
                if not gains:
                    continue
                gains.sort(reverse=True)
                exposure = sum(gains[: self.actions]) + extra * sum(gains[self.actions :])
                score -= exposure * weights[a]
            scores.append(score)
        return scores, cells, threats

    def siege_share(self, state: CheckRiskState, seat: int, cells: list[int]) -> float:
        """How much of the massing bonus a seat counts while supply lasts: by how fortified the strongest rival's
        stacks are (nothing at an average of SIEGE_FROM tokens or fewer, fully one token more). Lone tokens
        cannot break a wall of big stacks: the seat masses before it assaults."""
        rivals = [o for o in range(self.players) if o != seat and not state.out[o] and cells[o]]
        if not rivals:
            return 0.0
        rival = max(rivals, key=state.on_board.__getitem__)
        return min(1.0, max(0.0, state.on_board[rival] / cells[rival] - SIEGE_FROM))

    def mass_share(self, state: CheckRiskState, seat: int, cells: list[int]) -> float:
        """How much of the massing bonus a seat with `mass_lead` counts: fully once it leads the strongest rival
        by `mass_lead` tokens or that rival's stacks average SPREAD_REF - 1 tokens or fewer, nothing against an
        even rival whose stacks average SPREAD_REF or more."""
        rivals = [o for o in range(self.players) if o != seat and not state.out[o]]
        if not rivals:
            return 1.0
        rival = max(rivals, key=state.on_board.__getitem__)
        share = (state.on_board[seat] - state.on_board[rival]) / self.mass_lead
        if cells[rival]:
            share = max(share, SPREAD_REF - state.on_board[rival] / cells[rival])
        return min(1.0, max(0.0, share))

    def value(self, state: CheckRiskState, seat: int, first: int | None = None, turn_over: bool = False) -> float:
        """The position's value for `seat`: ±WIN at the end, else its strength against the others'."""
        s = state
        outcome = s.outcome()
        if outcome is not None:
            if seat in outcome.winners:
                return WIN / len(outcome.winners)
            return -WIN
        scores, cells, threats = self.assess(s, first, turn_over)
        lead = relative(scores, seat, s.out)
        scale = LEAD_SCALE + LEAD_SCALE_PER_ROUND * self.rounds_left(s, turn_over)
        sure = math.tanh(lead / scale)
        value = LEAD_SHARE * WIN * sure
        floor = self.floor
        if sure > 0 and math.sqrt(sure) > floor:
            value += math.sqrt(sure) * self.drive(s, seat, cells, threats)
        elif floor:  # not clearly ahead: close in and threaten, but trade only one for one or better
            value += floor * self.drive(s, seat, cells, threats, net=True)
        return value

    def drive(
        self, s: CheckRiskState, seat: int, cells: list[int], threats: list[list[list[float]]], net: bool = False
    ) -> float:
        """The push to eliminate (C14): what the enemies have lost (`net`: less what the seat has lost), how few
        stacks they have left, the seat's own best attacks on them, and enemies already out; averaged over the
        enemies."""
        value = -DRIVE_TOKEN * s.removed[seat] if net else 0.0
        for e in range(self.players):
            if e == seat:
                continue
            value += DRIVE_TOKEN * s.removed[e]
            if s.out[e]:
                value += DRIVE_STACK * DRIVE_STACK_REF + DRIVE_OUT
                continue
            value += DRIVE_STACK * max(0, DRIVE_STACK_REF - cells[e])
            value += DRIVE_PROSPECT * sum(threats[e][seat][: self.actions])
        if DRIVE_NEAR and self.attrition:
            value += DRIVE_NEAR * self.hunt(s, seat)
        return value / (self.players - 1)

    def hunt(self, s: CheckRiskState, seat: int) -> float:
        """Per stack of `seat`, by its share of a full stack: 1 next to an enemy stack no bigger (or with none
        left to hunt, so that a kill never lowers it), less per step further, 0 at `reach`."""
        owner, count = s.owner, s.count
        # prey[c]: the enemy cells a stack of c may hunt (stacks of at most c tokens).
        prey: list[list[int]] = [[] for _ in range(MAX_STACK + 1)]
        for j, o in enumerate(owner):
            if o != EMPTY and o != seat:
                for c in range(count[j], MAX_STACK + 1):
                    prey[c].append(j)
        total = 0.0
        for i, o in enumerate(owner):
            if o != seat:
                continue
            c = count[i]
            cells = prey[c]
            near = min(map(self.distance[i].__getitem__, cells)) if cells else 1
            total += c * max(0.0, 1.0 - (near - 1) / self.reach)
        return total / MAX_STACK


def relative(scores: list[float], seat: int, out: list[bool]) -> float:
    """A seat's score against the others still in: the opponent's with two, a leader-weighted mix with more."""
    others = [scores[s] for s in range(len(scores)) if s != seat and not out[s]]
    if not others:
        return scores[seat]
    if len(others) == 1:
        return scores[seat] - others[0]
    return scores[seat] - (LEADER_SHARE * max(others) + (1 - LEADER_SHARE) * sum(others) / len(others))
