"""CheckRisk at the board, driven by real posted events: a hot-seat game from the menu (deployment, a move, a
split, End turn, undo), a battle over several rounds with Continue, a human defender's retreat and the occupation,
blitz stopped mid-battle, three AI seats playing a late position to the end, and no cut text."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest
from client_helpers import button_by_text, click, click_at, current, frames, key, make_app, settle_scene

from game.client.checkrisk import demo, results
from game.client.checkrisk.scene import CheckRiskScene
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.checkrisk import Attack, Move, battle_odds
from tests.driver import BoardDriver


@pytest.fixture
def app(home):
    application = make_app()
    yield application
    application.close()


def board(app) -> CheckRiskScene:
    return current(app, CheckRiskScene)


idle = settle_scene  # frames until nothing animates and no AI seat is due


def click_cell(app, cell: str, button: int = 1) -> None:
    BoardDriver(app).click(cell, button)


def hold_cell(app, cell: str) -> None:
    """A held click on `cell`: press, stay still past the hold time (half a second of frames), release."""
    BoardDriver(app).hold(cell, 32)


def tokens(b: CheckRiskScene, cell: str) -> int:
    """The tokens on `cell` in the live position (0 when it is empty)."""
    stack = b.session.state.stack(b.session.game.cell_index(cell))
    return 0 if stack is None else stack[1]


def slot_button(app, name: str) -> None:
    BoardDriver(app).press_slot(name)


def card_button(app, name: str) -> None:
    BoardDriver(app).press_battle_card(name)


def test_hot_seat_from_the_menu_deploys_moves_splits_ends_the_turn_and_undoes(app):
    d = BoardDriver(app)
    click(app, button_by_text(app, "CheckRisk"))
    assert app.scenes.current_name == "new_game"
    scene = app.scenes.current
    click(app, next(b for b, value in scene.segments.items() if value == ("seat", 1, "human")))
    click(app, button_by_text(app, "Start game"))
    b = board(app)
    assert b.session.seats == ["human", "human"]
    idle(app)
    # Deployment: a click adds a token, a right click takes it off again.
    click_cell(app, "c2")
    assert d.draft == {"c2": 1}
    click_cell(app, "c2", button=3)
    assert d.draft == {}
    slot_button(app, "auto")
    assert d.tokens_left == 0
    slot_button(app, "confirm")
    idle(app)
    assert b.session.state.seat == 1 and b.session.state.phase == "deploy"
    assert d.handover is not None and "deploys" in d.handover
    key(app, pygame.K_RETURN)
    slot_button(app, "preset:wall")
    slot_button(app, "confirm")
    idle(app)
    state = b.session.state
    assert state.phase == "act" and state.seat == 0
    key(app, pygame.K_RETURN)  # the hand-over card back to player 1
    # A split: all but one of a stack on rank 2 go forward (a held click opens the picker at the whole stack).
    origin = next(c for c in sorted(d.offered.origins()) if c.endswith("2") and tokens(b, c) >= 3)
    target = origin[0] + "3"
    click_cell(app, origin)
    assert d.selected == origin
    hold_cell(app, target)
    assert d.picker is not None and d.picker.value == tokens(b, origin)
    assert b.session.state.actions_left == 3  # the held click's release did not act
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    idle(app)
    assert b.session.log[-1] == f"{origin}-{target}:{tokens(b, target)}"
    assert b.session.state.actions_left == 2
    slot_button(app, "end")
    idle(app)
    assert b.session.state.seat == 1
    assert d.handover is not None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # takes back End turn (the last human decision)
    assert b.session.state.seat == 0 and b.session.log[-1].startswith(origin)


def battle_session(seats: list[str]) -> GameSession:
    """Seat 0 with 6 on d4 next to seat 1's 3 on d5, which has room to retreat."""
    session = GameSession("checkrisk", "standard", seats, seed=3, autosave=False, executor=InlineExecutor())
    stacks = {"d4": (0, 6), "d3": (0, 5), "a1": (0, 3), "d5": (1, 3), "h8": (1, 4)}
    session.state = session.game.position(stacks, seat=0, phase="act")
    return session


