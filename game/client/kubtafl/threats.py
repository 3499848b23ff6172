"""What the side not to move could do on its next turn, read from the engine: each of its dice's reach (moves and
rams with the damage each would do) and the worst damage each of the mover's dice could take.

Everything comes from `state.for_side(other)`: its legal actions of that side and their `preview` events, never
re-derived from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.kubtafl.actions import action_parts
from game.engine.kubtafl import KINDS, SIDES, Damaged, Destroyed, Impact, KubtaflState


@dataclass
class Reach:
    """Where one die could go next turn: free cells it moves to, and dice it rams with the damage each takes."""

    moves: list[str] = field(default_factory=list)
    rams: dict[str, int] = field(default_factory=dict)  # struck die's cell -> the impact's damage


@dataclass
class Threats:
    """The other side's next turn: `reach` per die (its cell), and per die of the side to move the worst damage any
    single action could deal it (`worst`) and whether that action destroys it (`fatal`)."""

    reach: dict[str, Reach] = field(default_factory=dict)
    worst: dict[str, int] = field(default_factory=dict)
    fatal: set[str] = field(default_factory=set)


def read_threats(state: KubtaflState) -> Threats:
    """The threats against the side to move in `state` (none when the game is over)."""
    out = Threats()
    mover = state.current_player()
    if mover < 0:
        return out
    other = state.for_side(1 - mover)
    own_side = SIDES[mover]
    # A die is named by (side, kind) in the events: one die of each kind per side.
    own_cells = {KINDS[d.kind]: state.cell_name(d.cell) for d in state.dice(mover)}
    for action in other.legal_actions():
        parts = action_parts(other, action)
        events = other.preview(action)
        if parts.kind == "move":
            reach = out.reach.setdefault(parts.src, Reach())
            impact = next((e for e in events if isinstance(e, Impact)), None)
            if impact is None:
                reach.moves.append(parts.dst)
            elif impact.target_side != impact.side:  # shoving an own die threatens nothing
                reach.rams[parts.dst] = int(impact.damage)
        dealt: dict[str, int] = {}
        for event in events:
            if isinstance(event, Damaged) and event.side == own_side and event.die in own_cells:
                dealt[own_cells[event.die]] = dealt.get(own_cells[event.die], 0) + int(event.amount)
            elif isinstance(event, Destroyed) and event.side == own_side and event.die in own_cells:
                out.fatal.add(own_cells[event.die])
        for cell, amount in dealt.items():
            out.worst[cell] = max(out.worst.get(cell, 0), amount)
    return out
