"""The Kubtafl side panel and board placement: a scrollable move log, readable removed dice, preview labels
that leave every die's value readable, a centred board, and panel texts that fit in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import MIN_WINDOW, App
from game.client.board.layout import BoardLayout
from game.client.dice import polyhedra
from game.client.kubtafl.demo import RICOCHET_ACTION, ricochet_session
from game.client.kubtafl.scene import KubtaflScene
from game.client.play.session import GameSession
from tests.client_helpers import frames, make_app, random_session
from tests.driver import BoardDriver


def open_board(size: tuple[int, int], session: GameSession, language: str = "en") -> tuple[App, KubtaflScene]:
    """The app at `size` showing `session`'s board, animations instant."""
    app = make_app(size, language, anim_speed="instant", menu=False)
    app.goto("kubtafl", session=session)
    frames(app, 3)
    board = app.scenes.current
    assert isinstance(board, KubtaflScene)
    return app, board


def long_session(actions: int = 40, seed: int = 5) -> GameSession:
    """A hot-seat game with `actions` random legal actions played (a long move log)."""
    return random_session("kubtafl", actions, seed)


def motion(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, 1)


def wheel(app: App, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
    frames(app, 1)


def shown_numbers(board: KubtaflScene) -> list[int]:
    """The numbers (from 1) of the list's lines shown now."""
    d = BoardDriver(board.app)
    top = d.move_list.first_shown()
    return [top + i + 1 for i in range(len(d.move_list.shown()))]


def total_lines(board: KubtaflScene) -> int:
    """How many lines the list holds (each turn's sentence wrapped to the list's width)."""
    return len(BoardDriver(board.app).move_lines)


def ink_in(surface: pygame.Surface, rect: pygame.Rect, ink: tuple[int, int, int]) -> int:
    """Pixels close to the colour `ink` inside `rect`."""
    count = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            r, g, b, *_ = surface.get_at((x, y))
            if abs(r - ink[0]) + abs(g - ink[1]) + abs(b - ink[2]) < 60:
                count += 1
    return count


def contrast_in(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """The spread between the lightest and darkest pixel inside `rect` (numerals on a face give a large one)."""
    levels = [
        sum(surface.get_at((x, y))[:3]) // 3 for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)
    ]
    return max(levels) - min(levels)


def test_move_log_scrolls_back_by_wheel_and_drag_and_follows_new_moves(home):
    app, board = open_board((1280, 720), long_session())
    d = BoardDriver(app)
    try:
        total = total_lines(board)
        rows = d.move_list.rows_shown
        assert total > rows
        newest = list(range(total - rows + 1, total + 1))
        assert shown_numbers(board) == newest
        log_rect = d.move_list.rect
        log_pixels = pygame.Surface(log_rect.size)
        log_pixels.blit(app.window, (0, 0), log_rect)
        # The wheel over the log goes back to older moves, and the drawn log changes with it.
        motion(app, log_rect.center)
        wheel(app, 3)
        assert shown_numbers(board) == [n - 3 for n in newest]
        changed = pygame.Surface(log_rect.size)
        changed.blit(app.window, (0, 0), log_rect)
        assert pygame.image.tobytes(changed, "RGB") != pygame.image.tobytes(log_pixels, "RGB")
        # The wheel elsewhere does not scroll it.
        motion(app, board.layout.board.center)
        wheel(app, 2)
        assert shown_numbers(board) == [n - 3 for n in newest]
        # Scrolled back, a new move does not yank the view: the same lines stay.
        before = shown_numbers(board)
        cell = sorted(d.offered.dice_with_actions())[0]
        d.commit(next(iter(d.offered.targets(cell).values())).action)
        frames(app, 3)
        assert total_lines(board) >= total
        assert shown_numbers(board) == before
        # Dragging the content down shows older moves; dragging it back up to the end follows the newest again.
        start = (log_rect.centerx - board.panel_layout.unit * 3, d.move_list.body.top + d.move_list.line)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        motion(app, (start[0], start[1] + 2 * d.move_list.line), (1, 0, 0))
        assert shown_numbers(board)[0] == before[0] - 2
        motion(app, (start[0], start[1] - 40 * d.move_list.line), (1, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
        frames(app, 1)
        assert d.move_list.top is None
        total = total_lines(board)
        assert shown_numbers(board)[-1] == total
        # The scroll bar's thumb drags too: to the top shows the first move.
        thumb = d.move_list.thumb(total, total - d.move_list.rows_shown)
        assert thumb is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
        motion(app, (thumb.centerx, d.move_list.track().top - 50), (1, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1))
        frames(app, 1)
        assert shown_numbers(board)[0] == 1
        assert d.overlay is None and d.chooser is None  # the log's clicks went nowhere else
    finally:
        app.close()


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720)], ids=["small", "720p"])
def test_removed_dice_are_large_enough_to_read(home, size):
    session = GameSession("kubtafl", "endgame", ["human", "human"], seed=5, autosave=False)
    app, board = open_board(size, session)
    BoardDriver(app)
    try:
        kinds = board.model.removed["dark"]
        assert kinds
        slots = board.view.pools().slots("dark", len(kinds))
        # All seven of a side would fit in the row, each at least 1.8 panel units (36 px at 720p) across.
        assert all(slot.w >= board.panel_layout.unit * 1.8 for slot in slots)
        assert board.view.pools().rows["dark"].contains(board.view.pools().slots("dark", 7)[-1])
        # The value is drawn on each, big enough to read and in contrast with the face (light numerals on the
        # charcoal dark dice, dimmed while Light may bring a die back).
        for kind, slot in zip(kinds, slots, strict=True):
            rect = polyhedra.value_rect(kind, polyhedra.FACES[kind], slot.w, slot.center)
            assert rect.h >= 8, kind
            assert contrast_in(app.window, rect) >= 60, kind
    finally:
        app.close()


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720), (1920, 1080)], ids=["small", "720p", "1080p"])
def test_preview_labels_leave_every_die_value_readable(home, size):
    session = ricochet_session(["human", "human"])
    app, board = open_board(size, session)
    d = BoardDriver(app)
    try:
        board.view.show_preview_of(RICOCHET_ACTION)
        frames(app, 1)
        preview = d.preview
        assert preview is not None and len(preview.damage) >= 3
        labels = board.view.overlays.label_rects
        assert len(labels) == len(preview.damage) + len(preview.gains)
        values = {
            c: polyhedra.value_rect(d.kind, d.value, board.layout.piece_size, board.layout.cell_center(c))
            for c, d in board.model.dice.items()
        }
        for label in labels:
            for cell, rect in values.items():
                assert not label.colliderect(rect), f"a label covers the value of the die on {cell}"
        for i, a in enumerate(labels):
            assert all(not a.colliderect(b) for b in labels[i + 1 :])
        # Each struck die's numerals are still on screen, in its ink colour.
        for c in preview.damage:
            cell = f"{chr(97 + c[0])}{c[1] + 1}"
            die = board.model.dice[cell]
            ink = (40, 30, 22) if die.side == "light" else (244, 236, 220)
            assert ink_in(app.window, values[cell], ink) >= values[cell].w * values[cell].h // 8, cell
    finally:
        app.close()


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720), (1920, 1080), (1280, 1000), (2560, 1080)])
@pytest.mark.parametrize("cols", [8, 10])
def test_board_is_centred_left_of_the_panel(size, cols):
    layout = BoardLayout(size, cols, 8)
    frame = layout.frame
    assert abs(frame.left - (layout.panel.left - frame.right)) <= 1
    assert abs(frame.top - (size[1] - frame.bottom)) <= 1
    assert frame.right < layout.panel.left and layout.panel.right <= size[0]
    assert layout.panel.w <= max(280, size[1] * 0.6)  # no ballooning panel on ultra-wide windows


