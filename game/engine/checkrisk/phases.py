"""CheckRisk phases, battle stages and the read-only view of a battle in progress."""

from __future__ import annotations

from dataclasses import dataclass

DEPLOY, REINFORCE, ACT, BATTLE, OVER = "deploy", "reinforce", "act", "battle", "over"
PHASES = (DEPLOY, REINFORCE, ACT, BATTLE, OVER)
# Battle stages: who is asked what next.
ROLL, ATTACKER, DEFENDER, OCCUPY = "roll", "attacker", "defender", "occupy"
STAGES = (ROLL, ATTACKER, DEFENDER, OCCUPY)
EMPTY = -1


@dataclass(frozen=True)
class BattleView:
    """The battle in progress: cells, seats, the tokens on each side and whose decision is pending."""

    origin: int
    target: int
    attacker: int
    defender: int
    attackers: int
    defenders: int
    stage: str
    rounds: int
