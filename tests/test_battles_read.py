"""Battles a player can read: CheckRisk's battle card (each side's dice in its colour and large enough, hits raised
and outlined, misses dimmed, the hit counts, each round's result by name with the rounds so far, a header that
tells the truth after a retreat and after an undo), the result chip left on the cell, a retreat counted as the
attacker's win, the turn card naming the seat whose turn plays out; Battle Checkers' stakes (what losing an attack
costs, when a fate roll can end the game, from the engine's forecast as exact fractions), its seats named the same
in the new-game dialog and on the board, and its turn card following the attacking side."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest
from client_helpers import frames, key, make_app, settle_scene

from game.client.board.marks import Mark
from game.client.checkrisk import demo
from game.client.checkrisk.battles import BattleEnd, BattleReader, BattleRecord, RoundRecord
from game.client.checkrisk.chip import chip_text
from game.client.checkrisk.pieces import seat_colour
from game.client.checkrisk.scene import CheckRiskScene
from game.client.checkrisk.stats import GameStats
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers import FATE, Attack, Destroyed, FateForecast, Shielded
from game.engine.battle_checkers.actions import FATE_OUTCOMES
from game.engine.checkrisk import CONTINUE, Retreat
from game.engine.checkrisk import Attack as CheckRiskAttack
from game.engine.core import CHANCE
from tests.driver import BoardDriver


def scene(app) -> CheckRiskScene:
    current = app.scenes.current
    assert isinstance(current, CheckRiskScene)
    return current


def card_button(app, name: str) -> None:
    """Click the drawn button `name` of the battle card."""
    BoardDriver(app).press_battle_card(name)


def click_cell(app, cell: str) -> None:
    BoardDriver(app).click(cell)


def take_the_seat(app) -> None:
    """Let the settled board open its hand-over card, and dismiss it if one is up (hot-seat)."""
    frames(app, 2)
    BoardDriver(app).take_seat()


def until_result(app, rounds: int) -> None:
    """Frames until the card states the result of round `rounds`."""
    card = scene(app).view.card
    for _ in range(900):
        frames(app, 1)
        record = card.record
        if card.shown_result() is not None and record is not None and len(record.rounds) >= rounds:
            return
    raise AssertionError("no round result was shown")


@pytest.fixture
def normal(home):
    application = make_app(anim_speed="normal")
    yield application
    application.close()


# ----- the battle card -----
def test_C11_each_sides_dice_in_its_colour_big_enough_hits_raised_misses_dimmed_and_counted(normal):
    app = normal
    app.goto("checkrisk", session=demo.battle_position(["human", "human"]))
    b = scene(app)
    settle_scene(app)
    click_cell(app, "d4")
    click_cell(app, "d5")  # all six attack
    until_result(app, 1)
    card, tray = b.view.card, b.view.card.tray
    rows = tray.faces()
    assert [len(row) for row in rows] == [6, 4]
    assert {die.tint for die in rows[0]} == {seat_colour(0)} and {die.tint for die in rows[1]} == {seat_colour(1)}
    assert tray.die_size >= 28  # at 1280×720
    hits = {e.key for e in tray.entries if e.die.value >= 4}
    assert tray.hits == hits and tray.dimmed == {e.key for e in tray.entries} - hits
    record = card.record
    assert record is not None
    first = record.rounds[0]
    assert card.hit_counts() == (first.attacker_hits, first.defender_hits) == (2, 2)
    # The result by name, from the engine's losses, in large type under the tray.
    assert card.result_text() == "Round 1 · Player 1 −2 (6→4) · Player 2 −2 (4→2)"
    assert card.history_lines() == [(1, 2, 2)]
    settle_scene(app)
    card_button(app, "continue")
    settle_scene(app)
    take_the_seat(app)
    card_button(app, "stand")
    until_result(app, 2)
    assert card.result_text() == "Round 2 · Player 1 −2 (4→2) · Player 2 −1 (2→1)"
    assert card.history_lines() == [(1, 2, 2), (2, 2, 1)]  # the battle's rounds so far


def test_the_dice_scale_with_the_window(home):
    sizes = {}
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        app = make_app(size, anim_speed="instant")
        try:
            app.goto("checkrisk", session=demo.battle_position(["human", "human"]))
            b = scene(app)
            settle_scene(app)
            BoardDriver(app).commit(b.session.state.action_from_str("d4xd5:6"))
            settle_scene(app)
            sizes[size[1]] = b.view.card.tray.die_size
        finally:
            app.close()
    assert sizes[720] >= 28
    assert sizes[600] < sizes[720] < sizes[1080]
    assert sizes[600] >= 28 * 600 / 720 * 0.9 and sizes[1080] >= 28 * 1.3


def retreat_game(app) -> tuple[CheckRiskScene, Retreat]:
    """A real game (hot-seat) where the defender may retreat after the rounds so far."""
    session = demo.played_until("standard", 2, demo.retreat_ready, seed=6)
    session.seats = ["human", "human"]
    app.goto("checkrisk", session=session)
    b = scene(app)
    settle_scene(app)
    take_the_seat(app)
    retreat = next(a for a in session.state.legal_actions() if isinstance(a, Retreat))
    return b, retreat


def the_battle(session: GameSession) -> tuple[str, str, str, str, list[tuple[int, int]]]:
    """The pending battle as the engine and the log tell it: the header it deserves, its cells, and the hits
    (attacker's, defender's) of its rounds so far, read from the log's rolls since the attack."""
    battle = session.state.pending_battle()
    name = session.game.cell_name
    origin, target = name(battle.origin), name(battle.target)
    header = (
        f"Player {battle.attacker + 1} ({battle.attackers}) from {origin} "
        f"vs Player {battle.defender + 1} ({battle.defenders}) on {target}"
    )
    start = max(i for i, text in enumerate(session.log) if text.startswith(f"{origin}x{target}:"))
    rolls = [text.split() for text in session.log[start:] if text.startswith("roll ")]
    hits = [(int(a[2:]), int(d[2:])) for _, a, d in rolls]
    assert len(hits) == battle.rounds
    last = hits[-1]
    a, d = battle.attackers, battle.defenders  # both still fighting: each lost as many as the other side hit
    result = (
        f"Round {battle.rounds} · Player {battle.attacker + 1} −{last[1]} ({a + last[1]}→{a}) "
        f"· Player {battle.defender + 1} −{last[0]} ({d + last[0]}→{d})"
    )
    return header, result, origin, target, hits