def test_attack_over_rounds_with_continue_a_defenders_retreat_and_the_occupation(app):
    d = BoardDriver(app)
    app.goto("checkrisk", session=battle_session(["human", "human"]))
    b = board(app)
    idle(app)
    click_cell(app, "d4")
    # Hovering the enemy stack shows the exact odds from the forecast.
    d.hover("d5")
    assert d.hovered == "d5" and d.amount("d4", "d5") == 6
    assert (
        b.session.state.forecast(b.session.state.action_from_str("d4xd5:6")).probability("win") == battle_odds(6, 3)[0]
    )
    assert any(m.kind == "crosshair" and m.cell == "d5" for m in b.marks.drawn)
    click_cell(app, "d5")  # a click attacks at once with the amount the odds card shows (all six)
    assert d.picker is None and "d4xd5:6" in b.session.log
    rounds = 0
    while True:
        idle(app)
        battle = b.session.state.pending_battle()
        if battle is None or battle.stage != "attacker":
            break
        assert d.battle_card_shown
        if b.session.state.count[b.session.game.cell_index("d5")] and rounds >= 1:
            break
        card_button(app, "continue")
        rounds += 1
        idle(app)
        battle = b.session.state.pending_battle()
        if battle is not None and battle.stage == "defender":
            # Pass-and-play: the defender is handed the decision, then stands.
            assert d.handover is not None and "defends d5" in d.handover
            key(app, pygame.K_RETURN)
            card = b.view.card
            assert card.caption(card.layout_buttons()) == "checkrisk.battle.hint.defend"  # what the choice means
            card_button(app, "stand")
    battle = b.session.state.pending_battle()
    assert rounds >= 1
    if battle is not None and battle.stage == "attacker":
        card_button(app, "continue")
        idle(app)
        battle = b.session.state.pending_battle()
    if battle is not None and battle.stage == "defender":
        if d.handover is not None:
            key(app, pygame.K_RETURN)
        card_button(app, "retreat")
        assert d.split is not None
        cells = d.offered.retreat_cells()
        click_cell(app, cells[0])
        assert d.picker is not None
        key(app, pygame.K_RETURN)
        card_button(app, "retreat_go")
        idle(app)
        assert any(t.startswith("retreat d5-") for t in b.session.log)
    battle = b.session.state.pending_battle()
    if battle is not None and battle.stage == "occupy":
        if d.handover is not None:
            key(app, pygame.K_RETURN)
        assert d.picker is not None  # the occupation amount opens by itself
        key(app, pygame.K_RETURN)
        idle(app)
        assert b.session.log[-1].startswith("occupy:")
    assert b.session.state.pending_battle() is None
    assert not d.battle_card_shown
    # Undo takes the last human decision back and never rerolls: the same rolls stay in the log.
    rolls = [t for t in b.session.log if t.startswith("roll")]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [t for t in b.session.log if t.startswith("roll")] == rolls[
        : len([t for t in b.session.log if t.startswith("roll")])
    ]


def test_blitz_stops_mid_battle_on_the_stop_button(home):
    app = make_app(anim_speed="normal")
    d = BoardDriver(app)
    try:
        app.goto("checkrisk", session=battle_session(["human", "ai:easy"]))
        b = board(app)
        idle(app)
        d.commit(b.session.state.action_from_str("d4xd5:6"))
        idle(app)
        if b.session.state.pending_battle() is None:
            pytest.skip("the first round decided the battle")
        card_button(app, "blitz_end")
        assert d.blitz is not None and d.busy
        frames(app, 3)
        assert "stop" in d.battle_card_keys
        d.press_battle_card("stop")
        assert d.blitz is None
        idle(app)
        battle = b.session.state.pending_battle()
        # Stopped: the attacker is asked again (unless that round ended the battle).
        assert battle is None or battle.stage in ("attacker", "occupy")
    finally:
        app.close()


