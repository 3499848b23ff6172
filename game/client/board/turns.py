"""The turn flow of a board: the one place actions are committed (the human's, the AI's replies and the mode's
automatic ones), undo and redo, the settling of the board on the engine's position once the animation has played,
AI polling, and hints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.board.scene import BoardScene

# What the board says when the quick search stood in for the computer's lost one, by the session's `helper_note`.
HELPER_NOTES = {"move": "board.note.helper_move", "hint": "board.note.helper_hint"}


class TurnFlow:
    """Commits actions through the session and keeps the board, the mode's picks and the turn's UI in step."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.settled_at: object = None  # the `position_key` the mode's picks were built for; None forces a rebuild
        self.ai_asked = False
        self.status_note = ""  # the last undo's words
        self.hint_action: str | None = None
        self.hint_text = ""
        self.game_over_shown = False
        self.dt = 0.0

    def reset_ui(self) -> None:
        """Drop everything the turn's UI holds: popups, the mode's picks, a press, the hint and the undo's note."""
        scene = self.scene
        self.ai_asked = False
        scene.popups.close()
        scene.view.reset()
        scene.tracker.reset()
        self.clear_hint()
        self.status_note = ""

    # ----- committing -----
    def commit(self, action: object) -> None:
        """Apply an action through the session and queue its animation."""
        self._play(self.scene.live.apply(action))

    def end_turn(self, action: object) -> None:
        """End the turn with `action`; when the mode says the seat could still act (`turn_left`), ask first, unless
        the player turned that question off in Settings."""
        scene = self.scene
        left = scene.view.turn_left(scene.live.state) if scene.app.settings.ask_end_turn else ""
        if not left:
            self.commit(action)
            return
        key = self.position_key()

        def confirmed() -> None:
            if self.position_key() == key and scene.accepting_input:  # still the turn the question was about
                self.commit(action)

        t = scene.app.t
        scene.dialogs.ask(
            t("board.end_turn.ask", left=left), t("board.end_turn.yes"), t("board.end_turn.no"), confirmed
        )

    def redo(self) -> None:
        """Play again the last action undo took back."""
        s = self.scene.session
        if s is None or self.scene.queue.busy or not s.can_redo or self.scene.lesson.active:
            return
        events = s.redo()
        if events is not None:
            self._play(events)

    def _play(self, events: Sequence[object]) -> None:
        scene = self.scene
        self.reset_ui()
        # Events still held for an earlier card play first: whoever acted now has taken the seat.
        held = scene.handovers.held
        scene.handovers.reset()
        # The model still shows the position before the action: the animation walks it forward.
        scene.animator.play(scene.handovers.split(held + list(events)))
        self.settled_at = None
        scene.presenter.refresh_buttons()

    def undo(self) -> None:
        """Take back the last human action (and the AI's reply)."""
        scene = self.scene
        if scene.session is None or scene.lesson.active:  # a lesson is tried again whole (Retry), never undone
            return
        if scene.online.active:
            scene.online.ask_takeback()  # online, the other seats are asked first
            return
        scene.queue.skip()
        self.ai_asked = False
        if scene.reviewer.review is not None:
            scene.reviewer.leave()
        undone = scene.session.undo()
        if undone:
            scene.play_sound("click")
        self.reset_ui()
        self.status_note = scene.app.t("board.status.undone" if undone else "board.status.no_undo")
        scene.handovers.reset()
        scene.queue.clear()
        self.settled_at = None
        self.settle()
        scene.presenter.refresh_buttons()

    # ----- settling -----
    def position_key(self) -> object:
        """Which position the picks must be built for: this session, this far into its log."""
        s = self.scene.session
        return (id(s), len(s.log)) if s is not None else None

    @property
    def settled(self) -> bool:
        """True when the mode's picks were built for the session's position now."""
        return self.settled_at == self.position_key()

    def settle(self) -> None:
        """Once the queue is empty, the board shows exactly the engine's position and the mode's picks follow it;
        an action the mode takes by itself there (a blitz's next round) is committed here."""
        scene = self.scene
        s = scene.session
        if s is None or scene.handovers.held:
            return  # the held events still have to walk the model forward once the hand-over card is dismissed
        scene.model = scene.view.build_model(s.state)
        key = self.position_key()
        if key != self.settled_at:
            self.settled_at = key
            automatic = scene.view.position_changed(s.state, s.is_human_turn)
            if automatic is not None:
                self.commit(automatic)
            scene.handovers.settled()

    def picks_current(self) -> None:
        """Before any input reaches the mode, settle an idle board whose position moved on (a move at instant speed,
        Restart, Rematch, Continue or New game in this frame): the mode's picks must belong to the state they act on."""
        if self.scene.session is not None and not self.scene.queue.busy and not self.settled:
            self.settle()

    def on_idle(self, was_busy: bool) -> None:
        """The queue is empty: settle on the engine's position, then advance; a reply that played out at once
        (instant speed) is settled too, so the picks follow it before this frame draws them."""
        if was_busy or not self.settled:
            self.settle()
        self.advance()
        if not self.scene.queue.busy and not self.settled:
            self.settle()

    def advance(self) -> None:
        """On an idle board: open the game-over card once, or start the AI and commit its reply when ready."""
        scene = self.scene
        s = scene.live
        if scene.reviewer.replay is not None or scene.lesson.on_idle():
            return
        if s.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                scene.ending.show()
        elif s.is_ai_turn:
            watch = scene.reviewer.watch
            if watch is not None and not self.ai_asked and not watch.due(self.dt):
                return  # watch mode: paused, or waiting for the next move's turn
            self.ai_asked = True
            s.start_ai()
            action = s.poll_ai()
            self.tell_helper_trouble()
            if action is not None:
                self.commit(action)

    # ----- hints -----
    def ask_hint(self) -> None:
        """Ask the strongest AI for a suggestion (answered on a worker)."""
        if not self.scene.accepting_input:
            return
        shown = self.scene.lesson.hint()  # a lesson's own next step while the player follows its solution
        if shown is not None:
            self.hint_action = shown
            self.hint_text = self.scene.view.hint_words(shown)
        elif self.scene.live.request_hint():
            self.clear_hint()

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""
        self.hint_text = ""
        self.hint_action = None

    def receive_hint(self) -> None:
        """Show the suggestion once the worker has it."""
        s = self.scene.live
        hint = s.poll_hint()
        told = self.tell_helper_trouble()
        if hint is not None:
            self.hint_action = s.state.action_to_str(hint)
            self.hint_text = self.scene.view.hint_words(self.hint_action)
        elif told == "hint":  # the quick search found nothing either
            self.hint_text = self.scene.app.t("board.status.no_hint")

    def tell_helper_trouble(self) -> str | None:
        """Say once, in a note over the board, that a quick search stood in for the computer's lost one; returns
        the session's note ('move' or 'hint') when there was one."""
        note = self.scene.live.take_helper_note()
        if note is not None:
            self.scene.app.notify(self.scene.app.t(HELPER_NOTES[note]))
        return note
