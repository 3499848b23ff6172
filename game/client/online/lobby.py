"""Play online: Host a game (one button per mode, opening the host's dialog) or Join one (a name, the server's
address and the join code; then a free seat to take, or Watch)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.client import gui, lettering, palette, saves, shapes
from game.client.confirm import Confirm
from game.client.modes import MODE, board_modes
from game.client.open_game import open_unfinished
from game.client.play.seats import HUMAN, NAME_LIMIT, clean_name
from game.client.scene import Scene
from game.client.widgets import ButtonGroup
from game.online import protocol as P
from game.online.client import ClientConfig, Joined, SeatPresence, ThreadedMatchClient

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.settings import Settings

PANEL_W, PANEL_H = 1000, 600
RULES_H = 40  # the agreed rules' two lines under the match found, above its seats
#: How long finding a game may take before the screen says the server cannot be reached.
LOOKUP_SECONDS = 10.0


def remembered(settings: Settings, key: str) -> str:
    """A Play online field as last used ('name', 'url' to join, 'server' to host on); '' when none was kept."""
    value = settings.online.get(key)
    return value if isinstance(value, str) else ""


def remember(app: App, **fields: str) -> None:
    """Keep Play online's fields in the settings (saved at once: the next run offers them again)."""
    app.settings.online.update(fields)
    app.save_settings()


def saved_game(code: str) -> saves.Unfinished | None:
    """This data folder's unfinished online game of the match `code` that holds a seat's token, if any."""
    for game in saves.unfinished():
        link = game.session.get("online")
        if isinstance(link, dict) and link.get("code") == code and saved_seats(game):
            return game
    return None


def saved_seats(game: saves.Unfinished | None) -> set[int]:
    """The seats whose tokens a saved online game keeps (it may come back to them)."""
    link = game.session.get("online") if game is not None else None
    seats = link.get("seats") if isinstance(link, dict) else None
    if not isinstance(seats, list):
        return set()
    return {
        seat
        for item in seats
        if isinstance(item, dict) and isinstance(seat := item.get("seat"), int) and isinstance(item.get("token"), str)
    }


def ws_url(text: str) -> str:
    """A server's address as typed, with the websocket scheme when none is given ('host:port' -> 'ws://host:port')."""
    text = text.strip()
    return text if "://" in text else f"ws://{text}"