def test_three_ai_seats_play_a_late_position_to_the_end(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk",
        "corners4",
        ["human", "ai:easy", "ai:easy", "ai:easy"],
        seed=5,
        autosave=False,
        executor=InlineExecutor(),
    )
    stacks = {"a1": (0, 1), "c4": (1, 6), "c3": (1, 2), "f6": (2, 1), "g6": (3, 1)}
    session.state = session.game.position(stacks, seat=1, phase="act", round=40)
    app.goto("checkrisk", session=session)
    b = board(app)
    for _ in range(200):
        idle(app)
        if b.session.is_over:
            break
        if b.session.is_human_turn:
            if d.handover is not None:
                key(app, pygame.K_RETURN)
            state = b.session.state
            if state.phase == "reinforce":
                slot_button(app, "place")
            elif state.phase == "act":
                slot_button(app, "end")
            elif state.pending_battle() is not None:
                d.commit(state.legal_actions()[0])
    assert b.session.is_over
    assert d.overlay == "game_over"
    assert b.view.end_reason(b.session.outcome)


def test_forecast_facts_hold_exactly():
    assert battle_odds(1, 1) == (Fraction(1, 3),) * 3
    assert battle_odds(2, 2) == (Fraction(131, 315), Fraction(131, 315), Fraction(53, 315))


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_text_is_cut(home, size, language):
    app = make_app(size, language=language, menu=False)
    try:
        app.settings.anim_speed = "instant"
        problems = []
        for name, context in demo.screenshot_contexts(app):
            context = {k: v for k, v in context.items() if k != "_frames"}
            app.goto("checkrisk", **context)
            frames(app, 3)
            problems += [f"{name}: {text!r}" for text in BoardDriver(app).cut + BoardDriver(app).results_cut]
        assert problems == []
    finally:
        app.close()


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 1)


