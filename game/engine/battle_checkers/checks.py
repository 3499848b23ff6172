"""Whether an action is legal in a Battle Checkers position: IllegalAction with the reason, no side effects."""

from __future__ import annotations

from game.engine.battle_checkers import actions
from game.engine.battle_checkers.moves import activation_cost, attacks, uses
from game.engine.battle_checkers.phases import ACTIVATED, DEPLOY, EMPTY, FATE_CHOICE, MAIN, Phase
from game.engine.battle_checkers.position import Position
from game.engine.core import IllegalAction

_OUTCOMES_BY_PHASE: dict[Phase, frozenset[object]] = {
    phase: frozenset(o for o, _ in outcomes) for phase, outcomes in actions.CHANCE_OUTCOMES.items()
}
_CHANCE_TYPES = (actions.Roll, actions.DuelRoll, actions.RepelRoll, actions.FateRoll)


def check(p: Position, action: object) -> None:
    """Raise IllegalAction (with the reason) unless `action` is a legal decision or outcome in `p`."""
    if type(action) is actions.Activate:
        _check_activation(p, action)
    elif type(action) is actions.Attack:
        _all_int(action, action)
        if p.phase is not MAIN or action not in attacks(p):
            raise IllegalAction(f"{action!r} is not an open attack")
    elif type(action) is actions.EndTurn:
        if p.phase is not MAIN:
            raise IllegalAction("there is no turn to end now")
    elif type(action) is actions.FateChoice:
        if p.phase is not FATE_CHOICE or type(action.call) is not bool:
            raise IllegalAction("there is no fate roll to call now")
    elif type(action) is actions.Place:
        _check_place(p, action)
    elif type(action) is actions.Preset:
        _check_preset(p, action)
    elif isinstance(action, _CHANCE_TYPES):
        _all_int(action, action)
        if action not in _OUTCOMES_BY_PHASE.get(p.phase, ()):
            raise IllegalAction(f"{action!r} is not an outcome of this chance node")
    else:
        raise IllegalAction(f"not a Battle Checkers action: {action!r}")


def _all_int(values: tuple[object, ...], action: object) -> None:
    if not all(type(x) is int for x in values):
        raise IllegalAction(f"malformed action {action!r}")


def _check_place(p: Position, action: actions.Place) -> None:
    _all_int(action, action)
    if p.phase is not DEPLOY:
        raise IllegalAction("units are placed only during deployment")
    cell, facing = action
    board = p.board
    if not (0 <= cell < board.size and 0 <= facing < 8):
        raise IllegalAction(f"bad placement {action!r}")
    if p.owner[cell] != EMPTY:
        raise IllegalAction(f"{board.name(cell)} is taken")
    if board.xy(cell)[1] not in board.half_ranks(p.player):
        raise IllegalAction(f"{board.name(cell)} is outside player {p.player + 1}'s half")


def _check_preset(p: Position, action: actions.Preset) -> None:
    if p.phase is not DEPLOY or not isinstance(action.name, str):
        raise IllegalAction("presets are chosen only during deployment")
    if action.name not in p.level.presets:
        raise IllegalAction(f"no preset named {action.name!r}")
    if p.to_place[p.player] != p.level.units_per_player:
        raise IllegalAction("a preset places all units, but some are already placed")


def _check_activation(p: Position, action: actions.Activate) -> None:
    _all_int(action, action)
    if p.phase is not MAIN:
        raise IllegalAction("no activation is open now")
    cell, use, to, facing = action
    board = p.board
    size = board.size
    if not (0 <= cell < size and 0 <= to < size and 0 <= facing < 8):
        raise IllegalAction(f"bad activation {action!r}")
    if p.owner[cell] != p.player:
        raise IllegalAction(f"no unit of player {p.player + 1} on {board.name(cell)}")
    if p.flags[cell] & ACTIVATED:
        raise IllegalAction(f"the unit on {board.name(cell)} was already activated this turn")
    pips = dict(uses(p)).get(use)
    if pips is None:
        raise IllegalAction(f"the dice use {use!r} is not open now")
    if to == cell and facing == p.facing[cell]:
        raise IllegalAction("an activation must change the unit's cell or facing")
    cost = activation_cost(p, cell, to, facing)
    if cost is None or cost > pips:
        raise IllegalAction(f"the unit on {board.name(cell)} cannot get there with {pips} pips")
