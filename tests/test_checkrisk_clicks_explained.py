"""CheckRisk clicks say what they do before they do it, by posted events: a hovered move shows its amount (the move
card, the whole stack by default, another amount by the wheel or a digit), a click that does nothing says why on the
status line, and a near-certain attack's odds badge is not red."""

from __future__ import annotations

import pygame
import pytest
from client_helpers import checkrisk_battle, click_cell, current, frames, key, make_app, open_checkrisk, settle_scene

from game.client import palette
from game.client.checkrisk import move_card
from game.client.checkrisk.scene import CheckRiskScene
from tests.driver import BoardDriver


def board(app) -> CheckRiskScene:
    return current(app, CheckRiskScene)


def hover(app, cell: str) -> None:
    BoardDriver(app).hover(cell, settle=2)


def wheel(app, steps: int) -> None:
    BoardDriver(app).wheel(steps, settle=2)


def test_a_hovered_move_shows_the_whole_stack_going_and_the_wheel_changes_it_before_the_click(app):
    d = BoardDriver(app)
    b = open_checkrisk(app, {"c2": (0, 4), "c4": (0, 5), "h8": (1, 3)})
    click_cell(app, "c2")
    hover(app, "c3")
    assert b.view.odds_rect is not None  # the move card beside c3
    texts = move_card.lines(b.session.state, "c2", "c3", d.amount("c2", "c3"), [1, 2, 3, 4], app.t)
    assert texts[:2] == ["Move 4 tokens to c3", "c2 is left empty"]
    wheel(app, -1)
    assert d.amount("c2", "c3") == 3
    assert move_card.lines(b.session.state, "c2", "c3", 3, [1, 2, 3, 4], app.t)[1] == "1 token stays on c2"
    click_cell(app, "c3")
    settle_scene(app)
    assert b.session.log[-1] == "c2-c3:3"
    # A merge says what the target will hold; a digit sets the amount.
    click_cell(app, "c3")
    key(app, pygame.K_1)
    hover(app, "c4")
    assert b.view.odds_rect is not None and d.amount("c3", "c4") == 1
    assert "c4 will hold 6" in move_card.lines(b.session.state, "c3", "c4", 1, [1], app.t)
    click_cell(app, "c4")
    settle_scene(app)
    assert b.session.log[-1] == "c3-c4:1"


def test_a_click_that_does_nothing_says_why(app):
    d = BoardDriver(app)
    b = open_checkrisk(app, {"c2": (0, 4), "c3": (0, 6), "d2": (1, 2), "h8": (1, 3)})
    click_cell(app, "e5")
    assert "First click one of your stacks" in b.view.phase_status(b.session.state)
    click_cell(app, "d2")
    assert "d2 is not yours" in b.view.phase_status(b.session.state)
    click_cell(app, "c2")
    assert d.selected == "c2"
    click_cell(app, "c3")  # full: six already
    assert "c3 is full" in b.view.phase_status(b.session.state) and d.selected == "c3"
    click_cell(app, "c3")  # dropped
    click_cell(app, "c2")
    click_cell(app, "e4")
    assert "e4 is not next to c2" in b.view.phase_status(b.session.state)
    assert b.session.log == []


def test_a_near_certain_attacks_odds_badge_is_not_red(app):
    b = open_checkrisk(app, {"c3": (0, 6), "d3": (1, 1), "c4": (1, 6), "h8": (1, 3)})
    click_cell(app, "c3")
    frames(app, 2)
    badges = {m.cell: m for m in b.marks.drawn if m.kind == "crosshair"}
    assert badges["d3"].text == ">99%" and badges["d3"].paint != palette.ATTACK
    assert badges["d3"].paint == palette.TRANSFER and badges["c4"].paint == palette.SELECT  # six against six: near even


def test_the_odds_badge_leaves_the_defenders_count_readable(app):
    b = open_checkrisk(app, {"c3": (0, 6), "d3": (1, 3), "c4": (1, 1), "h8": (1, 3)})
    click_cell(app, "c3")
    frames(app, 2)
    counts = b.view.value_rects()
    assert set(b.view.odds_badges) == {"d3", "c4"}
    assert all(badge.collidelist(counts) < 0 for badge in b.view.odds_badges.values())


def test_a_blitz_won_leaves_no_stop_button_beside_the_move_in_picker(app):
    d = BoardDriver(app)
    b = checkrisk_battle(app, "d4", "d5", pygame.K_b)
    battle = b.session.state.pending_battle()
    assert battle is not None and battle.stage == "occupy" and d.picker is not None
    assert "stop" not in d.battle_card_keys


def test_the_screenshot_of_a_hovered_move_shows_its_amount(app, tmp_path):
    d = BoardDriver(app)
    from game.client.checkrisk import shots

    written: list = []
    assert shots.move_amount_screen(app, tmp_path, written) == []
    assert [path.name for path in written] == ["checkrisk_move_amount.png"] and written[0].exists()
    b = board(app)
    assert d.selected and d.hovered and b.view.odds_rect is not None  # the move card by the hovered cell


def test_a_board_click_during_a_battle_says_to_answer_the_battle_first(app):
    d = BoardDriver(app)
    b = open_checkrisk(app, {"d4": (0, 6), "a1": (0, 2), "d5": (1, 6), "h8": (1, 3)})
    click_cell(app, "d4")
    click_cell(app, "d5")
    settle_scene(app)
    battle = b.session.state.pending_battle()
    assert battle is not None and battle.stage == "attacker"
    assert not d.battle_card_rect.collidepoint(b.layout.cell_center("b7"))
    click_cell(app, "b7")
    assert d.status.startswith("A battle is on: answer it first")
    assert b.session.state.pending_battle() == battle


def test_a_digit_typed_before_picking_a_stack_goes_with_the_stack_picked_next(app):
    d = BoardDriver(app)
    b = open_checkrisk(app, {"c2": (0, 4), "h8": (1, 3)})
    key(app, pygame.K_1)
    assert d.status.startswith("1 token: now click one of your stacks")
    click_cell(app, "c2")
    click_cell(app, "c3")
    settle_scene(app)
    assert b.session.log[-1] == "c2-c3:1"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_why_not_note_fits_the_status_line_at_1024x600(home, language):
    from game.client.board.wording import counted

    application = make_app((1024, 600), language=language, menu=False)
    d = BoardDriver(application)
    try:
        open_checkrisk(application, {"c2": (0, 4), "c3": (0, 6), "d2": (1, 2), "h8": (1, 3)})
        t = application.t
        kinds = ("full", "not_near", "stuck", "enemy", "pick_first", "not_reinforce", "battle_first")
        notes = [t(f"checkrisk.note.{kind}", cell="c3", origin="c2") for kind in kinds]
        notes += [counted(t, "checkrisk.note.amount_first", n) for n in (1, 2, 5)]
        for note in notes:
            d.why_not(note)
            frames(application, 2)
            assert d.status == note and d.cut == [], note
    finally:
        application.close()
