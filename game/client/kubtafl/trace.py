"""What a Kubtafl move leaves on the board until the player acts (see `game.client.board.trace`): the mover's
numbered arrow (to the die it rammed, ringed, with the damage dealt), the thin arrows of the dice it pushed, the
dice struck by a ricochet or pinned with their damage, a transfer's arrow with its amount and a die brought back;
read from the engine's events. Arrows keep off the dice at their ends, so every value stays readable."""

from __future__ import annotations

from collections.abc import Sequence

from game.client import palette
from game.client.board.marks import Chip, TurnMark, TurnStep
from game.engine.kubtafl import events as kev

ACCENT = (palette.ORANGE, palette.SKY)


def turn_marks(steps: Sequence[TurnStep]) -> list[TurnMark]:
    """Each move's marks, in order."""
    return [mark for step in steps for mark in move_marks(step)]


def move_marks(step: TurnStep) -> list[TurnMark]:
    """One move's marks: its lead arrow first, then what it struck and pushed."""
    seat, events = step.seat, step.events
    paint = ACCENT[seat % 2]
    ends = _ends(events)
    # A struck die's damage is shown where the die ended up (a push may have carried it on).
    lost = {ends.get(cell, cell): chip for cell, chip in _losses(events).items()}
    moves = [e for e in events if isinstance(e, kev.Moved)]
    impact = next((e for e in events if isinstance(e, kev.Impact)), None)
    marks: list[TurnMark] = []
    if impact is not None:
        start = moves[0].src if moves else impact.attacker
        marks.append(TurnMark("attack", seat, (start, impact.target), lead=True, clear=True))
    elif moves:
        marks.append(TurnMark("move", seat, (moves[0].src, moves[-1].dst), lead=True, clear=True))
    for event in events:
        if isinstance(event, kev.Pushed):
            marks.append(TurnMark("follow", seat, (event.src, event.dst), clear=True))
        elif isinstance(event, kev.Ricochet):
            marks.append(TurnMark("hit", seat, (ends.get(event.struck, event.struck),)))
        elif isinstance(event, kev.Pinned):
            marks.append(TurnMark("hit", seat, (event.target,)))
        elif isinstance(event, kev.Transferred):
            chip = Chip(f"+{event.amount}", paint)
            marks.insert(0, TurnMark("move", seat, (event.donor, event.recipient), lead=True, clear=True, chip=chip))
        elif isinstance(event, kev.ReEntered):
            marks.insert(0, TurnMark("place", seat, (event.cell,), lead=True, chip=Chip(event.die, paint)))
    # Each struck die's damage once, where it stands now.
    marks += [TurnMark("chip", seat, (cell,), chip=chip) for cell, chip in lost.items()]
    return marks


def _losses(events: Sequence[object]) -> dict[str, Chip]:
    """The damage each struck die took ("−7", "−7 ×" when it was destroyed), on the colour of loss, by the cell
    where the die was struck."""
    damage: dict[str, int] = {}
    destroyed: set[str] = set()
    for event in events:
        if isinstance(event, kev.Damaged):
            damage[event.cell] = damage.get(event.cell, 0) + event.amount
        elif isinstance(event, kev.Destroyed):
            destroyed.add(event.cell)
    return {cell: Chip(f"−{n}" + (" ×" if cell in destroyed else ""), palette.LOSS) for cell, n in damage.items()}


def _ends(events: Sequence[object]) -> dict[str, str]:
    """Where each die pushed by the move ended up, by the cell it was pushed from (a chain of pushes followed)."""
    ends: dict[str, str] = {}
    for event in events:
        if isinstance(event, kev.Pushed):
            start = next((k for k, v in ends.items() if v == event.src), event.src)
            ends[start] = event.dst
    return ends
