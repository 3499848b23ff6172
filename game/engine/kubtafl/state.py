"""The Kubtafl rules (K4–K18) on flat int arrays: action generation, validation and resolution.

Actions are the typed tuples of `actions`: `Move(src, dst)`, `Transfer(donor, recipient, amount)` and
`ReEntry(kind, cell, donor, amount)`; plain int tuples of the same shape are accepted too.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.engine.core import TERMINAL, Event, Game, GameOver, IllegalAction, JSONObject, Outcome, State
from game.engine.kubtafl.actions import KubtaflAction, Move, ReEntry, Transfer, typed
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
from game.engine.kubtafl.geometry import Geometry
from game.engine.kubtafl.pieces import (
    D20,
    FACES,
    FACES_OF,
    KIND_INDEX,
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
from game.engine.kubtafl.position import Position, position_to_dict
from game.engine.kubtafl.reasons import KubtaflReason

Action = KubtaflAction


_MOVE_RE = re.compile(r"([a-z][0-9]+)-([a-z][0-9]+)")
_TRANSFER_RE = re.compile(r"([a-z][0-9]+)>([a-z][0-9]+):([0-9]+)")
_REENTRY_RE = re.compile(r"(d[0-9%]+)@([a-z][0-9]+)/([a-z][0-9]+):([0-9]+)")


class DieInfo(NamedTuple):
    """One die on the board: its id, side (0 light, 1 dark), kind index, value and cell index."""

    id: int
    side: int
    kind: int
    value: int
    cell: int


class KubtaflState(State[KubtaflAction]):
    """A Kubtafl position plus the K18 counters; `apply` changes it in place.

    Read-only arrays for searchers and evaluators (never mutate them):
    `board[cell]` = die id on the cell or -1; `pos[id]` = cell, REMOVED (-1, in the pool) or ABSENT (-2);
    `val[id]` = value (0 when off the board); `to_move` = 0 light / 1 dark; `quiet` = actions since the
    last damage, removal or re-entry. Die ids are `side * 7 + kind` (see `pieces`).
    """

    __slots__ = ("game", "geo", "board", "pos", "val", "to_move", "quiet", "seen", "result", "_reset")

    def __init__(self, game: Game, geo: Geometry, position: Position) -> None:
        self.game = game
        self.geo = geo
        self.board = position.board
        self.pos = position.pos
        self.val = position.val
        self.to_move = position.to_move
        self.quiet = position.quiet
        self.seen: dict[tuple[int, ...], int] = dict(position.seen)
        key = self.key()
        if key not in self.seen:
            self.seen[key] = 1
        self.result = position.result
        self._reset = False

    # ----- the State protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move (0 light, 1 dark) or TERMINAL."""
        return TERMINAL if self.result is not None else self.to_move

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.result

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.result is not None

    def clone(self) -> KubtaflState:
        """An independent copy (cheap: four flat lists and the small repetition table)."""
        new = object.__new__(KubtaflState)
        new.game = self.game
        new.geo = self.geo
        new.board = self.board[:]
        new.pos = self.pos[:]
        new.val = self.val[:]
        new.to_move = self.to_move
        new.quiet = self.quiet
        new.seen = self.seen.copy()
        new.result = self.result
        # `_reset` is left unset: `apply` sets it before anything reads it (and clones are made by the thousand).
        return new

    def key(self) -> tuple[int, ...]:
        """A hashable key of the position with the side to move (exact; counters excluded)."""
        return (self.to_move, *self.pos, *self.val)

    def legal_actions(self) -> list[Action]:
        """All legal actions of the side to move, in a fixed order: moves, transfers, re-entries."""
        if self.result is not None:
            return []
        return self._generate(self.to_move)

    def apply(self, action: Action) -> list[Event]:
        """Play `action` for the side to move; returns the events; raises IllegalAction."""
        if self.result is not None:
            raise IllegalAction("the game is over")
        checked = self._check(action)
        events: list[Event] = []
        self._reset = False
        # `_check` returns exactly one of the three types: identity tests on the type are cheaper than isinstance.
        if type(checked) is Move:
            src, dst = checked
            mover = self._move(src, dst, events)
            if self.pos[mover] != src:  # K12: a die rammed in place did not arrive, so it pins nothing
                self._pins(mover, events)
        elif type(checked) is Transfer:
            donor, recipient, amount = checked
            self._transfer(donor, recipient, amount, events)
        elif type(checked) is ReEntry:
            kind, cell, donor, amount = checked
            placed = self._reenter(kind, cell, donor, amount, events)
            self._pins(placed, events)
        self._finish_turn(events)
        return events

    def action_to_str(self, action: Action) -> str:
        """The notation: 'c1-c4', 'a1>b1:3' or 'd6@b3/a3:2'."""
        names = self.geo.names
        try:
            if len(action) == 2:
                return f"{names[action[0]]}-{names[action[1]]}"
            if len(action) == 3:
                return f"{names[action[0]]}>{names[action[1]]}:{action[2]}"
            if len(action) == 4:
                return f"{KINDS[action[0]]}@{names[action[1]]}/{names[action[2]]}:{action[3]}"
        except (TypeError, IndexError):
            pass
        raise IllegalAction(f"not a Kubtafl action: {action!r}")

    def action_from_str(self, text: str) -> Action:
        """Parse notation into a legal action; raises IllegalAction naming what is wrong."""
        text = text.strip() if isinstance(text, str) else ""
        action = self.parse_notation(text)
        self._check(action)
        return action

    def to_dict(self) -> JSONObject:
        """The position JSON of the rules file plus the board size and the K18 counters."""
        return position_to_dict(
            self.geo, Position(self.board, self.pos, self.val, self.to_move, self.quiet, self.seen, self.result)
        )

    def end_if_over(self) -> None:
        """Record a K17/K18 end that a loaded position has reached but not recorded."""
        if self.result is not None:
            return
        if self.quiet >= QUIET_LIMIT:
            self.result = Outcome((0, 1), KubtaflReason.DRAW_100_QUIET)
        elif self.seen[self.key()] >= REPETITION_LIMIT:
            self.result = Outcome((0, 1), KubtaflReason.DRAW_REPETITION)
        elif not self._has_action(self.to_move):
            self.result = Outcome((1 - self.to_move,), KubtaflReason.NO_LEGAL_ACTION)

    # ----- accessors for searchers, evaluators and the client ---------------------------------------

    @property
    def width(self) -> int:
        """Board width (files)."""
        return self.geo.width

    @property
    def height(self) -> int:
        """Board height (ranks)."""
        return self.geo.height

    def cell_name(self, x: int, y: int | None = None) -> str:
        """The name of cell (x, y), or of a cell index when `y` is None."""
        return self.geo.names[x if y is None else self.geo.cell_at(x, y)]

    def dice(self, side: int | None = None) -> list[DieInfo]:
        """The dice on the board (of one side, or both), in id order."""
        out = []
        for i, cell in enumerate(self.pos):
            if cell >= 0 and (side is None or SIDE_OF[i] == side):
                out.append(DieInfo(i, SIDE_OF[i], i % KINDS_PER_SIDE, self.val[i], cell))
        return out

    def die_at(self, cell: int) -> DieInfo | None:
        """The die on a cell index, or None."""
        i = self.board[cell]
        return None if i < 0 else DieInfo(i, SIDE_OF[i], i % KINDS_PER_SIDE, self.val[i], cell)

    def removed(self, side: int) -> list[int]:
        """Kind indices in `side`'s removed pool (K9, K14)."""
        base = side * KINDS_PER_SIDE
        return [k for k in range(KINDS_PER_SIDE) if self.pos[base + k] == REMOVED]

    def total(self, side: int) -> int:
        """The sum of `side`'s values on the board."""
        base = side * KINDS_PER_SIDE
        return sum(self.val[base : base + KINDS_PER_SIDE])

    def for_side(self, side: int) -> KubtaflState:
        """A copy with `side` to move on the same dice: what that side could do were it its turn (its threats).

        Its `legal_actions()`, `preview()` and `forecast()` are the ordinary ones; the copy starts its own
        repetition table, so only the dice matter. A finished game stays finished (no actions)."""
        new = self.clone()
        new.to_move = side
        new.seen = {new.key(): 1}
        return new

    def is_impact(self, action: Action) -> bool:
        """True when a move action hits a die (its target cell is occupied)."""
        return len(action) == 2 and self.board[action[1]] >= 0

    # ----- generation ---------------------------------------------------------------------------------

    def _generate(self, s: int) -> list[Action]:
        acts: list[Action] = []
        on_board = self._moves_into(acts, s)
        self._transfers_into(acts, s)
        base = s * KINDS_PER_SIDE
        if REMOVED not in self.pos[base : base + KINDS_PER_SIDE]:
            return acts  # the usual case: nothing to bring back (K14)
        reentries = self._reentries(s)
        if reentries and on_board == 1 and self.pos[base + D20] >= 0:
            return reentries  # K15: a lonely d20 must re-enter when it can
        acts.extend(reentries)
        return acts

    def _moves_into(self, acts: list[Action], s: int) -> int:
        """Appends side `s`'s moves and impacts (K5–K8); returns how many of its dice are on the board."""
        board, pos, val = self.board, self.pos, self.val
        lines = self.geo.lines
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

    def _transfers_into(self, acts: list[Action], s: int) -> None:
        """Appends side `s`'s transfers (K13)."""
        board, pos, val, nbrs = self.board, self.pos, self.val, self.geo.nbrs
        base = s * KINDS_PER_SIDE
        append = acts.append
        for i in range(base, base + KINDS_PER_SIDE):
            c = pos[i]
            if c < 0:
                continue
            vd = val[i]
            if vd < 2:
                continue
            for nb in nbrs[c]:
                o = board[nb]
                if o < 0 or SIDE_OF[o] != s:
                    continue
                r = val[o]
                tmax = min((vd - r) // 2, FACES_OF[o] - r)
                for t in range(1, tmax + 1):
                    append(Transfer(c, nb, t))

    def _reentries(self, s: int) -> list[Action]:
        """Side `s`'s re-entries (K14)."""
        board, pos, val, nbrs = self.board, self.pos, self.val, self.geo.nbrs
        base = s * KINDS_PER_SIDE
        reentries: list[Action] = []
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
                for nb in nbrs[c]:
                    if board[nb] < 0:
                        for t in range(1, tmax + 1):
                            reentries.append(ReEntry(k, nb, c, t))
        return reentries

    def _has_action(self, s: int) -> bool:
        """True when side `s` has any legal action (K17); usually decided by the first die looked at."""
        board, pos, rays = self.board, self.pos, self.geo.rays
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
        return bool(self._generate(s))

    def _lonely_must_reenter(self, s: int) -> bool:
        """K15: side `s` has only its d20 on the board and a re-entry is open to it."""
        pos = self.pos
        base = s * KINDS_PER_SIDE
        c = pos[base + D20]
        if c < 0 or self.val[base + D20] < 2:
            return False
        pool = False
        for i in range(base, base + KINDS_PER_SIDE):
            if i != base + D20:
                if pos[i] >= 0:
                    return False
                if pos[i] == REMOVED:
                    pool = True
        board = self.board
        return pool and any(board[nb] < 0 for nb in self.geo.nbrs[c])

    # ----- validation and parsing ---------------------------------------------------------------------

    def _check(self, action: object) -> KubtaflAction:
        """Raise IllegalAction unless `action` is legal for the side to move; returns it as a typed action."""
        if self.result is not None:
            raise IllegalAction("the game is over")
        # Fast path: the exact typed tuples `legal_actions` hands out; each checker also checks the fields are ints.
        if type(action) is Move:
            self._check_move(action)
            return action
        if type(action) is Transfer:
            self._check_transfer(action)
            return action
        if type(action) is ReEntry:
            self._check_reentry(action)
            return action
        if not isinstance(action, tuple) or not all(type(x) is int for x in action):
            raise IllegalAction(f"not a Kubtafl action: {action!r}")
        try:
            checked = typed(action)
        except ValueError:
            raise IllegalAction(f"not a Kubtafl action: {action!r}") from None
        return self._check(checked)

    def _check_move(self, action: Move) -> None:
        src, dst = action
        if type(src) is not int or type(dst) is not int:
            raise IllegalAction(f"not a Kubtafl action: {action!r}")
        s = self.to_move
        board, val, geo = self.board, self.val, self.geo
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
        if self._lonely_must_reenter(s):
            raise IllegalAction("the lonely d20 must re-enter a die (K15)")

    def _check_transfer(self, action: Transfer) -> None:
        donor, rec, t = action
        if type(donor) is not int or type(rec) is not int or type(t) is not int:
            raise IllegalAction(f"not a Kubtafl action: {action!r}")
        s = self.to_move
        board, val, geo = self.board, self.val, self.geo
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

    def _check_reentry(self, action: ReEntry) -> None:
        if not all(type(x) is int for x in action):
            raise IllegalAction(f"not a Kubtafl action: {action!r}")
        s = self.to_move
        board, val, geo = self.board, self.val, self.geo
        n = geo.size
        kind, cell, donor, t = action
        if not (0 <= kind < KINDS_PER_SIDE and 0 <= cell < n and 0 <= donor < n):
            raise IllegalAction(f"value out of range in {action!r}")
        if self.pos[s * KINDS_PER_SIDE + kind] != REMOVED:
            raise IllegalAction(f"{KINDS[kind]} is not in the {SIDES[s]} removed pool")
        a = board[donor]
        if a < 0 or SIDE_OF[a] != s:
            raise IllegalAction(f"{geo.names[donor]}: no {SIDES[s]} donor there")
        if board[cell] >= 0 or cell not in geo.nbrs[donor]:
            raise IllegalAction(f"{geo.names[cell]} is not an empty cell next to the donor")
        if not (1 <= t <= FACES[kind] and 2 * t <= val[a]):
            raise IllegalAction(f"re-entry with {t} from a donor of {val[a]} is not allowed (K14)")

    def parse_notation(self, text: str) -> KubtaflAction:
        """The action a notation names, legal here or not (it may be a past move); raises IllegalAction."""
        try:
            m = _MOVE_RE.fullmatch(text)
            if m:
                return Move(self.geo.parse_cell(m[1]), self.geo.parse_cell(m[2]))
            m = _TRANSFER_RE.fullmatch(text)
            if m:
                return Transfer(self.geo.parse_cell(m[1]), self.geo.parse_cell(m[2]), int(m[3]))
            m = _REENTRY_RE.fullmatch(text)
            if m:
                if m[1] not in KIND_INDEX:
                    raise ValueError(f"unknown kind {m[1]!r}")
                return ReEntry(KIND_INDEX[m[1]], self.geo.parse_cell(m[2]), self.geo.parse_cell(m[3]), int(m[4]))
        except ValueError as exc:
            raise IllegalAction(f"{text!r}: {exc}") from exc
        raise IllegalAction(f"{text!r} is not Kubtafl notation ('c1-c4', 'a1>b1:3' or 'd6@b3/a3:2')")

    # ----- resolution ---------------------------------------------------------------------------------

    def _damage(self, die: int, cell: int, amount: int, events: list[Event]) -> bool:
        """Deal `amount` to `die` on `cell` (K9); returns True when it is destroyed and removed."""
        self._reset = True
        old = self.val[die]
        new = old - amount
        if new <= 0:
            self.val[die] = 0
            self.pos[die] = REMOVED
            self.board[cell] = -1
            name = self.geo.names[cell]
            events.append(Damaged(SIDE_NAME_OF[die], KIND_NAME_OF[die], name, old, 0, amount))
            events.append(Destroyed(SIDE_NAME_OF[die], KIND_NAME_OF[die], name))
            return True
        self.val[die] = new
        events.append(Damaged(SIDE_NAME_OF[die], KIND_NAME_OF[die], self.geo.names[cell], old, new, amount))
        return False

    def _move(self, src: int, dst: int, events: list[Event]) -> int:
        """K5–K11 for the move `src-dst`; returns the mover's id."""
        board, pos, geo = self.board, self.pos, self.geo
        names = geo.names
        a = board[src]
        side, kind = SIDE_NAME_OF[a], KIND_NAME_OF[a]
        target = board[dst]
        board[src] = -1
        if target < 0:
            board[dst] = a
            pos[a] = dst
            events.append(Moved(side, kind, names[src], names[dst]))
            return a
        line = geo.line[src * geo.size + dst]
        if line is None:  # `_check` refuses such moves; this keeps the lookup honest
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
                side,
                kind,
                names[contact],
                names[dst],
                SIDE_NAME_OF[target],
                KIND_NAME_OF[target],
                j,
                damage,
                beyond_free,
            )
        )
        if self._damage(target, dst, damage, events):
            final = dst  # K9: the mover takes the destroyed die's cell
        elif beyond_free:
            self._push(target, ray, j - 1, j, events)  # K10
            final = dst
        else:
            final = contact  # K10: blocked, the mover stops before the target
        board[final] = a
        pos[a] = final
        if final != contact:
            events.append(Moved(side, kind, names[contact], names[final]))
        return a

    def _push(self, x: int, ray: tuple[int, ...], p: int, length: int, events: list[Event]) -> None:
        """K11: die `x` on `ray[p]` is pushed along `ray` with `length`; ricochets follow in order."""
        board, pos, val, names = self.board, self.pos, self.val, self.geo.names
        nr = len(ray)
        while True:
            start = p
            step = 1
            hit = -1
            while step <= length:
                q = p + 1
                if q >= nr:
                    break  # the board edge stops it
                if board[ray[q]] >= 0:
                    hit = board[ray[q]]
                    break
                p = q
                step += 1
            side, kind = SIDE_NAME_OF[x], KIND_NAME_OF[x]
            if p != start:
                board[ray[start]] = -1
                board[ray[p]] = x
                pos[x] = ray[p]
                events.append(Pushed(side, kind, names[ray[start]], names[ray[p]], length))
            if hit < 0:
                return
            struck = ray[p + 1]
            damage = min(step, val[x])
            events.append(Ricochet(names[ray[p]], names[struck], step, damage))
            if self._damage(hit, struck, damage, events):
                board[ray[p]] = -1
                board[struck] = x
                pos[x] = struck
                events.append(Pushed(side, kind, names[ray[p]], names[struck], length))
                return
            if p + 2 < nr and board[ray[p + 2]] < 0:
                x, p, length = hit, p + 1, step  # the struck die is pushed in turn
                continue
            return

    def _pins(self, a: int, events: list[Event]) -> None:
        """K12: pins made by the actively moved die `a`, looking N, E, S, W."""
        c = self.pos[a]
        if c < 0:
            return
        board = self.board
        s = SIDE_OF[a]
        for ray in self.geo.rays[c]:
            if len(ray) < 2:
                continue
            e = board[ray[0]]
            if e < 0 or SIDE_OF[e] == s:
                continue
            partner = board[ray[1]]
            if partner < 0 or SIDE_OF[partner] != s:
                continue
            names = self.geo.names
            damage = self.val[a]
            events.append(Pinned(names[c], names[ray[0]], names[ray[1]], damage))
            self._damage(e, ray[0], damage, events)

    def _transfer(self, donor: int, rec: int, t: int, events: list[Event]) -> None:
        """K13."""
        board, val, names = self.board, self.val, self.geo.names
        a, b = board[donor], board[rec]
        side = SIDE_NAME_OF[a]
        events.append(Transferred(side, names[donor], names[rec], t))
        events.append(ValueChanged(side, KIND_NAME_OF[a], names[donor], val[a], val[a] - t))
        events.append(ValueChanged(side, KIND_NAME_OF[b], names[rec], val[b], val[b] + t))
        val[a] -= t
        val[b] += t

    def _reenter(self, kind: int, cell: int, donor: int, t: int, events: list[Event]) -> int:
        """K14; returns the placed die's id."""
        board, val, names = self.board, self.val, self.geo.names
        die = self.to_move * KINDS_PER_SIDE + kind
        a = board[donor]
        side = SIDE_NAME_OF[a]
        board[cell] = die
        self.pos[die] = cell
        val[die] = t
        events.append(ReEntered(side, KINDS[kind], names[cell], names[donor], t))
        events.append(ValueChanged(side, KIND_NAME_OF[a], names[donor], val[a], val[a] - t))
        val[a] -= t
        self._reset = True
        return die

    def _blocked_by(self, side: int, by: int) -> bool:
        """K16: `side`'s d20 has only board edges and `by`'s dice around it."""
        c = self.pos[side * KINDS_PER_SIDE + D20]
        board = self.board
        for nb in self.geo.nbrs[c]:
            o = board[nb]
            if o < 0 or SIDE_OF[o] != by:
                return False
        return True

    def _finish_turn(self, events: list[Event]) -> None:
        """K16–K18 after an action by the side to move; passes the turn."""
        s = self.to_move
        o = 1 - s
        pos = self.pos
        result = None
        if pos[o * KINDS_PER_SIDE + D20] < 0:
            result = Outcome((s,), KubtaflReason.D20_DESTROYED)
        elif self._blocked_by(o, s):
            result = Outcome((s,), KubtaflReason.D20_BLOCKED)
        elif pos[s * KINDS_PER_SIDE + D20] < 0:
            result = Outcome((o,), KubtaflReason.D20_DESTROYED)
        elif self._blocked_by(s, o):
            result = Outcome((o,), KubtaflReason.D20_BLOCKED)
        self.to_move = o
        key = (o, *pos, *self.val)
        if self._reset:
            # Damage, removal and re-entry lower (total value, pool size) for good: earlier positions never recur.
            self.quiet = 0
            self.seen = {key: 1}
        else:
            self.quiet += 1
            count = self.seen.get(key, 0) + 1
            self.seen[key] = count
            if result is None:
                if self.quiet >= QUIET_LIMIT:
                    result = Outcome((0, 1), KubtaflReason.DRAW_100_QUIET)
                elif count >= REPETITION_LIMIT:
                    result = Outcome((0, 1), KubtaflReason.DRAW_REPETITION)
        if result is None and not self._has_action(o):
            result = Outcome((s,), KubtaflReason.NO_LEGAL_ACTION)  # K17
        if result is not None:
            self.result = result
            events.append(GameOver(result.winners, result.reason))
