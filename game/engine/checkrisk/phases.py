"""CheckRisk phases, battle stages and the read-only view of a battle in progress."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    """What the seat to act is doing: deploying, placing reinforcements, acting, fighting, or the game is over."""

    DEPLOY = "deploy"
    REINFORCE = "reinforce"
    ACT = "act"
    BATTLE = "battle"
    OVER = "over"


class Stage(StrEnum):
    """Who is asked what next in a battle: the dice, the attacker, the defender, or the attacker to occupy."""

    ROLL = "roll"
    ATTACKER = "attacker"
    DEFENDER = "defender"
    OCCUPY = "occupy"


# The members as module names: the rules compare phases and stages on every step, and reading `Phase.ACT` goes
# through the enum class's attribute lookup, several times slower than a module global.
DEPLOY, REINFORCE, ACT, BATTLE, OVER = Phase.DEPLOY, Phase.REINFORCE, Phase.ACT, Phase.BATTLE, Phase.OVER
ROLL, ATTACKER, DEFENDER, OCCUPY = Stage.ROLL, Stage.ATTACKER, Stage.DEFENDER, Stage.OCCUPY
EMPTY = -1  # the owner of an empty cell


@dataclass(frozen=True)
class BattleView:
    """The battle in progress: cells, seats, the tokens on each side and whose decision is pending."""

    origin: int
    target: int
    attacker: int
    defender: int
    attackers: int
    defenders: int
    stage: Stage
    rounds: int
