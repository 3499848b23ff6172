"""CheckRisk in words: the move list's turns (reinforcements, moves, each battle as one sentence with its outcome)
and the hint's sentence, read from typed actions, the engine's events and its forecast — never from notation.

A battle is one action however many decisions it takes (the attack, the rounds' Continue / Withdraw, the
defender's Stand / Retreat, the occupation): its facts are gathered in `BattleFacts` and worded by
`battle_sentence` alone, so a fact added later (the battle card's record) changes one place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from game.client.board.odds import percent
from game.client.board.wording import Decision, Names, counted
from game.client.board.wording import TurnWords as BoardTurnWords
from game.client.checkrisk.keys import OUTCOME, WHY
from game.client.i18n import Translator
from game.engine.checkrisk import (
    CELLS_PER_TOKEN,
    Attack,
    CheckRiskState,
    Continue,
    Deploy,
    End,
    Move,
    Occupy,
    Preset,
    Reinforce,
    Retreat,
    Stand,
    Withdraw,
    battle_forecast,
    battle_odds,
)
from game.engine.checkrisk.events import (
    AttackDeclared,
    BattleEnded,
    BattleRound,
    Deployed,
    Eliminated,
    Losses,
    Moved,
    Occupied,
    Reinforced,
    Retreated,
    Withdrew,
)
from game.engine.checkrisk.odds import BattleForecast

BATTLE_STEPS = (Continue, Withdraw, Stand, Retreat, Occupy)  # decisions that belong to the battle before them


@dataclass
class BattleFacts:
    """What one battle came to, as far as it has gone: who attacked where with how many, the rounds fought, each
    side's losses, and how it ended ('won', 'held', 'both', 'withdrew', 'retreated'; '' while it goes on)."""

    seat: int
    origin: str
    target: str
    attackers: int
    defender: int
    defenders: int
    rounds: int = 0
    lost: int = 0
    killed: int = 0
    result: str = ""
    occupied: int | None = None  # None until the attacker decides how many move in (0: the cell is left empty)
    retreat: tuple[str, ...] = ()
    out: list[int] = field(default_factory=list)  # seats the battle put out of the game


def battle_facts(events: Sequence[object]) -> BattleFacts | None:
    """The facts of the battle whose events (from its attack on) are `events`; None without an attack."""
    declared = next((e for e in events if isinstance(e, AttackDeclared)), None)
    if declared is None:
        return None
    facts = BattleFacts(
        declared.seat, declared.origin, declared.target, declared.attackers, declared.defender, declared.defenders
    )
    for e in events:
        if isinstance(e, BattleRound):
            facts.rounds += 1
        elif isinstance(e, Losses):
            facts.lost += e.attacker_lost
            facts.killed += e.defender_lost
        elif isinstance(e, BattleEnded):
            facts.result = {"attacker": "won", "defender": "held"}.get(e.result, "both")
        elif isinstance(e, Withdrew):
            facts.result = "withdrew"
        elif isinstance(e, Retreated):
            facts.result = "retreated"
            facts.retreat = tuple(cell for cell, _n in e.moves)
        elif isinstance(e, Occupied):
            facts.occupied = e.count
        elif isinstance(e, Eliminated):
            facts.out.append(e.seat)
    return facts


def _occupied(t: Translator, facts: BattleFacts) -> str:
    """How many moved into a won cell ("" until decided, or when the cell was not won)."""
    if facts.occupied is None or facts.result not in ("won", "retreated"):
        return ""
    return counted(t, "checkrisk.words.occupied", facts.occupied)


def battle_sentence(t: Translator, facts: BattleFacts, name: Names) -> str:
    """One battle in a sentence naming who lost what: "attacked Player 2 on e7 from e8 with 3 — took it in 2
    rounds; Player 1 lost 1, Player 2 lost 3"."""
    attack = counted(
        t,
        "checkrisk.words.attack",
        facts.attackers,
        origin=facts.origin,
        target=facts.target,
        defender=name(facts.defender),
    )
    outcome = t(
        OUTCOME(facts.result or "going"),
        rounds=counted(t, "checkrisk.words.rounds", facts.rounds),
        lost=counted(t, "checkrisk.words.lost", facts.lost, attacker=name(facts.seat)),
        killed=counted(t, "checkrisk.words.killed", facts.killed, defender=name(facts.defender)),
        defender=name(facts.defender),
        cells=", ".join(facts.retreat),
        occupied=_occupied(t, facts),
    )
    text = t("checkrisk.words.battle", attack=attack, outcome=outcome)
    for seat in facts.out:
        text = t("checkrisk.words.out", text=text, name=name(seat))
    return text


