"""`BoardDriver`: a board as the player meets it, for client tests.

Tests read what the player reads (the status line, the selected cell, the hand-over card, the popup, the hint, the
move list, the legend, the review banner, the result card) and act by real input (a click on a cell by its name, a
key, a panel button, a hover), so reshaping the board's parts changes this file, not the tests. It is the one place
in the tests that knows which part of the board holds what. It adds no frames of its own: every action runs exactly
the frames it is asked for (by default those the old helpers ran).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tests.client_helpers import button_by_text, click, click_at, current, frames, settle_scene

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.board.chooser import Chooser
    from game.client.board.log import LogLine, LogTurn, MoveLog
    from game.client.board.marks import Mark
    from game.client.board.panel import PanelInfo
    from game.client.board.picker import AmountPicker
    from game.client.board.review import Playback
    from game.client.board.scene import BoardScene
    from game.client.game_scene import GameScene
    from game.client.play.session import GameSession


class BoardDriver:
    """The board the app shows, read in the player's terms and played by posted events."""

    def __init__(self, app: App) -> None:
        self.app = app

    # ----- what is on the screen -----
    @property
    def scene(self) -> BoardScene:
        """The board scene shown now (a rematch or a new game may have opened another)."""
        from game.client.board.scene import BoardScene

        return current(self.app, BoardScene)

    @property
    def game_scene(self) -> GameScene:
        """The game scene shown now (a board, or a plain game scene: its dialogs are the same)."""
        from game.client.game_scene import GameScene

        return current(self.app, GameScene)

    @property
    def session(self) -> GameSession:
        """The game played on the board."""
        session = self.scene.session
        assert session is not None
        return session

    @property
    def reviewed_model(self) -> Any:
        """The drawing model of the reviewed position, None while the board is live."""
        return self.scene.reviewer.model

    @property
    def accepting(self) -> bool:
        """True when a click or a key would act: a human's turn, nothing playing, no card, not reviewing."""
        return self.scene.accepting_input

    @property
    def busy(self) -> bool:
        """True while the board animates."""
        return self.scene.queue.busy

    @property
    def status(self) -> str:
        """The status line."""
        return self.scene.presenter.status_text()

    @property
    def panel(self) -> PanelInfo:
        """The panel's title, turn card, status and keys line as drawn this frame."""
        return self.scene.presenter.panel_info()

    @property
    def keys_line(self) -> str:
        """The panel's line of keys."""
        return self.panel.keys

    @property
    def cut(self) -> list[str]:
        """The panel's texts that did not fit when it was last drawn."""
        return self.scene.presenter.panel_cut

    @property
    def results_cut(self) -> list[str]:
        """The result card's texts that did not fit when it was last drawn."""
        return self.scene.ending.results_cut

    @property
    def buttons(self) -> list[str]:
        """The keys of the panel's buttons shown ("undo", "hint", "rematch", …)."""
        return list(self.scene.presenter.buttons)

    def panel_button(self, name: str) -> Any:
        """The panel's button `name` (a pygame_gui button)."""
        buttons = self.scene.presenter.buttons
        assert name in buttons, f"no panel button {name!r}; have {list(buttons)}"
        return buttons[name]

    def seat_label(self, seat: int) -> str:
        """How the panel names `seat` and who plays it."""
        return self.scene.presenter.seat_label(seat)

    @property
    def selected(self) -> str | None:
        """The cell the player has selected."""
        return self._picks.selected

    @property
    def draft(self) -> dict[str, int]:
        """The deployment placed but not yet confirmed: cell -> the mode's value (tokens, facing)."""
        return self._picks.draft

    @property
    def hovered(self) -> str | None:
        """The cell under the pointer or the keyboard's cursor, as the mode took it."""
        return self._picks.hover

    @property
    def _picks(self) -> Any:
        """The mode's own picks (its selection, draft, plans, cursor), which the readings below put in the player's
        terms."""
        return self.scene.view.picks

    @property
    def cursor(self) -> tuple[int, int] | None:
        """Where the keyboard's cursor is (column, row), None while the mouse leads."""
        return self._picks.cursor

    @property
    def offered(self) -> Any:
        """The actions the board offers the player, by cell, as its marks show them (the mode's index of legal
        actions: moves, targets, transfers, re-entries, origins…)."""
        return self._picks.index

    @property
    def preset(self) -> str:
        """The preset the deployment draft came from ('' when placed by hand or changed since)."""
        return self._picks.draft_preset

    def deploy_for_me(self) -> None:
        """Lay out the deployment draft as the slot's "Deploy for me" does (no frame runs)."""
        self._picks.deploy_for_me()

    def confirm_deployment(self) -> None:
        """Commit the deployment draft as the slot's "Confirm" does (no frame runs)."""
        self._picks.confirm_deployment()

    # ----- Kubtafl's choices -----
    @property
    def preview(self) -> Any:
        """The hovered action's preview drawn over the board (its ghost arrows and badges), None when none is."""
        return self._picks.preview

    @property
    def preview_text(self) -> str:
        """The action the drawn preview shows, in notation ('' when none)."""
        return self._picks.preview_text

    @property
    def transfer_badges(self) -> dict[str, pygame.Rect]:
        """Where the selected die's '+' transfer badges were drawn, by the recipient's cell."""
        return dict(self._picks.badges)

    @property
    def reentry_kind(self) -> str | None:
        """The removed die chosen in the removed row to come back, None when none is."""
        return self._picks.reentry_kind

    @property
    def clickable_dice(self) -> set[str]:
        """The own dice a click would pick (those marked as able to act)."""
        return set(self._picks.clickable_dice())

    def open_transfer(self, donor: str, recipient: str) -> None:
        """Open the amount chooser of a transfer from `donor` to `recipient`, as its '+' badge does (no frame)."""
        self._picks.open_transfer(donor, recipient)

    def drop_preview(self) -> None:
        """Take the drawn preview away, as moving the pointer off the board does (no frame runs)."""
        self._picks.set_preview(None)

    def drop_picks(self) -> None:
        """Drop the selection, hover and preview, as a committed action does (no frame runs)."""
        self._picks.reset()

    # ----- Battle Checkers' choices -----
    @property
    def chosen_die(self) -> int | None:
        """The die chip shown as chosen (`USE_DIE1`, `USE_DIE2`, `USE_SUM`); None: each move takes the die that
        wastes the fewest pips."""
        return self._picks.use

    @property
    def open_dice(self) -> list[int]:
        """The die chips still offered."""
        return list(self._picks.open_uses())

    def die_pips(self, use: int | None) -> int:
        """The pips the die chip `use` gives."""
        return self._picks.pips(use)

    @property
    def units_left(self) -> int:
        """The units still to place in the deployment."""
        return self._picks.units_left()

    @property
    def actors(self) -> set[str]:
        """The own units marked as able to act."""
        return set(self._picks.actors())

    def plans(self, unit: str | None = None, use: int | None = None) -> dict[str, dict[int, int]]:
        """The end cells the selected unit (or `unit`, with die chip `use`) can reach, each with the facings it may
        end in and their costs, as the cost marks show them."""
        return self._picks.plans(unit, use)

    def cheapest(self, cell: str) -> int:
        """The cost marked on the end cell `cell` (its cheapest plan)."""
        return self._picks.cheapest(cell)

    def facing(self, cell: str) -> int | None:
        """The facing the ghost unit on `cell` shows (an index of `DIRECTIONS`), None when no plan ends there."""
        return self._picks.facing_on(cell)

    def pips_left(self, cell: str) -> int | None:
        """The pips the plan card says stay after the ghost's plan on `cell`."""
        return self._picks.pips_left(cell)

    @property
    def turn_only(self) -> bool:
        """True when the selected unit may only turn (it stands next to an enemy)."""
        return bool(self._picks.turn_only())

    @property
    def facing_targets(self) -> dict[str, int]:
        """The cells a unit that may only turn can be turned to face by a click, each with the facing it gives."""
        return self._picks.facing_targets()

    def plan_action(self, cell: str) -> Any:
        """The action a click on `cell` would play for the selected unit, None when none."""
        return self._picks.plan_action(cell)

    @property
    def attacks(self) -> dict[str, list[Any]]:
        """The enemy cells an own unit can attack now, each with its attacks."""
        return self._picks.targets()

    def shown_attack(self, target: str) -> Any:
        """The attack whose odds show on hovering `target` (the selected attacker's, else the best)."""
        return self._picks.shown_attack(target)

    @property
    def threat_shown(self) -> bool:
        """True while the threat view (V) shades the own units by the enemy's chances."""
        return bool(self._picks.threat)

    # ----- CheckRisk's choices -----
    def amount(self, origin: str, target: str) -> int:
        """The tokens the ghost card says a move from `origin` to `target` takes now."""
        return self._picks.chosen_amount(origin, target)

    @property
    def tokens_left(self) -> int:
        """The tokens still to place in the deployment."""
        return self._picks.tokens_left()

    @property
    def split(self) -> dict[str, int] | None:
        """The defender's retreat split in progress (cell -> tokens), None when none is."""
        return self._picks.split

    @property
    def blitz(self) -> Any:
        """The blitz running (its rounds go on by themselves), None when none is."""
        return self._picks.blitz

    @property
    def refusal(self) -> Any:
        """Why the last deployment click was refused (a `DeployRefusal`), None when it was not."""
        return self._picks.refusal

    def why_not(self, note: str) -> None:
        """Put `note` on the status line as the words on why the last click on the board did nothing (no frame)."""
        self._picks.note = note

    @property
    def handover_card(self) -> Any:
        """The hand-over card shown (its seat, name, message and button), None when none is."""
        return self.scene.handovers.card

    @property
    def handover(self) -> str | None:
        """The hand-over card's words, None when none is shown."""
        card = self.scene.handovers.card
        return None if card is None else card.message

    @property
    def handover_seat(self) -> int | None:
        """The seat the hand-over card calls, None when none is shown."""
        card = self.scene.handovers.card
        return None if card is None else card.seat

    @property
    def handover_ok(self) -> pygame.Rect:
        """Where the hand-over card's button is."""
        card = self.scene.handovers.card
        assert card is not None, "no hand-over card"
        return card.ok

    @property
    def hint(self) -> str:
        """The hint's words (empty when none was asked or it was spent)."""
        return self.scene.turns.hint_text

    @property
    def hint_move(self) -> str | None:
        """The hinted action's notation."""
        return self.scene.turns.hint_action

    @property
    def chooser(self) -> Chooser | None:
        """The option card shown (its title, rows of options and chips), None when none is."""
        return self.scene.popups.chooser

    @property
    def picker(self) -> AmountPicker | None:
        """The amount picker shown (its title, range, value and buttons), None when none is."""
        return self.scene.popups.picker

    @property
    def legend_open(self) -> bool:
        """True while the legend card is open."""
        return self.scene.legend.open

    @property
    def legend_entries(self) -> list[Any]:
        """The legend card's entries (each a badge and its words)."""
        return self.scene.legend.entries()

    @property
    def legend_button(self) -> pygame.Rect:
        """Where the button that opens the legend is."""
        return self.scene.legend.button_rect()

    @property
    def overlay(self) -> str | None:
        """The dialog over the board: "pause", "game_over", "card" (a lesson's), or None."""
        return self.game_scene.dialogs.overlay

    @property
    def card_text(self) -> tuple[str, str]:
        """The result card's title and text (the game over's, a lesson's or a challenge's), as last shown."""
        return self.game_scene.dialogs.game_over_text

    @property
    def card_stars(self) -> int:
        """The stars the lesson's result card gives."""
        return self.game_scene.dialogs.card_stars

    @property
    def card_buttons(self) -> list[str]:
        """The words on the result card's buttons."""
        return [button.text for button in self.game_scene.dialogs.buttons.buttons]

    @property
    def question(self) -> Any:
        """The yes/no question open over everything (its words, its buttons), None when none is."""
        confirm = self.game_scene.dialogs.confirm
        return confirm if confirm is not None and confirm.open else None

    @property
    def card_rect(self) -> pygame.Rect:
        """Where the card over the board (the game-over card, a lesson's, the pause menu) was last laid out."""
        return self.game_scene.dialogs.rect

    @property
    def card_reason_box(self) -> pygame.Rect:
        """Where the result card's words (why the game ended, the seats) are written."""
        return self.game_scene.dialogs.reason_box()

    @property
    def card_reason_lines(self) -> list[str]:
        """The result card's words as wrapped into lines."""
        return self.game_scene.dialogs.reason_lines()

    @property
    def card_button_rects(self) -> list[pygame.Rect]:
        """Where the result card's buttons are, in their order."""
        return [button.rect for button in self.game_scene.dialogs.buttons.buttons]

    def winner_title(self, outcome: Any) -> str:
        """The game-over card's title for `outcome`."""
        return self.scene.ending.winner_title(outcome)

    @property
    def count_line(self) -> str:
        """The game-over card's line counting the turns played."""
        return self.scene.ending.count_line()

    # ----- a mode's panel slot and battle card -----
    def _slot_controls(self) -> list[Any]:
        """The slot's drawn buttons, then its die chips (a mode without chips has none)."""
        slot = self.scene.view.slot
        return slot.buttons() + getattr(slot, "chips", list)()

    @property
    def slot_keys(self) -> list[str]:
        """The keys of the panel slot's buttons and chips shown now ("auto", "confirm", "end", "use:1"…)."""
        return [control.key for control in self._slot_controls()]

    @property
    def chosen_chips(self) -> list[str]:
        """The keys of the slot's chips shown as chosen."""
        return [control.key for control in self._slot_controls() if control.selected]

    def press_slot(self, name: str, settle: int = 1) -> None:
        """Click the panel slot's button or chip `name` (Deploy for me, Confirm, End turn, a die chip)."""
        match = [control for control in self._slot_controls() if control.key == name]
        assert match, f"no slot button {name!r}; have {self.slot_keys}"
        click_at(self.app, match[0].rect.center, settle)

    @property
    def slot_text(self) -> str:
        """What the panel slot says the phase asks, with its counters ("Turn 3 of 100")."""
        return self.scene.view.slot.phase_text()

    def odds(self, target: str) -> list[str]:
        """The odds card's lines for the attack on `target` (who hits which side, the chance, what it costs)."""
        return self.scene.view.odds_lines(target)

    @property
    def battle_card_shown(self) -> bool:
        """True while the battle card is shown over the board."""
        return bool(self.scene.view.card.visible)

    @property
    def battle_card_rect(self) -> pygame.Rect:
        """Where the battle card is."""
        return self.scene.view.card.rect

    @property
    def battle_card_keys(self) -> list[str]:
        """The keys of the battle card's buttons ("continue", "stand", "retreat"…)."""
        return [button.key for button in self.scene.view.card.layout_buttons()]

    def battle_card_button(self, name: str) -> Any:
        """The battle card's button `name` (its key, words and rectangle)."""
        match = [button for button in self.scene.view.card.layout_buttons() if button.key == name]
        assert match, f"no battle card button {name!r}; have {self.battle_card_keys}"
        return match[0]

    def press_battle_card(self, name: str, settle: int = 1) -> None:
        """Click the battle card's button `name`."""
        click_at(self.app, self.battle_card_button(name).rect.center, settle)

    # ----- a lesson or a challenge played on the board -----
    @property
    def lesson(self) -> Any:
        """The lesson (or challenge) played on the board."""
        return self.scene.lesson.lesson

    @property
    def lesson_card(self) -> tuple[str, str, int]:
        """The lesson's goal card as last drawn: its goal, its moves line and its stars."""
        return self.scene.lesson.card.shown

    @property
    def lesson_card_cut(self) -> list[str]:
        """The goal card's texts that did not fit."""
        return self.scene.lesson.card.cut

    @property
    def lesson_moves(self) -> int:
        """The decisions the player has used in the lesson."""
        return self.scene.lesson.used

    @property
    def lesson_status(self) -> str:
        """How the lesson stands: "playing", "success" or "failure"."""
        return self.scene.lesson.verdict.status

    @property
    def lesson_stars(self) -> int:
        """The stars the lesson's play so far earns."""
        return self.scene.lesson.verdict.stars

    @property
    def lesson_intro_open(self) -> bool:
        """True while a stage's intro card waits for Start."""
        return self.scene.lesson.intro_open

    # ----- review, replay and watching -----
    @property
    def reviewing(self) -> int | None:
        """The move list entry being reviewed, None while the board is live."""
        review = self.scene.reviewer.review
        return None if review is None else review.entry

    @property
    def review_total(self) -> int | None:
        """How many entries the reviewed game has, None while the board is live."""
        review = self.scene.reviewer.review
        return None if review is None else review.total

    @property
    def reviewed_state(self) -> Any:
        """The reviewed position (None while the board is live)."""
        review = self.scene.reviewer.review
        return None if review is None else review.state()

    @property
    def banner(self) -> str:
        """The review banner's words."""
        return self.scene.reviewer.banner_text()

    @property
    def banner_chip(self) -> pygame.Rect | None:
        """Where the banner's chip (Live, End) was drawn, None when none is."""
        return self.scene.reviewer.banner_chip

    @property
    def banner_chip_key(self) -> str:
        """The translation key of the banner chip's words."""
        return self.scene.reviewer.chip_key()

    def review_place(self) -> tuple[int, int, int, int]:
        """The reviewed turn, the turns, the action in the turn and its actions."""
        return self.scene.reviewer.place()

    def turn_count(self, turn: int) -> tuple[str, str]:
        """How the banner counts `turn` and names its seat."""
        return self.scene.reviewer.count_of(turn)

    @property
    def in_replay(self) -> bool:
        """True in the replay viewer."""
        return self.scene.reviewer.replay is not None

    @property
    def watch(self) -> Playback | None:
        """Watch mode's playback (the computer plays every seat), None otherwise."""
        return self.scene.reviewer.watch

    @property
    def replay_playback(self) -> Playback | None:
        """The replay viewer's playback, None outside it."""
        return self.scene.reviewer.replay

    def review(self, entry: int) -> None:
        """Open the review at move list entry `entry`, as a click on it does (no frame runs)."""
        self.scene.reviewer.start(entry)

    @property
    def timeline(self) -> Any:
        """The game's positions and events replayed through the engine, as the review reads them."""
        return self.scene.reviewer.get_timeline()

    # ----- the last turn drawn and played again -----
    @property
    def turn_replaying(self) -> bool:
        """True while the other seats' last turn plays again (L or its button)."""
        return self.scene.trace.replaying

    @property
    def turn_replay_offered(self) -> bool:
        """True when the button that plays the last turn again is shown."""
        return self.scene.trace.available

    @property
    def turn_replay_button(self) -> pygame.Rect:
        """Where the button that plays the last turn again is."""
        return self.scene.trace.button_rect()

    @property
    def turn_drawn(self) -> bool:
        """True while the other seats' last turn is drawn on the board (numbers and arrows)."""
        return self.scene.trace.shown

    @property
    def turn_number_rects(self) -> list[pygame.Rect]:
        """Where the last frame drew the last turn's action numbers."""
        return self.scene.trace.painter.number_rects

    @property
    def turn_arrow_segments(self) -> list[Any]:
        """Where the last frame drew the last turn's arrows (each a start and an end point)."""
        return self.scene.trace.painter.arrow_segments

    # ----- the move list -----
    @property
    def move_list(self) -> MoveLog:
        """The move list as drawn: its rectangle, lines, scrolling and hit test."""
        return self.scene.log

    @property
    def move_turns(self) -> list[LogTurn]:
        """The move list's turns (each a seat and its actions' words)."""
        return self.scene.log.turns

    @property
    def move_lines(self) -> list[LogLine]:
        """The move list's lines as laid out."""
        return self.scene.log.lines

    @property
    def moves(self) -> list[tuple[int, list[str]]]:
        """Each turn of the move list: its seat and the words of its actions."""
        return [(turn.seat, [action.text for action in turn.actions]) for turn in self.scene.log.turns]

    def entry_point(self, entry: int) -> tuple[int, int]:
        """A point of the move list that names entry `entry` (by the list's own hit test), the list scrolled back by
        the wheel (one frame a step) until it shows."""
        log = self.scene.log
        for _ in range(len(log.lines) + 1):
            body = log.body
            for y in range(body.top + log.line // 2, body.bottom, log.line):
                for x in range(body.left, body.right, max(2, log.unit // 3)):
                    if log.entry_at((x, y)) == entry:
                        return x, y
            self.motion(log.rect.center)
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
            frames(self.app, 1)
        raise AssertionError(f"entry {entry} is not in the list")

    # ----- the drawing -----
    def effects(self, kind: str | None = None) -> list[Any]:
        """The effects on the screen now (floating numbers, dice, sparks…; of `kind` only, when given)."""
        return [e for e in self.scene.queue.effects if kind is None or e.kind == kind]

    @property
    def steps_waiting(self) -> int:
        """How many animation steps still wait to play."""
        return len(self.scene.queue.steps)

    def marks(self, kind: str | None = None) -> list[Mark]:
        """The marks drawn in the last frame (of `kind` only, when given)."""
        return [m for m in self.scene.marks.drawn if kind is None or m.kind == kind]

    def point(self, cell: str) -> tuple[int, int]:
        """The centre of `cell` on the screen."""
        x, y = self.scene.layout.cell_center(cell)
        return int(x), int(y)

    # ----- acting -----
    def settle(self) -> None:
        """Frames until nothing animates and no computer seat is thinking or due to move."""
        settle_scene(self.app)

    def motion(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        """Post a pointer move to `pos` (no frame)."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    def hover(self, cell: str, settle: int = 1) -> None:
        """Move the pointer over `cell`."""
        self.hover_at(self.point(cell), settle)

    def hover_at(self, pos: tuple[int, int], settle: int = 1) -> None:
        """Move the pointer to `pos`."""
        self.motion(pos)
        frames(self.app, settle)

    def click(self, cell: str, button: int = 1, settle: int = 1) -> None:
        """Click `cell` (move there, press, release) with `button` (1 left, 3 right)."""
        self.click_at(self.point(cell), button, settle)

    def click_at(self, pos: tuple[int, int], button: int = 1, settle: int = 1) -> None:
        """Click at `pos` with `button`."""
        if button == 1:
            click_at(self.app, pos, settle)
            return
        self.motion(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        frames(self.app, settle)

    def hold(self, cell: str, held: int) -> None:
        """A held click on `cell`: press, stay still for `held` frames, release (then one frame)."""
        pos = self.point(cell)
        self.motion(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        frames(self.app, held)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        frames(self.app, 1)

    def drag(self, src: str, dst: str) -> None:
        """Press on `src`, move to `dst` with the button held, release there."""
        a, b = self.point(src), self.point(dst)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        frames(self.app, 1)
        self.motion(b, (1, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        frames(self.app, 1)

    def wheel(self, steps: int, settle: int = 1) -> None:
        """Turn the wheel by `steps` (up positive)."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False))
        frames(self.app, settle)

    def key(self, k: int, mod: int = 0, settle: int = 1) -> None:
        """Press and release key `k`."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        frames(self.app, settle)

    def press(self, name: str, settle: int = 2) -> None:
        """Click the panel's button `name` ("undo", "hint", "review", …)."""
        click(self.app, self.panel_button(name), settle)

    def click_button(self, text: str, settle: int = 2) -> None:
        """Click the live button whose words are `text` (a panel's, a dialog's, a card's)."""
        click(self.app, button_by_text(self.app, text), settle)

    def click_entry(self, entry: int, settle: int = 1) -> None:
        """Click the move list's entry `entry` (scrolling back to it first)."""
        click_at(self.app, self.entry_point(entry), settle)

    def take_seat(self) -> bool:
        """Press Enter on the hand-over card if one is shown; True if one was."""
        if self.scene.handovers.card is None:
            return False
        self.key(pygame.K_RETURN)
        return True

    def give_hint(self, action: str, words: bool = True) -> None:
        """Show a hint of `action` (notation) as the hint worker's answer would, its words too unless told (no frame
        runs)."""
        turns = self.scene.turns
        turns.hint_action = action
        if words:
            turns.hint_text = self.scene.view.hint_words(action)

    def say(self, text: str) -> None:
        """Put `text` on the status line as the board shows any message of its length (as a hint's words; no undo
        note), for tests of what fits (no frame runs)."""
        turns = self.scene.turns
        turns.status_note, turns.hint_text = "", text

    def show_position(self, state: Any) -> None:
        """Show `state` read-only as the review does (None: the live board again; no frame runs)."""
        self.scene.reviewer.show_position(state)

    def commit(self, action: object) -> None:
        """Play `action` as the board plays a decision the player made (its animation starts; no frame runs)."""
        self.scene.turns.commit(action)

    def skip(self) -> None:
        """Finish the running animation at once (no frame runs)."""
        self.scene.queue.skip()
