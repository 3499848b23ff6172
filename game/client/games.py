"""The Games screen: the finished games kept in the data folder (date, mode, seats, result), each opened in the
replay viewer or exported to a folder of the player's choice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import art
from game.client.board.replay import open_replay
from game.client.play.records import GameRecord, Listed, RecordError, export_record, list_records
from game.client.play.seats import HUMAN, seat_level
from game.client.scene import Scene
from game.client.widgets import ButtonGroup
from game.engine import registry

if TYPE_CHECKING:
    from game.client.app import App

PANEL_W, ROW_H, ROWS = 1000, 40, 9


class GamesScene(Scene):
    """A list of finished games with Replay, Export… and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.listed: list[Listed] = []
        self.selected = 0
        self.top = 0
        self.buttons = ButtonGroup(horizontal=True)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self._seat_names: dict[tuple[str, str], list[str]] = {}

    def enter(self, **context: object) -> None:
        """Read the records folder (newest first)."""
        self.listed = list_records()
        self.selected = 0
        self.top = 0
        self.dialog = None
        self._build()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again."""
        self._build()

    def _build(self) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        w, h = app.screen_size
        self.buttons.clear()
        self.dialog = None
        pw, ph = min(s(PANEL_W), w - s(40)), s(120 + ROW_H * ROWS + 110)
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)
        x, y = self.panel_rect.x + s(30), self.panel_rect.y + s(104)
        self.row_rects = [pygame.Rect(x, y + i * s(ROW_H), pw - s(60), s(ROW_H - 4)) for i in range(ROWS)]
        bw, bh, gap = s(200), s(48), s(16)
        by = self.panel_rect.bottom - s(30) - bh
        left = self.panel_rect.centerx - (3 * bw + 2 * gap) // 2
        has = bool(self.current())
        self.buttons.add(app.ui, pygame.Rect(left, by, bw, bh), t("games.back"), self.go_back, object_id="#menu_button")
        self.buttons.add(
            app.ui,
            pygame.Rect(left + bw + gap, by, bw, bh),
            t("games.export"),
            self.ask_export,
            object_id="#menu_button",
            enabled=has,
        )
        self.buttons.add(
            app.ui,
            pygame.Rect(left + 2 * (bw + gap), by, bw, bh),
            t("games.replay"),
            self.replay,
            object_id="#primary",
            enabled=has,
        )
        self.buttons.set_focus(2 if has else 0)

    # ----- the list -----
    def current(self) -> GameRecord | None:
        """The selected game's record (None when nothing readable is selected)."""
        if 0 <= self.selected < len(self.listed):
            return self.listed[self.selected].record
        return None

    def select(self, index: int) -> None:
        """Select a row (kept in range and on screen)."""
        if not self.listed:
            return
        was = self.current() is not None
        self.selected = max(0, min(len(self.listed) - 1, index))
        self.top = min(self.top, self.selected)
        self.top = max(self.top, self.selected - ROWS + 1)
        if was != (self.current() is not None):
            self.app.ui.clear_and_reset()
            self._build()

    def seat_names(self, record: GameRecord) -> list[str]:
        """The mode's names of the record's seats, translated ("Light", "Dark")."""
        key = (record.mode, record.level)
        if key not in self._seat_names:
            try:
                game = registry.load(record.mode, record.level)
                names = [game.seat_name(i) for i in range(game.num_players)]
            except (KeyError, ValueError, OSError):
                names = []
            self._seat_names[key] = names
        t = self.app.t
        return [t(f"side.{n}") if t.has(f"side.{n}") else n for n in self._seat_names[key]]

    def who(self, seat: str) -> str:
        """How a seat was played: Human or Computer (level)."""
        t = self.app.t
        if seat == HUMAN:
            return t("board.who.human")
        level = seat_level(seat) or seat
        key = f"board.level.{level}"
        return t("board.seat.ai", level=t(key) if t.has(key) else level)

    def row_texts(self, listed: Listed) -> tuple[str, str, str, str]:
        """Date, mode, seats and result of one row."""
        t = self.app.t
        record = listed.record
        if record is None:
            detail = listed.problem.removeprefix(f"{listed.path.name}: ")  # the row names the file already
            return listed.path.name, "", t("games.unreadable", detail=detail), ""
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.date)) if record.date else listed.path.stem
        mode = t(f"mode.{record.mode}") if t.has(f"mode.{record.mode}") else record.mode
        names = self.seat_names(record)
        seats = " · ".join(
            f"{names[i] if i < len(names) else i + 1}: {self.who(seat)}" for i, seat in enumerate(record.seats)
        )
        if record.winners is None:
            result = t("games.unfinished")
        elif len(record.winners) == 1 and record.winners[0] < len(names):
            result = t("games.won", side=names[record.winners[0]])
        else:
            result = t("gameover.draw")
        return date, mode, seats, result

    # ----- actions -----
    def replay(self) -> None:
        """Open the selected game in the replay viewer."""
        record = self.current()
        if record is None:
            return
        problem = open_replay(self.app, record, back="games")
        if problem:
            self.app.notify(problem)

    def ask_export(self) -> None:
        """Ask for a folder to write the selected game into."""
        if self.current() is None or self.dialog is not None:
            return
        s = self.app.s
        rect = pygame.Rect(0, 0, s(560), s(440))
        rect.center = self.panel_rect.center
        self.dialog = pygame_gui.windows.UIFileDialog(
            rect,
            self.app.ui,
            window_title=self.app.t("games.export_title"),
            initial_file_path=str(Path.home()),
            allow_picking_directories=True,
            always_on_top=True,
        )

    def export_to(self, folder: Path) -> Path | None:
        """Write the selected game into `folder` (a file picked means its folder); the result is shown."""
        record = self.current()
        if record is None:
            return None
        folder = Path(folder)
        if folder.is_file():
            folder = folder.parent
        try:
            path = export_record(record, folder)
        except (RecordError, OSError) as exc:
            self.app.notify(self.app.t("games.export_failed", detail=str(exc)))
            return None
        self.app.notify(self.app.t("games.exported", path=str(path)))
        return path

    def go_back(self) -> None:
        """Back to the main menu."""
        self.app.goto("menu")

    # ----- frame -----
    def handle(self, event: pygame.event.Event) -> None:
        """Rows by mouse, wheel and arrows; Enter replays; Esc goes back."""
        if self.dialog is not None:
            self._dialog_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.listed) - ROWS), self.top - int(event.y)))
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        self.buttons.handle(event)

    def _dialog_event(self, event: pygame.event.Event) -> None:
        # While the export dialog is open it takes every event: a picked path exports, closing it cancels.
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            self.export_to(Path(event.text))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None

    def _click(self, pos: tuple[int, int]) -> bool:
        # A click selects a row; a second click on the selected row replays it. True when a row took the click.
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and self.top + i < len(self.listed):
                if self.top + i == self.selected and getattr(self, "_last_click", None) == self.selected:
                    self.replay()
                    return True
                self.select(self.top + i)
                self._last_click = self.selected
                return True
        return False

    def _key(self, key: int) -> bool:
        # Arrows, pages, Home and End move the selection; Esc goes back; Enter replays unless a button has focus.
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS}
        ends = {pygame.K_HOME: 0, pygame.K_END: len(self.listed) - 1}
        if key in steps:
            self.select(self.selected + steps[key])
        elif key in ends:
            self.select(ends[key])
        elif key == pygame.K_ESCAPE:
            self.go_back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.focused is None:
            self.replay()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, panel, heading, the rows and a line when there are none."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(art.table_background(app.screen_size), (0, 0))
        art.panel(surface, self.panel_rect, app.ui_scale)
        art.heading(app, surface, t("games.title"), (self.panel_rect.centerx, self.panel_rect.y + s(46)), 30)
        if not self.listed:
            art.wrapped_text(
                app, surface, t("games.empty"), self.row_rects[1], size=18, colour=art.PARCHMENT_DARK, align="center"
            )
            return
        cut: list[str] = []
        for i, rect in enumerate(self.row_rects):
            index = self.top + i
            if index >= len(self.listed):
                break
            if index == self.selected:
                art.focus_band(surface, rect, s)
            date, mode, seats, result = self.row_texts(self.listed[index])
            bad = self.listed[index].record is None
            columns = [(date, 0.0, 0.17), (mode, 0.18, 0.15), (seats, 0.34, 0.46), (result, 0.81, 0.19)]
            for text, start, width in columns:
                if not text:
                    continue
                size = art.fitting_size(text, rect.w * width - s(8), s(17), cut)
                colour = art.ERROR if bad else (art.PARCHMENT if index == self.selected else art.PARCHMENT_DARK)
                art.label(surface, text, size, colour, midleft=(rect.x + s(12) + int(rect.w * start), rect.centery))
        if len(self.listed) > ROWS:
            more = t(
                "games.count", shown=f"{self.top + 1}–{min(len(self.listed), self.top + ROWS)}", total=len(self.listed)
            )
            art.text(
                app,
                surface,
                more,
                (self.panel_rect.right - s(34), self.row_rects[-1].bottom + s(6)),
                size=13,
                colour=art.MUTED,
                anchor="topright",
            )
