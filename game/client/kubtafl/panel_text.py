"""What the Kubtafl side panel says: whose turn and which seat, the level, the removed rows, the log, the status line.

`PanelText` is a mixin of `KubtaflScene`; it gathers a `PanelInfo` and has `panel.draw_dynamic` render it.
"""

from __future__ import annotations

import pygame

from game.client.kubtafl.model import SIDES
from game.client.kubtafl.panel import PanelInfo, PanelLayout, draw_dynamic


class PanelText:
    """The panel's changing part, cached as an image until what it shows changes."""

    panel_cut: list[str]  # panel texts that did not fit on the last frame (none expected)
    _panel_image: pygame.Surface | None
    _panel_key: object

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's changing part, re-rendered only when what it shows changes (or while the AI thinks)."""
        info = self._panel_info()
        # The thinking spinner turns every frame; otherwise the text stays put for many frames.
        key = (self.panel.rect, repr(info), round(self.time * 30) if info.thinking else None)
        if self._panel_key != key or self._panel_image is None:
            rect = self.panel.rect
            image = self._static_surface().subsurface(rect).copy()
            # The same layout with its origin at the panel's corner draws straight onto the panel image.
            self.panel_cut = draw_dynamic(image, PanelLayout(rect.move(-rect.x, -rect.y)), info, self.time)
            self._panel_image = image
            self._panel_key = key
        surface.blit(self._panel_image, self.panel.rect.topleft)

    def _panel_info(self) -> PanelInfo:
        t = self.app.t
        s = self.session
        # While an action plays out, the card still shows the side that made it.
        busy = self.queue.busy
        to_move = self.model.to_move if s is None or s.current_seat < 0 or busy else SIDES[s.current_seat]
        seat_text = seat_short = ""
        thinking = False
        if s is not None and s.current_seat >= 0 and not busy:
            seat = s.current_seat
            if s.seat_kind(seat) == "human":
                seat_text = t("kubtafl.seat.you") if s.seats.count("human") == 1 else t("kubtafl.seat.human")
            else:
                # An AI seat to act on an idle board is thinking, or starts to on this frame.
                level = t(f"kubtafl.level.{s.seat_level(seat)}")
                thinking = True
                seat_text = t("kubtafl.seat.thinking", level=level)
                seat_short = t("kubtafl.seat.ai", level=level)
        over = bool(s and s.is_over and not busy)
        turn_text = t("kubtafl.to_move", side=t(f"kubtafl.side.{to_move}"))
        if over:
            # The card names the result with the winner's d20: the dialog may be closed, the board stays.
            outcome = s.outcome
            if outcome is not None and outcome.winner is not None:
                to_move = SIDES[outcome.winner]
                turn_text = t("kubtafl.winner.side", side=t(f"kubtafl.side.{to_move}"))
            else:
                turn_text = t("gameover.draw")
            seat_text = t("kubtafl.game_over")
        return PanelInfo(
            title=t("mode.kubtafl"),
            subtitle=self._level_title(),
            to_move=to_move,
            turn_text=turn_text,
            seat_text=seat_text,
            seat_short=seat_short,
            thinking=thinking and not over,
            over=over,
            pools=self.model.removed,
            pool_labels={side: t("kubtafl.removed", side=t(f"kubtafl.side.{side}")) for side in SIDES},
            pool_active=to_move if self.accepting_input and self.index.reentries else None,
            pool_selected=self.reentry_kind or self._hint_reentry_kind(),
            log=self.log_entries(),
            log_title=t("kubtafl.log"),
            status=self._status_text(),
            keys=t("kubtafl.keys"),
            log_top=self.log_top,
        )

    def _level_title(self) -> str:
        """The level's title in the interface language (English when it has none in that language)."""
        s = self.session
        if s is None:
            return ""
        title = s.game.level_data.get("title")
        if isinstance(title, dict):
            return str(title.get(getattr(self.app.settings, "language", "en")) or title.get("en", ""))
        if isinstance(title, str):
            return title
        return ""

    def _status_text(self) -> str:
        t = self.app.t
        s = self.session
        if s is None:
            return ""
        if s.is_over:
            return t("kubtafl.status.over")
        if self.queue.busy:
            return t("kubtafl.status.animating")
        if s.is_ai_turn:
            return t("kubtafl.status.ai")
        if s.hinting:
            return t("kubtafl.status.hinting")
        if self.preview is not None and self.preview.winners and len(self.preview.winners) == 1 and \
                self.preview.winners[0] == s.current_seat:
            return t("kubtafl.status.wins_now")
        if self.hint_text:
            return self.hint_text
        if self.reentry_kind:
            more = len(self.index.reentries) > 1
            return t("kubtafl.status.reentry_more" if more else "kubtafl.status.reentry", die=self.reentry_kind)
        if self.selected:
            die = self.model.dice.get(self.selected)
            return t("kubtafl.status.selected", die=f"{die.kind} ({die.value})" if die else self.selected)
        if self.status_note:
            return self.status_note
        if not self.index.moves and self.index.reentries:
            return t("kubtafl.status.lonely")
        return t("kubtafl.status.pick")
