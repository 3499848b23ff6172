"""What the AI knows about a mode: evaluation, position key and move-ordering hints, looked up by mode name."""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from fractions import Fraction

from game.engine.core import Action, Game, Outcome, State

# Modes with their own knowledge: mode name -> "module:Class" (imported lazily so a missing mode costs nothing).
_KNOWLEDGE = {
    "kubtafl": "ai.kubtafl_eval:KubtaflKnowledge",
    "checkrisk": "ai.dice_modes_eval:CheckRiskKnowledge",
    "battle_checkers": "ai.dice_modes_eval:BattleCheckersKnowledge",
}


def outcome_value(outcome: Outcome, seat: int) -> float:
    """A finished game's value for `seat` in [-1, 1]: 1 sole winner, 0 fair-share draw, -1 (two seats) loser."""
    players = max(2, outcome.num_players)
    share = outcome.score(seat) if outcome.winners else Fraction(1, players)
    return float((share * players - 1) / (players - 1))


class Knowledge:
    """The default: knows wins and losses only; modes override what they can judge better."""

    #: Which searcher suits the mode: "alphabeta" (two seats, few chance nodes) or "montecarlo" (anything).
    search = "montecarlo"

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic value of a non-final `state` for `seat`, strictly inside (-1, 1)."""
        return 0.0

    def value(self, state: State, seat: int) -> float:
        """The exact value of a finished game, else the heuristic one, for `seat`."""
        outcome = state.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat)
        return self.evaluate(state, seat)

    def key(self, state: State) -> Hashable | None:
        """A hashable key equal for equal positions (for the transposition table), or None for none."""
        return None

    def order_hint(self, state: State, action: Action) -> float:
        """How promising `action` looks before searching it; higher is tried first."""
        return 0.0

    def is_tactical(self, state: State, action: Action) -> bool:
        """True for actions that change material (searched past the horizon in quiescence)."""
        return False


def knowledge_for(game: Game) -> Knowledge:
    """The knowledge for `game`'s mode, or the default one."""
    spec = _KNOWLEDGE.get(game.name)
    if spec is None:
        return Knowledge()
    module_name, _, class_name = spec.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(game)
