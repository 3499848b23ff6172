"""Opening a lesson on the board, reading the player's stars, and telling problems with either once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.learn.lessons import Course, Lesson, load_course
from game.learn.progress import Progress, load_progress

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.play.session import GameSession


def lesson_session(lesson: Lesson) -> GameSession:
    """A fresh attempt: the lesson's position, seats and dice seed; never autosaved (a lesson is replayed whole)."""
    from game.client.play.session import GameSession

    return GameSession(
        lesson.mode, f"learn-{lesson.id}", lesson.seats(), lesson.seed, autosave=False, game=lesson.game()
    )


def open_lesson(app: App, lesson: Lesson, intro: bool = True) -> None:
    """Play `lesson` on its mode's board (the first level of a stage opens with the stage's intro unless `intro` is
    False: a retry)."""
    app.goto(lesson.mode, session=lesson_session(lesson), lesson=lesson, intro=intro)


def course(app: App, mode: str) -> Course:
    """The mode's lessons; a stage file that does not load is told once (the others play)."""
    loaded = load_course(mode)
    for problem in loaded.problems:
        app.notify_once(app.t("learn.msg.bad_stage", detail=problem))
    return loaded


def progress(app: App) -> Progress:
    """The player's stars; a damaged file is set aside and told once."""
    loaded = load_progress()
    if loaded.newer:
        app.notify_once(app.t("learn.msg.newer_progress"))
    elif loaded.problem:
        app.notify_once(app.t("learn.msg.bad_progress", detail=loaded.problem))
    return loaded


def keep_stars(app: App, lesson: Lesson, stars: int) -> None:
    """Store the stars earned on `lesson` when better than before; a failed write is told once."""
    table = progress(app)
    table.offered = True
    if table.record(lesson.key, stars) or table.fresh:
        problem = table.save()
        if problem:
            app.notify_once(app.t("learn.msg.save_failed", detail=problem))
