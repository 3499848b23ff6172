"""Battle Checkers at the board, driven by real posted events: deployment by clicks, wheel and drag (B4), a turn
using both dice on two units (B6), the sum with turn–move–turn (B7), a head-on duel and the not-moving rule, a
left-flank attack stopped by the shield and a second one succeeding (B10), the fate roll called and declined with
its exact expectation (B11), undo that never rerolls, the threat view, a prepared level played to the game-over
card (B12), two AI seats to the end, and no cut text in either language at two sizes."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest
from client_helpers import button_by_text, click, click_at, current, frames, key, make_app, settle_scene

from game.client import lettering
from game.client.battle_checkers import demo
from game.client.battle_checkers.animation import tied_rolls
from game.client.battle_checkers.scene import BattleCheckersScene
from game.client.battle_checkers.threat import sum_at_least
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers import USE_DIE1, USE_DIE2, USE_SUM, Activate, BattleCheckersGame, Duel
from game.engine.battle_checkers.odds import fate_expected_loss_of_lower, fate_no_change
from tests.driver import BoardDriver

HOT = ["human", "human"]


@pytest.fixture
def app(home):
    application = make_app(anim_speed="fast")
    yield application
    application.close()


def board(app) -> BattleCheckersScene:
    return current(app, BattleCheckersScene)


idle = settle_scene  # frames until nothing animates and no AI seat is due


def hover(app, cell: str) -> None:
    BoardDriver(app).hover(cell)


def click_cell(app, cell: str, button: int = 1) -> None:
    BoardDriver(app).click(cell, button)


def wheel(app, steps: int) -> None:
    BoardDriver(app).wheel(steps)


def drag(app, src: str, dst: str) -> None:
    BoardDriver(app).drag(src, dst)


def slot_button(app, name: str) -> None:
    """Click the drawn button or dice chip `name` of the panel slot."""
    BoardDriver(app).press_slot(name)


def fate_button(app, name: str) -> None:
    match = [b for b in board(app).view.fate.layout() if b.key == name]
    assert match and board(app).view.fate.visible
    click_at(app, match[0].rect.center, settle=1)


def start(app, session: GameSession) -> BattleCheckersScene:
    app.goto("battle_checkers", session=session)
    idle(app)
    return board(app)


def test_b4_hot_seat_deployment_by_clicks_wheel_drag_and_a_preset_from_the_menu(app):
    d = BoardDriver(app)
    click(app, button_by_text(app, "Battle Checkers"))
    assert app.scenes.current_name == "new_game"
    app.scenes.current.choose("seat", 1, "human")
    click(app, button_by_text(app, "Start game"))
    b = board(app)
    assert b.session.seats == HOT
    idle(app)
    click_cell(app, "c2")
    assert d.draft == {"c2": 0}  # a new unit faces the enemy (north)
    wheel(app, 1)
    assert d.draft == {"c2": 1}
    key(app, pygame.K_q)
    key(app, pygame.K_q)
    assert d.draft == {"c2": 7}
    drag(app, "c2", "d3")
    assert d.draft == {"d3": 7}
    click_cell(app, "e7")  # the enemy's half: refused
    assert "e7" not in d.draft
    click_cell(app, "d3", button=3)
    assert d.draft == {}
    click_cell(app, "b1")
    slot_button(app, "auto")
    assert d.units_left == 0 and "b1" in d.draft
    slot_button(app, "confirm")
    idle(app)
    state = b.session.state
    assert state.phase == "deploy" and state.player == 1 and state.unit_count(0) == 8
    assert state.unit_at("b1")["facing"] == "N"
    assert d.handover is not None and "deploys" in d.handover
    key(app, pygame.K_RETURN)
    slot_button(app, "preset:wedge")
    assert len(d.draft) == 8 and all(int(c[1:]) >= 6 for c in d.draft)
    slot_button(app, "confirm")
    idle(app)
    state = b.session.state
    assert "preset wedge" in b.session.log
    assert state.phase == "main" and state.player == 0 and state.dice is not None
    # Orange takes the seat first, then sees the first turn's roll.
    assert d.handover is not None and d.handover_seat == 0 and b.model.dice is None
    key(app, pygame.K_RETURN)
    idle(app)
    assert b.model == b.view.build_model(state)


def test_b4_a_draft_belongs_to_its_side_and_undo_to_the_other_side_drops_it(app):
    d = BoardDriver(app)
    b = start(app, GameSession("battle_checkers", "standard", HOT, seed=3, autosave=False))
    slot_button(app, "auto")
    slot_button(app, "confirm")
    idle(app)
    key(app, pygame.K_RETURN)  # Blue takes the seat
    assert b.session.state.player == 1
    slot_button(app, "auto")  # Blue's draft on its own half
    assert d.units_left == 0
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # back to Orange's deployment
    idle(app)
    if d.handover is not None:
        key(app, pygame.K_RETURN)
    state = b.session.state
    assert state.phase == "deploy" and state.player == 0
    assert d.draft == {}  # Blue's cells are not Orange's to confirm
    key(app, pygame.K_RETURN)  # Enter confirms a draft: there is none, nothing happens
    assert b.session.state.to_dict() == state.to_dict()


def test_b6_a_turn_using_both_dice_on_two_units(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT, dice=(2, 5)))
    click_cell(app, "c2")
    slot_button(app, f"use:{USE_DIE1}")
    assert d.chosen_die == USE_DIE1 and d.die_pips(USE_DIE1) == 2
    assert max(d.cheapest(c) for c in d.plans()) == 2
    assert "c5" not in d.plans()  # three cells away: beyond 2 pips
    click_cell(app, "c4")
    idle(app)
    assert b.session.log[-1] == "c2:1 F2"
    assert b.model.spent == [True, False]
    click_cell(app, "h2")
    assert d.chosen_die is None and d.open_dice == [USE_DIE2]  # the only chip left
    click_cell(app, "h7")
    idle(app)
    assert "h2:2 F5" in b.session.log
    # Both dice spent and no attack open: the turn ended by itself.
    assert b.session.state.player == 1


def test_b7_the_sum_with_turn_move_turn_and_only_the_engines_plans(app):
    d = BoardDriver(app)
    app.settings.anim_speed = "normal"
    b = start(app, demo.position({"c2": (0, "N"), "d4": (0, "N"), "d5": (1, "S"), "h9": (1, "S")}, HOT))
    click_cell(app, "d4")  # next to an enemy: it may only turn (B7)
    assert set(d.plans()) == {"d4"}
    click_cell(app, "c2")
    key(app, pygame.K_3)  # the sum, chosen: every plan below takes it
    assert d.selected == "c2" and d.chosen_die == USE_SUM and d.die_pips(USE_SUM) == 8
    state = b.session.state
    listed = {
        (a.to, a.facing) for a in state.unit_actions(state.board.cell("c2")) if isinstance(a, Activate) and a.use == 0
    }
    offered = {(state.board.cell(c), f) for c, costs in d.plans().items() for f in costs}
    assert offered == listed
    hover(app, "e4")
    assert d.facing("e4") == 1 and d.pips_left("e4") == 5  # R1 F2: the cheapest
    wheel(app, 1)
    key(app, pygame.K_e)
    assert d.facing("e4") == 3 and d.pips_left("e4") == 3
    assert any(m.kind == "ghost" and m.cell == "e4" and m.text == "SE" for m in b.marks.drawn)
    unit = b.model.units["c2"]
    click_cell(app, "e4")
    seen = []
    for _ in range(300):
        seen.append((unit.x, unit.y, unit.facing))
        frames(app, 1)
        if not d.busy:
            break
    assert b.session.log[-1] == "c2:s R1 F2 R2"
    # Turn, then slide, then turn again: it turns on c2, slides facing NE, and turns on e4.
    assert any(0.0 < f < 1.0 and x == 2.0 for x, _, f in seen)
    assert any(2.0 < x < 4.0 for x, _, _ in seen)
    assert all(f == 1.0 for x, _, f in seen if 2.0 < x < 4.0)
    assert any(1.0 < f < 3.0 and x == 4.0 for x, _, f in seen)
    assert unit.facing == 3.0 and b.model.units["e4"] == unit
    assert b.model == b.view.build_model(b.session.state)


def test_b10_a_head_on_duel_with_its_odds_and_both_dice(app):
    app.settings.anim_speed = "normal"
    b = start(app, demo.position({"d4": (0, "N"), "c2": (0, "N"), "d5": (1, "S"), "h9": (1, "S")}, HOT))
    hover(app, "d5")
    lines = BoardDriver(app).odds("d5")
    assert "Front" in lines[0] and "1/2" in lines[1] and "50%" in lines[1]
    assert any(m.kind == "crosshair" and m.cell == "d5" and m.text == "50%" for m in b.marks.drawn)
    turn = b.model.turn
    click_cell(app, "d5")
    assert b.session.log[:2] == ["d4xd5", b.session.log[1]] and b.session.log[1].startswith("duel ")
    shown = False
    results: list[str] = []
    for _ in range(1200):
        frames(app, 1)
        card = b.view.card
        if card.visible and len(card.tray.faces()) == 2:
            shown = True
        if card.visible and card.result and (not results or results[-1] != card.result):
            results.append(card.result)
        if not b.queue.busy:
            break
    assert shown
    _, a, d = b.session.log[1].split()
    loser = "d5" if int(a) > int(d) else "d4"
    # Tied rounds roll visibly before the deciding one, the same ones whenever this duel is shown.
    ties = tied_rolls(Duel("d4", "d5", int(a), int(d)), turn)
    winner = "d4" if loser == "d5" else "d5"
    assert results == ["Tie: both roll again"] * len(ties) + [f"{winner} wins the duel"]
    assert b.session.state.unit_at(loser) is None
    assert b.model == b.view.build_model(b.session.state)


def test_b10_left_flank_attack_stopped_by_the_shield_then_a_second_succeeds(app):
    d = BoardDriver(app)
    b = start(
        app, demo.position({"d5": (0, "E"), "d6": (0, "SE"), "a1": (0, "N"), "e5": (1, "N"), "j10": (1, "S")}, HOT)
    )
    click_cell(app, "d5")
    hover(app, "e5")
    lines = d.odds("e5")
    assert "Left flank" in lines[0] and "(0%)" in lines[1]
    click_cell(app, "e5")
    idle(app)
    assert b.session.log[-1] == "d5xe5"
    assert b.session.state.unit_at("e5") is not None and not b.session.state.unit_at("e5")["shield"]
    assert b.model.units["e5"].shield is False
    click_cell(app, "d6")
    hover(app, "e5")
    assert "(100%)" in d.odds("e5")[1]
    click_cell(app, "e5")
    idle(app)
    assert b.session.log[-1] == "d6xe5" and b.session.state.unit_at("e5") is None
    assert b.session.state.spirit[0] == 7
    assert b.view.fate.visible  # the winner is offered the fate roll


def fate_session() -> GameSession:
    return demo.position(
        {"d4": (0, "N"), "c2": (0, "N"), "e8": (1, "S"), "b7": (1, "E")},
        HOT,
        phase="fate_choice",
        spirit=(7, 5),
        fate_player=0,
    )


def test_b11_the_fate_roll_called_shows_its_expectation_and_takes_the_difference(app):
    b = start(app, fate_session())
    lines = b.view.fate.lines()
    assert fate_expected_loss_of_lower() == Fraction(35, 18) and fate_no_change() == Fraction(1, 6)
    assert "35/18" in lines[2] and "1/6" in lines[2]
    # Each side's spirit and whether this roll can end the game for it (Blue at 5 loses on a 6 against a 1).
    assert lines[3] == "You have 7 spirit: this roll cannot end the game for you"
    assert lines[4] == "Blue has 5 spirit: a loss by 5 or more ends the game (this roll: 2.8 %)"
    fate_button(app, "fate")
    idle(app)
    assert b.session.log[0] == "fate"
    _, mine, theirs = b.session.log[1].split()
    loss = abs(int(mine) - int(theirs))
    spirit = b.session.state.spirit
    if int(mine) > int(theirs):
        assert spirit == [7, max(0, 5 - loss)]
    elif int(mine) < int(theirs):
        assert spirit == [7 - loss, 5]
    else:
        assert spirit == [7, 5]
    assert b.model.spirit == spirit


def test_b11_the_fate_roll_declined_changes_nothing(app):
    b = start(app, fate_session())
    fate_button(app, "nofate")
    idle(app)
    assert b.session.log == ["nofate"] and b.session.state.spirit == [7, 5]
    assert not b.view.fate.visible and b.session.state.phase == "main"


def test_undo_takes_back_a_plan_and_never_rerolls(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT))
    before = b.session.state.to_dict()
    click_cell(app, "c2")
    key(app, pygame.K_3)  # the sum: spending it ends the turn
    click_cell(app, "c4")
    idle(app)
    # The sum spent and no attack open: the turn ended and Blue rolled; Blue's hand-over card is up.
    assert b.session.log[0] == "c2:s F2" and b.session.log[1].startswith("roll ")
    assert b.session.state.player == 1 and d.handover is not None
    rolled = b.session.state.dice
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # under the hand-over card: takes the plan and its roll back
    assert b.session.log == [] and b.session.state.to_dict() == before
    assert b.model == b.view.build_model(b.session.state)
    assert d.status == app.t("board.status.undone")
    assert d.handover is not None  # Orange takes the board back
    key(app, pygame.K_RETURN)
    click_cell(app, "c2")
    key(app, pygame.K_3)  # the sum: spending it ends the turn
    click_cell(app, "c4")
    idle(app)
    assert b.session.state.dice == rolled  # the same dice fall again: undo is never a reroll


def test_b5_the_hand_over_card_comes_before_the_next_players_turn_roll(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT))
    click_cell(app, "c2")
    key(app, pygame.K_3)  # the sum: spending it ends the turn
    click_cell(app, "c4")
    idle(app)
    # The engine already rolled Blue's dice; the board shows Blue's turn opened but not yet rolled.
    rolled = b.session.state.dice
    assert rolled is not None and b.session.log[1].startswith("roll ")
    assert d.handover is not None and d.handover_seat == 1 and not d.busy
    assert b.model.player == 1 and b.model.dice is None and b.model.units["c4"].owner == 0
    assert not d.accepting and d.status == app.t("board.status.handover", name="Blue")
    assert not d.panel_button("hint").is_enabled  # no hint for a player who has not taken the seat yet
    click_cell(app, "e9")  # the board under the card takes nothing
    assert b.session.log[2:] == [] and d.handover is not None
    key(app, pygame.K_RETURN)  # Blue takes the seat: now the dice tumble, under Blue's turn card
    assert d.handover is None and d.busy and d.panel.seat == 1
    idle(app)
    assert b.model.dice == rolled and b.model == b.view.build_model(b.session.state)
    assert d.handover is None and d.accepting  # one card per hand-over: none after the roll


def test_b10_a_repel_roll_that_ends_the_turn_plays_before_the_card_and_the_turn_roll_after(app):
    d = BoardDriver(app)
    app.settings.anim_speed = "normal"
    # Both dice spent: once the attack is repelled Orange has nothing left, the turn ends and Blue rolls.
    b = start(app, demo.position({"a5": (0, "NE"), "b6": (1, "S"), "j10": (1, "S")}, HOT, seed=5, spent=[True, True]))
    click_cell(app, "b6")
    log = b.session.log
    assert log[0] == "a5xb6" and log[1] == "repel 5" and log[2].startswith("roll ")
    repel_shown = turn_roll_shown = False
    for _ in range(600):
        frames(app, 1)
        faces = [len(row) for row in b.view.card.tray.faces()] if b.view.card.visible else []
        repel_shown |= faces == [1]
        turn_roll_shown |= faces == [2]
        if not d.busy:
            break
    # The repel die belongs to Orange's turn and has played; Blue's turn roll waits behind Blue's card.
    assert repel_shown and not turn_roll_shown
    assert d.handover is not None and d.handover_seat == 1 and b.model.dice is None
    key(app, pygame.K_SPACE)
    for _ in range(600):
        frames(app, 1)
        faces = [len(row) for row in b.view.card.tray.faces()] if b.view.card.visible else []
        turn_roll_shown |= faces == [2]
        if not d.busy:
            break
    assert turn_roll_shown and d.handover is None
    assert b.model == b.view.build_model(b.session.state)


def click_line(app, row: int) -> None:
    """Click the middle of the move list's line `row` (0-based)."""
    log = BoardDriver(app).move_list
    y = log.body.top + (row - log.first_shown()) * log.line + log.line // 2
    click_at(app, (log.body.centerx, y), settle=2)


