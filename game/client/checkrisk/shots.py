"""CheckRisk's own screenshots (`ModeSpec.screenshots`): the four-seat dialog, the computer's last turn, a move's
amount, a long move list, a lesson, the challenges and a stage's intro."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import FALLBACK
from game.client.screenshots import caught, frames_until, lesson_screens, pick_and_hover, save, set_language, settle

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.play.session import GameSession
    from game.online.client import ThreadedMatchClient


def screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Every CheckRisk shot below, in order; the problems met."""
    problems = new_game_screens(app, folder, written)
    problems += last_turn_screens(app, folder, written)
    problems += move_amount_screen(app, folder, written)
    problems += move_list_screen(app, folder, written)
    problems += lesson_screens(app, folder, written, "checkrisk", "attack-1")
    problems += challenge_screens(app, folder, written)
    problems += learn_intro_screen(app, folder, written)
    return problems


def new_game_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """`new_game_checkrisk.png` (and `_ru`): the dialog with a name and a preset per seat, on the four-seat board."""
    with caught("new game") as problems:
        for language in ("en", "ru"):
            set_language(app, language)
            suffix = {FALLBACK: ""}.get(language, f"_{language}")  # the default language's shots carry no suffix
            app.goto("new_game", mode="checkrisk", level="corners4")
            settle(app, 4)
            save(app, folder, f"new_game_checkrisk{suffix}", written)
        set_language(app, "en")
    return problems


def _their_turn_fought(session: GameSession) -> bool:
    """Player 1 to act after Player 2's turn of three or more moves and attacks, one of them a battle."""
    from game.client.checkrisk.actions import typed
    from game.engine.checkrisk import Attack, CheckRiskState, End, Move

    state = session.state
    if (
        not isinstance(state, CheckRiskState)
        or state.phase not in ("reinforce", "act")
        or state.seat != 0
        or session.current_seat != 0
        or not session.log
    ):
        return False
    actions = []
    for text, actor in zip(reversed(session.log), reversed(session.actors), strict=True):
        action = typed(state.game, text) if actor >= 0 else None
        if actor == 0 and isinstance(action, End):
            break
        actions.append(action)
    return len([a for a in actions if isinstance(a, Move | Attack)]) >= 3 and any(
        isinstance(a, Attack) for a in actions
    )


def last_turn_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """`checkrisk_last_turn.png`: the computer's whole turn drawn on the board as the player's turn begins."""
    with caught("last turn") as problems:
        from game.client.checkrisk.demo import played_until

        session = played_until("standard", 2, _their_turn_fought, seed=4)
        session.seats[0] = "human"
        app.goto("checkrisk", session=session)
        settle(app)
        save(app, folder, "checkrisk_last_turn", written)
    return problems


def move_amount_screen(app: App, folder: Path, written: list[Path]) -> list[str]:
    """`checkrisk_move_amount.png`: a stack picked and the pointer resting on a cell it may move to, the amount a
    click sends shown there (a ghost stack with its count, and the move card) before the click."""
    with caught("move amount") as problems:
        from game.client.board.scene import BoardScene
        from game.client.checkrisk.actions import ActionIndex
        from game.client.checkrisk.demo import odds_session
        from game.engine.checkrisk import CheckRiskState

        session = odds_session()
        app.goto("checkrisk", session=session)
        settle(app)
        scene = app.scenes.current
        assert isinstance(scene, BoardScene) and isinstance(session.state, CheckRiskState)
        index, counts = ActionIndex.build(session.state), session.state.count
        game = session.state.game
        # The biggest stack that can step onto an empty cell, where a split or the whole stack may go.
        origin, target = max(
            ((o, t) for (o, t), amounts in index.moves.items() if len(amounts) > 1 and not counts[game.cell_index(t)]),
            key=lambda pair: (counts[game.cell_index(pair[0])], pair),
        )
        pick_and_hover(app, scene, origin, target)
        save(app, folder, "checkrisk_move_amount", written)
    return problems


