"""The move log in the Kubtafl panel: its entries, the last action it records, and scrolling it by wheel or drag.

`MoveLogScroll` is a mixin of `KubtaflScene`; the panel's geometry and drawing are in `panel`.
"""

from __future__ import annotations

import pygame

from game.client.kubtafl.actions import notation_parts
from game.client.kubtafl.model import SIDES
from game.client.kubtafl.panel import clamp_log_top, log_lines


class MoveLogScroll:
    """Where the log is scrolled to, and a drag of it in progress."""

    log_top: int | None  # first log line shown; None follows the newest move
    log_drag: tuple[str, int, int] | None  # ("thumb" or "content", start y, start line)
    pointer: tuple[int, int] | None  # the last pointer position (a wheel event has none)

    def log_entries(self) -> list[str]:
        """The log as the panel's two columns show it: Light's column of line 1 holds '…' when Dark began."""
        s = self.session
        if s is None:
            return []
        return ["…", *s.log] if s.actors and s.actors[0] == 1 else list(s.log)

    def last_action(self) -> tuple[str, str, str] | None:
        """The cells of the last action on the log and the side that played it: (from, to, side), or None."""
        s = self.session
        if s is None or not s.log or not s.actors or s.actors[-1] < 0:
            return None
        parts = notation_parts(s.state, s.log[-1])
        if parts is None:
            return None
        return parts.src, parts.dst, SIDES[s.actors[-1]]

    def _log_total(self) -> int:
        return len(log_lines(self.log_entries()))

    def scroll_log(self, lines: int) -> None:
        """Scroll the move log by `lines` (negative = back to older moves); at the bottom it follows again."""
        total = self._log_total()
        top = clamp_log_top(self.panel, total, self.log_top) + lines
        last_page = clamp_log_top(self.panel, total, None)
        self.log_top = None if top >= last_page else max(0, top)

    def _log_event(self, event: pygame.event.Event) -> bool:
        """Wheel over the log, or a drag of its content or scroll bar, any time; True when used."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pointer or pygame.mouse.get_pos()
            if self.panel.log.collidepoint(pos):
                self.scroll_log(-int(event.y))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.log.collidepoint(event.pos):
            top = clamp_log_top(self.panel, self._log_total(), self.log_top)
            thumb = self.panel.log_thumb(self._log_total(), top)
            on_bar = thumb is not None and self.panel.log_track().inflate(self.panel.unit, 0).collidepoint(event.pos)
            self.log_drag = ("thumb" if on_bar else "content", event.pos[1], top)
            return True
        if event.type == pygame.MOUSEMOTION and self.log_drag is not None and not getattr(event, "buttons", (1,))[0]:
            self.log_drag = None  # the button came up where we did not see it (over a dialog, outside the window)
        if event.type == pygame.MOUSEMOTION and self.log_drag is not None:
            how, start_y, start_top = self.log_drag
            total = self._log_total()
            if how == "thumb":
                track = self.panel.log_track()
                thumb = self.panel.log_thumb(total, start_top)
                span = max(1, track.h - (thumb.h if thumb else 0))
                lines = round((event.pos[1] - start_y) * max(0, total - self.panel.log_rows) / span)
            else:
                # Content follows the pointer: dragging down shows older moves.
                lines = -round((event.pos[1] - start_y) / self.panel.log_line)
            self.log_top = start_top
            self.scroll_log(lines)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log_drag is not None:
            self.log_drag = None
            return True
        return False
