"""A challenge on the board: the part of `BoardScene` that answers for the defence (`best_reply`), scores the attempt
with `game.learn.challenges.score` once it is decided, opens the result card (stars and, for a turn, the plan's exact
chance against the best; or why it failed, with Retry and Show solution) and plays the solution step by step.

It is the lesson flow's sibling on the same board (the scene's `lesson`), given the same `LessonBoard`: the
board's hooks are the same."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.client.board.wording import counted
from game.client.learn import start
from game.client.learn.flow import LessonBoard, LessonFlow
from game.client.learn.keys import STARS_TURN, STARS_WIN
from game.engine.core import CHANCE
from game.learn.challenges import (
    BestTurn,
    Challenge,
    Score,
    WinIn,
    best_reply,
    complete_line,
    load_challenges,
    score,
    turn_stars,
)
from game.learn.goals import Decision, Verdict

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.game_scene import DialogItem
    from game.client.play.session import GameSession

STEP_SECONDS = 0.7  # the pause between the solution's steps, so each can be followed


def challenge_key(challenge: Challenge) -> str:
    """The challenge's key in the progress file: 'challenge/<mode>/<id>'."""
    return f"challenge/{challenge.mode}/{challenge.id}"


def challenge_session(challenge: Challenge) -> GameSession:
    """A fresh attempt at the challenge's position, both seats the player's (the flow moves the defence), the dice
    seeded with the challenge's seed (so each attempt, and its stored solution, rolls the same); never autosaved."""
    from game.client.play.session import GameSession

    game = copy.copy(challenge.game)
    # The game starts at the challenge's position, so the move list and a review replay from there.
    setattr(game, "initial_state", challenge.state)  # noqa: B010 - an instance's own start, not the class's
    return GameSession(challenge.mode, challenge.level, ["human", "human"], challenge.seed, autosave=False, game=game)


def open_challenge(app: App, challenge: Challenge, showing: bool = False) -> None:
    """Play `challenge` on its mode's board (`showing`: its solution plays by itself)."""
    app.goto(challenge.mode, session=challenge_session(challenge), challenge=challenge, showing=showing)


def percent(app: App, chance: Fraction) -> str:
    """An exact chance as a percentage in the interface language (one decimal when it is not whole)."""
    return app.t.numbers.chance(chance)


def open_flow(board: LessonBoard, context: Mapping[str, object]) -> LessonFlow:
    """The learning flow a board's `context` opens: a challenge (`challenge`; `showing`: its solution plays by
    itself) judged by its proof, else a lesson (`lesson`), or neither (an inactive flow)."""
    challenge = context.get("challenge")
    # A challenge is a lesson's sibling: the same hooks, its own judging.
    flow = ChallengeFlow(board) if challenge is not None else LessonFlow(board)
    flow.enter(challenge if challenge is not None else context.get("lesson"), context.get("showing"))
    if context.get("intro"):
        flow.show_intro()
    return flow