def test_C12_4_after_a_retreat_the_header_names_the_sides_their_tokens_and_where_the_defender_went(app):
    b, retreat = retreat_game(app)
    card = b.view.card
    header, result, origin, target, hits = the_battle(b.session)
    battle = b.session.state.pending_battle()
    defender = battle.defender
    assert card.header_text() == header and card.result_text() == result  # restored from the log as it resumed
    sent = int(next(t for t in b.session.log if t.startswith(f"{origin}x{target}:")).partition(":")[2])
    # Both still fight: each side lost as many as the other hit.
    started = (
        f"Player {battle.attacker + 1} ({sent}) from {origin} "
        f"vs Player {defender + 1} ({battle.defenders + sum(a for a, _ in hits)}) on {target}"
    )
    cell = b.session.game.cell_name(retreat.parts[0][0])
    card_button(app, "retreat")
    click_cell(app, cell)
    key(app, pygame.K_RETURN)
    card_button(app, "retreat_go")
    settle_scene(app)
    take_the_seat(app)
    assert b.session.state.pending_battle().stage == "occupy"
    # Over: the sides with the tokens the battle started with (not "(0) vs (0)"), the result led by its end.
    assert card.visible and card.header_text() == started
    moved = b.session.log[-1]
    assert moved.startswith("retreat ") and cell in moved
    assert card.outcome_text().startswith(f"Player {defender + 1} retreated to {cell}")
    assert card.result_text() == f"{card.outcome_text()} · {result.partition(' · ')[2]}"


