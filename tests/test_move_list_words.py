"""The move list and hints in words, driven through real board scenes: every action kind of every mode worded in
English and Russian (from prepared positions whose decisions and dice are replayed exactly), one entry per turn
with its actions beneath it, wrapped and never cut, at least eight lines at 1280×720 (four seats too), the
notation on hover, review counting turns (arrows) and actions (Shift+arrows), and hints that say what and why."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.client import lettering
from game.client.board.log import LogAction, LogTurn, MoveLog, wrap_text
from game.client.board.odds import percent
from game.client.board.scene import BoardScene
from game.client.i18n import plural_form
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers.game import BattleCheckersGame
from game.engine.checkrisk import battle_odds
from tests.client_helpers import click_cell, frames, key, make_app, settle_scene
from tests.driver import BoardDriver

HOT = ["human", "human"]


def replayed(session: GameSession, texts: list[str]) -> GameSession:
    """`session` with `texts` (decisions and the chance outcomes after them, in notation) played exactly as given:
    the dice of a test are chosen, not sampled."""
    for text in texts:
        actor = session.state.current_player()
        session.state.apply(session.state.action_from_str(text))
        session.log.append(text)
        session.actors.append(actor)
    return session


def shown(app: Any, mode: str, session: GameSession) -> BoardScene:
    """The board of `mode` showing `session`, its list worded."""
    app.goto(mode, session=session)
    frames(app, 2)
    board = app.scenes.current
    assert isinstance(board, BoardScene)
    return board


def sentences(board: BoardScene) -> list[tuple[int, list[str]]]:
    """Each turn of the list: its seat and its actions' sentences."""
    return BoardDriver(board.app).moves


# ----- CheckRisk -----
def checkrisk(stacks: dict[str, tuple[int, int]], texts: list[str], seats: int = 2, **fields: Any) -> GameSession:
    """A CheckRisk game that starts from a prepared position (its replays too), then `texts`."""
    level = {2: "standard", 3: "corners3"}[seats]
    session = GameSession("checkrisk", level, ["human"] * seats, seed=1, autosave=False)
    game: Any = session.game
    start = game.position(stacks, **fields)
    game.initial_state = start.clone  # the timeline the list is read from replays from here
    session.state = start.clone()
    return replayed(session, texts)