def test_a_turns_line_in_the_move_list_reviews_the_position_after_the_whole_turn(app):
    d = BoardDriver(app)
    session = demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT, dice=(2, 5))
    session.apply_text("c2:1 F2")
    session.apply_text("h2:2 F5")  # both dice spent: the turn ends and Blue rolls
    after_orange = session.state.clone()
    session.apply_text("end")
    b = start(app, session)
    assert [(turn.seat, len(turn.actions)) for turn in d.move_turns] == [(0, 2), (1, 1)]
    assert [a.text for a in d.move_turns[0].actions] == [
        "moved c2 two squares north to c4",
        "moved h2 five squares north to h7",
    ]
    assert d.move_turns[1].note == "rolled 2 and 5"  # whatever Blue rolled; the seeded dice are fixed
    number = (d.move_list.rect.left + b.panel_layout.unit, d.move_list.body.top + d.move_list.line // 2)
    click_at(app, number, settle=2)  # Orange's turn number: the position after its whole turn
    assert d.reviewing == 2
    assert d.reviewed_model == b.view.build_model(after_orange) and d.move_list.selected == 2
    key(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)  # one action back, inside the same turn: its line is marked
    assert d.reviewing == 1 and d.move_list.action_of(1) == (0, 0)
    assert d.reviewed_model.units["c4"].owner == 0 and "h7" not in d.reviewed_model.units
    key(app, pygame.K_RIGHT)  # by turn: Orange's whole turn again
    assert d.reviewing == 2
    blue = [i for i, line in enumerate(d.move_lines) if line.turn == 1]
    assert d.move_lines[blue[0]].lead and not d.move_lines[blue[0]].text  # its roll alone on the turn's first line
    click_line(app, blue[1])  # Blue's action below it
    assert d.reviewing == 3 and d.move_list.action_of(3) == (1, 0)
    assert d.reviewed_model == b.view.build_model(b.session.state)
    key(app, pygame.K_ESCAPE)
    assert d.reviewing is None and d.accepting


def test_threat_view_shades_each_unit_by_the_enemys_chance_over_its_2d6(app):
    d = BoardDriver(app)
    units = {"d4": (0, "N"), "h2": (0, "E"), "d7": (1, "S"), "g1": (1, "N")}
    b = start(app, demo.position(units, HOT))
    key(app, pygame.K_v)
    assert d.threat_shown
    frames(app, 1)
    state = b.session.state
    odds = b.view.threat_odds(state)
    h2 = state.board.cell("h2")
    # h2 faces east, so g1 (south-west of it) is at its rear; one eighth of a turn (R1, 1 pip) brings g1's front
    # onto h2, so every roll threatens it.
    assert odds[h2] == sum_at_least()[1] == 1
    marks = {m.cell: m.text for m in b.marks.drawn if m.kind == "threat"}
    assert marks["h2"] == "100%" and set(marks) == {"d4", "h2"}
    key(app, pygame.K_v)
    frames(app, 1)
    assert not [m for m in b.marks.drawn if m.kind == "threat"]


def test_b12_a_prepared_level_played_to_the_game_over_card(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"f4": (0, "NE"), "d4": (0, "N"), "c2": (0, "N"), "g5": (1, "N")}, HOT, spirit=(4, 2)))
    hover(app, "g5")
    assert "Rear" in d.odds("g5")[0] and "(100%)" in d.odds("g5")[1]
    click_cell(app, "g5")
    idle(app)
    frames(app, 3)
    assert b.session.is_over and d.overlay == "game_over"
    title, reason = d.card_text
    assert "Blue has no units left" in reason and "B12" not in reason
    assert "Orange: losses 0 · 1 of 1 attacks won (expected 1.0)" in reason and "Blue: losses 1 · no attacks" in reason
    assert "Orange's spirit: from 4 to 5, at most 5" in reason
    assert b.view.slot.spirit_series() == [[4, 5], [2, 2]]  # the panel's chart of spirit over the game


