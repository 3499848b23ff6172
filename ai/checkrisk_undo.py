"""Undo moves in CheckRisk games: a move that brings tokens back to a cell its seat left in the same or its
previous turn (the shuffling a planner must not do).

`python -m ai.checkrisk_undo REPORT.json [...]` reads arena reports (`main.py arena checkrisk --json`) and prints
the share of undo moves among all moves, per report and in total.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.engine import registry
from game.engine.checkrisk import actions as A
from game.engine.checkrisk.state import CheckRiskState


@dataclass
class UndoCount:
    """Moves played and how many of them undo an earlier one (strictly: the reverse of an earlier move; loosely: into
    any cell the seat moved tokens out of)."""

    moves: int = 0
    reverse: int = 0
    back: int = 0

    def add(self, other: UndoCount) -> None:
        """Add another count to this one."""
        self.moves += other.moves
        self.reverse += other.reverse
        self.back += other.back


def undo_moves(state: CheckRiskState, actions: Iterable[A.CheckRiskAction]) -> UndoCount:
    """Play `actions` on `state` (in place) and count the moves that undo an earlier move of the same seat in
    the same or its previous turn."""
    count = UndoCount()
    left: dict[tuple[int, int], set[int]] = {}  # (seat, round) -> cells the seat moved tokens out of
    steps: dict[tuple[int, int], set[tuple[int, int]]] = {}  # (seat, round) -> (origin, target) of its moves
    for action in actions:
        if isinstance(action, A.Move):
            seat, turn = state.seat, state.round
            count.moves += 1
            recent = [(seat, turn), (seat, turn - 1)]
            if any((action.target, action.origin) in steps.get(key, ()) for key in recent):
                count.reverse += 1
            if any(action.target in left.get(key, ()) for key in recent):
                count.back += 1
            left.setdefault((seat, turn), set()).add(action.origin)
            steps.setdefault((seat, turn), set()).add((action.origin, action.target))
        state.apply(action)
    return count


def report_undo(path: Path) -> UndoCount:
    """The undo count over every game of an arena report."""
    report = json.loads(path.read_text(encoding="utf-8"))
    game = registry.load(report["mode"], report["level_name"])
    total = UndoCount()
    for entry in report["games"]:
        state = game.initial_state()
        assert isinstance(state, CheckRiskState)
        # Parsed lazily: each action is read in the position it was played from.
        total.add(undo_moves(state, (state.action_from_str(text) for text in entry["actions"])))
    return total


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _line(label: str, count: UndoCount) -> str:
    reverse, back = _share(count.reverse, count.moves), _share(count.back, count.moves)
    return f"{label}: {count.moves} moves, reverse {reverse}, back {back}"


def main(argv: list[str] | None = None) -> int:
    """Print the undo shares of the given arena reports; returns the exit code."""
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("usage: python -m ai.checkrisk_undo REPORT.json [...]", file=sys.stderr)
        return 2
    total = UndoCount()
    for path in paths:
        count = report_undo(path)
        total.add(count)
        print(_line(str(path), count))
    if len(paths) > 1:
        print(_line("total", total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
