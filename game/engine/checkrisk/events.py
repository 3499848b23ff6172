"""What CheckRisk's `apply` reports, for the client to animate. Cells are names such as 'c2'."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Event, GameOver, quick_init

__all__ = [
    "AttackDeclared",
    "BattleEnded",
    "BattleRound",
    "Continued",
    "Deployed",
    "Eliminated",
    "GameOver",
    "Losses",
    "Moved",
    "Occupied",
    "Reinforced",
    "Retreated",
    "Stood",
    "TurnEnded",
    "TurnStarted",
    "Withdrew",
]


@quick_init
@dataclass(frozen=True)
class Deployed(Event):
    """`count` tokens placed on `cell` during deployment (C4–C6); `stack` is its size now; `preset` if chosen."""

    seat: int
    cell: str
    count: int
    stack: int
    preset: str = ""


@quick_init
@dataclass(frozen=True)
class TurnStarted(Event):
    """A seat's turn begins (C7): `due` tokens of reinforcement by the group rule, `reinforcements` to place.

    `due - reinforcements` found no room or no supply and stayed in the supply.
    """

    seat: int
    round: int
    due: int
    reinforcements: int


@quick_init
@dataclass(frozen=True)
class Reinforced(Event):
    """One reinforcement token placed from the supply onto `cell` (C7); `stack` is its size now."""

    seat: int
    cell: str
    count: int
    stack: int


@quick_init
@dataclass(frozen=True)
class Moved(Event):
    """`count` tokens moved from `origin` to the adjacent `target` (C9)."""

    seat: int
    origin: str
    target: str
    count: int


@quick_init
@dataclass(frozen=True)
class AttackDeclared(Event):
    """`attackers` tokens of `seat` leave `origin` against `defenders` tokens of `defender` on `target` (C10)."""

    seat: int
    origin: str
    target: str
    attackers: int
    defender: int
    defenders: int


@quick_init
@dataclass(frozen=True)
class BattleRound(Event):
    """One decisive round (C11): every die face of both sides and the hits (faces 4, 5, 6)."""

    origin: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_hits: int
    defender_hits: int


@quick_init
@dataclass(frozen=True)
class Losses(Event):
    """Tokens removed from the game by a round (C11) and what is left of each side."""

    attacker: int
    defender: int
    attacker_lost: int
    defender_lost: int
    attackers_left: int
    defenders_left: int


@quick_init
@dataclass(frozen=True)
class BattleEnded(Event):
    """A side is gone (C12.1, C12.2): `result` is 'attacker', 'defender' or 'both'; survivors went home."""

    origin: str
    target: str
    result: str
    survivors: int


@quick_init
@dataclass(frozen=True)
class Continued(Event):
    """The attacker fights another round (C12.3)."""

    seat: int


@quick_init
@dataclass(frozen=True)
class Stood(Event):
    """The defender stands (C12.4); `forced` when it had nowhere to retreat."""

    seat: int
    cell: str
    forced: bool


@quick_init
@dataclass(frozen=True)
class Withdrew(Event):
    """The attacker withdrew: `survivors` returned to `origin`; the defender stays (C12.3)."""

    seat: int
    origin: str
    target: str
    survivors: int


@quick_init
@dataclass(frozen=True)
class Retreated(Event):
    """The defender left `cell`, split as `moves` ((cell, count), ...) (C12.4); the attackers went home."""

    seat: int
    cell: str
    moves: tuple[tuple[str, int], ...]


@quick_init
@dataclass(frozen=True)
class Occupied(Event):
    """`count` tokens (possibly 0) of the origin stack moved into the won or emptied cell (C12.1, C12.4)."""

    seat: int
    origin: str
    target: str
    count: int


@quick_init
@dataclass(frozen=True)
class Eliminated(Event):
    """A seat has no tokens on the board and is out (C14)."""

    seat: int


@quick_init
@dataclass(frozen=True)
class TurnEnded(Event):
    """A seat's turn is over (its actions used, `end`, or it was eliminated)."""

    seat: int
