"""Challenges on screen: reached from Learn, every stored challenge of every game played on the board ends in the
result card with its stars (and a turn's exact chance against the best), a wrong move in the failure's explanation
with Retry and Show solution, the solution played step by step, and the best score kept across a restart."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.client.board.scene import BoardScene
from game.client.board.wording import counted
from game.client.learn.challenge_play import ChallengeFlow, challenge_key, open_challenge
from game.client.learn.challenge_screen import ChallengeScene
from game.client.learn.screen import TILE_GAP
from game.learn.challenges import Challenge, challenge_modes, load_challenges
from game.learn.progress import load_progress, progress_path
from tests.client_helpers import button_by_text, click, frames, make_app, settle_scene
from tests.driver import BoardDriver
from tests.test_learn_checkrisk_client import play as play_checkrisk
from tests.test_learn_client import play as play_kubtafl

CHALLENGES = {mode: load_challenges(mode) for mode in challenge_modes()}


def board(app) -> BoardScene:
    scene = app.scenes.current
    assert isinstance(scene, BoardScene)
    return scene


def flow(app) -> ChallengeFlow:
    found = board(app).lesson
    assert isinstance(found, ChallengeFlow)
    return found


def screen(app) -> ChallengeScene:
    scene = app.scenes.current
    assert isinstance(scene, ChallengeScene)
    return scene


def card_button(app, text: str):
    found = [button for button in board(app).dialogs.buttons.buttons if button.text == text]
    assert found, f"no {text!r} on the card; have {[b.text for b in board(app).dialogs.buttons.buttons]}"
    return found[0]


# CheckRisk's clicks and keys are proven on its lessons; past its first challenges the decisions go by the path they
# end in, which keeps the run through all 42 challenges short.
POSTED_CHECKRISK = 4


def play_decision(app, challenge: Challenge, text: str) -> None:
    """One of the player's decisions: Kubtafl (and CheckRisk's first challenges) by posted clicks and keys, the rest
    through the turn flow's commit (the path the clicks end in)."""
    d = BoardDriver(app)
    if challenge.mode == "kubtafl":
        play_kubtafl(app, text)
    elif challenge.mode == "checkrisk" and CHALLENGES["checkrisk"].index(challenge) < POSTED_CHECKRISK:
        play_checkrisk(app, text)
    else:
        b = board(app)
        d.commit(b.live.state.action_from_str(text))
        settle_scene(app)


def play_solution(app, challenge: Challenge) -> None:
    """The stored solution's decisions of the player, each when its turn comes (the defence and the dice are the
    board's own: seeded, they fall as the solution has them)."""
    d = BoardDriver(app)
    b = board(app)
    for _ in range(len(challenge.solution) + 4):
        settle_scene(app)
        if d.overlay == "card":
            return
        log = b.session.log
        assert log == list(challenge.solution[: len(log)]), f"{challenge.id}: the line left the solution: {log}"
        if b.session.current_seat == challenge.seat and len(log) < len(challenge.solution):
            play_decision(app, challenge, challenge.solution[len(log)])


@pytest.fixture
def app(home):
    application = make_app(anim_speed="instant")
    yield application
    application.close()


@pytest.mark.parametrize("mode", challenge_modes())
def test_every_challenge_played_by_its_solution_ends_in_stars_and_next(home, mode):
    app = make_app((1024, 600), anim_speed="instant")  # the smaller window draws faster and must fit as well
    d = BoardDriver(app)
    app.goto("learn", mode=mode)
    frames(app, 1)
    click(app, button_by_text(app, "Challenges"))
    assert screen(app).mode == mode
    click(app, screen(app).tiles[CHALLENGES[mode][0].id])
    for index, challenge in enumerate(CHALLENGES[mode]):
        b = board(app)
        assert flow(app).challenge == challenge
        assert d.lesson_card[0] == challenge.goal["en"] and d.lesson_card_cut == []  # it fits at 1024×600
        play_solution(app, challenge)
        assert d.overlay == "card", f"{challenge.id} did not end; log {b.session.log}"
        title, text = d.card_text
        assert title == "Well done!" and d.card_stars == 3, (challenge.id, text)
        table = load_progress()
        assert table.get(challenge_key(challenge)) == 3
        if mode != "kubtafl":
            proof = challenge.proof
            assert table.chances[challenge_key(challenge)] == proof.best  # type: ignore[union-attr]
            assert "the best there is" in text and "%" in text
            # A plan no roll can stop is not called lucky.
            sure = proof.best == 1  # type: ignore[union-attr]
            assert ("No roll could have stopped this plan." in text) == sure
            assert ("The dice fell your way" in text) == (not sure)
        if index + 1 < len(CHALLENGES[mode]):
            click(app, card_button(app, "Next"))
    click(app, card_button(app, "Challenges"))
    assert screen(app).mode == mode
    assert all(screen(app).tiles[c.id].object_ids[-1] == "#primary" for c in CHALLENGES[mode])
    app.close()


