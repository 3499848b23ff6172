"""The board layer's own parts, driven through a real board scene by posted events: the amount picker (wheel,
drag, digits, keys, default), the option chooser's keys, the hand-over card of pass-and-play, the animator's
dispatch by event type, and the panel's seat row for four seats."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import App, start_session
from game.client.board.animator import Animator
from game.client.board.panel import PanelInfo, PanelLayout, SeatChip, draw_dynamic
from game.client.kubtafl.scene import KubtaflScene
from game.client.kubtafl.view import KubtaflView
from game.engine.kubtafl.events import Damaged, Moved
from tests.client_helpers import board_of, click_at, click_cell, english_app, frames, key, settle
from tests.driver import BoardDriver


@pytest.fixture
def app(home):
    """The app at 1280×720, in English, fades off, on a hot-seat Kubtafl board."""
    application = english_app()
    start_session(application, "kubtafl", "standard", ["human", "human"], 3)
    settle(application)
    yield application
    application.close()


def wheel(app: App, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
    frames(app, 1)


def motion(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, 1)


def open_picker(board: KubtaflScene, low: int = 1, high: int = 6, default: int = 5) -> tuple[list[int], list[int]]:
    """Open the picker on a4; returns the lists the commit and change callbacks fill."""
    committed: list[int] = []
    changes: list[int] = []
    board.popups.open_picker("How many?", low, high, default, "a4", committed.append, changes.append)
    return committed, changes


def test_picker_starts_at_its_default_and_the_wheel_and_keys_change_it(app):
    d = BoardDriver(app)
    board = board_of(app)
    committed, changes = open_picker(board)
    frames(app, 1)
    assert d.picker is not None and d.picker.value == 5
    motion(app, d.picker.number.center)
    wheel(app, 3)  # past the top: stays at the most
    assert d.picker.value == 6
    wheel(app, -2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_HOME)
    assert d.picker.value == 1
    key(app, pygame.K_END)
    assert changes == [6, 4, 3, 1, 6]
    key(app, pygame.K_RETURN)
    assert committed == [6] and d.picker is None
    assert board.session.log == []  # the picker hands the amount to the mode; it plays nothing itself


def test_picker_digits_drag_buttons_ok_and_cancel(app):
    d = BoardDriver(app)
    board = board_of(app)
    committed, _ = open_picker(board, 1, 12, 11)
    frames(app, 1)
    key(app, pygame.K_1)
    assert d.picker.value == 1
    key(app, pygame.K_2)  # "12"
    assert d.picker.value == 12
    key(app, pygame.K_BACKSPACE)
    assert d.picker.value == 1
    key(app, pygame.K_7)  # "17" is out of range: a new number starts
    assert d.picker.value == 7
    # Dragging the number up adds, down takes away; the ± buttons step.
    start = d.picker.number.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step = int(d.picker.unit * 0.6) + 1
    motion(app, (start[0], start[1] - 3 * step), (1, 0, 0))
    assert d.picker.value == 10
    motion(app, (start[0], start[1] + 2 * step), (1, 0, 0))
    assert d.picker.value == 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    frames(app, 1)
    click_at(app, d.picker.plus.center, settle=1)
    click_at(app, d.picker.plus.center, settle=1)
    click_at(app, d.picker.minus.center, settle=1)
    assert d.picker.value == 6
    click_at(app, d.picker.ok.center, settle=1)
    assert committed == [6] and d.picker is None
    # Esc and a click outside cancel without committing.
    committed, _ = open_picker(board)
    key(app, pygame.K_ESCAPE)
    assert d.picker is None and d.overlay is None
    committed, _ = open_picker(board)
    frames(app, 1)
    click_at(app, (5, 5), settle=1)
    assert d.picker is None and committed == []


def test_chooser_digit_commits_its_option_and_arrows_preview(app):
    d = BoardDriver(app)
    board = board_of(app)
    # Light gives from a1 to a2 (the endgame's transfer): open it with T after Tab.
    start_session(app, "kubtafl", "endgame", ["human", "human"], 5)
    board = board_of(app)
    settle(app)
    click_cell(app, "a1")
    options = d.offered.transfers[("a1", "a2")]
    d.open_transfer("a1", "a2")
    # Nothing was previewed: it opens on the largest amount, as hovering the '+' badge previews it.
    assert d.chooser is not None and d.preview_text == options[-1].text
    key(app, pygame.K_LEFT)
    assert d.preview_text == options[-2].text
    key(app, getattr(pygame, f"K_{options[-1].label}"))
    settle(app)
    assert board.session.log == [options[-1].text] and d.chooser is None


class HandoverView(KubtaflView):
    """A Kubtafl view that asks for the hand-over card (as CheckRisk will) to test the card itself."""

    def handover(self, seat: int) -> str | None:
        return f"{self.seat_name(seat)} — your move"


class HandoverScene(KubtaflScene):
    view_class = HandoverView


def test_handover_card_names_the_next_human_and_holds_input_until_dismissed(app):
    d = BoardDriver(app)
    app.scenes.register("kubtafl", HandoverScene)
    start_session(app, "kubtafl", "standard", ["human", "human"], 3)
    board_of(app)  # a Kubtafl board with the card-asking view
    settle(app)
    assert d.handover is None  # the first player needs no hand-over
    click_cell(app, "a3")
    click_cell(app, "a5")
    settle(app)
    frames(app, 1)
    card = d.handover_card
    assert card is not None and card.seat == 1 and card.message == "Dark — your move" and card.name == "Dark"
    assert not d.accepting
    click_cell(app, "h6")  # refused: the card is up
    assert d.selected is None and d.handover_card is card
    key(app, pygame.K_RETURN)
    assert d.handover is None and d.accepting
    click_cell(app, "h6")
    assert d.selected == "h6"


def test_hot_seat_kubtafl_shows_no_handover_card(app):
    d = BoardDriver(app)
    board_of(app)  # a Kubtafl board
    click_cell(app, "a3")
    click_cell(app, "a5")
    settle(app)
    assert d.handover is None and d.accepting


def test_animator_dispatches_on_the_exact_event_type():
    from game.client.anim import AnimQueue

    seen: list[str] = []
    animator = Animator(AnimQueue(), lambda name: None)
    animator.register(Moved, lambda ev: seen.append(f"moved {ev.src}-{ev.dst}"))
    animator.play([Moved("light", "d6", "a3", "a5"), Damaged("dark", "d6", "a6", 6, 4, 2)])
    assert seen == ["moved a3-a5"]  # no handler for Damaged: skipped


def test_panel_seat_row_for_four_seats_fits_and_greys_the_eliminated(home):
    pygame.init()
    surface = pygame.Surface((1280, 720))
    layout = PanelLayout(pygame.Rect(880, 20, 380, 680), 0.0, seat_row=True)
    assert layout.seats.h > 0 and layout.turn.bottom < layout.seats.top < layout.log.top
    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    colours = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0)]
    drawn: list[int] = []
    info = PanelInfo(
        title="CheckRisk",
        subtitle="",
        seat=2,
        colour=colours[2],
        turn_text="Player 3 to move",
        seat_text="Human player",
        thinking=False,
        status="",
        keys="",
        seats=[SeatChip(n, c, eliminated=i == 1) for i, (n, c) in enumerate(zip(names, colours, strict=True))],
        acting=2,
    )
    cut = draw_dynamic(surface, layout, info, 0.0, lambda surf, seat, rect: drawn.append(seat))
    assert cut == [] and drawn == [2, 0, 1, 2, 3]  # the turn card's emblem, then one per seat
    # The four chips in one line (the move list below keeps its room); the eliminated seat's outline is grey, the
    # others keep their colour.
    gap = layout.unit // 4
    w = (layout.seats.w - 3 * gap) // 4
    outline = {
        i: tuple(surface.get_at((layout.seats.left + i * (w + gap) + w // 2, layout.seats.top)))[:3] for i in range(4)
    }
    assert outline[1] == (110, 104, 96) and outline[0] == colours[0] and outline[3] == colours[3]
