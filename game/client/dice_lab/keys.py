"""The Lab's text keys built at run time, each family from the values it takes (checked in every language)."""

from __future__ import annotations

from game.client.i18n import Keys
from game.engine.dice import HEALTH_COLOURS, NOTATION_ERRORS, SYMBOLS

#: Where a roll fell among the outcomes (`stats.Standing.side`).
STANDINGS = ("top", "bottom")
#: The fairness test's verdicts (`stats.Fit.verdict`).
VERDICTS = ("fair", "unusual", "loaded")
#: The d18 tab's helpers and the free tab's chart views.
HELPERS = ("d18", "three", "table", "two", "percent")
VIEWS = ("exact", "at_least", "at_most")
SLOTS = 3  # the free tab's expression fields

WHERE = Keys("lab.where.{}", STANDINGS)
FIT = Keys("lab.fit.{}", VERDICTS)
SYMBOL = Keys("lab.symbol.{}", SYMBOLS)
HEALTH = Keys("lab.health.{}", HEALTH_COLOURS)
PARSE = Keys("lab.parse.{}", NOTATION_ERRORS)
HELPER = Keys("lab.d18.{}", HELPERS)
HELPER_CAPTION = Keys("lab.d18.caption.{}", HELPERS)
HELPER_EXPLAIN = Keys("lab.d18.explain.{}", HELPERS)
VIEW = Keys("lab.free.{}", VIEWS)
VIEW_CAPTION = Keys("lab.free.caption.{}", VIEWS)
EXPR = Keys("lab.free.expr{}", range(SLOTS))