TWO = {"c3": (0, 4), "c4": (1, 3), "h8": (1, 3)}
CHECKRISK_CASES = [
    (
        "won",
        {"c3": (0, 4), "c4": (1, 1), "h8": (1, 3)},
        ["c3xc4:3", "roll a:1 d:0", "occupy:2"],
        "attacked Player 2 on c4 from c3 with 3 — took it in 1 round; Player 1 lost none, Player 2 lost 1; moved 2 in",
        "3 фишки с c3 атаковали c4 (Игрок 2) — клетка взята за 1 раунд; "
        "Игрок 1 без потерь, Игрок 2 теряет 1 фишку; в клетку вошли 2 фишки",
    ),
    (
        "won, left empty",
        {"c3": (0, 4), "c4": (1, 1), "h8": (1, 3)},
        ["c3xc4:3", "roll a:1 d:0", "occupy:0"],
        "attacked Player 2 on c4 from c3 with 3 — took it in 1 round; Player 1 lost none, Player 2 lost 1; "
        "left it empty",
        "3 фишки с c3 атаковали c4 (Игрок 2) — клетка взята за 1 раунд; "
        "Игрок 1 без потерь, Игрок 2 теряет 1 фишку; клетку оставили пустой",
    ),
    (
        "won, not yet moved in",
        {"c3": (0, 4), "c4": (1, 1), "h8": (1, 3)},
        ["c3xc4:3", "roll a:1 d:0"],
        "attacked Player 2 on c4 from c3 with 3 — took it in 1 round; Player 1 lost none, Player 2 lost 1",
        "3 фишки с c3 атаковали c4 (Игрок 2) — клетка взята за 1 раунд; Игрок 1 без потерь, Игрок 2 теряет 1 фишку",
    ),
    (
        "held",
        TWO,
        ["c3xc4:1", "roll a:0 d:1"],
        "attacked Player 2 on c4 from c3 with 1 — beaten back in 1 round; Player 1 lost 1, Player 2 lost none",
        "1 фишка с c3 атаковала c4 (Игрок 2) — атака отбита за 1 раунд; Игрок 1 теряет 1 фишку, Игрок 2 без потерь",
    ),
    (
        "both",
        {"c3": (0, 4), "c4": (1, 1), "h8": (1, 3)},
        ["c3xc4:1", "roll a:1 d:1"],
        "attacked Player 2 on c4 from c3 with 1 — both sides fell in 1 round; the cell is empty",
        "1 фишка с c3 атаковала c4 (Игрок 2) — за 1 раунд погибли обе стороны, клетка пуста",
    ),
    (
        "withdrew",
        TWO,
        ["c3xc4:3", "roll a:1 d:1", "withdraw"],
        "attacked Player 2 on c4 from c3 with 3 — withdrew after 1 round; Player 1 lost 1, Player 2 lost 1",
        "3 фишки с c3 атаковали c4 (Игрок 2) — через 1 раунд атака прекращена; Игрок 1 теряет 1 фишку, "
        "Игрок 2 теряет 1 фишку",
    ),
    (
        "retreated",
        {"c3": (0, 4), "c4": (1, 3), "c5": (1, 1)},
        ["c3xc4:3", "roll a:1 d:0", "continue", "retreat c4-c5:2", "occupy:1"],
        "attacked Player 2 on c4 from c3 with 3 — Player 2 retreated to c5 after 1 round; "
        "Player 1 lost none, Player 2 lost 1; moved 1 in",
        "3 фишки с c3 атаковали c4 (Игрок 2) — через 1 раунд Игрок 2 отходит на c5; Игрок 1 без потерь, "
        "Игрок 2 теряет 1 фишку; "
        "в клетку вошла 1 фишка",
    ),
    (
        "stood, still going",
        TWO,
        ["c3xc4:3", "roll a:1 d:1", "continue", "stand", "roll a:0 d:1"],
        "attacked Player 2 on c4 from c3 with 3 — 2 rounds so far; Player 1 lost 2, Player 2 lost 1",
        "3 фишки с c3 атаковали c4 (Игрок 2) — идёт бой: 2 раунда; Игрок 1 теряет 2 фишки, Игрок 2 теряет 1 фишку",
    ),
    (
        "move, then end",
        {"c3": (0, 4), "h8": (1, 3)},
        ["c3-c2:2", "end"],
        "moved 2 from c3 to c2",
        "2 фишки перешли с c3 на c2",
    ),
]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_checkrisk_battles_and_moves_are_sentences_with_their_outcome(home, language):
    app = make_app(language=language, menu=False)
    d = BoardDriver(app)
    try:
        for name, stacks, texts, en, ru in CHECKRISK_CASES:
            board = shown(app, "checkrisk", checkrisk(stacks, texts))
            assert sentences(board)[0] == (0, [en if language == "en" else ru]), name
            # One action of several decisions: it ends with the last of them, its notation is theirs.
            action = d.move_turns[0].actions[0]
            decided = [t for t, actor in zip(texts, board.session.actors, strict=True) if actor >= 0]
            assert action.end == len(decided) and action.notation == " ".join(decided), name
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_checkrisk_elimination_reinforcements_deployment_and_an_early_end(home, language):
    app = make_app(language=language, menu=False)
    en = language == "en"
    try:
        # A battle that puts a seat out of the game (three seats: the game goes on).
        out = checkrisk({"c3": (0, 4), "c4": (1, 1), "h8": (2, 3)}, ["c3xc4:3", "roll a:1 d:0"], seats=3)
        text = sentences(shown(app, "checkrisk", out))[0][1][0]
        assert text.endswith(". Player 2 is out of the game" if en else ". Игрок 2 выбывает из игры")
        # Ending the turn at once, then the next seat's reinforcements (a group of four edge cells: one token).
        rows = {"a8": (1, 1), "b8": (1, 1), "c8": (1, 1), "d8": (1, 1), "c3": (0, 4)}
        board = shown(app, "checkrisk", checkrisk(rows, ["end", "+a8"]))
        assert sentences(board) == [
            (0, ["ended the turn" if en else "ход завершён"]),
            (1, ["placed 1 reinforcement: a8\u00a0+1" if en else "подкрепление, 1 фишка: a8\u00a0+1"]),
        ]
        # Deployment: by a preset (named by its title), and token by token (one action for the whole of it).
        session = GameSession("checkrisk", "standard", HOT, seed=1, autosave=False)
        session.apply_text("preset wall")
        while session.state.current_player() == 1:
            deploy = next(a for a in session.state.legal_actions() if type(a).__name__ == "Deploy")
            session.apply(deploy)
        board = shown(app, "checkrisk", session)
        title = session.game.preset_title("wall", language)
        assert sentences(board)[0] == (
            0,
            [
                f"deployed the “{title}” preset: 24 tokens on 8 cells"
                if en
                else f"расстановка по раскладке «{title}»: 24 фишки на 8 клетках"
            ],
        )
        seat, (deployed,) = sentences(board)[1]
        assert seat == 1 and deployed.startswith("deployed 24 tokens on " if en else "расстановка: 24 фишки на ")
    finally:
        app.close()


