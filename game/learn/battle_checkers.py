"""Battle Checkers' judge for the lesson tests: units reaching a cell (facing a way) or several cells, enemy units
destroyed, an event the player caused (a duel fought, a fate roll called), the game won, and attacks taken with the
best exact chance (the engine's `forecast`, as Fractions, never sampled)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from game.engine.battle_checkers import (
    DIRECTIONS,
    USE_SUM,
    Activate,
    ActivationForecast,
    Attack,
    BattleCheckersState,
    Phase,
)
from game.engine.battle_checkers.events import Attacked, FateCalled
from game.engine.battle_checkers.geometry import FRONT, LEFT, REAR, RIGHT
from game.engine.core import AnyState, Event, JSONObject
from game.engine.driver import sample_chance
from game.learn.goals import Decision, Verdict, best_odds_verdict, drawn_cells_on_board, params
from game.learn.lessons import Lesson

# The test kinds and the parameters each takes (name: type), with those it needs.
_PARAMS: dict[str, tuple[dict[str, type], tuple[str, ...]]] = {
    "reach": ({"cell": str, "facing": str, "use": str, "die": int}, ("cell",)),
    "reach_all": ({"cells": list, "use": str, "die": int}, ("cells",)),
    "destroy": ({"piece": str}, ("piece",)),
    "best_odds": ({"cell": str}, ()),
    "event": ({"event": str, "side": str}, ("event",)),
    "win": ({}, ()),
}
SIDES = (FRONT, RIGHT, LEFT, REAR)
#: The events a lesson may ask the player to cause (the engine's names): decisions, never the luck of their rolls.
#: `Attacked` may name the side hit (`side`: front, right, left, rear); `FateCalled` means the fate roll was called.
EVENTS = ("Attacked", "Shielded", "FateCalled")
#: What a lesson may ask its moves to spend (`use`): the sum of both dice, or one die per unit (B6); `die` names the
#: face the die used must show ("walk with the 3").
USES = ("sum", "die")


def _state(state: AnyState) -> BattleCheckersState:
    if not isinstance(state, BattleCheckersState):
        raise TypeError(f"expected a Battle Checkers position, got {type(state).__name__}")
    return state


def success_chance(state: BattleCheckersState, attack: Attack) -> Fraction:
    """The exact chance that `attack` destroys its target (the engine's forecast)."""
    return state.forecast(attack).probability("success")


def best_attacks(state: BattleCheckersState, cell: str | None) -> list[tuple[Fraction, Attack]]:
    """Every attack open now (on `cell`, if named) with its chance, best first."""
    names = state.board.names
    attacks = [a for a in state.attacks() if cell is None or names[a.target] == cell]
    return sorted(((success_chance(state, a), a) for a in attacks), key=lambda pair: -pair[0])


def _attack_odds(before: AnyState, text: str, cell: str | None) -> tuple[Fraction, Fraction, str] | None:
    """An attack's chance (on `cell`, if named) beside the best open one's, for `best_odds_verdict`."""
    state = _state(before)
    action = state.action_from_str(text)
    if not isinstance(action, Attack) or cell not in (None, state.board.names[action.target]):
        return None
    best, attack = best_attacks(state, cell)[0]
    return success_chance(state, action), best, state.action_to_str(attack)


def _check_use(given: JSONObject) -> None:
    """ValueError naming the field when the test's `use` or `die` is not one a lesson may ask for."""
    if "use" in given and given["use"] not in USES:
        raise ValueError(f"test.use: {given['use']!r} is not one of {', '.join(USES)}")
    if "die" in given and (given.get("use") != "die" or not 1 <= int(str(given["die"])) <= 6):
        raise ValueError(f"test.die: {given['die']!r} names the face (1-6) of the die a 'die' lesson uses")


def _dice_verdict(lesson: Lesson, decisions: Sequence[Decision]) -> Verdict | None:
    """The failure of the first activation that does not spend the dice as the test's `use` and `die` ask (the
    engine's forecast says what it spends), None while every one does."""
    use, face = lesson.test.params.get("use"), lesson.test.params.get("die")
    if use is None:
        return None
    for before, text in decisions:
        state = _state(before)
        action = state.action_from_str(text)
        if not isinstance(action, Activate):
            continue
        spend = state.forecast(action).detail
        assert isinstance(spend, ActivationForecast)  # an activation's forecast says what it spends
        if use == "die" and spend.use == USE_SUM and face is not None:
            return Verdict("failure", reason="used_sum_not_die", values={"sum": spend.pips, "die": int(str(face))})
        if use == "die" and spend.use == USE_SUM:
            return Verdict("failure", reason="used_sum", values={"sum": spend.pips})
        if use == "sum" and spend.use != USE_SUM:
            return Verdict("failure", reason="used_die", values={"die": spend.pips})
        if face is not None and spend.pips != face:
            return Verdict("failure", reason="wrong_die", values={"die": int(str(face)), "used": spend.pips})
    return None


def _caused(event: Event, given: JSONObject) -> bool:
    """The event is the one the test asks for (an attack on the named side; a fate roll called, not declined)."""
    if event.kind != given["event"]:
        return False
    if isinstance(event, FateCalled):
        return event.called
    return not isinstance(event, Attacked) or given.get("side") in (None, event.side)


def _own(state: BattleCheckersState, cell: str, seat: int) -> bool:
    unit = state.unit_at(cell)
    return unit is not None and unit["owner"] == seat


class BattleCheckersJudge:
    """The success tests on a Battle Checkers board; units are named by the cell they stand on at the start."""

    def check(self, lesson: Lesson, start: AnyState) -> None:
        """ValueError naming the field when a test parameter, an arrow or a mark does not fit."""
        state = _state(start)
        kind = lesson.test.kind
        if kind not in _PARAMS:
            raise ValueError(f"test.kind: {kind!r} is not a Battle Checkers test (known: {', '.join(_PARAMS)})")
        allowed, required = _PARAMS[kind]
        given = params(lesson, allowed, required)
        names = set(state.board.names)
        for name in ("cell", "piece"):
            if name in given and given[name] not in names:
                raise ValueError(f"test.{name}: {given[name]!r} is not a cell of this board")
        cells = given.get("cells")
        if "cells" in given and (not isinstance(cells, list) or not cells or any(c not in names for c in cells)):
            raise ValueError(f"test.cells: expected a list of cells of this board, not {cells!r}")
        if "event" in given and given["event"] not in EVENTS:
            raise ValueError(f"test.event: {given['event']!r} is not one of {', '.join(EVENTS)}")
        if "side" in given and (given.get("event") != "Attacked" or given["side"] not in SIDES):
            raise ValueError(f"test.side: {given['side']!r} names the side of an Attacked event ({', '.join(SIDES)})")
        _check_use(given)
        if "facing" in given and given["facing"] not in DIRECTIONS:
            raise ValueError(f"test.facing: {given['facing']!r} is not one of {', '.join(DIRECTIONS)}")
        if "piece" in given:
            unit = state.unit_at(str(given["piece"]))
            if unit is None or unit["owner"] == lesson.seat:
                raise ValueError(f"test.piece: no enemy unit stands on {given['piece']} at the start")
        if kind == "best_odds" and not lesson.wrong:
            raise ValueError("wrong: a best_odds lesson names a worse attack, to show its failure")
        if lesson.keep:
            raise ValueError("keep: not used in Battle Checkers lessons yet")
        drawn_cells_on_board(lesson, names)

    def passed(self, lesson: Lesson, start: AnyState, now: AnyState, events: Sequence[Event]) -> bool:
        """True when the lesson's test holds on `now`."""
        state, seat = _state(now), lesson.seat
        kind, given = lesson.test.kind, lesson.test.params
        if kind == "reach":
            unit = state.unit_at(str(given["cell"]))
            facing = given.get("facing")
            return unit is not None and unit["owner"] == seat and facing in (None, unit["facing"])
        if kind == "reach_all":
            cells = given["cells"]  # checked on load: a list of cells
            return isinstance(cells, list) and all(_own(state, str(cell), seat) for cell in cells)
        if kind == "event":
            return any(_caused(event, given) for event in events)
        if kind == "destroy":  # the enemy unit that stood there is gone (the other side moves none in a lesson)
            unit = state.unit_at(str(given["piece"]))
            return unit is None or unit["owner"] == seat
        return False  # best_odds is judged on the decision (`decided`)

    def decided(self, lesson: Lesson, decisions: Sequence[Decision]) -> Verdict | None:
        """A failure as soon as a move spends the dice otherwise than the lesson teaches (the sum where it asks for
        one die each, a die where it asks for the sum, another die than the one it names); a best_odds lesson's
        verdict once the player attacked (the cell, if named), as in CheckRisk."""
        return _dice_verdict(lesson, decisions) or best_odds_verdict(lesson, decisions, _attack_odds)

    def lost(self, lesson: Lesson, start: AnyState, now: AnyState) -> str | None:
        """Nothing is kept by name yet."""
        return None

    def idle_reply(self, state: AnyState) -> str | None:
        """The other side, when it may call a fate roll inside the player's turn, does not."""
        position = _state(state)
        return "nofate" if position.phase == Phase.FATE_CHOICE else None

    def hand_back(self, state: AnyState, seat: int) -> AnyState:
        """The other side ends its turn untouched; the player's next turn opens with a roll seeded by the turn
        number, so every attempt (and the loader's proof) rolls the same."""
        position = _state(state).clone()
        rng = random.Random(position.turn)
        for _ in range(8):
            if position.is_terminal() or position.current_player() == seat:
                break
            if position.is_chance_node():
                position.apply(sample_chance(position, rng))
            elif position.phase == Phase.MAIN:
                position.apply(position.action_from_str("end"))
            else:
                break
        return position
