"""The Kubtafl board scene driven by real mouse and key events: menu to game over, previews, undo, AI."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import saves
from game.client.app import App, start_session
from game.client.board.layout import cell_name
from game.client.board.marks import Mark
from game.client.kubtafl.demo import ENDGAME_WIN, RICOCHET_ACTION, RICOCHET_OPENING
from game.client.kubtafl.preview import merge_pushes
from game.client.kubtafl.scene import KubtaflScene
from game.client.play.session import GameSession
from game.online.match import resignation
from tests.client_helpers import button_by_text, click, click_at, frames, key, make_app
from tests.driver import BoardDriver

#: A test position (not a player's setup) where Light's d12 wins at once: h2-h8.
FINISH_LEVEL = Path(__file__).parent / "data" / "kubtafl_finish.json"

SIZES = [(1280, 720), (1024, 768)]


def scene(app: App) -> KubtaflScene:
    current = app.scenes.current
    assert isinstance(current, KubtaflScene)
    return current


def start_game(app: App, level: str = "standard", players: list[str] | None = None) -> KubtaflScene:
    """A Kubtafl game (hot seat unless `players` say otherwise, seed 3) started and settled; its scene."""
    start_session(app, "kubtafl", level, players or ["human", "human"], 3)
    board = scene(app)
    settle(app)
    return board


def cell_pos(app: App, cell: str) -> tuple[int, int]:
    return BoardDriver(app).point(cell)


def settle(app: App, limit: int = 600) -> None:
    """Run frames until the animation queue is empty and no AI is thinking."""
    for _ in range(limit):
        frames(app, 1)
        s = scene(app)
        if not s.queue.busy and not s.session.thinking and not (s.session.is_ai_turn and not s.session.is_over):
            return
    raise AssertionError("the board did not settle")


def click_cell(app: App, cell: str) -> None:
    BoardDriver(app).click(cell)


def play_by_clicks(app: App, text: str) -> None:
    """Select the mover, click the target, let the animation finish."""
    src, dst = text.split("-")
    click_cell(app, src)
    assert BoardDriver(app).selected == src, f"{src} was not selected"
    click_cell(app, dst)
    settle(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move in steps, release at `end` (a real drag)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for k in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 1)


def model_matches_state(s: KubtaflScene) -> bool:
    """The drawn dice are exactly the engine's dice."""
    data = s.session.state.to_dict()
    engine = {d["cell"]: (d["side"], d["kind"], d["value"]) for d in data["dice"]}
    drawn = {c: (d.side, d.kind, d.value) for c, d in s.model.dice.items()}
    return engine == drawn and all((d.x, d.y) == (float(d.cell[0]), float(d.cell[1])) for d in s.model.dice.values())


@pytest.mark.parametrize("app", SIZES, indirect=True, ids=["1280x720", "1024x768"])
def test_hot_seat_from_menu_moves_ricochet_transfer_and_undo(app):
    d = BoardDriver(app)
    click(app, button_by_text(app, "Kubtafl"))
    assert app.scenes.current_name == "new_game"
    humans = [b for b in app.scenes.current.segments if b.text == "Human"]
    click(app, humans[1])  # seat 2 becomes a human too
    click(app, button_by_text(app, "Start game"))
    board = scene(app)
    assert board.session.seats == ["human", "human"]
    settle(app)
    for text in RICOCHET_OPENING:
        play_by_clicks(app, text)
    assert board.session.log == RICOCHET_OPENING
    assert model_matches_state(board)
    # The ricochet chain: the engine's own preview of the move says so, and the click plays exactly that.
    state = board.session.state
    expected = state.clone()
    events = expected.apply(state.action_from_str(RICOCHET_ACTION))
    assert [type(e).__name__ for e in events].count("Ricochet") >= 2
    play_by_clicks(app, RICOCHET_ACTION)
    assert board.session.state == expected
    assert model_matches_state(board)
    # Dark answers; then Light transfers by dragging one die onto its neighbour and choosing the amount.
    play_by_clicks(app, "f8-g8")
    donor, recipient = next(iter(d.offered.transfers))
    options = d.offered.transfers[(donor, recipient)]
    drag(app, cell_pos(app, donor), cell_pos(app, recipient))
    assert d.chooser is not None
    chip = d.chooser.chips[0][0]
    click_at(app, chip.center, settle=1)
    settle(app)
    assert board.session.log[-1] == options[0].text
    assert model_matches_state(board)
    # Undo (the button) takes the transfer back in hot-seat.
    before = len(board.session.log)
    d.press("undo")
    assert len(board.session.log) == before - 1
    assert board.session.state.to_dict()["to_move"] == ("light" if (before - 1) % 2 == 0 else "dark")
    assert model_matches_state(board)


