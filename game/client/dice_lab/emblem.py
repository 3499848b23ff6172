"""The Dice Lab's emblem on the menu: a green d6."""

from __future__ import annotations

from game.client.shapes import die_emblem

# The plain d6 the menu also gives a mode it does not know: the Dice Lab is about dice themselves.
draw = die_emblem