def test_two_ai_seats_play_a_whole_game_to_the_end(home):
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        session = GameSession(
            "battle_checkers", "standard", ["ai:easy", "ai:easy"], seed=1, autosave=False, executor=InlineExecutor()
        )
        app.goto("battle_checkers", session=session)
        b = board(app)
        assert d.watch is not None  # no human seat: the watch mode's playback paces the moves
        for _ in range(3000):
            app.frame(1.0)
            if b.session.is_over and not d.busy:
                break
        frames(app, 3)
        assert b.session.is_over and d.overlay == "game_over"
        assert b.view.end_reason(b.session.outcome)
        assert d.move_turns and d.move_turns[0].seat == 0 and d.move_lines[0].lead
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_text_is_cut(home, size, language):
    app = make_app(size, language=language, menu=False)
    try:
        problems = []
        for name, context in demo.screenshot_contexts(app):
            context = {k: v for k, v in context.items() if k != "_frames"}
            app.goto("battle_checkers", **context)
            app.settings.anim_speed = "instant"
            frames(app, 3)
            problems += [f"{name}: {text!r}" for text in BoardDriver(app).cut]
        assert problems == []
    finally:
        app.close()


def test_b9_hovering_a_unit_shows_which_neighbours_see_its_front_flanks_and_rear(app):
    b = start(app, demo.position({"d4": (0, "N"), "h2": (0, "N"), "h9": (1, "SW")}, HOT))
    hover(app, "d4")
    sides = {m.cell: m.text for m in b.marks.drawn if m.kind == "side"}
    assert sides == {
        "d5": "front",
        "e5": "right",
        "e4": "right",
        "c5": "left",
        "c4": "left",
        "c3": "rear",
        "d3": "rear",
        "e3": "rear",
    }
    hover(app, "h9")  # an enemy unit too, facing south-west
    sides = {m.cell: m.text for m in b.marks.drawn if m.kind == "side"}
    assert sides["g8"] == "front" and sides["i10"] == "rear" and sides["g9"] == "right" and sides["h8"] == "left"


