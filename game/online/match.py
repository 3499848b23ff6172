"""A match's game replayed from its numbered entries: what the server owns and every client mirrors."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine import registry
from game.engine.core import Action, AnyState, Event, Game, JSONObject, Outcome
from game.online.protocol import ACTION, CHANCE, RESIGN, RESIGNATION, TAKEBACK, Entry, effective_log


def make_game(mode: str, level: str, options: Mapping[str, int] | None = None) -> Game:
    """The game of `mode` at the named `level` (a name from `levels/<mode>/`, never a path) with agreed options;
    ValueError for an unknown mode or level or a bad option."""
    try:
        known = registry.levels(mode)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    if level not in known:
        raise ValueError(f"{mode} has no level {level!r}; levels: {', '.join(known)}")
    game = registry.load(mode, level)
    return game.with_options(options) if options else game


def level_for_seats(mode: str, seats: int) -> str:
    """The first level of `mode` (the standard one first) with `seats` seats; ValueError when none has."""
    for level in registry.levels(mode):
        if registry.load(mode, level).num_players == seats:
            return level
    raise ValueError(f"{mode} has no level for {seats} seats")


def resignation(seat: int, num_players: int) -> Outcome:
    """The end when `seat` resigns: every other seat shares the win."""
    return Outcome(tuple(s for s in range(num_players) if s != seat), RESIGNATION, num_players)


def outcome_text(outcome: Outcome) -> str:
    """One line naming the winner(s) and the reason, the same for every seat: 'seat 1 wins (no units)'."""
    if len(outcome.winners) == 1:
        who = f"seat {outcome.winners[0]} wins"
    elif len(outcome.winners) == outcome.num_players:
        who = "draw"
    else:
        who = f"seats {', '.join(map(str, outcome.winners))} win"
    return f"result: {who} ({outcome.reason})"


class Resignable:
    """How a match ends, for all that mirrors one: by the rules of its `state`, or by the resignation it `resigned`."""

    state: AnyState
    resigned: Outcome | None

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (by the rules or by resignation), or None."""
        return self.resigned or self.state.outcome()

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.outcome is not None


class Replica(Resignable):
    """The state a match's entries lead to. `add` applies the next entry; a takeback replays what stands."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state: AnyState = game.initial_state()
        #: Every entry received, takebacks included, in order.
        self.entries: list[Entry] = []
        #: The decisions and rolls that stand.
        self.log: list[Entry] = []
        # The rolls in `log`, counted as it changes (the server asks before every roll).
        self._rolls = 0
        self.resigned: Outcome | None = None

    @property
    def seq(self) -> int:
        """The number of the last entry applied (0 before any)."""
        return self.entries[-1].seq if self.entries else 0

    @property
    def rolls(self) -> int:
        """How many rolls stand: the number the next roll gets."""
        return self._rolls

    def add(self, entry: Entry) -> list[Event]:
        """Apply the next entry; ValueError when it is not the next number or does not replay (IllegalAction)."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"entry {entry.seq} arrived after entry {self.seq}")
        events: list[Event] = []
        if entry.type in (ACTION, CHANCE):
            events = self.state.apply(self.state.action_from_str(entry.action))
            self.log.append(entry)
            self._rolls += entry.type == CHANCE
        elif entry.type == TAKEBACK:
            self.log = effective_log([*self.log, entry])
            self._rolls = sum(1 for e in self.log if e.type == CHANCE)
            self.state = self.replayed(self.log)
        elif entry.type == RESIGN:
            self.resigned = resignation(entry.seat, self.game.num_players)
        self.entries.append(entry)
        return events

    def play(self, action: Action, seat: int, roll: int = -1, reveal: str = "") -> Entry:
        """Apply a checked decision (or the roll numbered `roll`) and record it as the next entry; the entry that ends
        the game carries the outcome and the revealed dice secret `reveal`."""
        text = self.state.action_to_str(action)
        events = self.state.apply(action)
        outcome = self.state.outcome()
        entry = Entry(
            seq=self.seq + 1,
            type=ACTION if roll < 0 else CHANCE,
            seat=seat,
            action=text,
            roll=roll,
            events=events_json(events),
            outcome=outcome.to_dict() if outcome is not None else None,
            secret=reveal if outcome is not None else "",
        )
        self.log.append(entry)
        self._rolls += entry.type == CHANCE
        self.entries.append(entry)
        return entry

    def drop_last(self, count: int) -> None:
        """Forget the last `count` entries (ones the store refused) and rebuild the state from what remains."""
        kept = self.entries[: len(self.entries) - count]
        self.entries, self.log, self.resigned, self._rolls = [], [], None, 0
        self.state = self.game.initial_state()
        for entry in kept:
            self.add(entry)

    def replayed(self, log: list[Entry]) -> AnyState:
        """The state after the decisions and rolls of `log`, from the start."""
        state = self.game.initial_state()
        for entry in log:
            state.apply(state.action_from_str(entry.action))
        return state

    def last_decision(self, seat: int) -> Entry | None:
        """The seat's last decision that stands, or None."""
        return next((e for e in reversed(self.log) if e.type == ACTION and e.seat == seat), None)


def events_json(events: list[Event]) -> tuple[JSONObject, ...]:
    """Events in their JSON form, as entries carry them."""
    return tuple(event.to_dict() for event in events)
