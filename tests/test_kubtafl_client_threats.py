"""Kubtafl at a glance, by posted events: an enemy die's reach and the threats against one's own dice (read from the
engine), a stale hint dropped, the repetition draw warned in the preview, a draw shown neutral, the d% showing its
strength, and the transfer popup (hovered amount, clear of the preview, drag and T after Tab)."""

from __future__ import annotations

import pygame
import pytest

from game.client import palette
from game.client.dice import polyhedra
from game.client.kubtafl.demo import ricochet_session, screenshot_contexts
from game.client.play.session import GameSession
from game.engine.kubtafl import Damaged, Impact, Move, ReEntry
from tests.client_helpers import board_of, click_cell, frames, key, make_app, random_session, settle
from tests.driver import BoardDriver


def hover(app, cell: str) -> None:
    """The pointer over a board cell."""
    BoardDriver(app).hover(cell, settle=2)


def marks(app, *kinds: str) -> dict[str, str]:
    """Cell -> text of this frame's marks of these kinds."""
    return {m.cell: m.text for m in BoardDriver(app).marks() if m.kind in kinds}


def open_ricochet(app) -> None:
    app.goto("kubtafl", session=ricochet_session(["human", "human"]))
    settle(app)
    frames(app, 2)


def test_for_side_gives_the_other_sides_actions_and_leaves_the_state_alone():
    state = ricochet_session().state
    before = state.to_dict()
    other = state.for_side(1)
    assert state.to_dict() == before and state.current_player() == 0 and other.current_player() == 1
    actions = other.legal_actions()
    assert actions and all(
        other.die_at(a.src if isinstance(a, Move) else a.donor).side == 1 for a in actions if not isinstance(a, ReEntry)
    )
    assert state.for_side(0).legal_actions() == state.legal_actions()


def test_hover_or_click_an_enemy_die_shows_its_reach_with_each_rams_damage(app):
    d = BoardDriver(app)
    open_ricochet(app)
    board = board_of(app)
    other = board.session.state.for_side(1)
    src = other.geo.parse_cell("a7")
    moves, rams = set(), {}
    for action in other.legal_actions():
        if isinstance(action, Move) and action.src == src:
            impact = next((e for e in other.preview(action) if isinstance(e, Impact)), None)
            name = other.cell_name(action.dst)
            if impact is None:
                moves.add(name)
            elif impact.target_side == "light":
                rams[name] = f"−{impact.damage}"
    assert moves and rams  # the position has both
    hover(app, "a7")
    assert set(marks(app, "reach")) == moves and marks(app, "reach_hit") == rams
    assert d.status.startswith("Dark d8 (8)")
    hover(app, "d4")  # an empty cell: the hover's reach goes
    assert not marks(app, "reach", "reach_hit")
    click_cell(app, "a7")  # a click keeps it shown
    hover(app, "d4")
    assert set(marks(app, "reach")) == moves and marks(app, "reach_hit") == rams
    assert board.session.log == ricochet_session().log  # looking plays nothing
    click_cell(app, "d4")
    assert not marks(app, "reach", "reach_hit")
    for _ in range(7):  # the keyboard cursor starts on Light's d20 (a1); on a7 it shows that die's reach
        key(app, pygame.K_UP, settle=1)
    frames(app, 1)
    assert d.cursor == (0, 6)
    assert set(marks(app, "reach")) == moves and marks(app, "reach_hit") == rams


def test_v_marks_every_own_die_the_other_side_can_hit_with_the_worst_damage(app):
    d = BoardDriver(app)
    open_ricochet(app)
    board = board_of(app)
    state = board.session.state
    other = state.for_side(1)
    cells = {polyhedra.KINDS[d.kind]: state.cell_name(d.cell) for d in state.dice(0)}
    worst: dict[str, int] = {}
    for action in other.legal_actions():
        dealt: dict[str, int] = {}
        for e in other.preview(action):
            if isinstance(e, Damaged) and e.side == "light":
                dealt[cells[e.die]] = dealt.get(cells[e.die], 0) + e.amount
        for cell, amount in dealt.items():
            worst[cell] = max(worst.get(cell, 0), amount)
    assert worst
    assert not marks(app, "threat")
    key(app, pygame.K_v, settle=2)
    assert marks(app, "threat") == {cell: f"−{amount}" for cell, amount in worst.items()}
    assert "V" in d.keys_line
    key(app, pygame.K_v, settle=2)
    assert not marks(app, "threat")


def test_the_threats_screenshot_state_is_offered():
    assert "threats" in [name for name, _context in screenshot_contexts(None)]


def test_a_stale_hint_goes_once_another_move_is_previewed(app):
    d = BoardDriver(app)
    open_ricochet(app)
    key(app, pygame.K_h, settle=3)
    assert d.hint_move and d.status.startswith("Hint")
    other = next(t for t in d.offered.by_text if "-" in t and t != d.hint_move)
    src, dst = other.split("-")
    click_cell(app, src)
    hover(app, dst)
    assert d.preview_text == other
    assert d.hint_move is None and not d.status.startswith("Hint")
    assert not marks(app, "hint")