def move_sentence(t: Translator, event: Moved) -> str:
    """A move: "moved 2 from d4 to d5"."""
    return counted(t, "checkrisk.words.move", event.count, origin=event.origin, target=event.target)


def cells_text(events: Sequence[Reinforced | Deployed]) -> str:
    """Cells and how many each got, in the order first placed: "c4 +2, d5 +1"."""
    added: dict[str, int] = {}
    for e in events:
        added[e.cell] = added.get(e.cell, 0) + e.count
    return ", ".join(f"{cell}\u00a0+{n}" for cell, n in added.items())  # a cell and its count stay on one line


def reinforce_sentence(t: Translator, events: Sequence[Reinforced]) -> str:
    """A turn's reinforcements: "placed 3 reinforcements: c4 +2, d5 +1"."""
    return counted(t, "checkrisk.words.reinforce", sum(e.count for e in events), cells=cells_text(events))


def deploy_sentence(t: Translator, events: Sequence[Deployed], preset: str) -> str:
    """A deployment: "deployed 24 tokens on 8 cells" (by a preset: named)."""
    tokens = counted(t, "checkrisk.words.tokens", sum(e.count for e in events))
    cells = counted(t, "checkrisk.words.on_cells", len({e.cell for e in events}))
    key = "checkrisk.words.deploy_preset" if preset else "checkrisk.words.deploy"
    return t(key, tokens=tokens, cells=cells, preset=preset)


class TurnWords(BoardTurnWords):
    """The move list's turns of a CheckRisk game: one per seat's turn; the defender's answers stay in the attacker's
    turn, in its battle."""

    def stays(self, group: Sequence[Decision], d: Decision) -> bool:
        """A defender's answer, and any step of the open battle, belong to the attacker's turn."""
        return isinstance(d.action, (Stand, Retreat)) or self._in_battle(group, d)

    def joins(self, group: Sequence[Decision], d: Decision) -> bool:
        """A battle's steps, an End after an action, and reinforcements or deployments in a row are one action."""
        action = d.action
        if self._in_battle(group, d) or isinstance(action, End):
            return True
        return type(group[0].action) is type(action) and isinstance(action, (Reinforce, Deploy))

    @staticmethod
    def _in_battle(group: Sequence[Decision], d: Decision) -> bool:
        """True when `d` is a step of the battle the open action `group` began."""
        return isinstance(d.action, BATTLE_STEPS) and bool(group) and isinstance(group[0].action, Attack)

    def words(self, group: Sequence[Decision], seat: int) -> str:
        """The sentence of one action made of the decisions `group` (an End after it adds nothing)."""
        t = self.t
        first = group[0].action
        events = [e for d in group for e in d.events]
        if isinstance(first, Attack):
            facts = battle_facts(events)
            if facts is not None:
                return battle_sentence(t, facts, self.name)
        if isinstance(first, Move):
            moved = next((e for e in events if isinstance(e, Moved)), None)
            if moved is not None:
                return move_sentence(t, moved)
        if isinstance(first, Reinforce):
            return reinforce_sentence(t, [e for e in events if isinstance(e, Reinforced)])
        if isinstance(first, (Deploy, Preset)):
            preset = self.preset_title(first.name) if isinstance(first, Preset) else ""
            return deploy_sentence(t, [e for e in events if isinstance(e, Deployed)], preset)
        return t("checkrisk.words.end")


GROUPS_SHOWN = 3  # the groups a reinforcement's reason names at most (those that earn first, then the largest)