def move_list_screen(app: App, folder: Path, written: list[Path]) -> list[str]:
    """A long move list in words at four seats (`move_list_words.png`): CheckRisk on corners4 late in a game, the
    pointer over an action showing its notation; returns the problems met."""
    with caught("move list") as problems:
        from game.client.checkrisk.demo import played_until

        session = played_until("corners4", 4, lambda s: len(s.log) >= 260 and s.current_seat == 0, seed=3)
        session.seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
        app.goto("checkrisk", session=session)
        settle(app, 6)
        from game.client.board.scene import BoardScene

        scene = app.scenes.current
        assert isinstance(scene, BoardScene)
        log = scene.log
        pos = (log.text_left() + log.unit * 4, log.body.top + log.line * (log.rows_shown // 2) + log.line // 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(False, False, False)))
        settle(app, 2)
        save(app, folder, "move_list_words", written)
    return problems


def challenge_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """The challenge screen with a few solved (`challenge_list.png`, `_ru`), a CheckRisk challenge mid-play with its
    goal card (`challenge.png`, `_ru`) and a solved one's success card (`challenge_solved.png`, `_ru`); returns the
    problems met."""
    with caught("challenges") as problems:
        from fractions import Fraction

        from game.client.board.scene import BoardScene
        from game.client.learn.challenge_play import challenge_key, open_challenge
        from game.learn.challenges import load_challenges
        from game.learn.progress import load_progress

        found = load_challenges("checkrisk")
        table = load_progress()
        for index, challenge in enumerate(found[:3]):
            stars = 2 if index == 1 else 3  # one solved with a weaker plan: its best chance shows below the best
            table.record(challenge_key(challenge), stars)
            table.record_chance(challenge_key(challenge), Fraction(challenge.proof.best) * (stars + 7) / 10)  # type: ignore[union-attr]
        table.mark_seen(challenge_key(found[3]))
        table.save()
        challenge = found[7]
        for language in ("en", "ru"):
            set_language(app, language)
            suffix = {FALLBACK: ""}.get(language, f"_{language}")
            app.goto("challenges", mode="checkrisk")
            settle(app, 4)
            save(app, folder, f"challenge_list{suffix}", written)
            open_challenge(app, challenge)
            settle(app, 6)
            save(app, folder, f"challenge{suffix}", written)
            board = app.scenes.current
            assert isinstance(board, BoardScene)
            for _ in range(len(challenge.solution) + 2):
                board.settle_now()
                log = board.live.log
                if board.dialogs.overlay == "card" or len(log) >= len(challenge.solution):
                    break
                if board.live.current_seat == challenge.seat:
                    board.services.commit(board.live.state.action_from_str(challenge.solution[len(log)]))
                settle(app, 2)
            settle(app, 10)
            save(app, folder, f"challenge_solved{suffix}", written)
        set_language(app, "en")
    return problems


def learn_intro_screen(app: App, folder: Path, written: list[Path]) -> list[str]:
    """`learn_intro.png`: a stage's rule explained on its card before the stage's first level."""
    with caught("learn intro") as problems:
        from game.client.learn import start

        lesson = start.course(app, "checkrisk").find("attack-1")
        assert lesson is not None
        start.open_lesson(app, lesson)
        settle(app, 4)
        save(app, folder, "learn_intro", written)
    return problems


def online(app: App, folder: Path, written: list[Path], url: str, clients: list[ThreadedMatchClient]) -> None:
    """`online.png` (a code looked up: its seats to take) and `online_host.png` (the host's dialog with Remote
    player seats), on the match server at `url`."""
    from game.client.online.lobby import OnlineScene
    from game.online.client import ClientConfig, ThreadedMatchClient, create_match_sync

    code = str(create_match_sync(url, "checkrisk", "standard")["code"])
    clients.append(ThreadedMatchClient(ClientConfig(url, code, seat=0, name="Anna")).start())
    lobby = app.goto("online")
    assert isinstance(lobby, OnlineScene)
    for entry, text in ((lobby.name_entry, "Boris"), (lobby.url_entry, url), (lobby.code_entry, code)):
        assert entry is not None  # the lobby is built
        entry.set_text(text)
    lobby.find()
    frames_until(app, lambda: lobby.found is not None and lobby.seats)
    settle(app, 4)
    save(app, folder, "online", written)
    app.goto("online_host", mode="checkrisk")
    settle(app, 4)
    save(app, folder, "online_host", written)