def test_board_drawn_where_the_layout_says(home):
    app, board = open_board((1920, 1080), ricochet_session(["human", "human"]))
    BoardDriver(app)
    try:
        frame, y = board.layout.frame, board.layout.frame.centery
        felt_left = app.window.get_at((frame.left - 4, y))
        wood_left = app.window.get_at((frame.left + 4, y))
        wood_right = app.window.get_at((frame.right - 5, y))
        felt_right = app.window.get_at((frame.right + 24, y))  # past the drop shadow's darkest part
        # Wood is warm (red well above blue); the felt is green-grey.
        assert wood_left.r > wood_left.b + 30 and wood_right.r > wood_right.b + 30
        assert felt_left.g >= felt_left.r and felt_right.g >= felt_right.r
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720), (1920, 1080)], ids=["small", "720p", "1080p"])
def test_panel_texts_fit_in_every_state(home, size, language):
    session = long_session(30)
    session.seats[1] = "ai:hard"
    app, board = open_board(size, session, language)
    d = BoardDriver(app)
    try:
        seen = set()
        t = app.t
        statuses = [
            t("kubtafl.status.lonely"),
            t("kubtafl.status.selected", die="d20 (20)"),
            t("board.status.animating"),
            t("kubtafl.status.reentry", die="d12"),
            t("kubtafl.status.chooser", title=t("kubtafl.popup.reenter", die="d12", cell="g10")),
            t("kubtafl.status.hint", move="d6@g7/f7:5"),
        ]
        for status in statuses:
            d.say(status)  # each of the longest statuses in turn
            frames(app, 1)
            assert d.status == status
            assert d.cut == [], d.cut
            seen.add(status)
        # The turn card while the computer (hard) thinks, with its dots at their longest.
        info = d.panel
        info.seat_text = t("board.seat.thinking", level=t("board.level.hard"))
        info.thinking = True
        from game.client.board.panel import draw_dynamic

        assert draw_dynamic(app.window, board.panel_layout, info, 1.0, board.view.draw_emblem) == []
        assert len(seen) == len(statuses)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_game_over_reason_wraps_inside_the_dialog(home, language):
    app, board = open_board(MIN_WINDOW, ricochet_session(["human", "ai:hard"]), language)
    d = BoardDriver(app)
    try:
        t = app.t
        long_reason = " ".join(
            t(f"kubtafl.reason.{r}", loser=t("kubtafl.side_gen.dark"), loser_side=t("kubtafl.side.dark"))
            for r in ("d20_blocked", "no_legal_action", "draw_repetition")
        )
        board.show_game_over(t("board.winner.ai"), long_reason)
        frames(app, 2)
        lines = d.card_reason_lines
        assert len(lines) >= 3
        box = d.card_reason_box
        font = app.fonts.get(app.s(18))
        assert all(font.size(line)[0] <= box.w for line in lines)
        buttons = d.card_button_rects
        assert box.bottom <= buttons[0].top  # the reason ends above Rematch
        assert d.card_rect.contains(buttons[-1])
        assert app.window.get_rect().contains(d.card_rect)
    finally:
        app.close()
