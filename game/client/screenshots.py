"""`--screenshot DIR`: render the menu, dialogs, rules and every available game screen to PNG files."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import FALLBACK
from game.engine import registry
from game.engine.atomic import child_path

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.board.scene import BoardScene

SCREENSHOT_FRAMES = 45  # 0.75 s of simulated time: fades, tweens and AI replies settle
DEFAULT_SEATS = ("human", "ai:normal", "ai:normal", "ai:normal")


def settle(app: App, frames: int = SCREENSHOT_FRAMES) -> None:
    for _ in range(frames):
        app.frame(1 / 60, flip=False)


def save(app: App, folder: Path, name: str, written: list[Path]) -> None:
    path = child_path(folder, f"{name}.png")  # names from the code and the registry only
    pygame.image.save(app.window, str(path))
    written.append(path)


@contextmanager
def caught(label: str) -> Iterator[list[str]]:
    """Take a group of shots; yields the problems met: one line (`label: Error: message`) where one failed, so a
    broken shot never hides the other screens."""
    problems: list[str] = []
    try:
        yield problems
    except Exception as exc:  # noqa: BLE001 - a broken shot must not hide the other screens
        problems.append(f"{label}: {type(exc).__name__}: {exc}")


def set_language(app: App, language: str) -> None:
    # Only in memory: screenshots never change the player's stored settings.
    app.settings.language = language
    app.t.language = language


def shell_screens(app: App, folder: Path, written: list[Path]) -> None:
    """Main menu (both languages), new game, settings, rules."""
    from game.client.menu import MenuScene
    from game.client.modes import menu_modes, playable_modes

    playable = playable_modes()
    for language in ("en", "ru"):
        set_language(app, language)
        suffix = {FALLBACK: ""}.get(language, f"_{language}")  # the default language's shots carry no suffix
        scene = app.goto("menu")
        assert isinstance(scene, MenuScene)
        if playable:
            index = next(i for i, b in enumerate(scene.buttons.buttons) if b in scene.mode_buttons.values())
            scene.buttons.set_focus(index)
        settle(app, 4)
        save(app, folder, f"menu{suffix}", written)
        app.goto("new_game", mode=playable[0] if playable else menu_modes()[0])
        settle(app, 4)
        save(app, folder, f"new_game{suffix}", written)
        app.goto("settings")
        settle(app, 4)
        save(app, folder, f"settings{suffix}", written)
        app.goto("howto", mode=menu_modes()[0])
        settle(app, 4)
        save(app, folder, f"how_to_play{suffix}", written)
    set_language(app, "en")
    for mode in menu_modes()[1:]:
        app.goto("howto", mode=mode)
        settle(app, 4)
        save(app, folder, f"how_to_play_{mode}", written)


def game_states(app: App, mode: str) -> list[tuple[str, dict[str, Any]]]:
    """The states to capture for `mode`: the scene's own `screenshot_states(app)`, else a fresh game."""
    from game.client.modes import game_scenes

    scene_class = registry.resolve(game_scenes()[mode])
    hook = getattr(scene_class, "screenshot_states", None)
    if callable(hook):
        return list(hook(app))
    from game.client.play.session import GameSession

    players = registry.load(mode).num_players
    session = GameSession(mode, "standard", list(DEFAULT_SEATS[:players]), 1)
    return [("start", {"session": session})]


def game_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Every playable mode's states and its pause menu; returns the problems met (one per failed mode)."""
    from game.client.modes import playable_modes

    problems = []
    for mode in playable_modes():
        with caught(mode) as failed:
            _mode_screens(app, mode, folder, written)
        problems += failed
    return problems


def _mode_screens(app: App, mode: str, folder: Path, written: list[Path]) -> None:
    """One mode's states, then its pause menu over the last of them."""
    from game.client.game_scene import GameScene

    states = game_states(app, mode)
    for name, context in states:
        context = dict(context)
        frames = int(context.pop("_frames", SCREENSHOT_FRAMES))
        app.goto(mode, **context)
        settle(app, frames)
        save(app, folder, f"{mode}_{name}", written)
    if not states:
        return
    # The pause menu over the first state (the later ones may already show the end of a game).
    name, context = states[0]
    context = {k: v for k, v in context.items() if k != "_frames"}
    app.goto(mode, **context)
    settle(app, SCREENSHOT_FRAMES)
    scene = app.scenes.current
    if isinstance(scene, GameScene):
        scene.open_pause()
        settle(app, 4)
        save(app, folder, f"{mode}_pause", written)


