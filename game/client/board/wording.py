"""What every mode's words share: the decisions of a game read typed from its timeline (each with its events and the
chance outcomes after it), counted phrases in each language's plural forms, and the grouping of decisions into the
move list's turns and actions.

A counted phrase is a key with one text per plural form: `key.one`, `key.few`, `key.many` (English uses `one` and
`many`; Russian all three), and optionally `key.N` for a number written out ("three squares"). Sentences are whole
templates per case, never words glued together; a counted phrase fills one slot of such a template."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from game.client.board.log import LogAction, LogTurn
from game.client.i18n import Translator
from game.client.play.records import Timeline
from game.engine.core import CHANCE, AnyState, Event

Names = Callable[[int], str]  # a seat's name as the texts say it


def counted(t: Translator, key: str, n: int, **fmt: object) -> str:
    """The phrase `key` for the number `n`: its written-out form `key.N` where the language has one, else the plural
    form's text, formatted with `n` and `fmt`."""
    exact = f"{key}.{n}"
    if t.has(exact):
        return t(exact, n=n, **fmt)
    return t(f"{key}.{t.plural(n)}", n=n, **fmt)


@dataclass(frozen=True)
class Decision:
    """One decision of a game as the move list reads it: the entry it is (1-based), who took it, the typed action
    (read by the position before it), its notation, its events with those of the chance outcomes after it, and
    those chance outcomes typed."""

    entry: int
    actor: int
    action: object
    notation: str
    events: tuple[Event, ...]
    chances: tuple[object, ...]
    before: AnyState


# Per timeline: the actions read, and each decision with the index of its action.
_read: WeakKeyDictionary[Timeline, tuple[list[str], list[tuple[int, Decision]]]] = WeakKeyDictionary()


def decisions(timeline: Timeline) -> list[Decision]:
    """Every decision of `timeline` in order (chance outcomes before the first decision belong to the start). Read
    once per timeline as it grows: only what follows the last unchanged decision is read again."""
    actions, known = _read.get(timeline, ([], []))
    same = 0
    if timeline.actions[: len(actions)] == actions:
        same = len(actions)
    else:
        while same < min(len(actions), len(timeline.actions)) and actions[same] == timeline.actions[same]:
            same += 1
    # The last decision kept is read again: chance outcomes may have followed it since.
    kept = [(i, d) for i, d in known if i < same][:-1]
    start = kept[-1][0] + 1 if kept else 0
    while start < len(timeline.actors) and kept and timeline.actors[start] == CHANCE:
        start += 1
    for i in range(start, len(timeline.actions)):
        text, actor, before = timeline.actions[i], timeline.actors[i], timeline.before(i)
        if actor != CHANCE:
            action = before.action_from_str(text)
            kept.append((i, Decision(len(kept) + 1, actor, action, text, tuple(timeline.events[i]), (), before)))
        elif kept:
            # A chance outcome belongs to the decision before it: its events and the outcome itself.
            at, last = kept[-1]
            chance = before.action_from_str(text)
            events = (*last.events, *timeline.events[i])
            kept[-1] = (
                at,
                Decision(
                    last.entry, last.actor, last.action, last.notation, events, (*last.chances, chance), last.before
                ),
            )
    _read[timeline] = (list(timeline.actions), kept)
    return [d for _i, d in kept]


class TurnBuilder:
    """Collects decisions into the move list's turns: `start(seat)` opens a turn, `add(text, decisions)` adds an
    action made of those decisions; `turns()` is the list (a turn without actions is dropped)."""

    def __init__(self) -> None:
        self._turns: list[LogTurn] = []
        self._seat = -1
        self._note = ""
        self._actions: list[LogAction] = []
        self.last_entry = 0  # the last decision counted, so no decision is lost between actions

    @property
    def seat(self) -> int:
        """The seat of the open turn (-1 before the first)."""
        return self._seat

    @property
    def actions(self) -> list[LogAction]:
        """The open turn's actions so far."""
        return self._actions

    def start(self, seat: int, note: str = "") -> None:
        """Close the open turn and open one for `seat` (`note`: words after its name)."""
        self.close()
        self._seat, self._note, self._actions = seat, note, []

    def add(self, text: str, group: Sequence[Decision]) -> None:
        """An action of the open turn: its sentence, made of the decisions `group` (in order)."""
        if not group:
            return
        notation = " ".join(d.notation for d in group)
        self._actions.append(LogAction(text, notation, group[-1].entry))
        self.last_entry = group[-1].entry

    def replace_last(self, text: str, group: Sequence[Decision]) -> None:
        """Redo the open turn's last action with more decisions (a battle that goes on)."""
        if self._actions:
            self._actions.pop()
        self.add(text, group)

    def close(self) -> None:
        """Keep the open turn (when it has an action)."""
        if self._actions:
            self._turns.append(LogTurn(self._seat, tuple(self._actions), self._note))
        self._actions = []

    def turns(self) -> list[LogTurn]:
        """The turns so far (the open one included)."""
        self.close()
        return list(self._turns)


class TurnWords(ABC):
    """A mode's move list in words: each decision opens its seat's turn unless it `stays` in the open one, and joins
    the open action (`joins`) or starts one; an action's sentence is made again from its whole group as it grows.
    A mode says its sentences (`words`) and, where it has them, its groupings and the words after a turn's name."""

    def __init__(self, t: Translator, name: Names, preset_title: Callable[[str], str]) -> None:
        self.t, self.name, self.preset_title = t, name, preset_title

    def turns(self, items: Sequence[Decision]) -> list[LogTurn]:
        """The turns of the decisions `items`, each a list of actions in words."""
        out = TurnBuilder()
        group: list[Decision] = []
        note = ""
        for d in items:
            if d.actor != out.seat and not self.stays(group, d):
                out.start(d.actor, note)
                group = []
            note = self.note_after(d)
            if group and self.joins(group, d):
                group.append(d)
                out.replace_last(self.words(group, out.seat), group)
            else:
                group = [d]
                out.add(self.words(group, out.seat), group)
        return out.turns()

    def stays(self, group: Sequence[Decision], d: Decision) -> bool:
        """True when `d`, taken by another seat, belongs to the open turn (whose open action is `group`)."""
        return False

    def joins(self, group: Sequence[Decision], d: Decision) -> bool:
        """True when `d` belongs to the open action `group` (never empty)."""
        return False

    def note_after(self, d: Decision) -> str:
        """The words after the name of a turn that opens after `d` ('' for none)."""
        return ""

    @abstractmethod
    def words(self, group: Sequence[Decision], seat: int) -> str:
        """The sentence of one action made of the decisions `group`, in the turn of `seat`."""