# ----- Battle Checkers -----
def battle_checkers(
    units: dict[str, tuple[int, str] | dict[str, Any]],
    texts: list[str],
    dice: tuple[int, int] = (3, 5),
    spirit: tuple[int, int] = (6, 6),
) -> GameSession:
    """A Battle Checkers game from a prepared position (a unit is (owner, facing) or its JSON), then `texts`."""
    session = GameSession("battle_checkers", "standard", HOT, seed=5, autosave=False, executor=InlineExecutor())
    listed = [
        {"cell": cell, "owner": u[0], "facing": u[1]} if isinstance(u, tuple) else {"cell": cell, **u}
        for cell, u in units.items()
    ]
    data = {
        "board": [10, 10],
        "spirit": list(spirit),
        "phase": "main",
        "player": 0,
        "turn": 7,
        "dice": list(dice),
        "spent": [False, False],
        "to_place": [0, 0],
        "units": listed,
    }
    session.game = BattleCheckersGame(session.level, {**session.game.level_data, "position": data})
    session.state = session.game.initial_state()
    return replayed(session, texts)


def facing(direction: str, **flags: bool) -> dict[str, Any]:
    """A blue unit's JSON facing `direction`, with its flags."""
    return {"owner": 1, "facing": direction, **flags}


HOME = {"d4": (0, "N"), "a1": (0, "N"), "j10": (1, "S")}
BATTLE_CHECKERS_CASES = [
    ("turn", HOME, ["d4:1 R2"], "turned d4 right", "отряд на d4 повернул направо"),
    ("move", HOME, ["d4:1 F3"], "moved d4 three squares north to d7", "отряд с d4 прошёл три клетки на север, до d7"),
    (
        "turn, move",
        HOME,
        ["d4:2 R2 F3"],
        "turned d4 right and moved it three squares east to g4",
        "отряд с d4 повернул направо и прошёл три клетки на восток, до g4",
    ),
    (
        "move, turn",
        HOME,
        ["d4:2 F3 R2"],
        "moved d4 three squares north to d7 and turned it right",
        "отряд с d4 прошёл три клетки на север, до d7, и повернул направо",
    ),
    (
        "turn, move, turn",
        HOME,
        ["d4:s L2 F2 R4"],
        "turned d4 left, moved it two squares west to b4 and turned it around",
        "отряд с d4 повернул налево, прошёл две клетки на запад, до b4, и повернул кругом",
    ),
    (
        "head-on, won",
        {**HOME, "d5": (1, "S")},
        ["d4xd5", "duel 5 2"],
        "attacked d5 head-on from d4: 5 against 2, destroyed it",
        "отряд с d4 атаковал d5 в лоб: 5 против 2, враг уничтожен",
    ),
    (
        "head-on, lost",
        {**HOME, "d5": (1, "S")},
        ["d4xd5", "duel 2 5"],
        "attacked d5 head-on from d4: 2 against 5, lost the attacker",
        "отряд с d4 атаковал d5 в лоб: 2 против 5, атакующий погиб",
    ),
    (
        "weapon flank, repelled",
        {**HOME, "d5": facing("E")},
        ["d4xd5", "repel 5"],
        "struck d5's weapon flank from d4: repelled (its weapon rolled 5)",
        "отряд с d4 ударил d5 во фланг с оружием: удар отбит (выпало 5)",
    ),
    (
        "weapon flank, failed",
        {**HOME, "d5": facing("E")},
        ["d4xd5", "repel 2"],
        "struck d5's weapon flank from d4: its weapon rolled 2, destroyed it",
        "отряд с d4 ударил d5 во фланг с оружием: защита выбросила 2, враг уничтожен",
    ),
    (
        "weapon flank, spent",
        {**HOME, "d5": facing("E", attack=False)},
        ["d4xd5"],
        "struck d5's spent weapon flank from d4 and destroyed it",
        "отряд с d4 ударил d5 во фланг с использованным оружием и уничтожил его",
    ),
    (
        "shield flank, held",
        {**HOME, "d5": facing("W")},
        ["d4xd5"],
        "struck d5's shield flank from d4: the shield held",
        "отряд с d4 ударил d5 во фланг со щитом: щит выдержал",
    ),
    (
        "shield flank, spent",
        {**HOME, "d5": facing("W", shield=False)},
        ["d4xd5"],
        "struck d5's shield flank from d4, its shield spent, and destroyed it",
        "отряд с d4 ударил d5 во фланг с потраченным щитом и уничтожил его",
    ),
    (
        "rear",
        {**HOME, "d5": (1, "N")},
        ["d4xd5"],
        "struck d5 in the rear from d4 and destroyed it",
        "отряд с d4 ударил d5 в тыл и уничтожил его",
    ),
]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_battle_checkers_activations_and_attacks_are_sentences(home, language):
    app = make_app(language=language, menu=False)
    try:
        for name, units, texts, en, ru in BATTLE_CHECKERS_CASES:
            board = shown(app, "battle_checkers", battle_checkers(units, texts))
            assert sentences(board)[0] == (0, [en if language == "en" else ru]), name
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_battle_checkers_fate_roll_end_of_turn_and_deployment(home, language):
    app = make_app(language=language, menu=False)
    d = BoardDriver(app)
    en = language == "en"
    try:
        rear = {**HOME, "d5": (1, "N")}
        board = shown(app, "battle_checkers", battle_checkers(rear, ["d4xd5", "fate", "fate 5 2"]))
        assert sentences(board)[0][1][1] == (
            "called fate: 5 against 2 — Blue loses 3 spirit"
            if en
            else "бросок судьбы: 5 против 2 — сторона «Синие» теряет духа: 3"
        )
        # The loser had 2 spirit and rolled 5 lower: it lost the 2 it had, as the list says.
        board = shown(app, "battle_checkers", battle_checkers(rear, ["d4xd5", "fate", "fate 6 1"], spirit=(6, 2)))
        assert sentences(board)[0][1][1] == (
            "called fate: 6 against 1 — Blue loses all their spirit (2)"
            if en
            else "бросок судьбы: 6 против 1 — сторона «Синие» теряет весь оставшийся дух: 2"
        )
        board = shown(app, "battle_checkers", battle_checkers(rear, ["d4xd5", "fate", "fate 4 4"]))
        assert sentences(board)[0][1][1] == (
            "called fate: 4 against 4 — nobody loses spirit"
            if en
            else "бросок судьбы: 4 против 4 — никто не теряет духа"
        )
        # A head-on loss: the defender destroyed the attacker and decides on the fate roll, in Orange's turn.
        lost = battle_checkers({**HOME, "d5": (1, "S")}, ["d4xd5", "duel 1 6", "nofate"])
        board = shown(app, "battle_checkers", lost)
        assert sentences(board)[0][1][1] == ("Blue let the fate roll pass" if en else "Синие: бросок судьбы пропущен")
        # Ending a turn with nothing done says so; the next turn's roll follows the side's name, alone on its line.
        board = shown(app, "battle_checkers", battle_checkers(HOME, ["end", "roll 2 6", "j10:1 F2"]))
        assert sentences(board) == [
            (0, ["ended the turn" if en else "ход завершён"]),
            (1, ["moved j10 two squares south to j8" if en else "отряд с j10 прошёл две клетки на юг, до j8"]),
        ]
        assert d.move_turns[1].note == ("rolled 2 and 6" if en else "бросок 2 и 6")
        assert [(line.turn, line.lead, line.text) for line in d.move_lines][1][1:] == (True, "")
        # Deployment by a preset and unit by unit.
        session = GameSession("battle_checkers", "standard", HOT, seed=1, autosave=False)
        session.apply_text("preset wedge")
        while session.state.current_player() == 1 and session.state.phase == "deploy":
            session.apply(next(a for a in session.state.legal_actions() if type(a).__name__ == "Place"))
        board = shown(app, "battle_checkers", session)
        title = board.view.preset_title("wedge")
        assert sentences(board)[:2] == [
            (0, [f"deployed the “{title}” formation" if en else f"расстановка строем «{title}»"]),
            (1, ["deployed 8 units" if en else "расставлено 8 отрядов"]),
        ]
    finally:
        app.close()


