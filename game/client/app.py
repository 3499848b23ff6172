"""The application: window, fixed-timestep loop, settings, translation, fonts, pygame_gui and scenes."""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
import warnings
from typing import TYPE_CHECKING, Literal

import pygame
import pygame.freetype

from game.client import gui, palette
from game.client.fonts import Fonts
from game.client.i18n import Translator
from game.client.pacing import LoopClock, present_natively, soonest, ui_wake_in
from game.client.play.seats import DEFAULT_AI_SEAT, HUMAN, WATCH_AI_SEAT, parse_seat
from game.client.play.worker import default_executor, set_default_executor
from game.client.scene import Scene, SceneManager
from game.client.settings import Settings, load_settings, save_settings, window_from
from game.engine.core import JSON, JSONObject
from game.engine.files import clean_text
from game.paths import assets_dir

if TYPE_CHECKING:
    import pygame_gui

    from game.client.sound import SoundBoard

BASE_SIZE = (1280, 720)
# The smallest window the layouts are made for (every text fits from here up); SDL keeps the window no smaller.
MIN_WINDOW = (1024, 600)
FPS = 60
STEP = 1.0 / FPS
MAX_FRAME_TIME = 0.25  # after a stall, catch up at most this much simulated time
DUE_SLACK = 1e-6  # a rest that ended this close to its deadline reached it (clocks round)
TOAST_SECONDS = 12.0
#: What a message is: news the player may read and forget (`info`), or a problem to act on (`warning`).
ToastKind = Literal["info", "warning"]
MESSAGE_LIMIT = 600  # characters of one message: more than five lines of a toast show
# Layout scale is quantised so the UI (and its fonts) is rebuilt only at a few window sizes.
SCALE_STEP = 0.125
MIN_SCALE, MAX_SCALE = 0.625, 2.0

SHELL_SCENES = {
    "menu": "game.client.menu:MenuScene",
    "new_game": "game.client.new_game:NewGameScene",
    "settings": "game.client.settings_scene:SettingsScene",
    "howto": "game.client.howto:HowToScene",
    "games": "game.client.games:GamesScene",
    "learn": "game.client.learn.screen:LearnScene",
    "challenges": "game.client.learn.challenge_screen:ChallengeScene",
    "online": "game.client.online.lobby:OnlineScene",
    "online_host": "game.client.online.host:HostScene",
}


def layout_scale(size: tuple[int, int]) -> float:
    """The UI scale for a window of `size`: 1.0 at 1280×720, quantised and clamped."""
    raw = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    stepped = round(raw / SCALE_STEP) * SCALE_STEP
    return max(MIN_SCALE, min(MAX_SCALE, stepped))


def load_theme(scale: float) -> JSONObject:
    """assets/theme.json with every font size (and a few paddings) multiplied by `scale`."""
    with open(assets_dir() / "theme.json", encoding="utf-8") as handle:
        theme: JSONObject = json.load(handle)
    theme = copy.deepcopy(theme)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, round(_number(font["size"]) * scale)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "border_width", "shadow_width", "text_horiz_alignment_padding"):
                if key in misc and _number(misc[key]) > 1:
                    misc[key] = str(max(1, round(_number(misc[key]) * scale)))
    return theme


def _number(value: JSON) -> float:
    """A theme figure (written as text or as a number) as a number; ValueError for anything else."""
    if isinstance(value, str | int | float):
        return float(value)
    raise ValueError(f"theme: expected a number, got {value!r}")


class Toast:
    """A message shown over every screen until dismissed or timed out."""

    def __init__(self, text: str, seconds: float = TOAST_SECONDS, kind: ToastKind = "warning") -> None:
        self.text = text
        self.kind: ToastKind = kind
        self.icon = ""  # the badge it was last drawn with: 'i' for news, '!' for a warning
        self.left = seconds
        self.rect = pygame.Rect(0, 0, 0, 0)


