"""The Kubtafl rules (K4–K18) as functions over a `Position`: generation, validation and resolution of actions."""

from __future__ import annotations

from game.engine.core import Event, GameOver, IllegalAction, Outcome
from game.engine.kubtafl.actions import KubtaflAction, Move, ReEntry, Transfer
from game.engine.kubtafl.events import (
    Damaged,
    Destroyed,
    Impact,
    Moved,
    Pinned,
    Pushed,
    ReEntered,
    Ricochet,
    Transferred,
    ValueChanged,
)
from game.engine.kubtafl.pieces import (
    D20,
    FACES,
    FACES_OF,
    KIND_NAME_OF,
    KINDS,
    KINDS_PER_SIDE,
    QUIET_LIMIT,
    REMOVED,
    REPETITION_LIMIT,
    SIDE_NAME_OF,
    SIDE_OF,
    SIDES,
)
from game.engine.kubtafl.position import Position
from game.engine.kubtafl.reasons import KubtaflReason

# ----- generation ---------------------------------------------------------------------------------------


def legal_actions(p: Position) -> list[KubtaflAction]:
    """All legal actions of the side to move, in a fixed order: moves, transfers, re-entries."""
    if p.result is not None:
        return []
    return generate(p, p.to_move)


def generate(p: Position, s: int) -> list[KubtaflAction]:
    """The actions side `s` would have with these dice (whoever is to move)."""
    acts: list[KubtaflAction] = []
    on_board = _moves_into(p, acts, s)
    _transfers_into(p, acts, s)
    base = s * KINDS_PER_SIDE
    if REMOVED not in p.pos[base : base + KINDS_PER_SIDE]:
        return acts  # the usual case: nothing to bring back (K14)
    reentries = _reentries(p, s)
    if reentries and on_board == 1 and p.pos[base + D20] >= 0:
        return reentries  # K15: a lonely d20 must re-enter when it can
    acts.extend(reentries)
    return acts


def _moves_into(p: Position, acts: list[KubtaflAction], s: int) -> int:
    """Appends side `s`'s moves and impacts (K5–K8); returns how many of its dice are on the board."""
    board, pos, val = p.board, p.pos, p.val
    lines = p.geo.lines
    base = s * KINDS_PER_SIDE
    extend, append = acts.extend, acts.append
    on_board = 0
    for i in range(base, base + KINDS_PER_SIDE):
        c = pos[i]
        if c < 0:
            continue
        on_board += 1
        v = val[i]
        for ray, moves in lines[c]:
            nr = len(ray)
            lim = v if v < nr else nr
            k = 0
            while k < lim and board[ray[k]] < 0:
                k += 1
            if k:
                extend(moves[:k])
            # K6–K8: the first occupied cell is within reach; an own die needs a free cell beyond.
            if k < lim and (SIDE_OF[board[ray[k]]] != s or (k + 1 < nr and board[ray[k + 1]] < 0)):
                append(moves[k])
    return on_board