def test_b10_a_right_flank_attack_rolls_the_defenders_repel_die(app):
    d = BoardDriver(app)
    app.settings.anim_speed = "normal"
    b = start(app, demo.position({"a5": (0, "NE"), "h2": (0, "N"), "b6": (1, "S"), "j10": (1, "S")}, HOT))
    hover(app, "b6")
    lines = d.odds("b6")
    assert "Right flank" in lines[0] and "1/2" in lines[1] and "4–6" in lines[2]
    click_cell(app, "b6")
    assert b.session.log[0] == "a5xb6" and b.session.log[1].startswith("repel ")
    one_die = False
    for _ in range(400):
        frames(app, 1)
        if b.view.card.visible and [len(row) for row in b.view.card.tray.faces()] == [1]:
            one_die = True
        if not d.busy:
            break
    assert one_die
    roll = int(b.session.log[1].split()[1])
    assert (b.session.state.unit_at("b6") is not None) == (roll >= 4)
    assert b.model == b.view.build_model(b.session.state)


def _distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:])))


def test_a_hot_seat_game_played_to_the_end_with_the_mouse_alone(home):
    """Both seats human on the Skirmish level: every decision is a click (hand-over cards, Deploy for me and
    Confirm, units and their plans turned by the wheel to face an enemy, attacks, the fate card, End turn)."""
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        b = start(app, GameSession("battle_checkers", "skirmish6", HOT, seed=3, autosave=False))
        for _ in range(3000):
            idle(app)
            state = b.session.state
            if b.session.is_over:
                break
            if d.handover is not None:
                click_at(app, d.handover_ok.center, settle=1)
            elif state.phase == "deploy":
                slot_button(app, "auto")
                slot_button(app, "confirm")
            elif state.phase == "fate_choice":
                fate_button(app, "fate")
            elif d.attacks:
                target = sorted(d.attacks)[0]
                click_cell(app, state.board.name(d.attacks[target][0].cell))
                click_cell(app, target)
            else:
                _plan_towards_the_enemy(app, b)
        idle(app)
        frames(app, 3)
        assert b.session.is_over and d.overlay == "game_over"
        assert all(
            actor >= 0 or text.split()[0] in ("roll", "duel", "repel", "fate")
            for text, actor in zip(b.session.log, b.session.actors, strict=True)
        )
    finally:
        app.close()


