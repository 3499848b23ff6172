"""Battle Checkers 2: directional units on a 10×10 board, 2d6 activations, flank-dependent battles.

The rules are rules/battle_checkers.md (B1–B13). Decisions the engine makes where the text leaves room:
- Actions are typed named tuples told apart by their type (see `actions`: `Activate(cell, use, to, facing)`,
  `Attack(cell, target)`, `EndTurn()`, …); `state.forecast(attack)` gives the success chance
  with `AttackForecast(side, success, repel, shielded)` in `detail`, an activation's forecast what it spends with
  `ActivationForecast(use, pips, cost, wasted, kept)` (pips a move does not use are lost, B6).
  An activation is its end result (cell, facing) and its notation is the cheapest plan, e.g. `d2:s L1 F3 R2` (a
  half turn is written `R4`). Activations that change nothing are not actions; a unit activates at most once a
  turn, so split dice go to two different units (B6).
- The 2d6 roll is an unordered pair (`roll 3 5`, die 1 the lower; 21 outcomes). A double offers `:1`
  while both dice are unspent.
- A head-on duel is one chance outcome, the decisive roll: the 30 untied pairs at 1/30 each, attacker's
  die first (`duel 2 6`), so tie rerolls never loop.
- The fate choice belongs to whoever destroyed the unit (the defender when it wins a duel), right after
  the spirit gain; `fate 1 5` gives the caller's die first. Spirit never drops below 0.
- B12 is checked at once after each destruction and fate roll (the game then ends before any fate
  choice) and when deployment ends; a level may not give a side 0 spirit.
- The roll opens the turn, so attacks come after it; attacks come between activations, never inside
  one (an activation is one end result). A unit may attack and then activate (if no enemy is next to it
  by then), or activate and then attack.
- An attack that is repelled or stopped by the shield still spends the attacker's attack; repelling
  with the weapon or winning a duel as the defender does not spend the defender's. Only left-flank
  attacks spend the shield.
- Notation is read by end result: any plan whose end the unit reaches within its pips by the cheapest
  plan is accepted (`R1 R1` reads as `R2`). With a double, `:1` and `:2` both name the die still open.
- On a board with an odd number of ranks the middle rank belongs to neither side's deployment; a
  preset is turned about the centre for player 2 (so a refused left flank stays on its left).
- Player 1 deploys first, then player 2 (units by `place d2 NE` or a whole preset by `preset wedge`);
  player 1 takes the first turn. A turn ends by `end`, or by itself when nothing else is left to do.
- B13: the game ends when turn 2 × turn_limit ends (turns counted over both players).
"""

from game.engine.battle_checkers import actions, events
from game.engine.battle_checkers.actions import *  # noqa: F403
from game.engine.battle_checkers.events import *  # noqa: F403
from game.engine.battle_checkers.game import BattleCheckersGame, make_game
from game.engine.battle_checkers.geometry import DIRECTIONS, FRONT, LEFT, REAR, RIGHT, Board, board, side_hit
from game.engine.battle_checkers.odds import (
    ActivationForecast,
    AttackForecast,
    FateForecast,
    attack_forecast,
    attack_odds,
    side_odds,
)
from game.engine.battle_checkers.phases import Phase
from game.engine.battle_checkers.position import PendingAttack, Position
from game.engine.battle_checkers.state import BattleCheckersState

__all__ = [
    "BattleCheckersGame",
    "make_game",
    "DIRECTIONS",
    "FRONT",
    "LEFT",
    "REAR",
    "RIGHT",
    "Board",
    "board",
    "side_hit",
    "ActivationForecast",
    "AttackForecast",
    "FateForecast",
    "attack_forecast",
    "attack_odds",
    "side_odds",
    "Phase",
    "PendingAttack",
    "Position",
    "BattleCheckersState",
]
__all__ += actions.__all__
__all__ += events.__all__
