"""How to play: each mode's rules in the player's language, on a scrollable parchment."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, markdown, palette, shapes
from game.client.i18n import FALLBACK
from game.client.modes import MODE, menu_modes
from game.client.scene import Scene
from game.client.widgets import ButtonGroup, mode_tabs
from game.engine import registry
from game.paths import assets_dir

if TYPE_CHECKING:
    from game.client.app import App

LINE_STEP = 48


def rules_path(mode: str, language: str) -> Path:
    """Where the Markdown rules of `mode` in `language` are: `assets/rules/<language>/<mode>.md`, or by convention
    `rules/<language>.md` beside the scene of a mode kept outside the game's packages."""
    path = assets_dir() / "rules" / language / f"{mode}.md"
    spec = registry.find(mode)
    own = registry.package_folder(spec.scene) if spec is not None and not path.is_file() else None
    return own / "rules" / f"{language}.md" if own is not None and (own / "rules").is_dir() else path


def rules_text(mode: str, language: str) -> str | None:
    """The Markdown rules of `mode` in `language` (English when that translation is missing), or None."""
    for lang in (language, FALLBACK):
        path = rules_path(mode, lang)
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return None


class HowToScene(Scene):
    """Tabs for the modes over a parchment with the rules; wheel, keys or the scrollbar to scroll."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.mode = menu_modes()[0]
        self.scroll = 0
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}
        self.back = ButtonGroup()
        self.page: pygame.Surface | None = None
        self.page_key: tuple[object, ...] = ()
        self.view = pygame.Rect(0, 0, 0, 0)
        self.paper = pygame.Rect(0, 0, 0, 0)
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_lines: list[pygame.Rect] = []  # where the key help was drawn (one rect per line)
        self.dragging: int | None = None  # mouse y offset inside the thumb while dragging it

    def enter(self, mode: str | None = None, **context: object) -> None:
        """Open at `mode`'s rules, scrolled to the top."""
        self.mode = mode if mode in menu_modes() else menu_modes()[0]
        self.scroll = 0
        self._build()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again; the rules are re-rendered for the new width."""
        self._build()

    def _build(self) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        w, h = app.screen_size
        self.tabs.clear()
        self.back.clear()
        margin = s(48)
        tab_y = s(88)
        paper_w = min(w - 2 * margin, s(980))
        # The tabs span exactly the parchment's width, so their row lines up with it.
        self.tabs = mode_tabs(app, menu_modes(), (w - paper_w) // 2, tab_y, paper_w, self.mode)
        self.paper = pygame.Rect((w - paper_w) // 2, tab_y + s(54), paper_w, h - tab_y - s(54) - s(84))
        self.view = self.paper.inflate(-s(90), -s(36))
        self.view.x = self.paper.x + s(40)
        back_rect = pygame.Rect(0, 0, s(200), s(46))
        back_rect.midbottom = (w // 2, h - s(18))
        self.back.add(app.ui, back_rect, t("howto.back"), app.scenes.back, object_id="#primary")
        self.back_rect = back_rect
        self.keys_rect = pygame.Rect(s(24), back_rect.top, back_rect.left - s(24) - s(20), back_rect.h)
        self.page = None
        self._clamp()

    def _page(self) -> pygame.Surface:
        key = (self.mode, self.app.t.language, self.view.w, self.app.ui_scale)
        if self.page is None or self.page_key != key:
            text = rules_text(self.mode, self.app.t.language)
            if text is None:
                text = (
                    "# "
                    + self.app.t(MODE(self.mode))
                    + "\n\n"
                    + self.app.t("howto.missing", mode=self.app.t(MODE(self.mode)))
                )
            self.page = markdown.render(self.app, text, self.view.w)
            self.page_key = key
        return self.page

    def max_scroll(self) -> int:
        """How far the page can scroll."""
        return max(0, self._page().get_height() - self.view.h)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def show(self, mode: str) -> None:
        """Switch to another mode's rules."""
        if mode != self.mode:
            self.mode = mode
            self.scroll = 0
            for button, m in self.tabs.items():
                gui.set_selected(button, m == mode)
            self.page = None

    def scroll_by(self, pixels: int) -> None:
        """Scroll the page (positive = down)."""
        self.scroll += pixels
        self._clamp()

    # --- scrollbar ----------------------------------------------------------------------------------
    def _track(self) -> pygame.Rect:
        s = self.app.s
        return pygame.Rect(self.paper.right - s(26), self.paper.y + s(16), s(10), self.paper.h - s(32))

    def _thumb(self) -> pygame.Rect | None:
        total = self._page().get_height()
        if total <= self.view.h:
            return None
        track = self._track()
        h = max(self.app.s(40), track.h * self.view.h // total)
        y = track.y + (track.h - h) * self.scroll // max(1, self.max_scroll())
        return pygame.Rect(track.x, y, track.w, h)

    # --- frame --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Tabs, Back, wheel, keys and scrollbar dragging."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.tabs:
            self.show(self.tabs[event.ui_element])
            return
        if event.type != pygame.KEYDOWN and self.back.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.app.s(LINE_STEP))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self._drag(event.pos[1])
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)

    def _press(self, pos: tuple[int, int]) -> None:
        # On the thumb a drag starts; elsewhere on the track the page moves by a screenful toward the press.
        thumb = self._thumb()
        if thumb is None:
            return
        if thumb.inflate(self.app.s(8), 0).collidepoint(pos):
            self.dragging = pos[1] - thumb.y
        elif self._track().inflate(self.app.s(8), 0).collidepoint(pos):
            self.scroll_by(self.view.h if pos[1] > thumb.y else -self.view.h)

    def _drag(self, y: int) -> None:
        track, thumb = self._track(), self._thumb()
        if thumb is not None and self.dragging is not None:
            free = max(1, track.h - thumb.h)
            self.scroll = (y - self.dragging - track.y) * self.max_scroll() // free
            self._clamp()

    def _key(self, key: int, mod: int) -> None:
        # Arrows, pages and Space scroll; Home and End jump; Tab and Left/Right change the mode; Esc goes back.
        step = self.app.s(LINE_STEP)
        page = self.view.h - step
        scrolls = {
            pygame.K_DOWN: step,
            pygame.K_UP: -step,
            pygame.K_PAGEDOWN: page,
            pygame.K_PAGEUP: -page,
            pygame.K_SPACE: page,
        }
        if key in scrolls:
            self.scroll_by(scrolls[key])
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll = self.max_scroll()
        elif key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
            back = key == pygame.K_LEFT or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            index = menu_modes().index(self.mode) + (-1 if back else 1)
            self.show(menu_modes()[index % len(menu_modes())])
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.scenes.back()

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the parchment with the visible part of the rules, the scrollbar."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        lettering.heading(app, surface, t("howto.title"), (app.screen_size[0] // 2, s(40)), 30)
        shapes.parchment(surface, self.paper, app.ui_scale)
        page = self._page()
        surface.blit(page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h))
        # Soft fades at the top and bottom edges hint that there is more text.
        if self.scroll > 0:
            surface.blit(_fade(self.view.w, s(26), True), (self.view.x, self.view.y))
        if self.scroll < self.max_scroll():
            surface.blit(_fade(self.view.w, s(26), False), (self.view.x, self.view.bottom - s(26)))
        thumb = self._thumb()
        if thumb is not None:
            track = self._track()
            pygame.draw.rect(surface, palette.PARCHMENT_DARK, track, border_radius=track.w // 2)
            pygame.draw.rect(surface, palette.WOOD, thumb, border_radius=thumb.w // 2)
            pygame.draw.rect(surface, palette.WOOD_DARK, thumb, 1, border_radius=thumb.w // 2)
        # The key help wraps in the room left of Back, centred on it, never under the button.
        font = app.fonts.get(s(13))
        lines = lettering.wrap(font, t("howto.keys"), self.keys_rect.w)
        y = self.keys_rect.centery - len(lines) * font.get_linesize() // 2
        self.keys_lines = []
        for line in lines:
            image = font.render(line, True, palette.MUTED)
            self.keys_lines.append(surface.blit(image, (self.keys_rect.x, y)))
            y += font.get_linesize()


_fades: dict[tuple[int, int, bool], pygame.Surface] = {}


def _fade(width: int, height: int, top: bool) -> pygame.Surface:
    key = (width, height, top)
    if key not in _fades:
        strip = pygame.Surface((1, height), pygame.SRCALPHA)
        for y in range(height):
            k = 1 - y / height if top else y / height
            strip.set_at((0, y), (*palette.PARCHMENT, int(235 * k)))
        _fades[key] = pygame.transform.scale(strip, (width, height))
    return _fades[key]
