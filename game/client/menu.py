"""The main menu: Continue, the game modes, How to play, Settings, Quit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, saves, shapes
from game.client.game_names import mode_name, tell_save_news
from game.client.modes import MODE, MODE_BLURB, UNAVAILABLE, menu_modes, playable, scene_only, unavailable_reason
from game.client.open_game import open_unfinished
from game.client.scene import Scene
from game.client.widgets import ButtonGroup
from game.learn.lessons import course_modes
from game.learn.progress import progress_path

if TYPE_CHECKING:
    import pygame_gui

    from game.client.app import App
    from game.client.confirm import Confirm
    from game.client.play.session import GameSession

PANEL_W = 480


def progress_path_exists() -> bool:
    """True once the player has opened Learn (or earned a star): the first-start offer is over."""
    from game import userfiles

    return userfiles.exists(progress_path())


BUTTON_H = 50
GAP = 10


class MenuScene(Scene):
    """Title art on the left, a panel of buttons on the right."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup()
        self.resume_session: GameSession | None = None
        self.confirm: Confirm | None = None  # "Take this game over?" while it is asked (another window plays it)
        self.unfinished_count = 0  # unfinished games kept (shown on the Games button)
        self.games_button: pygame_gui.elements.UIButton | None = None
        self.learn_button: pygame_gui.elements.UIButton | None = None
        self.first_start = False  # no lesson progress yet: the Learn button is offered with a tag
        self.mode_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.background: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        # Text drawn every frame is rendered once per language and size (the menu redraws 60 times a second).
        self._blurbs: dict[tuple[str, str, tuple[int, int]], pygame.Surface] = {}
        self._pills: dict[tuple[str, int, palette.Colour], pygame.Surface] = {}

    # --- life cycle -------------------------------------------------------------------------------
    def enter(self, **context: object) -> None:
        """Look for the last played unfinished game, then build the buttons."""
        self.confirm = None
        self.resume_session = self._find_latest()
        self.first_start = not progress_path_exists()
        self.resize(self.app.screen_size)

    def _find_latest(self) -> GameSession | None:
        """The last played unfinished game this version can resume; those that do not load are set aside, and
        every kept game it cannot play is told once."""
        app = self.app
        games = saves.unfinished()
        for game in games:
            if not game.playable:
                # Kept for the version that can play it: a new game never replaces it.
                app.notify_once(app.t("msg.autosave_unplayable", mode=mode_name(app.t, game.mode), path=str(game.path)))
        found = None
        for game in games:
            if game.playable:
                found = self._resume(game)
                if found is not None:
                    break
        self.unfinished_count = len(saves.unfinished())  # read again: a finished or broken one is gone by now
        tell_save_news(app)
        return found

    def _resume(self, game: saves.Unfinished) -> GameSession | None:
        """`game` as a session ready to continue; None when it does not load (set aside) or turns out finished."""
        from game.client.play.session import GameSession  # imported here: it loads the AI, not needed to draw the menu

        try:
            session = GameSession.resume(game)
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild means the save is unusable
            saves.report_problem(game.path, f"{game.path}: {exc}")
            return None
        if session.is_over:
            # A finished game leaves nothing to continue: this removes its file and keeps its record (or says once
            # why it cannot).
            problem = session.save()
            if problem:
                key = "msg.autosave_failed" if session.record_path else "msg.record_failed"
                self.app.notify_once(self.app.t(key, detail=problem))
            return None
        return session

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the menu out for `size`."""
        self.background = None
        self._build()
        if self.confirm is not None and self.confirm.open:
            self.confirm.build()

    # --- layout -------------------------------------------------------------------------------------
    def _build(self) -> None:
        app, t, s = self.app, self.app.t, self.app.s
        w, h = app.screen_size
        self.buttons.clear()
        self.mode_buttons.clear()
        items: list[tuple[str, Callable[[], object], str, bool, str]] = []  # text, callback, object id, enabled, key
        if self.resume_session is not None:
            mode_name = t(MODE(self.resume_session.mode))
            items.append((f"{t('menu.continue')} · {mode_name}", self.continue_game, "#primary", True, "continue"))
        for mode in menu_modes():
            items.append((t(MODE(mode)), partial(self.new_game, mode), "#mode_button", playable(mode), mode))
        items.append((t("menu.online"), self.open_online, "#menu_button", True, "online"))
        items.append((t("menu.learn"), self.open_learn, "#menu_button", bool(course_modes()), "learn"))
        items.append((t("menu.games"), self.open_games, "#menu_button", True, "games"))
        items.append((t("menu.howto"), self.how_to_play, "#menu_button", True, "howto"))
        items.append((t("menu.settings"), self.open_settings, "#menu_button", True, "settings"))
        items.append((t("menu.quit"), self.app.quit, "#menu_button", True, "quit"))
        # Extra space before the modes and before the utilities, to group them visibly.
        groups = 2 if self.resume_session is not None else 1
        # Buttons give up a little height when they would not all fit the window.
        room = h / app.ui_scale - 2 * 34 - groups * 18 - (len(items) - 1) * GAP - 24
        button_h = max(36, min(BUTTON_H, int(room / len(items))))
        inner = len(items) * button_h + (len(items) - 1) * GAP + groups * 18
        panel_h = inner + 2 * 34
        pw, ph = s(PANEL_W), s(panel_h)
        cx = int(w * 0.71)
        self.panel_rect = pygame.Rect(cx - pw // 2, (h - ph) // 2, pw, ph)
        y = self.panel_rect.y + s(34)
        x = self.panel_rect.x + s(34)
        bw = pw - s(68)
        for index, (text, callback, object_id, enabled, key) in enumerate(items):
            if index > 0 and items[index - 1][4] in ("continue", menu_modes()[-1]):
                y += s(18)
            rect = pygame.Rect(x, y, bw, s(button_h))
            tooltip = t(MODE_BLURB(key)) if key in menu_modes() else None
            button = self.buttons.add(
                app.ui, rect, text, callback, enabled=enabled, object_id=object_id, tooltip=tooltip
            )
            if key in menu_modes():
                self.mode_buttons[key] = button
            elif key == "games":
                self.games_button = button
            elif key == "learn":
                self.learn_button = button
            y += s(button_h + GAP)
        self.buttons.move(1)

    def _render_background(self) -> pygame.Surface:
        app, t, s = self.app, self.app.t, self.app.s
        size = app.screen_size
        bg = shapes.table_background(size).copy()
        left_cx = int(size[0] * 0.3)
        shapes.title_dice(app, bg, (left_cx, int(size[1] * 0.3)), s(86))
        title = t("app.title")
        font = app.fonts.get(s(92), True)
        for offset, colour in ((s(5), palette.TITLE_SHADOW), (0, palette.PARCHMENT)):
            image = font.render(title, True, colour)
            if offset:
                image.set_alpha(150)
            bg.blit(image, image.get_rect(center=(left_cx + offset, int(size[1] * 0.53) + offset)))
        tag_rect = lettering.text(
            app,
            bg,
            t("app.tagline"),
            (left_cx, int(size[1] * 0.53) + s(64)),
            size=24,
            colour=palette.BRASS,
            anchor="center",
            shadow=True,
        )
        y = tag_rect.bottom + s(14)
        pygame.draw.line(bg, palette.BRASS_DARK, (left_cx - s(120), y), (left_cx + s(120), y), max(1, s(2)))
        for dx in (-s(132), s(132)):
            pygame.draw.circle(bg, palette.BRASS, (left_cx + dx, y), max(2, s(3)))
        lettering.text(
            app, bg, t("menu.keys"), (s(24), size[1] - s(18)), size=14, colour=palette.MUTED, anchor="bottomleft"
        )
        shapes.panel(bg, self.panel_rect, app.ui_scale)
        return bg

    # --- actions ------------------------------------------------------------------------------------
    def continue_game(self) -> None:
        """Resume the autosaved game exactly where it stopped."""
        session = self.resume_session
        if session is None:
            return
        self.confirm = open_unfinished(self.app, session)

    def new_game(self, mode: str) -> None:
        """Open the new-game dialog for `mode`."""
        reason = unavailable_reason(mode)
        if reason:
            self.app.notify(self.app.t(UNAVAILABLE(reason), mode=self.app.t(MODE(mode))))
            return
        if mode in scene_only():
            self.app.goto(mode)  # nothing to set up first
            return
        self.app.goto("new_game", mode=mode)

    def how_to_play(self) -> None:
        """The rules screen, starting at the focused (or first) mode."""
        self.app.goto("howto", mode=self.focused_mode() or menu_modes()[0])

    def open_learn(self) -> None:
        """The lessons."""
        self.app.goto("learn")

    def open_online(self) -> None:
        """Play online: host a game or join one."""
        self.app.goto("online")

    def open_games(self) -> None:
        """The unfinished and finished games."""
        self.app.goto("games")

    def open_settings(self) -> None:
        """The settings screen."""
        self.app.goto("settings")

    def focused_mode(self) -> str | None:
        """The mode whose button has the keyboard focus, if any."""
        focused = self.buttons.focused
        for mode, button in self.mode_buttons.items():
            if button is focused:
                return mode
        return None

    # --- frame --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Buttons by mouse or keyboard; a click on a mode that cannot be played yet says why."""
        if self.confirm is not None and self.confirm.open:
            self.confirm.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for mode, button in self.mode_buttons.items():
                if not button.is_enabled and button.rect.collidepoint(event.pos):
                    self.new_game(mode)
                    return
        self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The cached table, title and panel, plus the focused mode's description."""
        if self.background is None or self.background.get_size() != self.app.screen_size:
            self.background = self._render_background()
        surface.blit(self.background, (0, 0))
        mode = self.focused_mode()
        if mode is not None:
            w, h = self.app.screen_size
            blurb = self._blurb(mode)
            surface.blit(blurb, blurb.get_rect(midtop=(int(w * 0.3), int(h * 0.53) + self.app.s(104))))

    def _blurb(self, mode: str) -> pygame.Surface:
        """The mode's one-line description, wrapped and centred under the title (cached)."""
        key = (mode, self.app.t.language, self.app.screen_size)
        image = self._blurbs.get(key)
        if image is None:
            rect = pygame.Rect(0, 0, self.app.s(460), self.app.s(60))
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            bottom = lettering.wrapped_text(
                self.app,
                image,
                self.app.t(MODE_BLURB(mode)),
                rect,
                size=18,
                colour=palette.PARCHMENT_DARK,
                align="center",
            )
            image = image.subsurface((0, 0, rect.w, min(rect.h, max(1, bottom)))).copy()
            self._blurbs[key] = image
        return image

    def _pill(self, text: str, fill: palette.Colour = palette.BRASS_DARK) -> pygame.Surface:
        """A tag on a button ('coming soon', the count of unfinished games) as an image (cached per text, size and
        colour)."""
        s = self.app.s
        key = (text, s(100), fill)
        image = self._pills.get(key)
        if image is None:
            label = self.app.fonts.get(s(13), True).render(text, True, palette.PANEL)
            pill = label.get_rect().inflate(s(16), s(6))
            image = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(image, fill, image.get_rect(), border_radius=pill.h // 2)
            image.blit(label, label.get_rect(center=image.get_rect().center))
            self._pills[key] = image
        return image

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Mode emblems on the mode buttons and a 'coming soon' tag on the unplayable ones."""
        s = self.app.s
        for mode, button in self.mode_buttons.items():
            rect = button.rect
            emblem = shapes.emblem_image(mode, s(30), button.is_enabled)
            surface.blit(emblem, emblem.get_rect(center=(rect.x + s(28), rect.centery)))
            if not button.is_enabled:
                pill = self._pill(self.app.t("menu.coming_soon").upper())
                surface.blit(pill, pill.get_rect(midright=(rect.right - s(12), rect.centery)))
        learn = self.learn_button
        if learn is not None and self.first_start and learn.is_enabled:
            pill = self._pill(self.app.t("menu.learn.new").upper(), palette.GAIN)
            surface.blit(pill, pill.get_rect(midright=(learn.rect.right - s(12), learn.rect.centery)))
        games = self.games_button
        if games is not None and self.unfinished_count:
            pill = self._pill(self.app.t("menu.unfinished_count", n=self.unfinished_count), palette.BRASS)
            surface.blit(pill, pill.get_rect(midright=(games.rect.right - s(12), games.rect.centery)))
