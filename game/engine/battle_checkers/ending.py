"""How a Battle Checkers game ends (B12, B13): recording the result."""

from __future__ import annotations

from game.engine.battle_checkers.phases import OVER
from game.engine.battle_checkers.position import Position
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.core import Event, GameOver, Outcome


def finish(p: Position, winners: tuple[int, ...], reason: BattleCheckersReason, events: list[Event]) -> None:
    """End the game with `winners` for `reason`."""
    p.phase = OVER
    p.pending = None
    p.fate_player = None
    p.outcome = Outcome(winners, reason, 2)
    events.append(GameOver(winners, reason))


def finish_by_turn_limit(p: Position, events: list[Event]) -> None:
    """B13: more units wins, then more spirit; otherwise a draw."""
    units = (p.unit_count(0), p.unit_count(1))
    if units[0] != units[1]:
        finish(p, (0 if units[0] > units[1] else 1,), BattleCheckersReason.TURN_LIMIT_MORE_UNITS, events)
    elif p.spirit[0] != p.spirit[1]:
        leader = 0 if p.spirit[0] > p.spirit[1] else 1
        finish(p, (leader,), BattleCheckersReason.TURN_LIMIT_MORE_SPIRIT, events)
    else:
        finish(p, (0, 1), BattleCheckersReason.TURN_LIMIT_DRAW, events)
