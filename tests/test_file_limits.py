"""Records, saves and levels are read with the limits their meaning gives them, and nothing in them can make the
game write outside its own folders or the folder the player chose: crafted modes, seats and levels are refused
with the field named, and the files the game writes are named from checked values only."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import games, saves
from game.client.play import records
from game.client.play.session import GameSession
from game.engine import files, registry
from game.engine.atomic import child_path
from tests.client_helpers import button_by_text, click, frames, make_app

ESCAPE = "../../../escape"  # from <home>/data/records or <chosen>, three steps up leave the test's folders


def _record(**fields: object) -> dict[str, object]:
    """A good Kubtafl record's JSON with `fields` changed."""
    data = records.GameRecord(
        "kubtafl", "standard", ["b2-b5", "g7-g2"], 1, ["human", "ai:easy"], None, "", 1_700_000_000.0
    ).to_dict()
    data.update(fields)
    return data


def _put(folder: Path, name: str, data: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ----- every write the game makes, watched: no value read from a file leads it elsewhere -----
_writes: list[str] | None = None
_hooked = False
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _writes is None:
        return
    if event == "open":
        path, mode, flags = args
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS
        )
        if writing and isinstance(path, str | bytes | os.PathLike):
            _writes.append(os.fsdecode(path))
    elif event == "os.rename":
        _writes.extend(os.fsdecode(p) for p in args[:2] if isinstance(p, str | bytes | os.PathLike))
    elif event in ("os.mkdir", "os.remove", "os.rmdir", "os.symlink", "os.link", "tempfile.mkstemp"):
        if isinstance(args[0], str | bytes | os.PathLike):
            _writes.append(os.fsdecode(args[0]))


@pytest.fixture
def watched(tmp_path, monkeypatch):
    """The game's folders in `tmp/home`, the player's chosen folder `tmp/chosen`; yields the list of every path
    written (opened for writing, created, renamed, removed) while the test runs."""
    global _writes, _hooked
    if not _hooked:
        sys.addaudithook(_audit)  # hooks stay for the process: it does nothing while `_writes` is None
        _hooked = True
    monkeypatch.setenv("KUBIKI_HOME", str(tmp_path / "home"))
    saves.forget_problems()
    (tmp_path / "chosen").mkdir()
    _writes = []
    try:
        yield _writes
    finally:
        _writes = None


def _outside(written: list[str], tmp_path: Path) -> list[str]:
    """The written paths that are neither in the game's folders nor in the chosen folder."""
    allowed = [(tmp_path / "home").resolve(), (tmp_path / "chosen").resolve()]
    return [p for p in written if not any(Path(os.path.abspath(p)).is_relative_to(root) for root in allowed)]


