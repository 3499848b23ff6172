"""Kubtafl in words: each action as a sentence ("d20 rammed the d8 on a7 for 6 and pushed it to a5; the d8 then hit
the d6 on a4 for 2") for the move list, and the same in the imperative for a hint with what it risks (the dice the
other side can destroy next turn, read from the engine's previews by `read_threats`). Read from the engine's events
and typed actions, never from notation."""

from __future__ import annotations

from collections.abc import Sequence

from game.client.board.layout import cell_xy
from game.client.board.log import LogTurn
from game.client.board.wording import Decision, TurnBuilder, counted
from game.client.i18n import Translator
from game.client.kubtafl.actions import action_parts
from game.client.kubtafl.keys import MAIN, PIN, RICOCHET, SIDE, SIDE_GEN
from game.client.kubtafl.threats import read_threats
from game.engine.core import GameOver
from game.engine.kubtafl import D20, KINDS, SIDES, DieInfo, KubtaflAction, KubtaflState
from game.engine.kubtafl import events as kev


class _Dice:
    """Which die stands on which cell as the events go (the events name cells; sentences name dice)."""

    def __init__(self) -> None:
        self.at: dict[str, str] = {}

    def see(self, e: object) -> None:
        if isinstance(e, (kev.Damaged, kev.Destroyed, kev.ValueChanged, kev.ReEntered)):
            self.at[e.cell] = e.die
        elif isinstance(e, kev.Impact):
            self.at[e.attacker], self.at[e.target] = e.die, e.target_die
        elif isinstance(e, (kev.Moved, kev.Pushed)):
            self.at[e.dst] = e.die


def _destroyed(events: Sequence[object], side: str, die: str) -> bool:
    return any(isinstance(e, kev.Destroyed) and (e.side, e.die) == (side, die) for e in events)


def _main_clause(t: Translator, events: Sequence[object], mood: str) -> str:
    """The action itself: a move, a ram (with what became of the die hit), a shove, a transfer or a re-entry."""
    impact = next((e for e in events if isinstance(e, kev.Impact)), None)
    if impact is not None:
        pushed = [
            e
            for e in events
            if isinstance(e, kev.Pushed) and (e.side, e.die) == (impact.target_side, impact.target_die)
        ]
        to = pushed[-1].dst if pushed else ""
        fields = {
            "die": impact.die,
            "target": impact.target_die,
            "cell": impact.target,
            "damage": impact.damage,
            "to": to,
        }
        destroyed = _destroyed(events, impact.target_side, impact.target_die)
        if impact.target_side == impact.side:
            kind = "shove_destroyed" if destroyed else "shove" if to else "shove_stayed"
            return t(MAIN(mood, kind), **fields)
        if destroyed:
            return t(MAIN(mood, "ram.destroyed"), **fields)
        return t(MAIN(mood, "ram.pushed" if to else "ram.blocked"), **fields)
    transfer = next((e for e in events if isinstance(e, kev.Transferred)), None)
    dice = _Dice()
    for e in events:
        dice.see(e)
    if transfer is not None:
        return t(
            MAIN(mood, "transfer"),
            amount=transfer.amount,
            donor=transfer.donor,
            recipient=transfer.recipient,
            donor_die=dice.at.get(transfer.donor, ""),
            recipient_die=dice.at.get(transfer.recipient, ""),
        )
    back = next((e for e in events if isinstance(e, kev.ReEntered)), None)
    if back is not None:
        return t(
            MAIN(mood, "reentry"),
            die=back.die,
            cell=back.cell,
            value=back.value,
            donor=back.donor,
            donor_die=dice.at.get(back.donor, ""),
        )
    moves = [e for e in events if isinstance(e, kev.Moved)]
    if moves:
        return t(MAIN(mood, "move"), die=moves[0].die, src=moves[0].src, dst=moves[-1].dst)
    return t(MAIN(mood, "none"))


def _clauses(t: Translator, events: Sequence[object], mood: str) -> list[str]:
    """What followed the action: ricochets down a push chain and pins, each with its damage."""
    out: list[str] = []
    dice = _Dice()
    for i, e in enumerate(events):
        dice.see(e)
        if isinstance(e, kev.Ricochet):
            struck = next((d for d in events[i + 1 :] if isinstance(d, kev.Damaged) and d.cell == e.struck), None)
            die = struck.die if struck is not None else dice.at.get(e.struck, "")
            side = struck.side if struck is not None else ""
            kind = "destroyed" if struck is not None and _destroyed(events[i + 1 :], side, die) else "hit"
            out.append(
                t(
                    RICOCHET(mood, kind),
                    striker=dice.at.get(e.striker, ""),
                    die=die,
                    cell=e.struck,
                    damage=e.damage,
                )
            )
        elif isinstance(e, kev.Pinned):
            hurt = next((d for d in events[i + 1 :] if isinstance(d, kev.Damaged) and d.cell == e.target), None)
            die = hurt.die if hurt is not None else dice.at.get(e.target, "")
            kind = "destroyed" if hurt is not None and _destroyed(events[i + 1 :], hurt.side, die) else "hit"
            out.append(t(PIN(mood, kind), die=die, cell=e.target, partner=e.partner, damage=e.damage))
    return out


