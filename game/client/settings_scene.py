"""The settings screen: language, sound and volume, animation speed, move preview, full screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, palette, shapes
from game.client.i18n import LANGUAGE_NAMES, Keys
from game.client.scene import Scene
from game.client.settings import ANIM_SPEEDS, LANGUAGES, settings_path
from game.client.widgets import ButtonGroup, segment_row

if TYPE_CHECKING:
    from game.client.app import App

PANEL_W, ROW_H = 860, 62
FOOTER_H = 50  # under the panel: the key help and where the settings are saved
CONTROL_X = 330  # where the controls start, from the panel's left edge (labels sit left of it)
VOLUME_STEP = 0.1


#: A setting's value: a language or speed code, an on/off switch, or the volume.
Value = str | bool | float


@dataclass
class Row:
    """One setting: its label key, the choices (value, label) or a slider, and how to apply a value."""

    key: str
    choices: list[tuple[Value, str]]
    get: Callable[[], Value]
    set: Callable[[Value], None]
    hint: str = ""
    slider: bool = False


SPEED = Keys("settings.speed.{}", ANIM_SPEEDS)


class SettingsScene(Scene):
    """Every setting on one panel; changes apply and are saved at once."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.row_index = 0
        self.segments: dict[pygame_gui.elements.UIButton, tuple[int, Value]] = {}  # button -> (row, value)
        self.row_buttons: list[list[pygame_gui.elements.UIButton]] = []
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.back = ButtonGroup()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.label_rects: list[pygame.Rect] = []  # where each row's label was drawn (tests check they fit)
        self.row_rects: list[pygame.Rect] = []

    # --- rows ---------------------------------------------------------------------------------------
    def _rows(self) -> list[Row]:
        app, t, st = self.app, self.app.t, self.app.settings
        on_off: list[tuple[Value, str]] = [(True, t("settings.on")), (False, t("settings.off"))]

        def setter(name: str) -> Callable[[Value], None]:
            def apply(value: Value) -> None:
                setattr(st, name, value)
                app.save_settings()

            return apply

        def set_language(value: Value) -> None:
            app.set_language(str(value))

        def set_fullscreen(value: Value) -> None:
            st.fullscreen = bool(value)
            app.save_settings()
            app.apply_fullscreen()

        return [
            Row(
                "settings.language",
                [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
                lambda: st.language,
                set_language,
            ),
            Row("settings.sound", on_off, lambda: st.sound_on, setter("sound_on")),
            Row("settings.volume", [], lambda: st.volume, setter("volume"), slider=True),
            Row(
                "settings.anim_speed",
                [(s, t(SPEED(s))) for s in ANIM_SPEEDS],
                lambda: st.anim_speed,
                setter("anim_speed"),
            ),
            Row(
                "settings.preview", on_off, lambda: st.preview_on, setter("preview_on"), hint=t("settings.preview_hint")
            ),
            Row(
                "settings.ask_end_turn",
                on_off,
                lambda: st.ask_end_turn,
                setter("ask_end_turn"),
                hint=t("settings.ask_end_turn_hint"),
            ),
            Row("settings.fullscreen", on_off, lambda: st.fullscreen, set_fullscreen),
        ]

    # --- life cycle ---------------------------------------------------------------------------------
    def enter(self, **context: object) -> None:
        """Open with the first setting focused."""
        self.row_index = 0
        self._build()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again (also after a language change)."""
        self._build()

    def _build(self) -> None:
        app, s = self.app, self.app.s
        w, h = app.screen_size
        self.rows = self._rows()
        self.segments.clear()
        self.row_buttons = []
        self.back.clear()
        self.row_rects = []
        ph = s(104 + ROW_H * len(self.rows) + 86)
        self.panel_rect = pygame.Rect(0, 0, s(PANEL_W), ph)
        self.panel_rect.center = (w // 2, (h - s(FOOTER_H)) // 2)  # the key help and the file's place below it
        x0 = self.panel_rect.x + s(40)
        control_x = self.panel_rect.x + s(CONTROL_X)
        control_w = self.panel_rect.right - s(40) - control_x
        y = self.panel_rect.y + s(104)
        self.slider = None
        for index, row in enumerate(self.rows):
            rect = pygame.Rect(x0 - s(14), y, self.panel_rect.w - s(52), s(ROW_H - 8))
            self.row_rects.append(rect)
            cy = rect.centery
            buttons = []
            if row.slider:
                self.slider = pygame_gui.elements.UIHorizontalSlider(
                    pygame.Rect(control_x, cy - s(16), control_w, s(32)),
                    start_value=round(app.settings.volume * 100),
                    value_range=(0, 100),
                    manager=app.ui,
                    click_increment=10,
                )
            else:
                labels = [label for _, label in row.choices]
                row_buttons = segment_row(app.ui, labels, control_x, cy - s(19), control_w, s(38), s(8))
                for button, (value, _) in zip(row_buttons, row.choices, strict=True):
                    self.segments[button] = (index, value)
                    buttons.append(button)
            self.row_buttons.append(buttons)
            y += s(ROW_H)
        self._sync()
        back_rect = pygame.Rect(0, 0, s(220), s(48))
        back_rect.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - s(28))
        self.back.add(app.ui, back_rect, app.t("settings.back"), self.go_back, object_id="#primary")

    def _sync(self) -> None:
        """Show each row's current value as the selected segment."""
        for button, (index, value) in self.segments.items():
            gui.set_selected(button, self.rows[index].get() == value)
        if self.slider is not None:
            self.slider.set_current_value(round(self.app.settings.volume * 100))

    # --- changing values ------------------------------------------------------------------------------
    def choose(self, index: int, value: Value) -> None:
        """Set row `index` to `value`, apply it and save."""
        row = self.rows[index]
        if row.get() == value:
            return
        self.row_index = index
        row.set(value)
        if row.key == "settings.language":
            return  # set_language rebuilt the whole screen in the new language
        self._sync()
        self._click()

    def step(self, index: int, direction: int) -> None:
        """Move row `index` one choice left (-1) or right (+1); the volume moves by a tenth."""
        row = self.rows[index]
        if row.slider:
            value = round(min(1.0, max(0.0, self.app.settings.volume + direction * VOLUME_STEP)), 2)
            row.set(value)
            self._sync()
            self._click()
            return
        values = [v for v, _ in row.choices]
        current = values.index(row.get()) if row.get() in values else 0
        self.choose(index, values[max(0, min(len(values) - 1, current + direction))])

    def _jump_slider(self, x: int) -> None:
        """A click on the volume track (not on its handle) sets the volume there."""
        assert self.slider is not None and self.slider.sliding_button is not None
        rect = self.slider.rect
        half = self.slider.sliding_button.rect.w // 2
        share = (x - rect.x - half) / max(1, rect.w - 2 * half)
        self.row_index = next(i for i, r in enumerate(self.rows) if r.slider)
        self.app.settings.volume = round(min(1.0, max(0.0, share)), 2)
        self.app.save_settings()
        self._sync()
        self._click()

    def _click(self) -> None:
        if self.app.sound is not None:
            self.app.sound.play("click")

    def go_back(self) -> None:
        """Close settings: back to the game that opened them, or to the menu."""
        self.app.scenes.back()

    # --- frame ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse on segments and slider; arrows pick a row and change it; Esc goes back."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.segments:
            index, value = self.segments[event.ui_element]
            self.choose(index, value)
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.row_index = next(i for i, r in enumerate(self.rows) if r.slider)
            self.app.settings.volume = round(event.value / 100, 2)
            self.app.save_settings()
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.slider is not None
            and self.slider.rect.collidepoint(event.pos)
            and self.slider.sliding_button is not None
            and not self.slider.sliding_button.rect.collidepoint(event.pos)
        ):
            self._jump_slider(event.pos[0])
            return
        if event.type != pygame.KEYDOWN:
            self.back.handle(event)
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go_back()
        elif event.key in (pygame.K_DOWN, pygame.K_TAB):
            self.row_index = (self.row_index + 1) % len(self.rows)
        elif event.key == pygame.K_UP:
            self.row_index = (self.row_index - 1) % len(self.rows)
        elif event.key in (pygame.K_LEFT, pygame.K_a):
            self.step(self.row_index, -1)
        elif event.key in (pygame.K_RIGHT, pygame.K_d):
            self.step(self.row_index, 1)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the panel, row labels and the focused row's highlight."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        shapes.panel(surface, self.panel_rect, app.ui_scale)
        lettering.heading(app, surface, t("settings.title"), (self.panel_rect.centerx, self.panel_rect.y + s(50)), 30)
        for index, (row, rect) in enumerate(zip(self.rows, self.row_rects, strict=False)):
            if index == self.row_index:
                shapes.focus_band(surface, rect, s)
            label_y = rect.centery - (s(10) if row.hint else 0)
            if index == 0:
                self.label_rects = []
            self.label_rects.append(
                lettering.text(
                    app, surface, t(row.key), (rect.x + s(24), label_y), size=20, bold=True, anchor="midleft"
                )
            )
            if row.hint:
                hint_rect = pygame.Rect(rect.x + s(24), label_y + s(12), s(270), s(40))
                lettering.wrapped_text(app, surface, row.hint, hint_rect, size=12, colour=palette.MUTED)
            if row.slider:
                lettering.text(
                    app,
                    surface,
                    f"{round(app.settings.volume * 100)}%",
                    (rect.x + s(250), rect.centery),
                    size=18,
                    colour=palette.BRASS,
                    anchor="midleft",
                )
        footer_y = self.panel_rect.bottom + s(22)
        lettering.text(
            app,
            surface,
            t("settings.keys"),
            (self.panel_rect.centerx, footer_y),
            size=14,
            colour=palette.MUTED,
            anchor="center",
        )
        lettering.text(
            app,
            surface,
            t("settings.saved_in", path=str(settings_path())),
            (self.panel_rect.centerx, footer_y + s(22)),
            size=12,
            colour=palette.FOOTNOTE,
            anchor="center",
        )
