"""What a Battle Checkers turn leaves on the board until the player acts (see `game.client.board.trace`): each
activation's numbered arrow (or, turning on the spot, a numbered arc), the arcs of turns before and after a move,
each attack's arrow with its result on the defender's cell; read from the engine's events."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.client.board.marks import Chip, TurnMark, TurnStep
from game.client.i18n import Translator
from game.engine.battle_checkers.events import Activated, Attacked, Destroyed, Moved, Repelled, Shielded, Turned

FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def action_marks(step: TurnStep) -> list[TurnMark]:
    """One decision's marks: an activation's move (its lead) and turns, an attack's arrow."""
    seat, events = step.seat, step.events
    activated = next((e for e in events if isinstance(e, Activated)), None)
    attacked = next((e for e in events if isinstance(e, Attacked)), None)
    if attacked is not None:
        return [TurnMark("attack", seat, (attacked.attacker, attacked.defender), lead=True)]
    if activated is None:
        return []
    moves = [e for e in events if isinstance(e, Moved)]
    if not moves:
        turns = [e for e in events if isinstance(e, Turned)]
        return [_arc(seat, activated.cell, turns, lead=True)] if turns else []
    start, end = moves[0].from_cell, moves[-1].to_cell
    # B7: turn, move forward, turn again: the turns before the first step and after the last.
    steps = [i for i, e in enumerate(events) if isinstance(e, Moved)]
    before = [e for i, e in enumerate(events) if isinstance(e, Turned) and i < steps[0]]
    after = [e for i, e in enumerate(events) if isinstance(e, Turned) and i > steps[-1]]
    marks = [TurnMark("move", seat, (start, end), lead=True)]
    marks += [_arc(seat, start, before)] if before else []
    marks += [_arc(seat, end, after)] if after else []
    return marks


def _arc(seat: int, cell: str, turns: Sequence[Turned], lead: bool = False) -> TurnMark:
    """A unit's turns on `cell`, as one arc from its first facing to its last (clockwise eighths positive)."""
    amount = 0
    for turn in turns:
        step = (FACINGS.index(turn.to_facing) - FACINGS.index(turn.from_facing)) % 8
        amount += 1 if step == 1 else -1
    return TurnMark("turn", seat, (cell,), lead=lead, amount=amount, facing=FACINGS.index(turns[-1].to_facing))


def attack_chip(
    action: Sequence[TurnStep], t: Translator, colour: Callable[[int], tuple[int, int, int]]
) -> Chip | None:
    """How an attack ended, on the colour of the side it favoured: destroyed, lost (the attacker fell head-on),
    repelled, or stopped by the shield."""
    attacked: Attacked | None = None
    seat = 0
    for step in action:
        for event in step.events:
            if isinstance(event, Attacked):
                attacked, seat = event, step.seat
            elif attacked is None:
                continue
            elif isinstance(event, Destroyed):
                won = event.cell == attacked.defender
                return Chip(
                    t("trace.battle_checkers.destroyed" if won else "trace.battle_checkers.lost"),
                    colour(seat if won else 1 - seat),
                )
            elif isinstance(event, Repelled):
                return Chip(t("trace.battle_checkers.repelled"), colour(1 - seat))
            elif isinstance(event, Shielded):
                return Chip(t("trace.battle_checkers.shielded"), colour(1 - seat))
    return None
