"""The Dice Lab scene: four tabs of inputs, exact figures, a chart, a tray of real-looking dice, and the trust tools."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, palette, shapes
from game.client.dice import DiceTray
from game.client.dice_lab.alkemy_tab import AlkemyTab, warm_engine
from game.client.dice_lab.base import Chip, Tab, Throw
from game.client.dice_lab.chart import draw_chart, fit_text
from game.client.dice_lab.d18_tab import D18Tab
from game.client.dice_lab.free_tab import FreeTab
from game.client.dice_lab.keys import FIT
from game.client.dice_lab.opposed_tab import OpposedTab
from game.client.scene import Scene
from game.client.widgets import segment_row

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.look import Look
    from game.engine.core import JSONObject

TAB_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
ABOUT_SIZE = 15  # the lines saying what the open tab's roll is
BULK = (100, 1000)
MAX_SEED = 2**31 - 1
LEFT_W, SIDE_W, TRAY_H = 400, 290, 190


class DiceLabScene(Scene):
    """Set up a roll, see its exact odds, roll real-looking dice, check that they are fair."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tabs: list[Tab] = [AlkemyTab(), OpposedTab(), D18Tab(), FreeTab()]
        self.current = 0
        self.seed = 1
        self.rng = random.Random(self.seed)
        self.seed_error = ""
        self.tray = DiceTray(pygame.Rect(0, 0, 10, 10), speed=lambda: app.settings.anim_speed)
        self.pending: list[Throw] = []
        self.caption = ""
        self.card_shown: list[str] = []  # the result card's lines as last drawn
        self.rolled_tab: int | None = None  # the tab whose roll the tray shows
        self.tab_buttons: list[pygame_gui.elements.UIButton] = []
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.entry_widgets: dict[pygame_gui.elements.UITextEntryLine, str] = {}
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.background: pygame.Surface | None = None
        self._chart: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.error_rect = pygame.Rect(0, 0, 0, 0)  # where a text field's error was last drawn (tests read it)

    # --- life cycle ---------------------------------------------------------------------------------------
    @property
    def tab(self) -> Tab:
        """The tab on screen."""
        return self.tabs[self.current]

    def enter(self, **context: object) -> None:
        """Take the remembered inputs, then lay out; `tab` (a key) opens that tab."""
        warm_engine()
        for tab in self.tabs:
            tab.t = self.app.t
        stored = self.app.settings.dice_lab or {}
        for tab in self.tabs:
            tab.load(stored.get(tab.key))
        keys = [t.key for t in self.tabs]
        wanted = context.get("tab", stored.get("tab"))
        self.current = keys.index(wanted) if isinstance(wanted, str) and wanted in keys else 0
        seed = stored.get("seed")
        self.set_seed(seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED else 1)
        self.pending = []
        self.tray.clear()
        self.rolled_tab = None
        self._build()
        script = context.get("script")
        if callable(script):
            script(self)

    def leave(self) -> None:
        """Remember the inputs in the settings file."""
        self.remember()

    def remember(self) -> None:
        """Write every tab's inputs, the open tab and the seed to the settings."""
        data: JSONObject = {tab.key: tab.to_dict() for tab in self.tabs}
        data["tab"] = self.tab.key
        data["seed"] = self.seed
        if self.app.settings.dice_lab != data:
            self.app.settings.dice_lab = data
            self.app.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again for `size`."""
        self._build()

    # --- layout -------------------------------------------------------------------------------------------
    def _build(self) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        w, h = app.screen_size
        for tab in self.tabs:
            tab.t = t
        left = pygame.Rect(s(20), s(72), s(LEFT_W), h - s(72) - s(20))
        rx = left.right + s(20)
        rw = w - rx - s(20)
        tray = pygame.Rect(rx + s(14), s(72) + s(14), rw - s(28), s(TRAY_H))
        actions_y = tray.bottom + s(26)
        side_w = s(SIDE_W)
        card = pygame.Rect(rx, actions_y + s(52), rw - side_w - s(16), s(76))
        history = pygame.Rect(card.right + s(16), card.y, side_w, card.h)
        chart = pygame.Rect(rx, card.bottom + s(12), card.w, h - s(20) - card.bottom - s(12))
        side = pygame.Rect(history.x, chart.y, side_w, chart.h)
        self.rects = {"left": left, "tray": tray, "card": card, "history": history, "chart": chart, "side": side}
        self.tray.set_rect(tray, app.ui_scale)
        self.tray.scale = app.ui_scale
        self.background = None
        self._chart = None
        gui.reset(app.ui)
        self.buttons = {}
        self.entry_widgets = {}
        labels = [t(tab.title) for tab in self.tabs]
        title_w = app.fonts.get(s(26), True).size(t("mode.dice_lab"))[0] + s(24)
        menu_w = s(130)
        self.tab_buttons = segment_row(
            app.ui, labels, s(20) + title_w, s(16), w - s(60) - title_w - menu_w, s(42), s(8)
        )
        menu = pygame_gui.elements.UIButton(
            pygame.Rect(w - s(20) - menu_w, s(16), menu_w, s(42)), t("lab.menu"), app.ui, object_id="#menu_button"
        )
        self.buttons[menu] = "menu"
        actions = ("roll", "x100", "x1000")
        row = segment_row(
            app.ui,
            [t("lab.roll"), t("lab.x100"), t("lab.x1000")],
            rx,
            actions_y,
            s(420),
            s(42),
            s(10),
            object_id="#menu_button",
        )
        # Roll stands out: the row measured the labels, the Roll button is made again in the primary style.
        roll_rect = row[0].relative_rect.copy()
        gui.kill(row[0])
        row[0] = pygame_gui.elements.UIButton(roll_rect, t("lab.roll"), app.ui, object_id="#primary")
        for action, button in zip(actions, row, strict=True):
            self.buttons[button] = action
        bx = row[-1].rect.right
        seed_rect = pygame.Rect(rx + rw - s(150), actions_y + s(4), s(150), s(36))
        self.rects["seed_label"] = pygame.Rect(bx + s(10), actions_y, seed_rect.x - bx - s(20), s(42))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(seed_rect, app.ui)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(10)
        self.seed_entry.set_text(str(self.seed))
        self._build_tab()

    def _build_tab(self) -> None:
        """The open tab's steppers and text fields."""
        app, s = self.app, self.app.s
        left = self.rects["left"]
        for widget in list(self.entry_widgets):
            gui.kill(widget)
        self.entry_widgets = {}
        for i, button in enumerate(self.tab_buttons):
            gui.set_selected(button, i == self.current)
        inner = left.inflate(-s(40), 0)
        top = left.y + s(64)
        columns, label_room = (2, s(112)) if isinstance(self.tab, OpposedTab) else (1, 0)
        if columns == 2:
            top += s(26)
        rows = -(-len(self.tab.column.steppers) // columns)
        bottom = self.tab.column.layout(pygame.Rect(inner.x, top, inner.w, rows * s(54)), s, columns, label_room)
        self.rects["columns"] = pygame.Rect(inner.x + label_room, top - s(26), inner.w - label_room, s(24))
        y = self.tab.layout_extra(pygame.Rect(inner.x, bottom + s(6), inner.w, 0), s)
        for entry in self.tab.entries:
            widget = pygame_gui.elements.UITextEntryLine(entry.rect, app.ui)
            widget.set_text_length_limit(60)
            widget.set_text(entry.text)
            gui.set_enabled(widget, entry.enabled)
            self.entry_widgets[widget] = entry.key
        # The key help takes as many lines as it wraps to (three in Russian in the smallest window).
        font = app.fonts.get(s(13))
        keys_h = len(lettering.wrap(font, app.t("lab.keys"), left.w - s(40))) * font.get_linesize()
        self.rects["keys"] = pygame.Rect(left.x + s(20), left.bottom - s(8) - keys_h, left.w - s(40), keys_h)
        self.rects["figures"] = pygame.Rect(inner.x, y + s(8), inner.w, self.rects["keys"].y - s(4) - y - s(8))
        # What the roll is (an Alkemy check, the symbols), across the empty tray above its hint, as many lines as it
        # wraps to (the figures on the left fill their panel).
        tray = self.rects["tray"]
        about = app.t(self.tab.about) if self.tab.about else ""
        font = app.fonts.get(s(ABOUT_SIZE))
        about_h = len(lettering.wrap(font, about, tray.w - s(80))) * font.get_linesize() if about else 0
        self.rects["about"] = pygame.Rect(tray.x + s(40), tray.centery - s(24) - about_h, tray.w - s(80), about_h)
        self._chart = None

    # --- actions ------------------------------------------------------------------------------------------
    def select_tab(self, index: int) -> None:
        """Open tab `index`."""
        if index == self.current or not 0 <= index < len(self.tabs):
            return
        self.current = index
        self.pending = []
        self._build_tab()
        if self.rolled_tab != index:
            self.tray.clear()
            self.caption = ""

    def set_seed(self, seed: int) -> None:
        """A new seed: the dice stream starts again from it, and observed rolls of the old stream are dropped."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.seed_error = ""
        for tab in self.tabs:
            tab.observed.clear()
            tab.fit = None
        self._chart = None

    def roll(self) -> None:
        """Roll the open tab's dice once into the tray (skips a roll still tumbling)."""
        if self.tray.busy or self.pending:
            self.skip()
            return
        throws = self.tab.roll(self.rng)
        if not throws:
            return
        self.rolled_tab = self.current
        self.pending = list(throws)
        self._next_throw()
        self._sound("roll")

    def skip(self) -> None:
        """Let every die land and play any rerolls through at once."""
        while True:
            self.tray.skip()
            if not self.pending:
                return
            self._next_throw()

    def _next_throw(self) -> None:
        throw = self.pending.pop(0)
        self.tray.roll(throw.groups, throw.labels, throw.glow)
        self.tray.dimmed = set(throw.dimmed)
        self.caption = throw.caption

    def roll_many(self, count: int) -> None:
        """Roll `count` times (no tray) and overlay the observed frequencies on the exact chart."""
        try:
            self.tab.roll_many(self.rng, count)
        except ValueError:
            return
        self._chart = None
        self._sound("roll")

    def show_look(self, throw: Throw | None) -> None:
        """The same dice with another pair kept (or a pick in progress)."""
        tab = self.tab
        if throw is not None:
            self.tray.set_glow(throw.glow)
            self.tray.dimmed = set(throw.dimmed)
        choosing = tab.choosing
        self.tray.marked = {(0, choosing)} if choosing is not None else set()

    def go_menu(self) -> None:
        """Back to the main menu (inputs are remembered on the way)."""
        self.app.goto("menu")

    def _sound(self, name: str) -> None:
        if self.app.sound is not None:
            self.app.sound.play(name)

    def _changed(self, sound: bool = True) -> None:
        self.tab.changed()
        if sound:
            self._sound("click")
        self._chart = None
        for widget, key in self.entry_widgets.items():
            entry = next(e for e in self.tab.entries if e.key == key)
            gui.set_enabled(widget, entry.enabled)
            if widget.get_text() != entry.text:
                widget.set_text(entry.text)

    # --- input --------------------------------------------------------------------------------------------
    def _focused_entry(self) -> pygame_gui.elements.UITextEntryLine | None:
        for widget in [*self.entry_widgets, self.seed_entry]:
            if widget is not None and widget.is_focused:
                return widget
        return None

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, text fields, steppers by mouse and keys, dice in the tray, shortcuts."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._press(event.ui_element)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._typed(event.ui_element)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.app.ui.set_focus_set(None)  # through the manager, so a later click focuses the field again
            return
        focused = self._focused_entry()
        if focused is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.app.ui.set_focus_set(None)
                if event.key == pygame.K_TAB:
                    self._cycle_focus(focused)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = self.tray.die_at(event.pos)
            if key is not None and self.rolled_tab == self.current:
                self.show_look(self.tab.pick_die(key))
                return
        changed = self.tab.column.handle(event)
        if changed is not None:
            self._changed()
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)

    def _press(self, element: object) -> None:
        if not isinstance(element, pygame_gui.elements.UIButton):
            return
        if element in self.tab_buttons:
            self.select_tab(self.tab_buttons.index(element))
            return
        action = self.buttons.get(element)
        if action == "menu":
            self.go_menu()
        elif action == "roll":
            self.roll()
        elif action in ("x100", "x1000"):
            self.roll_many(int(action[1:]))

    def _typed(self, element: object) -> None:
        if not isinstance(element, pygame_gui.elements.UITextEntryLine):
            return
        text = element.get_text()
        if element is self.seed_entry:
            if text.isdigit() and int(text) <= MAX_SEED:
                self.set_seed(int(text))
            else:
                self.seed_error = self.app.t("lab.bad_seed")
            return
        key = self.entry_widgets.get(element)
        if key is not None:
            self.tab.set_entry(key, text)
            self._changed()

    def _cycle_focus(self, after: pygame_gui.elements.UITextEntryLine | None = None) -> None:
        """Tab: the steppers in turn, then each enabled text field, then the seed."""
        column = self.tab.column
        widgets = [w for w in self.entry_widgets if w.is_enabled] + [self.seed_entry]
        if after is None and column.focus < len(column.steppers) - 1:
            column.move_focus(1)
            return
        position = widgets.index(after) + 1 if after in widgets else 0
        if position < len(widgets):
            self.app.ui.set_focus_set(widgets[position])
        else:
            column.focus = 0

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in TAB_KEYS:
            self.select_tab(TAB_KEYS[event.key])
            return
        action = self._key_actions().get(event.key)
        if action is not None:
            action()

    def _key_actions(self) -> dict[int, Callable[[], None]]:
        # What each key does on the Lab (the number keys pick a tab).
        roll = {key: self.roll for key in (pygame.K_r, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)}
        return {
            pygame.K_ESCAPE: self.go_menu,
            pygame.K_DOWN: lambda: self.tab.column.move_focus(1),
            pygame.K_UP: lambda: self.tab.column.move_focus(-1),
            pygame.K_TAB: self._cycle_focus,
            **roll,
            pygame.K_h: lambda: self.roll_many(BULK[0]),
            pygame.K_t: lambda: self.roll_many(BULK[1]),
            pygame.K_p: self._look_at_next_pair,
            pygame.K_e: self._focus_first_entry,
            pygame.K_s: lambda: self.app.ui.set_focus_set(self.seed_entry),
        }

    def _look_at_next_pair(self) -> None:
        # Only once the shown tab has been rolled and the dice lie still.
        if self.rolled_tab == self.current and not self.tray.busy:
            self.show_look(self.tab.next_pair())

    def _focus_first_entry(self) -> None:
        widgets = [w for w in self.entry_widgets if w.is_enabled]
        if widgets:
            self.app.ui.set_focus_set(widgets[0])

    # --- frame --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Tumble the dice; play the next throw (a reroll) when they have landed."""
        self.tray.update(dt)
        if not self.tray.busy and self.pending:
            self._next_throw()

    def wake_in(self) -> float | None:
        """Now while dice tumble or throws wait to be played; else only input changes the Lab."""
        return 0.0 if self.tray.busy or self.pending else None

    def _background(self) -> pygame.Surface:
        app, s = self.app, self.app.s
        bg = shapes.table_background(app.screen_size).copy()
        shapes.panel(bg, self.rects["left"], app.ui_scale)
        for name in ("card", "history", "side"):
            shapes.panel(bg, self.rects[name], app.ui_scale)
        shapes.parchment(bg, self.rects["chart"], app.ui_scale)
        lettering.text(
            app, bg, app.t("mode.dice_lab"), (s(24), s(37)), size=26, bold=True, anchor="midleft", shadow=True
        )
        return bg

    def chart_surface(self) -> pygame.Surface:
        """The chart drawn for the current inputs (cached until they change)."""
        tab, rect = self.tab, self.rects["chart"]
        key = (self.current, repr(tab.to_dict()), sum(tab.observed.values()), self.app.t.language, rect.size)
        if self._chart is None or self._chart[0] != key:
            surface = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw_chart(self.app, surface, surface.get_rect(), tab.chart(self.app.t))
            self._chart = (key, surface)
        return self._chart[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Table, panels, inputs and figures, the tray, the result card, history, chart and side panel."""
        app, s, t = self.app, self.app.s, self.app.t
        if self.background is None or self.background.get_size() != app.screen_size:
            self.background = self._background()
        surface.blit(self.background, (0, 0))
        left = self.rects["left"]
        lettering.text(
            app,
            surface,
            t(self.tab.title),
            (left.x + s(20), left.y + s(18)),
            size=22,
            bold=True,
            colour=palette.PARCHMENT,
        )
        if isinstance(self.tab, OpposedTab):
            cols = self.rects["columns"]
            half = (cols.w - s(14)) // 2
            for i, (name, colour) in enumerate((("A", palette.ORANGE), ("B", palette.SKY))):
                lettering.text(
                    app,
                    surface,
                    t("lab.opp.side", side=name),
                    (cols.x + i * (half + s(14)) + half // 2, cols.centery),
                    size=16,
                    bold=True,
                    colour=colour,
                    anchor="center",
                )
        self.tab.column.draw(app, surface, self._focused_entry() is None)
        for entry in self.tab.entries:
            colour = palette.PARCHMENT if entry.enabled else palette.MUTED
            lettering.text(
                app,
                surface,
                t(entry.label),
                (entry.rect.x, entry.rect.y - s(3)),
                size=14,
                bold=True,
                colour=colour,
                anchor="bottomleft",
            )
            if entry.error and entry.enabled:
                self.error_rect = lettering.text(
                    app,
                    surface,
                    _fit(app, entry.error, entry.rect.w, 12),
                    (entry.rect.x, entry.rect.bottom + s(2)),
                    size=12,
                    colour=palette.ERROR,
                )
        self.tab.draw_figures(app, surface, self.rects["figures"])
        lettering.wrapped_text(app, surface, t("lab.keys"), self.rects["keys"], size=13, colour=palette.MUTED)
        self.tray.draw(surface)
        if not self.tray.entries:
            if self.tab.about:
                about = self.rects["about"]
                lettering.wrapped_text(
                    app, surface, t(self.tab.about), about, size=ABOUT_SIZE, colour=palette.PARCHMENT, align="center"
                )
            lettering.text(
                app,
                surface,
                t("lab.tray_hint"),
                self.rects["tray"].center,
                size=16,
                colour=palette.MUTED,
                anchor="center",
            )
        note = self.tab.tray_note(t) if self.rolled_tab == self.current and not (self.tray.busy or self.pending) else ""
        if note:
            tray = self.rects["tray"]
            lettering.text(
                app,
                surface,
                _fit(app, note, tray.w - s(24), 14),
                (tray.centerx, tray.bottom - s(8)),
                size=14,
                colour=palette.PARCHMENT,
                anchor="midbottom",
                shadow=True,
            )
        seed_label = self.rects["seed_label"]
        lettering.text(
            app, surface, t("lab.seed"), (seed_label.right, seed_label.centery), size=15, bold=True, anchor="midright"
        )
        if self.seed_error:
            lettering.text(
                app,
                surface,
                self.seed_error,
                (seed_label.right, seed_label.bottom + s(4)),
                size=12,
                colour=palette.ERROR,
                anchor="topright",
            )
        self._draw_card(surface)
        self._draw_history(surface)
        surface.blit(self.chart_surface(), self.rects["chart"].topleft)
        side = self.rects["side"].inflate(-s(28), -s(24))
        self.tab.draw_side(app, surface, side)

    def card_lines(self, room: int | None = None) -> list[str]:
        """What the result card says now; with `room` (lines the card can show) the roll's own lines are cut
        before the fairness verdict of many rolls, which always shows."""
        t = self.app.t
        lines: list[str] = []
        if self.rolled_tab == self.current and self.tray.entries:
            if self.tray.busy or self.pending:
                lines = [self.caption or t("lab.rolling")]
            else:
                lines = self.tab.card_lines(t, t.language)
        fit = self.tab.fit
        if fit is not None and self.tab.observed_shares() is not None:
            n = sum(self.tab.observed.values())
            p = t.numbers.number(fit.p_value, 3)
            if room is not None:
                lines = lines[: max(0, room - 1)]
            lines.append(t(FIT(fit.verdict), n=n, p=p))
        if not lines:
            lines = [t("lab.card_hint")]
        return lines

    def _draw_card(self, surface: pygame.Surface) -> None:
        app, s = self.app, self.app.s
        rect = self.rects["card"].inflate(-s(28), -s(14))
        font = app.fonts.get(s(14))
        y = rect.y
        room = 1 + max(0, (rect.h + s(4) - app.fonts.get(s(15)).get_linesize()) // font.get_linesize())
        self.card_shown = []
        for i, line in enumerate(self.card_lines(room)):
            line = _fit(app, line, rect.w, 15 if i == 0 else 14, i == 0)
            self.card_shown.append(line)
            y = lettering.text(
                app,
                surface,
                line,
                (rect.x, y),
                size=15 if i == 0 else 14,
                bold=(i == 0),
                colour=palette.IVORY if i == 0 else palette.PARCHMENT,
            ).bottom
            if y + font.get_linesize() > rect.bottom + s(4):
                break

    def shown_history(self) -> list[Chip]:
        """The history as shown: a roll still in the air joins it when it lands."""
        if self.rolled_tab == self.current and (self.tray.busy or self.pending):
            return self.tab.history[:-1]
        return list(self.tab.history)

    def _draw_history(self, surface: pygame.Surface) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        rect = self.rects["history"].inflate(-s(24), -s(12))
        lettering.text(app, surface, t("lab.history"), rect.topleft, size=13, bold=True, colour=palette.BRASS)
        chips = self.shown_history()
        per_row = 10
        chip_w = (rect.w - s(4) * (per_row - 1)) // per_row
        font = app.fonts.get(s(11), True)
        for i, chip in enumerate(reversed(chips)):
            row, col = divmod(i, per_row)
            box = pygame.Rect(rect.x + col * (chip_w + s(4)), rect.y + s(22) + row * s(24), chip_w, s(20))
            fill = {True: palette.GREEN, False: palette.VERMILLION, None: palette.PANEL_LIGHT}[chip.good]
            pygame.draw.rect(surface, fill, box, border_radius=s(4))
            if chip.good is False:
                pygame.draw.line(
                    surface, palette.IVORY, (box.x + s(3), box.bottom - s(4)), (box.right - s(3), box.bottom - s(4)), 1
                )
            label = font.render(chip.text, True, palette.IVORY)
            if label.get_width() > box.w - s(2):
                label = pygame.transform.smoothscale(label, (box.w - s(2), label.get_height()))
            surface.blit(label, label.get_rect(center=box.center))

    # --- screenshots ------------------------------------------------------------------------------------------
    @classmethod
    def screenshot_states(cls, app: App) -> list[tuple[str, dict[str, object]]]:
        """The four tabs as `--screenshot` shows them: dice landed, a bonus pair chosen, observed overlays."""
        from game.client.dice_lab.demo import screenshot_states

        return screenshot_states()


def _fit(look: Look, line: str, width: int, size: int, bold: bool = False) -> str:
    """`line`, shortened with an ellipsis when wider than `width` at text size `size`."""
    return fit_text(look.fonts.get(look.s(size), bold), line, width)
