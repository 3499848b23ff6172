"""What an action would do, read from `state.preview(action)` events, as shapes to draw over the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.client.board.layout import cell_xy
from game.engine.core import Event, GameOver
from game.engine.kubtafl import events as kev

Cell = tuple[int, int]


@dataclass
class Preview:
    """Shapes of one previewed action, in board cells."""

    text: str = ""
    path: list[tuple[Cell, Cell]] = field(default_factory=list)  # the mover's slides
    pushes: list[tuple[Cell, Cell]] = field(default_factory=list)  # struck dice sliding on
    hits: list[tuple[Cell, Cell, int]] = field(default_factory=list)  # (from, struck, damage): impacts, ricochets
    damage: dict[Cell, tuple[int, int]] = field(default_factory=dict)  # cell -> (total damage, value after)
    destroyed: list[Cell] = field(default_factory=list)
    pins: list[tuple[Cell, Cell, Cell]] = field(default_factory=list)  # attacker, partner, target
    gains: dict[Cell, int] = field(default_factory=dict)  # value changes without damage (+/-)
    placed: list[tuple[Cell, str, str, int]] = field(default_factory=list)  # re-entry: cell, side, kind, value
    mover: tuple[Cell, Cell] | None = None  # (origin, final) of the actively moved die
    winners: tuple[int, ...] | None = None
    reason: str = ""

    @property
    def is_empty(self) -> bool:
        """True when there is nothing to draw."""
        return not (self.path or self.pushes or self.hits or self.damage or self.gains or self.placed or self.pins)


def _pushed(p: Preview, ev: kev.Pushed) -> None:
    p.pushes.append((cell_xy(ev.src), cell_xy(ev.dst)))


def _ricochet(p: Preview, ev: kev.Ricochet) -> None:
    p.hits.append((cell_xy(ev.striker), cell_xy(ev.struck), int(ev.damage)))


def _damaged(p: Preview, ev: kev.Damaged) -> None:
    c = cell_xy(ev.cell)
    total = p.damage.get(c, (0, 0))[0] + int(ev.amount)
    p.damage[c] = (total, int(ev.new))


def _destroyed(p: Preview, ev: kev.Destroyed) -> None:
    p.destroyed.append(cell_xy(ev.cell))


def _pinned(p: Preview, ev: kev.Pinned) -> None:
    p.pins.append((cell_xy(ev.attacker), cell_xy(ev.partner), cell_xy(ev.target)))


def _value_changed(p: Preview, ev: kev.ValueChanged) -> None:
    c = cell_xy(ev.cell)
    p.gains[c] = p.gains.get(c, 0) + int(ev.new) - int(ev.old)


def _reentered(p: Preview, ev: kev.ReEntered) -> None:
    c = cell_xy(ev.cell)
    p.placed.append((c, ev.side, ev.die, int(ev.value)))
    p.gains.pop(c, None)


def _game_over(p: Preview, ev: GameOver) -> None:
    p.winners = tuple(ev.winners)
    p.reason = str(ev.reason)


# What each kind of event adds to the preview; an event not named here (the mover's own) draws nothing.
_SHAPES: dict[type[Event], Callable[..., None]] = {
    kev.Pushed: _pushed,
    kev.Ricochet: _ricochet,
    kev.Damaged: _damaged,
    kev.Destroyed: _destroyed,
    kev.Pinned: _pinned,
    kev.ValueChanged: _value_changed,
    kev.ReEntered: _reentered,
    GameOver: _game_over,
}


def _shape(p: Preview, ev: Event) -> None:
    """The shape of an event that does not move the mover (none for an event that draws nothing)."""
    shape = _SHAPES.get(type(ev))
    if shape is not None:
        shape(p, ev)


def build_preview(events: list[Event], text: str = "") -> Preview:
    """Turn preview events into shapes."""
    p = Preview(text=text)
    # Cell positions change as dice slide: remember where each die started so damage sits on the die.
    origin: Cell | None = None
    final: Cell | None = None
    for ev in events:
        if isinstance(ev, kev.Moved):
            src, dst = cell_xy(ev.src), cell_xy(ev.dst)
            p.path.append((src, dst))
            origin = origin or src
            final = dst
        elif isinstance(ev, kev.Impact):
            a = cell_xy(ev.attacker)
            origin = origin or a
            final = final or a
            p.hits.append((a, cell_xy(ev.target), int(ev.damage)))
        else:
            _shape(p, ev)
    if origin is not None and final is not None:
        p.mover = (origin, final)
    # A placed die's value is shown on its ghost, not as a gain.
    for c, *_ in p.placed:
        p.gains.pop(c, None)
    return p


def merge_pushes(pushes: list[tuple[Cell, Cell]]) -> list[tuple[Cell, Cell]]:
    """Join consecutive slides of one die (a push continued after a ricochet destroyed its target)."""
    out: list[tuple[Cell, Cell]] = []
    for src, dst in pushes:
        if out and out[-1][1] == src:
            out[-1] = (out[-1][0], dst)
        else:
            out.append((src, dst))
    return out
