"""Scripted CheckRisk games for screenshots, tests and the benchmark: played by inline AI seats up to a moment
worth showing (an attack open to the human, a defender's decision), or a prepared late position."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from game.client.board.demo import instant, play_ai_until
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.checkrisk import Attack, CheckRiskGame, CheckRiskState, Retreat

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.board.scene import BoardScene
    from game.client.checkrisk.scene import CheckRiskScene

AI = "ai:easy"


def played_until(
    level: str, seats: int, done: Callable[[GameSession], bool], seed: int = 4, limit: int = 2000
) -> GameSession:
    """A game of AI seats played (inline) until `done(session)`; its seats are all AI until the caller changes them."""
    session = GameSession("checkrisk", level, [AI] * seats, seed=seed, autosave=False, executor=InlineExecutor())
    return play_ai_until(session, done, limit)


def attack_ready(session: GameSession) -> bool:
    """Seat 0 is to act with an attack open."""
    s = session.state
    if not isinstance(s, CheckRiskState) or s.phase != "act" or s.seat != 0:
        return False
    return any(isinstance(a, Attack) and a.n >= 3 for a in s.legal_actions())


def retreat_ready(session: GameSession) -> bool:
    """A defender is asked, and may retreat."""
    s = session.state
    battle = s.pending_battle() if isinstance(s, CheckRiskState) else None
    return battle is not None and battle.stage == "defender" and any(isinstance(a, Retreat) for a in s.legal_actions())


def odds_session(seed: int = 4) -> GameSession:
    """Seat 0 (human) to act with an attack of three or more open; the other seat an AI."""
    session = played_until("standard", 2, attack_ready, seed)
    session.seats[0] = "human"
    return session


def best_attack(session: GameSession) -> Attack:
    """Seat 0's attack with the most tokens."""
    attacks = [a for a in session.state.legal_actions() if isinstance(a, Attack)]
    return max(attacks, key=lambda a: (a.n, -a.origin))


def battle_position(session_seats: list[str], seed: int = 13) -> GameSession:
    """Mid-game on the standard board, seat 0 to act with six on d4 beside seat 1's four on d5 (with this seed
    the battle's second round costs both sides tokens and leaves it open)."""
    session = GameSession("checkrisk", "standard", session_seats, seed=seed, autosave=False, executor=InlineExecutor())
    stacks = {
        **{"d4": (0, 6), "c4": (0, 3), "d3": (0, 5), "e3": (0, 2), "c2": (0, 4), "f2": (0, 3)},
        **{"d5": (1, 4), "e5": (1, 3), "d6": (1, 5), "c6": (1, 2), "e7": (1, 4), "f6": (1, 3)},
    }
    game = session.game
    assert isinstance(game, CheckRiskGame)
    session.state = game.position(stacks, seat=0, phase="act", round=7)
    return session


def big_attack_ready(session: GameSession) -> bool:
    """Seat 0 is to act with five or more tokens able to attack a stack of three or more."""
    state = session.state
    return (
        isinstance(state, CheckRiskState)
        and state.phase == "act"
        and state.seat == 0
        and any(isinstance(a, Attack) and a.n >= 5 and state.count[a.target] >= 3 for a in state.legal_actions())
    )


def big_battle_session() -> tuple[GameSession, Attack]:
    """A real game on the front line, seat 0 (human) to attack five against three (with this seed the second round
    costs both sides a token), and that attack."""
    session = played_until("frontline", 2, big_attack_ready, seed=8, limit=400)
    session.seats[0] = "human"
    state = session.state
    assert isinstance(state, CheckRiskState)
    attacks = [a for a in state.legal_actions() if isinstance(a, Attack)]
    return session, max(attacks, key=lambda a: (a.n, state.count[a.target], -a.origin))


def show_round_result(scene: BoardScene, attack: object, rounds: int = 2) -> None:
    """Attack with `attack` and fight on (Continue; the defender stands) until round `rounds` is rolled, the earlier
    rounds at instant speed, the last at normal speed up to the moment its result is stated on the card."""
    from game.client.checkrisk.view import CheckRiskView
    from game.engine.checkrisk import CONTINUE, STAND

    view = scene.view
    assert isinstance(view, CheckRiskView)
    app, card = scene.app, view.card

    def stage() -> str:
        state = scene.live.state
        battle = state.pending_battle() if isinstance(state, CheckRiskState) else None
        return str(battle.stage) if battle is not None else ""

    app.settings.anim_speed = "normal" if rounds == 1 else "instant"
    scene.turns.commit(attack)
    for number in range(2, rounds + 1):
        scene.settle_now()
        if stage() != "attacker":
            return  # decided early: the card shows what there is
        app.settings.anim_speed = "normal" if number == rounds else "instant"
        scene.turns.commit(CONTINUE)
        if stage() == "defender":
            scene.queue.skip()
            scene.turns.commit(STAND)  # whoever holds the defender's seat: the picture wants the next round
    for _ in range(600):  # ten seconds of animation at most
        if card.shown_result() is not None and card.record is not None and len(card.record.rounds) >= rounds:
            break
        scene.queue.update(1 / 60)
    scene.queue.update(0.2)  # the result stated, the first token coming off