def review_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """A past move under review (`review.png`), the Games screen (`games.png`) and the replay viewer (`replay.png`),
    from a seeded finished game of the first board mode; returns the problems met."""
    import random

    from game.client.board.replay import open_replay
    from game.client.modes import playable_modes, scene_only
    from game.client.play.records import list_records
    from game.client.play.session import GameSession

    modes = [m for m in playable_modes() if m not in scene_only()]
    if not modes:
        return []
    with caught("review") as problems:
        mode = modes[0]
        players = registry.load(mode).num_players
        session = GameSession(mode, "standard", list(DEFAULT_SEATS[:players]), 3)
        rng = random.Random(11)
        while not session.is_over and len(session.log) < 400:
            session.apply(rng.choice(session.state.legal_actions()))
        app.goto(mode, session=session, review=max(1, len(session.log) // 3))
        settle(app, 6)
        save(app, folder, "review", written)
        app.goto("games")
        settle(app, 4)
        save(app, folder, "games", written)
        listed = list_records()
        if listed and listed[0].record is not None:
            problem = open_replay(app, listed[0].record, back="games", entry=max(1, len(session.log) // 2))
            if problem:
                return [f"replay: {problem}"]
            settle(app, 6)
            save(app, folder, "replay", written)
    return problems


def pick_and_hover(app: App, scene: BoardScene, origin: str, target: str) -> None:
    """Click the piece on `origin`, then rest the pointer on `target` (its odds or the planner's ghost show)."""
    for cell, click in ((origin, True), (target, False)):
        x, y = scene.layout.cell_center(cell)
        kinds = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) if click else ()
        for kind in kinds or (pygame.MOUSEMOTION,):
            extra = {"rel": (0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), **extra))
        settle(app, 4)


def lesson_screens(app: App, folder: Path, written: list[Path], mode: str, lesson_id: str) -> list[str]:
    """A lesson of `mode` mid-level: its first arrow's piece picked and the pointer on the arrow's end, beside the
    lesson's arrows, marks, goal and stars (`learn_<mode>.png`, `_ru`); returns the problems met."""
    with caught(f"learn {mode}") as problems:
        from game.client.board.scene import BoardScene
        from game.client.learn.start import lesson_session
        from game.learn.lessons import load_course

        lesson = load_course(mode).find(lesson_id)
        assert lesson is not None
        for language, name in (("en", f"learn_{mode}"), ("ru", f"learn_{mode}_ru")):
            set_language(app, language)
            app.goto(mode, session=lesson_session(lesson), lesson=lesson)
            settle(app, 6)
            scene = app.scenes.current
            assert isinstance(scene, BoardScene)
            pick_and_hover(app, scene, *lesson.arrows[0])
            save(app, folder, name, written)
        set_language(app, "en")
    return problems


def mode_extra_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Each playable mode's own further screens (`ModeSpec.screenshots`: its lessons, challenges, cards); returns
    the problems met (one per failed shot)."""
    from game.client.modes import playable_modes

    problems: list[str] = []
    for spec in registry.MODES:
        if spec.screenshots is not None and spec.name in playable_modes():
            shots: Callable[[App, Path, list[Path]], list[str]] = registry.resolve(spec.screenshots)
            problems += shots(app, folder, written)
    return problems


def frames_until(app: App, done: Callable[[], object], seconds: float = 15.0) -> None:
    """Frames until `done()` holds (a server on loopback answers within them); TimeoutError after `seconds`."""
    import time

    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the match server did not answer in time")
        app.frame(1 / 60, flip=False)


def online_screens(app: App, folder: Path, written: list[Path]) -> list[str]:
    """Play online on a server on loopback: each mode's online shots (Kubtafl's board while seats are free and
    waiting for the other player's move; CheckRisk's lobby and host dialog); returns the problems met."""
    from game.client.modes import playable_modes
    from game.online.client import ThreadedMatchClient
    from game.online.server_thread import ServerThread

    server = ServerThread(Path(os.environ["KUBIKI_HOME"]) / "shots.sqlite3")
    clients: list[ThreadedMatchClient] = []
    try:
        with caught("online") as problems:
            url = server.start()
            for spec in registry.MODES:
                # A mode's shots module may show online play too (`online(app, folder, written, url, clients)`).
                module = registry.resolve(spec.screenshots.partition(":")[0]) if spec.screenshots else None
                hook = getattr(module, "online", None)
                if callable(hook) and spec.name in playable_modes():
                    hook(app, folder, written, url, clients)
            app.goto("menu")
    finally:
        for client in clients:
            client.close(timeout=2.0)
        server.stop()
    return problems


def render_screenshots(directory: str, quick: tuple[Any, ...] | None = None) -> int:
    """Render every screen to `directory` and return the exit code."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    # A private settings/saves folder: the player's settings do not colour the shots, and the games
    # played here never join the player's saves.
    os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-shots-")
    from game.client.app import App, start_session
    from game.client.play.worker import InlineExecutor, set_default_executor

    # The computer answers within the frame it is asked in, so every shot shows the same position.
    set_default_executor(InlineExecutor())

    app = App(fullscreen=False)
    app.scenes.fade_enabled = False
    app.settings.anim_speed = "instant"
    written: list[Path] = []
    try:
        shell_screens(app, folder, written)
        problems = game_screens(app, folder, written)
        problems += review_screens(app, folder, written)
        problems += mode_extra_screens(app, folder, written)
        problems += online_screens(app, folder, written)
        if quick is not None:
            start_session(app, *quick)
            settle(app)
            save(app, folder, f"quick_{quick[0]}", written)
    finally:
        app.close()
    for path in written:
        print(path)
    print(f"{len(written)} screenshots in {folder}", file=sys.stderr)
    for problem in problems:
        print(f"screenshot failed: {problem}", file=sys.stderr)
    return 1 if problems else 0
