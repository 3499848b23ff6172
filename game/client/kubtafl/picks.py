"""What the pointer and keys pick on the Kubtafl board: a die and its target, a transfer's amount (the chooser), a
removed die's re-entry; and the move preview of what is hovered.

Pointer: a press selects an own die (and grabs it, so a drag can start) or plays the selected die's target;
dragging a die onto a target plays it, onto a neighbour of its side opens the transfer chooser; a press and
release on the selected die drops it; the '+' badges open a transfer; a die in the removed row starts a
re-entry. Keys: arrows move a cursor, Enter acts on it, Tab cycles the dice that can act, T gives to the cursor's
die (or, with the cursor on the selected die, offers all it can give), R picks the next removed die that can come
back, V marks the own dice the other side can hit next turn. Hovering or clicking an enemy die shows its reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.board.chooser import Option as ChooserOption
from game.client.board.input import Arrow, Confirm, Drag, Hover, Intent, Key, Press, Release, Tab, step_cursor
from game.client.board.layout import cell_name, cell_xy
from game.client.kubtafl.actions import ActionIndex, Option
from game.client.kubtafl.model import SIDES, BoardModel
from game.client.kubtafl.preview import Preview, build_preview
from game.client.kubtafl.threats import Threats, read_threats
from game.engine.kubtafl import KubtaflState

if TYPE_CHECKING:
    from game.client.board.services import BoardServices
    from game.client.kubtafl.pools import RemovedPools


class KubtaflPicks:
    """Selected die or re-entering kind, hover and keyboard cursor, and the shown preview."""

    def __init__(self, board: BoardServices) -> None:
        self.board = board
        self.index = ActionIndex()
        self.badges: list[tuple[str, pygame.Rect]] = []  # transfer badges as last drawn: (recipient, rect)
        self.show_threats = False  # V: mark every own die the other side can damage next turn
        self._threats: Threats | None = None  # read for the current position when first asked
        self.reset()

    def reset(self) -> None:
        """Drop every pick."""
        self.selected: str | None = None  # the own die whose targets are marked
        self.reentry_kind: str | None = None  # the removed die being brought back
        self.hover: str | None = None  # the cell under the pointer or the keyboard cursor
        self.hover_badge: str | None = None  # the recipient whose transfer badge is hovered
        self.cursor: tuple[int, int] | None = None  # the keyboard cursor, None while the mouse leads
        self.inspected: str | None = None  # the enemy die a click picked to show its reach
        self.deselect_on_release = False  # a press on the selected die drops it when released in place
        self.preview: Preview | None = None
        self.preview_text = ""  # the action `preview` shows
        self.preview_cache: dict[str, Preview] = {}
        self.badges = []

    def rebuild(self, state: KubtaflState, human: bool) -> None:
        """The legal actions of a new position (none while the computer is to act)."""
        self.index = ActionIndex.build(state) if human else ActionIndex()
        self.preview_cache = {}
        self._threats = None

    # ----- the other side's next turn -----
    def threats(self) -> Threats:
        """What the other side could do next turn (read from the engine once per position)."""
        if self._threats is None:
            s = self.board.session
            state = s.state if s is not None else None
            self._threats = read_threats(state) if isinstance(state, KubtaflState) else Threats()
        return self._threats

    def reach_cell(self) -> str | None:
        """The enemy die whose reach is shown: the hovered one (unless the selected die can hit it: then its
        preview shows), else the one a click picked."""
        hover = self.hover
        if (
            hover is not None
            and self.hover_badge is None
            and self._is_enemy(hover)
            and not (self.selected and hover in self.index.targets(self.selected))
        ):
            return hover
        return self.inspected if self.inspected is not None and self._is_enemy(self.inspected) else None

    def _is_enemy(self, cell: str) -> bool:
        die = self.model.dice.get(cell)
        return die is not None and die.side != self.own_side()

    @property
    def model(self) -> BoardModel:
        """The drawing model the board shows."""
        return self.board.model_as(BoardModel)

    def own_side(self) -> str:
        """The side to act."""
        s = self.board.session
        return SIDES[s.current_seat] if s and s.current_seat >= 0 else "light"

    # ----- what can be picked -----
    def clickable_dice(self) -> set[str]:
        """Own dice a click does something with: those that move, hit or give, and when nothing can move (a lonely
        d20, K15) the dice that can lend a re-entering die its value."""
        cells = self.index.dice_with_actions()
        if not self.index.moves:
            cells |= self.reentry_donors()
        return cells

    def reentry_donors(self, kind: str | None = None) -> set[str]:
        """The cells whose die can give a re-entering die (of `kind`, or of any kind) its value."""
        kinds = [kind] if kind is not None else list(self.index.reentries)
        return {opt.donor for k in kinds for opts in self.index.reentries.get(k, {}).values() for opt in opts}

    def returnable_kinds(self) -> list[str]:
        """The own removed dice (in pool order) that can come back now."""
        return [k for k in self.model.removed.get(self.own_side(), []) if k in self.index.reentries]

    # ----- pointer -----
    def pointer(self, intent: Intent, pools: RemovedPools) -> bool:
        """A pointer intent; True when a press grabbed a die (a drag may start from it)."""
        if isinstance(intent, Hover):
            self._hovered(intent)
        elif isinstance(intent, Press):
            return self._pressed(intent, pools)
        elif isinstance(intent, Drag):
            if intent.dst and intent.dst != intent.src:
                if (intent.src, intent.dst) in self.index.transfers:
                    self.open_transfer(intent.src, intent.dst)
                elif intent.dst in self.index.targets(intent.src):
                    self.board.commit(self.index.targets(intent.src)[intent.dst].action)
            self.deselect_on_release = False
        elif isinstance(intent, Release):
            if intent.cell == intent.grabbed and self.deselect_on_release:
                self.board.reset_picks()
            self.deselect_on_release = False
        return False

    def _hovered(self, intent: Hover) -> None:
        self.hover_badge = None
        for rec, rect in self.badges:
            if rect.collidepoint(intent.pos):
                self.hover_badge = rec
        grab = self.board.grab
        if self.board.dragging and grab is not None and (grab[0], intent.cell) in self.index.transfers:
            # Dropping on an own neighbour opens its transfer (not a shove): preview that.
            self.hover_badge = intent.cell
        self.hover = intent.cell
        self.cursor = None
        self.update_hover_preview()

    def _pressed(self, intent: Press, pools: RemovedPools) -> bool:
        pos = intent.pos
        if pos is not None:
            # The removed-dice rows in the panel: pick a die to bring back.
            side = self.own_side()
            kind = pools.hit(side, self.model.removed.get(side, []), pos)
            if kind is not None:
                self.select_reentry(kind)
                return False
            for rec, rect in self.badges:
                if rect.collidepoint(pos) and self.selected:
                    self.open_transfer(self.selected, rec)
                    return False
        if intent.cell is None:
            self.board.reset_picks()
            return False
        return self.activate(intent.cell, pos)

    def activate(self, cell: str, pos: tuple[int, int] | None = None) -> bool:
        """A click (or Enter) on a board cell: select, commit, re-enter or deselect; True when a die was grabbed."""
        if self.reentry_kind is not None:
            options = self.index.reentries.get(self.reentry_kind, {}).get(cell)
            if options:
                self.open_reentry(self.reentry_kind, cell, options)
                return False
            self.board.reset_picks()
            return self._try_select(cell, pos)
        if self.selected is not None:
            opt = self.index.targets(self.selected).get(cell)
            if opt is not None:
                self.board.commit(opt.action)
                return False
            if cell == self.selected:
                self.deselect_on_release = pos is not None
                if pos is None:
                    self.board.reset_picks()
                return pos is not None
        return self._try_select(cell, pos)

    def hint_source(self, cell: str) -> str | None:
        """The die the shown hint moves to `cell` (its arrow ends there), None when the hint ends elsewhere."""
        hint = self.board.hint_action
        if not hint:
            return None
        for src in sorted(self.index.dice_with_actions()):
            option = self.index.targets(src).get(cell)
            if option is not None and option.text == hint:
                return src
        return None

    def _try_select(self, cell: str, pos: tuple[int, int] | None) -> bool:
        source = self.hint_source(cell) if cell not in self.index.dice_with_actions() else None
        if source is not None:
            cell, pos = source, None  # the hint's end clicked first: its die is picked, the next click plays it
        if cell not in self.index.dice_with_actions() and cell in self.reentry_donors():
            # A die that can only lend its value (a lonely d20, K15): start bringing a removed die back next to it.
            for kind in self.returnable_kinds():
                if cell in self.reentry_donors(kind):
                    self.select_reentry(kind)
                    return False
        if cell in self.index.dice_with_actions():
            keep_cursor = self.cursor
            self.board.reset_picks()
            self.selected = cell
            self.cursor = keep_cursor
            self.deselect_on_release = False
            self.board.play_sound("click")
            return pos is not None
        keep_cursor = self.cursor
        self.board.reset_picks()
        if self._is_enemy(cell):
            # An enemy die: keep its reach shown until the next click.
            self.inspected = cell
            self.cursor = keep_cursor
            self.hover = cell
            self.board.play_sound("click")
        return False

    def select_reentry(self, kind: str) -> None:
        """Pick a removed die: its possible cells are marked."""
        if kind not in self.index.reentries:
            return
        self.board.reset_picks()
        self.reentry_kind = kind
        self.board.play_sound("click")

    # ----- the chooser -----
    def open_transfer(self, donor: str, recipient: str) -> None:
        """The amount chooser for a transfer, focused on the amount the preview shows (the largest when none)."""
        options = self.index.transfers.get((donor, recipient))
        if not options:
            return
        title = self.board.t("kubtafl.popup.give", donor=donor, recipient=recipient)
        texts = [o.text for o in options]
        focus = texts.index(self.preview_text) if self.preview_text in texts else len(options) - 1
        self.board.popups.open_chooser(
            title, [("", options)], recipient, self._chip_focused, (0, focus), keep_clear=(donor, recipient)
        )

    def open_transfers_from(self, donor: str) -> None:
        """What the die on `donor` can give: the amount chooser of its one recipient, or one row per recipient."""
        recipients = self.index.recipients(donor)
        if len(recipients) == 1:
            self.open_transfer(donor, recipients[0])
        elif recipients:
            t = self.board.t
            rows = [(t("kubtafl.popup.to", cell=rec), self.index.transfers[(donor, rec)]) for rec in recipients]
            self.board.popups.open_chooser(
                t("kubtafl.popup.give_from", donor=donor),
                rows,
                donor,
                self._chip_focused,
                (0, len(rows[0][1]) - 1),
                keep_clear=(donor, *recipients),
            )

    def open_reentry(self, kind: str, cell: str, options: list[Option]) -> None:
        """The donor/value chooser for a re-entry on `cell`."""
        rows: dict[str, list[Option]] = {}
        for opt in options:
            rows.setdefault(opt.donor, []).append(opt)
        t = self.board.t
        title = t("kubtafl.popup.reenter", die=kind, cell=cell)
        self.board.popups.open_chooser(
            title,
            [(t("kubtafl.popup.from", cell=d), opts) for d, opts in rows.items()],
            cell,
            self._chip_focused,
            keep_clear=(cell, *rows),
        )

    def _chip_focused(self, option: ChooserOption | None) -> None:
        self.set_preview(option.text if option is not None else None)

    # ----- keys -----
    def key(self, intent: Intent) -> None:
        """Arrows, Enter, Tab, T and R."""
        if isinstance(intent, Arrow):
            self._move_cursor(intent.dx, intent.dy)
        elif isinstance(intent, Confirm):
            if self.cursor is not None:
                self.activate(cell_name(*self.cursor))
        elif isinstance(intent, Tab):
            self._cycle_dice(-1 if intent.back else 1)
        elif isinstance(intent, Key) and intent.key == pygame.K_t:
            target = cell_name(*self.cursor) if self.cursor is not None else None
            if self.selected and (self.selected, target) in self.index.transfers:
                self.open_transfer(self.selected, str(target))
            elif self.selected:
                self.open_transfers_from(self.selected)  # after Tab the cursor is on the die itself
        elif isinstance(intent, Key) and intent.key == pygame.K_r:
            self._cycle_reentry()
        elif isinstance(intent, Key) and intent.key == pygame.K_v:
            self.show_threats = not self.show_threats
            self.board.play_sound("click")

    def _cycle_reentry(self) -> None:
        """The next removed die that can come back, with the cursor on its first cell."""
        kinds = self.returnable_kinds()
        if kinds:
            current = kinds.index(self.reentry_kind) if self.reentry_kind in kinds else -1
            nxt = kinds[(current + 1) % len(kinds)]
            self.select_reentry(nxt)
            cells = sorted(self.index.reentries[nxt])
            self.cursor = cell_xy(cells[0])
            self.hover = cells[0]

    def _move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            start = self.selected or self._default_cursor_cell()
            self.cursor = cell_xy(start) if start else (0, 0)
        else:
            self.cursor = step_cursor(self.cursor, dx, dy, self.board.layout)
        self.hover = cell_name(*self.cursor)
        self.hover_badge = None
        if (
            self.selected
            and (self.selected, self.hover) in self.index.transfers
            and self.hover not in self.index.targets(self.selected)
        ):
            self.hover_badge = self.hover
        self.update_hover_preview()

    def _default_cursor_cell(self) -> str | None:
        side = self.own_side()
        for cell, die in self.model.dice.items():
            if die.side == side and die.kind == "d20":
                return str(cell)
        return next(iter(self.index.dice_with_actions()), None)

    def _cycle_dice(self, step: int) -> None:
        cells = sorted(self.index.dice_with_actions(), key=lambda c: (cell_xy(c)[1], cell_xy(c)[0]))
        if not cells:
            return
        i = cells.index(self.selected) + step if self.selected in cells else 0
        cell = cells[i % len(cells)]
        self._try_select(cell, None)
        self.cursor = cell_xy(cell)
        self.hover = cell

    # ----- the preview -----
    def update_hover_preview(self) -> None:
        """Preview the hovered target or transfer badge of the selected die."""
        cell = self.hover
        if self.selected and cell and self.hover_badge is None:
            opt = self.index.targets(self.selected).get(cell)
            self.set_preview(opt.text if opt else None)
        elif self.selected and self.hover_badge is not None:
            options = self.index.transfers.get((self.selected, self.hover_badge), [])
            self.set_preview(options[-1].text if options else None)
        else:
            self.set_preview(None)

    def set_preview(self, text: str | None) -> None:
        """Show the preview of the action `text` (None: none)."""
        if not text or not self.board.settings.preview_on or self.board.session is None:
            self.preview = None
            self.preview_text = ""
            return
        if text == self.preview_text and self.preview is not None:
            return
        if self.board.hint_action and text != self.board.hint_action:
            self.board.clear_hint()  # the player looks at another move: the old suggestion is stale
        self.preview_text = text
        self.preview = self.preview_for(text)

    def preview_for(self, text: str) -> Preview | None:
        """The preview of the legal action `text`, read from the engine's `state.preview` (cached per position)."""
        cached = self.preview_cache.get(text)
        if cached is None:
            action = self.index.by_text.get(text)
            if action is None:
                return None
            cached = build_preview(self.board.live.state.preview(action), text)
            self.preview_cache[text] = cached
        return cached

    def show_preview_of(self, text: str) -> None:
        """Select the mover of `text` and hover its target, as a player would (screenshots, tests)."""
        if not self.board.accepting_input:
            return
        action = self.index.by_text.get(text)
        if action is None:
            return
        if "-" in text:
            src, dst = text.split("-")
            self.selected = src
            self.hover = dst
            self.set_preview(text)