def _plan_towards_the_enemy(app, b: BattleCheckersScene) -> None:
    """Click the unit and the end cell nearest an enemy, wheeling the ghost to face it; else End turn."""
    d = BoardDriver(app)
    state = b.session.state
    enemies = [state.board.name(c) for c in state.units_of(1 - state.player)]
    best = None
    for unit in sorted(d.actors):
        for cell, costs in d.plans(unit, d.chosen_die).items():
            for facing in costs:
                ahead = state.board.ahead[state.board.cell(cell)][facing]
                faces = ahead >= 0 and state.board.name(ahead) in enemies
                score = (not faces, min(_distance(cell, e) for e in enemies), costs[facing], unit, cell, facing)
                if best is None or score < best:
                    best = score
    if best is None or (best[0] and best[1] >= min(_distance(best[3], e) for e in enemies)):
        slot_button(app, "end")  # nothing faces an enemy and nothing comes closer
        return
    unit, cell, facing = best[3], best[4], best[5]
    click_cell(app, unit)
    hover(app, cell)
    for _ in range(8):
        if d.facing(cell) == facing:
            break
        wheel(app, 1)
    click_cell(app, cell)


def test_the_keyboard_plans_too_arrows_move_a_cursor_and_enter_acts(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}, HOT))
    key(app, pygame.K_TAB)
    assert d.selected == "c2"
    for k in (pygame.K_UP, pygame.K_UP):
        key(app, k)
    assert d.hovered == "c4" and any(m.kind == "cursor" and m.cell == "c4" for m in b.marks.drawn)
    key(app, pygame.K_e)
    assert d.facing("c4") == 1
    key(app, pygame.K_RETURN)
    idle(app)
    assert b.session.log[0] == "c2:1 F2 R1"  # 3 pips: the 3 fits exactly, the 5 stays


