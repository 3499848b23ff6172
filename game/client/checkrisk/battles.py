"""What a CheckRisk battle came to, as typed records read from the engine's events (no pygame): each round's dice,
hits and losses, and how the battle ended (taken, held, both gone, withdrawn, retreated) with the occupation.

The battle card shows the record of the battle in progress, the board's result chip and the move list read the
finished ones, and the statistics count wins from them. `BattleReader.read(event, entry)` follows the events of
one game in order (`entry`: the index in the session's log of the entry whose `apply` emitted the event).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.engine.checkrisk.events import (
    AttackDeclared,
    BattleEnded,
    BattleRound,
    GameOver,
    Losses,
    Occupied,
    Retreated,
    Withdrew,
)


class BattleEnd(StrEnum):
    """How the fighting stopped."""

    TAKEN = "taken"  # the defenders are gone: the attacker won (C12.1)
    HELD = "held"  # the attackers are gone: the defender held the cell (C12.2)
    BOTH_GONE = "both_gone"  # both sides are gone; the cell is left empty (C12.2)
    WITHDREW = "withdrew"  # the attacker broke off (C12.3)
    RETREATED = "retreated"  # the defender left the cell: the attacker won (C12.4)


#: The ends the attacker won, and those the defender won (a withdrawal or a mutual wipe-out is nobody's win).
ATTACKER_WINS = (BattleEnd.TAKEN, BattleEnd.RETREATED)
DEFENDER_WINS = (BattleEnd.HELD,)


@dataclass(frozen=True)
class RoundRecord:
    """One round: its number (from 1), both sides' dice and hits, and the tokens each side had and lost."""

    number: int
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_hits: int
    defender_hits: int
    attackers_before: int
    defenders_before: int
    attacker_lost: int
    defender_lost: int

    @property
    def attackers_after(self) -> int:
        """The attackers still fighting after the round."""
        return self.attackers_before - self.attacker_lost

    @property
    def defenders_after(self) -> int:
        """The defenders still on the cell after the round."""
        return self.defenders_before - self.defender_lost


@dataclass(frozen=True)
class BattleRecord:
    """One battle: who fought whom from where, with how many; its rounds; how it ended; the occupation.

    `started_at` is the log index of the attack; `closed_at` the length of the log once the battle was over
    (its last entry included), None while it goes on (the occupation of a won cell is part of the battle).
    """

    attacker: int
    defender: int
    origin: str
    target: str
    attackers: int  # sent out by the attack
    defenders: int  # on the target when attacked
    rounds: tuple[RoundRecord, ...] = ()
    end: BattleEnd | None = None
    retreat: tuple[tuple[str, int], ...] = ()  # where the defender's stack went, (cell, tokens)
    survivors: int = 0  # attackers back home on the origin after the fighting
    occupied: int | None = None  # tokens that moved into the cell; None before the occupation (or without one)
    started_at: int = 0
    closed_at: int | None = None

    @property
    def attackers_left(self) -> int:
        """The attackers still in the fight (or that came out of it)."""
        return self.rounds[-1].attackers_after if self.rounds else self.attackers

    @property
    def defenders_left(self) -> int:
        """The defenders still in the fight (those that retreated included)."""
        return self.rounds[-1].defenders_after if self.rounds else self.defenders

    @property
    def attacker_lost(self) -> int:
        """Tokens the attacker lost over every round."""
        return sum(r.attacker_lost for r in self.rounds)

    @property
    def defender_lost(self) -> int:
        """Tokens the defender lost over every round."""
        return sum(r.defender_lost for r in self.rounds)

    @property
    def winner(self) -> int | None:
        """The seat that won the battle (None while it goes on, after a withdrawal or when both sides fell)."""
        if self.end in ATTACKER_WINS:
            return self.attacker
        if self.end in DEFENDER_WINS:
            return self.defender
        return None

    @property
    def loser(self) -> int | None:
        """The seat that lost the battle (see `winner`)."""
        if self.end in ATTACKER_WINS:
            return self.defender
        if self.end in DEFENDER_WINS:
            return self.attacker
        return None

    @property
    def fighting(self) -> bool:
        """True while rounds may still be rolled."""
        return self.end is None

    @property
    def closed(self) -> bool:
        """True once the battle is over, its occupation included."""
        return self.closed_at is not None


class BattleReader:
    """Follows a game's events: `current` is the battle in progress (or the one just over, until the next one
    starts), `finished` every closed battle in order."""

    def __init__(self) -> None:
        self.current: BattleRecord | None = None
        self.finished: list[BattleRecord] = []
        self._rolled: BattleRound | None = None

    def read(self, event: object, entry: int) -> BattleRecord | None:
        """Take in one event of the log's entry `entry`; returns the battle record it changed, else None."""
        if isinstance(event, AttackDeclared):
            self._set(
                BattleRecord(
                    event.seat,
                    event.defender,
                    event.origin,
                    event.target,
                    event.attackers,
                    event.defenders,
                    started_at=entry,
                )
            )
            return self.current
        record = self.current
        if record is None or record.closed:
            return None
        if isinstance(event, BattleRound):
            self._rolled = event  # the round is complete with its losses, the next event
            return None
        if isinstance(event, Losses):
            return self._losses(record, event)
        return self._ended(record, event, entry)

    def _losses(self, record: BattleRecord, event: Losses) -> BattleRecord:
        rolled = self._rolled
        self._rolled = None
        dice = (rolled.attacker_dice, rolled.defender_dice) if rolled is not None else ((), ())
        hits = (rolled.attacker_hits, rolled.defender_hits) if rolled is not None else (0, 0)
        number = len(record.rounds) + 1
        round_ = RoundRecord(
            number,
            dice[0],
            dice[1],
            hits[0],
            hits[1],
            event.attackers_left + event.attacker_lost,
            event.defenders_left + event.defender_lost,
            event.attacker_lost,
            event.defender_lost,
        )
        return self._set(replace(record, rounds=(*record.rounds, round_)))

    def _ended(self, record: BattleRecord, event: object, entry: int) -> BattleRecord | None:
        closed = entry + 1
        if isinstance(event, BattleEnded):
            end = {"attacker": BattleEnd.TAKEN, "defender": BattleEnd.HELD}.get(event.result, BattleEnd.BOTH_GONE)
            # A won cell is taken over next (the occupation); any other end closes the battle now.
            done = None if end is BattleEnd.TAKEN else closed
            return self._set(replace(record, end=end, survivors=event.survivors, closed_at=done))
        if isinstance(event, Withdrew):
            return self._set(replace(record, end=BattleEnd.WITHDREW, survivors=event.survivors, closed_at=closed))
        if isinstance(event, Retreated):
            return self._set(
                replace(record, end=BattleEnd.RETREATED, retreat=event.moves, survivors=record.attackers_left)
            )
        if isinstance(event, Occupied):
            return self._set(replace(record, occupied=event.count, closed_at=closed))
        if isinstance(event, GameOver) and record.end is not None:
            # The last opponent fell: the game ends at once, without the occupation.
            return self._set(replace(record, closed_at=closed))
        return None

    def _set(self, record: BattleRecord) -> BattleRecord:
        self.current = record
        if record.closed:
            self.finished.append(record)
        return record

    def last_closed(self, log_length: int) -> BattleRecord | None:
        """The battle that closed with the log's newest entry (no action since), else None."""
        if self.finished and self.finished[-1].closed_at == log_length:
            return self.finished[-1]
        return None