class App:
    """Owns the window and the loop; scenes reach settings, text, fonts and UI through it."""

    def __init__(
        self, size: tuple[int, int] = BASE_SIZE, *, fullscreen: bool | None = None, remember_window: bool = False
    ) -> None:
        present_natively()
        # Only what the window uses: the sound device opens at the first sound (`Sound`), never while sound is
        # off or silent, so no audio thread runs for nothing and closing the window does not wait on one.
        pygame.display.init()
        pygame.font.init()
        pygame.freetype.init()
        pygame.display.set_caption("Kubiki")
        loaded = load_settings()
        self.settings, settings_problem = loaded.settings, loaded.problem
        # A damaged settings file that could not be kept aside is never overwritten: this run does not save them.
        self.settings_writable = loaded.writable
        self.save_failing = False  # the player was told that games are not being saved (said once while it lasts)
        self.shown_problems: set[str] = set()  # problems already told (a read-only folder is said once)
        _clean_stale_temps()
        _move_old_autosave()
        self.t = Translator(self.settings.language)
        self.fonts = Fonts()
        self.toasts: list[Toast] = []
        self.messages: list[str] = []  # every message ever shown, for tests and logs
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_count = 0
        self._accumulator = 0.0
        self._paced_dt = 0.0  # the real time the previous paced frame took, tick to tick
        self.loop_clock = LoopClock()  # the real loop's time (tests pass their own)
        self._stepped: float | None = None  # when the real loop's last pass began, on `loop_clock`
        self._flip_due = 0.0  # when the real loop's next frame should reach the screen, on `loop_clock`
        self._windowed_size = size
        self.ui_consumed = False
        self.startup_seconds = 0.0  # from the command to the first frame, set by `run`
        want_full = self.settings.fullscreen if fullscreen is None else fullscreen
        # A player's run opens the window as it was left (its size kept on the desktop, and where it stood).
        self.remember_window = remember_window
        if remember_window and self.settings.window:
            size, place = window_from(self.settings.window, desktop_size(), MIN_WINDOW)
            self._windowed_size = size
            if place is not None:
                os.environ["SDL_VIDEO_WINDOW_POS"] = f"{place[0]},{place[1]}"
        self.window = self._set_mode(size, want_full)
        self.screen_size: tuple[int, int] = self.window.get_size()
        self.ui_scale = layout_scale(self.screen_size)
        self.ui = self._make_ui(self.screen_size, self.ui_scale)
        self.scenes = SceneManager(self)
        for name, target in SHELL_SCENES.items():
            self.scenes.register(name, target)
        from game.client.modes import game_scenes

        for mode, target in game_scenes().items():
            self.scenes.register(mode, target)
        self.sound = _load_sound(self)
        # The AI's worker (a process in real play) starts now, so the first reply does not wait for it.
        default_executor().start()
        if settings_problem:
            self.notify(self.t("msg.settings_corrupt", detail=settings_problem))

    # --- window -------------------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        _limit_window(MIN_WINDOW)
        return window

    def _make_ui(self, size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
        import pygame_gui

        from game.client.fonts import guard_ui_fonts

        guard_ui_fonts()
        return pygame_gui.UIManager(size, load_theme(scale), enable_live_theme_updates=False)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and full screen (F11), remembering the choice in the settings."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_fullscreen()
        self.save_settings()

    def apply_fullscreen(self) -> None:
        """Make the window match `settings.fullscreen`."""
        currently_full = bool(self.window.get_flags() & pygame.FULLSCREEN)
        if self.settings.fullscreen == currently_full:
            return
        if self.settings.fullscreen:
            self._windowed_size = self.screen_size
        self.window = self._set_mode(self._windowed_size, self.settings.fullscreen)
        self.on_resize(self.window.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay every screen out again for a window of `size`."""
        # Clamped in full screen too: a display can report 0×0 (minimised), and no layout is made for less.
        size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        if size == self.screen_size:
            return
        if self.window.get_size() != size and not self.settings.fullscreen:
            # SDL resizes a real window's surface itself; headless (and older SDL) needs set_mode.
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
            _limit_window(MIN_WINDOW)
            size = self.window.get_size()
        self.screen_size = size
        scale = layout_scale(size)
        if scale != self.ui_scale:
            self.ui_scale = scale
            self.ui = self._make_ui(size, scale)
        else:
            self.ui.set_window_resolution(size)
            gui.reset(self.ui)
        current = self.scenes.current
        if current is not None:
            current.resize(size)
            current.laid_out_for = size

    def s(self, value: float) -> int:
        """A length in 1280×720 layout pixels converted to screen pixels."""
        return round(value * self.ui_scale)

    # --- settings and text ------------------------------------------------------------------------
    def save_settings(self) -> None:
        """Store the settings; a failure to write is reported, never fatal."""
        if not self.settings_writable:
            return
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify_once(self.t("msg.settings_unsaved", detail=str(exc)))

    def set_language(self, language: str) -> None:
        """Switch every text to `language` and rebuild the current screen."""
        self.settings.language = language
        self.t.language = language
        self.save_settings()
        self.rebuild_current()

    def rebuild_current(self) -> None:
        """Rebuild the current scene's UI (after a language or layout change)."""
        gui.reset(self.ui)
        current = self.scenes.current
        if current is not None:
            current.resize(self.screen_size)

    def notify(self, text: str, kind: ToastKind = "warning") -> None:
        """Show a message over every screen (dismissed by a click or after a while), a warning unless `kind` says it
        only informs; a message quoting a file is cleaned and kept short first (a toast shows five lines)."""
        text = clean_text(text, MESSAGE_LIMIT, " ")
        self.messages.append(text)
        self.toasts.append(Toast(text, kind=kind))

    def notify_once(self, text: str) -> None:
        """Show a message unless the same one was shown before in this run (a folder that stays read-only)."""
        if text not in self.shown_problems:
            self.shown_problems.add(text)
            self.notify(text)

    # --- scenes ---------------------------------------------------------------------------------
    def goto(self, name: str, **context: object) -> Scene:
        """Replace the open screens with the scene `name`."""
        return self.scenes.goto(name, **context)

    def quit(self) -> None:
        """End the loop after this frame."""
        self.running = False

    # --- loop -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one event: window and global keys, toasts, pygame_gui, then the current scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            if not self.settings.fullscreen:
                self._windowed_size = (max(MIN_WINDOW[0], int(event.w)), max(MIN_WINDOW[1], int(event.h)))
            self.on_resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.on_resize(self.window.get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._toast_hit(event.pos):
            return
        self.ui_consumed = bool(self.ui.process_events(event))
        current = self.scenes.current
        if current is not None:
            current.handle(event)

    def _toast_hit(self, pos: tuple[int, int]) -> bool:
        for toast in self.toasts:
            if toast.rect.collidepoint(pos):
                self.toasts.remove(toast)
                return True
        return False

    def update(self, dt: float) -> None:
        """Advance the current scene and the toasts by one fixed step (or by a whole rest of the real loop)."""
        self.scenes.update(dt)
        for toast in list(self.toasts):
            toast.left -= dt
            if toast.left <= 0:
                self.toasts.remove(toast)

    def draw(self) -> None:
        """Draw the current scene, the UI, messages and the fade veil."""
        surface = self.window
        current = self.scenes.current
        if current is not None:
            current.draw(surface)
        else:
            surface.fill(palette.BACKDROP)
        self.ui.draw_ui(surface)
        if current is not None:
            current.draw_overlay(surface)
        if self.toasts:
            from game.client.shapes import draw_toasts

            draw_toasts(self, surface)
        alpha = self.scenes.fade_alpha()
        if alpha:
            veil = pygame.Surface(surface.get_size())
            veil.fill(palette.VEIL)
            veil.set_alpha(alpha)
            surface.blit(veil, (0, 0))

    def wake_in(self) -> float | None:
        """Seconds until the picture changes by itself (0: it moves now; None: only input changes it): the screen,
        the end of a toast, and pygame_gui's carets, tooltips and rebuilds."""
        toast_end = min((toast.left for toast in self.toasts), default=None)
        return soonest(self.scenes.wake_in(), toast_end, ui_wake_in(self.ui))

    def _handle_events(self) -> bool:
        """Route every queued event; True when there was any."""
        events = pygame.event.get()
        for event in events:
            self.handle_event(event)
            if not self.running:
                break
        return bool(events)

    def _fixed_steps(self, real: float) -> None:
        """Fixed-step updates for `real` elapsed seconds (at most `MAX_FRAME_TIME` after a stall)."""
        self._accumulator += min(real, MAX_FRAME_TIME)
        while self._accumulator >= STEP:
            self.update(STEP)
            self._accumulator -= STEP

    def frame(self, dt: float | None = None, *, flip: bool = True) -> None:
        """One frame, always drawn: events, fixed-step updates for the elapsed time (or `dt`), drawing, then the
        flip (tests and benchmarks step the app this way; the player's loop is `loop_step`)."""
        real = self._paced_dt if dt is None else dt
        self._handle_events()
        if not self.running:
            return
        self._fixed_steps(real)
        self.ui.update(real)
        self.draw()
        self.frame_count += 1
        if dt is None:
            # Paced between drawing and the flip, so frames reach the screen at even intervals however long this
            # one took to draw (pacing before the work would let its cost shift the flip).
            self._paced_dt = self.clock.tick(FPS) / 1000.0
        if flip:
            pygame.display.flip()

    def loop_step(self) -> bool:
        """One pass of the player's loop: rest until an event or the next scheduled change unless something moves,
        then events and updates, and a frame drawn only when an event came, something moves or a change fell due
        (at most `FPS` a second); True when a frame was drawn."""
        clock = self.loop_clock
        due = self.wake_in()
        if due != 0.0 and not pygame.event.peek():
            clock.rest(due)
        now = clock.now()
        elapsed = STEP if self._stepped is None else now - self._stepped
        self._stepped = now
        if due == 0.0:
            had_events = self._handle_events()
            self._fixed_steps(elapsed)
            self.ui.update(elapsed)
        else:
            # Nothing moved while the loop rested: the time passes at once (toasts and timers count it) before the
            # events, so an animation an event starts begins now rather than as far along as the rest was long.
            self._accumulator = 0.0
            self.update(elapsed)
            self.ui.update(elapsed)
            had_events = self._handle_events()
            self.update(0.0)  # the screen follows the input before it is drawn
            self.ui.update(0.0)
        if not self.running:
            return False
        if not (had_events or (due is not None and elapsed + DUE_SLACK >= due) or self.wake_in() == 0.0):
            return False  # woken early with nothing to show
        self.draw()
        self.frame_count += 1
        # Paced between drawing and the flip, so frames reach the screen at even intervals however long one took; a
        # frame a little late leaves the next one less wait, so the rate holds.
        clock.sleep(self._flip_due - clock.now())
        pygame.display.flip()
        now = clock.now()
        self._flip_due = self._flip_due + STEP if now - self._flip_due < STEP else now + STEP
        return True

    def run_loop(self) -> None:
        """Run until the player quits (resting while nothing changes)."""
        while self.running:
            self.loop_step()

    def close(self) -> None:
        """Leave the current scene and shut pygame down (a player's run keeps the window's size and place)."""
        if self.remember_window:
            self.settings.window = [*self._windowed_size, *window_position()]
            self.save_settings()
        current = self.scenes.current
        while self.scenes.stack:
            self.scenes.stack.pop().leave()
        del current
        set_default_executor(None)  # the AI process is terminated, never waited for
        pygame.quit()


def fit_window(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window a player's run opens with: `BASE_SIZE`, made smaller on a smaller desktop (so the whole window
    shows on a 1024×600 netbook), never below `MIN_WINDOW`."""
    if desktop is None:
        return BASE_SIZE
    return (
        max(MIN_WINDOW[0], min(BASE_SIZE[0], desktop[0])),
        max(MIN_WINDOW[1], min(BASE_SIZE[1], desktop[1])),
    )


def window_position() -> tuple[int, int] | tuple[()]:
    """Where the window stands on the desktop, () where the platform does not tell."""
    window_class = getattr(pygame, "Window", None)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            x, y = window_class.from_display_module().position  # type: ignore[union-attr]
    except (pygame.error, AttributeError, TypeError, ValueError):
        return ()
    return (int(x), int(y))


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size, None where the platform does not tell."""
    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def _limit_window(size: tuple[int, int]) -> None:
    """Ask SDL to keep the window at least `size` (where the platform supports it)."""
    window_class = getattr(pygame, "Window", None)
    if window_class is None:
        return
    try:
        with warnings.catch_warnings():
            # pygame-ce flags from_display_module for rendering; here it only sets a size limit.
            warnings.simplefilter("ignore", DeprecationWarning)
            window_class.from_display_module().minimum_size = size
    except (pygame.error, AttributeError, ValueError):
        pass


def _clean_stale_temps() -> None:
    """Remove the temp files of atomic writes a killed run left beside the settings, the saves and the records."""
    from game import userfiles
    from game.client import saves, settings
    from game.client.play.records import records_dir
    from game.paths import user_config_dir, user_data_dir

    userfiles.clean_stale_temps(user_config_dir(), (settings.SETTINGS_FILE,))
    userfiles.clean_stale_temps(user_data_dir(), saves.SAVED_FILES)
    userfiles.clean_stale_temps(saves.saves_dir(), None)
    userfiles.clean_stale_temps(records_dir(), None)


def _move_old_autosave() -> None:
    """Move an earlier version's single autosave in with the other unfinished games (its problems are told by the
    first screen)."""
    from game.client import saves

    saves.migrate()


def _load_sound(app: App) -> SoundBoard | None:
    from game.client.sound import SoundBoard

    try:
        return SoundBoard(lambda: app.settings)
    except Exception:  # noqa: BLE001 - a broken audio device must not stop the game
        return None


def seats_from_args(args: argparse.Namespace, num_players: int) -> list[str]:
    """Seats from --seatN/--watch, parsed: seat 0 human and the rest AI (normal) unless told, every seat the hard
    computer when watching (the game at its best); ValueError if bad."""
    from game.client.play.records import MAX_SEATS

    for extra in range(num_players, MAX_SEATS):
        if getattr(args, f"seat{extra}", None):
            raise ValueError(f"--seat{extra}: this level has {num_players} seats (--seat0 to --seat{num_players - 1})")
    seats = []
    for seat in range(num_players):
        given = getattr(args, f"seat{seat}", None)
        try:
            parsed = parse_seat(given) if given else None
        except ValueError as exc:
            raise ValueError(f"--seat{seat}: {exc}") from None
        if args.watch:
            seats.append(parsed if parsed and parsed != HUMAN else WATCH_AI_SEAT)
        else:
            seats.append(parsed or (HUMAN if seat == 0 else DEFAULT_AI_SEAT))
    return seats


def folder_problem(directory: str) -> str | None:
    """Why `directory` cannot take the files the game writes (made when missing), in words; None when it can."""
    import tempfile
    from pathlib import Path

    try:
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass  # a folder that takes no file (/proc, read-only) is told now, not after the first picture
    except FileExistsError:
        return "not a folder"
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        return f"cannot write there ({getattr(exc, 'strerror', None) or exc})"
    return None


def start_session(
    app: App,
    mode: str,
    level: str | None,
    seats: list[str],
    seed: int | None,
    names: list[str] | None = None,
    presets: list[str] | None = None,
    options: dict[str, int] | None = None,
) -> Scene:
    """Create a game session and open its board scene (used by the new-game dialog and quick launch); `options`
    are the numbers the players agreed on."""
    from game.client.play.session import GameSession

    session = GameSession(mode, level or "standard", seats, seed, names=names, presets=presets, options=options)
    session.save()  # listed from its start, beside every other unfinished game; a failure is told on the board
    return app.goto(mode, session=session)


QuickLaunch = tuple[str, str | None, list[str], int | None]


def quick_launch(args: argparse.Namespace) -> QuickLaunch | str:
    """The game `--mode` asks for (mode, level, seats, seed), or what is wrong with the command line."""
    from game.client.modes import playable
    from game.engine import registry
    from game.userfiles import load_game

    if not playable(args.mode):
        known = ", ".join(m for m in registry.modes() if playable(m)) or "none yet"
        return f"mode {args.mode!r} cannot be played (playable: {known})"
    spec = registry.find(args.mode)
    level = args.level
    if args.watch and level is None and spec is not None:
        level = spec.watch_level  # watching shows a setup where the computers fight early
    try:
        game = load_game(args.mode, level)
        seats = seats_from_args(args, game.num_players)
    except (KeyError, ValueError) as exc:
        return str(exc)
    return args.mode, level, seats, args.seed


def _tell_cap(app: App) -> None:
    """Before a game started from the command line removes the oldest unfinished one (the cap is reached), say so
    where the command was typed (there is no dialog to say it in)."""
    from game.client import saves
    from game.client.game_names import unfinished_line

    dropped = saves.would_drop()
    if dropped is not None:
        print(f"main.py: {app.t('newgame.cap_note', keep=saves.KEEP, game=unfinished_line(app.t, dropped))}")


def run(args: argparse.Namespace) -> int:
    """Open the window and play; returns the process exit code."""
    started = time.perf_counter()
    quick = None
    from game.client.modes import scene_only

    lab = args.mode in scene_only()  # opens with no game to set up
    if args.mode and not lab:
        launch = quick_launch(args)
        if isinstance(launch, str):
            print(f"main.py: {launch}", file=sys.stderr)
            return 2
        quick = launch
    replay = None
    if getattr(args, "replay", None):
        from game.client.play.records import RecordError, read_records

        try:
            games = read_records(args.replay)
            replay = games[max(0, min(len(games), getattr(args, "game", 1) or 1) - 1)]
        except RecordError as exc:
            print(f"main.py: {exc}", file=sys.stderr)
            return 2
    if args.screenshot:
        from game.client.screenshots import render_screenshots

        problem = folder_problem(args.screenshot)
        if problem:
            print(f"main.py: --screenshot {clean_text(args.screenshot, 80)}: {problem}", file=sys.stderr)
            return 2

        return render_screenshots(args.screenshot, quick=quick)
    app = App(fit_window(desktop_size()), remember_window=True)
    if replay is not None:
        from game.client.board.replay import open_replay

        problem = open_replay(app, replay)
        if problem:
            app.close()
            print(f"main.py: {problem}", file=sys.stderr)
            return 2
    elif lab:
        app.goto(args.mode)
    elif quick is not None:
        _tell_cap(app)
        try:
            start_session(app, *quick)
        except (KeyError, ValueError) as exc:
            app.close()
            print(f"main.py: {exc}", file=sys.stderr)
            return 2
    else:
        app.goto("menu")
    app.startup_seconds = time.perf_counter() - started
    try:
        app.run_loop()
    finally:
        app.close()
    return 0


__all__ = ["App", "Settings", "run", "start_session"]
