"""The Learn screen: a tab per game, and on a parchment each stage of its course with a tile per level and the stars
earned on it; a click (or Enter) plays the level on the board. A game without lessons has its tab disabled and says
so."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, palette, shapes
from game.client.learn import start
from game.client.learn.card import star
from game.client.modes import board_modes
from game.client.scene import Scene
from game.client.widgets import ButtonGroup, mode_tabs
from game.learn.lessons import Course, Lesson, course_modes
from game.learn.progress import MAX_STARS, Progress

if TYPE_CHECKING:
    from game.client.app import App

ROW_H = 58
TILE = 46
TILE_GAP = shapes.GAP
TILE_MIN_W = 42


class LearnScene(Scene):
    """The courses of the games, their stages and levels with stars."""

    OTHER = ("challenge.open", "challenges")  # the foot's way to the other screen of Learn: its text and scene

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.mode = ""
        self.course: Course | None = None
        self.progress = Progress()
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}
        self.group = ButtonGroup(horizontal=True)
        self.tiles: dict[str, pygame_gui.elements.UIButton] = {}  # lesson id -> its tile
        self.paper = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, str]] = []  # each stage's title box and title

    @property
    def modes(self) -> list[str]:
        """The games the tabs show: every board game, those with lessons enabled."""
        return board_modes()

    def enter(self, mode: str | None = None, **context: object) -> None:
        """Open at `mode`'s course (the first game with lessons by default); the first visit ends the first-start
        offer."""
        with_lessons = [m for m in self.modes if m in course_modes()]
        self.mode = mode if isinstance(mode, str) and mode in with_lessons else (with_lessons or [""])[0]
        self.progress = start.progress(self.app)
        if self.progress.fresh or not self.progress.offered:
            self.progress.offered = True
            problem = self.progress.save()
            if problem:
                self.app.notify_once(self.app.t("learn.msg.save_failed", detail=problem))
        self._load()
        self._build()

    def _load(self) -> None:
        self.course = start.course(self.app, self.mode) if self.mode else None

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again."""
        self._build()

    def _build(self) -> None:
        app, s = self.app, self.app.s
        w, h = app.screen_size
        self.tabs.clear()
        self.group.clear()
        self.tiles.clear()
        margin = s(48)
        tab_y = s(82)
        paper_w = min(w - 2 * margin, s(1000))
        closed = [mode for mode in self.modes if mode not in self.open_modes()]
        self.tabs = mode_tabs(app, self.modes, (w - paper_w) // 2, tab_y, paper_w, self.mode, closed, self.closed_tip())
        bottom = h - s(84)
        self.paper = pygame.Rect((w - paper_w) // 2, tab_y + s(52), paper_w, bottom - tab_y - s(52))
        self._build_tiles()
        row = pygame.Rect(0, 0, s(220), s(46))
        row.midbottom = (w // 2 - s(120), h - s(18))
        for text, action in self.foot():
            self.group.add(app.ui, row, text, action, object_id="#menu_button")
            row = row.move(s(240), 0)
        focus = self._first_unsolved()
        self.group.set_focus(self.group.buttons.index(self.tiles[focus.id]) if focus is not None else 0)

    def open_modes(self) -> Collection[str]:
        """The games whose tab opens (the others are disabled and say why)."""
        return course_modes()

    def closed_tip(self) -> str | None:
        """Why a disabled tab is closed."""
        return self.app.t("learn.no_lessons")

    def foot(self) -> list[tuple[str, Callable[[], object]]]:
        """The buttons under the parchment, left to right: the other screen of Learn at this game, the main menu."""
        text, screen = self.OTHER
        t, goto = self.app.t, self.app.goto
        return [(t(text), partial(goto, screen, mode=self.mode)), (t("learn.to_menu"), partial(goto, "menu"))]

    def _build_tiles(self) -> None:
        app, s = self.app, self.app.s
        self.rows = []
        course = self.course
        if course is None:
            return
        count = max(1, len(course.stages))
        # The foot of the parchment names the focused level.
        row_h = min(s(ROW_H), (self.paper.h - s(24) - s(70)) // count)
        tile = min(s(TILE), int(row_h * 0.72))
        tile_w = max(tile, s(TILE_MIN_W))  # a short row keeps tiles wide enough for a two-digit number
        y = self.paper.y + s(14)
        title_w = int(self.paper.w * 0.36)
        number = 0
        for stage_number, stage in enumerate(course.stages, start=1):
            self.rows.append(
                (
                    pygame.Rect(self.paper.x + s(28), y, title_w - s(28), row_h),
                    f"{stage_number}. {stage.title.get(app.t.language)}",
                )
            )
            x = self.paper.x + title_w
            for lesson in stage.lessons:
                number += 1
                rect = pygame.Rect(x, y + (row_h - tile) // 2 - s(5), tile_w, tile)
                stars = self.progress.get(lesson.key)
                button = self.group.add(
                    app.ui,
                    rect,
                    str(number),
                    partial(start.open_lesson, app, lesson),
                    object_id="#primary" if stars else "#menu_button",
                    tooltip=lesson.title.get(app.t.language),
                )
                self.tiles[lesson.id] = button
                x += tile_w + s(TILE_GAP)
            y += row_h

    def focused_lesson(self) -> Lesson | None:
        """The lesson whose tile has the keyboard focus (or the pointer), if any."""
        focused = self.group.focused
        course = self.course
        if course is None:
            return None
        return next((lesson for lesson in course.lessons if self.tiles.get(lesson.id) is focused), None)

    def _draw_focused(self, surface: pygame.Surface) -> None:
        """The focused level's number, title and goal along the parchment's foot."""
        lesson = self.focused_lesson()
        course = self.course
        if lesson is None or course is None:
            return
        app, s = self.app, self.app.s
        number = course.lessons.index(lesson) + 1
        language = app.t.language
        box = pygame.Rect(self.paper.x + s(28), self.paper.bottom - s(62), self.paper.w - s(56), s(50))
        pygame.draw.line(surface, palette.PARCHMENT_EDGE, (box.x, box.y - s(6)), (box.right, box.y - s(6)), 1)
        title = f"{number}. {lesson.title.get(language)}"
        lettering.text(app, surface, title, (box.x, box.y), size=17, bold=True, colour=palette.HEADING_INK)
        lettering.wrapped_text(
            app, surface, lesson.goal.get(language), box.move(0, s(24)), size=15, colour=palette.INK_SOFT
        )

    def _first_unsolved(self) -> Lesson | None:
        course = self.course
        if course is None or not course.lessons:
            return None
        return next((lesson for lesson in course.lessons if not self.progress.get(lesson.key)), course.lessons[0])

    def show(self, mode: str) -> None:
        """Another game's course."""
        if mode != self.mode:
            self.mode = mode
            self._load()
            gui.reset(self.app.ui)
            self._build()

    # --- frame --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Tabs, tiles, Back; Esc goes back to the menu."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.tabs:
            self.show(self.tabs[event.ui_element])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.goto("menu")
            return
        self.group.handle(event)

    def draw_stars(self, surface: pygame.Surface, tile: pygame.Rect, earned: int, r: int, gap: int) -> None:
        """The stars of a tile under it (`earned` of them lit), `r` their radius, `gap` below the tile."""
        for index in range(MAX_STARS):
            cx = tile.centerx + (index - 1) * r * 2.25
            star(surface, (cx, tile.bottom + r + gap), r, palette.VICTORY if index < earned else palette.PARCHMENT_EDGE)

    def draw_total(self, surface: pygame.Surface, text: str) -> None:
        """The screen's total under the parchment's right corner."""
        spot = (self.paper.right, self.paper.bottom + self.app.s(10))
        lettering.text(self.app, surface, text, spot, size=15, colour=palette.PARCHMENT_DARK, anchor="topright")

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the parchment with the stages, each tile's stars, the total."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        lettering.heading(app, surface, t("learn.title"), (app.screen_size[0] // 2, s(38)), 30)
        shapes.parchment(surface, self.paper, app.ui_scale)
        course = self.course
        if course is None or not course.stages:
            box = self.paper.inflate(-s(80), -s(80))
            lettering.wrapped_text(
                app, surface, t("learn.no_lessons"), box, size=20, colour=palette.INK, align="center"
            )
            return
        for rect, title in self.rows:
            size = 19
            while size > 13 and app.fonts.get(s(size), True).size(title)[0] > rect.w:
                size -= 1
            lettering.text(
                app,
                surface,
                title,
                (rect.x, rect.centery - s(5)),
                size=size,
                bold=True,
                colour=palette.INK,
                anchor="midleft",
            )
        for lesson in course.lessons:
            tile = self.tiles.get(lesson.id)
            if tile is None:
                continue
            self.draw_stars(surface, tile.rect, self.progress.get(lesson.key), max(4, tile.rect.h // 6), s(3))
        self._draw_focused(surface)
        total = sum(self.progress.get(lesson.key) for lesson in course.lessons)
        most = MAX_STARS * len(course.lessons)
        text = t("learn.total", n=total, most=most, levels=len(course.lessons))
        self.draw_total(surface, text)
