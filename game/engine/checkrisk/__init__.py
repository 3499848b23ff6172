"""CheckRisk (rules/checkrisk.md): stacks of up to six tokens, reinforcements, and dice battles.

Modules: `actions` (action types, notation, action tables), `events`, `position` (a position's data and its
read-only questions), `rules` (who acts, chance, applying an action by its type), `state` (`CheckRiskState`, the
engine seam over a position); the rules as functions over a position in `legal` (legal actions), `turns` (turn flow)
and `battle`; `board` (geometry), `level` (levels, zones, presets), `odds` (exact battle probabilities), `faces` (the
dice faces shown), `phases` (phases and battle stages), `position_json` (position JSON), `level_game` (a loaded
level) and `game` (the mode: a loaded level that makes its states).

API in brief (cells are indices 0…w·h−1, a1 = 0, rank by rank; `game.cell_name(i)` / `game.cell_index("c2")`):
    game = registry.load("checkrisk", "standard")      # or corners3, corners4, large10
    state = game.initial_state()                        # deployment of seat 0
    state.phase                                         # Phase: deploy / reinforce / act / battle / over
    state.seat, state.round, state.actions_left         # whose turn, round 1…turn_limit, actions left
    state.current_player()                              # the defender's seat when it must stand or retreat
    state.owner[i], state.count[i], state.stack(i)      # -1/0 when empty; read-only lists
    state.stacks(), state.cells_of(seat), state.groups(seat), state.reinforcement_due(seat)
    state.supply[seat], state.removed[seat], state.tokens_on_board(seat), state.out[seat]
    state.pending_battle()                              # BattleView(origin, target, ..., stage) or None
    state.pending_reinforcements(), state.deployable_presets()
    state.forecast(action)    # an attack: Forecast of win / hold / both_gone, detail = BattleForecast (survivors)
    game.neighbours(i), game.is_edge(i), game.zone(seat), game.presets(seat), game.preset_title(name, "ru")
    game.position({"c2": (0, 5), "c3": (1, 2)}, seat=0, phase="act")   # a hand-made position
    battle_odds(a, d), battle_odds_after(a, d, rounds), battle_distribution(a, d, rounds)
Actions are small frozen types (see `actions`), e.g. Move(10, 18, 2) is "c2-c3:2"; a client reads `action.origin`,
`action.n`, and dispatches on the type; events are in `events`.

Where the rules leave room, the engine decides (and the tests pin down):
- A round's chance outcome is its hit counts conditioned on at least one hit: a round without hits changes
  nothing, so it is never rolled; this keeps every game within `max_length` and matches the rules' odds
  "counting only decisive rounds" (see `odds`). The faces shown are derived from the hits (see `faces`).
- When both stacks are gone the cell is left empty and nobody occupies it (C12.2); occupation follows a win
  (C12.1) or a retreat (C12.4) only.
- A defender retreats only when its whole stack fits into the cells it may use (C12.4 moves the whole stack);
  otherwise it has nowhere to go and is not asked: `continue` is followed by a forced `Stood(forced=True)`.
  The defender is first asked after the first round (retreat answers a `continue`).
- When a battle eliminates the last opponent the game ends at once, without the occupation step.
- A turn ends by itself once its actions are used, or when the seat to move has been eliminated.
- Groups and their reinforcements are fixed at the start of the turn. When the supply cannot cover every
  group, larger groups are served first (equal sizes: the group holding the cell nearest a1, rank by rank);
  tokens with no room stay in the supply. Reinforcement tokens count as supply until placed.
- If the last two seats destroy each other in one round, they share a draw ("mutual destruction"); with a third
  seat still in, that seat wins.
- C15 counts only the seats still in; round 1 starts with the lowest seat still in, after every seat deployed.
- A deployment zone without `max_cells` keeps C4's limit of 8 cells; a level may set another limit (large10: 10).
- Deployment is written `deploy c2:3` (place 3 tokens on c2) or `preset NAME`; retreat parts are listed in
  cell order (rank by rank from a1), though any order is read.
"""

from game.engine.checkrisk.actions import (
    CONTINUE,
    END,
    STAND,
    WITHDRAW,
    WORDS,
    Attack,
    CheckRiskAction,
    Continue,
    Deploy,
    End,
    Move,
    Occupy,
    Preset,
    Reinforce,
    Retreat,
    Roll,
    Stand,
    Withdraw,
    Word,
)
from game.engine.checkrisk.game import CheckRiskGame, make_game
from game.engine.checkrisk.legal import DeployRefusal, deploy_refusal
from game.engine.checkrisk.level_game import LevelGame
from game.engine.checkrisk.odds import (
    BattleForecast,
    battle_distribution,
    battle_forecast,
    battle_odds,
    battle_odds_after,
    round_outcomes,
)
from game.engine.checkrisk.phases import BattleView, Phase, Stage
from game.engine.checkrisk.position import CELLS_PER_TOKEN, GroupEarning
from game.engine.checkrisk.state import CheckRiskState

__all__ = [
    "deploy_refusal",
    "CONTINUE",
    "END",
    "STAND",
    "WITHDRAW",
    "WORDS",
    "CELLS_PER_TOKEN",
    "Attack",
    "BattleForecast",
    "BattleView",
    "CheckRiskAction",
    "CheckRiskGame",
    "CheckRiskState",
    "Continue",
    "Deploy",
    "DeployRefusal",
    "End",
    "GroupEarning",
    "LevelGame",
    "Move",
    "Occupy",
    "Phase",
    "Preset",
    "Reinforce",
    "Retreat",
    "Roll",
    "Stage",
    "Stand",
    "Withdraw",
    "Word",
    "battle_distribution",
    "battle_forecast",
    "battle_odds",
    "battle_odds_after",
    "make_game",
    "round_outcomes",
]
