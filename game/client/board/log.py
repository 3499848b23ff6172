"""The scrolling move list in the side panel: one numbered entry per turn, the seat's colour chip and name, and the
turn's actions as sentences beneath it, each wrapped to the list's width and never cut. Newest at the bottom;
scrolled back by the wheel or by dragging its content or scroll bar; while scrolled back a new move does not yank
the view (a "jump to latest" chip brings it back), and scrolling to the end follows the newest moves again.

Every line can be clicked (`take_click` gives the entry, for review): a line of an action reviews the position
after that action, a turn's number the position after the whole turn. The reviewed action is on a band. Hovering
an action shows its notation (`tip`), for players who like it.

Entries are the game's decisions, counted from 1; each action ends with one (`LogAction.end`), so an action may
join several decisions (a battle's rounds and answers) and a turn several actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.client import lettering, palette, shapes

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class LogAction:
    """One action of a turn: its sentence, its notation (shown on hover) and the entry (decision) it ends with."""

    text: str
    notation: str
    end: int


@dataclass(frozen=True)
class LogTurn:
    """One seat's turn: the seat, its actions in order, and a note after the seat's name (a turn's roll)."""

    seat: int
    actions: tuple[LogAction, ...]
    note: str = ""

    @property
    def end(self) -> int:
        """The entry the turn ends with."""
        return self.actions[-1].end if self.actions else 0


@dataclass(frozen=True)
class LogLine:
    """One drawn line: the turn (index) and its action (index) it shows, its words, whether it leads its turn
    (number, chip and name before the words) and whether it starts its action (else it continues a wrapped one)."""

    turn: int
    action: int
    text: str
    lead: bool
    start: bool


def _fitting(measure: Callable[[str], int], word: str, room: int) -> int:
    """How many of `word`'s first characters fit in `room` (at least one): doubled, then halved, so a very long
    word costs a few measures of about a line's length each, never of the whole word."""
    low, high = 1, 2
    while high <= len(word) and measure(word[:high]) <= room:
        low, high = high, high * 2
    high = min(high, len(word) + 1)  # word[:high] is too wide, or past the end
    while high - low > 1:
        mid = (low + high) // 2
        if measure(word[:mid]) <= room:
            low = mid
        else:
            high = mid
    return low


def wrap_text(measure: Callable[[str], int], text: str, first: int, width: int) -> list[str]:
    """`text` in lines no wider than `first` (the first line) and `width` (the others) as `measure` reads them,
    broken at spaces, and inside a word only when the word alone is too wide: nothing is ever left out."""
    lines: list[str] = []
    line = ""
    room = first
    for word in lettering.words(text):
        trial = f"{line} {word}" if line else word
        if measure(trial) <= room:
            line = trial
            continue
        if line:
            lines.append(line)
            room = width
        line = ""
        # A word too wide for a whole line is split where it must be.
        cut = _fitting(measure, word, room)
        while cut < len(word):
            lines.append(word[:cut])
            room = width
            word = word[cut:]
            cut = _fitting(measure, word, room)
        line = word
    lines.append(line)
    return lines


class MoveLog:
    """The turns shown, their lines laid out for the box, where they are scrolled to, and the box's geometry."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 10
        self.turns: list[LogTurn] = []
        self.numbers: list[int] = []  # each turn's number as the game counts turns (else its place in the list)
        self.seats: list[tuple[str, Colour]] = []  # each seat's name and colour
        self.title = ""
        self.top: int | None = None  # first line shown; None follows the newest
        self.drag: tuple[str, int, int] | None = None  # ("thumb" or "content", start y, start line)
        self.selected: int | None = None  # the entry being reviewed (1-based): its action is on a band
        self.chip_text = ""  # the "jump to latest" chip's words
        self.empty_text = ""  # what an empty list says
        self.hover: tuple[int, int] | None = None  # the pointer over the list, for the notation tip
        self.version = 0  # changes whenever the lines do (the panel image cache)
        self._lines: list[LogLine] | None = None
        # Each turn's wrapped lines (action, text, lead, start) by the turn and its seat's name, for this width.
        self._wrapped: dict[tuple[LogTurn, str], list[tuple[int, str, bool, bool]]] = {}
        self._press: tuple[int, int] | None = None  # where a press on the lines started (a click if it stays)
        self._clicked: int | None = None

    def place(self, rect: pygame.Rect, unit: int) -> None:
        """Where the log box is, and the panel's unit."""
        if (pygame.Rect(rect), unit) != (self.rect, self.unit):
            self.rect, self.unit = pygame.Rect(rect), unit
            self._lines = None
            self._wrapped = {}

    def set_turns(self, turns: Sequence[LogTurn], seats: Sequence[tuple[str, Colour]]) -> None:
        """The turns to show and each seat's name and colour (laid out again only when they change)."""
        turns, seats = list(turns), list(seats)
        if turns != self.turns or seats != self.seats:
            self.turns, self.seats = turns, seats
            self._lines = None

    # ----- geometry -----
    @property
    def text_size(self) -> int:
        """The font size of the sentences."""
        return max(8, int(self.unit * 0.76))

    @property
    def line(self) -> int:
        """Height of one line."""
        return max(self.text_size + 3, int(self.unit * 0.9))

    @property
    def body(self) -> pygame.Rect:
        """The part of the box that holds lines (below its title)."""
        top = self.rect.top + int(self.unit * 0.95)
        return pygame.Rect(self.rect.left, top, self.rect.w, max(self.line, self.rect.bottom - top - self.unit // 5))

    @property
    def rows_shown(self) -> int:
        """How many lines the log shows at once."""
        return max(1, self.body.h // self.line)

    def track(self) -> pygame.Rect:
        """The scroll bar's track at the box's right edge."""
        body = self.body
        w = max(4, self.unit // 3)
        return pygame.Rect(body.right - w - self.unit // 3, body.top, w, self.rows_shown * self.line)

    def thumb(self, total: int, top: int) -> pygame.Rect | None:
        """The scroll bar's thumb for `total` lines with line `top` first; None when all lines fit."""
        rows = self.rows_shown
        if total <= rows:
            return None
        track = self.track()
        h = max(self.unit, track.h * rows // total)
        y = track.top + (track.h - h) * top // max(1, total - rows)
        return pygame.Rect(track.left, y, track.w, h)

    def number(self, turn: int) -> str:
        """The number drawn before the turn at index `turn`: the game's count, else its place in the list."""
        return str(self.numbers[turn] if turn < len(self.numbers) else turn + 1)

    def _number_right(self) -> int:
        """Where the turn numbers end (right-aligned)."""
        return self.rect.left + int(self.unit * 1.9)

    def _chip_x(self) -> int:
        """The centre of the seat chips and action bullets."""
        return self.rect.left + int(self.unit * 2.35)

    def text_left(self) -> int:
        """Where every line's words (and the turn's name) begin."""
        return self.rect.left + int(self.unit * 2.85)

    def text_right(self) -> int:
        """Where the words end: left of the scroll bar's room (kept free even while all lines fit)."""
        return self.track().left - self.unit // 3

    # ----- lines -----
    @property
    def lines(self) -> list[LogLine]:
        """Every line of every turn, laid out for the box's width."""
        if self._lines is None:
            self._lines = self._layout()
            self.version += 1
        return self._lines

    def name_of(self, seat: int) -> tuple[str, Colour]:
        """The seat's name and colour ('' and ink when not known)."""
        return self.seats[seat] if 0 <= seat < len(self.seats) else ("", palette.INK_SOFT)

    def _lead_width(self, turn: LogTurn) -> int:
        """The width the name and note take on a turn's first line, with the gap after them."""
        name = self.name_of(turn.seat)[0]
        width = lettering.font(self.text_size, bold=True).size(name)[0] if name else 0
        if turn.note:
            width += self.unit // 2 + lettering.font(self.text_size).size(turn.note)[0]
        return width + (self.unit // 2 if width else 0)

    def _layout(self) -> list[LogLine]:
        font = lettering.font(self.text_size)
        width = max(self.unit * 4, self.text_right() - self.text_left())

        def measure(text: str) -> int:
            return int(font.size(text)[0])

        out: list[LogLine] = []
        wrapped: dict[tuple[LogTurn, str], list[tuple[int, str, bool, bool]]] = {}
        for t, turn in enumerate(self.turns):
            key = (turn, self.name_of(turn.seat)[0])
            lines = self._wrapped.get(key)
            if lines is None:
                lines = self._wrap_turn(turn, measure, width)
            wrapped[key] = lines
            out.extend(LogLine(t, a, text, lead, start) for a, text, lead, start in lines)
        self._wrapped = wrapped  # only the turns shown now are kept: an undone turn is forgotten
        return out

    def _wrap_turn(self, turn: LogTurn, measure: Callable[[str], int], width: int) -> list[tuple[int, str, bool, bool]]:
        """One turn's lines: (action, words, leads the turn, starts the action)."""
        out: list[tuple[int, str, bool, bool]] = []
        first_room = width - self._lead_width(turn)
        lead_open = True
        if first_room < self.unit * 5 or turn.note:
            # A note (the turn's roll) or a long name fills the first line: the words begin on the next one.
            out.append((0, "", True, False))
            lead_open = False
        for a, action in enumerate(turn.actions):
            room = first_room if lead_open else width
            for i, text in enumerate(wrap_text(measure, action.text, room, width)):
                out.append((a, text, lead_open and i == 0, i == 0))
            lead_open = False
        return out

    def first_shown(self, top: int | None = None) -> int:
        """The first line to show: `top` (default: the scrolled position) kept in range, or the newest page."""
        top = self.top if top is None else top
        last_page = max(0, len(self.lines) - self.rows_shown)
        return last_page if top is None else max(0, min(last_page, top))

    def shown(self) -> list[LogLine]:
        """The lines on screen now."""
        top = self.first_shown()
        return self.lines[top : top + self.rows_shown]

    # ----- scrolling -----
    def scrolled_back(self) -> bool:
        """True when newer lines are hidden below (the view does not follow new moves)."""
        return self.first_shown() + self.rows_shown < len(self.lines)

    def chip_rect(self) -> pygame.Rect | None:
        """The "jump to latest" chip at the bottom of the lines while scrolled back, else None."""
        if not self.scrolled_back() or not self.chip_text:
            return None
        u = self.unit
        w = min(self.body.w - u, lettering.font(int(u * 0.75), bold=True).size(self.chip_text)[0] + u)
        rect = pygame.Rect(0, 0, w, int(u * 1.15))
        # On the box's lower edge, below the lines, so it hides none of them.
        rect.center = (self.body.centerx - u // 2, self.rect.bottom)
        return rect

    def scroll(self, lines: int) -> None:
        """Scroll by `lines` (negative = back to older moves); at the bottom it follows again."""
        top = self.first_shown() + lines
        last_page = max(0, len(self.lines) - self.rows_shown)
        self.top = None if top >= last_page else max(0, top)

    # ----- entries, turns and actions -----
    def turn_ends(self) -> list[int]:
        """The entry each turn ends with, in order."""
        return [turn.end for turn in self.turns if turn.actions]

    def action_ends(self) -> list[int]:
        """The entry each action ends with, in order."""
        return [action.end for turn in self.turns for action in turn.actions]

    def action_of(self, entry: int) -> tuple[int, int] | None:
        """(turn index, action index) of the action that holds `entry` (1-based), or None."""
        for t, turn in enumerate(self.turns):
            for a, action in enumerate(turn.actions):
                if action.end >= entry >= 1:
                    return t, a
        return None

    def line_at(self, pos: tuple[int, int]) -> LogLine | None:
        """The line under `pos`, or None."""
        body = self.body
        if not body.collidepoint(pos):
            return None
        shown = (pos[1] - body.top) // self.line
        index = self.first_shown() + shown
        if shown >= self.rows_shown or not 0 <= index < len(self.lines):
            return None
        return self.lines[index]

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The entry (1-based) a click at `pos` reviews: the end of the action under it, or of the whole turn when
        it is on a turn's number; None off the lines."""
        line = self.line_at(pos)
        if line is None:
            return None
        turn = self.turns[line.turn]
        if pos[0] < self._chip_x() - self.unit // 3:
            return turn.end
        return turn.actions[line.action].end if turn.actions else None

    def tip(self) -> str:
        """The notation of the action under the pointer ('' when none is hovered)."""
        if self.hover is None or self.drag is not None:
            return ""
        line = self.line_at(self.hover)
        if line is None or self.hover[0] < self.text_left() - self.unit // 2:
            return ""
        turn = self.turns[line.turn]
        return turn.actions[line.action].notation if turn.actions else ""

    def show_entry(self, entry: int) -> None:
        """Scroll so that the action holding `entry` (1-based) is on screen."""
        where = self.action_of(entry)
        if where is None:
            return
        rows = [i for i, line in enumerate(self.lines) if (line.turn, line.action) == where]
        first, last = rows[0], rows[-1]
        top = self.first_shown()
        if first < top:
            self.top = first
        elif last >= top + self.rows_shown:
            self.top = max(0, last - self.rows_shown + 1)
            if self.top >= max(0, len(self.lines) - self.rows_shown):
                self.top = None

    def take_click(self) -> int | None:
        """The entry clicked since the last call, once."""
        clicked, self._clicked = self._clicked, None
        return clicked

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int] | None) -> bool:
        """Wheel over the log, or a drag of its content or scroll bar, any time; True when used. The pointer's
        moves are watched for the notation tip (and not used)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos if self.rect.collidepoint(event.pos) else None
        if event.type == pygame.MOUSEWHEEL:
            pos = pointer or self.hover or pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.scroll(-int(event.y))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press_at(event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            return self._drag_to(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            press, self._press = self._press, None
            if self.drag[0] == "content" and press is not None and abs(event.pos[1] - press[1]) < self.line // 2:
                self._clicked = self.entry_at(press)
            self.drag = None
            return True
        return False

    def _press_at(self, pos: tuple[int, int]) -> bool:
        chip = self.chip_rect()
        if chip is not None and chip.collidepoint(pos):
            self.top = None
            return True
        if not self.rect.collidepoint(pos):
            return False
        self._press = pos
        top = self.first_shown()
        thumb = self.thumb(len(self.lines), top)
        on_bar = thumb is not None and self.track().inflate(self.unit, 0).collidepoint(pos)
        self.drag = ("thumb" if on_bar else "content", pos[1], top)
        return True

    def _drag_to(self, event: pygame.event.Event) -> bool:
        if not getattr(event, "buttons", (1,))[0]:
            self.drag = None  # the button came up where we did not see it (over a dialog, outside the window)
            return False
        assert self.drag is not None
        how, start_y, start_top = self.drag
        total = len(self.lines)
        if how == "thumb":
            thumb = self.thumb(total, start_top)
            span = max(1, self.track().h - (thumb.h if thumb else 0))
            lines = round((event.pos[1] - start_y) * max(0, total - self.rows_shown) / span)
        else:
            # Content follows the pointer: dragging down shows older moves.
            lines = -round((event.pos[1] - start_y) / self.line)
        self.top = start_top
        self.scroll(lines)
        return True

    # ----- drawing -----
    def draw_box(self, surface: pygame.Surface) -> None:
        """The parchment box (static: cached with the table)."""
        shapes.parchment(surface, self.rect, self.unit / 18)

    def draw(self, surface: pygame.Surface, offset: tuple[int, int], cut: list[str]) -> None:
        """Title, the lines shown and the scroll bar; `offset` shifts the drawing (the panel is drawn onto its own
        image); a seat's name too long for the list goes to `cut` (the sentences always wrap)."""
        u = self.unit
        log = self.rect.move(offset)
        top = self.first_shown()
        lettering.label(
            surface, self.title, int(u * 0.66), palette.INK_SOFT, topleft=(log.left + u // 2, log.top + u // 5)
        )
        self._draw_band(surface, offset, top)
        self._draw_lines(surface, offset, top, cut)
        self._draw_scroll_bar(surface, offset, top)
        self._draw_chip(surface, offset, cut)

    def _draw_band(self, surface: pygame.Surface, offset: tuple[int, int], top: int) -> None:
        """The reviewed action's lines on a band."""
        where = self.action_of(self.selected) if self.selected else None
        if where is None:
            return
        u = self.unit
        body = self.body.move(offset)
        rows = [i - top for i, line in enumerate(self.lines) if (line.turn, line.action) == where]
        rows = [r for r in rows if 0 <= r < self.rows_shown]
        if not rows:
            return
        left = self._chip_x() + offset[0] - int(u * 0.45)
        right = self.text_right() + offset[0] + u // 4
        band = pygame.Rect(left, body.top + rows[0] * self.line, right - left, len(rows) * self.line)
        pygame.draw.rect(surface, palette.LOG_SELECT, band, border_radius=max(2, u // 4))
        pygame.draw.rect(surface, palette.BRASS_DARK, band, 1, border_radius=max(2, u // 4))

    def _draw_lines(self, surface: pygame.Surface, offset: tuple[int, int], top: int, cut: list[str]) -> None:
        """Each line: a turn's number, chip and name (and note) before its first words; a bullet before each later
        action; wrapped lines under the words."""
        u = self.unit
        body = self.body.move(offset)
        size = self.text_size
        font = lettering.font(size)
        x0 = self.text_left() + offset[0]
        chip_x = self._chip_x() + offset[0]
        newest = len(self.turns) - 1
        for n, line in enumerate(self.lines[top : top + self.rows_shown]):
            y = body.top + n * self.line
            mid = y + self.line // 2
            turn = self.turns[line.turn]
            name, colour = self.name_of(turn.seat)
            x = x0
            if line.lead:
                number = self.number(line.turn)
                bold = line.turn == newest
                lettering.label(
                    surface,
                    number,
                    int(u * 0.7),
                    palette.INK_SOFT,
                    midright=(self._number_right() + offset[0], mid),
                    bold=bold,
                )
                pygame.draw.circle(surface, colour, (chip_x, mid), max(3, int(u * 0.3)))
                pygame.draw.circle(surface, palette.DARK_INK, (chip_x, mid), max(3, int(u * 0.3)), 1)
                if name:
                    room = self.text_right() + offset[0] - x
                    name_size = lettering.fitting_size(name, room, size, cut, bold=True)
                    x = lettering.label(
                        surface, name, name_size, palette.shade(colour, 0.55), midleft=(x, mid), bold=True
                    ).right
                    x += u // 2
                if turn.note:
                    x = lettering.label(surface, turn.note, size, palette.INK_SOFT, midleft=(x, mid)).right + u // 2
            elif line.start:
                pygame.draw.circle(surface, palette.shade(colour, 0.7), (chip_x, mid), max(2, int(u * 0.14)))
            if line.text:
                surface.blit(font.render(line.text, True, palette.INK), (x, mid - font.get_height() // 2))
        if not self.lines:
            lettering.label(surface, self.empty_text or "…", size, palette.INK_SOFT, topleft=(x0, body.top))

    def _draw_scroll_bar(self, surface: pygame.Surface, offset: tuple[int, int], top: int) -> None:
        thumb = self.thumb(len(self.lines), top)
        if thumb is None:
            return
        u = self.unit
        track = self.track().move(offset)
        thumb = thumb.move(offset)
        pygame.draw.rect(surface, palette.SCROLL_TRACK, track, border_radius=track.w // 2)
        pygame.draw.rect(surface, palette.INK_SOFT, thumb, border_radius=track.w // 2)
        if top + self.rows_shown < len(self.lines):
            # Scrolled back: a small marker at the foot of the scroll bar says newer moves are below.
            mx, my, k = track.centerx, track.bottom - u * 0.15, u * 0.3
            pygame.draw.polygon(
                surface, palette.INK_SOFT, [(mx - k, my - k * 0.8), (mx + k, my - k * 0.8), (mx, my + k * 0.4)]
            )

    def _draw_chip(self, surface: pygame.Surface, offset: tuple[int, int], cut: list[str]) -> None:
        """The "jump to latest" chip while scrolled back."""
        chip = self.chip_rect()
        if chip is None:
            return
        u = self.unit
        chip = chip.move(offset)
        pygame.draw.rect(surface, palette.PANEL, chip, border_radius=chip.h // 2)
        pygame.draw.rect(surface, palette.BRASS, chip, 1, border_radius=chip.h // 2)
        size = lettering.fitting_size(self.chip_text, chip.w - u // 2, int(u * 0.75), cut, bold=True)
        lettering.label(surface, self.chip_text, size, palette.PARCHMENT, center=chip.center, bold=True)

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The hovered action's notation in a small dark chip on the list's title line, right-aligned (so it hides
        none of the sentences), in a smaller size when long (drawn over the panel's cached image)."""
        text = self.tip()
        if not text or self.hover is None:
            return
        u = self.unit
        line = self.line_at(self.hover)
        top = self.first_shown()
        rows = [i - top for i, x in enumerate(self.lines) if line and (x.turn, x.action) == (line.turn, line.action)]
        rows = [r for r in rows if 0 <= r < self.rows_shown]
        if rows:
            # The hovered action outlined: the notation above is its.
            left = self._chip_x() - int(u * 0.45)
            band = pygame.Rect(left, self.body.top + rows[0] * self.line, self.text_right() + u // 4 - left, 0)
            band.h = len(rows) * self.line
            pygame.draw.rect(surface, palette.BRASS_DARK, band, 1, border_radius=max(2, u // 4))
        room = self.rect.w - u
        size = max(6, int(u * 0.66))
        while size > 6 and lettering.font(size).size(text)[0] > room - u:
            size -= 1
        shown = text
        while lettering.font(size).size(shown)[0] > room - u and len(shown) > 2:
            shown = "…" + shown[2:]  # still too long: its end stays (the battle's last decisions)
        w, h = lettering.font(size).size(shown)[0] + u, int(u * 0.9)
        rect = pygame.Rect(0, 0, w, h)
        rect.topright = (self.rect.right - u // 4, self.rect.top + u // 8)
        pygame.draw.rect(surface, palette.CARD, rect, border_radius=h // 3)
        pygame.draw.rect(surface, palette.BRASS, rect, 1, border_radius=h // 3)
        lettering.label(surface, shown, size, palette.PARCHMENT, center=rect.center)
