"""What a CheckRisk turn leaves on the board until the player acts (see `game.client.board.trace`): "+N" for the
reinforcements, a numbered arrow for each move and attack, thin arrows for a retreat, and each battle's result
on its cell, read from the engine's events."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.client import palette
from game.client.board.marks import Chip, TurnMark, TurnStep
from game.client.checkrisk.pieces import seat_colour
from game.client.i18n import Translator
from game.engine.checkrisk.events import AttackDeclared, BattleEnded, Moved, Reinforced, Retreated, Withdrew


def action_marks(step: TurnStep) -> list[TurnMark]:
    """The marks of one decision: a reinforcement's "+1", a move's or an attack's arrow (its lead), and the thin
    arrows of a retreat (moving in after a won battle runs along the attack's own arrow)."""
    marks: list[TurnMark] = []
    for event in step.events:
        if isinstance(event, Reinforced):
            marks.append(TurnMark("plus", event.seat, (event.cell,), amount=1))
        elif isinstance(event, Moved):
            marks.append(TurnMark("move", event.seat, (event.origin, event.target), lead=True))
        elif isinstance(event, AttackDeclared):
            marks.append(TurnMark("attack", event.seat, (event.origin, event.target), lead=True))
        elif isinstance(event, Retreated):
            marks += [TurnMark("follow", event.seat, (event.cell, cell)) for cell, _ in event.moves]
    return marks


def battle_chip(
    action: Sequence[TurnStep], t: Translator, colour: Callable[[int], tuple[int, int, int]] = seat_colour
) -> Chip | None:
    """How an attack ended, on a fill of the side it favoured: taken, held, both gone, withdrew, retreated; None
    while the battle goes on (or for a move)."""
    declared: AttackDeclared | None = None
    for step in action:
        for event in step.events:
            if isinstance(event, AttackDeclared):
                declared = event
            elif declared is None:
                continue
            elif isinstance(event, BattleEnded):
                if event.result == "both":
                    return Chip(t("trace.checkrisk.both"), palette.NEUTRAL)
                won = event.result == "attacker"
                return Chip(
                    t("trace.checkrisk.taken" if won else "trace.checkrisk.held"),
                    colour(declared.seat if won else declared.defender),
                )
            elif isinstance(event, Withdrew):
                return Chip(t("trace.checkrisk.withdrew"), colour(declared.defender))
            elif isinstance(event, Retreated):
                return Chip(t("trace.checkrisk.retreated"), colour(declared.seat))
    return None
