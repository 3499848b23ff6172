"""The new-game dialog: who sits at each seat, the setup (level), the numbers the rules leave to the players'
agreement and an optional dice seed.

Generic over modes: every seat gets a name field (defaults: the side's name, Kubtafl's Light and Dark, or the
mode's seat name, else "Player 1…4"), a level whose seats have presets (`game.presets(seat)`) gets a
preset choice per seat, and a game with options (`game.options()`: CheckRisk's starting tokens, supply and turn
limit, Battle Checkers' units and spirit) gets a row of number fields, the level's values by default. What the
dialog was left with when a mode's last game started is kept in the settings and offered again."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import userfiles
from game.client import gui, lettering, palette, saves, shapes
from game.client.game_names import MODE_SEAT, SIDE, level_info, unfinished_line
from game.client.i18n import Keys
from game.client.modes import MODE
from game.client.play.seats import DEFAULT_AI_SEAT, HUMAN, NAME_LIMIT, REMOTE, SEAT_CHOICES, clean_name
from game.client.scene import Scene
from game.client.widgets import ButtonGroup, segment_row
from game.engine import registry

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.i18n import Translator
    from game.engine.core import Game, GameOption

PANEL_W, ROW_H = 880, 62
WIDE_PANEL_W = 1040  # with name fields and preset choices
NAME_W, PRESET_W, HEADINGS_H = 200, 180, 22
NOTE_H = 44  # the room the cap's note takes above the buttons, when it is shown
MAX_LEVEL_SEGMENTS = 4
OPTION_W, OPTION_DIGITS = 64, 3
FIXED_H = 118 + 150  # the title above the rows, the description and buttons below them
MIN_ROW_H = 50


def _options() -> Iterator[tuple[str, str]]:
    """(mode, option) for every number a board game's rules leave to the players' agreement."""
    for spec in registry.MODES:
        if spec.board:
            yield from ((spec.name, option.name) for option in registry.load(spec.name).options())


#: An agreed number's name, by mode and option.
OPTION = Keys("option.{}.{}", pairs=_options)
#: A seat's controller in the dialog's seat rows (an online host's remote seat too).
SEAT_SHORT = Keys("seat.short.{}", (*SEAT_CHOICES, REMOTE))


class OptionProblem(ValueError):
    """An agreed number the dialog refuses; the message names the option and what is allowed."""


@dataclass(frozen=True)
class ChosenGame:
    """What the dialog was left with: each seat's controller, the seed, the players' names and setups (None where
    none are chosen) and the agreed numbers."""

    seats: list[str]
    seed: int | None
    names: list[str] | None
    presets: list[str] | None
    options: dict[str, int]


def option_label(t: Translator, mode: str, name: str) -> str:
    """An option's name as players read it ("Starting tokens")."""
    key = OPTION(mode, name)
    return t(key) if t.has(key) else name.replace("_", " ").capitalize()  # a saved game's option this version lost


def agreed_text(t: Translator, mode: str, options: dict[str, int]) -> str:
    """The numbers agreed for a game, for the results card ("Agreed: starting tokens 30 · rounds 40"), '' for none."""
    if not options:
        return ""
    parts = [t("option.value", option=option_label(t, mode, name), value=value) for name, value in options.items()]
    return t("option.agreed", options=" · ".join(parts))


def chosen_rules(t: Translator, mode: str, options: Sequence[GameOption], chosen: Mapping[str, int]) -> str:
    """Every agreeable number of a game at its chosen value ('Agreed rules: Starting tokens 30 · Supply 50'); an
    option not chosen keeps the level's value; '' when the game has none."""
    return agreed_text(t, mode, {option.name: chosen.get(option.name, option.value) for option in options})


