"""CheckRisk turn flow over a position: deployment, reinforcements, moves, ending turns and the game (C4–C9, C14,
C15)."""

from __future__ import annotations

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.events import Deployed, Moved, Reinforced, TurnEnded, TurnStarted
from game.engine.checkrisk.legal import require
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import ACT, EMPTY, OVER, REINFORCE
from game.engine.checkrisk.position import Position
from game.engine.checkrisk.reasons import CheckRiskReason
from game.engine.core import Event, GameOver, Outcome


def apply_deploy(p: Position, action: A.Deploy) -> list[Event]:
    """Place tokens on a cell of the zone (C4, C5)."""
    require(p, action)
    cell, k = action.cell, action.k
    seat = p.seat
    place(p, cell, seat, k)
    p.to_deploy[seat] -= k
    events: list[Event] = [Deployed(seat, p.spec.board.names[cell], k, p.count[cell])]
    if not p.to_deploy[seat]:
        _next_deployer(p, events)
    return events


def apply_preset(p: Position, action: A.Preset) -> list[Event]:
    """Deploy the whole start by a preset (C6)."""
    require(p, action)
    seat = p.seat
    names = p.spec.board.names
    events: list[Event] = []
    for cell, k in p.spec.presets[seat][action.name]:
        place(p, cell, seat, k)
        p.to_deploy[seat] -= k
        events.append(Deployed(seat, names[cell], k, p.count[cell], action.name))
    _next_deployer(p, events)
    return events


def place(p: Position, cell: int, seat: int, k: int) -> None:
    """Put `k` tokens of the seat's supply on a cell."""
    p.owner[cell] = seat
    p.count[cell] += k
    p.supply[seat] -= k
    p.on_board[seat] += k


def lift(p: Position, cell: int, n: int) -> None:
    """Take `n` tokens off a cell (it is empty, owned by nobody, once none are left)."""
    p.count[cell] -= n
    if not p.count[cell]:
        p.owner[cell] = EMPTY


def _next_deployer(p: Position, events: list[Event]) -> None:
    # C6: seats deploy one after another; when all are done the first round begins.
    for seat in range(p.seat + 1, len(p.to_deploy)):
        if p.to_deploy[seat]:
            p.seat = seat
            return
    p.round = 1
    p.seat = p.out.index(False)
    _start_turn(p, events)


def _start_turn(p: Position, events: list[Event]) -> None:
    seat = p.seat
    p.reinforcements = []
    due = given = 0
    if p.round > 1:  # C7: not on a seat's first turn
        supply = p.supply[seat]
        for cells, tokens in p.reinforcement_due(seat):
            due += tokens
            # What has no room stays in the supply; groups are served largest first while the supply lasts.
            room = sum(MAX_STACK - p.count[i] for i in cells)
            give = min(tokens, room, supply - given)
            if give > 0:
                p.reinforcements.append((cells, give))
                given += give
    p.actions_left = p.spec.actions
    p.phase = REINFORCE if given else ACT
    events.append(TurnStarted(seat, p.round, due, given))


def apply_reinforce(p: Position, action: A.Reinforce) -> list[Event]:
    """Place one reinforcement token on a stack of a group due them (C7)."""
    require(p, action)
    cell = action.cell
    seat = p.seat
    groups = p.reinforcements
    for k, (cells, left) in enumerate(groups):
        if left and cell in cells:
            groups[k] = (cells, left - 1)
            break
    place(p, cell, seat, 1)
    events: list[Event] = [Reinforced(seat, p.spec.board.names[cell], 1, p.count[cell])]
    if not any(left for _, left in groups):
        p.reinforcements = []
        p.phase = ACT
    return events


def apply_move(p: Position, action: A.Move) -> list[Event]:
    """Move tokens to an adjacent empty or own cell (C9)."""
    require(p, action)
    i, j, n = action.origin, action.target, action.n
    seat = p.seat
    lift(p, i, n)
    p.owner[j] = seat
    p.count[j] += n
    names = p.spec.board.names
    events: list[Event] = [Moved(seat, names[i], names[j], n)]
    p.actions_left -= 1
    if not p.actions_left:
        end_turn(p, events)
    return events


def apply_end(p: Position, action: A.End) -> list[Event]:
    """End the turn with actions left (C8)."""
    require(p, action)
    events: list[Event] = []
    end_turn(p, events)
    return events


def end_turn(p: Position, events: list[Event]) -> None:
    """Pass the turn to the next seat still in, or end the game at the turn limit (C15)."""
    seat = p.seat
    events.append(TurnEnded(seat))
    players = len(p.out)
    nxt = seat
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if not p.out[nxt]:
            break
    if nxt <= seat:
        p.round += 1
        if p.round > p.spec.turn_limit:
            _finish_by_turn_limit(p, events)
            return
    p.seat = nxt
    _start_turn(p, events)


def _finish_by_turn_limit(p: Position, events: list[Event]) -> None:
    # C15: most cells held, then most tokens on the board; a tie is a draw among the tied.
    alive = [s for s, gone in enumerate(p.out) if not gone]
    cells = {s: len(p.cells_of(s)) for s in alive}
    best = max(cells.values())
    leaders = [s for s in alive if cells[s] == best]
    reason = CheckRiskReason.TURN_LIMIT_MOST_CELLS
    if len(leaders) > 1:
        best_tokens = max(p.on_board[s] for s in leaders)
        leaders = [s for s in leaders if p.on_board[s] == best_tokens]
        reason = CheckRiskReason.TURN_LIMIT_MOST_TOKENS if len(leaders) == 1 else CheckRiskReason.TURN_LIMIT_DRAW
    p.round = p.spec.turn_limit
    finish(p, tuple(leaders), reason, events)


def finish(p: Position, winners: tuple[int, ...], reason: CheckRiskReason, events: list[Event]) -> None:
    """End the game with these winners."""
    p.outcome = Outcome(winners, reason, len(p.out))
    p.phase = OVER
    p.battle = None
    p.reinforcements = []
    p.actions_left = 0
    events.append(GameOver(winners, reason))