def test_no_record_save_or_level_makes_the_game_write_outside_its_folders(watched, tmp_path):
    folder = tmp_path / "home" / "data" / "records"
    crafted = {
        "mode.json": _record(mode=ESCAPE),
        "mode2.json": _record(mode="kubtafl/" + ESCAPE),
        "absolute.json": _record(mode=str(tmp_path / "escape")),
        "seats.json": _record(seats=["../" * 3 + "x", "ai:a/b/../../.."]),
        "level.json": _record(level=ESCAPE + ".json"),
        "good.json": _record(),
    }
    for name, data in crafted.items():
        _put(folder, f"20240101-000000-{name}", data)
    _put(
        tmp_path / "home" / "data",
        "autosave.json",
        {"format": 1, "session": {"mode": ESCAPE, "level": ESCAPE, "seats": [], "actions": []}},
    )
    level = _put(tmp_path / "levels", "evil.json", {"board": [10, 10], "presets": [ESCAPE]})
    watched.clear()  # from here on, only the game writes
    app = make_app()
    try:
        frames(app, 2)  # the menu reads the autosave and keeps it aside
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        for index in range(len(scene.listed)):
            scene.select(index)
            scene.export_to(tmp_path / "chosen")
            scene.replay()
            frames(app, 2)
            app.goto("games")
            frames(app, 1)
        with pytest.raises((KeyError, ValueError)):
            GameSession("battle_checkers", str(level), autosave=True)
        with pytest.raises((KeyError, ValueError)):
            GameSession.from_dict({"mode": ESCAPE, "level": "standard", "seats": [], "actions": []})
    finally:
        app.close()
    assert watched, "the watch saw no write at all (the good record's export)"
    assert _outside(watched, tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chosen", "home", "levels"]
    exported = list((tmp_path / "chosen").iterdir())
    assert exported and all(p.name.startswith("kubiki-kubtafl-") and p.is_file() for p in exported)


@pytest.mark.parametrize("mode", [ESCAPE, "kubtafl/../../../x", "", "kub\x00tafl", "dice_lab", "chess"])
def test_export_names_the_file_from_a_known_mode_only(watched, tmp_path, mode):
    record = records.GameRecord("kubtafl", "standard", [], 1, ["human", "human"], None, "", 1_700_000_000.0)
    record.mode = mode
    with pytest.raises(records.RecordError, match="mode"):
        records.export_record(record, tmp_path / "chosen")
    with pytest.raises(records.RecordError, match="mode"):
        records.save_record(record)
    assert list((tmp_path / "chosen").iterdir()) == [] and _outside(watched, tmp_path) == []


def test_a_record_with_a_crafted_mode_is_listed_as_refused_naming_the_field(watched, tmp_path):
    path = _put(records.records_dir(), "20240101-000000-kubtafl.json", _record(mode=ESCAPE))
    (listed,) = records.list_records()
    assert listed.record is None and "'mode'" in listed.problem and listed.problem.startswith(path.name)
    assert path.exists()  # kept as it is


def test_export_never_replaces_a_file_and_names_it_from_the_date(watched, tmp_path):
    record = records.GameRecord("checkrisk", "standard", [], 1, ["human", "human"], None, "", 1_700_000_000.0)
    first = records.export_record(record, tmp_path / "chosen")
    first.write_text("the player's own file", encoding="utf-8")
    second = records.export_record(record, tmp_path / "chosen")
    assert first != second and first.read_text(encoding="utf-8") == "the player's own file"
    assert first.parent == second.parent == tmp_path / "chosen"
    assert first.name.startswith("kubiki-checkrisk-2023") and second.name.endswith("-2.json")
    record.date = float("nan")  # a date no calendar shows: named after today instead, still a plain name
    assert records.export_record(record, tmp_path / "chosen").parent == tmp_path / "chosen"


@pytest.mark.parametrize("name", ["../x.json", "a/b.json", ".hidden.json", "x..json", "a\x00.json", "", "é.json"])
def test_a_file_name_the_game_writes_is_letters_digits_and_single_separators(name):
    with pytest.raises(ValueError):
        child_path(Path("/f"), name)
    assert child_path(Path("/f"), "20240101-000000-battle_checkers-2.json") == Path(
        "/f/20240101-000000-battle_checkers-2.json"
    )


# ----- records: limits from their meaning -----
@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"seats": ["human"] * 100_000}, "'seats'"),
        ({"seats": ["human"]}, "'seats'"),
        ({"seats": ["human", "human", "human"]}, "'seats'"),  # Kubtafl seats two
        ({"seats": ["human", "ai:" + "x" * 40]}, "seats[1]"),
        ({"seats": ["human", "ai:\x00"]}, "seats[1]"),
        ({"seats": ["human", "ai:\ud800"]}, "seats[1]"),
        ({"seats": ["human", "robot"]}, "seats[1]"),
        ({"mode": "kub\x00tafl"}, "'mode'"),
        ({"level": "standard\x00"}, "level"),
        ({"level": "x" * 5000}, "level"),
        ({"actions": ["b2-b5"] * 30_000}, "'actions'"),  # more than a Kubtafl game can have (K18)
        ({"actions": ["b2-b5", "x" * 500]}, "move 2"),
        ({"actions": ["b2\x00-b5"]}, "move 1"),
    ],
)
def test_a_record_outside_its_limits_is_refused_naming_the_field(home, fields, named):
    path = _put(home / "in", "game.json", _record(**fields))
    with pytest.raises(records.RecordError) as info:
        records.read_records(path)
    assert str(info.value).startswith("game.json: ") and named in str(info.value)