def read_options(t: Translator, mode: str, options: tuple[GameOption, ...], texts: dict[str, str]) -> dict[str, int]:
    """The typed numbers (an empty field: the level's own), each within its bounds; OptionProblem naming the first
    that is not a whole number or not allowed."""
    values: dict[str, int] = {}
    for option in options:
        text = texts.get(option.name, "").strip()
        if not text:
            values[option.name] = option.value
        elif not text.isdigit():
            raise OptionProblem(t("option.not_number", option=option_label(t, mode, option.name), text=text))
        else:
            values[option.name] = int(text)
    for option in options:
        low, high = option.bounds(values)
        value = values[option.name]
        if not low <= value <= high:
            label = option_label(t, mode, option.name)
            raise OptionProblem(t("option.refused", option=label, value=value, low=low, high=high))
    return values


def _texts(value: object) -> list[str]:
    """The texts of a remembered list (anything else: none)."""
    return [str(v) for v in value if isinstance(v, str)] if isinstance(value, list) else []


class NewGameScene(Scene):
    """Seats, setup and seed, then Start (the Play online host's dialog is this one with other seats and an end)."""

    #: Who may sit at a seat, in the order the segments show them.
    seat_choices: tuple[str, ...] = SEAT_CHOICES
    #: The dialog's title and its last button.
    title_key, start_key = "newgame.title", "newgame.start"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.mode = ""
        self.levels: list[str] = []
        self.level = "standard"
        self.seats: list[str] = []
        self.seat_names: list[str] = []
        self.names: list[str] = []  # what is typed in each seat's name field ('' : the default name)
        self.presets: list[str] = []  # each seat's chosen preset ('' : the seat deploys as it likes)
        self.preset_choices: list[list[str]] = []  # per seat: the level's preset names for it
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.preset_menus: list[pygame_gui.elements.UIDropDownMenu] = []
        self.game: Game | None = None
        self.row_index = 0
        # button -> (row kind, seat index, value)
        self.segments: dict[pygame_gui.elements.UIButton, tuple[str, int, str]] = {}
        self.level_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.seed_text = ""
        self.actions = ButtonGroup(horizontal=True)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.error = ""
        self.cap_note = ""  # said when starting this game removes the oldest unfinished one (the cap is reached)
        self.rolls_dice = True  # False: the seed only steers the computer's choices (a mode without dice)
        self.options: tuple[GameOption, ...] = ()  # the level's agreeable numbers, at the level's values
        self.option_texts: dict[str, str] = {}  # what is typed in each option's field
        self.option_entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.option_label_rects: dict[str, pygame.Rect] = {}
        self.row_h = ROW_H
        self.refused = False  # the message shown says why a typed number was refused

    # --- life cycle ---------------------------------------------------------------------------------
    def enter(self, mode: str | None = None, level: str | None = None, **context: object) -> None:
        """Open for `mode` (the registry's first board mode by default; on `level`, else its first) with seat 1
        human and the others the normal computer."""
        mode = mode or registry.modes()[0]
        self.mode = mode
        dropped = saves.would_drop()
        t = self.app.t
        self.cap_note = t("newgame.cap_note", keep=saves.KEEP, game=unfinished_line(t, dropped)) if dropped else ""
        self.levels = registry.levels(mode) or ["standard"]
        self.level = level if level in self.levels else self.levels[0]
        self.seed_text = ""
        self.error = ""
        self.refused = False
        self.seats = []
        self.names = []
        self.presets = []
        self.name_entries = []
        self.option_entries = {}
        self.option_texts = {}
        last = self.last_choices()
        if level not in self.levels and last.get("level") in self.levels:
            self.level = str(last["level"])  # the choices of the last game of this mode, as they were left
            self.seats = [str(v) for v in _texts(last.get("seats")) if v in self.seat_choices]
            self.names = [clean_name(v) for v in _texts(last.get("names"))]
            self.presets = _texts(last.get("presets"))
        self._load_level()
        options = last.get("options") if last.get("level") == self.level else None
        if isinstance(options, dict):
            for name, text in options.items():
                if name in self.option_texts and isinstance(text, str) and text.isdigit():
                    self.option_texts[name] = text
        self.row_index = 0
        self._build()

    def last_choices(self) -> dict[str, object]:
        """What the dialog was left with when this mode's last game started (empty when nothing was kept)."""
        kept = self.app.settings.new_game.get(self.mode)
        return dict(kept) if isinstance(kept, dict) else {}

    def keep_choices(self) -> None:
        """Remember the level, seats, names, presets and agreed numbers for the next game of this mode."""
        self._keep_names()
        self._keep_options()
        self.app.settings.new_game[self.mode] = {
            "level": self.level,
            "seats": list(self.seats),
            "names": list(self.names),
            "presets": list(self.presets),
            "options": dict(self.option_texts),
        }
        self.app.save_settings()

    def _load_level(self) -> None:
        try:
            game = userfiles.load_game(self.mode, self.level)
        except (KeyError, ValueError) as exc:
            self.error = self.app.t("newgame.failed", detail=str(exc))
            count, names = max(2, len(self.seats)), []
            self.game = None
        else:
            count = game.num_players
            names = [game.seat_name(i) for i in range(count)]
            self.game = game
            self.rolls_dice = game.has_chance
        self.options = self.game.options() if self.game is not None else ()
        # Another level has its own standard numbers: its fields start from them.
        self.option_texts = {option.name: str(option.value) for option in self.options}
        self.option_entries = {}
        old = self.seats
        self.seats = [old[i] if i < len(old) else self.default_seat(i) for i in range(count)]
        self.seat_names = names
        self._keep_names()
        self.names = [self.names[i] if i < len(self.names) else "" for i in range(count)]
        self._choose_presets_from(self.game)

    def _choose_presets_from(self, game: Game | None) -> None:
        """Each seat's presets in `game` (the level with the agreed numbers: a preset places the standard tokens)."""
        count = len(self.seats)
        self.preset_choices = [sorted(game.presets(i)) if game is not None else [] for i in range(count)]
        # A preset of another level means nothing here: that seat deploys freely again.
        self.presets = [
            p if i < count and p in self.preset_choices[i] else ""
            for i, p in enumerate((self.presets + [""] * count)[:count])
        ]

    def default_seat(self, seat: int) -> str:
        """Who sits at a seat the dialog has no choice for yet: seat 1 a human here, the others the computer."""
        return HUMAN if seat == 0 else DEFAULT_AI_SEAT

    @property
    def named(self) -> bool:
        """True when the seats can be named (every mode's: a side keeps its name when none is typed)."""
        return bool(self.seat_names)

    @property
    def has_presets(self) -> bool:
        """True when some seat of this level has presets to choose from."""
        return any(self.preset_choices)

    def default_name(self, seat: int) -> str:
        """The name a seat has when none is typed, as the board calls it: the mode's seat name ('Orange' in Battle
        Checkers), else 'Player 2'."""
        t = self.app.t
        side = SIDE(self.seat_names[seat]) if seat < len(self.seat_names) else ""
        if side and t.has(side):
            return t(side)  # Kubtafl's Light and Dark
        key = MODE_SEAT(self.mode, seat)
        return t(key) if t.has(key) else t("newgame.player", n=seat + 1)

    def seat_name_text(self, seat: int) -> str:
        """The name typed for `seat`, or its default."""
        return self.names[seat] if seat < len(self.names) and self.names[seat] else self.default_name(seat)

    def _keep_names(self) -> None:
        """Read the name fields into `names` (before they are rebuilt); a default name is kept as ''."""
        for seat, entry in enumerate(self.name_entries):
            if seat < len(self.names):
                text = " ".join(entry.get_text().split())
                self.names[seat] = "" if text == self.default_name(seat) else text

    def preset_labels(self, seat: int) -> list[str]:
        """The preset menu's entries for `seat`: 'any setup' first, then the presets' titles."""
        t = self.app.t
        game = self.game
        titles = [game.preset_title(name, t.language) for name in self.preset_choices[seat]] if game is not None else []
        return [t("newgame.preset.any"), *titles]

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again."""
        self._build()

    def rows(self) -> list[tuple[str, int]]:
        """The focusable rows: ('seat', i) for each seat, then ('level', 0), ('options', 0) when the game has
        numbers to agree on, and ('seed', 0)."""
        options = [("options", 0)] if self.options else []
        return [("seat", i) for i in range(len(self.seats))] + [("level", 0), *options, ("seed", 0)]

    # --- agreed numbers -----------------------------------------------------------------------------
    def _keep_options(self) -> None:
        """Read the option fields into `option_texts` (before they are rebuilt)."""
        for name, entry in self.option_entries.items():
            self.option_texts[name] = entry.get_text()

    def agreed(self) -> dict[str, int]:
        """The numbers typed for the game's options; OptionProblem naming one that is refused."""
        self._keep_options()
        return read_options(self.app.t, self.mode, self.options, self.option_texts)

    def _options_changed(self) -> None:
        """A number was typed: presets follow the agreed numbers (a preset places the standard tokens); the error
        goes once the numbers are good again."""
        try:
            values = self.agreed()
            game = self.game.with_options(values) if self.game is not None else None
        except ValueError:
            return
        if self.refused:
            self.error, self.refused = "", False
        before = self.preset_choices
        self._choose_presets_from(game)
        if self.preset_choices != before:
            self._rebuild_preset_menus()

    def _rebuild_preset_menus(self) -> None:
        """New preset menus where the old ones were (the presets a seat may take changed)."""
        rects = [pygame.Rect(menu.relative_rect) for menu in self.preset_menus]
        for menu in self.preset_menus:
            gui.kill(menu)
        self.preset_menus = []
        for seat, rect in enumerate(rects):
            self._preset_menu(seat, rect)

    def _option_fields(self, x: int, right: int, cy: int) -> None:
        """A label and a number field for each option, side by side from `x` to `right`."""
        s = self.app.s
        font = self.app.fonts.get(s(15), True)
        gap, w, pad = s(22), s(OPTION_W), s(8)
        widths = [font.size(option_label(self.app.t, self.mode, o.name))[0] for o in self.options]
        room = right - x - len(widths) * (w + pad) - gap * (len(widths) - 1)
        # Labels that do not fit side by side share the room there is (each drawn shrunk to its share).
        scale = min(1.0, room / max(1, sum(widths)))
        self.option_label_rects = {}
        for option, label_w in zip(self.options, widths, strict=True):
            label = pygame.Rect(x, cy - s(19), int(label_w * scale), s(38))
            rect = pygame.Rect(label.right + pad, cy - s(19), w, s(38))
            entry = pygame_gui.elements.UITextEntryLine(rect, self.app.ui, placeholder_text=str(option.value))
            entry.set_allowed_characters("numbers")
            entry.set_text_length_limit(OPTION_DIGITS)
            entry.set_text(self.option_texts.get(option.name, ""))
            self.option_entries[option.name] = entry
            self.option_label_rects[option.name] = label
            x = rect.right + gap

    def seat_label(self, seat: int) -> str:
        """'Seat 1 · Light': the number and, when the mode names its seats, the name."""
        t = self.app.t
        label = t("newgame.seat", n=seat + 1)
        if seat < len(self.seat_names):
            name = self.seat_names[seat]
            key = SIDE(name)
            if t.has(key):
                label += f" · {t(key)}"
        return label

    def _build(self) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        w, h = app.screen_size
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()
        self._keep_names()
        self._keep_options()
        self.option_entries = {}
        self.name_entries = []
        self.preset_menus = []
        self.segments.clear()
        self.actions.clear()
        self.row_rects = []
        self.level_menu = None
        rows = self.rows()
        named, presets = self.named, self.has_presets
        wide = named or presets
        headings = s(HEADINGS_H) if wide else 0
        # Rows give up a little height when there are many (four seats and the agreed numbers), so the dialog fits.
        note = NOTE_H if self.cap_note else 0
        room = (h - s(12)) / max(0.01, app.ui_scale) - FIXED_H - HEADINGS_H * wide - note
        self.row_h = max(MIN_ROW_H, min(ROW_H, int(room / len(rows))))
        ph = s(FIXED_H + self.row_h * len(rows) + note) + headings
        self.panel_rect = pygame.Rect(0, 0, s(WIDE_PANEL_W if wide else PANEL_W), ph)
        self.panel_rect.center = (w // 2, h // 2)
        x0 = self.panel_rect.x + s(40)
        control_x = self.panel_rect.x + s(NAME_W + 60 if wide else 300)
        control_w = self.panel_rect.right - s(40) - control_x
        seat_w = control_w - (s(PRESET_W + 12) if presets else 0)
        y = self.panel_rect.y + s(104) + headings
        for kind, seat in rows:
            rect = pygame.Rect(x0 - s(14), y, self.panel_rect.w - s(52), s(self.row_h - 8))
            self.row_rects.append(rect)
            cy = rect.centery
            if kind == "seat":
                choices = [(c, t(SEAT_SHORT(c))) for c in self.seat_choices]
                self._segments(kind, seat, choices, control_x, seat_w, cy)
                if named:
                    self._name_entry(seat, pygame.Rect(x0 + s(10), cy - s(19), s(NAME_W - 10), s(38)))
                if presets:
                    self._preset_menu(
                        seat, pygame.Rect(self.panel_rect.right - s(40 + PRESET_W), cy - s(19), s(PRESET_W), s(38))
                    )
            elif kind == "level":
                choices = [(lv, level_info(self.mode, lv, t.language)[0]) for lv in self.levels]
                if len(choices) <= MAX_LEVEL_SEGMENTS:
                    self._segments(kind, 0, choices, control_x, control_w, cy)
                else:
                    labels: list[str | tuple[str, str]] = [label for _, label in choices]
                    current = str(labels[self.levels.index(self.level)])
                    self.level_menu = pygame_gui.elements.UIDropDownMenu(
                        labels, current, pygame.Rect(control_x, cy - s(19), control_w, s(38)), app.ui
                    )
            elif kind == "options":
                self._option_fields(control_x, self.panel_rect.right - s(40), cy)
            elif kind != "seed":
                self.build_row(kind, control_x, control_w, cy)
            else:
                self.seed_entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(control_x, cy - s(19), s(200), s(38)), app.ui, placeholder_text="—"
                )
                self.seed_entry.set_allowed_characters("numbers")
                self.seed_entry.set_text_length_limit(9)
                if self.seed_text:
                    self.seed_entry.set_text(self.seed_text)
            y += s(self.row_h)
        self._sync()
        bw, bh = s(220), s(50)
        by = self.panel_rect.bottom - s(36) - bh
        self.actions.add(
            app.ui,
            pygame.Rect(self.panel_rect.centerx - bw - s(10), by, bw, bh),
            t("newgame.back"),
            self.go_back,
            object_id="#menu_button",
        )
        self.actions.add(
            app.ui,
            pygame.Rect(self.panel_rect.centerx + s(10), by, bw, bh),
            t(self.start_key),
            self.start,
            object_id="#primary",
        )
        self.actions.set_focus(1)

    def _name_entry(self, seat: int, rect: pygame.Rect) -> None:
        entry = pygame_gui.elements.UITextEntryLine(rect, self.app.ui, placeholder_text=self.default_name(seat))
        entry.set_text_length_limit(NAME_LIMIT)
        entry.set_text(self.seat_name_text(seat))
        self.name_entries.append(entry)

    def _preset_menu(self, seat: int, rect: pygame.Rect) -> None:
        labels = self.preset_labels(seat)
        current = self.presets[seat]
        chosen = labels[self.preset_choices[seat].index(current) + 1] if current else labels[0]
        menu = pygame_gui.elements.UIDropDownMenu(list(labels), chosen, rect, self.app.ui)
        gui.set_enabled(menu, bool(self.preset_choices[seat]))
        self.preset_menus.append(menu)

    def choose_preset(self, seat: int, label: str) -> None:
        """Set a seat's preset by its menu label ('any setup' clears it)."""
        labels = self.preset_labels(seat)
        if label in labels:
            index = labels.index(label)
            self.presets[seat] = self.preset_choices[seat][index - 1] if index else ""
            self.row_index = seat

    def _segments(self, kind: str, seat: int, choices: list[tuple[str, str]], x: int, width: int, cy: int) -> None:
        s = self.app.s
        buttons = segment_row(self.app.ui, [label for _, label in choices], x, cy - s(19), width, s(38), s(8))
        for button, (value, _) in zip(buttons, choices, strict=True):
            self.segments[button] = (kind, seat, value)

    def _sync(self) -> None:
        for button, (kind, seat, value) in self.segments.items():
            current = self.seats[seat] if kind == "seat" else self.level
            gui.set_selected(button, current == value)

    # --- changes ------------------------------------------------------------------------------------
    def choose(self, kind: str, seat: int, value: str) -> None:
        """Set a seat's controller or the level."""
        if kind == "seat":
            self.seats[seat] = value
            self.row_index = seat
        elif kind == "level" and value != self.level:
            self.level = value
            self.row_index = len(self.seats)
            old_count, had_presets, had_options = len(self.seats), self.has_presets, bool(self.options)
            self._load_level()
            if len(self.seats) != old_count or had_presets or self.has_presets or had_options or self.options:
                gui.reset(self.app.ui)
                self._build()
                return
        self._sync()

    def step(self, direction: int) -> None:
        """Change the focused row's choice by one (arrows left/right)."""
        kind, seat = self.rows()[self.row_index]
        if kind == "seat":
            values = list(self.seat_choices)
            current = values.index(self.seats[seat])
        elif kind == "level":
            values = self.levels
            current = values.index(self.level)
        else:
            return
        self.choose(kind, seat, values[max(0, min(len(values) - 1, current + direction))])
        if kind == "level" and self.level_menu is not None:
            gui.reset(self.app.ui)
            self._build()

    def seed(self) -> int | None:
        """The seed typed, or None; raises ValueError for text that is not a whole number."""
        text = (self.seed_entry.get_text() if self.seed_entry is not None else self.seed_text).strip()
        if not text:
            return None
        if not text.isdigit():
            raise ValueError(text)
        return int(text)

    def start(self) -> None:
        """Create the session and open the board (every other unfinished game stays: see `cap_note`); a bad seed or
        a refused number is said instead."""
        try:
            seed = self.seed()
        except ValueError as exc:
            self.error, self.refused = self.app.t("newgame.bad_seed", text=str(exc)), False
            return
        try:
            self.agreed()
        except OptionProblem as exc:
            self.error, self.refused = str(exc), True
            return
        self._keep_names()
        names = list(self.names) if self.named else None
        presets = list(self.presets) if self.has_presets else None
        try:
            options = self.agreed()
            self.keep_choices()
            self.begin(ChosenGame(list(self.seats), seed, names, presets, options))
        except OptionProblem as exc:
            self.error, self.refused = str(exc), True
        except (ImportError, KeyError, ValueError) as exc:
            self.error, self.refused = self.app.t("newgame.failed", detail=str(exc)), False

    def begin(self, chosen: ChosenGame) -> None:
        """Start the game the dialog was left with (here, on this machine)."""
        from game.client.app import start_session

        start_session(
            self.app, self.mode, self.level, chosen.seats, chosen.seed, chosen.names, chosen.presets, chosen.options
        )

    def build_row(self, kind: str, x: int, width: int, cy: int) -> None:
        """The controls of a row of the dialog's own kind (none here; the online host adds the server's)."""

    def row_label(self, kind: str) -> str:
        """The label of a row other than a seat's: the level, the agreed numbers, the seed (or a dialog's own)."""
        t = self.app.t
        if kind == "level":
            return t("newgame.level")
        if kind == "options":
            return t("newgame.options")
        return t("newgame.seed") if self.rolls_dice else t("newgame.seed_ai")

    def go_back(self) -> None:
        """Back to the main menu."""
        self.app.goto("menu")

    # --- frame ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Segments, the level list and the seed by mouse; arrows, Enter and Esc by keyboard."""
        if self._widget_event(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        self.actions.handle(event)

    def _widget_event(self, event: pygame.event.Event) -> bool:
        # A segment pressed, a level or a preset picked, Enter in the seed field; True when the event was one.
        kind, element = event.type, getattr(event, "ui_element", None)
        if kind == pygame_gui.UI_BUTTON_PRESSED and element in self.segments:
            self.choose(*self.segments[element])
        elif kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.level_menu:
            labels = [level_info(self.mode, lv, self.app.t.language)[0] for lv in self.levels]
            if event.text in labels:
                self.choose("level", 0, self.levels[labels.index(event.text)])
        elif kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.preset_menus:
            self.choose_preset(self.preset_menus.index(element), event.text)
        elif kind == pygame_gui.UI_TEXT_ENTRY_FINISHED and (
            element is self.seed_entry or element in self.option_entries.values()
        ):
            self.start()
        elif kind == pygame_gui.UI_TEXT_ENTRY_CHANGED and element in self.option_entries.values():
            self._options_changed()
        else:
            return False
        return True

    def _key(self, key: int) -> bool:
        # Esc, Enter, Up/Down and (outside a text field) Left/Right; True when the key is used up, as any key is
        # while a name or the seed is being typed.
        naming = [e for e in self.name_entries if e.is_focused]
        numbers = any(e.is_focused for e in self.option_entries.values())
        typing = (self.seed_entry is not None and self.seed_entry.is_focused) or bool(naming) or numbers
        if key == pygame.K_ESCAPE:
            self.go_back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter(naming)
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self._move_row(1 if key == pygame.K_DOWN else -1, naming)
        elif not typing and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if key == pygame.K_LEFT else 1)
        else:
            return typing
        return True

    def _enter(self, naming: list[pygame_gui.elements.UITextEntryLine]) -> None:
        # Enter ends a name being typed; the next Enter starts the game.
        if not naming:
            self.start()
            return
        self._keep_names()
        for entry in naming:
            gui.set_focused(entry, False)

    def _move_row(self, step: int, naming: list[pygame_gui.elements.UITextEntryLine]) -> None:
        # The keyboard focus moves row by row; the seed field takes the text cursor on its own row only.
        rows = self.rows()
        self.row_index = (self.row_index + step) % len(rows)
        for entry in naming:
            gui.set_focused(entry, False)
        kind = rows[self.row_index][0]
        if self.seed_entry is not None:
            gui.set_focused(self.seed_entry, kind == "seed")
        # The agreed numbers' row takes the text cursor in its first field.
        for index, entry in enumerate(self.option_entries.values()):
            if kind == "options" and index == 0:
                gui.set_focused(entry, True)
            elif entry.is_focused:
                gui.set_focused(entry, False)

    def update(self, dt: float) -> None:
        """Keep the row of a field with the cursor focused."""
        if self.seed_entry is not None and self.seed_entry.is_focused:
            self.row_index = len(self.rows()) - 1
        for seat, entry in enumerate(self.name_entries):
            if entry.is_focused:
                self.row_index = seat
        if any(entry.is_focused for entry in self.option_entries.values()):
            self.row_index = self.rows().index(("options", 0))

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the panel, row labels, the level's description and any error."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        shapes.panel(surface, self.panel_rect, app.ui_scale)
        title = t(self.title_key, mode=t(MODE(self.mode)))
        head = lettering.heading(app, surface, title, (self.panel_rect.centerx, self.panel_rect.y + s(50)), 30)
        shapes.mode_emblem(surface, self.mode, (head.x - s(30), head.centery), s(30))
        rows = self.rows()
        for index, ((kind, seat), rect) in enumerate(zip(rows, self.row_rects, strict=False)):
            if index == self.row_index:
                shapes.focus_band(surface, rect, s)
            if kind == "seat" and self.name_entries:
                continue  # the name field is the row's label
            if kind == "options":
                self._option_labels(surface)
            label = self.seat_label(seat) if kind == "seat" else self.row_label(kind)
            lettering.text(app, surface, label, (rect.x + s(24), rect.centery), size=19, bold=True, anchor="midleft")
            if kind == "seed" and self.seed_entry is not None:
                entry = self.seed_entry.rect
                hint = pygame.Rect(entry.right + s(14), entry.y, rect.right - entry.right - s(24), entry.h)
                font = app.fonts.get(s(13))
                words = t("newgame.seed_hint") if self.rolls_dice else t("newgame.seed_hint_ai")
                lines = lettering.wrap(font, words, hint.w)
                hint.y = entry.centery - len(lines) * font.get_linesize() // 2
                lettering.wrapped_text(app, surface, words, hint, size=13, colour=palette.MUTED)
        if self.name_entries and self.row_rects:
            self._headings(surface)
        desc = self.description()
        y = self.row_rects[-1].bottom + s(12) if self.row_rects else self.panel_rect.y
        box = pygame.Rect(self.panel_rect.x + s(40), y, self.panel_rect.w - s(80), s(44))
        if self.error:
            lettering.wrapped_text(app, surface, self.error, box, size=15, colour=palette.ERROR, align="center")
        elif desc:
            lettering.wrapped_text(app, surface, desc, box, size=15, colour=palette.PARCHMENT_DARK, align="center")
        if self.cap_note:
            note = pygame.Rect(box.x, box.bottom + s(6), box.w, s(NOTE_H))
            lettering.wrapped_text(
                app, surface, self.cap_note, note, size=15, colour=palette.FLOAT_NOTE, align="center"
            )

    def description(self) -> str:
        """The level's description; once an agreed number differs from the level's own, the chosen numbers instead
        (the level's words quote its own numbers: '24 of 50 tokens')."""
        desc = level_info(self.mode, self.level, self.app.t.language)[1]
        try:
            chosen = self.agreed()
        except ValueError:
            return desc  # a number being typed that is not allowed: the error says so on Start
        if all(chosen.get(option.name, option.value) == option.value for option in self.options):
            return desc
        return chosen_rules(self.app.t, self.mode, self.options, chosen)

    def _option_labels(self, surface: pygame.Surface) -> None:
        """Each number field's name before it, shrunk to the room it has."""
        app = self.app
        for option in self.options:
            room = self.option_label_rects.get(option.name)
            if room is None:
                continue
            label = option_label(app.t, self.mode, option.name)
            size = lettering.fitting_size(label, room.w, app.s(15), [], bold=True)
            image = lettering.rendered(app.fonts.get(size, True), label, palette.LABEL_TEXT)
            surface.blit(image, image.get_rect(midright=room.midright))
        if self.option_entries and self.option_label_rects:
            # The level's own numbers, after the fields: what "standard" means here.
            last = list(self.option_entries.values())[-1].rect
            room = pygame.Rect(last.right + app.s(18), last.y, self.panel_rect.right - app.s(52) - last.right, last.h)
            standard = " · ".join(str(option.value) for option in self.options)
            words = app.t("newgame.options_hint", values=standard)
            font = app.fonts.get(app.s(13))
            if font.size(words)[0] <= room.w:
                image = lettering.rendered(font, words, palette.MUTED)
                surface.blit(image, image.get_rect(midleft=room.midleft))

    def _headings(self, surface: pygame.Surface) -> None:
        """Column headings over the seat rows: name, who plays, setup preset."""
        app, s, t = self.app, self.app.s, self.app.t
        y = self.row_rects[0].y - s(HEADINGS_H) // 2 - s(2)
        columns = [(t("newgame.col.name"), self.name_entries[0].rect.x)]
        first = next((b for b, (kind, _, _) in self.segments.items() if kind == "seat"), None)
        if first is not None:
            columns.append((t("newgame.col.plays"), first.rect.x))
        if self.preset_menus:
            columns.append((t("newgame.col.preset"), self.preset_menus[0].rect.x))
        for text, x in columns:
            lettering.text(app, surface, text, (x + s(4), y), size=14, colour=palette.MUTED, anchor="midleft")