def test_undo_back_into_the_occupation_restores_the_card_as_it_was(app):
    b, retreat = retreat_game(app)
    BoardDriver(app).commit(retreat)
    settle_scene(app)
    take_the_seat(app)
    card = b.view.card
    shown = (card.header_text(), card.outcome_text(), card.result_text(), card.tray.faces(), card.tray.hits)
    assert shown[3] and shown[2]
    key(app, pygame.K_RETURN)  # the occupation picker: move in
    settle_scene(app)
    assert b.session.log[-1].startswith("occupy") and not card.visible
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    settle_scene(app)
    take_the_seat(app)
    assert b.session.state.pending_battle().stage == "occupy"
    assert card.visible
    assert (card.header_text(), card.outcome_text(), card.result_text(), card.tray.faces(), card.tray.hits) == shown


def test_the_result_chip_shows_no_minus_for_a_side_that_lost_nothing(app):
    record = BattleRecord(
        attacker=0,
        defender=1,
        origin="b2",
        target="b3",
        attackers=3,
        defenders=1,
        rounds=(RoundRecord(1, (6, 5, 4), (1,), 3, 0, 3, 1, 0, 1),),
        end=BattleEnd.TAKEN,
    )
    assert chip_text(record, app.t) == "Taken 0 −1"


def test_the_battles_result_chip_stays_on_the_cell_until_the_next_action(app):
    b, retreat = retreat_game(app)
    _, _, _, target, hits = the_battle(b.session)
    BoardDriver(app).commit(retreat)
    settle_scene(app)
    take_the_seat(app)
    frames(app, 1)
    assert not [m for m in b.marks.drawn if m.kind == "battle_result"]  # the card still shows the battle
    key(app, pygame.K_RETURN)  # move in
    settle_scene(app)
    frames(app, 1)
    lost = (sum(d for _, d in hits), sum(a for a, _ in hits))  # the attacker's and the defender's losses
    shown = " ".join(f"−{n}" if n else "0" for n in lost)  # no loss reads 0, never −0
    assert Mark("battle_result", target, f"Retreated {shown}") in b.marks.drawn
    record = b.view.last_battle()
    assert record is not None and record.end is BattleEnd.RETREATED and record.winner == record.attacker
    assert record.retreat == tuple((b.session.game.cell_name(c), n) for c, n in retreat.parts)
    take_the_seat(app)  # the attack may have been its seat's last action: the next seat takes the board first
    frames(app, 1)
    # Still marked on its cell: by its result chip, or, when the next seat sees the whole last turn drawn, by that
    # turn's own battle mark (one chip a battle, never both).
    chips = [m for m in b.marks.drawn if m.cell == target and m.kind in ("battle_result", "turn_battle")]
    assert len(chips) == 1
    log_length = len(b.session.log)
    key(app, pygame.K_e)  # the next action: End turn
    settle_scene(app)
    take_the_seat(app)
    frames(app, 1)
    assert len(b.session.log) > log_length
    assert not [m for m in b.marks.drawn if m.kind == "battle_result"]


def test_C12_4_an_attack_won_by_a_retreat_counts_as_a_won_battle(app):
    b, retreat = retreat_game(app)
    battle = b.session.state.pending_battle()
    attacker, defender = battle.attacker, battle.defender
    stats = b.view.stats()
    before = [(r.won, r.lost) for r in stats.seats]
    BoardDriver(app).commit(retreat)
    settle_scene(app)
    stats = b.view.stats()
    assert stats.seats[attacker].won == before[attacker][0] + 1
    assert stats.seats[defender].lost == before[defender][1] + 1
    # The luck line and the results card read these records.
    won, lost = stats.seats[attacker].won, stats.seats[attacker].lost
    assert b.view.stats_rows()[attacker][1].endswith(f"{won}–{lost}")