def test_an_arena_report_whose_side_names_a_nul_level_is_refused_naming_the_seat(home):
    report = {
        "mode": "kubtafl",
        "level_name": "standard",
        "a": {"level": "\x00"},
        "b": {"level": "easy"},
        "games": [{"seed": 1, "seats": ["a", "b"], "winner": None, "reason": "", "actions": ["b2-b5"]}],
    }
    path = _put(home / "in", "report.json", report)
    with pytest.raises(records.RecordError, match=r"game 1: field seats\[0\]"):
        records.read_records(path)


def test_replay_from_the_command_line_of_a_nul_seat_is_one_line_naming_it(home, capsys):
    from game.cli import main as cli_main

    path = _put(home / "in", "game.json", _record(seats=["human", "ai:\x00"]))
    assert cli_main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("main.py: game.json: field seats[1]") and len(err.strip().splitlines()) == 1


def test_a_replay_longer_than_the_game_can_be_is_refused_before_replaying(home):
    record = records.GameRecord("battle_checkers", "skirmish6", ["roll 1 1"] * 5000, 1, ["human", "human"])
    with pytest.raises(records.RecordError, match="'actions': 5000 moves"):
        records.Timeline.of(record)


def test_the_games_screen_reads_each_record_once_and_refuses_the_huge_one(home, monkeypatch):
    folder = records.records_dir()
    for n in range(100):
        _put(folder, f"20240101-{n:06d}-kubtafl.json", _record(date=1_700_000_000.0 + n))
    huge = _put(folder, "20240102-000000-kubtafl.json", _record(seats=["human"] * 100_000))
    reads: list[str] = []
    real = files.read_json

    def counting(path, *limit):
        if Path(path).parent == folder:
            reads.append(Path(path).name)
        return real(path, *limit)

    monkeypatch.setattr(records.files, "read_json", counting)
    app = make_app()
    try:
        click(app, button_by_text(app, "Games"))
        scene = app.scenes.current
        assert len(reads) <= games.ROWS  # entering reads the rows shown, not the hundred files
        for index in range(0, len(scene.items), 4):  # scrolling the whole list draws every row: each read once
            scene.select(index)
            frames(app, 1)
        assert sorted(reads) == sorted(p.name for p in folder.iterdir())
        reads.clear()
        for index in range(0, len(scene.items), 4):  # and never again
            scene.select(index)
            frames(app, 1)
        assert reads == []
        refused = {item.path.name: item for item in scene.listed}[huge.name]
        assert refused.record is None and "'seats': 100000 seats" in refused.problem
        # What one row draws is bounded by the limits: at most 4 seats of at most 40 characters.
        longest = max(len(" ".join(scene.row_texts(item)[:6])) for item in scene.listed if item.record is not None)
        assert longest < 400
    finally:
        app.close()


# ----- saves -----
def _autosave(home: Path, change) -> dict[str, object]:
    """A game's own save file, its session changed by `change`."""
    session = GameSession("battle_checkers", "skirmish6", ["human", "human"], seed=3)
    session.apply(session.state.legal_actions()[0])
    path = session.save_path
    assert path is not None
    envelope = json.loads(path.read_text(encoding="utf-8"))
    change(envelope["session"])
    path.write_text(json.dumps(envelope), encoding="utf-8")
    return envelope["session"]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda s: s["rng"].__setitem__(2, "x"), r"rng\[2\]"),
        (lambda s: s["rng"].__setitem__(2, float("nan")), r"rng\[2\]"),
        (lambda s: s["rng"].__setitem__(2, float("inf")), r"rng\[2\]"),
        (lambda s: s["rng"][1].__setitem__(5, "x"), r"rng\[1\]\[5\]"),
        (lambda s: s["rng"][1].__setitem__(5, "12"), r"rng\[1\]\[5\]"),
        (lambda s: s["rng"][1].__setitem__(5, 2**40), r"rng\[1\]\[5\]"),
        (lambda s: s["rng"][1].__setitem__(624, 10**6), r"rng\[1\]\[624\]"),
        (lambda s: s["rng"][1].pop(), r"rng\[1\]"),
        (lambda s: s["rng"].__setitem__(0, "3"), r"rng\[0\]"),
        (lambda s: s.__setitem__("rng", "x"), "rng"),
        (lambda s: s.__setitem__("level", "skirmish6\x00"), "level"),
        (lambda s: s.__setitem__("actions", ["roll 1 1"] * 5000), "'actions'"),
    ],
)
def test_a_save_with_a_bad_generator_state_or_field_is_refused_naming_it(home, change, named):
    data = _autosave(home, change)
    with pytest.raises(ValueError, match=named):
        GameSession.from_dict(data, autosave=False)