# ----- Kubtafl -----
def kubtafl(tmp_path: Any, dice: list[tuple[str, str, str, int]], texts: list[str], removed: Any = None) -> Any:
    """A Kubtafl game on a prepared level (Light to move), then `texts`."""
    listed = [{"side": side, "kind": kind, "cell": cell, "value": value} for side, kind, cell, value in dice]
    data = {"game": "kubtafl", "to_move": "light", "dice": listed, "removed": removed or {"light": [], "dark": []}}
    path = tmp_path / f"level_{abs(hash(json.dumps(data)))}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    session = GameSession("kubtafl", str(path), HOT, seed=1, autosave=False)
    return replayed(session, texts)


D20S = [("light", "d20", "a1", 12), ("dark", "d20", "h8", 12)]
KUBTAFL_CASES = [
    ("move", [("light", "d6", "c3", 4)], ["c3-c4"], "d6 moved from c3 to c4", "d6 переместился с c3 на c4"),
    (
        "ram, pushed",
        [("dark", "d8", "a4", 8)],
        ["a1-a4"],
        "d20 rammed the d8 on a4 for 4 and pushed it to a7",
        "d20 протаранил d8 на a4 (−4) и отбросил его на a7",
    ),
    (
        "ram, destroyed",
        [("dark", "d4", "a4", 2)],
        ["a1-a4"],
        "d20 rammed the d4 on a4 for 4 and destroyed it",
        "d20 протаранил d4 на a4 (−4) и уничтожил его",
    ),
    (
        "ram, blocked",
        [("dark", "d8", "a8", 8)],
        ["a1-a8"],
        "d20 rammed the d8 on a8 for 7",
        "d20 протаранил d8 на a8 (−7)",
    ),
    (
        "shove",
        [("light", "d6", "a4", 6)],
        ["a1-a4"],
        "d20 shoved its own d6 from a4 to a7 (−1)",
        "d20 толкнул свой d6 с a4 на a7 (−1)",
    ),
    (
        "shove, destroyed",
        [("light", "d6", "a4", 1)],
        ["a1-a4"],
        "d20 shoved its own d6 on a4 (−1) and destroyed it",
        "d20 толкнул свой d6 на a4 (−1) и уничтожил его",
    ),
    (
        "pin",
        [("light", "d6", "c1", 4), ("dark", "d8", "d3", 8), ("light", "d10", "e3", 10)],
        ["c1-c3"],
        "d6 moved from c1 to c3; pinned the d8 on d3 against e3 for 4",
        "d6 переместился с c1 на c3; зажат d8 на d3 вместе с e3 (−4)",
    ),
    (
        "transfer",
        [("light", "d4", "b1", 1)],
        ["a1>b1:1"],
        "d20 on a1 gave 1 to the d4 on b1",
        "d20 на a1 передал 1 кубику d4 на b1",
    ),
]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_kubtafl_moves_rams_shoves_pins_transfers_and_reentries_are_sentences(home, tmp_path, language):
    app = make_app(language=language, menu=False)
    try:
        for name, dice, texts, en, ru in KUBTAFL_CASES:
            board = shown(app, "kubtafl", kubtafl(tmp_path, D20S + dice, texts))
            assert sentences(board) == [(0, [en if language == "en" else ru])], name
        back = kubtafl(tmp_path, D20S, ["d4@b1/a1:2"], removed={"light": ["d4"], "dark": []})
        assert sentences(shown(app, "kubtafl", back))[0][1] == [
            "the d4 came back on b1 with 2, paid by the d20 on a1"
            if language == "en"
            else "d4 вернулся на b1 со значением 2 за счёт d20 на a1"
        ]
        from game.client.kubtafl.demo import RICOCHET_ACTION, ricochet_session

        session = ricochet_session()
        session.apply_text(RICOCHET_ACTION)
        text = sentences(shown(app, "kubtafl", session))[-1][1][0]
        assert ("; the d" if language == "en" else "; затем d") in text and (" then hit the " in text) == (
            language == "en"
        )
    finally:
        app.close()


