"""The CheckRisk state: the engine seam over a `Position`; the rules are the functions of `rules`, `legal`,
`turns` and `battle`."""

from __future__ import annotations

from fractions import Fraction

from game.engine.checkrisk import actions as A
from game.engine.checkrisk import legal
from game.engine.checkrisk.legal import legal_actions
from game.engine.checkrisk.level_game import LevelGame
from game.engine.checkrisk.odds import battle_forecast
from game.engine.checkrisk.phases import BattleView, Phase
from game.engine.checkrisk.position import Battle, GroupEarning, Position, Reinforcement
from game.engine.checkrisk.position_json import position_to_dict
from game.engine.checkrisk.rules import apply_action, chance_outcomes, current_player
from game.engine.core import Event, Forecast, ForecastOutcome, IllegalAction, JSONObject, Outcome, State

_new = object.__new__


class CheckRiskState(State[A.CheckRiskAction]):
    """A CheckRisk position behind the engine seam: its data is `position` (see `position.Position`), the rules are
    `legal`, `turns` and `battle`. The per-cell and per-seat lists it shows are the position's own: read them
    freely, never write them (use `apply`). Cells are indices (see `game.cell_name`)."""

    __slots__ = ("game", "position")
    game: LevelGame

    def __init__(self, game: LevelGame, position: Position) -> None:
        self.game = game
        self.position = position

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """The seat to decide (the defender's seat when it must stand or retreat), CHANCE or TERMINAL."""
        return current_player(self.position)

    def progress(self) -> tuple[int, int] | None:
        """(round, turn limit) once deployment is over (C15)."""
        p = self.position
        return (p.round, p.spec.turn_limit) if p.round >= 1 else None

    def turn_seat(self) -> int:
        """The seat whose turn (or deployment) it is, also while the defender decides (C12.4)."""
        seat = self.current_player()
        return self.position.seat if seat >= 0 else seat

    def legal_actions(self) -> list[A.CheckRiskAction]:
        """The decisions open to the seat to act."""
        return legal_actions(self.position)

    def chance_outcomes(self) -> list[tuple[A.CheckRiskAction, Fraction]]:
        """A battle round's decisive hit counts (Roll(attacker_hits, defender_hits)) with exact odds."""
        return chance_outcomes(self.position)

    def apply(self, action: A.CheckRiskAction) -> list[Event]:
        """Apply a decision or chance outcome; raises IllegalAction when it is not legal here."""
        return apply_action(self.position, action)

    def action_to_str(self, action: A.CheckRiskAction) -> str:
        """Notation as in the rules (see `actions`)."""
        return A.to_str(self.game.board, action)

    def action_from_str(self, text: str) -> A.CheckRiskAction:
        """Parse notation into an action or chance outcome legal here; raises IllegalAction."""
        action = A.from_str(self.game.board, text)
        problem = legal.problem(self.position, action)
        if problem:
            raise IllegalAction(f"{text!r}: {problem}")
        return action

    def clone(self) -> CheckRiskState:
        """An independent copy."""
        other = _new(CheckRiskState)  # without __init__'s call: clones are the AI's most frequent step
        other.game = self.game
        other.position = self.position.copy()
        return other

    def to_dict(self) -> JSONObject:
        """The position JSON of the rules (see `position`)."""
        return position_to_dict(self.position)

    def outcome(self) -> Outcome | None:
        """Winners and reason once the game is over (C14, C15)."""
        return self.position.outcome

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.position.outcome is not None

    # ------------------------------------------------------------------ the position, read-only

    @property
    def owner(self) -> list[int]:
        """The seat owning each cell's stack (-1 when empty)."""
        return self.position.owner

    @property
    def count(self) -> list[int]:
        """The tokens on each cell."""
        return self.position.count

    @property
    def supply(self) -> list[int]:
        """Each seat's tokens neither on the board nor removed."""
        return self.position.supply

    @property
    def removed(self) -> list[int]:
        """Each seat's tokens that left the game in battle (C11)."""
        return self.position.removed

    @property
    def to_deploy(self) -> list[int]:
        """Each seat's tokens still to place in deployment."""
        return self.position.to_deploy

    @property
    def on_board(self) -> list[int]:
        """Each seat's tokens on the board, counting attackers out on a battle."""
        return self.position.on_board

    @property
    def out(self) -> list[bool]:
        """Which seats are out of the game (C14)."""
        return self.position.out

    @property
    def seat(self) -> int:
        """Whose turn (or deployment) it is."""
        return self.position.seat

    @property
    def round(self) -> int:
        """0 during deployment, then 1…turn_limit."""
        return self.position.round

    @property
    def actions_left(self) -> int:
        """Actions left in the turn."""
        return self.position.actions_left

    @property
    def phase(self) -> Phase:
        """What the seat to act is doing."""
        return self.position.phase

    @property
    def reinforcements(self) -> list[Reinforcement]:
        """(group cells, tokens left to place) of the turn's reinforcements."""
        return self.position.reinforcements

    @property
    def battle(self) -> Battle | None:
        """The battle being fought, or None."""
        return self.position.battle

    @property
    def rolls(self) -> int:
        """Rounds rolled this game (they seed the faces shown)."""
        return self.position.rolls

    def stack(self, cell: int) -> tuple[int, int] | None:
        """(owner, count) of the stack on a cell, or None when it is empty."""
        return self.position.stack(cell)

    def owner_at(self, cell: int) -> int:
        """The seat owning the stack on a cell, or -1 when empty."""
        return self.position.owner_at(cell)

    def stacks(self) -> list[tuple[int, int, int]]:
        """Every stack as (cell, owner, count), by cell index."""
        return self.position.stacks()

    def cells_of(self, seat: int) -> list[int]:
        """The cells holding the seat's stacks."""
        return self.position.cells_of(seat)

    def cells_held(self, seat: int) -> int:
        """How many cells the seat holds (the first C15 tie-break)."""
        return self.position.cells_held(seat)

    def tokens_on_board(self, seat: int) -> int:
        """The seat's tokens on the board, counting attackers out on a battle."""
        return self.position.on_board[seat]

    def groups(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's orthogonally connected groups of cells (C7), each sorted, largest first."""
        return self.position.groups(seat)

    def reinforcement_due(self, seat: int) -> list[Reinforcement]:
        """(group, tokens) for each of the seat's groups that touches the edge and has ⌊cells/4⌋ ≥ 1 (C7)."""
        return self.position.reinforcement_due(seat)

    def group_earnings(self, seat: int) -> list[GroupEarning]:
        """Every group of the seat, largest first, with whether it touches the edge and the tokens it earns (C7):
        why a turn brings the reinforcements it does, or none."""
        return self.position.group_earnings(seat)

    def pending_reinforcements(self) -> list[Reinforcement]:
        """(group cells, tokens still to place) while reinforcing."""
        return self.position.pending_reinforcements()

    def pending_battle(self) -> BattleView | None:
        """The battle being fought, or None."""
        return self.position.pending_battle()

    # ------------------------------------------------------------------ for AI and client

    def forecast(self, action: A.CheckRiskAction) -> Forecast:
        """An attack: the battle fought to the end with the actual stacks (`BattleForecast` in `detail`);
        any other decision: its one certain result. Raises IllegalAction when `action` is not legal here."""
        legal.require(self.position, action)
        if not isinstance(action, A.Attack):
            return Forecast.sure(self.preview(action))
        detail = battle_forecast(action.n, self.position.count[action.target])
        return Forecast(
            (
                ForecastOutcome("win", detail.win),
                ForecastOutcome("hold", detail.hold),
                ForecastOutcome("both_gone", detail.both_gone),
            ),
            detail,
        )

    def deployable_presets(self) -> list[str]:
        """Preset names the seat deploying now may choose (C6)."""
        return legal.deployable_presets(self.position)

    def preset_action(self, name: str) -> A.Preset | None:
        """`preset NAME` for the seat deploying now, when that preset may be chosen (C6); else None."""
        return A.Preset(name) if name in self.deployable_presets() else None
