"""The challenge screen: a tab per game and on a parchment its challenges in difficulty order, a tile each with the
stars earned, the best chance reached against the best plan's (a turn) and whether the solution was seen; the focused
challenge's title, difficulty and goal along the foot. A click (or Enter) plays it on the board."""

from __future__ import annotations

from collections.abc import Collection
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client import lettering, palette, shapes
from game.client.board.wording import counted
from game.client.i18n import Translator
from game.client.learn import start
from game.client.learn.challenge_play import challenge_key, open_challenge, percent
from game.client.learn.keys import LINE
from game.client.learn.screen import TILE_GAP, LearnScene
from game.learn.challenges import BestTurn, Challenge, WinIn, challenge_modes, read_challenges

if TYPE_CHECKING:
    from game.client.app import App

COLUMNS = 2
TILE_H = 34  # the title's tile at its tallest; the description and a gap before the next tile come under it
TILE_H_LEAST = 28  # the title's tile at its shortest (its bold title still fits)
DESCRIPTION_SIZE, DESCRIPTION_LEAST, DESCRIPTION_DROP = 15, 11, 2  # its type at most and least; its drop from the tile
STARS_W = 96  # the stars and the best score beside a tile


def description(t: Translator, challenge: Challenge) -> str:
    """A challenge in one line for the list: what it asks, read from its proof (the goal says it at length)."""
    proof = challenge.proof
    if isinstance(proof, WinIn):
        return t("challenge.line.win", moves=counted(t, "challenge.moves", proof.moves))
    goal = proof.goal
    if goal.kind == "destroy":
        return t("challenge.line.destroy", units=counted(t, "challenge.units", max(1, goal.count)))
    return t(LINE(goal.kind), cell=goal.cell)


