"""Battle Checkers' scripted baseline for the arena (`ai.baselines`): `rush` (the others have no script here)."""

from __future__ import annotations

import random

from ai.baselines import RUSH
from game.engine.battle_checkers import actions as BA
from game.engine.battle_checkers.geometry import STEPS
from game.engine.battle_checkers.phases import FATE_CHOICE
from game.engine.battle_checkers.state import BattleCheckersState
from game.engine.core import Action, State


def choose(name: str, state: State[Action], rng: random.Random) -> Action | None:
    """The baseline `name`'s decision for the seat to act, or None when it has no script here."""
    assert isinstance(state, BattleCheckersState)  # named by Battle Checkers' spec only
    return _battle_checkers_rush(state, state.legal_actions(), rng) if name == RUSH else None


def _battle_checkers_rush(
    s: BattleCheckersState, legal: list[BA.BattleCheckersAction], rng: random.Random
) -> BA.BattleCheckersAction:
    if s.phase is FATE_CHOICE:
        return BA.FATE if BA.FATE in legal else legal[0]
    attacks = [a for a in legal if isinstance(a, BA.Attack)]
    if attacks:
        return rng.choice(attacks)
    presets = [a for a in legal if isinstance(a, BA.Preset)]
    if presets:
        return presets[0]
    places = [a for a in legal if isinstance(a, BA.Place)]
    if places:
        forward = 0 if s.player == 0 else 4  # north for the seat at the bottom, south for the one at the top
        return max(places, key=lambda a: (a.facing == forward, _bc_rank(s, a.cell, s.player), rng.random()))
    activations = [a for a in legal if isinstance(a, BA.Activate)]
    enemies = [i for i, o in enumerate(s.owner) if o not in (-1, s.player)]
    if activations and enemies:
        best = max(activations, key=lambda a: (_bc_aim(s, a.to, a.facing, enemies), rng.random()))
        if _bc_aim(s, best.to, best.facing, enemies) > _bc_aim(s, best.cell, s.facing[best.cell], enemies):
            return best
    return BA.END if BA.END in legal else legal[0]


def _bc_rank(s: BattleCheckersState, cell: int, seat: int) -> int:
    """How far forward `cell` lies for `seat`."""
    _, y = s.board.xy(cell)
    return y if seat == 0 else s.board.height - 1 - y


def _bc_aim(s: BattleCheckersState, cell: int, facing: int, enemies: list[int]) -> float:
    """How well a unit on `cell` facing `facing` is set to attack: an enemy in front best, then closeness to the
    nearest enemy and facing towards it."""
    board = s.board
    x, y = board.xy(cell)
    dx, dy = STEPS[facing]
    ahead = board.at(x + dx, y + dy)
    if ahead >= 0 and ahead in enemies:
        return 100.0
    nearest = min(enemies, key=lambda e: max(abs(board.xy(e)[0] - x), abs(board.xy(e)[1] - y)))
    ex, ey = board.xy(nearest)
    distance = max(abs(ex - x), abs(ey - y))
    toward = (ex > x) - (ex < x), (ey > y) - (ey < y)
    return -2.0 * distance + (1.0 if (dx, dy) == toward else 0.0)
