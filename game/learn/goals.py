"""Judging a lesson: its success test, the pieces it must keep, its action limit and what the other side does.

Pure (no pygame): the board asks `judge` after every settled position, the loader proves each stored solution with
`play_out`, and the tests do both. A test's kind is one of `KINDS`; each mode judges the kinds it knows (the judge its
`ModeSpec.judge` names).

Pieces are named as in the lesson file: a cell ('e5': the piece standing there at the start), or for Kubtafl a die
kind ('d6': the player's die of that kind; 'dark:d6': that side's).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, Protocol, get_args

from game.engine import registry
from game.engine.core import AnyState, Event, JSONObject
from game.engine.driver import sample_chance

if TYPE_CHECKING:
    from game.learn.lessons import Lesson

#: The success tests a lesson may use (a mode's judge, `ModeSpec.judge`, judges those it knows).
KINDS: tuple[str, ...] = ("destroy", "reach", "weaken", "value", "enter", "event", "win", "draw")
#: CheckRisk's tests (see levels/learn/README.md).
KINDS += ("occupy", "stacks", "hold", "win_battle", "wipe_out", "best_odds", "reinforce", "end_with")
#: Battle Checkers' own.
KINDS += ("reach_all",)
Status = Literal["playing", "success", "failure"]
#: Why a lesson's attempt failed (its result card's text: `learn.fail.<failure>`).
Failure = Literal[
    "out_of_moves",
    "lost",
    "ended",
    "ended_won",
    "ended_draw",
    "worse_odds",
    "used_sum_not_die",
    "used_sum",
    "used_die",
    "wrong_die",
]
FAILURES: tuple[Failure, ...] = get_args(Failure)
#: A player decision: the position before it and its notation.
Decision = tuple[AnyState, str]


@dataclass(frozen=True)
class Verdict:
    """Where an attempt stands: still playing, solved (with stars) or failed (why, as a text key and its values)."""

    status: Status
    stars: int = 0
    reason: str = ""  # a lesson's: one of `FAILURES`; a challenge's: its own (`challenges.Reason`)
    values: dict[str, str | int] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        """True once the attempt is solved or failed."""
        return self.status != "playing"


class Judge(Protocol):
    """What a mode knows about its pieces for the success tests."""

    def check(self, lesson: Lesson, start: AnyState) -> None:
        """ValueError naming the field when the test or a piece or cell of the lesson does not fit its position."""

    def passed(self, lesson: Lesson, start: AnyState, now: AnyState, events: Sequence[Event]) -> bool:
        """True when the success test holds."""

    def lost(self, lesson: Lesson, start: AnyState, now: AnyState) -> str | None:
        """The first piece of `keep` that is gone (its name for the player), None while all stand."""

    def hand_back(self, state: AnyState, seat: int) -> AnyState:
        """The position with `seat` to act again (the other side does nothing)."""


# ----- the verdict ---------------------------------------------------------------------------------------------


def stars_for(lesson: Lesson, used: int) -> int:
    """Three stars within the lesson's first limit, two within its second, else one."""
    first, second = lesson.stars
    return 3 if used <= first else 2 if used <= second else 1


#: For a decision (the position before it, its notation) that attacks, on the named cell if one is: its exact chance,
#: the best open attack's chance and that attack's notation; None for any other decision.
AttackOdds = Callable[[AnyState, str, "str | None"], "tuple[Fraction, Fraction, str] | None"]


def drawn_cells_on_board(lesson: Lesson, cells: Container[str]) -> None:
    """ValueError naming the field when a mark or an arrow's end is not one of the board's `cells`."""
    drawn = [("marks", i, c) for i, c in enumerate(lesson.marks)]
    drawn += [("arrows", i, c) for i, pair in enumerate(lesson.arrows) for c in pair]
    for name, index, cell in drawn:
        if cell not in cells:
            raise ValueError(f"{name}[{index}]: {cell!r} is not a cell of this board")


def percent(chance: Fraction) -> int:
    """A chance as whole percent, rounded down (a near-certain 99.7 % is not shown as a sure 100)."""
    return int(chance * 100)


