"""What the AI knows about a mode: evaluation, position key and move-ordering hints, named by the mode registry."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction

from game.engine import registry
from game.engine.core import Action, ActionT, Game, Outcome, State


def outcome_value(outcome: Outcome, seat: int) -> float:
    """A finished game's value for `seat` in [-1, 1]: 1 sole winner, 0 fair-share draw, -1 (two seats) loser."""
    players = max(2, outcome.num_players)
    share = outcome.score(seat) if outcome.winners else Fraction(1, players)
    return float((share * players - 1) / (players - 1))


class Knowledge:
    """The default: knows wins and losses only; modes override what they can judge better."""

    #: Which searcher suits the mode: "alphabeta" (two seats, few chance nodes) or "montecarlo" (anything).
    search = "montecarlo"

    def evaluate(self, state: State[ActionT], seat: int) -> float:
        """A heuristic value of a non-final `state` for `seat`, strictly inside (-1, 1)."""
        return 0.0

    def value(self, state: State[ActionT], seat: int) -> float:
        """The exact value of a finished game, else the heuristic one, for `seat`."""
        outcome = state.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat)
        return self.evaluate(state, seat)

    def key(self, state: State[ActionT]) -> Hashable | None:
        """A hashable key equal for equal positions (for the transposition table), or None for none."""
        return None

    def order_hint(self, state: State[ActionT], action: Action) -> float:
        """How promising `action` looks before searching it; higher is tried first."""
        return 0.0

    def is_tactical(self, state: State[ActionT], action: Action) -> bool:
        """True for actions that change material (searched past the horizon in quiescence)."""
        return False


def knowledge_for(game: Game) -> Knowledge:
    """The knowledge for `game`'s mode, or the default one."""
    spec = registry.find(game.name)
    if spec is None or spec.knowledge is None:
        return Knowledge()
    # Imported only now, so a mode that is never played costs nothing.
    make: Callable[[Game], Knowledge] = registry.resolve(spec.knowledge)
    return make(game)
