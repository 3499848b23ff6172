"""Kubtafl events, in the order `State.apply` emits them; cells are names like 'c4', sides 'light'/'dark'.

A move that hits a die is split so each event is one visible step: `Moved` (start -> cell before the
target, omitted when adjacent), `Impact`, `Damaged` (+ `Destroyed`), the push chain (`Pushed`,
`Ricochet`, `Damaged`, ...), then `Moved` again when the mover follows into the target's former cell.
Afterwards come `Pinned` + `Damaged` (+ `Destroyed`) for each pin (K12), and `GameOver` last.
Every die is named by `side` ('light'/'dark') and `die` (its kind: 'd4' … 'd20').
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Event, GameOver, quick_init

__all__ = [
    "Damaged",
    "Destroyed",
    "Event",
    "GameOver",
    "Impact",
    "Moved",
    "Pinned",
    "Pushed",
    "ReEntered",
    "Ricochet",
    "Transferred",
    "ValueChanged",
]


@quick_init
@dataclass(frozen=True)
class Moved(Event):
    """The actively moved die slides from `src` to `dst` along a line (K5, or part of an impact move)."""

    side: str
    die: str
    src: str
    dst: str


@quick_init
@dataclass(frozen=True)
class Impact(Event):
    """The mover standing on `attacker` hits the die on `target` after `distance` cells (K6–K8)."""

    side: str
    die: str
    attacker: str
    target: str
    target_side: str
    target_die: str
    distance: int
    damage: int
    push_through: bool


@quick_init
@dataclass(frozen=True)
class Pushed(Event):
    """A struck die slides from `src` to `dst` as part of a push of length `length` (K10, K11)."""

    side: str
    die: str
    src: str
    dst: str
    length: int


@quick_init
@dataclass(frozen=True)
class Ricochet(Event):
    """A pushed die, stopped on `striker`, hits the die on `struck` at push step `step` (K11)."""

    striker: str
    struck: str
    step: int
    damage: int


@quick_init
@dataclass(frozen=True)
class Damaged(Event):
    """The die on `cell` loses `amount`: its value goes from `old` to `new` (0 when destroyed)."""

    side: str
    die: str
    cell: str
    old: int
    new: int
    amount: int


@quick_init
@dataclass(frozen=True)
class Destroyed(Event):
    """The die on `cell` is removed to its owner's pool (K9)."""

    side: str
    die: str
    cell: str


@quick_init
@dataclass(frozen=True)
class Pinned(Event):
    """The die on `attacker` and its partner on `partner` pin the enemy on `target` for `damage` (K12)."""

    attacker: str
    target: str
    partner: str
    damage: int


@quick_init
@dataclass(frozen=True)
class Transferred(Event):
    """`side` moves `amount` from the die on `donor` to the adjacent die on `recipient` (K13)."""

    side: str
    donor: str
    recipient: str
    amount: int


@quick_init
@dataclass(frozen=True)
class ReEntered(Event):
    """A removed die of kind `die` returns on `cell` with `value`, paid by the die on `donor` (K14)."""

    side: str
    die: str
    cell: str
    donor: str
    value: int


@quick_init
@dataclass(frozen=True)
class ValueChanged(Event):
    """The die on `cell` changes value without damage (transfer or re-entry payment)."""

    side: str
    die: str
    cell: str
    old: int
    new: int
