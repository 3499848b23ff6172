"""Prepared Battle Checkers positions and scripted games for screenshots, tests and the benchmark: deployment, a
turn with the planner open (and a short move on the sum, with the pips it wastes), attacks of every kind, the fate
offer, and a last blow that ends the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.board.demo import instant
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers import USE_SUM, BattleCheckersGame, BattleCheckersState
from game.engine.core import JSON

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.battle_checkers.scene import BattleCheckersScene

AI = "ai:easy"
Units = dict[str, tuple[int, str]]  # cell -> (owner, facing)

# Orange to act with 3 and 5: a head-on attack on d5, a certain one from the rear on g5, a right-flank one on b6
# and a left-flank one on i6, with room to plan; Blue's line behind.
ATTACKS: Units = {
    "d4": (0, "N"),
    "f4": (0, "NE"),
    "a5": (0, "NE"),
    "j5": (0, "NW"),
    "c2": (0, "N"),
    "h2": (0, "N"),
    "d5": (1, "S"),
    "g5": (1, "N"),
    "b6": (1, "S"),
    "i6": (1, "S"),
    "e8": (1, "S"),
    "h9": (1, "SW"),
}


def position(
    units: Units,
    seats: list[str],
    phase: str = "main",
    player: int = 0,
    dice: tuple[int, int] | None = (3, 5),
    spirit: tuple[int, int] = (6, 6),
    turn: int = 7,
    seed: int = 5,
    **extra: JSON,
) -> GameSession:
    """A session on the standard level from a prepared position (the engine reads and checks it)."""
    session = GameSession("battle_checkers", "standard", seats, seed=seed, autosave=False, executor=InlineExecutor())
    data: dict[str, JSON] = {
        "board": [10, 10],
        "spirit": list(spirit),
        "phase": phase,
        "player": player,
        "turn": turn,
        "dice": list(dice) if dice is not None else None,
        "spent": [False, False],
        "to_place": [0, 0],
        "units": [{"cell": c, "owner": o, "facing": f} for c, (o, f) in units.items()],
        **extra,
    }
    # The position becomes the level's start, so replays of the log (review, the summary) begin from it.
    level = {**session.game.level_data, "position": data}
    session.game = BattleCheckersGame(session.level, level)
    session.state = session.game.initial_state()
    return session


def crowded() -> GameSession:
    """Both sides deployed in line, Orange (human) to plan its first turn with 3 and 5."""
    session = GameSession(
        "battle_checkers", "standard", ["human", AI], seed=2, autosave=False, executor=InlineExecutor()
    )
    for _ in range(2):
        session.apply(session.state.action_from_str("preset wedge"))
    state = session.state
    if not isinstance(state, BattleCheckersState) or state.phase != "main" or state.player != 0:
        raise RuntimeError("the crowded board expects Orange to act first")
    return session


def screenshot_contexts(app: App) -> list[tuple[str, dict[str, object]]]:
    """(name, context) pairs for `--screenshot`."""

    def deploy(scene: BattleCheckersScene) -> None:
        picks = scene.view.picks
        picks.use_preset("wedge")
        first = sorted(picks.draft)[0]
        picks.remove_unit(first)
        picks.add_unit("e4")
        picks.turn_unit("e4", 1)
        picks.hover = "e4"

    def plan(scene: BattleCheckersScene) -> None:
        picks = scene.view.picks
        picks.select("c2")  # no chip chosen: the move takes the die that fits, and the card says so
        picks.hover = "e4"
        scene.view.picks.threat = False

    def pips(scene: BattleCheckersScene) -> None:
        picks = scene.view.picks
        picks.select("c2")
        picks.choose_use(USE_SUM)  # the sum chosen for a short move: the card warns of the pips it wastes
        picks.hover = "c4"
        scene.view.picks.threat = False

    def attack(scene: BattleCheckersScene) -> None:
        picks = scene.view.picks
        picks.hover = "d5"

    fate_session = position(
        {"d4": (0, "N"), "f4": (0, "NE"), "c2": (0, "N"), "e8": (1, "S"), "h9": (1, "SW"), "b7": (1, "E")},
        ["human", AI],
        phase="fate_choice",
        spirit=(7, 5),
        fate_player=0,
    )
    over = position({"f4": (0, "NE"), "d4": (0, "N"), "c2": (0, "N"), "g5": (1, "N")}, ["human", AI], spirit=(4, 2))
    return [
        (
            "deploy",
            {
                "session": GameSession("battle_checkers", "standard", ["human", AI], seed=1, autosave=False),
                "prepare": instant(app, deploy),
            },
        ),
        ("plan", {"session": position(ATTACKS, ["human", AI]), "prepare": instant(app, plan)}),
        ("pips", {"session": position(ATTACKS, ["human", AI]), "prepare": instant(app, pips)}),
        ("attack", {"session": position(ATTACKS, ["human", AI]), "prepare": instant(app, attack)}),
        ("fate", {"session": fate_session, "prepare": instant(app)}),
        ("game_over", {"session": over, "play": ["f4xg5"], "prepare": instant(app), "_frames": 600}),
    ]
