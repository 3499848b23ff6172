"""The turn flow of a board: the one place actions are committed (the human's, the AI's replies and the mode's
automatic ones), undo and redo, the settling of the board on the engine's position once the animation has played,
AI polling, and hints.

It holds the live drawing model and reads only what it is given: the board's `BoardEnv` (texts, settings, the
session, the signals), the mode's view, the animation queue, the hand-over's held events, a lesson's hooks and the
playback of a replay or watch mode; it tells the other parts through the board's signals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.client.anim import AnimQueue
    from game.client.board.mode_view import ModeView
    from game.client.board.review import Playback
    from game.client.board.signals import BoardEnv
    from game.engine.core import AnyState

# What the board says when the quick search stood in for the computer's lost one, by the session's `helper_note`.
HELPER_NOTES = {"move": "board.note.helper_move", "hint": "board.note.helper_hint"}

Ask = Callable[[str, str, str, Callable[[], None]], None]  # a yes/no question: text, yes, no, what yes does


class Handing(Protocol):
    """What the turn flow asks of the hand-over: the events it holds back, dropping them, and where to cut."""

    held: list[object]

    def reset(self, keep_last: bool = True) -> None:
        """No card, nothing held."""

    def split(self, events: list[object]) -> list[object]:
        """The events to play now (the rest held for the card)."""


class Coach(Protocol):
    """What the turn flow asks of a lesson or a challenge on the board (an inactive one in an ordinary game)."""

    @property
    def active(self) -> bool:
        """True while one is played."""

    def on_idle(self) -> bool:
        """Its step on an idle board; True when it took the step."""

    def hint(self) -> str | None:
        """Its own next step as a hint, None when the computer hints."""


class Playbacks(Protocol):
    """The replay viewer's and watch mode's playback (None when not in them)."""

    replay: Playback | None
    watch: Playback | None


def _no_undo_elsewhere() -> bool:
    return False


class TurnFlow:
    """Commits actions through the session and keeps the board, the mode's picks and the turn's UI in step."""

    def __init__(
        self,
        env: BoardEnv,
        view: ModeView[Any, Any],
        queue: AnimQueue,
        handovers: Handing,
        animate: Callable[[Sequence[object]], None],
        *,
        ask: Ask,
        accepting: Callable[[], bool],
        coach: Callable[[], Coach],
        playbacks: Playbacks,
    ) -> None:
        self.env = env
        self.view = view
        self.queue = queue
        self.handovers = handovers
        self.animate = animate
        self.ask = ask
        self.accepting = accepting
        self.coach = coach
        self.playbacks = playbacks
        self.undo_elsewhere: Callable[[], bool] = _no_undo_elsewhere  # True: the undo was asked of others (online)
        self.model: object = None  # the live drawing model: the animation walks it forward, settling rebuilds it
        self.settled_at: object = None  # the `position_key` the mode's picks were built for; None forces a rebuild
        self.ai_asked = False
        self.status_note = ""  # the last undo's words
        self.hint_action: str | None = None
        self.hint_text = ""
        self.game_over_shown = False
        self.dt = 0.0

    def reset_ui(self) -> None:
        """Drop everything the turn's UI holds: popups, the mode's picks, a press, the hint and the undo's note."""
        self.ai_asked = False
        self.env.signals.ui_reset.emit()
        self.clear_hint()
        self.status_note = ""

    # ----- committing -----
    def commit(self, action: object) -> None:
        """Apply an action through the session and queue its animation."""
        self._play(self.env.live.apply(action))

    def end_turn(self, action: object) -> None:
        """End the turn with `action`; when the mode says the seat could still act (`turn_left`), ask first, unless
        the player turned that question off in Settings."""
        env = self.env
        left = self.view.turn_left(env.live.state) if env.settings.ask_end_turn else ""
        if not left:
            self.commit(action)
            return
        key = self.position_key()

        def confirmed() -> None:
            if self.position_key() == key and self.accepting():  # still the turn the question was about
                self.commit(action)

        t = env.t
        self.ask(t("board.end_turn.ask", left=left), t("board.end_turn.yes"), t("board.end_turn.no"), confirmed)

    def redo(self) -> None:
        """Play again the last action undo took back."""
        s = self.env.session()
        if s is None or self.queue.busy or not s.can_redo or self.coach().active:
            return
        events = s.redo()
        if events is not None:
            self._play(events)

    def _play(self, events: Sequence[object]) -> None:
        self.reset_ui()
        # Events still held for an earlier card play first: whoever acted now has taken the seat.
        held = self.handovers.held
        self.handovers.reset()
        # The model still shows the position before the action: the animation walks it forward.
        self.animate(self.handovers.split(held + list(events)))
        self.settled_at = None
        self.env.signals.committed.emit()

    def undo(self) -> None:
        """Take back the last human action (and the AI's reply)."""
        env = self.env
        s = env.session()
        if s is None or self.coach().active:  # a lesson is tried again whole (Retry), never undone
            return
        if self.undo_elsewhere():
            return  # online, the other seats are asked first
        self.queue.skip()
        self.ai_asked = False
        undone = s.undo()
        env.signals.undone.emit()
        if undone:
            env.play_sound("click")
        self.reset_ui()
        self.status_note = env.t("board.status.undone" if undone else "board.status.no_undo")
        self.handovers.reset()
        self.queue.clear()
        self.settled_at = None
        self.settle()
        env.signals.buttons_changed.emit()

    def unsettle(self) -> None:
        """The position changed under the board (a lesson's hand-back, a catch-up): the picks are built again."""
        self.settled_at = None

    def take_back(self) -> None:
        """Undo from the game-over card: the card opens again when the game ends again."""
        self.game_over_shown = False
        self.undo()

    def play_on(self, events: Sequence[object]) -> None:
        """Play `events` held back until now (a hand-over's); the board settles once they have played."""
        self.animate(events)
        self.settled_at = None

    def replay_from(self, state: AnyState, events: Sequence[object]) -> None:
        """Show `state` and play `events` from it (the last turn again); the board settles on the live position
        once they have played."""
        self.reset_ui()
        self.model = self.view.build_model(state)
        self.play_on(events)

    # ----- settling -----
    def position_key(self) -> object:
        """Which position the picks must be built for: this session, this far into its log."""
        s = self.env.session()
        return (id(s), len(s.log)) if s is not None else None

    @property
    def settled(self) -> bool:
        """True when the mode's picks were built for the session's position now."""
        return self.settled_at == self.position_key()

    def settle(self) -> None:
        """Once the queue is empty, the board shows exactly the engine's position and the mode's picks follow it;
        an action the mode takes by itself there (a blitz's next round) is committed here."""
        s = self.env.session()
        if s is None or self.handovers.held:
            return  # the held events still have to walk the model forward once the hand-over card is dismissed
        self.model = self.view.build_model(s.state)
        key = self.position_key()
        if key != self.settled_at:
            self.settled_at = key
            automatic = self.view.position_changed(s.state, s.is_human_turn)
            if automatic is not None:
                self.commit(automatic)
            self.env.signals.settled.emit()

    def picks_current(self) -> None:
        """Before any input reaches the mode, settle an idle board whose position moved on (a move at instant speed,
        Restart, Rematch, Continue or New game in this frame): the mode's picks must belong to the state they act on."""
        if self.env.session() is not None and not self.queue.busy and not self.settled:
            self.settle()

    def on_idle(self, was_busy: bool) -> None:
        """The queue is empty: settle on the engine's position, then advance; a reply that played out at once
        (instant speed) is settled too, so the picks follow it before this frame draws them."""
        if was_busy or not self.settled:
            self.settle()
        self.advance()
        if not self.queue.busy and not self.settled:
            self.settle()

    def advance(self) -> None:
        """On an idle board: open the game-over card once, or start the AI and commit its reply when ready."""
        s = self.env.live
        if self.playbacks.replay is not None or self.coach().on_idle():
            return
        if s.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self.env.signals.game_ended.emit()
        elif s.is_ai_turn:
            watch = self.playbacks.watch
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
        if not self.accepting():
            return
        shown = self.coach().hint()  # a lesson's own next step while the player follows its solution
        if shown is not None:
            self.hint_action = shown
            self.hint_text = self.view.hint_words(shown)
        elif self.env.live.request_hint():
            self.clear_hint()

    def reword_hint(self) -> None:
        """The shown suggestion in the board's language now (its words were made in the one it was asked in)."""
        if self.hint_action is not None:
            self.hint_text = self.view.hint_words(self.hint_action)

    def clear_hint(self) -> None:
        """Forget the shown suggestion."""
        self.hint_text = ""
        self.hint_action = None

    def receive_hint(self) -> None:
        """Show the suggestion once the worker has it."""
        s = self.env.live
        hint = s.poll_hint()
        told = self.tell_helper_trouble()
        if hint is not None:
            self.hint_action = s.state.action_to_str(hint)
            self.hint_text = self.view.hint_words(self.hint_action)
        elif told == "hint":  # the quick search found nothing either
            self.hint_text = self.env.t("board.status.no_hint")

    def tell_helper_trouble(self) -> str | None:
        """Say once, in a note over the board, that a quick search stood in for the computer's lost one; returns
        the session's note ('move' or 'hint') when there was one."""
        note = self.env.live.take_helper_note()
        if note is not None:
            self.env.notify(self.env.t(HELPER_NOTES[note]))
        return note