def test_battle_records_follow_every_battle_of_random_games():
    """Every attack closes as one record whose rounds add up to the tokens the engine removed."""
    import random

    for seed in (1, 2):
        session = GameSession("checkrisk", "standard", ["human", "human"], seed=seed, autosave=False)
        rng = random.Random(seed)
        while not session.is_over and len(session.log) < 600:
            session.apply(rng.choice(session.state.legal_actions()))
        stats = GameStats(session.game)
        stats.replay.update(list(session.log))
        reader: BattleReader = stats.battles
        attacks = [i for i, text in enumerate(session.log) if "x" in text.split(":")[0]]
        assert [r.started_at for r in reader.finished] == attacks[: len(reader.finished)]
        removed = [0, 0]
        for record in reader.finished:
            assert record.closed_at is not None and record.end is not None
            removed[record.attacker] += record.attacker_lost
            removed[record.defender] += record.defender_lost
        current = reader.current
        if current is not None and not current.closed:
            removed[current.attacker] += current.attacker_lost
            removed[current.defender] += current.defender_lost
        assert removed == list(session.state.removed)


def test_C13_the_turn_card_names_who_decides_and_whose_turn_plays_out_at_four_seats(normal):
    app = normal
    d = BoardDriver(app)

    def player3_attacks(session: GameSession) -> bool:
        """Player 3 may fight on against a defender who may then retreat (so it is asked)."""
        battle = session.state.pending_battle()
        if battle is None or battle.stage != "attacker" or battle.attacker != 2:
            return False
        after = session.state.clone()
        after.apply(CONTINUE)
        return after.pending_battle().stage == "defender"

    session = demo.played_until("corners4", 4, player3_attacks, seed=1)
    session.seats = ["human"] * 4
    app.goto("checkrisk", session=session)
    scene(app)
    settle_scene(app)
    take_the_seat(app)
    defender = session.state.pending_battle().defender
    card_button(app, "continue")
    settle_scene(app)
    take_the_seat(app)
    assert session.state.pending_battle().stage == "defender"
    assert BoardDriver(app).panel.seat == defender != 2  # the defender decides now
    card_button(app, "stand")
    assert d.busy and session.log[-1].startswith("roll")
    seen = set()
    while d.busy:
        seen.add(BoardDriver(app).panel.seat)
        frames(app, 1)
    assert seen == {2}  # the round plays out in Player 3's turn: never "Player 1 to move"


# ----- Battle Checkers -----
def bc_position(units, **fields):
    from game.client.battle_checkers import demo as bc_demo

    return bc_demo.position(units, ["human", "human"], **fields)


def test_B10_the_forecast_says_what_each_outcome_costs():
    front = bc_position({"e5": (0, "N"), "e6": (1, "S"), "a10": (1, "S")}).state
    forecast = front.forecast(front.action_from_str("e5xe6"))
    costs = {o.label: (o.probability, o.events) for o in forecast.outcomes}
    assert costs == {
        "success": (Fraction(1, 2), (Destroyed("e6", 1),)),
        "fail": (Fraction(1, 2), (Destroyed("e5", 0),)),  # a lost head-on duel destroys the attacker
    }
    right = bc_position({"f5": (0, "W"), "e5": (1, "N"), "a10": (1, "S")}).state
    costs = {o.label: (o.probability, o.events) for o in right.forecast(right.action_from_str("f5xe5")).outcomes}
    assert costs == {"success": (Fraction(1, 2), (Destroyed("e5", 1),)), "fail": (Fraction(1, 2), ())}
    left = bc_position({"d5": (0, "E"), "e5": (1, "N"), "a10": (1, "S")}).state
    costs = {o.label: (o.probability, o.events) for o in left.forecast(left.action_from_str("d5xe5")).outcomes}
    assert costs == {"fail": (Fraction(1), (Shielded("d5", "e5"),))}


