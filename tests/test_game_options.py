"""The numbers the rules leave to the players' agreement (C2, C15, B2, B3): offered in the new-game dialog, played by
the engine and the computer, kept in the autosave and the record, shown on the results card."""

from __future__ import annotations

import pygame
import pytest

from game.client.board.replay import replay_session
from game.client.play import records
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine import registry
from tests.client_helpers import button_by_text, click, frames, key
from tests.driver import BoardDriver

CHECKRISK = {"start_tokens": 30, "supply": 60, "turn_limit": 40}
BATTLE = {"units_per_player": 6, "spirit": 4}


def test_c2_c15_agreed_numbers_reach_the_checkrisk_state():
    game = registry.load("checkrisk", "standard").with_options(CHECKRISK)
    state = game.initial_state()
    assert (game.spec.start_tokens, game.spec.supply, game.spec.turn_limit) == (30, 60, 40)
    assert state.supply == [60, 60]
    assert {o.name: o.value for o in game.options()} == CHECKRISK
    # The shipped presets deploy the standard 24 tokens: with 30 none fits.
    assert game.presets(0) == {} and registry.load("checkrisk", "standard").presets(0)


def test_b2_b3_agreed_numbers_reach_the_battle_checkers_state():
    game = registry.load("battle_checkers", "standard").with_options(BATTLE)
    state = game.initial_state()
    assert state.to_place == [6, 6] and state.spirit == [4, 4]
    assert {o.name: o.value for o in game.options()} == BATTLE


@pytest.mark.parametrize(
    ("mode", "options", "words"),
    [
        ("checkrisk", {"start_tokens": 49}, "start_tokens: 49 is outside 8…48"),
        ("checkrisk", {"start_tokens": 30, "supply": 29}, "supply: 29 is outside 30…200"),
        ("checkrisk", {"turn_limit": 0}, "turn_limit: 0 is outside 10…200"),
        ("checkrisk", {"turn_limit": "40"}, "turn_limit: expected a whole number"),
        ("checkrisk", {"spirit": 3}, "spirit: not an option"),
        ("battle_checkers", {"units_per_player": 13}, "units_per_player: 13 is outside 4…12"),
        ("battle_checkers", {"spirit": 0}, "spirit: 0 is outside 1…12"),
        ("kubtafl", {"spirit": 3}, "spirit: not an option"),
    ],
)
def test_out_of_range_numbers_are_refused_by_name(mode, options, words):
    with pytest.raises(ValueError, match=words):
        registry.load(mode, "standard").with_options(options)


def test_the_computer_deploys_the_agreed_tokens():
    session = GameSession(
        "checkrisk",
        "standard",
        ["ai:easy", "ai:easy"],
        seed=3,
        autosave=False,
        executor=InlineExecutor(),
        options=CHECKRISK,
    )
    # The search runs on the level data the session hands the worker: the agreed numbers are in it.
    assert session.game.level_data["start_tokens"] == 30
    while session.state.phase == "deploy":
        session.apply(session.wait_ai())
    assert session.state.on_board == [30, 30]


def test_options_survive_the_autosave_and_old_saves_load_as_standard():
    session = GameSession("checkrisk", "standard", ["human", "human"], seed=2, autosave=False, options=CHECKRISK)
    data = session.to_dict()
    assert data["options"] == CHECKRISK
    again = GameSession.from_dict(data, autosave=False)
    assert again.options == CHECKRISK and again.game.spec.start_tokens == 30
    assert again.new_game(None).options == CHECKRISK  # a rematch plays the same numbers
    # A save from before the options (no field) is the standard game.
    del data["options"]
    old = GameSession.from_dict(data, autosave=False)
    assert old.options == {} and old.game.spec.start_tokens == 24
    # The standard numbers typed in the dialog are no agreement at all: nothing is kept.
    standard = GameSession("battle_checkers", "standard", ["human", "human"], autosave=False, options={"spirit": 6})
    assert standard.options == {}
    with pytest.raises(ValueError, match="options"):
        GameSession.from_dict({**data, "options": [30]}, autosave=False)
    with pytest.raises(ValueError, match="spirit: 99"):
        GameSession.from_dict({**data, "mode": "battle_checkers", "actions": [], "options": {"spirit": 99}})


