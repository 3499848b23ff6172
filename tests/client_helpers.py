"""Helpers for client tests: a headless app, posting real events, and a minimal board scene."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.client.game_scene import GameScene

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.kubtafl.scene import KubtaflScene
    from game.client.play.session import GameSession

SceneT = TypeVar("SceneT")


def make_app(
    size: tuple[int, int] = (1280, 720),
    language: str = "en",
    anim_speed: str | None = None,
    menu: bool = True,
    ask_end_turn: bool = False,
) -> App:
    """The app at a window size, fades off, in `language` (and animation speed), on the main menu unless told; the
    question before ending a turn with actions left is off unless asked for (the tests of other things end turns
    early on purpose)."""
    from game.client.app import App

    application = App(size, fullscreen=False)
    application.scenes.fade_enabled = False
    application.settings.ask_end_turn = ask_end_turn
    application.settings.language = language
    application.t.language = language
    if anim_speed is not None:
        application.settings.anim_speed = anim_speed
    if menu:
        application.goto("menu")
        frames(application)
    return application


def random_session(mode: str, actions: int, seed: int = 5, session_seed: int = 3) -> GameSession:
    """A hot-seat game of `mode` with up to `actions` random legal decisions played (it stops at the end)."""
    import random

    from game.client.play.session import GameSession

    session = GameSession(mode, "standard", ["human", "human"], seed=session_seed, autosave=False)
    rng = random.Random(seed)
    for _ in range(actions):
        if session.is_over:
            break
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def english_app(size: tuple[int, int] = (1280, 720)) -> App:
    """The app at `size`, in English, without fades, on no scene yet."""
    return make_app(size, menu=False)


def frames(app: App, n: int = 2) -> None:
    """Run `n` frames of 1/60 s (events are processed in each)."""
    for _ in range(n):
        app.frame(1 / 60)


def click_at(app: App, pos: tuple[int, int], settle: int = 2) -> None:
    """A real left click (motion, press, release) at `pos`."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, settle)


def click(app: App, element: Any, settle: int = 2) -> None:
    """Click the centre of a pygame_gui element."""
    click_at(app, element.rect.center, settle)


def key(app: App, k: int, mod: int = 0, settle: int = 1) -> None:
    """A real key press and release."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def button_by_text(app: App, text: str) -> Any:
    """The live pygame_gui button whose text is `text`."""
    import pygame_gui

    for element in app.ui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text and element.alive():
            return element
    raise AssertionError(f"no button {text!r}; have {button_texts(app)}")


def button_texts(app: App) -> list[str]:
    """Texts of every live button."""
    import pygame_gui

    return [
        e.text for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UIButton) and e.alive()
    ]


class PlainBoard(GameScene):
    """A board scene that only draws the table and applies the first legal move on 'm' (tests the base)."""

    def handle_board(self, event: pygame.event.Event) -> None:
        """'m' plays the first legal action (dice are sampled by the session)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.session.is_over:
            self.session.apply(self.session.state.legal_actions()[0])
            self.autosave()


def current(app: App, kind: type[SceneT]) -> SceneT:
    """The scene the app is showing, checked to be a `kind`."""
    scene = app.scenes.current
    assert isinstance(scene, kind), scene
    return scene


def open_game(app: App, session: GameSession, kind: type[SceneT]) -> SceneT:
    """Open `session` on its mode's board, settled, and return the board (checked to be a `kind`)."""
    app.goto(session.mode, session=session)
    frames(app)
    settle_scene(app)
    return current(app, kind)


def board_of(app: App) -> KubtaflScene:
    """The Kubtafl board scene the app is showing."""
    from game.client.kubtafl.scene import KubtaflScene

    return current(app, KubtaflScene)


def settle_scene(app: App, limit: int = 3000) -> None:
    """Frames until the board shown (any mode) animates nothing and no AI is thinking or due to move."""
    from game.client.board.scene import BoardScene

    for _ in range(limit):
        frames(app, 1)
        b = app.scenes.current
        assert isinstance(b, BoardScene)
        if not b.queue.busy and not b.session.thinking and not (b.session.is_ai_turn and not b.session.is_over):
            return
    raise AssertionError("the board did not settle")


def settle(app: App, limit: int = 3000) -> None:
    """Frames until the Kubtafl board animates nothing and no AI is thinking or due to move."""
    board_of(app)
    settle_scene(app, limit)


def click_cell(app: App, cell: str) -> None:
    """Click the centre of a board cell (any mode's board)."""
    from tests.driver import BoardDriver

    BoardDriver(app).click(cell)


