"""Battle Checkers in words: the move list's turns (the roll, each activation as "moved d4 three squares south and
turned right", each attack with how it ended, the fate roll) and the hint's sentence with why and what it risks,
read from typed actions, the engine's events and forecast and the threat view's exact odds — never from notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.client.battle_checkers.keys import ATTACK, ATTACK_HINT, DIRECTION, FACES_HINT, FATE, FATE_HINT, PLAN, TURN
from game.client.battle_checkers.picks import thriftiest
from game.client.battle_checkers.threat import threats
from game.client.board.odds import percent
from game.client.board.wording import Decision, Names, counted
from game.client.board.wording import TurnWords as BoardTurnWords
from game.client.i18n import Translator
from game.engine.battle_checkers import (
    DIRECTIONS,
    FRONT,
    LEFT,
    RIGHT,
    USE_SUM,
    Activate,
    ActivationForecast,
    Attack,
    BattleCheckersState,
    EndTurn,
    FateChoice,
    Place,
    Preset,
    Roll,
)
from game.engine.battle_checkers.events import (
    Attacked,
    Destroyed,
    Duel,
    FateRolled,
    Moved,
    RepelFailed,
    Repelled,
    Shielded,
    Turned,
)
from game.engine.battle_checkers.odds import AttackForecast, FateForecast


@dataclass(frozen=True)
class Plan:
    """An activation as it played out: the unit's start and end cells, the eighths turned before and after its
    steps (+ clockwise), the steps and their direction."""

    cell: str
    to: str
    first: int
    steps: int
    last: int
    direction: str


def plan_of(events: Sequence[object], cell: str, facing: str, to: str) -> Plan:
    """The plan of an activation from its `Turned` and `Moved` events (`facing`: the unit's facing before)."""
    first = last = steps = 0
    heading = facing
    for e in events:
        if isinstance(e, Turned):
            eighth = 1 if (DIRECTIONS.index(e.to_facing) - DIRECTIONS.index(e.from_facing)) % 8 == 1 else -1
            if steps:
                last += eighth
            else:
                first += eighth
                heading = e.to_facing
        elif isinstance(e, Moved):
            steps += 1
    return Plan(cell, to, first, steps, last, heading)


def _plan_key(plan: Plan) -> str:
    """Which template words a plan: turn only, move only, turn then move, move then turn, or all three."""
    parts = ("turn" if plan.first else "", "move" if plan.steps else "", "turn" if plan.last and plan.steps else "")
    key = "_".join(p for p in parts if p)
    return key or "still"


def plan_sentence(t: Translator, plan: Plan, mood: str = "words") -> str:
    """An activation in words ('words': the list's past tense; 'hint': the imperative)."""
    turns = plan.first + (0 if plan.steps else plan.last)
    return t(
        PLAN(mood, _plan_key(plan)),
        cell=plan.cell,
        to=plan.to,
        turn=turn_words(t, turns),
        turn2=turn_words(t, plan.last),
        steps=counted(t, "battle_checkers.words.squares", plan.steps),
        dir=t(DIRECTION(plan.direction)),
    )


def turn_words(t: Translator, eighths: int) -> str:
    """A turn by `eighths` (+ clockwise): "right", "45° left", "around"."""
    eighths = (eighths + 4) % 8 - 4  # -4…3: a half turn is "around"
    if eighths == -4:
        return t("battle_checkers.words.turn.around")
    side = "R" if eighths > 0 else "L"
    return t(TURN(side, abs(eighths)))


def attack_sentence(t: Translator, cell: str, events: Sequence[object]) -> str:
    """An attack and how it ended: "attacked e5 from d4 head-on: 5 against 2, destroyed it"."""
    attacked = next((e for e in events if isinstance(e, Attacked)), None)
    if attacked is None:
        return t(ATTACK("rear"), cell=cell, target="?")
    duel = next((e for e in events if isinstance(e, Duel)), None)
    repel = next((e for e in events if isinstance(e, (Repelled, RepelFailed))), None)
    killed = any(isinstance(e, Destroyed) and e.cell == attacked.defender for e in events)
    if attacked.side == FRONT and duel is not None:
        key, a, b = ("front.won" if killed else "front.lost"), duel.attacker_roll, duel.defender_roll
    elif attacked.side == RIGHT:
        key = "right.repelled" if isinstance(repel, Repelled) else "right.failed" if repel else "right.unarmed"
        a = b = repel.roll if repel is not None else 0
    elif attacked.side == LEFT:
        key, a, b = ("left.shielded" if any(isinstance(e, Shielded) for e in events) else "left.kill"), 0, 0
    else:
        key, a, b = "rear", 0, 0
    return t(ATTACK(key), cell=attacked.attacker, target=attacked.defender, a=a, b=b)


def fate_sentence(t: Translator, events: Sequence[object], called: bool, caller: str, name: Names) -> str:
    """A fate choice: let pass, or the roll and who lost how much spirit (`caller`: named when not the turn's)."""
    rolled = next((e for e in events if isinstance(e, FateRolled)), None)
    who = "other." if caller else ""
    if not called or rolled is None:
        return t(FATE(who, "pass"), caller=caller)
    # A loser with less spirit than the difference loses what it had: the words say what was lost.
    key = "even" if rolled.loser is None else ("lost" if rolled.lost == rolled.loss else "lost_all")
    loser = name(rolled.loser) if rolled.loser is not None else ""
    return t(
        FATE(who, key),
        caller=caller,
        a=rolled.roll,
        b=rolled.opponent_roll,
        loser=loser,
        loss=rolled.lost,
    )


class TurnWords(BoardTurnWords):
    """The move list's turns of a Battle Checkers game: one per side's turn, its roll after the name; a fate choice
    stays in the turn it follows."""

    def stays(self, group: Sequence[Decision], d: Decision) -> bool:
        """A fate choice answers the open turn's attack."""
        return isinstance(d.action, FateChoice) and bool(group)

    def joins(self, group: Sequence[Decision], d: Decision) -> bool:
        """An end of the turn closes the action before it; placements in a row are one action."""
        return isinstance(d.action, EndTurn) or (isinstance(d.action, Place) and isinstance(group[0].action, Place))

    def note_after(self, d: Decision) -> str:
        """The turn roll after `d`."""
        return self._roll_after(d)

    def _roll_after(self, d: Decision) -> str:
        """The turn roll among the chance outcomes after `d`, in words ('' when none)."""
        rolled = next((c for c in d.chances if isinstance(c, Roll)), None)
        return self.t("battle_checkers.words.roll", a=rolled.a, b=rolled.b) if rolled is not None else ""

    def words(self, group: Sequence[Decision], seat: int) -> str:
        """The sentence of one action made of the decisions `group` (an end of the turn after it adds nothing)."""
        t = self.t
        first = group[0]
        action, before = first.action, first.before
        if not isinstance(before, BattleCheckersState):
            return t("battle_checkers.words.end")
        board = before.board
        if isinstance(action, Activate):
            unit = before.unit_at(action.cell)
            facing = unit["facing"] if unit else DIRECTIONS[action.facing]
            plan = plan_of(first.events, board.name(action.cell), facing, board.name(action.to))
            return plan_sentence(t, plan)
        if isinstance(action, Attack):
            return attack_sentence(t, board.name(action.cell), first.events)
        if isinstance(action, FateChoice):
            caller = self.name(first.actor) if first.actor != seat else ""
            return fate_sentence(t, first.events, action.call, caller, self.name)
        if isinstance(action, Place):
            # Only the placements count: an end of the turn may close the same group.
            return counted(t, "battle_checkers.words.placed", sum(isinstance(d.action, Place) for d in group))
        if isinstance(action, Preset):
            return t("battle_checkers.words.preset", preset=self.preset_title(action.name))
        return t("battle_checkers.words.end")


def hint_sentence(
    t: Translator,
    state: BattleCheckersState,
    action: object,
    name: Names,
    preset_title: Callable[[str], str],
    risks: bool = True,
) -> str:
    """The hinted action in words (an activation with the die or the sum it uses) with why (the attack it sets up,
    with the engine's odds) and what it risks (the threat view's exact chance that the enemy can strike the unit's
    rear or weapon flank next turn)."""
    board = state.board
    if isinstance(action, Activate):
        action = thriftiest(state, action)  # the die a click on its end takes: the hint names that one
        unit = state.unit_at(action.cell)
        facing = unit["facing"] if unit else DIRECTIONS[action.facing]
        after = state.clone()
        events = after.apply(action)
        text = plan_sentence(t, plan_of(events, board.name(action.cell), facing, board.name(action.to)), "hint")
        spend = state.forecast(action).detail
        assert isinstance(spend, ActivationForecast)  # an activation's forecast says which dice it uses
        text = t(
            "battle_checkers.hint.with.sum" if spend.use == USE_SUM else "battle_checkers.hint.with.die",
            pips=spend.pips,
            text=text,
        )
        return _why(t, after, action.to, action.facing, state.current_player(), text, risks)
    if isinstance(action, Attack):
        detail = state.forecast(action).detail
        assert isinstance(detail, AttackForecast)  # an attack's forecast carries its odds
        return t(
            ATTACK_HINT(detail.side),
            cell=board.name(action.cell),
            target=board.name(action.target),
            p=percent(detail.success),
        )
    if isinstance(action, FateChoice):
        return _fate_reason(t, state, action.call)
    if isinstance(action, Place):
        dir_words = t(DIRECTION(DIRECTIONS[action.facing]))
        return t("battle_checkers.hint.place", cell=board.name(action.cell), dir=dir_words)
    if isinstance(action, Preset):
        return t("battle_checkers.hint.preset", preset=preset_title(action.name))
    return t("battle_checkers.hint.end")  # ending with pips left: the planner found no use of them worth its risk


def _fate_reason(t: Translator, state: BattleCheckersState, call: bool) -> str:
    """A fate choice with why: the engine's odds that the roll ends the game for either side, or, where it cannot,
    both sides' spirit."""
    called = state.forecast(FateChoice(True))  # the roll's odds whichever choice is hinted
    detail = called.detail
    assert isinstance(detail, FateForecast)  # calling the roll's forecast carries both sides' spirit
    win, lose = called.probability("opponent_out"), called.probability("caller_out")
    mine, theirs = detail.spirit[detail.caller], detail.spirit[1 - detail.caller]
    kind = "odds" if win or lose else "spirit"
    return t(
        FATE_HINT("fate" if call else "nofate", kind), win=percent(win), lose=percent(lose), mine=mine, theirs=theirs
    )


def faced_attack(after: BattleCheckersState, cell: int, facing: int, seat: int) -> tuple[str, AttackForecast] | None:
    """The enemy the unit on `cell` faces in `after` and the engine's odds of striking it (its name and the attack's
    forecast), None when it faces no enemy it can strike."""
    board = after.board
    ahead = board.ahead[cell][facing]
    target = after.unit_at(ahead) if ahead >= 0 else None
    if target is None or target["owner"] == seat:
        return None
    attack = Attack(cell, ahead)
    if attack not in after.legal_actions():
        return None
    detail = after.forecast(attack).detail
    assert isinstance(detail, AttackForecast)
    return board.name(ahead), detail


def _why(
    t: Translator, after: BattleCheckersState, cell: int, facing: int, seat: int, text: str, risks: bool = True
) -> str:
    """`text` with what the unit on `cell` then faces (and the odds of striking it) and, with `risks` (the other
    side moves), the risk it runs, or, where it sets up nothing, that no enemy can strike its rear or weapon flank
    next turn."""
    faced = faced_attack(after, cell, facing, seat)
    if faced is not None:
        target, detail = faced
        text = t(FACES_HINT(detail.side), text=text, target=target, p=percent(detail.success))
    if not risks:
        return text
    risk = threats(after, seat).get(cell)
    if risk:
        text = t("battle_checkers.hint.risk", text=text, p=percent(risk))
    elif faced is None:
        text = t("battle_checkers.hint.safe", text=text)  # no attack set up and no risk: its safety is the why
    return text