def action_sentence(t: Translator, events: Sequence[object], mood: str = "words") -> str:
    """One action in words ('words': the list's past tense; 'hint': the imperative), with what followed it."""
    text = _main_clause(t, events, mood)
    for clause in _clauses(t, events, mood):
        text = t("kubtafl.words.then", text=text, clause=clause)
    return text


def log_turns(t: Translator, items: Sequence[Decision]) -> list[LogTurn]:
    """One turn per action (K4)."""
    out = TurnBuilder()
    for d in items:
        out.start(d.actor)
        out.add(action_sentence(t, d.events), [d])
    return out.turns()


def hint_sentence(t: Translator, state: KubtaflState, action: KubtaflAction, risks: bool = True) -> str:
    """The hinted action in words with why, every time (it wins; else a die it saves, a die it threatens, what a
    re-entry or a transfer gains, the enemy d20 it closes in on, that it leaves nothing to be destroyed, or that it
    is the strongest move found) and what it risks: the most valuable own die the other side can then destroy that
    it could not before (the d20 always), never a danger the move neither makes nor could mend, nor any where the
    other side will not move (`risks` False)."""
    events = state.preview(action)
    said = action_sentence(t, events, "hint")
    me = state.current_player()
    over = next((e for e in events if isinstance(e, GameOver)), None)
    if over is not None:
        return t("kubtafl.hint.wins" if me in over.winners else "kubtafl.hint.loses", text=said)
    after = state.clone()
    after.apply(action)
    threats = read_threats(after.for_side(me))
    text = _reason(t, state, after, action, events, threats.fatal, said)
    if threats.fatal and risks:  # without `risks` the other side does nothing next turn (a lesson)
        already = _at_risk(state, me, read_threats(state).fatal)
        mine = {after.cell_name(d.cell): d for d in after.dice(me)}
        new = [mine[c] for c in threats.fatal if c in mine and (mine[c].kind == D20 or mine[c].kind not in already)]
        # The most valuable die at risk: the d20 (losing it loses the game), else the biggest.
        lost = max(new, key=lambda d: (d.kind, d.value), default=None)
        if lost is not None:
            side = t(SIDE(SIDES[1 - me]))
            die, cell = KINDS[lost.kind], after.cell_name(lost.cell)
            risk = "kubtafl.hint.risk" if text == said else "kubtafl.hint.risk_also"  # one dash per sentence
            return t(risk, text=text, side=side, die=die, cell=cell)
    return text


def _at_risk(state: KubtaflState, side: int, fatal: set[str]) -> dict[int, DieInfo]:
    """`side`'s dice on the cells of `fatal` (those the other side can destroy next turn), by kind."""
    return {d.kind: d for d in state.dice(side) if state.cell_name(d.cell) in fatal}


def _reason(
    t: Translator,
    before: KubtaflState,
    after: KubtaflState,
    action: KubtaflAction,
    events: Sequence[object],
    fatal: set[str],
    text: str,
) -> str:
    """`text` (the action's words) with why, read from the engine's previews; alone only when the words already say
    it (it destroys a die)."""
    me = before.current_player()
    if any(isinstance(e, kev.Destroyed) and e.side == SIDES[1 - me] for e in events):
        return text  # the ram, ricochet or pin already says which die it destroys
    # A die that stood to be destroyed and no longer does: the most valuable one (the d20 first).
    was = _at_risk(before, me, read_threats(before).fatal)
    now = _at_risk(after, me, fatal)
    saved = [d for kind, d in was.items() if kind in {x.kind for x in after.dice(me)} and kind not in now]
    if saved:
        die = max(saved, key=lambda d: (d.kind, d.value))
        cell = next(after.cell_name(d.cell) for d in after.dice(me) if d.kind == die.kind)
        return t("kubtafl.hint.why.saves", text=text, die=KINDS[die.kind], cell=cell)
    threat = _threat(t, before, after, text)
    if threat:
        return threat
    back = next((e for e in events if isinstance(e, kev.ReEntered)), None)
    if back is not None:
        return counted(t, "kubtafl.hint.why.back", len(after.dice(me)), text=text)
    given = next((e for e in events if isinstance(e, kev.Transferred)), None)
    if given is not None:
        grown = next((d for d in after.dice(me) if after.cell_name(d.cell) == given.recipient), None)
        if grown is not None:
            return t(
                "kubtafl.hint.why.grows", text=text, die=KINDS[grown.kind], cell=given.recipient, value=grown.value
            )
    return (
        _opens(t, before, after, action, text)
        or _closer(t, before, action, text)
        or t("kubtafl.hint.why.safe" if not fatal else "kubtafl.hint.why.best", text=text)
    )


