"""The monkey: the real app fed random input (motion, clicks and drags, wheel, keys, F11, resizes down to 0×0,
bursts in one frame, long stalls), checking after every frame that an idle board draws exactly the engine's
position. The suite runs it short (tests/test_monkey.py), the bench long (`python -m bench monkey --events N`).

Targets: each shell screen (menu, new game, settings, rules, the Games list with a kept and a damaged record),
the Dice Lab, and every board mode hot-seat and against the AI. Random input soon leaves a screen (Enter on the
menu starts a game), so a screen target is opened again whenever the monkey has been elsewhere for a while.
The caller chooses the AI executor (the suite and the bench use the inline one).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.client.modes import board_modes, playable_modes, scene_only

if TYPE_CHECKING:
    from game.client.app import App

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_SPACE,
    pygame.K_z,
    pygame.K_h,
    pygame.K_t,
    pygame.K_r,
]
RESIZES = ((0, 0), (1, 1), (800, 500), (1280, 720), (1600, 900))
SEATS = ("hotseat", "ai")
AI_SEAT = "ai:easy"
SCREENS = ("menu", "new_game", "settings", "howto", "games", "learn", "challenges", "online", "online_host")
REOPEN_FRAMES = 8  # frames spent away from a screen target before it is opened again


class BoardMismatch(AssertionError):
    """An idle board draws something other than the engine's position."""


def targets() -> list[tuple[str, str | None]]:
    """Everything the monkey plays: each shell screen, each scene-only mode, and each board mode with each
    seating (None for a target without seats)."""
    out: list[tuple[str, str | None]] = [(screen, None) for screen in SCREENS]
    out += [(mode, None) for mode in playable_modes() if mode in scene_only()]
    out += [(mode, seats) for mode in board_modes() for seats in SEATS]
    return out


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One random input event over a window of `size` (F11 and resizes rarely, down to 0×0)."""
    pos = (rng.randrange(max(1, size[0])), rng.randrange(max(1, size[1])))
    roll = rng.random()
    if roll < 0.35:
        buttons = (1, 0, 0) if rng.random() < 0.3 else (0, 0, 0)  # a held button makes the motion a drag
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.70:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if roll < 0.97:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.5 else 0
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if roll < 0.985:
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    w, h = rng.choice(RESIZES)
    return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))


def check_idle_board(app: App) -> bool:
    """When a board stands idle (nothing animating, not reviewing, picks settled), its drawing must be the
    engine's position; raises BoardMismatch otherwise. True when a board was checked."""
    from game.client.board.scene import BoardScene

    scene = app.scenes.current
    if not isinstance(scene, BoardScene) or scene.session is None or scene.queue.busy:
        return False
    if scene.reviewer.model is not None or not scene.turns.settled:
        return False
    expected = scene.view.build_model(scene.session.state)
    if scene.model != expected:
        raise BoardMismatch(f"{scene.session.mode}: the idle board draws {scene.model!r}, the engine has {expected!r}")
    return True


def run(
    app: App, rng: random.Random, events: int, visited: dict[str, int] | None = None, target: str | None = None
) -> int:
    """Post `events` random events in bursts, with stalls, checking the idle board after each frame; the count
    of events sent. Frames per screen are added to `visited` when given; a screen or scene-only `target` is
    opened again after REOPEN_FRAMES frames elsewhere. Exceptions (and a BoardMismatch) propagate."""
    reopen = target is not None and target not in board_modes()
    away = 0
    sent = 0
    while sent < events:
        for _ in range(rng.choice((1, 1, 2, 5, 12))):
            pygame.event.post(random_event(rng, app.screen_size))
            sent += 1
        app.frame(rng.choice((1 / 60, 1 / 60, 0.5)))
        check_idle_board(app)
        name = app.scenes.current_name
        if visited is not None:
            visited[name] = visited.get(name, 0) + 1
        away = away + 1 if name != target else 0
        if reopen and target is not None and away >= REOPEN_FRAMES:
            open_target(app, target)
            away = 0
        if not app.running:  # Quit on the menu: the monkey plays on
            app.running = True
    return sent


def open_target(app: App, target: str) -> None:
    """Show a screen or scene-only target (a game's rules and its new-game dialog are the first board mode's)."""
    if target in ("new_game", "howto", "online_host"):
        app.goto(target, mode=board_modes()[0])
    else:
        app.goto(target)


def _keep_records() -> None:
    """A kept game and a damaged record file, so the Games list has rows of both kinds."""
    from game.client.play import records
    from game.engine import registry
    from game.engine.driver import sample_chance

    # The first two decisions of a game of the first mode (with the dice its seed rolls between them).
    mode = registry.modes()[0]
    state = registry.load(mode).initial_state()
    rng = random.Random(1)
    actions: list[str] = []
    decisions = 0
    while decisions < 2 and not state.is_terminal():
        chance = state.is_chance_node()
        action = sample_chance(state, rng) if chance else state.legal_actions()[0]
        decisions += not chance
        actions.append(state.action_to_str(action))
        state.apply(action)
    kept = records.GameRecord(mode, "standard", actions, 1, ["human", "ai:easy"], None, "", 1.7e9)
    path = records.save_record(kept)
    path.with_name(f"20990101-000000-{mode}.json").write_text(f'{{"mode": "{mode}", "actions": [', encoding="utf-8")


def start(target: str, seats: str | None, seed: int, anim_speed: str = "normal") -> App:
    """The app (1280×720, windowed, no fades, English) showing `target`: a shell screen, a scene-only mode, or a
    board mode with a fresh standard game, hot-seat or a human against the AI."""
    from game.client.app import App
    from game.client.play.session import GameSession

    app = App((1280, 720), fullscreen=False)
    try:
        app.scenes.fade_enabled = False
        app.settings.language = "en"
        app.t.language = "en"
        app.settings.anim_speed = anim_speed
        if target == "games":
            _keep_records()
        if target in SCREENS or target in scene_only():
            open_target(app, target)
        else:
            session = GameSession(target, "standard", None, seed=seed)
            if seats == "ai":
                others = [AI_SEAT] * (session.game.num_players - 1)
                session = GameSession(target, "standard", ["human", *others], seed=seed)
            app.goto(target, session=session)
        app.frame(1 / 60)
    except BaseException:
        app.close()
        raise
    return app
