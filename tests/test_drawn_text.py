"""Text from a file or the player is drawn, never raised on: NUL, other control characters, lone surrogates and huge
lengths pass through every screen that shows such text (the Games list, the replay, the board's header with the
seats' names, the game-over card, a message) and through pygame_gui's own fonts (the export dialog lists the
player's files, whose names need not be UTF-8)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.client import fonts, lettering, palette
from game.client.board.replay import open_replay
from game.client.board.scene import BoardScene
from game.client.checkrisk import demo
from game.client.play.records import GameRecord, Listed
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.files import MAX_TEXT, clean_text
from tests.client_helpers import button_by_text, click, frames, key, settle_scene

# Any character (surrogates and control characters included), a few hundred of them, or the same repeated into a
# huge text; and the probe's cases.
ANY_TEXT = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=300),
    st.text(st.characters(exclude_categories=()), min_size=1, max_size=8).map(lambda s: s * 20_000),
    st.sampled_from(["\x00", "ai:\x00", "\ud800", "a\u2028b", "W" * 100_000, "", "\xad", "\u200b"]),
)
FEW = settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@given(ANY_TEXT)
def test_clean_text_leaves_nothing_a_font_cannot_draw(text):
    cleaned = clean_text(text, 100)
    assert len(cleaned) <= 100 and len(cleaned.encode("utf-8")) >= len(cleaned)  # encodes: no lone surrogate
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF for c in cleaned)
    if len(text) <= 100 and text.isprintable():
        assert cleaned == text  # ordinary text is left as it is
    assert len(fonts.drawable(text)) <= MAX_TEXT


@pytest.mark.parametrize(
    "text", ["\x00", "a\x00b", "\ud800", "\udcff.json", "W" * 100_000, "tab\there\n", "\xad", "\u200b\u200b"]
)
def test_every_font_the_game_uses_draws_any_text(app, text):
    for font in (lettering.font(40, bold=True), app.fonts.get(17)):
        assert font.render(text, True, palette.INK).get_height() > 0
        assert font.size(text)[1] > 0
    surface = pygame.Surface((400, 200))
    lettering.label(surface, text, 90, palette.INK, center=(200, 100), bold=True)
    lettering.text(app, surface, text, (0, 0))
    lettering.wrapped_text(app, surface, text[:500], pygame.Rect(0, 0, 300, 200))


def test_the_export_dialog_lists_a_folder_with_names_that_are_not_utf8(app, tmp_path):
    (tmp_path / os.fsdecode(b"\xff\xfe-old.json")).write_text("{}", encoding="utf-8")
    (tmp_path / "tab\there.json").write_text("{}", encoding="utf-8")
    dialog = pygame_gui.windows.UIFileDialog(
        pygame.Rect(0, 0, 500, 400), app.ui, initial_file_path=str(tmp_path), allow_picking_directories=True
    )
    frames(app, 3)
    assert any("-old.json" in str(item) for item in dialog.current_file_list)
    dialog.kill()


def test_the_probes_toast_with_a_nul_is_drawn(app):
    app.notify("The saved game could not be loaded (autosave.json: level 'standard\x00')")
    frames(app, 3)
    assert app.toasts


@pytest.fixture
def games(app):
    """The Games screen with one good record listed."""
    click(app, button_by_text(app, "Games"))
    return app.scenes.current


@FEW
@given(mode=ANY_TEXT, seat=ANY_TEXT, problem=ANY_TEXT)
def test_the_games_list_draws_any_text_of_a_record(games, mode, seat, problem):
    record = GameRecord(mode, "standard", ["b2-b5"], 1, [seat, "ai:" + seat], [0], seat, 1_700_000_000.0)
    games.listed = [Listed(Path("a.json"), record), Listed(Path(clean_text(problem) + ".json"), None, problem)]
    games.select(0)
    frames(games.app, 1)
    games.select(1)
    frames(games.app, 1)


@pytest.fixture
def replay(app):
    """A Kubtafl record shown in the replay viewer."""
    record = GameRecord("kubtafl", "standard", ["b2-b5", "g7-g2"], 1, ["human", "ai:easy"], None, "", 1.7e9)
    assert open_replay(app, record) is None
    frames(app, 2)
    return app.scenes.current


@FEW
@given(seat=ANY_TEXT)
def test_the_replay_draws_any_seat_a_record_gives(replay, seat):
    replay.reviewer.replay_seats = ["ai:" + seat, seat]
    replay.presenter.drop_image()
    frames(replay.app, 1)


@pytest.fixture(scope="module")
def ended_log():
    """A CheckRisk game up to its last decision (the human's), and that decision."""
    session, last = demo.before_the_end(["ai:easy", "human"], level="standard")
    return session.to_dict(), last


@pytest.fixture
def checkrisk(app, ended_log):
    """A CheckRisk board one decision before the end."""
    data, _last = ended_log
    session = GameSession.from_dict(data, autosave=False, executor=InlineExecutor())
    app.goto("checkrisk", session=session)
    settle_scene(app)
    scene = app.scenes.current
    assert isinstance(scene, BoardScene)
    return scene


@FEW
@given(names=st.lists(ANY_TEXT, min_size=2, max_size=2))
def test_the_board_header_draws_any_seat_names(checkrisk, names):
    checkrisk.session.names = names
    checkrisk.presenter.drop_image()
    frames(checkrisk.app, 1)


@FEW
@given(names=st.lists(ANY_TEXT, min_size=2, max_size=2))
def test_the_game_over_card_draws_any_seat_names(checkrisk, ended_log, names):
    if not checkrisk.session.is_over:
        key(checkrisk.app, pygame.K_e)  # the last decision: End turn
        settle_scene(checkrisk.app)
    assert checkrisk.session.is_over and checkrisk.dialogs.overlay == "game_over"
    checkrisk.session.names = names
    checkrisk.ending.show()
    checkrisk.presenter.drop_image()
    frames(checkrisk.app, 1)
