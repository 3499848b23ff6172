"""The Battle Checkers turn (B4–B7): deployment, the roll, activations and the end of a turn."""

from __future__ import annotations

from game.engine.battle_checkers import events as ev
from game.engine.battle_checkers.actions import USE_SUM, USE_TEXT, Activate, Place, Preset, Roll, plan_text
from game.engine.battle_checkers.ending import finish, finish_by_turn_limit
from game.engine.battle_checkers.geometry import DIRECTIONS
from game.engine.battle_checkers.moves import has_choices, plan, uses
from game.engine.battle_checkers.phases import ACTIVATED, ATTACK_READY, EMPTY, MAIN, ROLL, SHIELD_UP
from game.engine.battle_checkers.position import Position
from game.engine.battle_checkers.reasons import BattleCheckersReason
from game.engine.core import Event


def apply_place(p: Position, action: Place) -> list[Event]:
    """B4: deploy one unit."""
    events: list[Event] = []
    _place(p, action.cell, action.facing, events)
    _after_placing(p, events)
    return events


def apply_preset(p: Position, action: Preset) -> list[Event]:
    """B4: deploy every unit by a preset (turned about the centre for player 2)."""
    events: list[Event] = []
    for cell, facing in p.level.presets[action.name]:
        if p.player == 1:
            cell, facing = p.board.mirror(cell), (facing + 4) % 8
        _place(p, cell, facing, events)
    _after_placing(p, events)
    return events


def _place(p: Position, cell: int, facing: int, events: list[Event]) -> None:
    p.owner[cell] = p.player
    p.facing[cell] = facing
    p.flags[cell] = ATTACK_READY | SHIELD_UP
    p.to_place[p.player] -= 1
    events.append(ev.Placed(p.player, p.board.name(cell), DIRECTIONS[facing]))


def _after_placing(p: Position, events: list[Event]) -> None:
    if p.to_place[p.player] > 0:
        return
    if p.player == 0 and p.to_place[1] > 0:
        p.player = 1
        return
    # B12 holds from the start: a side deploying without spirit (a saved position) has lost at once.
    for seat in (0, 1):
        if p.spirit[seat] <= 0:
            finish(p, (1 - seat,), BattleCheckersReason.NO_SPIRIT, events)
            return
    # Both sides deployed: player 1 takes the first turn.
    p.player, p.turn = 1, 0
    _start_next_turn(p, events)


def _start_next_turn(p: Position, events: list[Event]) -> None:
    p.turn += 1
    p.player = player = 1 - p.player
    owner, flags = p.owner, p.flags
    for c in range(len(owner)):
        o = owner[c]
        if o == player:
            flags[c] = ATTACK_READY | SHIELD_UP
        elif o != EMPTY:
            flags[c] = (flags[c] | SHIELD_UP) & ~ACTIVATED
    p.dice = None
    p.spent = [False, False]
    p.phase = ROLL
    events.append(ev.TurnStarted(player, p.turn))


def apply_roll(p: Position, action: Roll) -> list[Event]:
    """B6: the turn's 2d6."""
    p.dice = (action.a, action.b)
    p.phase = MAIN
    events: list[Event] = [ev.DiceRolled(p.player, p.dice)]
    continue_turn(p, events)
    return events


def apply_activation(p: Position, action: Activate) -> list[Event]:
    """B7: a unit spends pips on turns and a straight move, by the cheapest plan to its end result."""
    cell, use = action.cell, action.use
    pips = dict(uses(p))[use]
    first, steps, last = plan(p, action)
    names = p.board.names
    events: list[Event] = [ev.Activated(p.player, names[cell], USE_TEXT[use], pips, plan_text(first, steps, last))]
    if use == USE_SUM:
        p.spent = [True, True]
    else:
        p.spent[use - 1] = True
    _turn_by(p, cell, first, events)
    here = cell
    if steps:
        for t in p.board.rays[cell][p.facing[cell]][:steps]:
            _move_unit(p, here, t)
            events.append(ev.Moved(names[here], names[t]))
            here = t
    _turn_by(p, here, last, events)
    p.flags[here] |= ACTIVATED
    continue_turn(p, events)
    return events


def _turn_by(p: Position, cell: int, eighths: int, events: list[Event]) -> None:
    step = 1 if eighths > 0 else -1
    facing, names = p.facing, p.board.names
    for _ in range(abs(eighths)):
        before = facing[cell]
        facing[cell] = (before + step) % 8
        events.append(ev.Turned(names[cell], DIRECTIONS[before], DIRECTIONS[facing[cell]]))


def _move_unit(p: Position, src: int, dst: int) -> None:
    p.owner[dst], p.facing[dst], p.flags[dst] = p.owner[src], p.facing[src], p.flags[src]
    p.owner[src], p.facing[src], p.flags[src] = EMPTY, 0, 0


def apply_end(p: Position) -> list[Event]:
    """`end`: the turn passes."""
    events: list[Event] = []
    _end_turn(p, events)
    return events


def continue_turn(p: Position, events: list[Event]) -> None:
    """After a step of the turn: the turn ends by itself when `end` would be the only choice left."""
    if p.outcome is None and p.phase is MAIN and not has_choices(p):
        _end_turn(p, events)


def _end_turn(p: Position, events: list[Event]) -> None:
    events.append(ev.TurnEnded(p.player, p.turn))
    if p.turn >= 2 * p.turn_limit:
        finish_by_turn_limit(p, events)
    else:
        _start_next_turn(p, events)