def test_b10_tied_rounds_shown_before_a_duel_follow_the_dice_odds():
    shown = [
        tied_rolls(Duel("d4", "d5", a, d), turn)
        for turn in range(1, 401)
        for a in range(1, 7)
        for d in range(1, 7)
        if a != d
    ]
    rounds = sum(len(t) for t in shown)
    # Each round ties with chance 1/6, so a duel shows 1/5 of a tied round on average (12,000 duels here).
    assert 0.18 < rounds / len(shown) < 0.22
    assert all(1 <= face <= 6 for t in shown for face in t) and max(len(t) for t in shown) <= 4
    assert shown == [
        tied_rolls(Duel("d4", "d5", a, d), turn)
        for turn in range(1, 401)
        for a in range(1, 7)
        for d in range(1, 7)
        if a != d
    ]


# ----- nothing a new player has to guess -----
WALK = {"c2": (0, "N"), "h2": (0, "N"), "e9": (1, "S"), "h9": (1, "S")}


def test_a_move_says_before_the_click_which_die_it_uses_and_what_it_wastes_and_takes_the_die_that_fits(app):
    d = BoardDriver(app)
    b = start(app, demo.position(WALK, HOT, dice=(3, 5)))
    click_cell(app, "c2")
    assert d.chosen_die is None  # no chip chosen: each move takes the die that wastes the fewest pips
    hover(app, "c5")
    lines = b.view.plan_lines("c5")
    assert lines[:2] == ["c2 to c5, facing north: costs 3", "Uses the 3: none of its pips wasted"]
    assert lines[2] == "The 5 stays for another unit"
    assert any(m.kind == "spend" and m.cell == "c5" and m.text == "1:0" for m in b.marks.drawn)
    assert d.chosen_chips == [f"use:{USE_DIE1}"]  # the chip it will take
    hover(app, "c6")  # 4 cells: the 5, one pip wasted
    assert b.view.plan_lines("c6")[1] == "Uses the 5: 1 of its pips wasted"
    key(app, pygame.K_3)  # the sum, chosen: the card warns before the click
    hover(app, "c5")
    lines = b.view.plan_lines("c5")
    assert lines[1] == "Uses the sum: 8 pips, 5 of them wasted" and "lost" in lines[2]
    assert lines[3] == "Nothing is left to do after it: your turn ends"  # the sum spends both dice
    assert any(m.kind == "spend" and m.cell == "c5" and m.text == "s:5" for m in b.marks.drawn)
    slot_button(app, f"use:{USE_SUM}")  # a click on the chosen chip again: back to the die that fits
    assert d.chosen_die is None
    click_cell(app, "c5")
    idle(app)
    assert b.session.log == ["c2:1 F3"] and b.session.state.spent == [True, False]


def test_the_plan_card_says_what_the_unit_then_faces_and_the_risk_it_runs(app):
    b = start(app, demo.position({"d2": (0, "N"), "h2": (0, "N"), "d6": (1, "S"), "j10": (1, "S")}, HOT))
    click_cell(app, "d2")
    hover(app, "d5")
    assert "Then it faces d6 head-on: 50% to win the duel" in b.view.plan_lines("d5")
    b = start(app, demo.position({"d4": (0, "N"), "a1": (0, "N"), "f6": (1, "W"), "j10": (1, "S")}, HOT))
    click_cell(app, "d4")
    hover(app, "d5")
    risk = [line for line in b.view.plan_lines("d5") if line.startswith("The enemy can then strike its rear")]
    assert risk and risk[0].endswith("%")