# ----- the list itself -----
def test_plural_forms_and_wrapping_never_cut_a_word():
    assert [plural_form("ru", n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)] == [
        "one",
        "few",
        "few",
        "many",
        "many",
        "many",
        "one",
        "few",
        "many",
        "many",
    ]
    assert [plural_form("en", n) for n in (0, 1, 2)] == ["many", "one", "many"]

    def measure(text: str) -> int:
        return len(text) * 10

    lines = wrap_text(measure, "attacked Player 2 on e7 from e8 with 3", 100, 150)
    assert lines == ["attacked", "Player 2 on e7", "from e8 with 3"] and measure(lines[0]) <= 100
    # A word wider than a whole line is split where it must be: nothing is left out.
    lines = wrap_text(measure, "go Supercalifragilistic now", 60, 60)
    assert "".join(lines).replace(" ", "") == "goSupercalifragilisticnow" and all(measure(x) <= 60 for x in lines)
    # A very long word is cut a line at a time, each line as full as it can be, with nothing lost.
    calls: list[int] = []

    def counted(text: str) -> int:
        calls.append(len(text))
        return len(text) * 10

    lines = wrap_text(counted, "x" * 100_000, 100, 150)
    assert "".join(lines) == "x" * 100_000 and lines[0] == "x" * 10 and set(map(len, lines[1:-1])) == {15}
    assert sum(calls) < 100 * 100_000  # a few short measures a line, not the whole word each time