def reinforcement_reason(t: Translator, state: CheckRiskState, seat: int) -> str:
    """Why `seat`'s turn brings the reinforcements it does, read from the engine's group earnings (C7): a first turn
    brings none, an empty supply none, and each group named earns ⌊cells/4⌋ on the edge and nothing away from it."""
    if state.round <= 1:
        return t("checkrisk.why.first")
    supply = int(state.supply[seat])
    earnings = state.group_earnings(seat)
    due = sum(g.tokens for g in earnings)
    if due and not supply:
        return t("checkrisk.why.no_supply")
    shown = [g for g in earnings if g.tokens] + [g for g in earnings if not g.tokens]
    phrases = []
    for g in shown[:GROUPS_SHOWN]:
        kind = "edge_earns" if g.tokens else "edge_small" if g.on_edge else "inland"
        phrases.append(counted(t, WHY(kind), len(g.cells), k=g.tokens))
    groups = ", ".join(phrases)
    if not due:
        return t("checkrisk.why.none", groups=groups, per=CELLS_PER_TOKEN)
    text = counted(t, "checkrisk.why.some", due, groups=groups, per=CELLS_PER_TOKEN)
    return t("checkrisk.why.short", text=text, supply=supply) if supply < due else text


RISK_SHOWN = Fraction(1, 3)  # a stack left at least this likely to fall next turn is named in the hint


def exposed(state: CheckRiskState, seat: int, cells: Sequence[int]) -> tuple[int, int, int, Fraction] | None:
    """The most exposed of `seat`'s stacks on `cells` in `state`: (its cell, the enemy cell next to it, the
    enemy's seat, the chance that enemy stack, attacking with all it has, takes it — the engine's battle odds);
    None when no enemy stands next to any of them."""
    game = state.game
    worst: tuple[int, int, int, Fraction] | None = None
    for cell in cells:
        if state.owner[cell] != seat:
            continue
        for near in game.neighbours(cell):
            enemy = state.owner[near]
            if enemy < 0 or enemy == seat:
                continue
            win = battle_odds(state.count[near], state.count[cell])[0]
            if worst is None or win > worst[3]:
                worst = (cell, near, enemy, win)
    return worst


def best_threat(state: CheckRiskState, cell: int) -> tuple[int, Fraction] | None:
    """The enemy stack next to `cell` that its stack, attacking with all it has, most likely takes: (that cell, the
    engine's odds); None with no enemy next to it."""
    seat, game = state.owner[cell], state.game
    best: tuple[int, Fraction] | None = None
    for near in game.neighbours(cell):
        if state.owner[near] < 0 or state.owner[near] == seat:
            continue
        win = battle_odds(state.count[cell], state.count[near])[0]
        if best is None or win > best[1]:
            best = (near, win)
    return best


def cells_held(state: CheckRiskState, seat: int) -> int:
    """How many cells `seat` holds in `state`."""
    return sum(1 for owner in state.owner if owner == seat)


def _move_reason(
    t: Translator, before: CheckRiskState, after: CheckRiskState, action: Move, text: str, name: Names
) -> str:
    """Why a hinted move: the enemy stack it then threatens (with the odds), else the stack it masses, else the
    empty cell it claims (a split), else the enemy it leaves (the whole stack moved from danger), else that no
    enemy stands next to where it goes."""
    names = after.game.board.names
    threat = best_threat(after, action.target)
    if threat is not None:
        near, win = threat
        enemy = after.owner[near]
        return t(
            "checkrisk.hint.why.threat",
            text=text,
            target=names[action.target],
            enemy=name(enemy),
            count=after.count[near],
            near=names[near],
            p=percent(win),
        )
    if after.count[action.target] > action.n:
        return t("checkrisk.hint.why.mass", text=text, total=after.count[action.target], target=names[action.target])
    if after.owner[action.origin] >= 0:  # a split: the stack behind keeps its cell and the new one is won
        return counted(t, "checkrisk.hint.why.claim", cells_held(after, after.owner[action.target]), text=text)
    left = exposed(before, before.owner[action.origin], (action.origin,))
    if left is not None and left[3] >= RISK_SHOWN:
        _cell, near, enemy, win = left
        fields = {"enemy": name(enemy), "count": before.count[near], "near": names[near], "p": percent(win)}
        return t("checkrisk.hint.why.away", text=text, **fields)
    return t("checkrisk.hint.why.safe", text=text, target=names[action.target])