def test_options_survive_the_record_and_its_replay():
    session = GameSession("battle_checkers", "standard", ["human", "human"], seed=4, autosave=False, options=BATTLE)
    for _ in range(12):  # six units a side, placed one by one (the presets place eight)
        session.apply(session.state.legal_actions()[0])
    record = records.record_from_dict(session.record().to_dict())
    assert record.options == BATTLE
    timeline = records.Timeline.of(record)
    assert timeline.final.to_dict() == session.state.to_dict()
    replayed = replay_session(record)
    assert replayed.options == BATTLE and replayed.state.spirit == [4, 4]
    # A record from before the options replays as the standard game; a damaged one is refused by name.
    assert records.record_from_dict({**record.to_dict(), "options": None}).options == {}
    with pytest.raises(records.RecordError, match="option 'spirit'"):
        records.record_from_dict({**record.to_dict(), "options": {"spirit": "4"}})


def _type_into(app, entry, text: str) -> None:
    click(app, entry)
    entry.set_text("")
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)  # the field's change arrives as a posted event


def test_dialog_refuses_a_number_out_of_range_then_starts_with_the_agreed_ones(app):
    click(app, button_by_text(app, "CheckRisk"))
    dialog = app.scenes.current
    entries = dialog.option_entries
    assert [e.get_text() for e in entries.values()] == ["24", "50", "60"]  # the standard numbers by default
    _type_into(app, entries["start_tokens"], "99")
    click(app, button_by_text(app, "Start game"))
    assert app.scenes.current_name == "new_game"
    assert dialog.error == "Starting tokens: 99 is not allowed here — choose 8 to 48."
    _type_into(app, entries["start_tokens"], "30")
    _type_into(app, entries["supply"], "20")
    key(app, pygame.K_RETURN)  # Enter in a number field starts the game, or says why not
    assert app.scenes.current_name == "new_game" and "Supply: 20" in dialog.error and "30 to 200" in dialog.error
    _type_into(app, entries["supply"], "60")
    _type_into(app, entries["turn_limit"], "40")
    assert dialog.error == ""  # the message goes once the numbers are good
    click(app, button_by_text(app, "Start game"))
    assert app.scenes.current_name == "checkrisk"
    session = app.scenes.current.session
    assert session.options == CHECKRISK and session.game.spec.start_tokens == 30


def test_presets_follow_the_agreed_tokens(app):
    click(app, button_by_text(app, "CheckRisk"))
    dialog = app.scenes.current
    assert dialog.preset_choices[0]  # the shipped presets place the standard 24 tokens
    _type_into(app, dialog.option_entries["start_tokens"], "30")
    assert dialog.preset_choices == [[], []] and all(not menu.is_enabled for menu in dialog.preset_menus)
    _type_into(app, dialog.option_entries["start_tokens"], "24")
    assert dialog.preset_choices[0] and dialog.preset_menus[0].is_enabled


def test_a_mode_without_options_has_no_row(app):
    app.goto("new_game", mode="kubtafl")
    frames(app)
    assert ("options", 0) not in app.scenes.current.rows() and app.scenes.current.option_entries == {}


def test_the_results_card_names_the_agreed_numbers(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk",
        "standard",
        ["ai:greedy", "ai:greedy"],
        seed=5,
        autosave=False,
        executor=InlineExecutor(),
        options={"turn_limit": 10},
    )
    while not session.is_over:
        session.apply(session.wait_ai())
    app.settings.anim_speed = "instant"
    app.goto("checkrisk", session=session)
    frames(app, 3)
    assert d.overlay == "game_over"
    assert "Agreed rules: Rounds 10" in d.card_text[1]