def open_with_a_wrong_move(app, challenge, keep=lambda text: True) -> str:
    """Open `challenge` on the board; a first move not among its proven ones (and kept by `keep`), in notation."""
    open_challenge(app, challenge)
    frames(app, 2)
    state = challenge.state()
    texts = (state.action_to_str(a) for a in state.legal_actions())
    return next(text for text in texts if text not in challenge.proof.first_moves and keep(text))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_wrong_kubtafl_move_lets_the_defence_out_and_show_solution_plays_it(home, language):
    app = make_app(language=language, anim_speed="instant")
    d = BoardDriver(app)
    challenge = next(c for c in CHALLENGES["kubtafl"] if c.id == "10")
    wrong = open_with_a_wrong_move(app, challenge)
    play_kubtafl(app, wrong)
    settle_scene(app)
    b = board(app)
    assert d.overlay == "card" and d.card_stars == 0
    assert len(b.session.log) == 2  # the defence answered before the verdict
    title, text = d.card_text
    assert title == app.t("learn.result.failure")
    assert text == app.t("challenge.fail.escape", move=wrong, best_moves=counted(app.t, "challenge.moves", 2))
    texts = d.card_buttons
    assert texts == [app.t("learn.retry"), app.t("challenge.show"), app.t("challenge.back")]
    click(app, card_button(app, app.t("challenge.show")))
    shown = flow(app)
    assert shown.showing
    for _ in range(40):
        settle_scene(app)
        frames(app, 1)
        if board(app).dialogs.overlay == "card":
            break
    b = board(app)
    assert d.card_text[0] == app.t("challenge.result.shown")
    assert b.session.is_over and b.session.outcome.winner == challenge.seat
    assert b.session.log[0] in challenge.proof.first_moves
    table = load_progress()
    assert challenge_key(challenge) in table.seen and table.get(challenge_key(challenge)) == 0
    click(app, card_button(app, app.t("learn.retry")))
    assert not flow(app).showing and board(app).session.log == []
    app.close()


def test_a_weaker_checkrisk_plan_fails_naming_both_chances(app):
    d = BoardDriver(app)
    challenge = CHALLENGES["checkrisk"][0]
    wrong = open_with_a_wrong_move(app, challenge, lambda text: "x" not in text and text != "end")
    play_checkrisk(app, wrong)
    b = board(app)
    assert d.overlay == "card" and d.card_stars == 0, b.session.log
    chance = flow(app).result.detail.chance  # type: ignore[union-attr]
    assert isinstance(chance, Fraction) and chance < challenge.proof.best  # type: ignore[union-attr]
    # The turn card speaks of the attempt, not of the other side the position passed to.
    info = d.panel
    assert (info.seat, info.turn_text, info.seat_text) == (challenge.seat, "Not quite", "The attempt is over")
    assert info.status == "Retry, or go on from the result card."
    assert d.card_text[1] == app.t(
        "challenge.fail.weaker", chance=f"{float(chance * 100):.1f}".rstrip("0").rstrip(".") + " %", best="66.7 %"
    )
    click(app, card_button(app, "Retry"))
    assert board(app).session.log == [] and not flow(app).verdict.done


def test_the_screen_shows_solved_and_best_chance_and_they_survive_a_restart(app):
    first, second = CHALLENGES["checkrisk"][:2]
    open_challenge(app, first)
    frames(app, 2)
    play_solution(app, first)
    click(app, card_button(app, "Challenges"))
    shown = screen(app)
    assert shown.tiles[first.id].object_ids[-1] == "#primary"
    assert shown.tiles[second.id].object_ids[-1] == "#menu_button"
    assert shown.best_text(first) == "best 66.7 % of 66.7 %" and shown.best_text(second) == ""
    assert shown.focused_challenge() == second  # the first unsolved
    app.close()
    again = make_app()
    again.goto("challenges", mode="checkrisk")
    frames(again, 2)
    table = screen(again).progress
    assert table.get(challenge_key(first)) == 3 and table.chances[challenge_key(first)] == Fraction(2, 3)
    assert screen(again).best_text(first) == "best 66.7 % of 66.7 %"
    again.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_description_keeps_the_themes_gap_before_the_next_tile(home, size):
    app = make_app(size)
    try:
        app.goto("challenges", mode="checkrisk")
        frames(app, 2)
        shown = screen(app)
        tiles = [shown.tiles[c.id].rect for c in shown.challenges]
        for challenge in shown.challenges:
            text = shown.descriptions[challenge.id]
            below = [t for t in tiles if t.left == shown.tiles[challenge.id].rect.left and t.top > text.top]
            if below:
                assert min(t.top for t in below) - text.bottom >= app.s(TILE_GAP), (challenge.id, text, below[0])
    finally:
        app.close()


def test_a_damaged_challenge_table_is_set_aside_and_old_files_still_load(home):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "offered": True, "stars": {"kubtafl/moving-1": 2}}), encoding="utf-8")
    old = load_progress()
    assert old.problem is None and old.get("kubtafl/moving-1") == 2 and old.chances == {} and old.seen == set()
    old.record_chance("challenge/checkrisk/01", Fraction(1, 3))
    old.mark_seen("challenge/kubtafl/02")
    assert old.save() is None
    back = load_progress()
    assert back.chances == {"challenge/checkrisk/01": Fraction(1, 3)} and back.seen == {"challenge/kubtafl/02"}
    assert back.get("kubtafl/moving-1") == 2
    path.write_text(json.dumps({"stars": {}, "chances": {"challenge/checkrisk/01": "3/2"}}), encoding="utf-8")
    app = make_app()
    app.goto("challenges", mode="checkrisk")
    frames(app, 2)
    assert any("chances.challenge/checkrisk/01" in message for message in app.messages)
    assert (path.parent / "learn.json.bad").exists()
    assert screen(app).progress.chances == {}
    app.close()