def open_transfer_a1_a2(app):
    """The finish level on the board, Light's transfer from a1 to a2 asked by its '+' badge: the driver and board."""
    d = BoardDriver(app)
    start_session(app, "kubtafl", str(FINISH_LEVEL), ["human", "human"], 5)
    frames(app, 2)
    board = scene(app)
    settle(app)
    click_cell(app, "a1")
    click_at(app, d.transfer_badges["a2"].center, settle=1)
    return d, board


@pytest.mark.parametrize("app", SIZES, indirect=True, ids=["1280x720", "1024x768"])
def test_endgame_to_game_over_dialog_with_reentry_and_transfer_badge(app):
    # Light gives value with the '+' badge between a1 and a2.
    d, board = open_transfer_a1_a2(app)
    assert d.chooser is not None
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    settle(app)
    assert board.session.log == ["a1>a2:2"]
    assert board.model.dice["a2"].value == 4 and board.model.dice["a1"].value == 6
    # Dark brings its d12 back: click it in the removed row, then a dashed cell, then the value.
    kinds = board.model.removed["dark"]
    slot = board.view.pools().slots("dark", len(kinds))[kinds.index("d12")]
    click_at(app, slot.center, settle=1)
    assert d.reentry_kind == "d12"
    cell = sorted(d.offered.reentries["d12"])[0]
    click_cell(app, cell)
    assert d.chooser is not None
    opt = d.chooser.option(0, 0)
    click_at(app, d.chooser.chips[0][0].center, settle=1)
    settle(app)
    assert board.session.log[-1] == opt.text
    assert board.model.dice[cell].kind == "d12"
    assert "d12" not in board.model.removed["dark"]
    # Light's d12 runs up the h-file and destroys the worn d20: the game-over dialog names winner and reason.
    play_by_clicks(app, ENDGAME_WIN)
    frames(app, 3)
    assert board.session.is_over
    assert d.overlay == "game_over"
    title, reason = d.card_text
    assert title == "Light wins!"
    assert "d20" in reason and "destroyed" in reason
    assert button_by_text(app, "Rematch") and button_by_text(app, "Main menu")
    assert saves.unfinished() == []  # a finished game leaves nothing to continue (it is a record)
    click(app, button_by_text(app, "Rematch"))
    rematch = scene(app)
    assert not rematch.session.is_over and rematch.session.log == []


def test_the_status_says_what_an_open_amount_popup_asks(app):
    d, board = open_transfer_a1_a2(app)
    assert d.chooser is not None
    assert d.status.startswith("Give from a1 to a2: click an amount")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    settle(app)
    kinds = board.model.removed["dark"]
    slot = board.view.pools().slots("dark", len(kinds))[kinds.index("d12")]
    click_at(app, slot.center, settle=1)
    assert d.status.startswith("Choose a dashed square")
    cell = sorted(d.offered.reentries["d12"])[0]
    click_cell(app, cell)
    assert d.chooser is not None
    assert d.status.startswith(f"Bring back the d12 on {cell}: click an amount"), d.status
    key(app, pygame.K_ESCAPE)
    assert d.chooser is None and not d.status.startswith("Bring back")


