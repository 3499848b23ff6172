"""The Games screen: the unfinished games (last played first; each resumed, or deleted once the player confirms)
above the finished games kept in the data folder (each opened in the replay viewer or exported to a folder of the
player's choice). A row names its game: when, the mode and setup, the seats by name and level, whose turn it is or
how it ended."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame
import pygame_gui

from game.client import gui, lettering, palette, saves, shapes
from game.client.board.replay import open_replay
from game.client.confirm import Confirm
from game.client.game_names import (
    mode_name,
    played_date,
    saved_level,
    saved_texts,
    seat_labels,
    seats_line,
    seats_lines,
    setup_title,
    tell_save_news,
    unfinished_line,
)
from game.client.modes import PROGRESS
from game.client.open_game import open_unfinished
from game.client.play.records import KEEP as RECORDS_KEPT
from game.client.play.records import GameRecord, Listed, RecordError, export_record, list_records
from game.client.play.seats import clean_name
from game.client.scene import Scene
from game.client.widgets import ButtonGroup
from game.engine.core import JSONObject

if TYPE_CHECKING:
    from game.client.app import App

PANEL_W, ROW_H, ROWS = 1000, 44, 8
# Where each column starts and how wide it is, as parts of a row: date, mode and setup, seats, turn or result.
COLUMNS = ((0.0, 0.14), (0.15, 0.18), (0.34, 0.43), (0.78, 0.22))
UNFINISHED, FINISHED = "unfinished", "finished"  # the two sections' header lines

#: One entry of the list: an unfinished game, or a finished game's record (or an unreadable record file).
Item = saves.Unfinished | Listed


class Row(NamedTuple):
    """What one row shows: the date, the mode and its setup, the seats, whose turn or the result (and a detail under
    it); `bad` for an entry that cannot be opened."""

    date: str
    mode: str
    setup: str
    seats: str
    status: str
    detail: str = ""
    bad: bool = False
    seats_more: str = ""  # the second line of three or four seats
    online: str = ""  # an online game's tag under the date ('Online'), '' for a game played here only
    opponents: str = ""  # an online game's opponents under its seats ('' when they are shown on two lines)


def online_seats(session: JSONObject) -> list[int] | None:
    """The seats an unfinished online game's save plays on this machine; None for a game played here only."""
    link = session.get("online")
    seats = link.get("seats") if isinstance(link, dict) else None
    if not isinstance(seats, list):
        return None
    return [seat for s in seats if isinstance(s, dict) and isinstance(seat := s.get("seat"), int)]