def test_the_preview_warns_of_a_repetition_draw_and_the_draw_card_is_neutral(app):
    d = BoardDriver(app)
    app.goto("kubtafl", session=GameSession("kubtafl", "standard", ["human", "human"], seed=1, autosave=False))
    settle(app)
    board = board_of(app)
    shuffle = ["a3-a4", "h6-h5", "a4-a3", "h5-h6"] * 2
    for move in shuffle[:-1]:
        src, dst = move.split("-")
        click_cell(app, src)
        click_cell(app, dst)
        settle(app)
    click_cell(app, "h5")
    hover(app, "h4")  # not a repetition
    assert "repetition" not in d.status
    hover(app, "h6")
    assert d.status == app.t("kubtafl.status.draws.draw_repetition")
    click_cell(app, "h6")
    settle(app)
    frames(app, 2)
    assert board.session.outcome.winner is None
    info = d.panel
    assert info.seat == -1 and info.colour == palette.BRASS and info.turn_text == app.t("gameover.draw")
    key(app, pygame.K_ESCAPE, settle=2)  # close the card: the board and panel stay
    # The turn card's emblem is the neutral one (dark between its two bars), not a side's ivory or charcoal d20.
    card = board.panel_layout.turn
    centre = (card.left + board.panel_layout.unit + int(card.h * 0.72) // 2, card.centery)
    assert tuple(app.window.get_at(centre))[:3] == (30, 23, 19)
    key(app, pygame.K_LEFT)  # reviewing the final position keeps it neutral
    key(app, pygame.K_END)
    assert d.panel.seat == -1


def test_the_d_percent_shows_its_strength_large_and_its_printed_face_small():
    size = 96
    five = polyhedra.value_rect("d%", 5, size, (0, 0))
    ten = polyhedra.value_rect("d%", 10, size, (0, 0))
    d10_five = polyhedra.value_rect("d10", 5, size, (0, 0))
    # One numeral ("5"), as wide as a d10's 5 drawn a little smaller, not two ("50").
    assert five.w < ten.w * 0.75 and abs(five.w - d10_five.w) <= d10_five.w * 0.3
    assert polyhedra.printed_note("d%", 5) == "50" and polyhedra.printed_note("d10", 5) == ""
    image = polyhedra.die_surface("d%", "light", 5, size)
    ink = polyhedra._STYLE["light"]["ink"]
    below = [
        image.get_at((x, y))[:3]
        for x in range(size // 3, 2 * size // 3)
        for y in range(five.bottom + size // 2 + 1, five.bottom + size // 2 + size // 6)
    ]
    # The printed "50" stands under the strength, inked in a softer shade than the numeral.
    assert any(sum(abs(a - b) for a, b in zip(px, ink, strict=True)) < 200 for px in below)


def open_transfers(app) -> None:
    """A position where Light's d10 on b2 can give to b3 (1–4) and to a2 (1)."""
    app.goto("kubtafl", session=random_session("kubtafl", 20, seed=42))
    settle(app)
    frames(app, 2)
    assert set(BoardDriver(app).offered.recipients("b2")) == {"b3", "a2"}


def test_a_drag_onto_an_own_die_previews_the_transfer_and_the_popup_opens_on_that_amount_clear_of_it(app):
    d = BoardDriver(app)
    open_transfers(app)
    board = board_of(app)
    start, end = (tuple(int(v) for v in board.layout.cell_center(c)) for c in ("b2", "b3"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 2)
    largest = d.offered.transfers[("b2", "b3")][-1].text
    assert d.preview_text == largest  # the transfer the drop opens, not the shove of b3
    assert marks(app, "badge") == {"b3": "+4", "b2": "−4"} and not marks(app, "arrow")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)
    assert d.chooser is not None and d.chooser.focused.text == largest
    assert board.view.overlays.label_rects
    assert not any(d.chooser.rect.colliderect(r) for r in board.view.overlays.label_rects)
    key(app, pygame.K_RETURN, settle=1)
    assert board.session.log[-1] == largest


def test_t_after_tab_offers_every_transfer_of_the_selected_die(app):
    d = BoardDriver(app)
    open_transfers(app)
    board = board_of(app)
    for _ in range(12):
        key(app, pygame.K_TAB)
        if d.selected == "b2":
            break
    assert d.selected == "b2" and d.chooser is None
    key(app, pygame.K_t, settle=2)
    assert d.chooser is not None
    rows = {label: [o.text for o in options] for label, options in d.chooser.rows}
    index = d.offered
    assert rows == {f"to {rec}": [o.text for o in index.transfers[("b2", rec)]] for rec in ("b3", "a2")}
    assert d.preview_text == d.chooser.focused.text
    key(app, pygame.K_DOWN, settle=1)
    key(app, pygame.K_RETURN, settle=1)
    assert board.session.log[-1] == "b2>a2:1"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_new_words_fit_the_panel(home, size, language):
    app = make_app(size, language=language)
    d = BoardDriver(app)
    try:
        open_ricochet(app)
        key(app, pygame.K_v, settle=2)
        click_cell(app, "a7")
        frames(app, 2)
        assert d.status and not d.cut
        d.drop_preview()
        for status in (
            "kubtafl.status.draws.draw_repetition",
            "kubtafl.status.draws.draw_100_quiet",
            "kubtafl.status.reach_none",
        ):
            text = app.t(status, side="x", die="d20 (20)")
            d.drop_picks()
            d.say(text)  # the status line shows it as it would any message of that length
            frames(app, 2)
            assert d.status == text and not d.cut, status
    finally:
        app.close()