@pytest.mark.parametrize(("language", "size"), [("en", (1280, 720)), ("ru", (1024, 600))], ids=["en-720p", "ru-600p"])
def test_a_long_four_seat_list_wraps_every_sentence_and_cuts_nothing(home, size, language):
    from game.client.checkrisk.demo import played_until

    session = played_until("corners4", 4, lambda s: len(s.log) >= 160 and s.current_seat == 0, seed=3)
    session.seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    app = make_app(size, language, anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        shown(app, "checkrisk", session)
        log = d.move_list
        if size == (1280, 720):
            assert log.rows_shown >= 8
        width = log.text_right() - log.text_left()
        measure = lettering.font(log.text_size).size
        for t, turn in enumerate(log.turns):
            for a, action in enumerate(turn.actions):
                lines = [line for line in log.lines if (line.turn, line.action) == (t, a)]
                # Every word of the sentence is on the list, in order, on lines that fit the list's width.
                assert " ".join(line.text for line in lines if line.text) == action.text
                assert all(measure(line.text)[0] <= width for line in lines)
        assert sum(1 for line in log.lines if line.lead) == len(log.turns) > 10
        assert any(sum(1 for line in log.lines if line.turn == t) > 2 for t in range(len(log.turns)))
        frames(app, 2)
        assert d.cut == []
    finally:
        app.close()


@pytest.mark.parametrize(
    ("mode", "level", "seats"),
    [("checkrisk", "corners4", 4), ("checkrisk", "standard", 2), ("battle_checkers", "standard", 2)],
)
def test_eight_lines_at_1280x720_after_the_deployment(home, mode, level, seats):
    from game.client.board.demo import play_ai_until

    session = GameSession(mode, level, ["ai:easy"] * seats, seed=3, autosave=False, executor=InlineExecutor())
    play_ai_until(session, lambda s: len(s.log) >= 60, 3000)
    session.seats = ["human"] * seats
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        shown(app, mode, session)
        assert d.move_list.rows_shown >= 8 and d.cut == []
    finally:
        app.close()


def test_review_counts_turns_and_shift_steps_by_action_and_hover_shows_the_notation(home):
    session = checkrisk(
        {"c3": (0, 4), "c4": (1, 1), "a8": (1, 1), "b8": (1, 1), "c8": (1, 1), "d8": (1, 1)},
        ["c3-c2:1", "c3xc4:2", "roll a:1 d:0", "occupy:1", "end", "+a8", "a8-a7:1"],
    )
    app = make_app(anim_speed="instant", menu=False)
    try:
        board = shown(app, "checkrisk", session)
        d = BoardDriver(app)
        log = d.move_list
        assert [len(turn.actions) for turn in log.turns] == [2, 2]
        assert log.turn_ends() == [4, 6] and log.action_ends() == [1, 4, 5, 6]
        # Hovering an action shows its notation, for players who like it.
        line = next(i for i, line in enumerate(log.lines) if (line.turn, line.action) == (0, 1) and line.start)
        y = log.body.top + (line - log.first_shown()) * log.line + log.line // 2
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(log.text_left() + 30, y), rel=(0, 0), buttons=(0, 0, 0))
        )
        frames(app, 1)
        assert log.tip() == "c3xc4:2 occupy:1 end"  # the battle's decisions, and the End that closed the turn
        # A finished turn's review: ← goes back a whole turn, Shift+← one action, → forward a turn.
        key(app, pygame.K_LEFT)
        assert d.reviewing is None  # the game goes on: review starts from the list
        d.click_entry(6)
        assert d.banner == app.t("review.banner", count="Round 2 of 60", seat=board.view.seat_name(1))
        key(app, pygame.K_LEFT)
        assert d.reviewing == 4 and d.banner == app.t(
            "review.banner", count="Round 2 of 60", seat=board.view.seat_name(0)
        )
        key(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)
        assert d.reviewing == 1
        assert d.banner == app.t(
            "review.banner.action", count="Round 2 of 60", seat=board.view.seat_name(0), a=1, actions=2
        )
        assert log.action_of(log.selected) == (0, 0)
        key(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)
        assert d.reviewing == 0 and d.banner == app.t("review.start")
        key(app, pygame.K_RIGHT)
        assert d.reviewing == 4
        key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
        assert d.reviewing == 5
        key(app, pygame.K_RIGHT)
        assert d.reviewing == 6
        key(app, pygame.K_RIGHT)  # past the newest turn: back to the game
        assert d.reviewing is None and d.accepting
    finally:
        app.close()


