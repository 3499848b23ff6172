"""CheckRisk's judge for the lesson tests: cells and stacks, battles won, armies wiped out, reinforcements earned,
tokens kept, and attacks taken with the best exact odds (the engine's `forecast`, as Fractions, never sampled)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from game.engine.checkrisk import Attack, CheckRiskState
from game.engine.checkrisk.phases import ATTACKER, BATTLE, DEFENDER, OCCUPY
from game.engine.checkrisk.turns import end_turn
from game.engine.core import AnyState, Event
from game.learn.goals import Decision, Verdict, best_odds_verdict, drawn_cells_on_board, params
from game.learn.lessons import Lesson

# The test kinds and the parameters each takes (name: type), with those it needs; `stacks` is checked apart.
_PARAMS: dict[str, tuple[dict[str, type], tuple[str, ...]]] = {
    "reach": ({"cell": str, "count": int}, ("cell",)),
    "occupy": ({"cell": str, "count": int}, ("cell",)),
    "hold": ({"count": int}, ("count",)),
    "win_battle": ({"cell": str}, ("cell",)),
    "wipe_out": ({}, ()),
    "best_odds": ({"cell": str}, ()),
    "reinforce": ({"at_least": int}, ("at_least",)),
    "end_with": ({"count": int}, ("count",)),
    "event": ({"event": str}, ("event",)),
    "win": ({}, ()),
}
# The events a lesson may ask the player to cause (the engine's names).
EVENTS = ("Moved", "Reinforced", "AttackDeclared", "Continued", "Withdrew", "Occupied", "BattleEnded", "TurnEnded")


def _state(state: AnyState) -> CheckRiskState:
    if not isinstance(state, CheckRiskState):
        raise TypeError(f"expected a CheckRisk position, got {type(state).__name__}")
    return state


def _number(value: object) -> int:
    # Checked on load to be a whole number.
    return value if isinstance(value, int) else 0


def _stack_on(state: CheckRiskState, cell: str, seat: int) -> int:
    """The seat's tokens on a cell (0 when the cell is empty or another seat's)."""
    index = state.game.cell_index(cell)
    return state.count[index] if state.owner[index] == seat else 0


def win_chance(state: CheckRiskState, attack: Attack) -> Fraction:
    """The exact chance that `attack` takes its cell, fought to the end (the engine's forecast)."""
    return state.forecast(attack).probability("win")


def best_attacks(state: CheckRiskState, cell: str | None) -> list[tuple[Fraction, Attack]]:
    """Every legal attack (on `cell`, if named) with its win chance, best first."""
    target = None if cell is None else state.game.cell_index(cell)
    attacks = [a for a in state.legal_actions() if isinstance(a, Attack) and target in (None, a.target)]
    return sorted(((win_chance(state, a), a) for a in attacks), key=lambda pair: -pair[0])


def _attack_odds(before: AnyState, text: str, cell: str | None) -> tuple[Fraction, Fraction, str] | None:
    """An attack's chance to take its cell (`cell`, if named) beside the best legal one's, for `best_odds_verdict`."""
    state = _state(before)
    action = state.action_from_str(text)
    if not isinstance(action, Attack) or cell not in (None, state.game.cell_name(action.target)):
        return None
    best, attack = best_attacks(state, cell)[0]
    return win_chance(state, action), best, state.action_to_str(attack)


class CheckRiskJudge:
    """The success tests on a CheckRisk board; stacks are named by their cell."""

    def check(self, lesson: Lesson, start: AnyState) -> None:
        """ValueError naming the field when a test parameter, an arrow or a mark does not fit."""
        state = _state(start)
        kind = lesson.test.kind
        if kind == "stacks":
            self._check_stacks(lesson, state)
        elif kind not in _PARAMS:
            raise ValueError(f"test.kind: {kind!r} is not a CheckRisk test (known: stacks, {', '.join(_PARAMS)})")
        else:
            allowed, required = _PARAMS[kind]
            given = params(lesson, allowed, required)
            if "cell" in given and given["cell"] not in state.game.board.index:
                raise ValueError(f"test.cell: {given['cell']!r} is not a cell of this board")
            if "event" in given and given["event"] not in EVENTS:
                raise ValueError(f"test.event: {given['event']!r} is not one of {', '.join(EVENTS)}")
            if kind == "best_odds" and not lesson.wrong:
                raise ValueError("wrong: a best_odds lesson names a worse attack, to show its failure")
        if lesson.keep:
            raise ValueError("keep: CheckRisk stacks move and split, so a lesson keeps none (use a test instead)")
        drawn_cells_on_board(lesson, state.game.board.index)

    def _check_stacks(self, lesson: Lesson, state: CheckRiskState) -> None:
        given = lesson.test.params
        wanted = given.get("cells")
        if set(given) != {"cells"} or not isinstance(wanted, dict) or not wanted:
            raise ValueError("test.cells: 'stacks' takes only cells, an object {cell: tokens}")
        for cell, count in wanted.items():
            if cell not in state.game.board.index:
                raise ValueError(f"test.cells.{cell}: not a cell of this board")
            if type(count) is not int or not 0 <= count <= 6:
                raise ValueError(f"test.cells.{cell}: expected tokens from 0 to 6, not {count!r}")

    def passed(self, lesson: Lesson, start: AnyState, now: AnyState, events: Sequence[Event]) -> bool:
        """True when the lesson's test holds on `now` (or in the player's `events`)."""
        state, seat = _state(now), lesson.seat
        kind, given = lesson.test.kind, lesson.test.params
        if kind == "wipe_out":
            return all(state.out[other] for other in range(len(state.out)) if other != seat)
        if kind == "event":
            return any(event.kind == given["event"] for event in events)
        if kind == "win_battle":
            return _won(state, str(given["cell"]), seat)
        if kind == "occupy":
            on = _stack_on(state, str(given["cell"]), seat)
            return on > 0 and on == _number(given.get("count", on)) and state.pending_battle() is None
        if kind == "reach":
            return _stack_on(state, str(given["cell"]), seat) >= max(1, _number(given.get("count", 1)))
        if kind == "stacks":
            cells = given["cells"]
            return isinstance(cells, dict) and all(_stack_on(state, c, seat) == n for c, n in cells.items())
        if kind == "hold":
            return state.cells_held(seat) >= _number(given["count"])
        if kind == "reinforce":
            return sum(tokens for _, tokens in state.reinforcement_due(seat)) >= _number(given["at_least"])
        if kind == "end_with":  # the turn came round again (the round counter moved on)
            ended = state.round > _state(start).round
            return ended and state.tokens_on_board(seat) >= _number(given["count"])
        return False  # best_odds is judged on the decision (`decided`)

    def decided(self, lesson: Lesson, decisions: Sequence[Decision]) -> Verdict | None:
        """A best_odds lesson's verdict once the player attacked (the cell, if named): success when no legal attack
        there had a better exact chance to take it, else a failure naming both chances; None until then."""
        return best_odds_verdict(lesson, decisions, _attack_odds)

    def lost(self, lesson: Lesson, start: AnyState, now: AnyState) -> str | None:
        """Nothing is kept by name in CheckRisk (stacks move and split)."""
        return None

    def idle_reply(self, state: AnyState) -> str | None:
        """The other side's answers inside a battle when none is scripted: a defender stands, an attacker
        withdraws and moves nothing into a won cell."""
        battle = _state(state).pending_battle()
        if battle is None:
            return None
        return {DEFENDER: "stand", ATTACKER: "withdraw", OCCUPY: "occupy:0"}.get(battle.stage)

    def hand_back(self, state: AnyState, seat: int) -> AnyState:
        """The other side's turn passes untouched (its reinforcements stay in its supply): `seat`'s next turn
        starts, with the reinforcements its groups earn (C7)."""
        position = _state(state).clone()
        p = position.position
        for _ in range(len(p.out)):
            if p.outcome is not None or p.seat == seat or p.phase == BATTLE:
                break
            p.reinforcements = []
            end_turn(p, [])
        return position


def _won(state: CheckRiskState, cell: str, seat: int) -> bool:
    """The player took the cell in battle: the defender is gone (or retreated) and the player is to occupy it, or
    already holds it."""
    battle = state.pending_battle()
    if battle is not None and battle.stage == "occupy" and state.game.cell_name(battle.target) == cell:
        return battle.attacker == seat
    return _stack_on(state, cell, seat) > 0