def test_the_plan_card_is_drawn_whole_on_the_board(app):
    d = BoardDriver(app)
    b = start(app, demo.position(WALK, HOT, dice=(3, 5)))
    click_cell(app, "c2")
    key(app, pygame.K_3)
    hover(app, "c5")
    frames(app, 2)
    assert d.cut == []
    assert b.view.plan_lines("c5")


def test_a_unit_that_may_only_turn_is_explained_and_turned_by_clicking_the_cell_it_should_face(app):
    d = BoardDriver(app)
    b = start(app, demo.position({"c3": (0, "N"), "a1": (0, "N"), "d4": (1, "N"), "j10": (1, "S")}, HOT, dice=(1, 4)))
    click_cell(app, "c3")
    assert d.turn_only
    assert d.status.startswith("c3 is next to an enemy, so it may only turn")
    frames(app, 2)
    assert d.cut == []
    costs = {m.cell: m.text for m in b.marks.drawn if m.kind == "cost"}
    assert costs["d4"] == "1" and costs["c2"] == "4"  # the cells it can face are marked with what turning costs
    assert set(costs) == set(d.facing_targets) and "c4" not in costs  # it faces c4 already
    hover(app, "d4")
    assert any(m.kind == "ghost" and m.cell == "c3" and m.text == "NE" for m in b.marks.drawn)
    assert b.view.plan_lines("d4")[:2] == [
        "c3 turns to face north-east: costs 1",
        "Uses the 1: none of its pips wasted",
    ]
    click_cell(app, "d4")
    idle(app)
    assert b.session.log == ["c3:1 R1"]
    click_cell(app, "d4")  # now it faces d4: the same click attacks
    assert b.session.log[1] == "c3xd4"


def test_a_unit_that_may_only_turn_leaves_a_click_on_another_own_unit_to_select_it(app):
    d = BoardDriver(app)
    units = {"d4": (0, "NE"), "c4": (0, "NE"), "a1": (0, "N"), "c5": (1, "S"), "j10": (1, "S")}
    b = start(app, demo.position(units, HOT, dice=(3, 5)))
    click_cell(app, "d4")
    assert d.turn_only and "c4" not in d.facing_targets and "c5" in d.facing_targets
    hover(app, "c5")
    lines = b.view.plan_lines("c5")
    assert "Unused pips are lost" in lines and not any("at the end" in line for line in lines)  # a turn in place
    click_cell(app, "c4")  # the other unit is selected, nothing is spent
    assert d.selected == "c4" and b.session.log == []


def test_a_hinted_plan_is_played_exactly_by_clicking_its_unit_and_its_end(app):
    d = BoardDriver(app)
    b = start(app, demo.position(WALK, HOT, dice=(3, 5)))
    d.give_hint("c2:s R1")  # a turn where it stands
    assert d.hint.startswith("Hint: with the 3: turn c2 45° right")  # the die that fits, not the sum
    click_cell(app, "c2")
    hover(app, "c2")
    assert any(m.kind == "ghost" and m.cell == "c2" and m.text == "NE" for m in b.marks.drawn)
    click_cell(app, "c2")  # the unit again: the hinted turn, not a dropped selection
    idle(app)
    assert b.session.log[0] == "c2:1 R1" and b.session.state.spent == [True, False]
    assert d.selected is None


def test_a_click_on_a_hints_end_alone_picks_its_unit_and_the_next_plays_it(app):
    d = BoardDriver(app)
    b = start(app, demo.position(WALK, HOT, dice=(3, 5)))
    d.give_hint("c2:1 F3")
    click_cell(app, "c5")  # the arrow's end, no unit picked: not a silent nothing
    assert d.selected == "c2" and b.session.log == []
    assert b.view.plan_lines("c5")[1] == "Uses the 3: none of its pips wasted"
    click_cell(app, "c5")
    idle(app)
    assert b.session.log == ["c2:1 F3"]


def test_the_hint_names_the_die_of_a_move(app):
    b = start(app, demo.position(WALK, HOT, dice=(2, 5)))
    assert b.view.hint_words("c2:1 F2").startswith("Hint: with the 2: move c2 two squares north")


def test_the_attack_card_says_the_attackers_weapon_is_then_spent(app):
    """B10 before the click: attacking spends the weapon, so the attacker's right flank then falls to any blow."""
    d = BoardDriver(app)
    start(app, demo.position(demo.ATTACKS, HOT))
    hover(app, "d5")
    assert d.odds("d5")[-1] == (
        "Then d4's weapon is spent until your next turn: a blow on its right flank always lands"
    )