@pytest.mark.parametrize(
    ("spirit", "caller_out", "opponent_out"),
    [
        ((3, 2), Fraction(1, 6), Fraction(5, 18)),
        ((7, 5), Fraction(0), Fraction(1, 36)),
        ((9, 9), Fraction(0), Fraction(0)),
    ],
)
def test_B11_B12_the_fate_forecast_gives_the_exact_chance_the_roll_ends_the_game(spirit, caller_out, opponent_out):
    state = bc_position(
        {"d4": (0, "N"), "c2": (0, "N"), "e8": (1, "S")}, phase="fate_choice", spirit=spirit, fate_player=0
    ).state
    forecast = state.forecast(FATE)
    assert forecast.probability("caller_out") == caller_out and forecast.probability("opponent_out") == opponent_out
    assert sum(o.probability for o in forecast.outcomes) == 1
    # The same by counting the 36 rolls: the lower roller loses the difference; at zero spirit it has lost.
    lose = [Fraction(0), Fraction(0)]
    for roll, p in FATE_OUTCOMES:
        mine, theirs = roll.a, roll.b
        loser = 0 if mine < theirs else 1 if theirs < mine else None
        if loser is not None and spirit[loser] - abs(mine - theirs) <= 0:
            lose[loser] += p
    assert (caller_out, opponent_out) == tuple(lose)
    detail = forecast.detail
    assert isinstance(detail, FateForecast) and detail.caller == 0 and detail.spirit == spirit
    assert detail.ending_loss == tuple(s if s <= 5 else None for s in spirit)


def test_B10_the_attack_tooltip_says_what_losing_costs(home):
    app = make_app(anim_speed="fast")
    try:
        for units, target, expected in (
            (
                {"d4": (0, "N"), "c2": (0, "N"), "d5": (1, "S"), "h9": (1, "S")},
                "d5",
                "1/2 (50%): win and the enemy unit is destroyed; lose and yours is destroyed",
            ),
            (
                {"a5": (0, "NE"), "h2": (0, "N"), "b6": (1, "S"), "j10": (1, "S")},
                "b6",
                "1/2 (50%): win and the enemy unit is destroyed; fail and nothing happens",
            ),
            (
                {"d5": (0, "E"), "a1": (0, "N"), "e5": (1, "N"), "j10": (1, "S")},
                "e5",
                "No chance (0%): nothing is destroyed",
            ),
        ):
            app.goto("battle_checkers", session=bc_position(units))
            b = app.scenes.current
            settle_scene(app)
            d = BoardDriver(app)
            d.hover(target)
            assert d.odds(target)[1] == expected
            # The card leaves the unit it speaks of and the attacker in sight.
            attack = d.shown_attack(target)
            for cell in (target, b.session.state.board.name(attack.cell)):
                square = pygame.Rect(0, 0, b.layout.cell, b.layout.cell)
                square.center = tuple(int(v) for v in b.layout.cell_center(cell))
                assert b.view.odds_shown is not None and not b.view.odds_shown.colliderect(square), cell
    finally:
        app.close()


def test_B10_a_sure_attacks_odds_badge_is_not_red(home):
    # Red reads as danger: a blow on the rear (it always succeeds) is shown green, a hopeless one red.
    from game.client import palette

    app = make_app(anim_speed="fast")
    try:
        for units, target, text, paint in (
            ({"d4": (0, "N"), "c2": (0, "N"), "d5": (1, "N"), "h9": (1, "S")}, "d5", "100%", palette.TRANSFER),
            ({"d5": (0, "E"), "a1": (0, "N"), "e5": (1, "N"), "j10": (1, "S")}, "e5", "0%", palette.ATTACK),
        ):
            app.goto("battle_checkers", session=bc_position(units))
            settle_scene(app)
            d = BoardDriver(app)
            d.hover(target)
            badges = {m.cell: m for m in d.marks("crosshair")}
            assert badges[target].text == text and badges[target].paint == tuple(paint)
    finally:
        app.close()