def test_new_game_dialog_names_the_seats_and_deals_each_its_preset(app):
    d = BoardDriver(app)
    click(app, button_by_text(app, "CheckRisk"))
    dialog = app.scenes.current
    assert [e.get_text() for e in dialog.name_entries] == ["Player 1", "Player 2"]
    for _ in range(2):  # five setups: a drop-down, also stepped by the arrows on its row (below the seats)
        while dialog.rows()[dialog.row_index][0] != "level":
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RIGHT)
    assert dialog.level == "corners4" and len(dialog.name_entries) == 4 and len(dialog.preset_menus) == 4
    # Seat 1 renamed: click its field, take the default name off, type another.
    click(app, dialog.name_entries[0])
    key(app, pygame.K_END)
    for _ in range(len("Player 1")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ann")
    key(app, pygame.K_RETURN)  # ends the name, does not start the game
    assert app.scenes.current_name == "new_game"
    click(app, button_by_text(app, "Human"))  # the first "Human" segment: seat 1 stays human
    # Seat 2 (an AI) deploys the corner fort; seat 1 (human) gets the front line laid out.
    for seat, title in ((1, "Corner fort"), (0, "Front line")):
        click(app, dialog.preset_menus[seat])
        click(app, button_by_text(app, title), settle=4)  # the menu's change arrives as a posted event
    assert dialog.presets == ["front", "fort", "", ""]
    click(app, button_by_text(app, "Start game"))
    b = board(app)
    assert b.session.names == ["Ann", "", "", ""] and b.session.presets == ["front", "fort", "", ""]
    assert b.view.seat_name(0) == "Ann" and b.view.seat_name(1) == "Player 2"
    idle(app)
    assert d.preset == "front" and d.tokens_left == 0  # laid out, ready to confirm
    slot_button(app, "confirm")
    idle(app)
    actors = list(zip(b.session.log, b.session.actors, strict=True))
    assert ("preset front", 0) in actors and ("preset fort", 1) in actors
    assert b.session.state.phase != "deploy"
    # The names and presets live in the save and come back with it.
    again = GameSession.from_dict(b.session.to_dict(), autosave=False)
    assert again.names == b.session.names and again.presets == b.session.presets


def test_session_refuses_bad_names_and_presets():
    with pytest.raises(ValueError, match="presets"):
        GameSession("checkrisk", "standard", ["human", "human"], names=None, presets=["nope", ""], autosave=False)
    with pytest.raises(ValueError, match="names"):
        GameSession("checkrisk", "standard", ["human", "human"], names=["one"], autosave=False)
    s = GameSession("checkrisk", "standard", ["human", "human"], names=["  Ann\n  Lee ", "x" * 40], autosave=False)
    assert s.names == ["Ann Lee", "x" * 16]


def test_results_card_at_game_over_shows_every_seats_record(app):
    d = BoardDriver(app)
    session, last = demo.before_the_end(["ai:easy", "human"], level="standard")
    assert last == ["end"] and session.current_seat == 1
    app.goto("checkrisk", session=session)
    b = board(app)
    idle(app)
    key(app, pygame.K_e)  # the human's End turn is the game's last decision (C15: the turn limit)
    idle(app)
    frames(app, 2)
    assert b.session.is_over and d.overlay == "game_over"
    assert "turn" in d.card_text[1].lower()  # the reason, naming the winner
    winner = b.session.outcome.winners[0]
    assert b.view.seat_name(winner) in d.card_text[1]
    # The card grew to hold one results row per seat, all of it readable.
    assert b.results_size() == (results.WIDTH, results.height(2))
    assert d.card_rect.w >= b.app.s(results.WIDTH) and d.results_cut == []
    stats = b.view.stats()
    state = b.session.state
    for seat, record in enumerate(stats.seats):
        # Cells and tokens at each turn start, ending on the final board.
        assert len(record.cells) == len(record.tokens) > 10
        assert record.cells[-1] == state.cells_held(seat) and record.tokens[-1] == state.tokens_on_board(seat)
    # Battles: every one won by one seat was lost by the other; hits are the rolls' hits.
    assert stats.seats[0].won == stats.seats[1].lost and stats.seats[1].won == stats.seats[0].lost
    assert stats.seats[0].won + stats.seats[1].won > 0
    rolls = [t.split() for t in b.session.log if t.startswith("roll")]
    assert sum(st.hits for st in stats.seats) == sum(int(r[1][2:]) + int(r[2][2:]) for r in rolls)
    assert all(isinstance(st.expected, Fraction) and st.expected > 0 for st in stats.seats)


def test_results_chart_spans_its_box():
    box = pygame.Rect(10, 20, 100, 40)
    points = results.chart_points([0, 5, 10], 10, box)
    assert points == [(10, 60), (60, 40), (110, 20)]
    assert results.chart_points([], 3, box) == []


def test_eliminated_seats_are_greyed_and_skipped_and_each_human_gets_a_hand_over_card(app):
    d = BoardDriver(app)
    session = demo.late_position(["human", "human", "human", "human"])
    app.goto("checkrisk", session=session)
    b = board(app)
    idle(app)
    chips = d.panel.seats
    assert [chip.eliminated for chip in chips] == [False, False, True, True]
    seen = []
    for _ in range(6):  # three turn changes: 0 -> 1 -> 0 -> 1, never seat 2 or 3
        idle(app)
        state = b.session.state
        if d.handover is not None:
            assert d.handover_seat == state.current_player()
            seen.append(state.current_player())
            key(app, pygame.K_RETURN)
            continue
        if state.phase == "reinforce":
            slot_button(app, "place")
        elif state.phase == "act":
            key(app, pygame.K_e)
    assert seen[:3] == [1, 0, 1]
    assert not any(actor in (2, 3) for actor in b.session.actors)


def attack_by_mouse(app, origin: str, target: str) -> None:
    """Select `origin`, click `target` (an enemy stack): the attack goes at once with every token."""
    click_cell(app, origin)
    click_cell(app, target)
    assert BoardDriver(app).picker is None
    idle(app)


def test_undo_in_a_battle_never_rerolls_and_continue_resumes_it_mid_battle(app):
    # A real game (so its autosave replays), seat 0 human with an attack open whose first round leaves the battle
    # open (with this seed).
    d = BoardDriver(app)
    session = demo.odds_session(seed=8)
    session.autosave = True
    attack = demo.best_attack(session)
    origin, target = (session.game.cell_name(c) for c in (attack.origin, attack.target))
    app.goto("checkrisk", session=session)
    b = board(app)
    idle(app)
    attack_by_mouse(app, origin, target)
    assert f"{origin}x{target}:" in b.session.log[-3] + b.session.log[-2] + b.session.log[-1]
    battle = b.session.state.pending_battle()
    assert battle is not None and battle.stage == "attacker", "the first round decided the battle: take another seed"
    card_button(app, "continue")
    idle(app)
    after = list(b.session.log)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    idle(app)
    assert b.session.log[-1] != "continue" and b.session.state.pending_battle().stage == "attacker"
    card_button(app, "continue")
    idle(app)
    assert b.session.log == after  # the same dice fell again: undo never rerolls
    battle = b.session.state.pending_battle()
    if battle is None:
        return
    # Autosaved mid-battle: the menu's Continue opens the same battle, card and all.
    stage, log = battle.stage, list(b.session.log)
    app.goto("menu")
    frames(app)
    click(app, button_by_text(app, "Continue · CheckRisk"))  # the menu names the unfinished game's mode
    b = board(app)
    idle(app)
    assert b.session.log == log and b.session.state.pending_battle().stage == stage
    assert d.battle_card_shown and b.view.card.cells == (origin, target)
    if stage == "attacker":
        assert {"continue", "withdraw"} <= set(d.battle_card_keys)


def test_key_g_outlines_every_players_groups(app):
    from game.client.board.layout import cell_xy

    session = GameSession("checkrisk", "standard", ["human", "human"], seed=2, autosave=False)
    stacks = {c: (0, 2) for c in ("a1", "b1", "c1", "d1")} | {c: (1, 2) for c in ("e8", "f8", "g8", "h8")}
    session.state = session.game.position(stacks, seat=0, phase="act")
    app.goto("checkrisk", session=session)
    b = board(app)
    idle(app)

    def cells() -> list[bytes]:
        frames(app, 1)
        return [
            pygame.image.tobytes(app.window.subsurface(b.layout.cell_rect(*cell_xy(c))), "RGB")
            for c in ("a1", "h8", "e4")
        ]

    plain = cells()
    key(app, pygame.K_g)
    shown = cells()
    assert b.view.show_groups
    # Both players' edge groups of four (one reinforcement each) are outlined; an empty cell is not.
    assert shown[0] != plain[0] and shown[1] != plain[1] and shown[2] == plain[2]
    assert {m.cell for m in b.marks.drawn if m.kind == "region"} == set(stacks)
    key(app, pygame.K_g)
    assert not b.view.show_groups and cells() == plain


def test_reinforcements_by_clicking_stacks_then_a_merge_stops_at_six(app):
    d = BoardDriver(app)
    session = GameSession("checkrisk", "standard", ["human", "human"], seed=4, autosave=False)
    stacks = {"a1": (0, 5), "b1": (0, 4)} | {c: (0, 1) for c in ("c1", "d1", "e1", "f1", "g1", "h1")}
    session.state = session.game.position(stacks | {"e8": (1, 3)}, seat=1, phase="act", round=3)
    app.goto("checkrisk", session=session)
    b = board(app)
    idle(app)
    key(app, pygame.K_e)  # seat 2 ends its turn; seat 1's begins with reinforcements (C7)
    idle(app)
    assert d.handover is not None
    key(app, pygame.K_RETURN)
    state = b.session.state
    assert state.phase == "reinforce"
    assert [left for _, left in state.pending_reinforcements()] == [2]  # eight edge cells bring two
    for cell in ("c1", "d1"):
        click_cell(app, cell)
        idle(app)
    state = b.session.state
    assert state.phase == "act" and b.session.log[-2:] == ["+c1", "+d1"]
    assert [state.count[state.game.cell_index(c)] for c in ("c1", "d1")] == [2, 2]
    # Five onto four: the picker stops at the room left and says why (the rule of six).
    click_cell(app, "a1")
    hold_cell(app, "b1")
    assert d.picker is not None and d.picker.high == 2 and "six" in d.picker.title
    key(app, pygame.K_RETURN)
    idle(app)
    assert b.session.state.count[b.session.game.cell_index("b1")] == 6


def forward_move(state) -> tuple[str, str] | None:
    """Seat 0's biggest stack that can step one rank forward onto an empty cell: (origin, target)."""
    name = state.game.cell_name
    moves = [
        a
        for a in state.legal_actions()
        if isinstance(a, Move)
        and not state.count[a.target]
        and int(name(a.target)[1:]) > int(name(a.origin)[1:])
        and state.count[a.origin] >= 2
    ]
    if not moves:
        return None
    best = max(moves, key=lambda a: (state.count[a.origin], -a.origin))
    return name(best.origin), name(best.target)


def test_a_whole_game_against_the_computer_by_the_mouse_alone(home):
    """From the menu to the results card with clicks only: deploy, reinforce, attack, fight, end turns."""
    app = make_app(anim_speed="instant")  # sixty rounds: the animations would only make it long
    try:
        play_a_whole_game_by_mouse(app)
    finally:
        app.close()


def play_a_whole_game_by_mouse(app) -> None:
    """The mouse-only game of the test above."""
    d = BoardDriver(app)
    click(app, button_by_text(app, "CheckRisk"))
    dialog = app.scenes.current
    click(app, next(b for b, value in dialog.segments.items() if value == ("seat", 1, "ai:easy")))
    click(app, button_by_text(app, "Start game"))
    b = board(app)
    attacked_in = set()
    for _ in range(20000):
        frames(app, 1)
        s = b.session
        if s.is_over and not d.busy and d.overlay == "game_over":
            break
        if d.busy or not s.is_human_turn:
            continue
        if d.handover is not None:
            click_at(app, d.handover_ok.center, settle=1)
        elif d.picker is not None:
            click_at(app, d.picker.ok.center, settle=1)
        elif s.state.phase == "deploy":
            slot_button(app, "auto")
            slot_button(app, "confirm")
        elif s.state.phase == "reinforce":
            slot_button(app, "place")
        elif s.state.pending_battle() is not None:
            keys = [x.key for x in b.view.card.layout_buttons() if x.enabled]
            card_button(app, next(k for k in ("stand", "continue", "occupy") if k in keys))
        elif s.state.round not in attacked_in and any(isinstance(a, Attack) for a in s.state.legal_actions()):
            attacked_in.add(s.state.round)
            attack = demo.best_attack(s)
            click_cell(app, s.game.cell_name(attack.origin))
            click_cell(app, s.game.cell_name(attack.target))
        elif s.state.actions_left > 1 and (advance := forward_move(s.state)) is not None:
            click_cell(app, advance[0])  # no contact yet: a stack goes forward (the picker takes all but one)
            click_cell(app, advance[1])
        else:
            slot_button(app, "end")
    assert b.session.is_over and d.overlay == "game_over"
    assert attacked_in and any(t.startswith("roll") for t in b.session.log)
    assert d.results_cut == [] and all(st.cells for st in b.view.stats().seats)


def test_four_computer_seats_on_corners4_play_a_watch_game(home):
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        session = GameSession(
            "checkrisk",
            "corners4",
            ["ai:easy"] * 4,
            seed=8,
            autosave=False,
            executor=InlineExecutor(),
            presets=["fort", "", "", "box"],
        )
        app.goto("checkrisk", session=session)
        board(app)  # a CheckRisk board
        assert d.watch is not None and d.status == app.t("board.status.watch")
        for _ in range(6000):
            frames(app, 1)
            if session.state.phase != "deploy" and len(session.log) >= 20:
                break
        assert session.state.phase != "deploy" and len(session.log) >= 20  # deployed, then played on by itself
        assert {actor for actor in session.actors if actor >= 0} == {0, 1, 2, 3}
        deploys = [(t, a) for t, a in zip(session.log, session.actors, strict=True) if t.startswith("preset")]
        assert ("preset fort", 0) in deploys and ("preset box", 3) in deploys  # the presets chosen for them
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_held_click_opens_the_amount_picker_clear_of_the_odds_card(home, size):
    app = make_app(size)
    d = BoardDriver(app)
    try:
        app.goto("checkrisk", session=battle_session(["human", "human"]))
        b = board(app)
        idle(app)
        click_cell(app, "d4")
        hold_cell(app, "d5")
        picker = d.picker
        assert picker is not None and picker.value == 6 and b.session.log == []
        frames(app, 1)
        odds = b.view.odds_rect
        assert odds is not None and not odds.colliderect(picker.rect)  # the "+" and the odds both in sight
        for cell in ("d4", "d5"):  # …and the attacking stack and its target
            square = pygame.Rect(0, 0, b.layout.cell, b.layout.cell)
            square.center = tuple(int(v) for v in b.layout.cell_center(cell))
            assert not odds.colliderect(square), cell
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        assert b.session.log[0] == "d4xd5:5"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_seat_chips_keep_a_readable_font_and_end_a_long_name_in_an_ellipsis(home, size):
    from game.client.board.panel import draw_dynamic
    from game.client.lettering import NAME_LEAST_PX

    app = make_app(size)
    try:
        names = ["Anna", "Player 2", "Computer 3", "WWWWWWWWWWWWWWWW"]  # the longest name a seat may have
        session = GameSession("checkrisk", "corners4", ["human"] * 4, seed=1, names=names, autosave=False)
        app.goto("checkrisk", session=session)
        settle_scene(app)
        b, d = board(app), BoardDriver(app)
        info = d.panel
        assert [chip.name for chip in info.seats] == names
        cut = draw_dynamic(app.window.copy(), b.panel_layout, info, 0.0, b.view.draw_emblem)
        assert cut == []
        for chip in info.seats:
            assert chip.size >= NAME_LEAST_PX, (chip.name, chip.size)
        shown = [chip.shown for chip in info.seats]
        assert shown[0] == "Anna" and shown[3].endswith("…") and names[3].startswith(shown[3][:-1])
        # Computer seats shortened keep the number that tells them apart.
        assert shown[2] == "Computer 3" or (shown[2].endswith("… 3") and "Computer".startswith(shown[2][:-3]))
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_battle_cards_long_names_end_in_an_ellipsis_inside_the_card(home, size, language):
    app = make_app(size, language=language, anim_speed="normal")
    try:
        session = battle_session(["human", "human"])
        session.names = ["Konstantinopolis", "Maximilianovich"]  # the longest names a seat may have
        app.goto("checkrisk", session=session)
        idle(app)
        d = BoardDriver(app)
        d.click("d4")
        d.hover("d5")
        d.click("d5")
        b = board(app)
        shown = False
        for _ in range(300):
            frames(app, 1)
            if b.view.card.visible and b.view.card.names_shown:
                shown = True
                assert b.view.top_cut == (), b.view.top_cut
                for name, full in zip(b.view.card.names_shown, session.names, strict=True):
                    assert name == full or (name.endswith("…") and full.startswith(name[:-1])), name
        assert shown
    finally:
        app.close()