def _reinforce_reason(t: Translator, state: CheckRiskState, cell: int, name: Names) -> str:
    """A reinforcement with why: the enemy stack next to it it then stands against (the odds that stack takes it
    next turn), else the stack it builds."""
    names = state.game.board.names
    after = state.clone()
    after.apply(Reinforce(cell))
    risk = exposed(after, after.owner[cell], (cell,))
    if risk is None:
        return t("checkrisk.hint.reinforce_mass", cell=names[cell], total=after.count[cell])
    _cell, near, enemy, win = risk
    return t(
        "checkrisk.hint.reinforce_guard",
        cell=names[cell],
        total=after.count[cell],
        enemy=name(enemy),
        count=after.count[near],
        near=names[near],
        p=percent(win),
    )


def _battle_step(t: Translator, state: CheckRiskState, action: object) -> str:
    """A decision inside a battle with why: the odds of the battle fought on from here (the engine's forecast for
    the stacks as they stand), or for an occupation how many stay behind."""
    battle = state.battle
    if battle is None:  # not reached: these decisions exist only in a battle
        return t("checkrisk.hint.continue")
    names = state.game.board.names
    if isinstance(action, Occupy):
        after = state.clone()
        after.apply(action)
        left = after.count[battle.origin] if after.owner[battle.origin] == state.current_player() else 0
        return counted(t, "checkrisk.hint.occupy", action.k, left=left, origin=names[battle.origin])
    on = battle_forecast(battle.attackers, state.count[battle.target])
    if isinstance(action, Retreat):
        cells = ", ".join(names[c] for c, _n in action.parts)
        return t("checkrisk.hint.retreat", cells=cells, p=percent(on.hold))
    key: dict[type, str] = {
        Continue: "checkrisk.hint.continue",
        Withdraw: "checkrisk.hint.withdraw",
        Stand: "checkrisk.hint.stand",
    }
    return t(key[type(action)], win=percent(on.win), hold=percent(on.hold))


def hint_sentence(t: Translator, state: CheckRiskState, action: object, name: Names) -> str:
    """The hinted action in words with why: an attack's or a battle decision's exact odds from the engine's
    forecast, what a move or a reinforcement does, why the turn ends, and a stack a move leaves likely to fall."""
    names = state.game.board.names
    if isinstance(action, Attack):
        detail = state.forecast(action).detail
        assert isinstance(detail, BattleForecast)  # an attack's forecast carries its battle's odds
        return counted(
            t,
            "checkrisk.hint.attack",
            action.n,
            origin=names[action.origin],
            target=names[action.target],
            defender=name(state.owner[action.target]),
            win=percent(detail.win),
            hold=percent(detail.hold),
        )
    if isinstance(action, Move):
        text = counted(t, "checkrisk.hint.move", action.n, origin=names[action.origin], target=names[action.target])
        after = state.clone()
        after.apply(action)
        risk = exposed(after, state.current_player(), (action.origin, action.target))
        if risk is not None and risk[3] >= RISK_SHOWN:
            cell, near, enemy, win = risk
            return t(
                "checkrisk.hint.risk",
                text=text,
                cell=names[cell],
                left=after.count[cell],
                enemy=name(enemy),
                near=names[near],
                count=after.count[near],
                p=percent(win),
            )
        return _move_reason(t, state, after, action, text, name)
    if isinstance(action, Reinforce):
        return _reinforce_reason(t, state, action.cell, name)
    if isinstance(action, End):
        return t("checkrisk.hint.end")  # ending with actions left: the planner found none worth taking
    if isinstance(action, BATTLE_STEPS):
        return _battle_step(t, state, action)
    if isinstance(action, Deploy):
        return counted(t, "checkrisk.hint.deploy", action.k, cell=names[action.cell])
    return t("checkrisk.hint.preset", preset=getattr(action, "name", ""))
