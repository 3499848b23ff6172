"""The base of every board scene: the session, the pause menu (Esc), the game-over dialog and autosave.

Modes do not subclass this: `game.client.board.scene.BoardScene` does, once, and drives a mode's `ModeView`.
A scene built on `GameScene` implements the `*_board` hooks instead of
`handle`/`update`/`draw`/`resize`:

- `enter_board(**context)` after `self.session` is set (a `game.client.play.session.GameSession`),
- `layout_board(size)` to compute the layout (also called on every resize),
- `build_board_ui()` to create its own pygame_gui elements (called after every UI reset),
- `handle_board(event)`, `update_board(dt)`, `draw_board(surface)`, `leave_board()`.

While the pause menu or the game-over dialog is open the board gets no events and no updates (it is
still drawn, dimmed). The session saves itself after every action (`session.save()`, the one writer);
`self.autosave()` asks it once more and shows a failure. Call `self.show_game_over(title,
reason)` when the session ends. For `--screenshot`, a scene may define a classmethod
`screenshot_states(app) -> list[tuple[str, dict]]`: each (name, context) is opened with
`app.goto(mode, **context)`, run for `SCREENSHOT_FRAMES` frames with instant animations and saved as
`<mode>_<name>.png`; a state may add `"_frames": N` to its context to run longer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client import art, saves
from game.client.confirm import Confirm
from game.client.scene import Scene
from game.client.widgets import ButtonGroup

if TYPE_CHECKING:
    from game.client.app import App

# UI layer of dialogs: above anything a board puts in its side panel.
OVERLAY_LAYER = 40
GAME_OVER_W = 460
REASON_SIZE = 18
DialogItem = tuple[str, Callable[[], None], str]  # a dialog button: its text, what it does, its theme id


class GameScene(Scene):
    """A board scene with the shared pause menu, game-over dialog and autosave."""

    mode: str = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.session: Any = None
        self.overlay: str | None = None  # None, "pause" or "game_over"
        self.overlay_buttons = ButtonGroup()
        self.overlay_rect = pygame.Rect(0, 0, 0, 0)
        self.game_over_text: tuple[str, str] = ("", "")
        self.veil: object = None
        self.size: tuple[int, int] = app.screen_size
        self.confirm: Confirm | None = None  # a yes/no question over everything (Restart)

    # --- hooks for subclasses --------------------------------------------------------------------
    def enter_board(self, **context: Any) -> None:
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
        surface.blit(art.table_background(surface.get_size()), (0, 0))

    # --- Scene ------------------------------------------------------------------------------------
    def enter(self, session: Any = None, **context: Any) -> None:
        """Open the board for `session`."""
        self.session = session
        self.overlay = None
        self.confirm = None
        self.size = self.app.screen_size
        if session is not None:
            self.mode = session.mode
        self.layout_board(self.size)
        self.enter_board(**context)
        self._build_ui()

    def leave(self) -> None:
        """Close the board."""
        self.overlay = None
        self.overlay_buttons.clear()
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
        if self.confirm is not None and self.confirm.open:
            self.confirm.handle(event)
            return
        if self.overlay is not None:
            if self.overlay_buttons.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.overlay == "pause":
                self.close_pause()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        self.handle_board(event)

    def update(self, dt: float) -> None:
        """The board stands still while the pause menu is open; a failing autosave is told at once."""
        self.tell_save_problems()
        if self.overlay != "pause":
            self.update_board(dt)

    def tell_save_problems(self) -> None:
        """Say on screen, once while it lasts, that games are not being saved, and any autosave kept aside."""
        app = self.app
        problem = saves.take_problem()
        while problem:
            app.notify(app.t("msg.autosave_corrupt", detail=problem))
            problem = saves.take_problem()
        session = self.session
        if session is None or not getattr(session, "autosave", False):
            return
        if session.save_problem:
            if not app.save_failing:
                app.save_failing = True
                app.notify(app.t("msg.autosave_failed", detail=session.save_problem))
        elif session.log:
            app.save_failing = False  # this game saved since: a later failure is news again

    def draw(self, surface: pygame.Surface) -> None:
        """The board, then the dimmed veil and the panel of an open dialog."""
        self.draw_board(surface)

    def _veil(self) -> None:
        """The dialog's backdrop as a UI image above the board's own UI: dim veil, panel, title, reason."""
        import pygame_gui

        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill((6, 10, 8, 150))
        art.panel(veil, self.overlay_rect, self.app.ui_scale)
        title = self.app.t("pause.title") if self.overlay == "pause" else self.game_over_text[0]
        s = self.app.s
        art.heading(self.app, veil, title, (self.overlay_rect.centerx, self.overlay_rect.y + s(46)),
                    self._title_size(title))
        if self.overlay == "game_over" and self.game_over_text[1]:
            box = self._reason_box()
            art.wrapped_text(self.app, veil, self.game_over_text[1], box, size=REASON_SIZE, colour=art.PARCHMENT,
                             align="center")
        if self.overlay == "game_over" and self.results_size()[1]:
            top = self._reason_box().bottom + s(10)
            self.draw_results(veil, pygame.Rect(self.overlay_rect.x + s(28), top, self.overlay_rect.w - s(56),
                                                s(self.results_size()[1])))
        self.veil = pygame_gui.elements.UIImage(
            pygame.Rect((0, 0), self.size), veil, self.app.ui, starting_height=OVERLAY_LAYER - 1
        )

    # --- UI -------------------------------------------------------------------------------------
    def _build_ui(self) -> None:
        # Start from an empty UI so no dialog's buttons outlive it.
        self.app.ui.clear_and_reset()
        self.overlay_buttons.clear()
        self.build_board_ui()
        if self.overlay == "pause":
            self._build_pause()
        elif self.overlay == "game_over":
            self._build_game_over()
        if self.confirm is not None and self.confirm.open:
            self.confirm.build()

    def _dialog(self, width: int, height: int) -> pygame.Rect:
        w, h = self.app.s(width), self.app.s(height)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self.overlay_rect = rect
        self._veil()
        return rect

    def _column(self, rect: pygame.Rect, top: int, items: list[DialogItem], columns: int = 1) -> None:
        s = self.app.s
        gap = s(16)
        width = (rect.w - s(80) - gap * (columns - 1)) // columns
        for index, (text, callback, object_id) in enumerate(items):
            row, col = divmod(index, columns)
            button_rect = pygame.Rect(rect.x + s(40) + col * (width + gap), rect.y + s(top) + row * s(56), width, s(46))
            self.overlay_buttons.add(self.app.ui, button_rect, text, callback, object_id=object_id,
                                     layer=OVERLAY_LAYER)
        self.overlay_buttons.set_focus(0)

    def _build_pause(self) -> None:
        t = self.app.t
        rect = self._dialog(400, 96 + 5 * 56 + 24)
        self._column(
            rect,
            96,
            [
                (t("pause.resume"), self.close_pause, "#primary"),
                (t("pause.restart"), self.ask_restart, "#menu_button"),
                (t("pause.rules"), self.open_rules, "#menu_button"),
                (t("pause.settings"), self.open_settings, "#menu_button"),
                (t("pause.save_quit"), self.save_and_quit, "#menu_button"),
            ],
        )

    def _title_size(self, title: str) -> int:
        """The dialog title's layout size: 28, smaller when a long title would not fit the dialog."""
        size = 28
        room = self.overlay_rect.w - self.app.s(56)
        while size > 18 and self.app.fonts.get(self.app.s(size), True).size(title)[0] > room:
            size -= 1
        return size

    def _reason_lines(self) -> list[str]:
        """The game-over reason wrapped to the dialog's width."""
        font = self.app.fonts.get(self.app.s(REASON_SIZE))
        width = self.app.s(self._game_over_w()) - self.app.s(56)
        return art.wrap(font, self.game_over_text[1], width) if self.game_over_text[1] else []

    def _reason_box(self) -> pygame.Rect:
        """Where the game-over reason is written: under the title, as tall as its lines."""
        s = self.app.s
        lines = len(self._reason_lines())
        height = max(s(60), lines * self.app.fonts.get(s(REASON_SIZE)).get_linesize())
        rect = self.overlay_rect
        return pygame.Rect(rect.x + s(28), rect.y + s(82), rect.w - s(56), height)

    def _build_game_over(self) -> None:
        t = self.app.t
        # The dialog grows with the reason's lines, so a long reason (or language) never runs into the buttons.
        lines = len(self._reason_lines())
        line_h = self.app.fonts.get(self.app.s(REASON_SIZE)).get_linesize() / self.app.ui_scale
        extra = max(0, round(lines * line_h) - 52)
        items = [(t("gameover.rematch"), self.rematch, "#primary"), *self.game_over_actions(),
                 (t("gameover.menu"), self.to_menu, "#menu_button")]
        results_h = self.results_size()[1]
        if results_h:
            extra += results_h + 10
        columns = 2 if results_h else 1  # a wide card with results puts its buttons side by side
        rows = -(-len(items) // columns)
        rect = self._dialog(self._game_over_w(), 150 + extra + rows * 56 + 16)
        self._column(rect, 150 + extra, items, columns)
        s = self.app.s
        # The card can be closed to look at the final board (Esc does the same).
        close = pygame.Rect(rect.right - s(44), rect.y + s(8), s(36), s(36))
        self.overlay_buttons.add(self.app.ui, close, "×", self.close_game_over, object_id="#small_button",
                                 layer=OVERLAY_LAYER, tooltip=t("gameover.close"))

    def _game_over_w(self) -> int:
        """The game-over card's width in layout units: wider when it shows results."""
        return max(GAME_OVER_W, self.results_size()[0] + 56)

    def results_size(self) -> tuple[int, int]:
        """(width, height) in layout units of the results a board shows in its game-over card; (0, 0): none."""
        return (0, 0)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the game's results into `rect` of the game-over card (see `results_size`)."""

    def close_game_over(self) -> None:
        """Close the result card; the board stays."""
        self.overlay = None
        self._build_ui()

    def game_over_actions(self) -> list[DialogItem]:
        """Extra buttons a board offers in the game-over dialog (text, callback, object id), between Rematch and
        Menu; none by default."""
        return []

    # --- pause menu -----------------------------------------------------------------------------
    def open_pause(self) -> None:
        """Show the pause menu."""
        self.overlay = "pause"
        self._build_ui()

    def close_pause(self) -> None:
        """Back to the game."""
        self.overlay = None
        self._build_ui()

    def ask_restart(self) -> None:
        """Restart, once the player confirms that the moves played so far go (at once when none were played)."""
        s = self.session
        if s is None or s.is_over or not any(actor >= 0 for actor in getattr(s, "actors", [])):
            self.restart()
            return
        t = self.app.t
        self.confirm = Confirm(self.app, t("confirm.restart", mode=t(f"mode.{self.mode or self.name}")),
                               t("confirm.restart_yes"), t("confirm.cancel"), self.restart)
        self.confirm.build()

    def restart(self) -> None:
        """Start the same game again (same level, seats and seed)."""
        new = self.session.new_game(self.session.seed)
        new.clear_save()
        self.app.goto(self.mode or self.name, session=new)

    def open_rules(self) -> None:
        """The rules of this mode, over the game."""
        self.app.scenes.push("howto", mode=self.mode or self.name)

    def open_settings(self) -> None:
        """The settings screen, over the game."""
        self.app.scenes.push("settings")

    def save_and_quit(self) -> None:
        """Save the game (when unfinished) and return to the main menu."""
        self.autosave()
        self.app.goto("menu")

    # --- game over ------------------------------------------------------------------------------
    def show_game_over(self, title: str, reason: str = "") -> None:
        """Show the end-of-game dialog: `title` (who won) and `reason`, with Rematch and Menu."""
        self.game_over_text = (title, reason)
        self.overlay = "game_over"
        self._build_ui()

    def rematch(self) -> None:
        """A new game with the same seats and level and fresh dice."""
        new = self.session.new_game(None)
        new.clear_save()
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