# ----- hints -----
def test_hints_say_what_and_why_in_words(home, tmp_path):
    app = make_app(anim_speed="instant", menu=False)
    try:
        # CheckRisk: an attack with the engine's exact odds; a move that leaves a stack likely to fall.
        board = shown(app, "checkrisk", checkrisk({"c3": (0, 4), "c4": (1, 6), "h8": (1, 3)}, []))
        state = board.session.state
        win = state.forecast(state.action_from_str("c3xc4:3")).detail.win
        hint = board.view.hint_words("c3xc4:3")
        assert hint.startswith(f"Hint: attack Player 2 on c4 from c3 with 3 — {percent(win)} to take it")
        hint = board.view.hint_words("c3-c2:3")
        expected = percent(battle_odds(6, 1)[0])
        assert hint == (
            f"Hint: move 3 tokens from c3 to c2 — careful: c3 keeps 1 next to Player 2's 6 on c4 "
            f"({expected} it falls next turn)"
        )
        # …a move that brings a stack next to an enemy says what it then threatens, with the odds; one onto its own
        # stack says what it masses; a split with neither says the empty cell it claims.
        board = shown(app, "checkrisk", checkrisk({"c3": (0, 4), "e3": (1, 2), "h8": (1, 3)}, []))
        assert board.view.hint_words("c3-d3:3") == (
            f"Hint: move 3 tokens from c3 to d3 — from d3 it then threatens Player 2's 2 on e3 "
            f"({percent(battle_odds(3, 2)[0])} to take it)"
        )
        board = shown(app, "checkrisk", checkrisk({"c3": (0, 4), "c2": (0, 2), "h8": (1, 3)}, []))
        assert board.view.hint_words("c3-c2:3") == "Hint: move 3 tokens from c3 to c2 — 5 massed on c2"
        assert board.view.hint_words("c3-d3:3") == (
            "Hint: move 3 tokens from c3 to d3 — it claims the empty cell: 3 cells held"
        )
        # Battle Checkers: an activation that faces an enemy's open rear, with the odds of striking it.
        units = {"d4": (0, "N"), "a1": (0, "N"), "d7": (1, "N"), "j10": (1, "S")}
        board = shown(app, "battle_checkers", battle_checkers(units, []))
        assert board.view.hint_words("d4:1 F2").startswith(
            "Hint: with the 3: move d4 two squares north — faces d7's open rear (100% to kill)"
        )
        # …and one that leaves the unit open to a strike next turn says so with the chance.
        risky = {"d4": (0, "N"), "a1": (0, "N"), "f6": (1, "W"), "j10": (1, "S")}
        board = shown(app, "battle_checkers", battle_checkers(risky, []))
        hint = board.view.hint_words("d4:1 F1")
        assert hint.startswith("Hint: with the 3: move d4 one square north; but it can be struck next turn (")
        assert hint.endswith("%)")
        # Kubtafl: a ram in words with the kill it sets up, and a move that leaves a die to be destroyed.
        dice = [*D20S, ("dark", "d8", "a4", 8), ("light", "d6", "c3", 1), ("dark", "d10", "h4", 10)]
        session = kubtafl(tmp_path, dice, [])
        board = shown(app, "kubtafl", session)
        assert board.view.hint_words("a1-a4") == (
            "Hint: ram the d8 on a4 with the d20 for 4 and push it to a7 — next turn you can destroy Dark's d8 on a7"
        )
        assert board.view.hint_words("c3-c4") == (
            "Hint: move the d6 from c3 to c4 — it closes in on Dark's d20 on h8 (9 cells away); "
            "but Dark can then destroy your d6 on c4"
        )
    finally:
        app.close()