class OnlineScene(Scene):
    """Host or join a game on a match server."""

    #: The address offered before any was used.
    default_url = "ws://127.0.0.1:8765"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup()
        self.mode_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.seat_buttons: dict[pygame_gui.elements.UIButton, int | None] = {}
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.url_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.code_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.looking: ThreadedMatchClient | None = None
        self.found: dict[str, object] | None = None  # the match found (its `joined` description)
        self.saved: saves.Unfinished | None = None  # this data folder's unfinished game of the match found
        self.confirm: Confirm | None = None  # asked before taking a game over from another copy
        self.seats: tuple[SeatPresence, ...] = ()
        self.rules = ""  # the agreed rules of the match found, in words (see `rules_words`)
        self.message = ""
        self.error = False
        self.texts = {"name": "", "url": "", "code": ""}

    # --- life cycle -------------------------------------------------------------------------------
    def enter(self, **context: object) -> None:
        """Open with the address and name last used (kept in the settings)."""
        settings = self.app.settings
        self.texts = {
            "name": remembered(settings, "name"),
            "url": remembered(settings, "url") or self.default_url,
            "code": "",
        }
        self.found, self.seats, self.message, self.error = None, (), "", False
        self.saved, self.confirm, self.rules = None, None, ""
        self.name_entry = self.url_entry = self.code_entry = None  # a past visit's fields (its code) are not kept
        self._build()

    def leave(self) -> None:
        """Stop looking."""
        self._stop_looking()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again (with the open question, if any)."""
        self._build()
        if self.confirm is not None and self.confirm.open:
            self.confirm.build()

    def _keep_texts(self) -> None:
        for key, entry in (("name", self.name_entry), ("url", self.url_entry), ("code", self.code_entry)):
            if entry is not None:
                self.texts[key] = entry.get_text()

    def _build(self) -> None:
        app, s, t = self.app, self.app.s, self.app.t
        self._keep_texts()
        gui.reset(app.ui)
        self.buttons.clear()
        self.mode_buttons = {}
        self.seat_buttons = {}
        w, h = app.screen_size
        self.panel_rect = pygame.Rect(0, 0, min(w - s(20), s(PANEL_W)), min(h - s(20), s(PANEL_H)))
        self.panel_rect.center = (w // 2, h // 2)
        r = self.panel_rect
        half = r.w // 2
        # Host: one button per mode.
        x, y, bw = r.x + s(40), r.y + s(140), half - s(70)
        for mode in board_modes():
            self.mode_buttons[mode] = self.buttons.add(
                app.ui,
                pygame.Rect(x, y, bw, s(48)),
                t("online.host.mode", mode=t(MODE(mode))),
                partial(app.goto, "online_host", mode=mode),
                object_id="#mode_button",
            )
            y += s(58)
        # Join: name, address, code, Find.
        jx, jw = r.x + half + s(30), half - s(70)
        y = r.y + s(140)
        label_w = s(120)
        self.name_entry = self._entry(pygame.Rect(jx + label_w, y, jw - label_w, s(38)), "name", NAME_LIMIT)
        y += s(46)
        self.url_entry = self._entry(pygame.Rect(jx + label_w, y, jw - label_w, s(38)), "url", 200)
        y += s(46)
        self.code_entry = self._entry(pygame.Rect(jx + label_w, y, jw - label_w, s(38)), "code", 12)
        y += s(50)
        self.buttons.add(app.ui, pygame.Rect(jx, y, jw, s(44)), t("online.join.find"), self.find, object_id="#primary")
        y += s(54 + 32)
        if self.found is not None:
            y += s(RULES_H)  # the match's agreed rules, drawn under the message
            mine = saved_seats(self.saved)
            for p in self.seats:
                if p.seat in mine:  # this data folder keeps the seat's token: come back to it
                    text = t("online.join.mine", n=p.seat + 1, name=p.name)
                elif p.claimed:
                    text = t("online.join.seat", n=p.seat + 1, name=p.name)
                else:
                    text = t("online.join.free", n=p.seat + 1, side=self._side(p.seat))
                button = self.buttons.add(
                    app.ui,
                    pygame.Rect(jx, y, jw, s(32)),
                    text,
                    partial(self.back_to if p.seat in mine else self.take, p.seat),
                    enabled=p.seat in mine or not p.claimed,
                    object_id="#menu_button",
                )
                self.seat_buttons[button] = p.seat
                y += s(38)
            watch = self.buttons.add(
                app.ui, pygame.Rect(jx, y, jw, s(32)), t("online.join.watch"), self.watch, object_id="#menu_button"
            )
            self.seat_buttons[watch] = None
        self.buttons.add(
            app.ui,
            pygame.Rect(r.x + s(40) + (half - s(70) - s(220)) // 2, r.bottom - s(66), s(220), s(48)),
            t("newgame.back"),
            self.go_back,
            object_id="#menu_button",
        )

    def _entry(self, rect: pygame.Rect, key: str, limit: int) -> pygame_gui.elements.UITextEntryLine:
        placeholder = {"name": "", "url": "ws://192.168.1.5:8765", "code": "······"}[key]
        entry = pygame_gui.elements.UITextEntryLine(rect, self.app.ui, placeholder_text=placeholder)
        entry.set_text_length_limit(limit)
        if self.texts[key]:
            entry.set_text(self.texts[key])
        return entry

    def _side(self, seat: int) -> str:
        """The name the mode gives a seat."""
        from game.client.game_names import default_seat_name

        found = self.found or {}
        return default_seat_name(self.app.t, str(found.get("mode", "")), str(found.get("level", "")), seat)

    # --- actions ------------------------------------------------------------------------------------
    def find(self) -> None:
        """Look the code up on the server (as a watcher): the seats it has, free or taken."""
        self._keep_texts()
        t = self.app.t
        code = self.texts["code"]
        url = ws_url(self.texts["url"])
        if not P.valid_code(code):
            self.message, self.error = t("online.join.bad_code"), True
            return
        self._stop_looking()
        self.found, self.seats, self.rules = None, (), ""
        self.texts["url"] = url
        remember(self.app, url=url, **({"name": self.texts["name"]} if clean_name(self.texts["name"]) else {}))
        self.looking = ThreadedMatchClient(ClientConfig(url, code, give_up_after=LOOKUP_SECONDS)).start()
        self.message, self.error = t("online.join.looking"), False
        self._build()

    def _stop_looking(self) -> None:
        if self.looking is not None:
            self.looking.close(timeout=2.0)
            self.looking = None

    def back_to(self, seat: int) -> None:
        """Resume the saved game that holds `seat` of the match found, at the address given now (its server may
        have moved: a host whose port was taken says so and passes on the new address)."""
        from game.client.play.online import OnlineSession
        from game.client.play.session import GameSession

        game = self.saved
        if game is None:
            return
        self._keep_texts()
        t = self.app.t
        try:
            session = GameSession.resume(game)
        except (KeyError, TypeError, ValueError) as exc:
            self.message, self.error = t("online.join.failed", detail=str(exc)), True
            return
        if not isinstance(session, OnlineSession) or not session.own(seat):
            return
        session.link.url = ws_url(self.texts["url"])
        remember(self.app, url=session.link.url)
        self._stop_looking()
        self.confirm = open_unfinished(self.app, session)

    def take(self, seat: int) -> None:
        """Join the match at `seat` and open its board."""
        self._open({seat: HUMAN}, seat)

    def watch(self) -> None:
        """Watch the match."""
        self._open({}, None)

    def _open(self, kinds: dict[int, str], seat: int | None) -> None:
        from game.client.play.online import OnlineLink, OnlineSession

        found = self.found
        if found is None:
            return
        self._keep_texts()
        name = clean_name(self.texts["name"]) or self.app.t("newgame.player", n=(seat or 0) + 1)
        remember(
            self.app, url=self.texts["url"], **({"name": self.texts["name"]} if clean_name(self.texts["name"]) else {})
        )
        count = int(str(found.get("num_players", 2)))
        names = [name if s == seat else "" for s in range(count)]
        options = found.get("options")
        link = OnlineLink(ws_url(self.texts["url"]), P.normal_code(self.texts["code"]), kinds=kinds)
        self._stop_looking()
        session = OnlineSession(
            str(found["mode"]),
            str(found["level"]),
            link,
            count,
            names,
            {str(k): int(v) for k, v in options.items()} if isinstance(options, dict) else None,
            found.get("seed") if isinstance(found.get("seed"), int) else None,  # type: ignore[arg-type]
            autosave=seat is not None,  # a watched game is not the player's to resume
        )
        session.save()
        self.app.goto(session.mode, session=session)

    def _found_words(self) -> str:
        """'CheckRisk · Duel on 8×8: take a free seat or watch.'"""
        from game.client.game_names import mode_name, setup_title

        found = self.found or {}
        mode, level = str(found.get("mode", "")), str(found.get("level", ""))
        t = self.app.t
        return t("online.join.found", mode=mode_name(t, mode), level=setup_title(mode, level, t.language))

    def rules_words(self) -> str:
        """The agreed rules of the match found, every number as agreed ('Agreed rules: Starting tokens 30 · …'); ''
        for a game without any, or before a match is found."""
        from game import userfiles
        from game.client.new_game import chosen_rules

        found = self.found
        if found is None:
            return ""
        mode, level, options = str(found.get("mode", "")), str(found.get("level", "")), found.get("options")
        try:
            game = userfiles.load_game(mode, level)
        except (KeyError, ValueError):
            return ""  # a mode or level this copy lacks: the seats still say who plays
        chosen = {str(k): v for k, v in options.items() if isinstance(v, int)} if isinstance(options, dict) else {}
        return chosen_rules(self.app.t, mode, game.options(), chosen)

    def go_back(self) -> None:
        """Back to the main menu."""
        self.app.goto("menu")

    # --- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Read the lookup's answer: the match and its seats, or why it cannot be joined."""
        looking = self.looking
        if looking is None:
            return
        t = self.app.t
        for event in looking.poll():
            if isinstance(event, Joined):
                self.found = dict(event.match)
                self.saved = saved_game(str(self.found.get("code", "")))
        if self.found is not None and looking.presence:
            self.seats = looking.presence
            self.message, self.error, self.rules = self._found_words(), False, self.rules_words()
            self._stop_looking()
            self._build()
        elif looking.status == "gone":
            self.message, self.error = t("online.join.failed", detail=looking.error or t("online.conn.gone")), True
            self._stop_looking()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Each mode's emblem on its Host button."""
        s = self.app.s
        for mode, button in self.mode_buttons.items():
            emblem = shapes.emblem_image(mode, s(30))
            surface.blit(emblem, emblem.get_rect(center=(button.rect.x + s(28), button.rect.centery)))

    def wake_in(self) -> float | None:
        """A few times a second while the server is asked."""
        return 0.1 if self.looking is not None else None

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Enter in a field finds the game; Esc goes back."""
        if self.confirm is not None and self.confirm.open:
            self.confirm.handle(event)  # another copy of the game plays the saved game: take it over?
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (self.url_entry, self.code_entry):
            self.find()
            return
        typing = any(e is not None and e.is_focused for e in (self.name_entry, self.url_entry, self.code_entry))
        if typing and event.type == pygame.KEYDOWN:
            return  # Enter ends the field's text (finding the game), it does not press a button
        self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the panel, its two halves' headings and labels, and the lookup's message."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        r = self.panel_rect
        shapes.panel(surface, r, app.ui_scale)
        lettering.heading(app, surface, t("online.title"), (r.centerx, r.y + s(44)), 30)
        half = r.w // 2
        lettering.text(app, surface, t("online.host.heading"), (r.x + s(40), r.y + s(100)), size=22, bold=True)
        lettering.text(app, surface, t("online.join.heading"), (r.x + half + s(30), r.y + s(100)), size=22, bold=True)
        note = pygame.Rect(r.x + s(40), r.y + s(140) + len(board_modes()) * s(58) + s(6), half - s(70), s(120))
        lettering.wrapped_text(app, surface, t("online.host.note"), note, size=14, colour=palette.MUTED)
        jx = r.x + half + s(30)
        for i, key in enumerate(("online.join.name", "online.join.address", "online.join.code")):
            lettering.text(app, surface, t(key), (jx, r.y + s(159) + i * s(46)), size=17, anchor="midleft")
        if self.message:
            box = pygame.Rect(jx, r.y + s(140 + 2 * 46 + 50 + 50), half - s(70), s(30))
            colour = palette.ERROR if self.error else palette.PARCHMENT_DARK
            bottom = lettering.wrapped_text(app, surface, self.message, box, size=15, colour=colour)
            if self.rules and self.seats:
                box = pygame.Rect(jx, max(bottom, box.bottom), half - s(70), s(RULES_H))
                lettering.wrapped_text(app, surface, self.rules, box, size=14, colour=palette.PARCHMENT)
