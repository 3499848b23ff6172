"""The scrolling move log in the side panel: one column per seat (2–4 seats) or one line per turn, numbered,
newest at the bottom, scrolled back by the wheel or by dragging its content or scroll bar; while scrolled back a
new move does not yank the view (a "jump to latest" chip brings it back), and scrolling to the end follows the
newest moves again. Every entry can be clicked (`take_click` gives its number, for review); the reviewed entry is
highlighted. Entries are numbered in reading order, skipping empty cells and the '…' of a seat that began.

An entry is one decision (with the chance outcomes after it). A cell that joins several decisions (a turn's line)
needs `entries`: for each cell in reading order, the entry it ends with; a click on it gives that entry, and any
entry it holds highlights it. Without `entries` every cell is one entry."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client import art

Row = tuple[int, list[str]]  # (turn number, one text per column; "" where a seat has not acted)


def seat_rows(texts: Sequence[str], actors: Sequence[int], seats: int) -> list[Row]:
    """Entries by seat column: a new numbered row starts when a seat acts whose column is taken or lies left of the
    last one used; columns left of the first entry of the first row hold '…' (another seat began)."""
    rows: list[Row] = []
    cells: list[str] = []
    last = -1
    for text, actor in zip(texts, actors, strict=False):
        if actor < 0:
            continue  # chance outcomes are part of the move they follow
        if not cells or actor <= last:
            if cells:
                rows.append((len(rows) + 1, cells))
            cells = ["…" if not rows else ""] * actor + [""] * (seats - actor)
        cells[actor] = text
        last = actor
    if cells:
        rows.append((len(rows) + 1, cells))
    return rows


def line_rows(turns: Sequence[str]) -> list[Row]:
    """One numbered line per turn (a mode that joins a turn's actions into one text)."""
    return [(i + 1, [text]) for i, text in enumerate(turns)]


class MoveLog:
    """The rows shown, where they are scrolled to, and the geometry of the log box."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 10
        self.rows: list[Row] = []
        self.title = ""
        self.top: int | None = None  # first row shown; None follows the newest
        self.drag: tuple[str, int, int] | None = None  # ("thumb" or "content", start y, start row)
        self.headers: list[tuple[str, tuple[int, int, int]]] = []  # one (seat name, colour) per column, or none
        self.short_headers: list[list[str]] = []  # shorter forms of the headers, for narrow columns
        self.selected: int | None = None  # the entry being reviewed (1-based), highlighted
        self.entries: list[int] | None = None  # the entry each cell ends with (cells of several decisions), or None
        self.chip_text = ""  # the "jump to latest" chip's words
        self._press: tuple[int, int] | None = None  # where a press on the rows started (a click if it stays)
        self._clicked: int | None = None

    def place(self, rect: pygame.Rect, unit: int) -> None:
        """Where the log box is, and the panel's unit."""
        self.rect, self.unit = rect, unit

    # ----- geometry -----
    @property
    def line(self) -> int:
        """Height of one row."""
        return int(self.unit * 1.15)

    @property
    def body(self) -> pygame.Rect:
        """The part of the box that holds rows (below its title)."""
        top = self.rect.top + int(self.unit * 1.3)
        return pygame.Rect(self.rect.left, top, self.rect.w, max(self.line, self.rect.bottom - top - self.unit // 3))

    @property
    def rows_shown(self) -> int:
        """How many rows the log shows at once."""
        return max(1, self.body.h // self.line)

    def track(self) -> pygame.Rect:
        """The scroll bar's track at the box's right edge."""
        body = self.body
        w = max(4, self.unit // 3)
        return pygame.Rect(body.right - w - self.unit // 3, body.top, w, self.rows_shown * self.line)

    def thumb(self, total: int, top: int) -> pygame.Rect | None:
        """The scroll bar's thumb for `total` rows with row `top` first; None when all rows fit."""
        rows = self.rows_shown
        if total <= rows:
            return None
        track = self.track()
        h = max(self.unit, track.h * rows // total)
        y = track.top + (track.h - h) * top // max(1, total - rows)
        return pygame.Rect(track.left, y, track.w, h)

    def first_shown(self, top: int | None = None) -> int:
        """The first row to show: `top` (default: the scrolled position) kept in range, or the newest page."""
        top = self.top if top is None else top
        last_page = max(0, len(self.rows) - self.rows_shown)
        return last_page if top is None else max(0, min(last_page, top))

    def shown(self) -> list[Row]:
        """The rows on screen now."""
        top = self.first_shown()
        return self.rows[top : top + self.rows_shown]

    # ----- scrolling -----
    def scrolled_back(self) -> bool:
        """True when newer rows are hidden below (the view does not follow new moves)."""
        return self.first_shown() + self.rows_shown < len(self.rows)

    def chip_rect(self) -> pygame.Rect | None:
        """The "jump to latest" chip at the bottom of the rows while scrolled back, else None."""
        if not self.scrolled_back() or not self.chip_text:
            return None
        u = self.unit
        w = min(self.body.w - u, art.font(int(u * 0.75), bold=True).size(self.chip_text)[0] + u)
        rect = pygame.Rect(0, 0, w, int(u * 1.15))
        # On the box's lower edge, below the rows, so it hides none of them.
        rect.center = (self.body.centerx - u // 2, self.rect.bottom)
        return rect

    # ----- entries -----
    def entry_cells(self) -> list[tuple[int, int]]:
        """(row index, column) of every entry, in entry order."""
        return [
            (r, c) for r, (_num, cells) in enumerate(self.rows) for c, text in enumerate(cells) if text and text != "…"
        ]

    def cell_of(self, entry: int) -> int | None:
        """The index (in `entry_cells` order) of the cell that holds `entry` (1-based), or None."""
        count = len(self.entry_cells())
        if self.entries is None:
            return entry - 1 if 1 <= entry <= count else None
        return next((i for i, end in enumerate(self.entries[:count]) if end >= entry >= 1), None)

    def _entry_of(self, cell: int) -> int:
        """The entry a click on cell `cell` (1-based, reading order) reviews: the last decision the cell holds."""
        if self.entries is None or not 1 <= cell <= len(self.entries):
            return cell
        return self.entries[cell - 1]

    def _columns(self, right: int) -> tuple[list[int], list[int]]:
        """The left and right edge of each column (log coordinates)."""
        u, log = self.unit, self.rect
        columns = max((len(cells) for _, cells in self.rows), default=1)
        starts = [log.left + int(u * 2.6)] + [log.left + log.w * i // columns + u // 2 for i in range(1, columns)]
        return starts, [*starts[1:], right]

    def _right(self, offset_x: int = 0) -> int:
        thumb = self.thumb(len(self.rows), self.first_shown())
        return (self.track().left - self.unit // 3 if thumb else self.body.right - self.unit // 2) + offset_x

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The entry (1-based) under `pos`, or None."""
        body = self.body
        if not body.collidepoint(pos):
            return None
        row = self.first_shown() + (pos[1] - body.top) // self.line
        if not 0 <= row < len(self.rows) or (pos[1] - body.top) // self.line >= self.rows_shown:
            return None
        starts, ends = self._columns(self._right())
        column = next((i for i in range(len(starts)) if starts[i] - self.unit // 2 <= pos[0] < ends[i]), None)
        cells = self.entry_cells()
        if column is None:
            # The row's number: its first entry.
            hit = next((n for n, (r, _c) in enumerate(cells, 1) if r == row), None)
        else:
            hit = next((n for n, (r, c) in enumerate(cells, 1) if (r, c) == (row, column)), None)
        return self._entry_of(hit) if hit is not None else None

    def show_entry(self, entry: int) -> None:
        """Scroll so that `entry` (1-based) is on screen."""
        cells = self.entry_cells()
        index = self.cell_of(entry)
        if index is None:
            return
        row = cells[index][0]
        top = self.first_shown()
        if row < top:
            self.top = row
        elif row >= top + self.rows_shown:
            self.top = None
            self.scroll(0)
            self.top = max(0, row - self.rows_shown + 1)
            if self.top >= max(0, len(self.rows) - self.rows_shown):
                self.top = None

    def take_click(self) -> int | None:
        """The entry clicked since the last call, once."""
        clicked, self._clicked = self._clicked, None
        return clicked

    def scroll(self, rows: int) -> None:
        """Scroll by `rows` (negative = back to older moves); at the bottom it follows again."""
        top = self.first_shown() + rows
        last_page = max(0, len(self.rows) - self.rows_shown)
        self.top = None if top >= last_page else max(0, top)

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int] | None) -> bool:
        """Wheel over the log, or a drag of its content or scroll bar, any time; True when used."""
        if event.type == pygame.MOUSEWHEEL:
            pos = pointer or pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.scroll(-int(event.y))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chip = self.chip_rect()
            if chip is not None and chip.collidepoint(event.pos):
                self.top = None
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._press = event.pos
            top = self.first_shown()
            thumb = self.thumb(len(self.rows), top)
            on_bar = thumb is not None and self.track().inflate(self.unit, 0).collidepoint(event.pos)
            self.drag = ("thumb" if on_bar else "content", event.pos[1], top)
            return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None and not getattr(event, "buttons", (1,))[0]:
            self.drag = None  # the button came up where we did not see it (over a dialog, outside the window)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            how, start_y, start_top = self.drag
            total = len(self.rows)
            if how == "thumb":
                thumb = self.thumb(total, start_top)
                span = max(1, self.track().h - (thumb.h if thumb else 0))
                rows = round((event.pos[1] - start_y) * max(0, total - self.rows_shown) / span)
            else:
                # Content follows the pointer: dragging down shows older moves.
                rows = -round((event.pos[1] - start_y) / self.line)
            self.top = start_top
            self.scroll(rows)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            press, self._press = self._press, None
            if self.drag[0] == "content" and press is not None and abs(event.pos[1] - press[1]) < self.line // 2:
                self._clicked = self.entry_at(press)
            self.drag = None
            return True
        return False

    # ----- drawing -----
    def fit_turn(self, text: str) -> str:
        """A turn's line ('Name: a b c', for `line_rows`) cut at its start ('…') until it fits the log's width."""
        width = self.rect.w - int(self.unit * 4.2)
        font = art.font(int(self.unit * 0.9 * 0.75), bold=True)
        name, _, rest = text.partition(": ")
        words = rest.split(" ")
        while len(words) > 1 and font.size(f"{name}: … {' '.join(words)}")[0] > width:
            words.pop(0)
        return text if " ".join(words) == rest else f"{name}: … {' '.join(words)}"

    def draw_box(self, surface: pygame.Surface) -> None:
        """The parchment box (static: cached with the table)."""
        art.parchment(surface, self.rect, self.unit / 18)

    def draw(self, surface: pygame.Surface, offset: tuple[int, int], cut: list[str]) -> None:
        """Title, numbered rows with one column per seat, and the scroll bar; `offset` shifts the drawing (the
        panel is drawn onto its own image); texts that do not fit go to `cut`."""
        u = self.unit
        log = self.rect.move(offset)
        top = self.first_shown()
        starts, _ends = self._columns(self._right())
        starts = [x + offset[0] for x in starts]
        ends = [*starts[1:], self._right(offset[0])]
        if self.headers and len(self.headers) == len(starts):
            self._draw_headers(surface, log, starts, ends, cut)
        else:
            art.label(
                surface,
                self.title,
                int(u * 0.8),
                art.INK_SOFT,
                topleft=(log.left + u // 2, log.top + u // 3),
                bold=True,
            )
        self._draw_rows(surface, offset, top, starts, ends, cut)
        self._draw_scroll_bar(surface, offset, top)
        self._draw_chip(surface, offset, cut)

    def _draw_headers(
        self, surface: pygame.Surface, log: pygame.Rect, starts: list[int], ends: list[int], cut: list[str]
    ) -> None:
        """The seat names head their columns (who plays each side, always in view)."""
        u = self.unit
        columns = len(starts)
        # The first header may use the number column's room too.
        lefts = [log.left + u // 2, *starts[1:]]
        rooms = [ends[i] - lefts[i] - u // 2 for i in range(columns)]
        names = [name for name, _colour in self.headers]
        scratch: list[str] = []
        for i, name in enumerate(names):
            art.fitting_size(name, rooms[i], int(u * 0.8), scratch, bold=True)
        for shorter in self.short_headers:
            # Too long for the column: a shorter form (its colour still names the side).
            if not scratch:
                break
            names, scratch = shorter, []
            for i, name in enumerate(names):
                art.fitting_size(name, rooms[i], int(u * 0.8), scratch, bold=True)
        # One size for every header, so no seat looks more important.
        size = min(art.fitting_size(name, rooms[i], int(u * 0.8), cut, bold=True) for i, name in enumerate(names))
        for i, (name, colour) in enumerate(zip(names, [c for _n, c in self.headers], strict=True)):
            art.label(surface, name, size, art.shade(colour, 0.62), topleft=(lefts[i], log.top + u // 3), bold=True)

    def _draw_rows(
        self,
        surface: pygame.Surface,
        offset: tuple[int, int],
        top: int,
        starts: list[int],
        ends: list[int],
        cut: list[str],
    ) -> None:
        """The numbered rows shown, the newest entry bold and the reviewed one on a band."""
        u = self.unit
        log = self.rect.move(offset)
        body = self.body.move(offset)
        columns = len(starts)
        newest = len(self.rows) - 1
        index = self.cell_of(self.selected) if self.selected else None
        selected = self.entry_cells()[index] if index is not None else None
        for n, (num, cells) in enumerate(self.rows[top : top + self.rows_shown]):
            y = body.top + n * self.line
            bold_at = max((i for i, text in enumerate(cells) if text), default=-1) if top + n == newest else -1
            art.label(surface, f"{num}.", int(u * 0.85), art.INK_SOFT, topleft=(log.left + u // 2, y))
            for i, text in enumerate(cells):
                if not text:
                    continue
                width = ends[i] - starts[i] - (u // 2 if i < columns - 1 else 0)
                if selected == (top + n, i):
                    band = pygame.Rect(starts[i] - u // 4, y - 1, width + u // 2, self.line)
                    pygame.draw.rect(surface, art.LOG_SELECT, band, border_radius=max(2, u // 4))
                    pygame.draw.rect(surface, art.BRASS_DARK, band, 1, border_radius=max(2, u // 4))
                size = art.fitting_size(text, width, int(u * 0.9), cut, bold=i == bold_at)
                art.label(surface, text, size, art.INK, topleft=(starts[i], y), bold=i == bold_at)
        if not self.rows:
            art.label(surface, "…", int(u * 0.9), art.INK_SOFT, topleft=(starts[0], body.top))

    def _draw_scroll_bar(self, surface: pygame.Surface, offset: tuple[int, int], top: int) -> None:
        thumb = self.thumb(len(self.rows), top)
        if thumb is None:
            return
        u = self.unit
        track = self.track().move(offset)
        thumb = thumb.move(offset)
        pygame.draw.rect(surface, art.SCROLL_TRACK, track, border_radius=track.w // 2)
        pygame.draw.rect(surface, art.INK_SOFT, thumb, border_radius=track.w // 2)
        if top + self.rows_shown < len(self.rows):
            # Scrolled back: a small marker says newer moves are below.
            mx, my, k = track.left - u * 0.7, track.bottom - u * 0.35, u * 0.3
            pygame.draw.polygon(
                surface, art.INK_SOFT, [(mx - k, my - k * 0.8), (mx + k, my - k * 0.8), (mx, my + k * 0.4)]
            )

    def _draw_chip(self, surface: pygame.Surface, offset: tuple[int, int], cut: list[str]) -> None:
        """The "jump to latest" chip while scrolled back."""
        chip = self.chip_rect()
        if chip is None:
            return
        u = self.unit
        chip = chip.move(offset)
        pygame.draw.rect(surface, art.PANEL, chip, border_radius=chip.h // 2)
        pygame.draw.rect(surface, art.BRASS, chip, 1, border_radius=chip.h // 2)
        size = art.fitting_size(self.chip_text, chip.w - u // 2, int(u * 0.75), cut, bold=True)
        art.label(surface, self.chip_text, size, art.PARCHMENT, center=chip.center, bold=True)