def test_the_menu_names_a_bad_generator_state_and_keeps_the_file(home):
    _autosave(home, lambda s: s["rng"].__setitem__(2, float("nan")))
    (path,) = saves.save_files()
    before = path.read_bytes()
    app = make_app()
    try:
        frames(app, 3)
        assert any("rng[2]" in m for m in app.messages)
        kept = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".bad")]
        assert [p.read_bytes() for p in kept] == [before]
    finally:
        app.close()


def test_a_good_generator_state_still_resumes_exactly(home):
    _autosave(home, lambda s: None)
    (path,) = saves.save_files()
    data = saves.load_save(path).session
    resumed = GameSession.from_dict(data, autosave=False)
    assert resumed.to_dict()["rng"] == data["rng"]


# ----- levels: required fields, unknown keys, texts -----
BC_SETUP = {"board": [10, 10], "units_per_player": 8, "spirit": 6, "turn_limit": 100}


def test_an_empty_battle_checkers_level_is_refused_naming_the_required_fields():
    with pytest.raises(ValueError) as info:
        registry.make_game("battle_checkers", "empty", {})
    assert str(info.value).startswith("board, units_per_player, spirit, turn_limit: missing")
    with pytest.raises(ValueError, match="^turn_limit: missing"):
        registry.make_game("battle_checkers", "x", {k: v for k, v in BC_SETUP.items() if k != "turn_limit"})


def _kubtafl_level() -> dict[str, object]:
    return dict(registry.load("kubtafl").level_data)


def _checkrisk_level() -> dict[str, object]:
    return dict(registry.load("checkrisk").level_data)


def _bc_preset(**extra: object) -> dict[str, object]:
    units = [{"cell": c, "facing": "N", **extra} for c in ("b2", "c2", "d2", "e2")]
    return {**BC_SETUP, "units_per_player": 4, "presets": [{"name": "x", "units": units}]}


def _checkrisk_zones(**extra: object) -> dict[str, object]:
    level = _checkrisk_level()
    return {**level, "zones": [{**zone, **extra} for zone in level["zones"]]}


UNKNOWN_KEYS = [
    ("battle_checkers", lambda: {**BC_SETUP, "outcome": None}, "outcome"),
    (
        "battle_checkers",
        lambda: {**BC_SETUP, "presets": [{"name": "x", "units": [], "colour": 1}]},
        "presets[0].colour",
    ),
    ("battle_checkers", lambda: _bc_preset(hp=1), "presets[0].units[0].hp"),
    ("checkrisk", lambda: {**_checkrisk_level(), "outcome": None}, "outcome"),
    ("checkrisk", lambda: _checkrisk_zones(size=2), "zones[0].size"),
    ("kubtafl", lambda: {**_kubtafl_level(), "colour": "red"}, "colour"),
]


@pytest.mark.parametrize(("mode", "level", "key"), UNKNOWN_KEYS)
def test_every_mode_refuses_an_unknown_level_key_naming_it(mode, level, key):
    with pytest.raises(ValueError) as info:
        registry.make_game(mode, "odd", level())
    assert str(info.value).startswith(f"{key}: unknown field")


@pytest.mark.parametrize("mode", registry.modes())
@pytest.mark.parametrize(
    ("key", "value"),
    [("title", "A\x00B"), ("description", "x" * 5000), ("title", {"en": "\ud800"}), ("title", 5)],
)
def test_every_mode_refuses_a_level_text_that_cannot_be_drawn(mode, key, value):
    level = {**registry.load(mode).level_data, key: value}
    with pytest.raises(ValueError, match=f"^{key}"):
        registry.make_game(mode, "odd", level)