def open_checkrisk(
    app: App, stacks: dict[str, tuple[int, int]], seats: tuple[str, ...] = ("human", "human"), **fields: Any
) -> Any:
    """A CheckRisk position opened on the board and settled: `stacks` maps cells to (seat, tokens); seat 0 acts
    unless `fields` say otherwise (the AI answers inline)."""
    from game.client.board.scene import BoardScene
    from game.client.play.session import GameSession
    from game.client.play.worker import InlineExecutor

    session = GameSession("checkrisk", "standard", list(seats), seed=3, autosave=False, executor=InlineExecutor())
    session.state = session.game.position(stacks, **{"seat": 0, "phase": "act", **fields})  # type: ignore[attr-defined]
    app.goto("checkrisk", session=session)
    frames(app)
    settle_scene(app)
    return current(app, BoardScene)


def checkrisk_battle(app: App, origin: str, target: str, fight_key: int = pygame.K_c) -> Any:
    """Seat 0's six on `origin` attack seat 1's one on `target` by clicks, fought on with `fight_key` (C: continue,
    B: blitz) while the attacker is asked; returns the board."""
    b = open_checkrisk(app, {origin: (0, 6), "a1": (0, 3), target: (1, 1), "h8": (1, 4)}, round=3)
    click_cell(app, origin)
    click_cell(app, target)
    settle_scene(app)
    for _ in range(10):
        battle = b.session.state.pending_battle()
        if battle is None or battle.stage != "attacker":
            break
        key(app, fight_key)
        settle_scene(app)
    return b


def card_text_button(app: App, text: str) -> Any:
    """The button reading `text` on the board's card (a lesson's, a challenge's, the game over's)."""
    from game.client.board.scene import BoardScene

    found = [button for button in current(app, BoardScene).dialogs.buttons.buttons if button.text == text]
    assert found, f"no {text!r} on the card"
    return found[0]


def open_lesson(app: App, lesson: Any) -> None:
    """Click `lesson`'s tile on the Learn screen shown and let its board settle."""
    from game.client.learn.screen import LearnScene
    from tests.driver import BoardDriver

    click(app, current(app, LearnScene).tiles[lesson.id])
    assert BoardDriver(app).lesson == lesson
    read_intro(app)
    settle_scene(app)


def read_intro(app: App) -> None:
    """When the board opened a stage's first level with the stage's intro card, press its Start."""
    from tests.driver import BoardDriver

    d = BoardDriver(app)
    if d.lesson_intro_open:
        assert d.overlay == "card" and d.card_text[1]
        click(app, card_text_button(app, "Start"))
        assert not d.lesson_intro_open and d.overlay is None


def learn_screen(app: App, mode: str) -> Any:
    """Open the Learn screen at `mode`'s course and return it."""
    from game.client.learn.screen import LearnScene

    app.goto("learn", mode=mode)
    frames(app, 2)
    return current(app, LearnScene)


def solve_course_by_events(app: App, mode: str, lessons: list[Any], play: Any) -> None:
    """From the Learn screen, play each of `lessons` in turn by its stored solution (`play(app, text)` posts the
    events of one action), checking its goal card, its marks, the three-star success card and the stars kept, and
    go on with Next."""
    from game.learn.progress import load_progress
    from tests.driver import BoardDriver

    d = BoardDriver(app)
    learn_screen(app, mode)
    open_lesson(app, lessons[0])
    for index, lesson in enumerate(lessons):
        assert d.lesson == lesson
        assert d.lesson_card[0] == lesson.goal.en and d.lesson_card[1].startswith("Moves: 0")
        drawn = {(m.kind, m.cell) for m in d.marks()}
        assert {("goal", cell) for cell in lesson.marks} <= drawn
        for text in lesson.solution:
            if d.overlay != "card":
                play(app, text)
        assert d.overlay == "card", f"{lesson.id} did not end; log {d.session.log}"
        assert d.card_text[0] == "Well done!" and d.card_stars == 3, lesson.id
        assert load_progress().get(lesson.key) == 3
        if index + 1 < len(lessons):
            click(app, card_text_button(app, "Next"))
            read_intro(app)


def start_first_game(app: App, mode: str, lesson: Any) -> Any:
    """Open `mode`'s first-game lesson, deploy by the slot's Auto and Confirm buttons, and wait for the easy
    computer to deploy and hand the first turn back; returns the board."""
    from game.client.board.scene import BoardScene
    from tests.driver import BoardDriver

    learn_screen(app, mode)
    open_lesson(app, lesson)
    b = current(app, BoardScene)
    assert b.session.seats == ["human", "ai:easy"] and b.session.state.phase == "deploy"
    for name in ("auto", "confirm"):
        BoardDriver(app).press_slot(name)
    for _ in range(40):  # the computer deploys, then the first turn is the player's
        settle_scene(app)
        if b.session.current_seat == 0 and b.session.state.phase != "deploy":
            break
    return b
