"""The Battle Checkers state: the engine seam over a `Position` and the rule modules."""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from game.engine.battle_checkers import checks, moves
from game.engine.battle_checkers.actions import CHANCE_OUTCOMES, Activate, Attack, BattleCheckersAction, FateChoice
from game.engine.battle_checkers.events import Destroyed, FateRolled, Shielded
from game.engine.battle_checkers.geometry import DIRECTIONS, Board, side_hit
from game.engine.battle_checkers.notation import action_from_str, action_to_str
from game.engine.battle_checkers.odds import ActivationForecast, FateForecast, attack_forecast
from game.engine.battle_checkers.phases import (
    ACTIVATED,
    ATTACK_READY,
    DEPLOY,
    EMPTY,
    FATE_CHOICE,
    MAIN,
    OVER,
    SHIELD_UP,
    Phase,
)
from game.engine.battle_checkers.position import PendingAttack, Position
from game.engine.battle_checkers.position_json import position_to_dict
from game.engine.battle_checkers.rules import apply_action
from game.engine.core import (
    CHANCE,
    TERMINAL,
    Event,
    Forecast,
    ForecastOutcome,
    Game,
    IllegalAction,
    JSONObject,
    Outcome,
    State,
)


def side_turn(turn: int) -> int:
    """A side's turn number from the turns begun over both sides (B13): both sides' first turns are turn 1."""
    return max(1, (turn + 1) // 2)


class UnitInfo(TypedDict):
    """A unit as `BattleCheckersState.unit_at` describes it."""

    cell: str
    owner: int
    facing: str
    attack: bool
    shield: bool
    activated: bool


class BattleCheckersState(State[BattleCheckersAction]):
    """A game in progress: the `position` the rules change, and read-only views of its fields for callers.

    Units live in three parallel lists indexed by cell: `owner` (-1 empty), `facing`, `flags`. Also `phase`,
    `player` (whose turn or who deploys), `turn`, `turn_limit`, `dice` (lower die first, None before the roll),
    `spent`, `spirit`, `to_place`, `pending` (the attack awaiting a roll), `fate_player`, `board` (geometry).
    Cells are ints; the accessors below also take names where noted.
    """

    __slots__ = ("game", "position")

    def __init__(self, game: Game, position: Position) -> None:
        self.game = game
        self.position = position

    # ------------------------------------------------------------------ the position's fields (read-only)

    @property
    def board(self) -> Board:
        """The board geometry."""
        return self.position.board

    @property
    def owner(self) -> list[int]:
        """owner[cell]: the unit's player, or -1 for an empty cell."""
        return self.position.owner

    @property
    def facing(self) -> list[int]:
        """facing[cell]: the unit's facing, 0…7 clockwise from N."""
        return self.position.facing

    @property
    def flags(self) -> list[int]:
        """flags[cell]: the unit's flags (attack ready, shield up, activated)."""
        return self.position.flags

    @property
    def spirit(self) -> list[int]:
        """Each player's spirit grains."""
        return self.position.spirit

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self.position.phase

    @property
    def player(self) -> int:
        """Whose turn it is, or who deploys."""
        return self.position.player

    @property
    def turn(self) -> int:
        """Turns begun, counted over both players."""
        return self.position.turn

    @property
    def turn_limit(self) -> int:
        """Turns each player has (B13)."""
        return self.position.turn_limit

    @property
    def dice(self) -> tuple[int, int] | None:
        """The turn's roll, lower die first; None before it."""
        return self.position.dice

    @property
    def spent(self) -> list[bool]:
        """Whether die 1 and die 2 are spent."""
        return self.position.spent

    @property
    def to_place(self) -> list[int]:
        """Units each player still has to deploy."""
        return self.position.to_place

    @property
    def pending(self) -> PendingAttack | None:
        """The attack awaiting its duel or repel roll."""
        return self.position.pending

    @property
    def fate_player(self) -> int | None:
        """Who calls the fate roll now."""
        return self.position.fate_player

    # ------------------------------------------------------------------ seam

    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""
        p = self.position
        phase = p.phase
        if phase is MAIN or phase is DEPLOY:
            return p.player
        if phase is FATE_CHOICE and p.fate_player is not None:
            return p.fate_player
        if phase is OVER:
            return TERMINAL
        return CHANCE

    def progress(self) -> tuple[int, int] | None:
        """(the side's turn, the turns each side has) (B13): both sides' first turns are turn 1."""
        p = self.position
        return (side_turn(p.turn), p.turn_limit)

    def turn_seat(self) -> int:
        """The side whose turn it is, also while the other side decides on a fate roll."""
        seat = self.current_player()
        return self.position.player if seat >= 0 else seat

    def legal_actions(self) -> list[BattleCheckersAction]:
        """Every decision open now: distinct activation end results, attacks, `end`; or deploy/fate choices."""
        return moves.legal_actions(self.position)

    def chance_outcomes(self) -> list[tuple[BattleCheckersAction, Fraction]]:
        """The roll (21 unordered 2d6), duel (30 untied pairs), repel (1d6) or fate roll (36 pairs)."""
        return list(CHANCE_OUTCOMES.get(self.position.phase, ()))

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.position.outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.position.outcome is not None

    def clone(self) -> BattleCheckersState:
        """An independent copy."""
        return BattleCheckersState(self.game, self.position.copy())

    def to_dict(self) -> JSONObject:
        """The position JSON of the rules (round-trips through `Game.state_from_dict`)."""
        return position_to_dict(self.position)

    def action_to_str(self, action: BattleCheckersAction) -> str:
        """Notation of an action or chance outcome (activation plans are canonical)."""
        return action_to_str(self.position, action)

    def action_from_str(self, text: str) -> BattleCheckersAction:
        """Parse notation into an action legal here or an outcome of this chance node."""
        return action_from_str(self.position, text)

    def apply(self, action: BattleCheckersAction) -> list[Event]:
        """Apply a decision or chance outcome; IllegalAction when it is not legal here."""
        return apply_action(self.position, action)

    def check(self, action: object) -> None:
        """Raise IllegalAction (with the reason) unless `action` is a legal decision or outcome here."""
        checks.check(self.position, action)

    def is_legal(self, action: object) -> bool:
        """True when `action` may be applied now."""
        try:
            checks.check(self.position, action)
        except IllegalAction:
            return False
        return True

    def forecast(self, action: BattleCheckersAction) -> Forecast:
        """An attack: 'success' (the defender destroyed) and 'fail', each with what it costs as its events (the
        `Destroyed` unit: the defender, or on a lost head-on duel the attacker; a `Shielded` shield spent), with
        `AttackForecast` (side hit, repel chance) in `detail`. An activation: its one result, with
        `ActivationForecast` (the pips it uses, costs and gives up, the dice kept) in `detail`. Calling the fate
        roll: 'caller_out', 'opponent_out' (the roll leaves that side without spirit: it has lost) and 'goes_on',
        with `FateForecast` in `detail`. Every other decision: its one certain result. Raises IllegalAction when
        not legal here."""
        self.check(action)
        if isinstance(action, Attack):
            return self._attack_forecast(action)
        if isinstance(action, FateChoice) and action.call:
            return self._fate_forecast(action)
        if isinstance(action, Activate):
            sure = ForecastOutcome("certain", Fraction(1), tuple(self.preview(action)))
            return Forecast((sure,), self._activation_forecast(action))
        return Forecast.sure(self.preview(action))

    def _activation_forecast(self, action: Activate) -> ActivationForecast:
        p = self.position
        pips = dict(moves.uses(p))[action.use]
        cost = moves.activation_cost(p, action.cell, action.to, action.facing)
        assert cost is not None  # checked legal above
        open_after = [i for i in (0, 1) if not p.spent[i] and action.use not in (0, i + 1)]
        dice = p.dice or (0, 0)
        kept = tuple(dice[i] for i in open_after)
        return ActivationForecast(action.use, pips, cost, pips - cost, kept)

    def _resolved(self, action: BattleCheckersAction) -> list[tuple[Fraction, BattleCheckersState, list[Event]]]:
        """`action` applied on a copy and, when dice follow, each roll applied on a copy of that: (probability,
        the state reached, the events of the action and the roll) per outcome."""
        after = self.clone()
        first = after.apply(action)
        if after.current_player() != CHANCE:
            return [(Fraction(1), after, first)]
        out = []
        for roll, p in after.chance_outcomes():
            state = after.clone()
            out.append((p, state, first + state.apply(roll)))
        return out

    def _attack_forecast(self, action: Attack) -> Forecast:
        detail = attack_forecast(self.position, action.cell, action.target)
        target = self.board.names[action.target]
        odds: dict[str, Fraction] = {}
        costs: dict[str, tuple[Event, ...]] = {}
        for p, _, events in self._resolved(action):
            label = "success" if any(isinstance(e, Destroyed) and e.cell == target for e in events) else "fail"
            odds[label] = odds.get(label, Fraction(0)) + p
            costs[label] = tuple(e for e in events if isinstance(e, (Destroyed, Shielded)))
        outcomes = (ForecastOutcome(label, odds[label], costs[label]) for label in ("success", "fail") if label in odds)
        return Forecast(tuple(outcomes), detail)

    def _fate_forecast(self, action: FateChoice) -> Forecast:
        caller = self.position.fate_player
        if caller is None:
            raise IllegalAction("no fate roll to call")
        odds: dict[str, Fraction] = {}
        ending: list[int | None] = [None, None]  # the smallest loss that ends the game, per side
        for p, state, events in self._resolved(action):
            outcome = state.outcome()
            loser = None if outcome is None else 1 - outcome.winners[0]
            label = "goes_on" if loser is None else ("caller_out" if loser == caller else "opponent_out")
            odds[label] = odds.get(label, Fraction(0)) + p
            rolled = [e for e in events if isinstance(e, FateRolled)]
            if loser is not None and rolled:
                loss, least = rolled[-1].loss, ending[loser]
                ending[loser] = loss if least is None else min(loss, least)
        detail = FateForecast(caller, tuple(self.spirit), tuple(ending))
        labels = ("caller_out", "opponent_out", "goes_on")
        return Forecast(tuple(ForecastOutcome(label, odds[label]) for label in labels if label in odds), detail)

    # ------------------------------------------------------------------ accessors (cheap, for AI and client)

    def unit_count(self, player: int) -> int:
        """How many units a player has."""
        return self.position.unit_count(player)

    def units_of(self, player: int) -> list[int]:
        """Cells of a player's units, in cell order."""
        owner = self.position.owner
        return [c for c in range(len(owner)) if owner[c] == player]

    def unit_at(self, cell: int | str) -> UnitInfo | None:
        """The unit on a cell as {cell, owner, facing, attack, shield, activated}, or None."""
        p = self.position
        c = p.board.cell(cell)
        if p.owner[c] == EMPTY:
            return None
        flags = p.flags[c]
        return {
            "cell": p.board.name(c),
            "owner": p.owner[c],
            "facing": DIRECTIONS[p.facing[c]],
            "attack": bool(flags & ATTACK_READY),
            "shield": bool(flags & SHIELD_UP),
            "activated": bool(flags & ACTIVATED),
        }

    def can_attack(self, cell: int) -> bool:
        """Whether the unit on `cell` still has its attack (B8)."""
        return bool(self.position.flags[cell] & ATTACK_READY)

    def has_shield(self, cell: int) -> bool:
        """Whether the unit on `cell` still has its left-flank shield this turn (B10)."""
        return bool(self.position.flags[cell] & SHIELD_UP)

    def next_to_enemy(self, cell: int) -> bool:
        """Whether the unit on `cell` has an enemy unit on a neighbouring cell (B7: it may not move)."""
        return moves.next_to_enemy(self.position, cell)

    def uses(self) -> list[tuple[int, int]]:
        """(use, pips) still open this turn: the sum and each unspent die (B6); a double offers die 1 once."""
        return moves.uses(self.position)

    def ready_units(self) -> list[int]:
        """Cells of the acting player's units that have not been activated this turn."""
        return moves.ready_units(self.position)

    def attacks(self) -> list[Attack]:
        """The acting player's attacks open now (B8): units with their attack facing an adjacent enemy."""
        return moves.attacks(self.position)

    def unit_actions(self, cell: int | str) -> list[BattleCheckersAction]:
        """The legal activations (every open dice use) and attack of the unit on `cell`, for click handling."""
        p = self.position
        c = p.board.cell(cell)
        if p.phase is not MAIN or p.owner[c] != p.player:
            return []
        out: list[BattleCheckersAction] = [a for a in moves.attacks(p) if a.cell == c]
        if not p.flags[c] & ACTIVATED:
            for use, pips in moves.uses(p):
                moves.activations_into(p, out.append, c, use, pips)
        return out

    def activations(self, cell: int, use: int, pips: int) -> list[Activate]:
        """Every distinct end result (cell, facing) the unit on `cell` can reach with `pips` (B7)."""
        out: list[Activate] = []
        moves.activations_into(self.position, out.append, cell, use, pips)
        return out

    def activation_cost(self, cell: int, to: int, facing: int) -> int | None:
        """The fewest pips that take the unit on `cell` to (`to`, `facing`), or None when it cannot get there."""
        return moves.activation_cost(self.position, cell, to, facing)

    def plan(self, action: Activate) -> tuple[int, int, int]:
        """The canonical (first turn, steps, last turn) of an activation; turns in signed eighths."""
        return moves.plan(self.position, action)

    def side_of(self, attacker: int, defender: int) -> str:
        """B9: the side of the unit on `defender` that the neighbouring cell `attacker` faces."""
        return side_hit(self.position.board, attacker, defender, self.position.facing[defender])
