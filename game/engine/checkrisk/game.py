"""The CheckRisk mode: a level loaded, precomputed action tables, states made and read back."""

from __future__ import annotations

from typing import Any

from game.engine.checkrisk import actions as A
from game.engine.checkrisk.level import MAX_STACK, LevelSpec, parse_level
from game.engine.checkrisk.position import build_position, state_from_dict
from game.engine.checkrisk.state import CheckRiskState
from game.engine.core import Game
from game.engine.reasons import CheckRiskReason

# A battle of a + d ≤ 12 tokens loses at least one token per (decisive) round, so it has at most 11 rounds;
# each round is a roll, a continue and a stand, then one closing decision (occupy).
_STEPS_PER_BATTLE = 1 + (2 * MAX_STACK - 1) * 3 + 1


class CheckRiskGame(Game):
    """CheckRisk on one level: 2, 3 or 4 seats, deployment zones and presets from the level."""

    name = "checkrisk"
    min_players = 2
    max_players = 4
    reasons = CheckRiskReason

    def __init__(self, level_name: str = "standard", level_data: dict[str, Any] | None = None) -> None:
        super().__init__(level_name, level_data)
        self.spec: LevelSpec = parse_level(self.level_data)
        self.board = self.spec.board
        spec = self.spec
        # Every applied step is bounded: deployment places ≥ 1 token a step, reinforcement placements use up
        # the supply, and each turn has `actions` actions (each at most one battle) plus an `end`.
        self.max_length = (
            spec.players * spec.supply
            + spec.players * spec.turn_limit * (1 + spec.actions * _STEPS_PER_BATTLE)
        )
        size = self.board.size
        # step_tables[i] = ((j, moves, attacks), ...): moves[k] / attacks[k] are the actions taking 1…k tokens.
        self.step_tables: tuple[tuple[tuple[int, tuple, tuple], ...], ...] = tuple(
            tuple((j, _prefixes(A.MOVE, i, j), _prefixes(A.ATTACK, i, j)) for j in self.board.neighbours[i])
            for i in range(size)
        )
        self.reinforce_actions = tuple(A.Reinforce(A.REINFORCE, i) for i in range(size))
        self.deploy_actions = tuple(
            tuple(A.Deploy(A.DEPLOY, i, k) for k in range(1, MAX_STACK + 1)) for i in range(size)
        )

    @property
    def num_players(self) -> int:
        """Number of seats (from the level)."""
        return self.spec.players

    @property
    def board_size(self) -> tuple[int, int]:
        """(width, height) of the level's board."""
        return self.board.width, self.board.height

    def initial_state(self) -> CheckRiskState:
        """The empty board at the start of deployment, seat 0 to deploy."""
        return CheckRiskState(self)

    def state_from_dict(self, data: dict[str, Any]) -> CheckRiskState:
        """Rebuild a position from `to_dict()`; ValueError names the bad field."""
        return state_from_dict(self, data)

    def position(self, stacks: dict[str, tuple[int, int]], **fields: Any) -> CheckRiskState:
        """A position from {"c2": (owner, count)} and overridden position fields (see `position.build_position`)."""
        return build_position(self, stacks, **fields)

    def cell_name(self, cell: int) -> str:
        """The name of a cell index, e.g. 'c2'."""
        return self.board.names[cell]

    def cell_index(self, name: str) -> int:
        """The index of a cell name; ValueError when it is not on the board."""
        return self.board.cell(name)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The orthogonal neighbours of a cell (C1)."""
        return self.board.neighbours[cell]

    def is_edge(self, cell: int) -> bool:
        """True when the cell lies on the board edge (matters for reinforcements, C7)."""
        return self.board.edge[cell]

    def zone(self, seat: int) -> frozenset[int]:
        """The cells where a seat deploys (C4, C5)."""
        return self.spec.zones[seat].cells

    def presets(self, seat: int) -> dict[str, tuple[tuple[int, int], ...]]:
        """Preset name -> ((cell, count), ...) usable by a seat (C6)."""
        return dict(self.spec.presets[seat])

    def preset_title(self, name: str, language: str = "en") -> str:
        """A preset's display title in `language` (English, then the name, as fallbacks)."""
        titles = self.spec.preset_titles.get(name, {})
        return titles.get(language) or titles.get("en") or name.replace("_", " ").capitalize()


def _prefixes(tag: str, origin: int, target: int) -> tuple[tuple[A.Move | A.Attack, ...], ...]:
    step = A.Move if tag == A.MOVE else A.Attack
    steps = tuple(step(tag, origin, target, n) for n in range(1, MAX_STACK + 1))
    return tuple(steps[:k] for k in range(MAX_STACK + 1))


def make_game(level_name: str, level_data: dict[str, Any]) -> CheckRiskGame:
    """The registry entry point."""
    return CheckRiskGame(level_name, level_data)
