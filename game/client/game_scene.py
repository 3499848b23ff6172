"""The base of every board scene: the session, the pause menu (Esc), the game-over dialog and autosave; the
dialogs themselves (their buttons, veil and layout) are the `dialogs` part (`game.client.board.dialogs`).

Modes do not subclass this: `game.client.board.scene.BoardScene` does, once, and drives a mode's `ModeView`.
A scene built on `GameScene` implements the `*_board` hooks instead of
`handle`/`update`/`draw`/`resize`:

- `enter_board(**context)` after `self.session` is set (a `game.client.play.session.GameSession`),
- `layout_board(size)` to compute the layout (also called on every resize),
- `build_board_ui()` to create its own pygame_gui elements (called after every UI reset),
- `handle_board(event)`, `update_board(dt)`, `draw_board(surface)`, `leave_board()`.

While the pause menu or the game-over dialog is open (`dialogs.overlay`) the board gets no events and no updates (it is
still drawn, dimmed). The session saves itself after every action (`session.save()`, the one writer);
`self.autosave()` asks it once more and shows a failure. Call `self.show_game_over(title,
reason)` when the session ends. For `--screenshot`, a scene may define a classmethod
`screenshot_states(app) -> list[tuple[str, dict]]`: each (name, context) is opened with
`app.goto(mode, **context)`, run for `SCREENSHOT_FRAMES` frames with instant animations and saved as
`<mode>_<name>.png`; a state may add `"_frames": N` to its context to run longer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client import gui, shapes
from game.client.board.dialogs import BoardDialogs
from game.client.game_names import tell_save_news
from game.client.modes import MODE
from game.client.scene import Scene

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.play.session import GameSession

DialogItem = tuple[str, Callable[[], None], str]  # a dialog button: its text, what it does, its theme id


class GameScene(Scene):
    """A board scene with the shared pause menu, game-over dialog and autosave."""

    mode: str = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.session: GameSession | None = None
        self.size: tuple[int, int] = app.screen_size
        self.dialogs = BoardDialogs(self)  # the pause menu, the game-over card and the Restart question

    @property
    def live(self) -> GameSession:
        """The open game (the board's parts that run only while one is open read it here)."""
        if self.session is None:
            raise RuntimeError("no game is open")
        return self.session

    # --- hooks for subclasses --------------------------------------------------------------------
    def enter_board(self, **context: object) -> None:
        """Set the board up for `self.session`."""

    def leave_board(self) -> None:
        """Stop workers and free what the board holds."""

    def layout_board(self, size: tuple[int, int]) -> None:
        """Compute the layout for a window of `size`."""

    def build_board_ui(self) -> None:
        """Create the board's own pygame_gui elements (the UI was just reset)."""

    def handle_board(self, event: pygame.event.Event) -> None:
        """React to an event while no dialog is open."""

    def update_board(self, dt: float) -> None:
        """Advance animations and AI by `dt` seconds."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the table, board and panels."""
        surface.blit(shapes.table_background(surface.get_size()), (0, 0))

    # --- Scene ------------------------------------------------------------------------------------
    def enter(self, session: GameSession | None = None, **context: object) -> None:
        """Open the board for `session`."""
        self.session = session
        self.dialogs.reset()
        self.size = self.app.screen_size
        if session is not None:
            self.mode = session.mode
        self.layout_board(self.size)
        self.enter_board(**context)
        self._build_ui()

    def leave(self) -> None:
        """Close the board."""
        self.dialogs.overlay = None
        self.dialogs.buttons.clear()
        self.leave_board()
        if self.session is not None:
            self.session.close()  # stop AI workers of a game we are leaving

    def resume(self) -> None:
        """Back from settings or rules opened from the pause menu."""
        self._build_ui()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the board and any open dialog out again."""
        self.size = size
        self.layout_board(size)
        self._build_ui()

    def handle(self, event: pygame.event.Event) -> None:
        """Dialogs first; Esc opens (or closes) the pause menu; everything else goes to the board."""
        if self.dialogs.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        self.handle_board(event)

    def update(self, dt: float) -> None:
        """The board stands still while the pause menu is open; a failing autosave is told at once."""
        self.tell_save_problems()
        if self.dialogs.overlay != "pause":
            self.update_board(dt)

    def tell_save_problems(self) -> None:
        """Say on screen, once while it lasts, that games are not being saved, any save kept aside, and the oldest
        unfinished game the cap removed."""
        app = self.app
        tell_save_news(app)
        session = self.session
        if session is None or not session.autosave:
            return
        if session.save_problem:
            if not app.save_failing:
                app.save_failing = True
                # A finished game whose record failed is still kept, among the unfinished games: say so.
                key = "msg.record_failed" if session.is_over and not session.record_path else "msg.autosave_failed"
                if session.taken_by is not None:
                    app.notify(app.t("msg.taken_over", pid=session.taken_by))
                else:
                    app.notify(app.t(key, detail=session.save_problem))
        elif session.log:
            app.save_failing = False  # this game saved since: a later failure is news again

    def draw(self, surface: pygame.Surface) -> None:
        """The board, then the dimmed veil and the panel of an open dialog."""
        self.draw_board(surface)

    # --- UI -------------------------------------------------------------------------------------
    def _build_ui(self) -> None:
        # Start from an empty UI so no dialog's buttons outlive it.
        gui.reset(self.app.ui)
        self.build_board_ui()
        self.dialogs.build()

    def results_size(self) -> tuple[int, int]:
        """(width, height) in layout units of the results a board shows in its game-over card; (0, 0): none."""
        return (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the game's results into `rect` of the game-over card (see `results_size`)."""

    def close_game_over(self) -> None:
        """Close the result card; the board stays."""
        self.dialogs.overlay = None
        self._build_ui()

    def game_over_actions(self) -> list[DialogItem]:
        """Extra buttons a board offers in the game-over dialog (text, callback, object id), between Rematch and
        Menu; none by default."""
        return []

    # --- pause menu -----------------------------------------------------------------------------
    def open_pause(self) -> None:
        """Show the pause menu."""
        self.dialogs.overlay = "pause"
        self._build_ui()

    def close_pause(self) -> None:
        """Back to the game."""
        self.dialogs.overlay = None
        self._build_ui()

    def ask_restart(self) -> None:
        """Restart, once the player confirms that the moves played so far go (at once when none were played)."""
        s = self.session
        if s is None or s.is_over or not any(actor >= 0 for actor in s.actors):
            self.restart()
            return
        t = self.app.t
        self.dialogs.ask(
            t("confirm.restart", mode=t(MODE(self.mode or self.name))),
            t("confirm.restart_yes"),
            t("confirm.cancel"),
            self.restart,
        )

    def restart(self) -> None:
        """Start the same game again (same level, seats and seed)."""
        new = self.live.new_game(self.live.seed, same_file=True)  # in this game's place, no other game's
        new.save()
        self.app.goto(self.mode or self.name, session=new)

    def open_rules(self) -> None:
        """The rules of this mode, over the game."""
        self.app.scenes.push("howto", mode=self.mode or self.name)

    def open_settings(self) -> None:
        """The settings screen, over the game."""
        self.app.scenes.push("settings")

    def restart_label(self) -> str:
        """The pause menu's second button's words."""
        return self.app.t("pause.restart")

    def quit_label(self) -> str:
        """The pause menu's last button's words."""
        return self.app.t("pause.save_quit")

    def save_and_quit(self) -> None:
        """Save the game (when unfinished) and return to the main menu."""
        self.autosave()
        self.app.goto("menu")

    # --- game over ------------------------------------------------------------------------------
    def show_game_over(self, title: str, reason: str = "") -> None:
        """Show the end-of-game dialog: `title` (who won) and `reason`, with Rematch and Menu."""
        self.dialogs.game_over_text = (title, reason)
        self.dialogs.overlay = "game_over"
        self._build_ui()

    def rematch(self) -> None:
        """A new game with the same seats and level and fresh dice."""
        new = self.live.new_game(None)  # a file of its own: the finished game is a record by now
        new.save()
        self.app.goto(self.mode or self.name, session=new)

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.autosave()
        self.app.goto("menu")

    # --- autosave -------------------------------------------------------------------------------
    def autosave(self) -> None:
        """Have the session store itself (its `save()` is the one writer); a failure is shown, never fatal."""
        if self.session is None:
            return
        self.session.save()
        self.tell_save_problems()