class GamesScene(Scene):
    """Unfinished games (Resume, Delete…) above finished ones (Replay, Export…), and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.unfinished: list[saves.Unfinished] = []
        self.listed: list[Listed] = []
        self.items: list[Item] = []  # the unfinished games, then the records: what `selected` counts
        self.lines: list[int | str] = []  # each line of the list: an item's index, or a section's header
        self.selected = 0
        self.top = 0  # the first line shown
        self.buttons = ButtonGroup(horizontal=True)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.confirm: Confirm | None = None  # "Delete this unfinished game?" while it is asked
        self.cut: list[str] = []  # texts that did not fit in the last frame
        self.marker: pygame.Rect | None = None  # the selected row's focus marker, as last drawn
        self.dates: dict[int, pygame.Rect] = {}  # item index -> where its date was last drawn
        self._rows: dict[int, Row] = {}  # item index -> its texts (made once per list and language)
        self._buttons_for: tuple[str, bool] = ("", False)
        self._last_click: int | None = None

    # ----- life cycle -----
    def enter(self, **context: object) -> None:
        """Read the saves and the records folder (each newest first)."""
        self.dialog = None
        self.confirm = None
        self.reload()
        self.selected = 0
        self.top = 0
        self._build()

    def reload(self) -> None:
        """Read both lists again (after a deletion, or a save that turned out unusable)."""
        self.unfinished = saves.unfinished()
        self.listed = list_records()
        self.items = [*self.unfinished, *self.listed]
        count = len(self.unfinished)
        self.lines = []
        if self.unfinished:
            self.lines += [UNFINISHED, *range(count)]
        if self.listed:
            self.lines += [FINISHED, *range(count, len(self.items))]
        self._rows.clear()
        self.selected = max(0, min(self.selected, len(self.items) - 1))
        self.top = max(0, min(self.top, len(self.lines) - ROWS))
        tell_save_news(self.app)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again (the language may have changed too)."""
        self._rows.clear()
        self._build()
        if self.confirm is not None and self.confirm.open:
            self.confirm.build()

    def _build(self) -> None:
        app, s = self.app, self.app.s
        w, h = app.screen_size
        self.buttons.clear()
        self.dialog = None
        pw, ph = min(s(PANEL_W), w - s(40)), s(120 + ROW_H * ROWS + 110)
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)
        x, y = self.panel_rect.x + s(30), self.panel_rect.y + s(100)
        self.row_rects = [pygame.Rect(x, y + i * s(ROW_H), pw - s(60), s(ROW_H - 4)) for i in range(ROWS)]
        self._build_buttons()

    def _build_buttons(self) -> None:
        # Back, then the selected entry's two actions: Delete… and Resume for an unfinished game, else Export… and
        # Replay (disabled with nothing to open).
        app, s, t = self.app, self.app.s, self.app.t
        self._buttons_for = self._button_state()
        kind, ready = self._buttons_for
        if kind == UNFINISHED:
            actions = [(t("games.delete"), self.ask_delete, True), (t("games.resume"), self.resume, ready)]
        else:
            actions = [(t("games.export"), self.ask_export, ready), (t("games.replay"), self.replay, ready)]
        bw, bh, gap = s(200), s(48), s(16)
        by = self.panel_rect.bottom - s(30) - bh
        left = self.panel_rect.centerx - (3 * bw + 2 * gap) // 2
        self.buttons.add(app.ui, pygame.Rect(left, by, bw, bh), t("games.back"), self.go_back, object_id="#menu_button")
        for i, (text, callback, enabled) in enumerate(actions, 1):
            rect = pygame.Rect(left + i * (bw + gap), by, bw, bh)
            object_id = "#primary" if i == 2 else "#menu_button"
            self.buttons.add(app.ui, rect, text, callback, object_id=object_id, enabled=enabled)
        self.buttons.set_focus(2 if ready else 0)

    def _button_state(self) -> tuple[str, bool]:
        """Which actions the selection offers, and whether its main one (Resume or Replay) can be used."""
        game = self.selected_game()
        if game is not None:
            return UNFINISHED, game.playable
        return FINISHED, self.current() is not None

    # ----- the list -----
    def current(self) -> GameRecord | None:
        """The selected finished game's record (None when an unfinished game or an unreadable file is selected)."""
        item = self.items[self.selected] if 0 <= self.selected < len(self.items) else None
        return item.record if isinstance(item, Listed) else None

    def selected_game(self) -> saves.Unfinished | None:
        """The selected unfinished game, if one is selected."""
        item = self.items[self.selected] if 0 <= self.selected < len(self.items) else None
        return item if isinstance(item, saves.Unfinished) else None

    def select(self, index: int) -> None:
        """Select an entry (kept in range, and on screen with its section's header when there is room)."""
        if not self.items:
            return
        self.selected = max(0, min(len(self.items) - 1, index))
        line = self.lines.index(self.selected)
        if line - 1 >= 0 and isinstance(self.lines[line - 1], str):
            line -= 1  # the first entry of a section brings its header along
        self.top = min(self.top, line)
        self.top = max(self.top, self.lines.index(self.selected) - ROWS + 1)
        if self._button_state() != self._buttons_for:
            gui.reset(self.app.ui)
            self._build()

    def row_texts(self, item: Item) -> Row:
        """The texts of one entry's row."""
        return self._unfinished_row(item) if isinstance(item, saves.Unfinished) else self._record_row(item)

    def _row(self, index: int) -> Row:
        row = self._rows.get(index)
        if row is None:
            row = self._rows[index] = self.row_texts(self.items[index])
        return row

    def _unfinished_row(self, game: saves.Unfinished) -> Row:
        t = self.app.t
        level = saved_level(game)
        seats = saved_texts(game, "seats")
        labels = seat_labels(t, game.mode, level, seats, saved_texts(game, "names"), compact=len(seats) > 2)
        date = played_date(game.saved) or game.path.stem
        if not game.playable:
            return Row(
                date, mode_name(t, clean_name(game.mode)), "", seats_line(t, labels), t("games.cannot_resume"), bad=True
            )
        seat = game.to_play
        status = t("games.to_play", name=labels[seat]) if seat is not None and seat < len(labels) else ""
        if game.progress is not None:
            detail = t(PROGRESS(game.mode), n=game.progress[0], limit=game.progress[1])
        elif game.turn is not None:
            detail = t("games.turn", n=game.turn)
        else:  # a save of an earlier version counts decisions only
            detail = t("games.move", n=game.moves + 1) if game.moves is not None else ""
        first, more = seats_lines(t, labels)
        tag, opponents = self._online_words(labels, online_seats(game.session))
        return Row(
            date,
            mode_name(t, game.mode),
            setup_title(game.mode, level, t.language),
            first,
            status,
            detail,
            False,
            more,
            tag,
            "" if more else opponents,
        )

    def _record_row(self, listed: Listed) -> Row:
        t = self.app.t
        record = listed.record
        if record is None:
            detail = listed.problem.removeprefix(f"{listed.path.name}: ")  # the row names the file already
            return Row(listed.path.name, "", "", t("games.unreadable", detail=detail), "", bad=True)
        seats = [clean_name(seat) for seat in record.seats]
        labels = seat_labels(t, record.mode, record.level, seats, record.names, compact=len(seats) > 2)
        if record.winners is None:
            result = t("games.unfinished")
        elif len(record.winners) == 1 and record.winners[0] < len(labels):
            result = t("games.won", side=labels[record.winners[0]])
        else:
            result = t("gameover.draw")
        first, more = seats_lines(t, labels)
        tag, opponents = self._online_words(labels, record.online)
        return Row(
            played_date(record.date) or listed.path.stem,
            mode_name(t, clean_name(record.mode)),
            setup_title(record.mode, record.level, t.language),
            first,
            result,
            seats_more=more,
            online=tag,
            opponents="" if more else opponents,
        )

    def _online_words(self, labels: list[str], here: list[int] | None) -> tuple[str, str]:
        """An online game's tag and its opponents ('Online', 'against Boris'); ('', '') for a game played here."""
        if here is None:
            return "", ""
        t = self.app.t
        others = [label for seat, label in enumerate(labels) if seat not in here]
        return t("games.online"), t("games.opponents", names=", ".join(others)) if others else ""

    # ----- actions -----
    def open_selected(self) -> None:
        """Resume the selected unfinished game, or replay the selected finished one."""
        if self.selected_game() is not None:
            self.resume()
        else:
            self.replay()

    def resume(self) -> None:
        """Continue the selected unfinished game where it was left; one that does not load is set aside and told."""
        game = self.selected_game()
        if game is None or not game.playable:
            return
        from game.client.play.session import GameSession  # imported here: it loads the AI, not needed for the list

        try:
            session = GameSession.resume(game)
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild means the save is unusable
            saves.report_problem(game.path, f"{game.path}: {exc}")
            self._refresh()
            return
        if session.is_over:
            session.save()  # finished after all: its file goes and its record is kept
            self._refresh()
            return
        self.confirm = open_unfinished(self.app, session)

    def ask_delete(self) -> None:
        """Ask before deleting the selected unfinished game."""
        game = self.selected_game()
        if game is None:
            return
        t = self.app.t
        question = t("games.delete_question", game=unfinished_line(t, game))
        self.confirm = Confirm(
            self.app, question, t("games.delete_yes"), t("confirm.keep"), partial(self.delete, game.path)
        )
        self.confirm.build()

    def delete(self, path: Path) -> None:
        """Delete the unfinished game kept at `path` (the player said yes)."""
        try:
            saves.remove_save(path)
        except OSError as exc:
            self.app.notify(self.app.t("games.delete_failed", detail=exc.strerror or str(exc)))
        self._refresh()

    def _refresh(self) -> None:
        self.reload()
        gui.reset(self.app.ui)
        self._build()

    def replay(self) -> None:
        """Open the selected finished game in the replay viewer."""
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
        self.app.notify(self.app.t("games.exported", path=str(path)), kind="info")
        return path

    def go_back(self) -> None:
        """Back to the main menu."""
        self.app.goto("menu")

    # ----- frame -----
    def handle(self, event: pygame.event.Event) -> None:
        """Rows by mouse, wheel and arrows; Enter opens, Delete asks to delete; Esc goes back."""
        if self.confirm is not None and self.confirm.open:
            self.confirm.handle(event)
            return
        if self.dialog is not None:
            self._dialog_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.lines) - ROWS), self.top - int(event.y)))
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
        # A click selects an entry; a second click on the selected one opens it. True when a line took the click.
        for i, rect in enumerate(self.row_rects):
            if not rect.collidepoint(pos) or self.top + i >= len(self.lines):
                continue
            index = self.lines[self.top + i]
            if isinstance(index, str):
                return True  # a section's header
            if index == self.selected and self._last_click == index:
                self.open_selected()
                return True
            self.select(index)
            self._last_click = index
            return True
        return False

    def _key(self, key: int) -> bool:
        # Arrows, pages, Home and End move the selection; Esc goes back; Enter opens unless a button has focus;
        # Delete asks to delete an unfinished game.
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS}
        ends = {pygame.K_HOME: 0, pygame.K_END: len(self.items) - 1}
        if key in steps:
            self.select(self.selected + steps[key])
        elif key in ends:
            self.select(ends[key])
        elif key == pygame.K_ESCAPE:
            self.go_back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.focused is None:
            self.open_selected()
        elif key == pygame.K_DELETE and self.selected_game() is not None:
            self.ask_delete()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, panel, heading, the sections' headers and rows, and a line when there are none."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        shapes.panel(surface, self.panel_rect, app.ui_scale)
        lettering.heading(app, surface, t("games.title"), (self.panel_rect.centerx, self.panel_rect.y + s(46)), 30)
        self.cut = []
        self.marker, self.dates = None, {}
        if not self.items:
            box = self.row_rects[1].union(self.row_rects[2])
            lettering.wrapped_text(
                app, surface, t("games.empty"), box, size=18, colour=palette.PARCHMENT_DARK, align="center"
            )
            return
        for rect, line in zip(self.row_rects, self.lines[self.top :], strict=False):
            if isinstance(line, str):
                self._draw_header(surface, rect, line)
            else:
                self._draw_row(surface, rect, line)
        visible = [line for line in self.lines[self.top : self.top + ROWS] if isinstance(line, int)]
        if len(self.lines) > ROWS and visible:
            more = t("games.count", shown=f"{visible[0] + 1}–{visible[-1] + 1}", total=len(self.items))
            lettering.text(
                app,
                surface,
                more,
                (self.panel_rect.right - s(34), self.row_rects[-1].bottom + s(6)),
                size=13,
                colour=palette.MUTED,
                anchor="topright",
            )

    def _draw_header(self, surface: pygame.Surface, rect: pygame.Rect, section: str) -> None:
        """A section's name and count on the left, how many are kept on the right, over a brass rule."""
        app, s, t = self.app, self.app.s, self.app.t
        if section == UNFINISHED:
            title = t("games.section.unfinished", n=len(self.unfinished))
            note = t("games.section.unfinished_note", keep=saves.KEEP)
        else:
            title = t("games.section.finished", n=len(self.listed))
            note = t("games.section.finished_note", keep=RECORDS_KEPT)
        y = rect.bottom - s(8)
        head = lettering.text(
            app, surface, title, (rect.x + s(4), y), size=16, bold=True, colour=palette.BRASS, anchor="bottomleft"
        )
        tail = lettering.text(
            app, surface, note, (rect.right - s(4), y), size=13, colour=palette.MUTED, anchor="bottomright"
        )
        rule_y = rect.bottom - s(2)
        pygame.draw.line(surface, palette.BRASS_DARK, (rect.x, rule_y), (rect.right, rule_y), max(1, s(1)))
        if head.right > tail.x:
            self.cut.append(note)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, index: int) -> None:
        """One entry: the date, the mode over its setup, the seats, the turn or result over its detail."""
        s = self.app.s
        if index == self.selected:
            self.marker = shapes.focus_band(surface, rect, s)
        row = self._row(index)
        colour = palette.ERROR if row.bad else (palette.PARCHMENT if index == self.selected else palette.PARCHMENT_DARK)
        cells = (
            (row.date, row.online, 15),
            (row.mode, row.setup, 16),
            (row.seats, row.opponents, 16),
            (row.status, row.detail, 16),
        )
        # The columns start a gap past the focus marker, so a selected row's marker never touches its date.
        left = s(shapes.FOCUS_MARKER + shapes.GAP)
        inner = rect.w - left - s(4)
        for column, ((main, under, size), (start, width)) in enumerate(zip(cells, COLUMNS, strict=True)):
            x, room = rect.x + left + int(inner * start), inner * width - s(8)
            if column == 2 and row.seats_more:  # three or four seats: two lines alike, in one size
                fitted = min(lettering.fitting_size(line, room, s(14), self.cut) for line in (main, row.seats_more))
                lettering.label(surface, main, fitted, colour, midleft=(x, rect.centery - s(9)))
                lettering.label(surface, row.seats_more, fitted, colour, midleft=(x, rect.centery + s(10)))
            elif under:
                drawn = self._text(surface, main, size, colour, (x, rect.centery - s(9)), room)
                if column == 0:
                    self.dates[index] = drawn
                tag = column == 0  # an online game's tag stands out from the muted details
                self._text(surface, under, 13, palette.BRASS if tag else palette.MUTED, (x, rect.centery + s(10)), room)
            elif main:
                drawn = self._text(surface, main, size, colour, (x, rect.centery), room)
                if column == 0:
                    self.dates[index] = drawn

    def _text(
        self, surface: pygame.Surface, text: str, size: int, colour: palette.Colour, at: tuple[int, int], room: float
    ) -> pygame.Rect:
        """`text` from its left middle at `at`, in a smaller font when it needs to (else noted in `cut`); returns
        where it was drawn."""
        fitted = lettering.fitting_size(text, room, self.app.s(size), self.cut)
        return lettering.label(surface, text, fitted, colour, midleft=at)
