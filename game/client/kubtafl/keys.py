"""Kubtafl's text keys built at run time, each family from the values it takes (checked in every language)."""

from __future__ import annotations

from game.client.i18n import Keys
from game.engine.kubtafl import SIDES
from game.engine.kubtafl.reasons import KubtaflReason

#: The list's past tense and the hint's imperative.
MOODS = ("words", "hint")
MAIN = Keys(
    "kubtafl.{}.{}",
    MOODS,
    ("shove_destroyed", "shove", "shove_stayed", "ram.destroyed", "ram.pushed", "ram.blocked")
    + ("transfer", "reentry", "move", "none"),
)
RICOCHET = Keys("kubtafl.{}.ricochet.{}", MOODS, ("hit", "destroyed"))
PIN = Keys("kubtafl.{}.pin.{}", MOODS, ("hit", "destroyed"))
SIDE = Keys("kubtafl.side.{}", SIDES)
SIDE_GEN = Keys("kubtafl.side_gen.{}", SIDES)  # the genitive ("of Light")
#: The draw a previewed move would make (K18), said before it is played.
DRAWS = Keys("kubtafl.status.draws.{}", [reason for reason in KubtaflReason if reason.startswith("draw")])