def late_position(session_seats: list[str]) -> GameSession:
    """Four seats on corners4 late in a game: seats 2 and 3 out, seat 1 down to one token, seat 0 to act."""
    session = GameSession("checkrisk", "corners4", session_seats, seed=9, autosave=False, executor=InlineExecutor())
    stacks = {"c3": (0, 6), "c4": (0, 5), "d4": (0, 6), "b3": (0, 4), "c5": (1, 1)}
    game = session.game
    if not isinstance(game, CheckRiskGame):
        raise TypeError(f"a CheckRisk session plays a CheckRisk game, not {game.name!r}")
    session.state = game.position(stacks, seat=0, phase="act", round=30)
    return session


@cache
def _finished_log(level: str, seats: int, seed: int) -> tuple[str, ...]:
    """The log of a whole game of quick baseline AI seats (deterministic, so kept for the process)."""
    session = GameSession(
        "checkrisk", level, ["ai:greedy"] * seats, seed=seed, autosave=False, executor=InlineExecutor()
    )
    while not session.is_over:
        action = session.wait_ai()
        if action is None:
            break
        session.apply(action)
    return tuple(session.log)


def before_the_end(session_seats: list[str], level: str = "corners4", seed: int = 2) -> tuple[GameSession, list[str]]:
    """A whole game replayed up to its last decision, and that decision: committing it ends the game."""
    log = list(_finished_log(level, len(session_seats), seed))
    probe = GameSession("checkrisk", level, ["ai:greedy"] * len(session_seats), seed=seed, autosave=False)
    last = max(i for i, actor in enumerate(_actors(probe, log)) if actor >= 0)
    data = {"mode": "checkrisk", "level": level, "seats": session_seats, "seed": seed, "actions": log[:last]}
    return GameSession.from_dict(data, autosave=False, executor=InlineExecutor()), [log[last]]


def _actors(session: GameSession, log: list[str]) -> list[int]:
    """The seat behind each entry of `log` (CHANCE for dice), replayed on a fresh state."""
    state = session.game.initial_state()
    actors = []
    for text in log:
        actors.append(state.current_player())
        state.apply(state.action_from_str(text))
    return actors


def screenshot_contexts(app: App) -> list[tuple[str, dict[str, object]]]:
    """(name, context) pairs for `--screenshot`."""

    def deploy(scene: CheckRiskScene) -> None:
        picks = scene.view.picks
        picks.use_preset("wall")
        picks.remove_token(next(iter(sorted(picks.draft))))
        picks.hover = "d2"

    def odds(scene: CheckRiskScene) -> None:
        action = best_attack(scene.live)
        game = scene.services.state_as(CheckRiskState).game
        picks = scene.view.picks
        picks.select(game.cell_name(action.origin))
        picks.hover = game.cell_name(action.target)

    def battle(scene: CheckRiskScene) -> None:
        app.settings.anim_speed = "normal"
        scene.turns.commit(best_attack(scene.live))
        scene.queue.update(0.55)  # the attackers stepped out; the dice are in the air

    def retreat(scene: CheckRiskScene) -> None:
        scene.view.picks.start_retreat()

    def battle_over(scene: CheckRiskScene) -> None:
        # Fought to the end: the card names the counts the battle began with and who took the cell.
        from game.engine.checkrisk import CONTINUE, STAND

        scene.turns.commit(best_attack(scene.live))
        for _ in range(12):
            scene.settle_now()
            battle = scene.services.state_as(CheckRiskState).pending_battle()
            if battle is None or battle.stage not in ("attacker", "defender"):
                break
            scene.turns.commit(CONTINUE if battle.stage == "attacker" else STAND)
        scene.settle_now()

    big_battle, big_attack = big_battle_session()

    def battle_result(scene: BoardScene) -> None:
        show_round_result(scene, big_attack)

    retreat_session = played_until("standard", 2, retreat_ready, seed=6)
    if isinstance(retreat_session.state, CheckRiskState):
        battle_state = retreat_session.state.pending_battle()
        if battle_state is not None:
            retreat_session.seats[battle_state.defender] = "human"
    over, last = before_the_end(["human", AI, AI, AI])
    return [
        (
            "deploy",
            {
                "session": GameSession("checkrisk", "standard", ["human", AI], seed=1, autosave=False),
                "prepare": instant(app, deploy),
            },
        ),
        ("odds", {"session": odds_session(), "prepare": instant(app, odds)}),
        ("battle", {"session": odds_session(), "prepare": battle, "_frames": 1}),
        ("battle_result", {"session": big_battle, "prepare": battle_result, "_frames": 1}),
        ("battle_over", {"session": odds_session(), "prepare": instant(app, battle_over)}),
        ("retreat", {"session": retreat_session, "prepare": instant(app, retreat)}),
        ("game_over", {"session": over, "play": last, "prepare": instant(app), "_frames": 600}),
    ]
