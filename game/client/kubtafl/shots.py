"""Kubtafl's own screenshots (`ModeSpec.screenshots`): the Learn screen and a Kubtafl lesson."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import FALLBACK
from game.client.screenshots import caught, frames_until, save, set_language, settle

if TYPE_CHECKING:
    from game.client.app import App
    from game.online.client import ThreadedMatchClient


def screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Every Kubtafl shot below, in order; the problems met."""
    return learn_screens(app, folder, written)


def learn_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """The Learn screen with a few levels solved (`learn_menu.png`, `learn_menu_ru.png`), a Kubtafl lesson mid-level
    with its goal, arrow, marks and stars (`learn_kubtafl.png`, `_ru`) and its result card (`learn_kubtafl_solved.png`);
    returns the problems met."""
    with caught("learn") as problems:
        from game.client.board.scene import BoardScene
        from game.client.learn.start import lesson_session
        from game.learn.lessons import load_course
        from game.learn.progress import load_progress

        course = load_course("kubtafl")
        table = load_progress()
        for lesson, stars in zip(course.lessons[:5], (3, 3, 2, 3, 1), strict=False):
            table.record(lesson.key, stars)
        table.offered = True
        table.save()
        lesson = next(item for item in course.lessons if item.id == "pushes-2")
        for language in ("en", "ru"):
            set_language(app, language)
            suffix = {FALLBACK: ""}.get(language, f"_{language}")  # the default language's shots carry no suffix
            app.goto("learn", mode="kubtafl")
            settle(app, 4)
            save(app, folder, f"learn_menu{suffix}", written)
            app.goto("kubtafl", session=lesson_session(lesson), lesson=lesson)
            settle(app, 6)
            scene = app.scenes.current
            assert isinstance(scene, BoardScene)
            # The player has picked the die the arrow starts from: its targets show beside the lesson's marks.
            x, y = scene.layout.cell_center(lesson.solution[0].split("-")[0])
            for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                extra = (
                    {"rel": (0, 0), "buttons": (False, False, False)} if kind == pygame.MOUSEMOTION else {"button": 1}
                )
                pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), **extra))
            settle(app, 4)
            save(app, folder, f"learn_kubtafl{suffix}", written)
        set_language(app, "en")
        board = app.scenes.current
        assert isinstance(board, BoardScene)
        board.services.commit(board.live.state.action_from_str(lesson.solution[0]))
        settle(app, 10)
        save(app, folder, "learn_kubtafl_solved", written)
    return problems


def online(app: App, folder: Path, written: list[Path], url: str, clients: list[ThreadedMatchClient]) -> None:
    """`online_code.png` (the board while seats are free: the code and address to pass on) and
    `online_waiting.png` (the board waiting for the other player's move), on the match server at `url`."""
    from game.client.board.scene import BoardScene
    from game.client.play.online import OnlineLink, OnlineSession
    from game.online.client import ClientConfig, ThreadedMatchClient, create_match_sync

    code = str(create_match_sync(url, "kubtafl", "standard")["code"])
    session = OnlineSession("kubtafl", "standard", OnlineLink(url, code, kinds={0: "human"}), 2, ["Boris", ""])
    session.autosave = False
    scene = app.goto("kubtafl", session=session)
    assert isinstance(scene, BoardScene)
    frames_until(app, lambda: scene.online.card == "seats" and bool(session.presence))
    settle(app, 4)
    save(app, folder, "online_code", written)
    clients.append(ThreadedMatchClient(ClientConfig(url, code, seat=1, name="Anna")).start())
    frames_until(app, lambda: session.is_human_turn and scene.online.card == "")
    scene.turns.commit(session.state.action_from_str("a3-a5"))
    frames_until(app, lambda: session.log == ["a3-a5"] and not scene.queue.busy and session.waiting_for == 1)
    settle(app, 4)
    save(app, folder, "online_waiting", written)