def _opens(t: Translator, before: KubtaflState, after: KubtaflState, action: KubtaflAction, text: str) -> str:
    """A move that opens the way for another own die (it can then move to cells it could not reach before), in
    words: the die that gains the most cells; '' when none does."""
    parts = action_parts(before, action)
    me = before.current_player()
    if parts.kind != "move":
        return ""

    def reach(state: KubtaflState) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for option in state.legal_actions():
            part = action_parts(state, option)
            if part.kind == "move" and part.src != parts.src:
                out.setdefault(part.src, set()).add(part.dst)
        return out

    # Only the dice the action left where they stood (not the mover, nor a die it shoved) can have had a way opened.
    stayed = {before.cell_name(d.cell) for d in before.dice(me)} & {after.cell_name(d.cell) for d in after.dice(me)}
    stayed -= {parts.src, parts.dst}
    stayed = {c for c in stayed if _kind_at(before, me, c) == _kind_at(after, me, c)}
    was, now = reach(before), reach(after.for_side(me))
    gained = {cell: now[cell] - was.get(cell, set()) - {parts.src} for cell in now if cell in stayed}
    best = max(gained, key=lambda cell: (len(gained[cell]), cell), default=None)
    if best is None or not gained[best]:
        return ""
    die = next(KINDS[d.kind] for d in after.dice(me) if after.cell_name(d.cell) == best)
    return t("kubtafl.hint.why.opens", text=text, die=die, cell=best)


def _kind_at(state: KubtaflState, side: int, cell: str) -> int | None:
    """The kind of `side`'s die on `cell`, None when none stands there."""
    return next((d.kind for d in state.dice(side) if state.cell_name(d.cell) == cell), None)


def _closer(t: Translator, before: KubtaflState, action: KubtaflAction, text: str) -> str:
    """A move that brings the die closer to the enemy d20 (in cells along the board's lines), in words; '' else."""
    parts = action_parts(before, action)
    enemy = 1 - before.current_player()
    king = next((d for d in before.dice(enemy) if d.kind == D20), None)
    if parts.kind != "move" or king is None or parts.dst == before.cell_name(king.cell):
        return ""  # a ram on the d20 itself says so in its own words: it closes in on nothing
    target = cell_xy(before.cell_name(king.cell))

    def cells(name: str) -> int:
        x, y = cell_xy(name)
        return abs(x - target[0]) + abs(y - target[1])

    if cells(parts.dst) >= cells(parts.src):
        return ""
    side = t(SIDE_GEN(SIDES[enemy]))
    return t("kubtafl.hint.why.closer", text=text, side=side, cell=before.cell_name(king.cell), n=cells(parts.dst))


def _threat(t: Translator, before: KubtaflState, after: KubtaflState, text: str) -> str:
    """A threat the action makes for next turn: an enemy die the side can then destroy that it could not before
    (the d20 first), else a ram on the enemy d20 it could not make before ('' when neither)."""
    me = before.current_player()
    enemy = 1 - me
    was = read_threats(before.for_side(enemy))
    now = read_threats(after.for_side(enemy))
    old = _at_risk(before, enemy, was.fatal)
    new = [d for kind, d in _at_risk(after, enemy, now.fatal).items() if kind not in old]
    side = t(SIDE_GEN(SIDES[enemy]))
    if new:
        die = max(new, key=lambda d: (d.kind, d.value))
        key = "kubtafl.hint.why.threat_win" if die.kind == D20 else "kubtafl.hint.why.threat"
        return t(key, text=text, side=side, die=KINDS[die.kind], cell=after.cell_name(die.cell))
    king = next((d for d in after.dice(enemy) if d.kind == D20), None)
    if king is None:
        return ""
    cell = after.cell_name(king.cell)
    hit = now.worst.get(cell, 0)
    old_king = next((d for d in before.dice(enemy) if d.kind == D20), None)
    had = was.worst.get(before.cell_name(old_king.cell), 0) if old_king is not None else 0
    if hit > had:
        return t("kubtafl.hint.why.threat_ram", text=text, side=side, die=KINDS[D20], cell=cell, damage=hit)
    return ""