def test_preview_drawn_on_hover_and_gone_after_commit(app):
    d = BoardDriver(app)
    session = GameSession("kubtafl", "standard", ["human", "human"], seed=1)
    for text in RICOCHET_OPENING:
        session.apply_text(text)
    app.goto("kubtafl", session=session)
    settle(app)
    board = scene(app)
    src, dst = RICOCHET_ACTION.split("-")
    click_cell(app, src)
    frames(app, 1)
    assert Mark("ring", src) in board.marks.drawn
    assert not [m for m in board.marks.drawn if m.kind == "arrow"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_pos(app, dst), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    preview = d.preview
    assert preview is not None and preview.pushes
    # One ghost arrow per push chain and one for the mover, and a badge for each damaged or changed die.
    arrows = {m.text for m in board.marks.drawn if m.kind == "arrow"}
    expected = {f"{cell_name(*a)}-{cell_name(*b)}" for a, b in merge_pushes(preview.pushes)}
    expected.add(f"{cell_name(*preview.mover[0])}-{cell_name(*preview.mover[1])}")
    assert arrows == expected and len(expected) >= 3
    assert len([m for m in board.marks.drawn if m.kind == "badge"]) == len(preview.damage) + len(preview.gains)
    click_cell(app, dst)
    settle(app)
    frames(app, 1)
    assert d.preview is None
    assert not [m for m in board.marks.drawn if m.kind in ("arrow", "badge", "ring")]


def test_versus_ai_thinks_off_thread_then_undo_takes_both_back(app):
    d = BoardDriver(app)
    board = start_game(app, players=["human", "ai:easy"])
    play_by_clicks(app, "a3-a5")
    # The AI's reply arrives from its worker while frames keep running; the window never blocks.
    for _ in range(600):
        frames(app, 1)
        if len(board.session.log) == 2 and not d.busy:
            break
    assert len(board.session.log) == 2
    assert board.session.is_human_turn
    [saved] = saves.unfinished()
    assert saved.session["actions"] == board.session.log and saved.path == board.session.save_path
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert board.session.log == []
    assert model_matches_state(board)


def test_keyboard_selects_previews_and_commits(app):
    d = BoardDriver(app)
    board = start_game(app)
    key(app, pygame.K_UP)  # the cursor appears on Light's d20 (a1)
    assert d.cursor == (0, 0)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)  # a3: the d6
    key(app, pygame.K_RETURN)
    assert d.selected == "a3"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert d.hovered == "a5" and d.preview is not None
    key(app, pygame.K_ESCAPE)  # drops the selection (and the cursor), not the game
    assert d.selected is None and d.cursor is None and d.overlay is None
    for k in (pygame.K_UP, pygame.K_UP, pygame.K_UP, pygame.K_RETURN):
        key(app, k)
    assert d.selected == "a3"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert board.session.log == ["a3-a5"]
    key(app, pygame.K_SPACE)  # skips the slide at once
    assert not d.busy
    frames(app, 1)
    assert model_matches_state(board)
    key(app, pygame.K_ESCAPE)
    assert d.overlay == "pause"


def test_hint_suggests_a_legal_move(app):
    d = BoardDriver(app)
    start_game(app, "endgame")
    key(app, pygame.K_h)
    for _ in range(900):
        frames(app, 1)
        if d.hint_move:
            break
    assert d.hint_move in d.offered.by_text
    assert d.hint.startswith("Hint: ")


@pytest.mark.parametrize("speed", ["slow", "normal", "fast", "instant"])
def test_animation_speed_setting_scales_the_slide(app, speed):
    d = BoardDriver(app)
    app.settings.anim_speed = speed
    board = start_game(app)
    click_cell(app, "a3")
    click_at(app, cell_pos(app, "a8"), settle=1)  # this frame plays the first 1/60 s
    busy_frames = 1
    while d.busy and busy_frames < 200:
        frames(app, 1)
        busy_frames += 1
    # a3-a8 is 5 cells: 0.5 s at normal speed (30 frames), scaled by the setting.
    expected = {"slow": 48, "normal": 30, "fast": 15, "instant": 1}[speed]
    assert abs(busy_frames - expected) <= 2
    assert model_matches_state(board)


def test_window_resize_mid_game_keeps_clicks_on_cells(app):
    d = BoardDriver(app)
    board = start_game(app)
    click_cell(app, "a3")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=700, size=(900, 700)))
    frames(app, 2)
    assert board.layout.size == app.screen_size
    assert board.layout.board.right < board.layout.panel.left
    assert d.selected == "a3"  # the selection survives resizing
    click_cell(app, "a6")
    settle(app)
    assert board.session.log[-1] in ("a3-a6",)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_resignation_names_the_player_who_resigned_and_the_side_they_played(home, language):
    app = make_app(language=language, menu=False)
    try:
        session = GameSession("kubtafl", "standard", ["human", "human"], seed=3, autosave=False)
        session.names = ["Anna", "Boris"]
        app.goto("kubtafl", session=session)
        frames(app, 2)
        words = scene(app).view.end_reason(resignation(1, 2))
        assert words == ("Boris (Dark) resigned." if language == "en" else "Boris (Тёмные) сдаётся.")
        # Seats nobody named are their sides.
        session.names = ["", ""]
        frames(app, 1)
        assert scene(app).view.end_reason(resignation(0, 2)) == (
            "Light resigned." if language == "en" else "Светлые: сдача."
        )
    finally:
        app.close()
