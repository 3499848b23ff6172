"""Learn's text keys built at run time, each family from the values it takes (checked in every language)."""

from __future__ import annotations

from collections.abc import Iterator

from game.client.i18n import Keys
from game.engine import registry
from game.learn.challenges import ChallengeRules
from game.learn.goals import FAILURES

STARS_SHOWN = (1, 2, 3)


def _goals() -> Iterator[str]:
    """Every kind of turn goal of every mode's challenges."""
    for spec in registry.MODES:
        if spec.challenges:
            rules: ChallengeRules = registry.resolve(spec.challenges)
            yield from rules.goals


#: A lesson's result card: the stars earned, or why the attempt failed.
STARS = Keys("learn.result.stars.{}", STARS_SHOWN)
FAIL = Keys("learn.fail.{}", FAILURES)
#: A challenge's result card by its proof's kind and the stars earned, and its line in the list by its goal.
STARS_TURN = Keys("challenge.stars.turn.{}", STARS_SHOWN)
STARS_WIN = Keys("challenge.stars.win.{}", STARS_SHOWN)
LINE = Keys("challenge.line.{}", _goals)