def best_odds_verdict(lesson: Lesson, decisions: Sequence[Decision], odds: AttackOdds) -> Verdict | None:
    """A best_odds lesson's verdict once the player attacked (the test's cell, if named): success when no open attack
    had a better exact chance, else a failure naming both chances (`percent`) and the better attack; None until then,
    or for another test."""
    if lesson.test.kind != "best_odds":
        return None
    cell = lesson.test.params.get("cell")
    target = None if cell is None else str(cell)
    for before, text in decisions:
        judged = odds(before, text, target)
        if judged is None:
            continue
        chosen, best, attack = judged
        if chosen >= best:
            return Verdict("success", stars_for(lesson, len(decisions)))
        values: dict[str, str | int] = {"chosen": percent(chosen), "best": percent(best), "attack": attack}
        return Verdict("failure", reason="worse_odds", values=values)
    return None


def events_of(decisions: Sequence[Decision]) -> list[Event]:
    """The events of the player's decisions, played again on copies of the positions they were taken in."""
    events: list[Event] = []
    for before, text in decisions:
        state = before.clone()
        events.extend(state.apply(state.action_from_str(text)))
    return events


def _holds(referee: Judge, lesson: Lesson, start: AnyState, now: AnyState, events: Sequence[Event]) -> bool:
    """True when the success test holds: the end of the game by its outcome, any other test by the mode's judge."""
    if lesson.test.kind in ("win", "draw"):
        outcome = now.outcome()
        if outcome is None:
            return False
        return outcome.is_draw if lesson.test.kind == "draw" else outcome.winner == lesson.seat
    return referee.passed(lesson, start, now, events)


def judge(lesson: Lesson, start: AnyState, now: AnyState, decisions: Sequence[Decision]) -> Verdict:
    """The attempt's verdict after the player's `decisions` led (with the other side's replies) to `now`."""
    referee = judge_for(lesson.mode)
    used = len(decisions)
    decided = getattr(referee, "decided", None)  # a test of a decision (CheckRisk's odds) reads where it was taken
    own: Verdict | None = decided(lesson, decisions) if used and decided is not None else None
    if own is not None:
        return own
    if used and _holds(referee, lesson, start, now, events_of(decisions)):
        return Verdict("success", stars_for(lesson, used))
    lost = referee.lost(lesson, start, now)
    if lost is not None:
        return Verdict("failure", reason="lost", values={"piece": lost})
    if now.is_terminal():
        outcome = now.outcome()
        if outcome is not None and outcome.is_draw:
            return Verdict("failure", reason="ended_draw")
        won = outcome is not None and outcome.winner == lesson.seat
        return Verdict("failure", reason="ended_won" if won else "ended")
    if lesson.max_actions is not None and used >= lesson.max_actions:
        return Verdict("failure", reason="out_of_moves", values={"n": lesson.max_actions})
    return Verdict("playing")


def other_side(lesson: Lesson, state: AnyState, replies_used: int) -> str | None:
    """The scripted reply due now when it is legal here, else None (the other side then does nothing)."""
    if lesson.opponent != "script" or replies_used >= len(lesson.replies):
        return None
    text = lesson.replies[replies_used]
    try:
        state.clone().apply(state.action_from_str(text))
    except ValueError:
        return None  # the player left the script: the other side waits instead
    return text


def idle_reply(lesson: Lesson, state: AnyState) -> str | None:
    """What the other side answers when it has no scripted reply but must decide inside the player's turn (a
    CheckRisk defender stands), played as an action so the dice that follow are the session's; None: it waits."""
    if lesson.opponent == "easy":
        return None
    idle = getattr(judge_for(lesson.mode), "idle_reply", None)
    return idle(state) if idle is not None else None


def hand_back(lesson: Lesson, state: AnyState) -> AnyState:
    """The position with the player to act again."""
    return judge_for(lesson.mode).hand_back(state, lesson.seat)


