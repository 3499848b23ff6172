"""Kubtafl as a new player meets it, by posted events: the AI's reply marked on the board, a lonely d20 (K15)
bringing a die back, hints for re-entries, draws and the other endings named in both languages, the log when
Dark begins, undo mid-animation and after the end, and quick-launch errors."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import main as cli_main
from game.client import palette, saves
from game.client.app import App, start_session
from game.client.board.marks import Mark
from game.client.kubtafl.scene import KubtaflScene
from tests import client_helpers as ui
from tests.driver import BoardDriver


def start_game(app: App, level: str | None, players: list[str], seed: int) -> KubtaflScene:
    """A Kubtafl game started and settled; its board scene."""
    start_session(app, "kubtafl", level, players, seed)
    board = ui.board_of(app)
    ui.settle(app)
    return board


def level_file(tmp_path, name: str, data: dict) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"game": "kubtafl", "removed": {"light": [], "dark": []}, **data}), encoding="utf-8")
    return str(path)


def die(side: str, kind: str, cell: str, value: int) -> dict:
    return {"side": side, "kind": kind, "cell": cell, "value": value}


# Both d20s and a d6 a side, far apart.
FOUR_DICE = [
    die("light", "d20", "a1", 12),
    die("light", "d6", "c3", 4),
    die("dark", "d20", "h8", 9),
    die("dark", "d6", "f6", 4),
]


def corner_pixel(app: App, cell: str) -> tuple[int, int, int]:
    """A pixel just inside a cell's corner, clear of any die drawn on it."""
    rect = ui.board_of(app).layout.cell_rect(*_xy(cell))
    return tuple(app.window.get_at((rect.left + 4, rect.top + 4)))[:3]


def _xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("a"), int(cell[1:]) - 1


def closer_to(colour, target, than) -> bool:
    dist = sum((a - b) ** 2 for a, b in zip(colour, target, strict=False))
    return dist < sum((a - b) ** 2 for a, b in zip(than, target, strict=False))


LONELY = {
    "to_move": "light",
    "dice": [die("light", "d20", "d4", 12), die("dark", "d20", "h8", 9), die("dark", "d6", "g3", 4)],
    "removed": {"light": ["d4", "d6", "d8", "d10", "d%", "d12"], "dark": ["d4", "d8", "d10", "d%", "d12"]},
}


def test_ai_reply_is_marked_on_the_board_after_it_plays_out(app):
    d = BoardDriver(app)
    board = start_game(app, None, ["human", "ai:easy"], 3)
    assert board.view.last_action() is None
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    ui.settle(app)
    ui.frames(app, 2)
    # The computer replied: its move is the newest log entry and its squares are tinted in Dark's accent.
    assert len(board.session.log) == 2 and board.session.actors[-1] == 1
    src, dst, side = board.view.last_action()
    assert f"{src}-{dst}" == board.session.log[-1] and side == "dark"
    assert Mark("tint", src) in board.marks.drawn and Mark("tint_strong", dst) in board.marks.drawn
    static = board.static_surface()
    for cell in (src, dst):
        rect = board.layout.cell_rect(*_xy(cell))
        plain = tuple(static.get_at((rect.left + 4, rect.top + 4)))[:3]
        assert closer_to(corner_pixel(app, cell), palette.SKY, plain), cell  # tinted in Dark's colour
    # Our next move: once both have played out, the mark follows the newest reply.
    ui.click_cell(app, "a5")
    ui.click_cell(app, sorted(d.offered.targets("a5"))[0])
    ui.settle(app)
    ui.frames(app, 2)
    assert len(board.session.log) == 4 and board.view.last_action()[:2] == tuple(board.session.log[-1].split("-"))