def _small_board(units: dict[str, tuple[int, str]]) -> GameSession:
    """A Skirmish (6×6) position, Orange to act with 1 and 5: its big cells give the cards their biggest font."""
    session = GameSession("battle_checkers", "skirmish6", HOT, seed=1, autosave=False, executor=InlineExecutor())
    data = {
        **demo.position(units, HOT).state.to_dict(),
        "board": [6, 6],
        "spirit": [4, 4],
        "dice": [1, 5],
        "units": [{"cell": c, "owner": o, "facing": f} for c, (o, f) in units.items()],
    }
    session.game = BattleCheckersGame(session.level, {**session.game.level_data, "position": data})
    session.state = session.game.initial_state()
    return session


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1600, 900)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_attack_card_is_whole_at_every_size(home, size, language):
    """Every line of the odds card fits at the card's own font size (a long one wraps), on the 10×10 board and on
    Skirmish's 6×6 one, whose bigger cells give a bigger font."""
    app = make_app(size, language=language, anim_speed="fast")
    d = BoardDriver(app)
    try:
        small = {"c4": (0, "NE"), "b3": (0, "N"), "d5": (1, "S"), "b5": (1, "S")}
        for session, targets in (
            (demo.position(demo.ATTACKS, HOT), ("d5", "b6", "g5", "i6")),
            (_small_board(small), ("d5",)),
        ):
            b = start(app, session)
            for target in targets:
                hover(app, target)
                frames(app, 2)
                card = b.view.odds_shown
                assert card is not None and b.layout.frame.contains(card), target
                size = b.view.card_size()  # the card's font, as the view sizes it
                room = card.w - 2 * size
                assert all(lettering.font(size).size(line)[0] <= room for line in b.view.card_lines[1:]), (
                    b.view.card_lines
                )
                assert d.cut == [], (target, d.cut)
        stakes = " ".join(d.odds("d5")[1:2])
        assert stakes.endswith(("destroyed", "ваш", "happens", "происходит")), stakes
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_plan_card_has_the_same_type_on_the_small_board_as_on_the_big_one(home, size):
    """The card by a hovered cell reads at the interface's size: Skirmish's big cells do not blow it up over half
    the board."""
    app = make_app(size, anim_speed="fast")
    try:
        shown = {}
        for name, session in (
            ("10x10", demo.position(WALK, HOT, dice=(3, 5))),
            ("6x6", _small_board({"c2": (0, "N"), "a1": (0, "N"), "d5": (1, "S"), "f6": (1, "S")})),
        ):
            b = start(app, session)
            click_cell(app, "c2")
            hover(app, "c4")
            frames(app, 2)
            card = b.view.card_shown
            assert card is not None and b.view.card_lines, name
            shown[name] = (card.h / len(b.view.card_lines), card, b.layout.board)
        (line_big, _, _), (line_small, card, board) = shown["10x10"], shown["6x6"]
        assert abs(line_small - line_big) <= 1, (line_small, line_big)  # the same height a line on both boards
        assert card.w * card.h < board.w * board.h / 4, (card, board)
    finally:
        app.close()


def small_board(units: dict[str, tuple[int, str]]) -> GameSession:
    """A hot-seat game on the 6×6 skirmish level from a prepared position, Orange to act with 3 and 5."""
    session = GameSession("battle_checkers", "skirmish6", HOT, seed=5, autosave=False, executor=InlineExecutor())
    data = {
        **session.game.initial_state().to_dict(),
        "phase": "main",
        "player": 0,
        "dice": [3, 5],
        "spent": [False, False],
        "to_place": [0, 0],
        "units": [{"cell": c, "owner": o, "facing": f} for c, (o, f) in units.items()],
    }
    session.game = BattleCheckersGame(session.level, {**session.game.level_data, "position": data})
    session.state = session.game.initial_state()
    return session


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_duel_cards_title_stays_inside_the_card_on_a_small_board(home, size, language):
    app = make_app(size, language=language, anim_speed="normal")
    try:
        units = {"b3": (0, "N"), "a1": (0, "N"), "b4": (1, "S"), "f6": (1, "S")}
        b = start(app, small_board(units))
        assert b.layout.rows == 6
        click_cell(app, "b4")
        assert b.session.log[0] == "b3xb4"
        card = b.view.card
        seen = False
        for _ in range(600):
            frames(app, 1)
            if card.visible and card.title_rects:
                seen = True
                assert card.title == app.t("battle_checkers.duel.title", a="b3", d="b4")
                inside = card.rect.inflate(-8, -8)
                assert all(inside.contains(r) for r in card.title_rects), (card.title_lines, card.rect)
                assert card.tray.rect.top >= card.title_rects[-1].bottom  # the dice sit below the title
                assert b.view.top_cut == []
            if not b.queue.busy:
                break
        assert seen
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_fate_cards_result_stays_inside_the_card_on_a_small_board(home, language):
    app = make_app((1024, 600), language=language, anim_speed="normal")
    try:
        # b3 strikes b4 in the rear and destroys it; Orange calls the fate roll.
        b = start(app, small_board({"b3": (0, "N"), "a1": (0, "N"), "b4": (1, "N"), "f6": (1, "S")}))
        click_cell(app, "b4")
        idle(app)
        assert b.session.log == ["b3xb4"] and b.view.fate.visible
        fate_button(app, "fate")
        card = b.view.card
        results: list[str] = []
        for _ in range(900):
            frames(app, 1)
            if card.visible and card.result and card.result_rect.w:
                results.append(card.result)
                assert card.rect.inflate(-8, -8).contains(card.result_rect), (card.result, card.rect)
                assert b.view.top_cut == []
                assert b.layout.board.contains(card.rect)
            if not b.queue.busy:
                break
        assert results
    finally:
        app.close()
