"""The CheckRisk board stays readable: the last turn's action numbers are light diamonds kept off every stack's
count, the Move-in amount picker opens clear of the battle card, and the battle card and the move list say the
counts the battle started with and who lost what."""

from __future__ import annotations

import pytest
from client_helpers import checkrisk_battle, current, frames, make_app, open_checkrisk, settle_scene

from game.client.checkrisk.scene import CheckRiskScene
from game.client.checkrisk.shots import _their_turn_fought
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from tests.driver import BoardDriver


def board(app) -> CheckRiskScene:
    return current(app, CheckRiskScene)


@pytest.mark.parametrize("seed", [4, 6])
def test_the_last_turns_numbers_keep_off_every_stacks_count(app, seed):
    d = BoardDriver(app)
    from game.client.checkrisk.demo import played_until

    session = played_until("standard", 2, _their_turn_fought, seed=seed)
    session.seats[0] = "human"
    app.goto("checkrisk", session=session)
    frames(app, 45)
    b = board(app)
    assert d.turn_drawn
    numbers = d.turn_number_rects
    counts = b.view.value_rects()
    assert len(numbers) >= 3 and counts
    assert [n for n in numbers if n.collidelist(counts) >= 0] == []
    assert all(n.collidelist([m for m in numbers if m is not n]) < 0 for n in numbers)
    # The arrows keep off the counts too (their ends pulled back from a count in the way).
    arrows = d.turn_arrow_segments
    assert arrows and [(a, z) for a, z in arrows if any(c.inflate(6, 6).clipline(a, z) for c in counts)] == []


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize(("origin", "target"), [("d5", "d4"), ("d6", "d7"), ("c4", "c5"), ("e3", "e2")])
def test_the_move_in_picker_opens_clear_of_the_battle_card(home, size, origin, target):
    application = make_app(size, anim_speed="instant")  # where the picker and the card stand, not how they come
    d = BoardDriver(application)
    try:
        b = checkrisk_battle(application, origin, target)
        frames(application, 2)
        battle = b.session.state.pending_battle()
        assert battle is not None and battle.stage == "occupy"
        picker, card = d.picker, d.battle_card_rect
        assert picker is not None and d.battle_card_shown
        assert not picker.rect.colliderect(card), (picker.rect, card)
        assert application.window.get_rect().contains(picker.rect)
    finally:
        application.close()


def test_after_the_battle_the_card_shows_the_starting_counts_and_who_took_the_cell(app):
    b = checkrisk_battle(app, "d5", "d4")
    frames(app, 2)
    card = b.view.card
    record = card.record
    assert record is not None and record.end is not None and record.defenders_left == 0
    assert card.header_text() == "Player 1 (6) from d5 vs Player 2 (1) on d4"
    assert card.result_text().startswith("Player 1 took d4 · Player 1 ")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_checkrisk_challenges_result_stays_above_its_buttons(home, size, language):
    from game.client import lettering
    from game.client.board.dialogs import REASON_SIZE
    from game.client.learn.challenge_play import open_challenge
    from game.learn.challenges import load_challenges

    application = make_app(size, language=language, menu=False)

    d = BoardDriver(application)
    try:
        application.settings.anim_speed = "instant"
        challenge = load_challenges("checkrisk")[0]
        open_challenge(application, challenge)
        frames(application, 4)
        b = board(application)
        for _ in range(len(challenge.solution) + 2):
            settle_scene(application)
            log = b.live.log
            if d.overlay == "card" or len(log) >= len(challenge.solution):
                break
            if b.live.current_seat == challenge.seat:
                d.commit(b.live.state.action_from_str(challenge.solution[len(log)]))
        settle_scene(application)
        frames(application, 4)
        assert d.overlay == "card"
        first = min(rect.top for rect in d.card_button_rects)
        # The text as drawn: wrapped to its box's width, line under line from the box's top.
        font = application.fonts.get(application.s(REASON_SIZE))
        box = d.card_reason_box
        drawn = lettering.wrap(font, d.card_text[1], box.w)
        assert len(drawn) >= 3 and box.top + len(drawn) * font.get_linesize() <= first, (drawn, box, first)
    finally:
        application.close()


def test_leftward_arrows_stop_short_of_the_counts_they_point_at(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk", "standard", ["human", "ai:easy"], seed=3, autosave=False, executor=InlineExecutor()
    )
    stacks = {"a1": (0, 3), "c2": (0, 2), "c7": (1, 3), "e7": (1, 2), "f6": (1, 4)}
    start = session.game.position(stacks, seat=1, phase="act", round=3)
    session.game.initial_state = start.clone  # type: ignore[method-assign]  # the trace replays from here
    session.state = start.clone()
    for text in ("c7-b7:3", "e7-d7:2", "f6-e6:4"):
        session.apply(session.state.action_from_str(text))
    app.goto("checkrisk", session=session)
    frames(app, 45)
    b = board(app)
    assert d.turn_drawn
    counts = b.view.value_rects()
    arrows = d.turn_arrow_segments
    assert len(arrows) == 3
    assert [(a, z) for a, z in arrows if any(c.inflate(6, 6).clipline(a, z) for c in counts)] == []


def test_the_hints_arrow_keeps_off_the_counts(app):
    d = BoardDriver(app)
    b = open_checkrisk(app, {"c4": (0, 2), "h1": (0, 1), "e4": (1, 1), "h8": (1, 3)}, ("human", "ai:easy"))
    d.give_hint("c4-d4:2", words=False)  # as a hint names it
    frames(app, 2)
    assert [m.text for m in b.marks.drawn if m.kind == "arrow"] == ["c4-d4:2"]
    counts, arrow = b.view.value_rects(), b.view.hint.arrow
    assert counts and arrow is not None and not any(c.inflate(6, 6).clipline(*arrow) for c in counts)