def test_K15_lonely_d20_click_on_it_then_bring_a_die_back(app, tmp_path):
    d = BoardDriver(app)
    board = start_game(app, level_file(tmp_path, "lonely", LONELY), ["human", "human"], 1)
    assert not d.offered.moves and d.offered.reentries  # K15: only re-entries are legal
    assert "d4" in d.clickable_dice
    before = corner_pixel(app, "d5")
    # A new player clicks the only die they have: the re-entry squares around it appear.
    ui.click_cell(app, "d4")
    ui.frames(app, 1)
    assert d.reentry_kind == "d4"
    assert set(d.offered.reentries["d4"]) == {"d5", "e4", "d3", "c4"}
    assert "another removed die" in d.status
    assert {m.cell for m in board.marks.drawn if m.kind == "dashed_cell"} == {"d5", "e4", "d3", "c4"}
    d5 = board.layout.cell_rect(*_xy("d5")).inflate(-board.layout.cell // 5, -board.layout.cell // 5)
    assert closer_to(app.window.get_at(d5.topleft)[:3], palette.TRANSFER, before)
    # Another kind from the removed row, then a square, then the value in the popup.
    kinds = board.model.removed["light"]
    slot = board.view.pools().slots("light", len(kinds))[kinds.index("d12")]
    ui.click_at(app, slot.center, settle=1)
    assert d.reentry_kind == "d12"
    ui.click_cell(app, "e4")
    assert d.chooser is not None
    chip, row, col = d.chooser.chips[-1]  # the largest value offered
    option = d.chooser.option(row, col)
    ui.click_at(app, chip.center, settle=1)
    ui.settle(app)
    assert board.session.log == [option.text] and option.text.startswith("d12@e4/d4:")
    assert board.model.dice["e4"].kind == "d12"


def test_hint_for_a_reentry_is_drawn_and_said_in_words_and_repeated_h_is_harmless(app, tmp_path):
    d = BoardDriver(app)
    board = start_game(app, level_file(tmp_path, "lonely", LONELY), ["human", "ai:easy"], 1)
    before = app.window.copy()
    for _ in range(4):
        ui.key(app, pygame.K_h)
    assert not board.session.hinting  # the suite's AI answers inline, within the key press
    ui.frames(app, 2)
    parts = d.hint_move
    assert parts and "@" in parts and parts in d.offered.by_text
    kind, rest = parts.split("@")
    cell, donor_amount = rest.split("/")
    donor, amount = donor_amount.split(":")
    # In words, with the donor die named (a warning may follow when the move leaves a die to be destroyed).
    assert d.hint.startswith(f"Hint: bring the {kind} back on {cell} with {amount}, paid by the d")
    assert f" on {donor}" in d.hint and "@" not in d.hint
    assert board.view.pools_info().selected == kind  # its die in the removed row is marked
    assert Mark("hint", cell, f"{donor}-{cell}") in board.marks.drawn
    rect = board.layout.cell_rect(*_xy(cell))
    changed = sum(
        app.window.get_at((x, rect.centery)) != before.get_at((x, rect.centery)) for x in range(rect.left, rect.right)
    )
    assert changed > rect.w // 3  # the returning die is drawn on its square


def test_hint_is_ignored_while_the_computer_thinks_or_an_action_plays(app, held_ai):
    d = BoardDriver(app)
    board = start_game(app, None, ["human", "ai:hard"], 2)
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    assert d.busy
    ui.key(app, pygame.K_h)
    assert not board.session.hinting
    for _ in range(600):
        ui.frames(app, 1)
        if board.session.thinking:
            break
    assert board.session.thinking
    ui.key(app, pygame.K_h)
    d.press("hint", settle=1)
    assert not board.session.hinting and not d.panel_button("hint").is_enabled
    assert held_ai.run_pending() == 1  # only the AI's own search was asked for
    ui.settle(app)
    assert len(board.session.log) == 2 and d.hint_move is None


QUIET = {
    "to_move": "light",
    "quiet": 99,
    "dice": FOUR_DICE,
    "removed": {"light": [], "dark": []},
}
NO_ACTION = {
    "to_move": "light",
    "outcome": {"winners": [1], "reason": "no_legal_action"},
    "dice": [die("light", "d20", "a1", 12), die("dark", "d20", "h8", 9)],
    "removed": {"light": [], "dark": []},
}
ENDINGS = {
    "en": (
        "A draw",
        "100 actions in a row without damage: a draw.",
        "The same position came up a third time: a draw.",
        "The computer wins",
        "Light had no legal action left.",
    ),
    "ru": (
        "Ничья",
        "100 действий подряд без урона: ничья.",
        "Позиция повторилась в третий раз: ничья.",
        "Победил компьютер",
        "У светлых не осталось допустимых действий.",
    ),
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_K18_draws_and_K17_no_legal_action_named_in_the_dialog(home, tmp_path, language):
    draw, quiet, repetition, ai_wins, no_action = ENDINGS[language]
    app = ui.make_app(language=language)
    d = BoardDriver(app)
    try:
        start_session(app, "kubtafl", level_file(tmp_path, "quiet", QUIET), ["human", "human"], 1)
        board = ui.board_of(app)
        ui.settle(app)
        ui.click_cell(app, "c3")
        ui.click_cell(app, "c4")
        ui.settle(app)
        ui.frames(app, 2)
        assert d.overlay == "game_over" and shown(board) == (draw, quiet)
        assert d.panel.turn_text == draw
        # K18 repetition: the same shuffle twice over brings the start position back a third time.
        start_session(app, "kubtafl", None, ["human", "human"], 1)
        board = ui.board_of(app)
        ui.settle(app)
        for move in ["a3-a4", "h6-h5", "a4-a3", "h5-h6"] * 2:
            src, dst = move.split("-")
            ui.click_cell(app, src)
            ui.click_cell(app, dst)
            ui.settle(app)
        ui.frames(app, 2)
        assert d.overlay == "game_over" and shown(board) == (draw, repetition)
        # K17 as recorded in a position: the dialog opens at once and names the side left without an action.
        start_session(app, "kubtafl", level_file(tmp_path, "stuck", NO_ACTION), ["human", "ai:easy"], 1)
        board = ui.board_of(app)
        ui.frames(app, 3)
        assert d.overlay == "game_over" and shown(board) == (ai_wins, no_action)
        assert ui.button_texts(app)  # rematch and menu are live
    finally:
        app.close()


def test_the_move_list_names_the_side_that_moved_when_dark_begins(app, tmp_path):
    d = BoardDriver(app)
    data = {
        "to_move": "dark",
        "dice": FOUR_DICE,
    }
    board = start_game(app, level_file(tmp_path, "dark_first", data), ["human", "human"], 1)
    ui.click_cell(app, "f6")
    ui.click_cell(app, "f5")
    ui.settle(app)
    ui.click_cell(app, "c3")
    ui.click_cell(app, "c4")
    ui.settle(app)
    # Turn 1 is Dark's (its name and chip lead it), turn 2 Light's answer; the notation stays for the hover.
    assert [(turn.seat, [(a.text, a.notation) for a in turn.actions]) for turn in d.move_turns] == [
        (1, [("d6 moved from f6 to f5", "f6-f5")]),
        (0, [("d6 moved from c3 to c4", "c3-c4")]),
    ]
    assert [(line.turn, line.lead) for line in d.move_lines] == [(0, True), (1, True)]
    assert board.session.log == ["f6-f5", "c3-c4"]


def test_ctrl_z_during_an_animation_finishes_it_and_takes_the_move_back(app):
    d = BoardDriver(app)
    board = start_game(app, None, ["human", "human"], 1)
    ui.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert board.session.log == [] and d.status == "Nothing to take back."
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    assert d.busy
    ui.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not d.busy and board.session.log == []
    ui.frames(app, 2)
    assert "a3" in board.model.dice and "a5" not in board.model.dice


def test_take_back_from_the_game_over_dialog_versus_the_computer(app, tmp_path):
    d = BoardDriver(app)
    # Light's d20 on a1 with a single free neighbour; any Dark die reaching b1 blocks it (K16).
    data = {
        "to_move": "light",
        "dice": [
            die("light", "d20", "a1", 3),
            die("dark", "d4", "a2", 4),
            die("light", "d6", "e5", 6),
            die("dark", "d20", "h8", 9),
            die("dark", "d8", "b4", 3),
        ],
    }
    board = start_game(app, level_file(tmp_path, "trap", data), ["human", "ai:normal"], 1)
    ui.click_cell(app, "e5")
    ui.click_cell(app, "e6")  # a careless move: the computer answers b4-b1
    ui.settle(app)
    ui.frames(app, 3)
    assert board.session.is_over and d.overlay == "game_over"
    log = list(board.session.log)
    ui.click_at(app, ui.button_by_text(app, "Take back").rect.center)
    assert d.overlay is None and not board.session.is_over
    assert board.session.log == log[:-2] and board.session.is_human_turn
    assert "Take back" not in ui.button_texts(app)
    [saved] = saves.unfinished()  # the game is unfinished again, so Continue offers it
    assert saved.session["actions"] == board.session.log


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--mode", "nosuch"], "mode 'nosuch' cannot be played"),
        (["--mode", "kubtafl", "--level", "nosuch"], "nosuch.json: cannot read"),
        (["--mode", "kubtafl", "--seat1", "ai:bogus"], "not 'ai:bogus'"),
        (["--mode", "kubtafl", "--level", "{bad}"], "not valid JSON"),
        (["--mode", "kubtafl", "--level", "{binary}"], "not a UTF-8 text file"),
        (["--mode", "kubtafl", "--level", "{kind}"], "dice[0].kind: unknown kind 'd99'"),
    ],
)
def test_quick_launch_errors_are_one_clear_line_and_exit_code_2(home, tmp_path, capsys, argv, says):
    files = {"{bad}": tmp_path / "bad.json", "{binary}": tmp_path / "binary.json", "{kind}": tmp_path / "kind.json"}
    files["{bad}"].write_text("{bad json", encoding="utf-8")
    files["{binary}"].write_bytes(b"\xff\xfe\x00")
    files["{kind}"].write_text(
        json.dumps({"game": "kubtafl", "to_move": "light", "dice": [die("light", "d99", "a1", 3)]}), encoding="utf-8"
    )
    argv = [str(files.get(a, a)) for a in argv]
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("main.py: ") and says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def shown(board):
    """The game-over card's title and the first line of its text (why the game ended)."""
    title, text = BoardDriver(board.app).card_text
    return title, text.split("\n")[0]
