"""The exact searches that prove a challenge: forced wins in Kubtafl, and the best chance of a turn's goal.

Two searches, both over the engine's own states, so a proof is the rules' word and not a second implementation:
- `forced_win(state, seat, moves)`: whether `seat` (to move) wins within `moves` of its own moves against every
  defence (Kubtafl has no dice, so this is a plain AND/OR search, exhaustive within the depth).
- `TurnSearch`: the exact probability (a `Fraction`) that a turn reaches its goal when the player plays the turn
  as well as possible: the player maximises, chance outcomes average with the engine's exact probabilities, and
  any decision of another seat inside the turn (a CheckRisk defender) minimises. Positions are memoised, so each
  is valued once. `line_value` scores a played line: the player's decisions on it are taken as played and every
  decision off it as the best one, so a line that makes every decision optimally is worth exactly the best.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from game.engine.core import CHANCE, AnyState

#: A test of the state at the end of the player's turn: did the turn reach its goal?
Goal = Callable[..., bool]
#: True when the player's turn is over in this state (the other seat's turn began, or the game ended).
TurnOver = Callable[..., bool]

ONE = Fraction(1)
ZERO = Fraction(0)


def _won(state: AnyState, seat: int) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.winner == seat


def _after(state: AnyState, action: Hashable) -> AnyState:
    child = state.clone()
    child.apply(action)
    return child


def winning_now(state: AnyState, seat: int) -> list[Hashable]:
    """The moves of `seat` (to move) that win at once."""
    return [a for a in state.legal_actions() if _won(_after(state, a), seat)]


def forced_win(state: AnyState, seat: int, moves: int) -> bool:
    """True when `seat`, to move, wins within `moves` of its own moves whatever the other side replies."""
    return any(wins_by(state, seat, action, moves) for action in state.legal_actions())


def wins_by(state: AnyState, seat: int, action: Hashable, moves: int) -> bool:
    """True when playing `action` (for `seat`, to move) wins within `moves` of its moves against every defence."""
    child = _after(state, action)
    if child.is_terminal():
        return _won(child, seat)
    if moves <= 1:
        return False
    replies = child.legal_actions()
    if not replies:
        return False
    for reply in replies:
        after = _after(child, reply)
        if after.is_terminal():
            if not _won(after, seat):
                return False
            continue
        # A quick refutation first: most replies leave no win at once, and that settles the last move.
        if moves == 2 and not winning_now(after, seat):
            return False
        if moves > 2 and not forced_win(after, seat, moves - 1):
            return False
    return True


def winning_first_moves(state: AnyState, seat: int, moves: int) -> list[Hashable]:
    """Every first move of `seat` that wins within `moves` of its moves against any defence, in legal order."""
    return [a for a in state.legal_actions() if wins_by(state, seat, a, moves)]


def stubborn_reply(state: AnyState, seat: int, moves_left: int) -> Hashable | None:
    """A defence (the other side to move) that escapes a win of `seat` within `moves_left` moves when one does,
    else the one that lasts longest; None when the defender has no move."""
    replies: list[Hashable] = state.legal_actions()
    if not replies:
        return None
    for left in range(moves_left, 0, -1):
        for reply in replies:
            after = _after(state, reply)
            if after.is_terminal():
                continue
            if not forced_win(after, seat, left):
                return reply
    safe = [r for r in replies if not _after(state, r).is_terminal()]
    return (safe or replies)[0]


def state_key(state: AnyState) -> str:
    """A memo key for any mode's state: its JSON form (exact; the same position gives the same key)."""
    return json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))


class SearchTooLarge(Exception):
    """A search that would value more positions than its budget allows (the generator skips such positions)."""


class TurnSearch:
    """The best chance that `seat`'s turn from a state reaches `goal` (exact, memoised)."""

    def __init__(
        self,
        seat: int,
        goal: Goal,
        turn_over: TurnOver,
        key: Callable[[AnyState], Hashable] = state_key,
        budget: int | None = None,
    ) -> None:
        self.seat = seat
        self.goal = goal
        self.turn_over = turn_over
        self.key = key
        self.budget = budget
        self.memo: dict[Hashable, Fraction] = {}

    def value(self, state: AnyState) -> Fraction:
        """The probability of reaching the goal with the best play from `state` on."""
        if self.turn_over(state):
            return ONE if self.goal(state) else ZERO
        key = self.key(state)
        known = self.memo.get(key)
        if known is not None:
            return known
        player = state.current_player()
        if player == CHANCE:
            result = sum((p * self.value(_after(state, o)) for o, p in state.chance_outcomes()), ZERO)
        else:
            values = [self.value(_after(state, a)) for a in state.legal_actions()]
            result = max(values) if player == self.seat else min(values)
        self.memo[key] = result
        if self.budget is not None and len(self.memo) > self.budget:
            raise SearchTooLarge(f"more than {self.budget} positions")
        return result

    def action_values(self, state: AnyState) -> list[tuple[Hashable, Fraction]]:
        """Each legal decision at `state` with the chance it leaves (the player's first decisions, ranked by the
        caller)."""
        return [(a, self.value(_after(state, a))) for a in state.legal_actions()]

    def line_value(self, state: AnyState, line: Sequence[Hashable]) -> Fraction:
        """The chance of the plan a played `line` shows: the player's decisions on the line as played, every
        decision the line did not reach as the best one, chance and the other seats as in `value`."""
        return self._line(state, line, 0)

    def _line(self, state: AnyState, line: Sequence[Hashable], i: int) -> Fraction:
        if self.turn_over(state):
            return ONE if self.goal(state) else ZERO
        if i >= len(line):
            return self.value(state)
        played = line[i]
        player = state.current_player()
        if player == self.seat:
            return self._line(_after(state, played), line, i + 1)
        if player == CHANCE:
            return sum(
                (
                    p * (self._line(_after(state, o), line, i + 1) if o == played else self.value(_after(state, o)))
                    for o, p in state.chance_outcomes()
                ),
                ZERO,
            )
        return min(
            self._line(_after(state, a), line, i + 1) if a == played else self.value(_after(state, a))
            for a in state.legal_actions()
        )