class ChallengeScene(LearnScene):
    """The challenges of the games, with the player's best score on each."""

    OTHER = ("challenge.to_lessons", "learn")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.challenges: list[Challenge] = []
        self.descriptions: dict[str, pygame.Rect] = {}  # challenge id -> where its description was last drawn
        self.description_size = DESCRIPTION_SIZE

    def enter(self, mode: str | None = None, **context: object) -> None:
        """Open at `mode`'s challenges (the first game's by default)."""
        modes = [m for m in self.modes if m in challenge_modes()]
        self.mode = mode if isinstance(mode, str) and mode in modes else (modes or [""])[0]
        self.progress = start.progress(self.app)
        self._load()
        self._build()

    def _load(self) -> None:
        self.challenges = []
        if self.mode in challenge_modes():
            found, problems = read_challenges(self.mode)
            for problem in problems:
                self.app.notify_once(self.app.t("challenge.msg.bad_file", detail=str(problem)))
            self.challenges = found

    def open_modes(self) -> Collection[str]:
        """The games with challenges."""
        return challenge_modes()

    def closed_tip(self) -> str | None:
        """A game without challenges has its tab disabled."""
        return None

    def _build_tiles(self) -> None:
        app, s = self.app, self.app.s
        self.rows = []
        rows = max(1, -(-len(self.challenges) // COLUMNS))
        gap = s(14)
        cell_w = (self.paper.w - s(56) - (COLUMNS - 1) * gap) // COLUMNS
        # The foot of the parchment names the focused challenge; each row: the title's tile with the stars beside
        # it and the one-line description under it.
        room = self.paper.h - s(14) - s(80)  # from the first tile's top to the foot's rule
        row_h = min(s(TILE_H) + self._under(s(DESCRIPTION_SIZE)), room // rows)
        tile_h = max(s(TILE_H_LEAST), min(s(TILE_H), row_h - self._under(s(DESCRIPTION_SIZE))))
        # The description takes what the tile leaves, in smaller type when it must: the theme's gap stays clear
        # before the next tile.
        self.description_size = s(DESCRIPTION_SIZE)
        while self.description_size > DESCRIPTION_LEAST and tile_h + self._under(self.description_size) > row_h:
            self.description_size -= 1
        tile_w = cell_w - s(STARS_W)
        for index, challenge in enumerate(self.challenges):
            col, line = index // rows, index % rows  # down the first column, then the second: in order
            rect = pygame.Rect(
                self.paper.x + s(28) + col * (cell_w + gap), self.paper.y + s(14) + line * row_h, tile_w, tile_h
            )
            stars = self.progress.get(challenge_key(challenge))
            button = self.group.add(
                app.ui,
                rect,
                challenge.text("title", app.t.language),  # the title carries the challenge's number
                partial(open_challenge, app, challenge),
                object_id="#primary" if stars else "#menu_button",
            )
            self.tiles[challenge.id] = button

    def _under(self, size: int) -> int:
        """The height under a tile: the description's line at `size` and the gap before the next tile."""
        s = self.app.s
        return s(DESCRIPTION_DROP) + lettering.font(size).get_linesize() + s(TILE_GAP)

    def focused_challenge(self) -> Challenge | None:
        """The challenge whose tile has the keyboard focus (or the pointer), if any."""
        focused = self.group.focused
        return next((c for c in self.challenges if self.tiles.get(c.id) is focused), None)

    def _first_unsolved(self) -> Challenge | None:  # type: ignore[override]
        if not self.challenges:
            return None
        unsolved = (c for c in self.challenges if not self.progress.get(challenge_key(c)))
        return next(unsolved, self.challenges[0])

    def best_text(self, challenge: Challenge) -> str:
        """A tile's score line: a turn's best chance against the best plan's, else solved or seen or nothing."""
        t = self.app.t
        key = challenge_key(challenge)
        proof = challenge.proof
        chance = self.progress.chances.get(key)
        if isinstance(proof, BestTurn) and chance is not None:
            return t("challenge.best", chance=percent(self.app, chance), best=percent(self.app, proof.best))
        if not self.progress.get(key) and key in self.progress.seen:
            return t("challenge.seen")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the parchment with the tiles, each tile's stars and best score, the focused challenge."""
        app, s, t = self.app, self.app.s, self.app.t
        surface.blit(shapes.table_background(app.screen_size), (0, 0))
        lettering.heading(app, surface, t("challenge.title"), (app.screen_size[0] // 2, s(38)), 30)
        shapes.parchment(surface, self.paper, app.ui_scale)
        if not self.challenges:
            box = self.paper.inflate(-s(80), -s(80))
            lettering.wrapped_text(app, surface, t("challenge.none"), box, size=20, colour=palette.INK, align="center")
            return
        for challenge in self.challenges:
            tile = self.tiles.get(challenge.id)
            if tile is None:
                continue
            r = max(5, s(7))
            beside = pygame.Rect(tile.rect.right + s(8), tile.rect.centery - r - s(4), s(STARS_W) - s(8), 0)
            self.draw_stars(surface, beside, self.progress.get(challenge_key(challenge)), r, s(4))
            # Under the tile: the description, and the best score at the row's right end.
            best = self.best_text(challenge)
            y = tile.rect.bottom + s(DESCRIPTION_DROP)
            used = 0
            if best:
                used = lettering.text(
                    app, surface, best, (beside.right, y), size=11, colour=palette.INK_SOFT, anchor="topright"
                ).w
            line = description(app.t, challenge)
            room = beside.right - tile.rect.x - s(4) - used - s(10)
            size = lettering.fitting_size(line, room, self.description_size, [])
            self.descriptions[challenge.id] = lettering.label(
                surface, line, size, palette.INK_SOFT, topleft=(tile.rect.x + s(4), y)
            )
        self._draw_focused_challenge(surface)
        solved = sum(1 for c in self.challenges if self.progress.get(challenge_key(c)))
        text = t("challenge.total", n=solved, most=len(self.challenges))
        self.draw_total(surface, text)

    def _draw_focused_challenge(self, surface: pygame.Surface) -> None:
        """The focused challenge's number, title, difficulty and goal along the parchment's foot."""
        challenge = self.focused_challenge()
        if challenge is None:
            return
        app, s, t = self.app, self.app.s, self.app.t
        number = self.challenges.index(challenge) + 1
        language = t.language
        box = pygame.Rect(self.paper.x + s(28), self.paper.bottom - s(74), self.paper.w - s(56), s(64))
        pygame.draw.line(surface, palette.PARCHMENT_EDGE, (box.x, box.y - s(6)), (box.right, box.y - s(6)), 1)
        title = f"{number}. {challenge.text('title', language)}"
        lettering.text(app, surface, title, (box.x, box.y), size=17, bold=True, colour=palette.HEADING_INK)
        level = t("challenge.difficulty", n=challenge.difficulty)
        lettering.text(app, surface, level, (box.right, box.y), size=15, colour=palette.INK_SOFT, anchor="topright")
        goal = challenge.text("goal", language)
        lettering.wrapped_text(
            app,
            surface,
            goal,
            pygame.Rect(box.x, box.y + s(24), box.w, box.h - s(24)),
            size=15,
            colour=palette.INK_SOFT,
        )
