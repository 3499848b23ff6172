"""The legal actions of a CheckRisk position sorted the way the player picks them, read from typed fields."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import checkrisk as cr
from game.engine.checkrisk import CheckRiskAction, CheckRiskState, LevelGame
from game.engine.checkrisk.actions import from_str


@dataclass
class ActionIndex:
    """Legal actions by origin and target cell (names), plus the phase's own choices."""

    moves: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # (origin, target) -> amounts
    attacks: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    deploy: dict[str, list[int]] = field(default_factory=dict)  # cell -> amounts that may go there now
    presets: list[str] = field(default_factory=list)
    reinforce: set[str] = field(default_factory=set)
    retreats: dict[tuple[tuple[str, int], ...], cr.Retreat] = field(default_factory=dict)  # parts -> action
    occupy: list[int] = field(default_factory=list)
    words: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, state: CheckRiskState) -> ActionIndex:
        """Index `state.legal_actions()`."""
        index = cls()
        name = state.game.cell_name
        for action in state.legal_actions():
            if isinstance(action, cr.Move):
                index.moves.setdefault((name(action.origin), name(action.target)), []).append(action.n)
            elif isinstance(action, cr.Attack):
                index.attacks.setdefault((name(action.origin), name(action.target)), []).append(action.n)
            elif isinstance(action, cr.Deploy):
                index.deploy.setdefault(name(action.cell), []).append(action.k)
            elif isinstance(action, cr.Preset):
                index.presets.append(action.name)
            elif isinstance(action, cr.Reinforce):
                index.reinforce.add(name(action.cell))
            elif isinstance(action, cr.Retreat):
                index.retreats[tuple((name(c), n) for c, n in action.parts)] = action
            elif isinstance(action, cr.Occupy):
                index.occupy.append(action.k)
            elif isinstance(action, cr.Word):
                index.words.add(state.action_to_str(action))
        return index

    def origins(self) -> set[str]:
        """Cells of own stacks that can move or attack."""
        return {o for o, _ in self.moves} | {o for o, _ in self.attacks}

    def targets(self, origin: str) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """(move targets, attack targets) of the stack on `origin`, each cell -> the amounts allowed."""
        moves = {t: ns for (o, t), ns in self.moves.items() if o == origin}
        attacks = {t: ns for (o, t), ns in self.attacks.items() if o == origin}
        return moves, attacks

    def retreat_cells(self) -> list[str]:
        """The cells a retreating defender may use."""
        return sorted({c for parts in self.retreats for c, _ in parts})


def typed(game: LevelGame, text: str) -> CheckRiskAction | None:
    """The typed action a logged notation names (legal now or not), or None."""
    try:
        return from_str(game.board, text)
    except ValueError:
        return None
