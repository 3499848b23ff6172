"""How hard each mode's own planner plays at a level: the parameters the level table (`ai.levels`) gives it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckRiskStrength:
    """How hard the CheckRisk planner looks: actions searched ahead, beam widths per depth, exact occupation choice,
    in games of up to how many seats it knows the war of attrition that follows the supply (massing, the
    hunt), the token lead at which it masses fully (`mass_lead`, 0: always), how many moves beside an
    enemy stack it searches beyond the beam (`approach`, to break standoffs), and among how many of its best first
    actions it chooses by the opponent's best reply to the turn they lead to (`reply`, 0 or 1: none).

    Every level decides battles by the exact recursion; easy and normal plan one action at a time (easy with
    wide noise, a beginner's spread and the level's deliberate mistakes; normal masses only once ahead), hard
    plans the whole turn.
    """

    depth: int = 2
    widths: tuple[int, ...] = (6, 1)
    exact_occupation: bool = True
    jitter: float = 0.0
    attrition_seats: int = 2
    approach: int = 0
    mass_lead: float = 0.0
    reply: int = 0


@dataclass(frozen=True)
class BattleCheckersStrength:
    """How hard the Battle Checkers search looks: activations kept per unit and dice use, positions evaluated,
    beam widths, and how many of the best plans are checked against the opponent's best reply turn (`replies`,
    0: none) within `reply_nodes` more nodes."""

    per_unit: int = 3
    evaluated: int = 24
    widths: tuple[int, ...] = (4, 2, 1)
    jitter: float = 0.0
    replies: int = 0
    reply_nodes: int = 0
