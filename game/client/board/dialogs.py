"""The dialogs over a board: the pause menu and the game-over card (their buttons above the board's own, on a dimmed
veil with the title, the reason and the mode's results), and a yes/no question over everything (Restart)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import lettering, palette, shapes
from game.client.confirm import Confirm
from game.client.widgets import ButtonGroup

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.game_scene import DialogItem, GameScene

# UI layer of dialogs: above anything a board puts in its side panel.
OVERLAY_LAYER = 40
GAME_OVER_W = 460
REASON_SIZE = 18
STARS_H = 48  # the row of stars on a lesson's result card


class BoardDialogs:
    """The open dialog (`overlay`: None, "pause" or "game_over") of a game scene, built over its UI."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.overlay: str | None = None
        self.buttons = ButtonGroup()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.game_over_text: tuple[str, str] = ("", "")
        self.veil: object = None
        self.confirm: Confirm | None = None  # a yes/no question over everything (Restart)
        self.card_items: list[DialogItem] = []  # a result card's buttons (overlay "card": a lesson's end)
        self.card_stars = 0
        self.card_beside: pygame.Rect | None = None  # where the card lies beside the board (the side panel)

    @property
    def app(self) -> App:
        """The app the scene runs in."""
        return self.scene.app

    def reset(self) -> None:
        """No dialog and no question (a game opens)."""
        self.overlay = None
        self.confirm = None

    def build(self) -> None:
        """The open dialog's and question's elements (the UI was just reset and the board built its own)."""
        self.buttons.clear()
        if self.overlay == "pause":
            self._build_pause()
        elif self.overlay == "game_over":
            self._build_game_over()
        elif self.overlay == "card":
            self._build_card()
        if self.confirm is not None and self.confirm.open:
            self.confirm.build()

    def handle(self, event: pygame.event.Event) -> bool:
        """The question and the open dialog take every event (Esc closes the pause menu); True when one did."""
        if self.confirm is not None and self.confirm.open:
            self.confirm.handle(event)
            return True
        if self.overlay is None:
            return False
        if (
            not self.buttons.handle(event)
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self.overlay == "pause"
        ):
            self.scene.close_pause()
        return True

    def ask(self, question: str, yes: str, no: str, on_yes: Callable[[], None]) -> None:
        """Ask a yes/no question over everything."""
        self.confirm = Confirm(self.app, question, yes, no, on_yes)
        self.confirm.build()

    def _veil(self) -> None:
        """The dialog's backdrop as a UI image above the board's own UI: dim veil, panel, title, reason."""
        veil = pygame.Surface(self.scene.size, pygame.SRCALPHA)
        if self.card_beside is not None and self.overlay == "card":
            veil.fill((*palette.VEIL, 150), self.card_beside)  # the board stays in sight, arrows and all
        else:
            veil.fill((*palette.VEIL, 150))
        shapes.panel(veil, self.rect, self.app.ui_scale)
        title = self.app.t("pause.title") if self.overlay == "pause" else self.game_over_text[0]
        s = self.app.s
        lettering.heading(self.app, veil, title, (self.rect.centerx, self.rect.y + s(46)), self._title_size(title))
        if self.overlay == "card" and self.card_stars:
            self._stars(veil)
        if self.overlay in ("game_over", "card") and self.game_over_text[1]:
            box = self.reason_box()
            lettering.wrapped_text(
                self.app, veil, self.game_over_text[1], box, size=REASON_SIZE, colour=palette.PARCHMENT, align="center"
            )
        if self.overlay == "game_over" and self.scene.results_size()[1]:
            top = self.reason_box().bottom + s(10)
            self.scene.draw_results(
                veil, pygame.Rect(self.rect.x + s(28), top, self.rect.w - s(56), s(self.scene.results_size()[1]))
            )
        self.veil = pygame_gui.elements.UIImage(
            pygame.Rect((0, 0), self.scene.size), veil, self.app.ui, starting_height=OVERLAY_LAYER - 1
        )

    def _dialog(self, width: int, height: int, center: tuple[int, int] | None = None) -> pygame.Rect:
        w, h = self.app.s(width), self.app.s(height)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = center or (self.scene.size[0] // 2, self.scene.size[1] // 2)
        self.rect = rect
        self._veil()
        return rect

    def _column(self, rect: pygame.Rect, top: int, items: list[DialogItem], columns: int = 1) -> None:
        s = self.app.s
        gap = s(16)
        width = (rect.w - s(80) - gap * (columns - 1)) // columns
        for index, (text, callback, object_id) in enumerate(items):
            row, col = divmod(index, columns)
            button_rect = pygame.Rect(rect.x + s(40) + col * (width + gap), rect.y + s(top) + row * s(56), width, s(46))
            self.buttons.add(self.app.ui, button_rect, text, callback, object_id=object_id, layer=OVERLAY_LAYER)
        self.buttons.set_focus(0)

    def _build_pause(self) -> None:
        t = self.app.t
        rect = self._dialog(400, 96 + 5 * 56 + 24)
        self._column(
            rect,
            96,
            [
                (t("pause.resume"), self.scene.close_pause, "#primary"),
                (self.scene.restart_label(), self.scene.ask_restart, "#menu_button"),
                (t("pause.rules"), self.scene.open_rules, "#menu_button"),
                (t("pause.settings"), self.scene.open_settings, "#menu_button"),
                (self.scene.quit_label(), self.scene.save_and_quit, "#menu_button"),
            ],
        )

    def _title_size(self, title: str) -> int:
        """The dialog title's layout size: 28, smaller when a long title would not fit the dialog."""
        size = 28
        room = self.rect.w - self.app.s(56)
        while size > 18 and self.app.fonts.get(self.app.s(size), True).size(title)[0] > room:
            size -= 1
        return size

    def reason_lines(self) -> list[str]:
        """The game-over reason wrapped to the dialog's width."""
        font = self.app.fonts.get(self.app.s(REASON_SIZE))
        # Wrapped as wide as it is drawn: the game-over card widens for its results, a result card never does.
        width = self.app.s(self._game_over_w() if self.overlay == "game_over" else self._card_w()) - self.app.s(56)
        return lettering.wrap(font, self.game_over_text[1], width) if self.game_over_text[1] else []

    def reason_box(self) -> pygame.Rect:
        """Where the game-over reason is written: under the title, as tall as its lines."""
        s = self.app.s
        lines = len(self.reason_lines())
        height = max(s(60), lines * self.app.fonts.get(s(REASON_SIZE)).get_linesize())
        rect = self.rect
        below = s(82 + (STARS_H if self.overlay == "card" and self.card_stars else 0))
        return pygame.Rect(rect.x + s(28), rect.y + below, rect.w - s(56), height)

    def _build_game_over(self) -> None:
        t = self.app.t
        # The dialog grows with the reason's lines, so a long reason (or language) never runs into the buttons.
        lines = len(self.reason_lines())
        line_h = self.app.fonts.get(self.app.s(REASON_SIZE)).get_linesize() / self.app.ui_scale
        extra = max(0, round(lines * line_h) - 52)
        items = [
            (t("gameover.rematch"), self.scene.rematch, "#primary"),
            *self.scene.game_over_actions(),
            (t("gameover.menu"), self.scene.to_menu, "#menu_button"),
        ]
        results_h = self.scene.results_size()[1]
        if results_h:
            extra += results_h + 10
        columns = 2 if results_h else 1  # a wide card with results puts its buttons side by side
        rows = -(-len(items) // columns)
        rect = self._dialog(self._game_over_w(), 150 + extra + rows * 56 + 16)
        self._column(rect, 150 + extra, items, columns)
        s = self.app.s
        # The card can be closed to look at the final board (Esc does the same).
        close = pygame.Rect(rect.right - s(44), rect.y + s(8), s(36), s(36))
        self.buttons.add(
            self.app.ui,
            close,
            "×",
            self.scene.close_game_over,
            object_id="#small_button",
            layer=OVERLAY_LAYER,
            tooltip=t("gameover.close"),
        )

    def show_card(
        self, title: str, text: str, items: list[DialogItem], stars: int = 0, beside: pygame.Rect | None = None
    ) -> None:
        """A result card over the board: the title, up to three stars, the text and the buttons (a lesson's end);
        `beside`: the side panel's rect, to lie over it with the board left in sight (a stage's intro and the
        level's arrows)."""
        self.card_beside = beside
        self.game_over_text = (title, text)
        self.card_items = items
        self.card_stars = stars
        self.overlay = "card"
        self.scene._build_ui()  # the card's elements over the board's

    def _build_card(self) -> None:
        lines = len(self.reason_lines())
        line_h = self.app.fonts.get(self.app.s(REASON_SIZE)).get_linesize() / self.app.ui_scale
        extra = max(0, round(lines * line_h) - 52) + (STARS_H if self.card_stars else 0)
        center = self.card_beside.center if self.card_beside is not None else None
        rect = self._dialog(self._card_w(), 150 + extra + len(self.card_items) * 56 + 16, center)
        self._column(rect, 150 + extra, self.card_items)

    def _card_w(self) -> int:
        """A result card's width in layout units: the panel's when it lies over the side panel."""
        if self.card_beside is None:
            return GAME_OVER_W
        return max(240, int(self.card_beside.w / self.app.ui_scale) - 8)

    def _stars(self, veil: pygame.Surface) -> None:
        """The stars under the card's title (drawn on the veil)."""
        from game.client.learn.card import star

        s = self.app.s
        r = s(STARS_H) * 0.4
        for index in range(3):
            center = (self.rect.centerx + (index - 1) * r * 2.6, self.rect.y + s(82) + s(STARS_H) / 2)
            star(veil, center, r, palette.VICTORY if index < self.card_stars else palette.EDGE_DARK)

    def _game_over_w(self) -> int:
        """The game-over card's width in layout units: wider when it shows results."""
        return max(GAME_OVER_W, self.scene.results_size()[0] + 56)