@pytest.mark.parametrize("name", [ESCAPE, "../standard", "a b", "LINE", "x" * 41])
def test_a_battle_checkers_preset_name_cannot_lead_out_of_the_presets_folder(name):
    with pytest.raises(ValueError, match=r"^presets\[0\]: .* is not a preset name"):
        registry.make_game("battle_checkers", "x", {**BC_SETUP, "presets": [name]})


def test_a_battle_checkers_preset_file_that_is_a_fifo_is_refused_without_waiting(monkeypatch, tmp_path):
    from game.engine.battle_checkers import level as bc_level

    os.mkfifo(tmp_path / "stuck.json")
    monkeypatch.setattr(bc_level, "presets_dir", lambda: tmp_path)
    with pytest.raises(ValueError, match=r"^presets\[0\]: cannot read preset 'stuck' \(not a regular file\)"):
        registry.make_game("battle_checkers", "x", {**BC_SETUP, "presets": ["stuck"]})


def test_a_level_file_with_an_unknown_key_is_named_with_the_file(tmp_path):
    path = _put(tmp_path, "odd.json", {**BC_SETUP, "outcome": "draw"})
    with pytest.raises(ValueError) as info:
        registry.load("battle_checkers", str(path))
    assert "odd.json" in str(info.value) and "outcome: unknown field" in str(info.value)


@pytest.mark.parametrize("level", ["standard\x00", "x" * 2000, "\ud800"])
def test_a_level_name_no_file_can_have_is_refused_by_the_registry(level):
    with pytest.raises(ValueError, match="^level"):
        registry.load("kubtafl", level)


def test_every_shipped_level_still_loads():
    for mode in registry.modes():
        for level in registry.levels(mode):
            assert registry.load(mode, level).num_players >= 2


@pytest.mark.parametrize(("language", "words"), [("en", "Cannot be read: "), ("ru", "Запись не читается: ")])
def test_a_refused_record_is_listed_in_the_players_language_naming_the_field(home, language, words):
    path = _put(records.records_dir(), "20240101-000000-kubtafl.json", _record(seats=["human", "ai:\x00"]))
    app = make_app(language=language)
    try:
        app.goto("games")
        frames(app, 2)
        (listed,) = app.scenes.current.listed
        row = app.scenes.current.row_texts(listed)
        assert (
            row.date == path.name
            and row.bad
            and row.seats.startswith(words + "field seats[1]: holds control characters")
        )
    finally:
        app.close()


TEXT = st.text(st.characters(exclude_categories=()), max_size=60)


@settings(max_examples=60)
@given(
    mode=st.one_of(TEXT, st.sampled_from(registry.modes())),
    level=st.one_of(TEXT, st.just("standard")),
    seats=st.lists(st.one_of(TEXT, st.sampled_from(["human", "ai:easy"])), max_size=6),
    actions=st.lists(TEXT, max_size=4),
    reason=TEXT,
)
def test_a_record_is_refused_or_holds_only_text_that_can_be_drawn(mode, level, seats, actions, reason):
    data = _record(mode=mode, level=level, seats=seats, actions=actions, reason=reason)
    try:
        record = records.record_from_dict(data)
        records.check_seat_kinds(record.seats)
    except records.RecordError:
        return
    except ValueError as exc:
        assert str(exc).startswith("field seats[")
        return
    assert record.mode in registry.modes() and len(record.seats) in (0, 2, 3, 4)
    for text in (record.level, record.reason, *record.seats, *record.actions):
        assert files.clean_text(text) == text
    assert all(len(seat) <= records.SEAT_LIMIT for seat in record.seats)


def test_a_message_quoting_a_huge_file_text_is_kept_short(app):
    app.notify("could not load " + "word " * 200_000 + "\x00")
    assert len(app.messages[-1]) <= 600 and "\x00" not in app.messages[-1]
    frames(app, 2)