@pytest.mark.parametrize(("language", "size"), [("en", (1280, 720)), ("ru", (1024, 600))], ids=["en-720p", "ru-600p"])
@pytest.mark.parametrize("mode", ["kubtafl", "checkrisk", "battle_checkers"])
def test_the_hint_key_gives_words_not_notation(home, mode, language, size):
    from tests.client_helpers import random_session

    # Battle Checkers' position gets the longest kind of hint: turn, move, turn, the flank it faces and the risk.
    actions, seed = {"kubtafl": (6, 2), "checkrisk": (40, 2), "battle_checkers": (19, 1)}[mode]
    session = random_session(mode, actions, seed=seed)
    app = make_app(size, language, anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        board = shown(app, mode, session)
        if not d.accepting:
            pytest.skip("no human decision in this position")
        key(app, pygame.K_h)
        frames(app, 2)
        action = d.hint_move
        assert action and d.hint == board.view.hint_words(action)
        assert action not in d.hint and d.hint.startswith(app.t("kubtafl.hint", text=""))
        frames(app, 1)
        assert d.status == d.hint and d.cut == []
    finally:
        app.close()


def test_the_list_model_reviews_a_turn_from_its_number():
    log = MoveLog()
    log.place(pygame.Rect(0, 0, 340, 300), 20)
    log.set_turns(
        [
            LogTurn(0, (LogAction("moved 1", "a", 1), LogAction("moved 2", "b", 3))),
            LogTurn(1, (LogAction("x", "c", 4),)),
        ],
        [("Player 1", (230, 159, 0)), ("Player 2", (86, 180, 233))],
    )
    y = log.body.top + log.line // 2
    assert log.entry_at((log.rect.left + 10, y)) == 3  # the number: the whole turn
    assert log.entry_at((log.text_left() + 200, y)) == 1  # the words: that action


def test_the_list_follows_an_undo_and_a_new_move(home, tmp_path):
    session = kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4), ("dark", "d8", "f6", 8)], [])
    app = make_app(anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        board = shown(app, "kubtafl", session)
        d.commit(session.state.action_from_str("c3-c5"))
        frames(app, 3)
        assert sentences(board) == [(0, ["d6 moved from c3 to c5"])]
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        frames(app, 2)
        assert sentences(board) == [] and d.move_lines == []
        d.commit(session.state.action_from_str("c3-c4"))
        frames(app, 3)
        assert sentences(board) == [(0, ["d6 moved from c3 to c4"])] and len(d.move_lines) == 1
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_empty_list_says_so_in_words(home, language):
    app = make_app((1280, 720), language, anim_speed="instant", menu=False)
    d = BoardDriver(app)
    try:
        shown(app, "checkrisk", GameSession("checkrisk", "standard", ["human", "human"], autosave=False))
        assert d.move_lines == [] and d.move_list.empty_text == app.t("board.log.empty")
        assert d.move_list.empty_text not in ("", "…", "board.log.empty")
    finally:
        app.close()


def test_the_list_tells_a_move_once_the_board_has_shown_it(home, tmp_path):
    """No result before its animation lands: the entry appears when the slide (or the dice) are done."""
    session = kubtafl(tmp_path, [*D20S, ("light", "d6", "c3", 4), ("dark", "d8", "f6", 8)], [])
    app = make_app(anim_speed="normal", menu=False)
    d = BoardDriver(app)
    try:
        board = shown(app, "kubtafl", session)
        click_cell(app, "c3")
        click_cell(app, "c5")
        assert d.busy and session.log == ["c3-c5"]
        assert sentences(board) == []
        settle_scene(app)
        assert sentences(board) == [(0, ["d6 moved from c3 to c5"])]
    finally:
        app.close()