def play_out(lesson: Lesson, actions: Sequence[str]) -> Verdict:
    """Play the player's `actions` (notation) with the other side's scripted replies or waits, as the board does;
    the verdict after the last one (or as soon as the attempt ends). ValueError for an action that is not legal.
    The easy computer's moves are not played here: a lesson against it is judged with the moves given only."""
    state = lesson.game().initial_state()
    rng = random.Random(lesson.seed)  # the dice as the board's session rolls them
    roll(state, rng)
    start = state.clone()
    decisions: list[Decision] = []
    replies = 0
    verdict = Verdict("playing")
    for text in actions:
        if state.current_player() != lesson.seat:
            raise ValueError(f"{text}: it is not the player's turn")
        before = state.clone()
        state.apply(state.action_from_str(text))
        roll(state, rng)
        decisions.append((before, text))
        early = judge(lesson, start, state, decisions)  # as the board does: the goal may come before the answer
        if early.status == "success":
            return early
        state, replies = settle(lesson, state, replies, rng)
        verdict = judge(lesson, start, state, decisions)
        if verdict.done:
            break
    return verdict


def roll(state: AnyState, rng: random.Random) -> None:
    """Sample the chance nodes `state` is at, in place, as the session does after every action."""
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))


def settle(lesson: Lesson, state: AnyState, replies: int, rng: random.Random | None = None) -> tuple[AnyState, int]:
    """After the player's action: the other side's scripted replies (or its waiting) until the player is to act or
    the game is over; the new position and how many replies were used."""
    rng = rng or random.Random(lesson.seed)
    while not state.is_terminal() and state.current_player() != lesson.seat and lesson.opponent != "easy":
        reply = other_side(lesson, state, replies)
        idle = idle_reply(lesson, state) if reply is None else None
        if reply is None and idle is None:
            return hand_back(lesson, state), replies
        state.apply(state.action_from_str(reply or idle or ""))
        roll(state, rng)
        replies += reply is not None
    return state, replies


# ----- checking a lesson on load -------------------------------------------------------------------------------


def check_lesson(lesson: Lesson, start: AnyState) -> None:
    """ValueError naming the field when the lesson does not fit its position, or its solution does not solve it
    with three stars, or its wrong move does not fail it."""
    if lesson.test.kind not in KINDS:
        raise ValueError(f"test.kind: unknown kind {lesson.test.kind!r} (known: {', '.join(KINDS)})")
    if not judged(lesson.mode):
        raise ValueError(f"test: lessons of {lesson.mode} are not judged yet")
    judge_for(lesson.mode).check(lesson, start)
    if start.current_player() != lesson.seat:
        raise ValueError(f"seat: the position has seat {start.current_player()} to act, not the player's seat")
    if lesson.opponent != "easy":  # against the computer there is no one answer to prove
        if not lesson.solution:
            raise ValueError("solution: missing (a lesson without the computer needs its solution)")
        _prove(lesson)


def _prove(lesson: Lesson) -> None:
    try:
        verdict = play_out(lesson, lesson.solution)
    except ValueError as exc:
        raise ValueError(f"solution: {exc}") from exc
    if verdict.status != "success" or verdict.stars != 3:
        raise ValueError(f"solution: it ends {verdict.status} ({verdict.reason or verdict.stars}), not three stars")
    if lesson.wrong:
        try:
            wrong = play_out(lesson, lesson.wrong)
        except ValueError as exc:
            raise ValueError(f"wrong: {exc}") from exc
        if wrong.status != "failure":
            raise ValueError(f"wrong: it ends {wrong.status}, not in a failure")


def params(lesson: Lesson, allowed: dict[str, type], required: Sequence[str] = ()) -> JSONObject:
    """The test's parameters checked against `allowed` names and types; ValueError naming the bad one."""
    given = lesson.test.params
    for name, value in given.items():
        kind = allowed.get(name)
        if kind is None:
            known = ", ".join(["kind", *allowed]) if allowed else "kind"
            raise ValueError(f"test.{name}: unknown for {lesson.test.kind!r} (known: {known})")
        if type(value) is not kind:
            raise ValueError(f"test.{name}: expected {'a whole number' if kind is int else 'text'}, not {value!r}")
    for name in required:
        if name not in given:
            raise ValueError(f"test.{name}: missing for {lesson.test.kind!r}")
    return given


def judged(mode: str) -> bool:
    """True when the registry names a judge for `mode`'s lessons."""
    spec = registry.find(mode)
    return spec is not None and spec.judge is not None


def judge_for(mode: str) -> Judge:
    """The judge the mode's spec names (`ModeSpec.judge`); KeyError for a mode without one."""
    spec = registry.find(mode)
    if spec is None or spec.judge is None:
        raise KeyError(mode)
    judge: Judge = registry.resolve(spec.judge)()
    return judge
