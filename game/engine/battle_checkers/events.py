"""Events of Battle Checkers: what the client animates. Cells are names ('d2'), facings names ('NE')."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Event, quick_init

__all__ = [
    "Activated",
    "Attacked",
    "Destroyed",
    "DiceRolled",
    "Duel",
    "FateCalled",
    "FateRolled",
    "Moved",
    "Placed",
    "RepelFailed",
    "Repelled",
    "Shielded",
    "SpiritChanged",
    "Turned",
    "TurnEnded",
    "TurnStarted",
]


@quick_init
@dataclass(frozen=True)
class Placed(Event):
    """B4: a unit was deployed."""

    player: int
    cell: str
    facing: str


@quick_init
@dataclass(frozen=True)
class TurnStarted(Event):
    """B5: a player's turn began; its units regained their attack, every unit its shield."""

    player: int
    turn: int


@quick_init
@dataclass(frozen=True)
class DiceRolled(Event):
    """B6: the 2d6 of a turn (die 1 is the lower)."""

    player: int
    dice: tuple[int, int]


@quick_init
@dataclass(frozen=True)
class Activated(Event):
    """B7: a unit spends pips (`use` is 's', '1' or '2') on the plan in notation; Turned/Moved follow."""

    player: int
    cell: str
    use: str
    pips: int
    plan: str


@quick_init
@dataclass(frozen=True)
class Turned(Event):
    """A unit turned by one eighth."""

    cell: str
    from_facing: str
    to_facing: str


@quick_init
@dataclass(frozen=True)
class Moved(Event):
    """A unit stepped forward by one cell."""

    from_cell: str
    to_cell: str


@quick_init
@dataclass(frozen=True)
class Attacked(Event):
    """B8/B9: `attacker` attacked `defender`, hitting its `side` (front, right, left or rear)."""

    attacker: str
    defender: str
    side: str


@quick_init
@dataclass(frozen=True)
class Duel(Event):
    """B10 head-on: both sides' dice (the decisive, non-tied roll)."""

    attacker: str
    defender: str
    attacker_roll: int
    defender_roll: int


@quick_init
@dataclass(frozen=True)
class Repelled(Event):
    """B10 right flank: the defender's weapon roll of 4–6 repelled the attack."""

    attacker: str
    defender: str
    roll: int


@quick_init
@dataclass(frozen=True)
class RepelFailed(Event):
    """B10 right flank: the defender's weapon roll of 1–3 failed; the defender is destroyed next."""

    attacker: str
    defender: str
    roll: int


@quick_init
@dataclass(frozen=True)
class Shielded(Event):
    """B10 left flank: the defender's shield stopped the attack and is spent for this turn."""

    attacker: str
    defender: str


@quick_init
@dataclass(frozen=True)
class Destroyed(Event):
    """A unit was destroyed."""

    cell: str
    owner: int


@quick_init
@dataclass(frozen=True)
class SpiritChanged(Event):
    """B11: a player's spirit changed by `delta` to `spirit`."""

    player: int
    delta: int
    spirit: int


@quick_init
@dataclass(frozen=True)
class FateCalled(Event):
    """B11: the destroyer chose whether to call the fate roll."""

    player: int
    called: bool


@quick_init
@dataclass(frozen=True)
class FateRolled(Event):
    """B11: the fate roll; `loser` (None on equal rolls) rolled `loss` lower and lost `lost` spirit (less than `loss`
    when it had less: spirit stops at zero)."""

    player: int
    roll: int
    opponent_roll: int
    loser: int | None
    loss: int
    lost: int


@quick_init
@dataclass(frozen=True)
class TurnEnded(Event):
    """A player's turn ended."""

    player: int
    turn: int