def test_B12_the_fate_card_says_when_the_roll_can_end_the_game(home):
    app = make_app(anim_speed="fast")
    try:
        session = bc_position(
            {"d4": (0, "N"), "c2": (0, "N"), "e8": (1, "S"), "b7": (1, "E")},
            phase="fate_choice",
            spirit=(3, 2),
            fate_player=0,
        )
        app.goto("battle_checkers", session=session)
        settle_scene(app)
        lines = app.scenes.current.view.fate.lines()
        assert lines[3] == "You have 3 spirit: a loss by 3 or more ends the game (this roll: 16.7 %)"
        assert lines[4] == "Blue has 2 spirit: a loss by 2 or more ends the game (this roll: 27.8 %)"
    finally:
        app.close()


def test_battle_checkers_seats_are_called_the_same_in_the_dialog_and_on_the_board(home):
    app = make_app(anim_speed="fast")
    try:
        app.goto("new_game", mode="battle_checkers")
        frames(app)
        dialog = app.scenes.current
        names = [dialog.default_name(seat) for seat in range(2)]
        assert names == ["Orange", "Blue"]
        assert [entry.placeholder_text for entry in dialog.name_entries] == names
        app.goto("battle_checkers", session=bc_position({"d4": (0, "N"), "e8": (1, "S")}))
        settle_scene(app)
        assert [app.scenes.current.view.seat_name(seat) for seat in range(2)] == names
    finally:
        app.close()


def test_battle_checkers_turn_card_follows_the_side_whose_attack_plays_out(normal):
    from game.client.board.demo import play_ai_until

    def blue_may_duel(session: GameSession) -> bool:
        state = session.state
        if state.phase != "main" or state.player != 1:
            return False
        return any(isinstance(a, Attack) and not state.forecast(a).certain for a in state.legal_actions())

    session = GameSession(
        "battle_checkers", "standard", ["ai:easy", "ai:easy"], seed=1, autosave=False, executor=InlineExecutor()
    )
    play_ai_until(session, blue_may_duel, 200)
    assert blue_may_duel(session)
    session.seats = ["human", "human"]
    attack = next(
        a for a in session.state.legal_actions() if isinstance(a, Attack) and not session.state.forecast(a).certain
    )
    app = normal
    d = BoardDriver(app)
    app.goto("battle_checkers", session=session)
    settle_scene(app)
    take_the_seat(app)
    BoardDriver(app).commit(attack)
    assert d.busy and session.actors[-1] == CHANCE
    seen = set()
    while d.busy:
        seen.add(BoardDriver(app).panel.seat)
        frames(app, 1)
    assert seen == {1}  # Blue's attack and its roll: never "Orange to move"


def test_the_tray_raises_and_outlines_hits_in_the_drawing():
    """A pixel check where the picture is the point: a hit stands out of the felt more than the same die would."""
    from game.client.dice import DiceTray, TrayDie

    pygame.init()
    surface = pygame.Surface((300, 120))
    tray = DiceTray(pygame.Rect(20, 20, 260, 80))
    tray.show([[TrayDie("pips", 5, tint=seat_colour(0)), TrayDie("pips", 2, tint=seat_colour(0))]])
    surface.fill((0, 0, 0))
    tray.draw(surface)
    plain = pygame.image.tobytes(surface, "RGB")
    tray.set_hits([(0, 0)])
    assert tray.dimmed == {(0, 1)}
    surface.fill((0, 0, 0))
    tray.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != plain


def test_the_luck_line_counts_a_round_once_its_dice_have_landed(normal):
    app = normal
    d = BoardDriver(app)
    session = demo.odds_session()
    session.seats = ["human", "human"]
    app.goto("checkrisk", session=session)
    b = scene(app)
    settle_scene(app)
    take_the_seat(app)
    expected = [seat.expected for seat in b.view.stats().seats]
    attack = next(a for a in session.state.legal_actions() if isinstance(a, CheckRiskAttack))
    click_cell(app, session.game.cell_name(attack.origin))
    click_cell(app, session.game.cell_name(attack.target))  # the round is rolled at once, its dice still in the air
    assert d.busy and session.log[-1].startswith("roll")
    assert [seat.expected for seat in b.view.stats().seats] == expected
    settle_scene(app)
    after = [seat.expected for seat in b.view.stats().seats]
    assert after[0] > expected[0] and after[1] > expected[1]