def _transfers_into(p: Position, acts: list[KubtaflAction], s: int) -> None:
    """Appends side `s`'s transfers (K13)."""
    board, pos, val, transfers = p.board, p.pos, p.val, p.geo.transfers
    base = s * KINDS_PER_SIDE
    extend = acts.extend
    for i in range(base, base + KINDS_PER_SIDE):
        c = pos[i]
        if c < 0:
            continue
        vd = val[i]
        if vd < 2:
            continue
        for nb, amounts in transfers[c]:
            o = board[nb]
            if o < 0 or SIDE_OF[o] != s:
                continue
            r = val[o]
            tmax = min((vd - r) // 2, FACES_OF[o] - r)
            if tmax > 0:
                extend(amounts[:tmax])


def _reentries(p: Position, s: int) -> list[KubtaflAction]:
    """Side `s`'s re-entries (K14)."""
    board, pos, val, geo = p.board, p.pos, p.val, p.geo
    base = s * KINDS_PER_SIDE
    reentries: list[KubtaflAction] = []
    for k in range(KINDS_PER_SIDE):
        if pos[base + k] != REMOVED:
            continue
        faces = FACES[k]
        for i in range(base, base + KINDS_PER_SIDE):
            c = pos[i]
            if c < 0:
                continue
            tmax = min(faces, val[i] // 2)
            if tmax < 1:
                continue
            for nb, by_kind in geo.reentries(c):
                if board[nb] < 0:
                    reentries.extend(by_kind[k][:tmax])
    return reentries


def has_action(p: Position, s: int) -> bool:
    """True when side `s` has any legal action (K17); usually decided by the first die looked at."""
    board, pos, rays = p.board, p.pos, p.geo.rays
    base = s * KINDS_PER_SIDE
    for i in range(base, base + KINDS_PER_SIDE):
        c = pos[i]
        if c < 0:
            continue
        for ray in rays[c]:
            if ray:
                o = board[ray[0]]
                # An empty or enemy neighbour is always a move or impact (v >= 1); an own one a shove.
                if o < 0 or SIDE_OF[o] != s or (len(ray) > 1 and board[ray[1]] < 0):
                    return True
    return bool(generate(p, s))


def _lonely_must_reenter(p: Position, s: int) -> bool:
    """K15: side `s` has only its d20 on the board and a re-entry is open to it."""
    pos = p.pos
    base = s * KINDS_PER_SIDE
    c = pos[base + D20]
    if c < 0 or p.val[base + D20] < 2:
        return False
    pool = False
    for i in range(base, base + KINDS_PER_SIDE):
        if i != base + D20:
            if pos[i] >= 0:
                return False
            if pos[i] == REMOVED:
                pool = True
    board = p.board
    return pool and any(board[nb] < 0 for nb in p.geo.nbrs[c])


# ----- validation ---------------------------------------------------------------------------------------


def check(p: Position, action: object) -> KubtaflAction:
    """Raise IllegalAction unless `action` is legal for the side to move; returns it as a typed action."""
    if p.result is not None:
        raise IllegalAction("the game is over")
    # Identity tests on the type are cheaper than isinstance; each checker also checks that the fields are ints.
    if type(action) is Move:
        _check_move(p, action)
        return action
    if type(action) is Transfer:
        _check_transfer(p, action)
        return action
    if type(action) is ReEntry:
        _check_reentry(p, action)
        return action
    raise IllegalAction(f"not a Kubtafl action: {action!r}")


def _check_move(p: Position, action: Move) -> None:
    src, dst = action.src, action.dst
    if type(src) is not int or type(dst) is not int:
        raise IllegalAction(f"not a Kubtafl action: {action!r}")
    s = p.to_move
    board, val, geo = p.board, p.val, p.geo
    n, names = geo.size, geo.names
    if not (0 <= src < n and 0 <= dst < n):
        raise IllegalAction(f"cell out of range in {action!r}")
    a = board[src]
    if a < 0 or SIDE_OF[a] != s:
        raise IllegalAction(f"{names[src]}: no {SIDES[s]} die there")
    line = geo.line[src * n + dst]
    if line is None:
        raise IllegalAction(f"{names[dst]} is not on a straight line from {names[src]}")
    d, k = line
    if k > val[a]:
        raise IllegalAction(f"{names[src]}-{names[dst]}: distance {k} exceeds value {val[a]}")
    ray = geo.rays[src][d]
    for i in range(k - 1):
        if board[ray[i]] >= 0:
            raise IllegalAction(f"{names[src]}-{names[dst]}: blocked at {names[ray[i]]}")
    t = board[dst]
    if t >= 0 and SIDE_OF[t] == s and not (k < len(ray) and board[ray[k]] < 0):
        raise IllegalAction(f"{names[src]}-{names[dst]}: an own die is shoved only into a free cell")
    if _lonely_must_reenter(p, s):
        raise IllegalAction("the lonely d20 must re-enter a die (K15)")


def _check_transfer(p: Position, action: Transfer) -> None:
    donor, rec, t = action.donor, action.recipient, action.amount
    if type(donor) is not int or type(rec) is not int or type(t) is not int:
        raise IllegalAction(f"not a Kubtafl action: {action!r}")
    s = p.to_move
    board, val, geo = p.board, p.val, p.geo
    n = geo.size
    if not (0 <= donor < n and 0 <= rec < n):
        raise IllegalAction(f"cell out of range in {action!r}")
    a, b = board[donor], board[rec]
    if a < 0 or SIDE_OF[a] != s or b < 0 or SIDE_OF[b] != s:
        raise IllegalAction("a transfer needs two own dice")
    if rec not in geo.nbrs[donor]:
        raise IllegalAction("a transfer needs orthogonally adjacent dice")
    if not (1 <= t and val[b] + t <= val[a] - t and val[b] + t <= FACES_OF[b]):
        raise IllegalAction(f"transfer of {t} from {val[a]} to {val[b]} is not allowed (K13)")


def _check_reentry(p: Position, action: ReEntry) -> None:
    kind, cell, donor, t = action.kind, action.cell, action.donor, action.amount
    if type(kind) is not int or type(cell) is not int or type(donor) is not int or type(t) is not int:
        raise IllegalAction(f"not a Kubtafl action: {action!r}")
    s = p.to_move
    board, val, geo = p.board, p.val, p.geo
    n = geo.size
    if not (0 <= kind < KINDS_PER_SIDE and 0 <= cell < n and 0 <= donor < n):
        raise IllegalAction(f"value out of range in {action!r}")
    if p.pos[s * KINDS_PER_SIDE + kind] != REMOVED:
        raise IllegalAction(f"{KINDS[kind]} is not in the {SIDES[s]} removed pool")
    a = board[donor]
    if a < 0 or SIDE_OF[a] != s:
        raise IllegalAction(f"{geo.names[donor]}: no {SIDES[s]} donor there")
    if board[cell] >= 0 or cell not in geo.nbrs[donor]:
        raise IllegalAction(f"{geo.names[cell]} is not an empty cell next to the donor")
    if not (1 <= t <= FACES[kind] and 2 * t <= val[a]):
        raise IllegalAction(f"re-entry with {t} from a donor of {val[a]} is not allowed (K14)")


# ----- resolution ---------------------------------------------------------------------------------------


def apply_action(p: Position, action: object) -> list[Event]:
    """Play `action` for the side to move on `p` in place; returns the events; raises IllegalAction."""
    checked = check(p, action)
    events: list[Event] = []
    # Class patterns without sub-patterns: binding fields positionally costs far more than reading them.
    match checked:
        case Move():
            src, dst = checked.src, checked.dst
            mover = p.board[src]
            reset = p.board[dst] >= 0  # an impact always deals damage (K7, K8)
            _move(p, src, dst, events)
            if p.pos[mover] != src:  # K12: a die rammed in place did not arrive, so it pins nothing
                reset = _pins(p, mover, events) or reset
        case Transfer():
            _transfer(p, checked.donor, checked.recipient, checked.amount, events)
            reset = False
        case ReEntry():
            placed = _reenter(p, checked.kind, checked.cell, checked.donor, checked.amount, events)
            _pins(p, placed, events)
            reset = True
    _finish_turn(p, events, reset)
    return events


def _damage(p: Position, die: int, cell: int, amount: int, events: list[Event]) -> bool:
    """Deal `amount` to `die` on `cell` (K9); returns True when it is destroyed and removed."""
    old = p.val[die]
    new = old - amount
    if new <= 0:
        p.val[die] = 0
        p.pos[die] = REMOVED
        p.board[cell] = -1
        name = p.geo.names[cell]
        events.append(Damaged(SIDE_NAME_OF[die], KIND_NAME_OF[die], name, old, 0, amount))
        events.append(Destroyed(SIDE_NAME_OF[die], KIND_NAME_OF[die], name))
        return True
    p.val[die] = new
    events.append(Damaged(SIDE_NAME_OF[die], KIND_NAME_OF[die], p.geo.names[cell], old, new, amount))
    return False


def _move(p: Position, src: int, dst: int, events: list[Event]) -> None:
    """K5–K11 for the move `src-dst`."""
    board, pos, geo = p.board, p.pos, p.geo
    names = geo.names
    a = board[src]
    side, kind = SIDE_NAME_OF[a], KIND_NAME_OF[a]
    target = board[dst]
    board[src] = -1
    if target < 0:
        board[dst] = a
        pos[a] = dst
        events.append(Moved(side, kind, names[src], names[dst]))
        return
    line = geo.line[src * geo.size + dst]
    if line is None:  # `check` refuses such moves; this keeps the lookup honest
        raise IllegalAction(f"{names[dst]} is not on a line from {names[src]}")
    d, j = line
    ray = geo.rays[src][d]
    beyond_free = j < len(ray) and board[ray[j]] < 0
    own = SIDE_OF[target] == SIDE_OF[a]
    damage = 1 if own else (j + 1 if beyond_free else j)  # K8, K7
    contact = ray[j - 2] if j >= 2 else src
    if contact != src:
        events.append(Moved(side, kind, names[src], names[contact]))
    events.append(
        Impact(
            side, kind, names[contact], names[dst], SIDE_NAME_OF[target], KIND_NAME_OF[target], j, damage, beyond_free
        )
    )
    if _damage(p, target, dst, damage, events):
        final = dst  # K9: the mover takes the destroyed die's cell
    elif beyond_free:
        _push(p, target, ray, j - 1, j, events)  # K10
        final = dst
    else:
        final = contact  # K10: blocked, the mover stops before the target
    board[final] = a
    pos[a] = final
    if final != contact:
        events.append(Moved(side, kind, names[contact], names[final]))


def _push(p: Position, x: int, ray: tuple[int, ...], at: int, length: int, events: list[Event]) -> None:
    """K11: die `x` on `ray[at]` is pushed along `ray` with `length`; ricochets follow in order."""
    board, pos, val, names = p.board, p.pos, p.val, p.geo.names
    nr = len(ray)
    while True:
        start = at
        step = 1
        hit = -1
        while step <= length:
            q = at + 1
            if q >= nr:
                break  # the board edge stops it
            if board[ray[q]] >= 0:
                hit = board[ray[q]]
                break
            at = q
            step += 1
        side, kind = SIDE_NAME_OF[x], KIND_NAME_OF[x]
        if at != start:
            board[ray[start]] = -1
            board[ray[at]] = x
            pos[x] = ray[at]
            events.append(Pushed(side, kind, names[ray[start]], names[ray[at]], length))
        if hit < 0:
            return
        struck = ray[at + 1]
        damage = min(step, val[x])
        events.append(Ricochet(names[ray[at]], names[struck], step, damage))
        if _damage(p, hit, struck, damage, events):
            board[ray[at]] = -1
            board[struck] = x
            pos[x] = struck
            events.append(Pushed(side, kind, names[ray[at]], names[struck], length))
            return
        if at + 2 < nr and board[ray[at + 2]] < 0:
            x, at, length = hit, at + 1, step  # the struck die is pushed in turn
            continue
        return


def _pins(p: Position, a: int, events: list[Event]) -> bool:
    """K12: pins made by the actively moved die `a`, looking N, E, S, W; returns True when one was made."""
    c = p.pos[a]
    if c < 0:
        return False
    board = p.board
    s = SIDE_OF[a]
    pinned = False
    for ray in p.geo.rays[c]:
        if len(ray) < 2:
            continue
        e = board[ray[0]]
        if e < 0 or SIDE_OF[e] == s:
            continue
        partner = board[ray[1]]
        if partner < 0 or SIDE_OF[partner] != s:
            continue
        names = p.geo.names
        damage = p.val[a]
        events.append(Pinned(names[c], names[ray[0]], names[ray[1]], damage))
        _damage(p, e, ray[0], damage, events)
        pinned = True
    return pinned


def _transfer(p: Position, donor: int, rec: int, t: int, events: list[Event]) -> None:
    """K13."""
    board, val, names = p.board, p.val, p.geo.names
    a, b = board[donor], board[rec]
    side = SIDE_NAME_OF[a]
    events.append(Transferred(side, names[donor], names[rec], t))
    events.append(ValueChanged(side, KIND_NAME_OF[a], names[donor], val[a], val[a] - t))
    events.append(ValueChanged(side, KIND_NAME_OF[b], names[rec], val[b], val[b] + t))
    val[a] -= t
    val[b] += t


def _reenter(p: Position, kind: int, cell: int, donor: int, t: int, events: list[Event]) -> int:
    """K14; returns the placed die's id."""
    board, val, names = p.board, p.val, p.geo.names
    die = p.to_move * KINDS_PER_SIDE + kind
    a = board[donor]
    side = SIDE_NAME_OF[a]
    board[cell] = die
    p.pos[die] = cell
    val[die] = t
    events.append(ReEntered(side, KINDS[kind], names[cell], names[donor], t))
    events.append(ValueChanged(side, KIND_NAME_OF[a], names[donor], val[a], val[a] - t))
    val[a] -= t
    return die


# ----- the end of a turn and of the game ----------------------------------------------------------------


def _blocked_by(p: Position, side: int, by: int) -> bool:
    """K16: `side`'s d20 has only board edges and `by`'s dice around it."""
    c = p.pos[side * KINDS_PER_SIDE + D20]
    board = p.board
    for nb in p.geo.nbrs[c]:
        o = board[nb]
        if o < 0 or SIDE_OF[o] != by:
            return False
    return True


def _finish_turn(p: Position, events: list[Event], reset: bool) -> None:
    """K16–K18 after an action by the side to move (`reset` when it damaged, removed or re-entered a die)."""
    s = p.to_move
    o = 1 - s
    pos = p.pos
    result = None
    if pos[o * KINDS_PER_SIDE + D20] < 0:
        result = Outcome((s,), KubtaflReason.D20_DESTROYED)
    elif _blocked_by(p, o, s):
        result = Outcome((s,), KubtaflReason.D20_BLOCKED)
    elif pos[s * KINDS_PER_SIDE + D20] < 0:
        result = Outcome((o,), KubtaflReason.D20_DESTROYED)
    elif _blocked_by(p, s, o):
        result = Outcome((o,), KubtaflReason.D20_BLOCKED)
    p.to_move = o
    key = (o, *pos, *p.val)
    if reset:
        # Damage, removal and re-entry lower (total value, pool size) for good: earlier positions never recur.
        p.quiet = 0
        p.seen = {key: 1}
    else:
        p.quiet += 1
        count = p.seen.get(key, 0) + 1
        p.seen[key] = count
        if result is None:
            if p.quiet >= QUIET_LIMIT:
                result = Outcome((0, 1), KubtaflReason.DRAW_100_QUIET)
            elif count >= REPETITION_LIMIT:
                result = Outcome((0, 1), KubtaflReason.DRAW_REPETITION)
    if result is None and not has_action(p, o):
        result = Outcome((s,), KubtaflReason.NO_LEGAL_ACTION)  # K17
    if result is not None:
        p.result = result
        events.append(GameOver(result.winners, result.reason))


def end_if_over(p: Position) -> None:
    """Record a K17/K18 end that a loaded position has reached but not recorded."""
    if p.result is not None:
        return
    if p.quiet >= QUIET_LIMIT:
        p.result = Outcome((0, 1), KubtaflReason.DRAW_100_QUIET)
    elif p.seen[p.key()] >= REPETITION_LIMIT:
        p.result = Outcome((0, 1), KubtaflReason.DRAW_REPETITION)
    elif not has_action(p, p.to_move):
        p.result = Outcome((1 - p.to_move,), KubtaflReason.NO_LEGAL_ACTION)