class ChallengeFlow(LessonFlow):
    """The challenge being played on a board, how the attempt stands, and the solution being shown."""

    def __init__(self, board: LessonBoard) -> None:
        super().__init__(board)
        self.challenge: Challenge | None = None
        self.showing = False  # the solution plays by itself
        self.result: Score | None = None
        self.judged = -1  # the log's length last judged (judging replays the attempt: once per action)
        self.wait = 0.0

    @property
    def active(self) -> bool:
        """True while the board plays a challenge."""
        return self.challenge is not None

    def enter(self, lesson: object, showing: object = False) -> None:
        """Play the challenge `lesson` on the fresh session (`showing`: play its solution)."""
        self.challenge = lesson if isinstance(lesson, Challenge) else None
        self.lesson = None
        self.showing = bool(showing)
        self.result = None
        self.judged = -1
        self.wait = STEP_SECONDS
        self.verdict = Verdict("playing")
        session = self.board.env.session()
        self.start = session.state.clone() if session is not None else None

    panel_buttons = ("retry", "give_up", "menu")  # no hints: the solution is offered instead

    def ended(self) -> tuple[int, str] | None:
        """As a lesson's, but a shown solution is said to be shown (it is no success of the player's)."""
        if self.showing and self.verdict.done:
            return self.seat, self.board.env.t("challenge.result.shown")
        return super().ended()

    def give_up(self) -> None:
        """Give up the attempt and watch the solution (Show solution while playing)."""
        if self.challenge is not None and not self.showing:
            self.show_solution()

    @property
    def counts_turns(self) -> bool:
        """A challenge is a puzzle: no turn counter."""
        return self.challenge is None

    @property
    def can_give_up(self) -> bool:
        """While the attempt is played (not once decided, nor while the solution plays)."""
        return self.challenge is not None and not self.showing and not self.verdict.done

    def level_title(self) -> str | None:
        """The challenge's title for the panel."""
        challenge = self.challenge
        return None if challenge is None else challenge.text("title", self.board.env.t.language)

    def back_label(self) -> str:
        """The pause menu's way back to the list."""
        return self.board.env.t("challenge.back")

    @property
    def seat(self) -> int:
        """The player's seat."""
        return self.challenge.seat if self.challenge is not None else -1

    def decisions(self) -> list[Decision]:
        """The player's decisions so far: the position each was taken in and its notation."""
        session = self.board.env.session()
        if self.challenge is None or session is None:
            return []
        return [(snap.state, session.log[snap.log_length]) for snap in session.snapshots if snap.seat == self.seat]

    def plays(self, seat: int) -> bool:
        """True when `seat` is the challenge's player."""
        return self.challenge is not None and seat == self.seat

    @property
    def holds_input(self) -> bool:
        """True when the player may not act: the attempt is over, the solution plays, or the defence is to act."""
        session = self.board.env.session()
        if self.challenge is None or session is None:
            return False
        return self.showing or self.verdict.done or (not session.is_over and session.current_seat != self.seat)

    # ----- the attempt -----
    def on_idle(self) -> bool:
        """On an idle board: the solution's next step, the defence's reply, or the verdict; True while a challenge
        is played (the turn flow then starts no computer and shows no game-over card)."""
        challenge = self.challenge
        if challenge is None:
            return False
        if self.verdict.done:
            return True
        if self.showing:
            self._show_step(challenge)
            return True
        session = self.board.env.live
        if len(session.log) != self.judged:
            self.judged = len(session.log)
            if self._judge(challenge):
                return True
        if not session.is_over and session.current_seat not in (self.seat, CHANCE):
            reply = best_reply(challenge, session.log)
            if reply is not None:
                self.board.commit(session.state.action_from_str(reply))
        return True

    def _judge(self, challenge: Challenge) -> bool:
        """Score the attempt so far; True when it is decided (the card is open)."""
        session = self.board.env.live
        result = score(challenge, session.log)
        detail, proof = result.detail, challenge.proof
        if isinstance(proof, WinIn):
            defence_to_move = not session.is_over and session.current_seat != self.seat
            if result.solved or detail.reason in ("lost", "too_slow"):
                return self.finish_attempt(result)
            if detail.reason == "wrong_first_move" and not defence_to_move:
                return self.finish_attempt(result)  # the defence has shown its escape
            if not session.is_over and not defence_to_move and detail.moves >= proof.moves + 2:
                return self.finish_attempt(result)  # a later win earns no star
            return False
        if detail.finished:
            return self.finish_attempt(result)
        if detail.chance is not None and turn_stars(detail.chance, proof.best) == 0:
            return self.finish_attempt(result)  # no way on from here earns a star: said now, not after the turn
        return False

    def finish_attempt(self, result: Score) -> bool:
        """The attempt is decided: keep its score and open the result card; True."""
        self.result = result
        self.verdict = Verdict(
            "success" if result.solved else "failure", stars=result.stars, reason=result.detail.reason
        )
        self._keep(result)
        if result.solved:
            self.board.env.play_sound("victory")
        self._card()
        return True

    def _keep(self, result: Score) -> None:
        challenge = self.challenge
        if challenge is None:
            return
        app = self.board.app
        table = start.progress(app)
        key = challenge_key(challenge)
        changed = table.record(key, result.stars)
        if isinstance(challenge.proof, BestTurn) and result.detail.chance is not None:
            changed = table.record_chance(key, result.detail.chance) or changed
        if changed:
            problem = table.save()
            if problem:
                app.notify_once(app.t("learn.msg.save_failed", detail=problem))

    def _card(self) -> None:
        t = self.board.env.t
        self.board.view.reset()
        if self.showing:
            title = t("challenge.result.shown")
        else:
            title = t("learn.result.success") if self.verdict.status == "success" else t("learn.result.failure")
        self.board.show_card(title, self.explanation(), self.card_items(), self.verdict.stars)

    def explanation(self) -> str:
        """What the result card says: the stars' meaning, or why the attempt failed."""
        challenge, result = self.challenge, self.result
        if challenge is None or result is None:
            return ""
        app = self.board.app
        t = app.t
        detail, proof = result.detail, challenge.proof
        if isinstance(proof, BestTurn):
            chance = detail.chance if detail.chance is not None else Fraction(0)
            values = {"chance": percent(app, chance), "best": percent(app, proof.best)}
            if self.showing:
                return t("challenge.shown.turn", **values)
            if not result.solved:
                return t("challenge.fail.weaker", **values)
            lines = [t(STARS_TURN(result.stars), **values)]
            if chance == 1:
                lines.append(t("challenge.luck.sure"))  # no roll could stop it: there was no luck to speak of
            else:
                lines.append(t("challenge.luck.reached" if detail.reached else "challenge.luck.missed"))
            return "\n".join(lines)
        side = self.board.view.seat_name(1 - challenge.seat)  # the side the player plays against
        values2: dict[str, object] = {
            "n": detail.moves,
            "best": proof.moves,
            "side": side,
            "n_moves": counted(t, "challenge.moves", detail.moves),
            "best_moves": counted(t, "challenge.moves", proof.moves),
        }
        if self.showing:
            return t("challenge.shown.win", **values2)
        if result.solved:
            return t(STARS_WIN(min(result.stars, 3)), **values2)
        if detail.reason == "wrong_first_move":
            session = self.board.env.live
            first = session.log[0] if session.log else ""
            return t("challenge.fail.escape", move=first, **values2)
        if detail.reason == "lost":
            return t("challenge.fail.lost")
        return t("challenge.fail.stands", **values2)

    def card_items(self) -> list[DialogItem]:
        """The result card's buttons: Next after a success, Retry, Show solution after a failure, and the list."""
        t = self.board.env.t
        items: list[DialogItem] = []
        following = self.following_challenge()
        solved = self.verdict.status == "success"
        if (solved or self.showing) and following is not None:
            items.append((t("learn.next"), self.next, "#primary"))
        items.append((t("learn.retry"), self.retry, "#primary" if not items else "#menu_button"))
        if not solved and not self.showing:
            items.append((t("challenge.show"), self.show_solution, "#menu_button"))
        items.append((t("challenge.back"), self.to_list, "#menu_button"))
        return items

    def following_challenge(self) -> Challenge | None:
        """The challenge after this one in its game's order."""
        challenge = self.challenge
        if challenge is None:
            return None
        found = load_challenges(challenge.mode)
        ids = [c.id for c in found]
        index = ids.index(challenge.id) if challenge.id in ids else len(ids)
        return found[index + 1] if index + 1 < len(found) else None

    # ----- the solution, shown -----
    def _show_step(self, challenge: Challenge) -> None:
        """The solution's next decision after a pause (the dice fall as the session's seeded roll gives them)."""
        self.wait -= self.board.dt()
        if self.wait > 0 and self.board.env.settings.anim_speed != "instant":
            return
        self.wait = STEP_SECONDS
        session = self.board.env.live
        line = complete_line(challenge, session.log)
        if session.is_over or len(line) <= len(session.log):
            self.result = score(challenge, session.log)
            self.verdict = Verdict("success", stars=0, reason="shown")
            self._card()
            return
        self.board.commit(session.state.action_from_str(line[len(session.log)]))

    def wake_in(self) -> float | None:
        """When the solution's next step is due while it plays (the loop must wake for it, with no input); None
        otherwise."""
        if self.challenge is None or not self.showing or self.verdict.done:
            return None
        return max(0.0, self.wait)

    def show_solution(self) -> None:
        """Play the solution on the board from the start; the challenge is marked as seen."""
        challenge = self.challenge
        if challenge is None:
            return
        app = self.board.app
        table = start.progress(app)
        if table.mark_seen(challenge_key(challenge)):
            problem = table.save()
            if problem:
                app.notify_once(app.t("learn.msg.save_failed", detail=problem))
        open_challenge(app, challenge, showing=True)

    # ----- buttons -----
    def retry(self) -> None:
        """The same challenge from its start."""
        if self.challenge is not None:
            open_challenge(self.board.app, self.challenge)

    def next(self) -> None:
        """The next challenge, or the list after the last."""
        following = self.following_challenge()
        if following is None:
            self.to_list()
        else:
            open_challenge(self.board.app, following)

    def to_list(self) -> None:
        """Back to the challenge screen at this game."""
        mode = self.challenge.mode if self.challenge is not None else None
        self.board.app.goto("challenges", mode=mode)

    def hint(self) -> str | None:
        """No hints in a challenge: the solution is offered after a failure."""
        return None

    # ----- drawing -----
    def log_rect(self, rect: pygame.Rect, unit: int) -> pygame.Rect:
        """What the move list keeps of its box: the goal card takes its top."""
        if self.challenge is None:
            return rect
        # A challenge's goal is longer than a lesson's: its card takes more of the panel, and all of a short box (the
        # goal matters more than the list of the few moves a challenge has).
        height = min(int(unit * 8.4), rect.h - unit * 4)
        if height < unit * 7:
            self.card.place(pygame.Rect(rect), unit)
            return pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, unit * 3))  # under the card, hidden
        self.card.place(pygame.Rect(rect.x, rect.y, rect.w, height), unit)
        top = self.card.rect.bottom + unit // 2
        return pygame.Rect(rect.x, top, rect.w, rect.bottom - top)

    def draw_card(self, surface: pygame.Surface) -> None:
        """The goal, the moves used and the stars, over the panel."""
        challenge = self.challenge
        if challenge is None:
            return
        t = self.board.env.t
        used = len(self.decisions())
        proof = challenge.proof
        if self.showing:
            counter = t("challenge.counter.shown")
        elif isinstance(proof, WinIn):
            counter = t("learn.counter", n=used, most=proof.moves)
        else:
            counter = t("learn.counter.open", n=used)
        stars = self.verdict.stars if self.verdict.done else 3
        self.card.draw(surface, t("challenge.goal"), challenge.text("goal", t.language), counter, stars)

    def draw_under(self, layer: pygame.Surface) -> bool:
        """A challenge marks nothing: finding the plan is the puzzle."""
        return False

    def draw_over(self, layer: pygame.Surface) -> bool:
        """No arrows either."""
        return False
