"""Kubtafl rules K1–K18: one test per rule id, the six worked examples, notation and position data."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.engine import IllegalAction, registry
from game.engine.kubtafl import KubtaflState, Move, ReEntry, Transfer, rules
from game.engine.kubtafl import events as ev


def game(level: str = "standard"):
    return registry.load("kubtafl", level)


def position(dice: dict[str, str], to_move: str = "light", removed: dict | None = None, **extra: Any) -> KubtaflState:
    """A state from a compact map like {'a1': 'L d8 8', 'a5': 'D d6 6'} (both d20s must be given)."""
    entries = []
    for cell, spec in dice.items():
        side, kind, value = spec.split()
        entries.append({"side": {"L": "light", "D": "dark"}[side], "kind": kind, "cell": cell, "value": int(value)})
    data = {"game": "kubtafl", "to_move": to_move, "dice": entries, "removed": removed or {"light": [], "dark": []}}
    data.update(extra)
    return game().state_from_dict(data)


def layout(state: KubtaflState) -> dict[str, str]:
    """The inverse of `position`'s map: every die on the board."""
    return {d["cell"]: f"{d['side'][0].upper()} {d['kind']} {d['value']}" for d in state.to_dict()["dice"]}


def play(state: KubtaflState, text: str) -> list:
    return state.apply(state.action_from_str(text))


def notations(state: KubtaflState) -> set[str]:
    return {state.action_to_str(a) for a in state.legal_actions()}


D20S = {"h1": "L d20 20", "e8": "D d20 20"}  # out of the way of the a-file examples


# ----- the worked examples of the rules file -------------------------------------------------------------


def test_worked_example_1_push_through_to_edge() -> None:
    state = position({"a1": "L d8 8", "a5": "D d6 6", **D20S})
    play(state, "a1-a5")
    assert layout(state) == {"a5": "L d8 8", "a8": "D d6 1", **D20S}


def test_worked_example_2_blocked_push() -> None:
    state = position({"a1": "L d8 8", "a5": "D d6 6", "a6": "D d4 4", **D20S})
    play(state, "a1-a5")
    assert layout(state) == {"a4": "L d8 8", "a5": "D d6 2", "a6": "D d4 4", **D20S}


def test_worked_example_3_destroyed() -> None:
    state = position({"b2": "L d6 6", "b4": "D d4 3", **D20S})
    play(state, "b2-b4")
    assert layout(state) == {"b4": "L d6 6", **D20S}
    assert state.to_dict()["removed"] == {"light": [], "dark": ["d4"]}


def test_worked_example_4_ricochet() -> None:
    state = position({"a1": "L d12 12", "a4": "D d10 10", "a7": "D d6 6", **D20S})
    events = play(state, "a1-a4")
    assert layout(state) == {"a4": "L d12 12", "a6": "D d10 6", "a8": "D d6 3", **D20S}
    assert events == [
        ev.Moved("light", "d12", "a1", "a3"),
        ev.Impact("light", "d12", "a3", "a4", "dark", "d10", 3, 4, True),
        ev.Damaged("dark", "d10", "a4", 10, 6, 4),
        ev.Pushed("dark", "d10", "a4", "a6", 3),
        ev.Ricochet("a6", "a7", 3, 3),
        ev.Damaged("dark", "d6", "a7", 6, 3, 3),
        ev.Pushed("dark", "d6", "a7", "a8", 3),
        ev.Moved("light", "d12", "a3", "a4"),
    ]


def test_worked_example_5_pin() -> None:
    state = position({"c3": "L d8 5", "d5": "D d6 6", "e5": "L d4 4", "a1": "L d20 20", "h8": "D d20 20"})
    events = play(state, "c3-c5")
    assert layout(state) == {"c5": "L d8 5", "d5": "D d6 1", "e5": "L d4 4", "a1": "L d20 20", "h8": "D d20 20"}
    assert events == [
        ev.Moved("light", "d8", "c3", "c5"),
        ev.Pinned("c5", "d5", "e5", 5),
        ev.Damaged("dark", "d6", "d5", 6, 1, 5),
    ]


def test_worked_example_6_win_by_block() -> None:
    state = position({"h8": "D d20 20", "g8": "L d4 4", "h3": "L d6 6", "a1": "L d20 20"})
    events = play(state, "h3-h7")
    assert layout(state) == {"h8": "D d20 20", "g8": "L d4 4", "h7": "L d6 6", "a1": "L d20 20"}
    assert events[-1] == ev.GameOver((0,), "d20_blocked")
    assert state.is_terminal() and state.outcome().winner == 0 and state.legal_actions() == []


# ----- one test (at least) per rule -----------------------------------------------------------------------


def test_K1_board_and_orthogonal_lines() -> None:
    state = game().initial_state()
    assert (state.width, state.height) == (8, 8)
    assert state.cell_name(0, 0) == "a1" and state.cell_name(7, 7) == "h8" and state.cell_name(3, 1) == "d2"
    for action in state.legal_actions():
        if isinstance(action, Move):
            (x1, y1), (x2, y2) = state.geo.cell_xy(action.src), state.geo.cell_xy(action.dst)
            assert x1 == x2 or y1 == y2
    with pytest.raises(IllegalAction):
        state.action_from_str("c2-d3")  # diagonal
    with pytest.raises(IllegalAction):
        state.action_from_str("c2-c9")  # off the board


def test_K2_dice_kinds_and_values() -> None:
    state = position({"a1": "L d% 10", "b1": "L d10 10", **D20S})
    assert layout(state)["a1"] == "L d% 10"
    for kind, faces in {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}.items():
        others = {"e8": "D d20 20"} if kind == "d20" else D20S
        assert layout(position({"c3": f"L {kind} {faces}", **others}))["c3"] == f"L {kind} {faces}"
        with pytest.raises(ValueError, match=r"dice\[0\]\.value"):
            position({"c3": f"L {kind} {faces + 1}", **others})
        with pytest.raises(ValueError, match=r"dice\[0\]\.value"):
            position({"c3": f"L {kind} 0", **others})


def test_K3_setup_and_start_count() -> None:
    state = game().initial_state()
    assert layout(state) == {
        "a1": "L d20 20", "b1": "L d10 10", "c1": "L d4 4", "c2": "L d8 8", "a2": "L d% 10", "a3": "L d6 6",
        "b2": "L d12 12", "h8": "D d20 20", "g8": "D d10 10", "f8": "D d4 4", "f7": "D d8 8", "h7": "D d% 10",
        "h6": "D d6 6", "g7": "D d12 12",
    }  # fmt: skip
    # Counted by hand: b1 2 shoves; c1 1 shove + 4 east; c2 6 N + 5 E; a2 1 shove; a3 5 N + 6 E; b2 6 N + 1 shove.
    assert len(state.legal_actions()) == 37
    assert state.current_player() == 0 and state.game.seat_name(0) == "light" and state.game.seat_name(1) == "dark"


def test_K4_players_alternate_one_action_each() -> None:
    state = position({"c3": "L d8 5", "c4": "L d6 2", "f6": "D d8 8", "a1": "L d20 20", "b1": "L d12 6",
                      "h8": "D d20 20"}, removed={"light": ["d4"], "dark": []})  # fmt: skip
    turns = ["c3-d3", "f6-f5", "d4@d4/d3:2", "f5-f6", "a1>b1:2"]
    expected_player = 0
    for text in turns:
        assert state.current_player() == expected_player
        play(state, text)  # a move, a re-entry, a transfer: each is one whole turn
        expected_player = 1 - expected_player
    assert state.current_player() == 1
    with pytest.raises(IllegalAction):
        play(state, "d3-d2")  # not Light's turn any more


def test_K5_move_range_and_no_passing() -> None:
    state = position({"d4": "L d4 4", **D20S})
    moves = {t for t in notations(state) if t.startswith("d4-")}
    assert moves == {f"d4-{c}" for c in ("d5 d6 d7 d8 e4 f4 g4 h4 d3 d2 d1 c4 b4 a4".split())}
    state = position({"d4": "L d4 2", "d5": "L d6 6", **D20S})
    moves = {t for t in notations(state) if t.startswith("d4-")}
    assert moves == {"d4-d5", "d4-e4", "d4-f4", "d4-d3", "d4-d2", "d4-c4", "d4-b4"}  # d4-d5 shoves, nothing past d5
    with pytest.raises(IllegalAction):
        state.action_from_str("d4-d6")
    with pytest.raises(IllegalAction):
        state.action_from_str("d4-g4")  # farther than the value


def test_K6_impact_is_one_action_at_the_hit_cell() -> None:
    state = position({"a1": "L d8 8", "a5": "D d6 6", **D20S})
    north = sorted(t for t in notations(state) if t.startswith("a1-a"))
    assert north == ["a1-a2", "a1-a3", "a1-a4", "a1-a5"]  # k = 4…8 all mean the one impact on a5
    with pytest.raises(IllegalAction):
        state.action_from_str("a1-a8")
    assert state.is_impact(state.action_from_str("a1-a5"))
    # Out of reach (j > v): no impact.
    state = position({"a1": "L d4 3", "a5": "D d6 6", **D20S})
    assert "a1-a5" not in notations(state)


def test_K7_damage_push_through_or_blocked() -> None:
    state = position({"a1": "L d8 8", "a4": "D d10 10", **D20S})
    events = play(state, "a1-a4")
    impact = next(e for e in events if isinstance(e, ev.Impact))
    assert (impact.distance, impact.damage, impact.push_through) == (3, 4, True)
    # Against the edge: damage j.
    state = position({"a5": "L d8 8", "a8": "D d10 10", **D20S})
    events = play(state, "a5-a8")
    impact = next(e for e in events if isinstance(e, ev.Impact))
    assert (impact.distance, impact.damage, impact.push_through) == (3, 3, False)
    assert layout(state)["a8"] == "D d10 7" and layout(state)["a7"] == "L d8 8"
    # Against another die of either side: damage j.
    state = position({"a1": "L d8 8", "a4": "D d10 10", "a5": "D d4 4", **D20S})
    play(state, "a1-a4")
    assert layout(state)["a4"] == "D d10 7" and layout(state)["a3"] == "L d8 8"


def test_K8_shoving_an_own_die() -> None:
    state = position({"a1": "L d8 8", "a4": "L d10 10", **D20S})
    events = play(state, "a1-a4")
    impact = next(e for e in events if isinstance(e, ev.Impact))
    assert impact.damage == 1
    assert layout(state) == {"a4": "L d8 8", "a7": "L d10 9", **D20S}  # pushed with length 3
    # Not legal when the cell beyond is blocked (die or edge).
    state = position({"a1": "L d8 8", "a4": "L d10 10", "a5": "D d4 4", "a6": "L d6 6", "a8": "L d4 4", **D20S})
    assert "a1-a4" not in notations(state)
    with pytest.raises(IllegalAction):
        state.action_from_str("a1-a4")
    state = position({"a6": "L d8 8", "a8": "L d10 10", **D20S})
    assert "a6-a8" not in notations(state)
    # A shoved own die at 1 is destroyed.
    state = position({"a1": "L d8 8", "a2": "L d4 1", **D20S})
    play(state, "a1-a2")
    assert layout(state) == {"a2": "L d8 8", **D20S}
    assert state.to_dict()["removed"]["light"] == ["d4"]


def test_K9_destroyed_die_goes_to_pool_and_mover_takes_cell() -> None:
    state = position({"a1": "L d8 8", "a3": "D d12 3", "a4": "D d4 4", **D20S})
    events = play(state, "a1-a3")  # blocked: damage 2 < 3 -> survives
    assert layout(state)["a3"] == "D d12 1" and layout(state)["a2"] == "L d8 8"
    events = play(state, "e8-d8")
    events = play(state, "a2-a3")  # adjacent, blocked: damage 1 destroys it
    assert events[:3] == [
        ev.Impact("light", "d8", "a2", "a3", "dark", "d12", 1, 1, False),
        ev.Damaged("dark", "d12", "a3", 1, 0, 1),
        ev.Destroyed("dark", "d12", "a3"),
    ]
    assert events[3] == ev.Moved("light", "d8", "a2", "a3")
    assert layout(state)["a3"] == "L d8 8" and state.to_dict()["removed"]["dark"] == ["d12"]


def test_K10_push_length_and_blocked_stop() -> None:
    state = position({"a1": "L d8 8", "a3": "D d20 20", "h1": "L d20 20"})
    events = play(state, "a1-a3")  # j = 2: pushed 2 cells
    assert layout(state) == {"a3": "L d8 8", "a5": "D d20 17", "h1": "L d20 20"}
    assert ev.Pushed("dark", "d20", "a3", "a5", 2) in events
    # Blocked and adjacent: the mover stays where it started.
    state = position({"a1": "L d8 8", "a2": "D d10 10", "a3": "D d4 4", **D20S})
    events = play(state, "a1-a2")
    assert layout(state)["a1"] == "L d8 8" and layout(state)["a2"] == "D d10 9"
    assert not any(isinstance(e, ev.Moved) for e in events)


def test_K11_ricochet_rules() -> None:
    # Struck die destroyed: the pushed die moves into its cell.
    state = position({"a1": "L d12 12", "a4": "D d10 10", "a7": "D d4 2", **D20S})
    events = play(state, "a1-a4")
    assert layout(state) == {"a4": "L d12 12", "a7": "D d10 6", **D20S}
    assert events[-4:-1] == [
        ev.Damaged("dark", "d4", "a7", 2, 0, 3),  # min(step 3, pushed value 6)
        ev.Destroyed("dark", "d4", "a7"),
        ev.Pushed("dark", "d10", "a6", "a7", 3),
    ]
    # A push goes at most its length: j = 2, 3 damage -> 2, pushed b4, b5 and stops though b6 is free.
    state = position({"b1": "L d20 20", "b3": "D d12 5", "b7": "L d10 10", "b8": "D d4 4", "h1": "L d6 6",
                      "e8": "D d20 20"})  # fmt: skip
    play(state, "b1-b3")
    assert layout(state)["b5"] == "D d12 2" and layout(state)["b7"] == "L d10 10"
    # Damage is capped by the pushed die's value; colour does not matter; a struck die with no room stays.
    state = position({"b1": "L d20 20", "b4": "D d12 5", "b7": "L d10 10", "b8": "D d4 4", "h1": "L d6 6",
                      "e8": "D d20 20"})  # fmt: skip
    events = play(state, "b1-b4")  # j = 3, 4 damage -> 1; pushed b5, b6, then hits Light's own d10 at m = 3
    ricochet = next(e for e in events if isinstance(e, ev.Ricochet))
    assert (ricochet.striker, ricochet.struck, ricochet.step, ricochet.damage) == ("b6", "b7", 3, 1)  # min(3, 1)
    assert layout(state)["b6"] == "D d12 1" and layout(state)["b7"] == "L d10 9"  # b8 occupied: b7 not pushed
    # ev.Pushed dice never pin: the shoved Light d6 lands beside Dark's d4 with a Light d8 beyond.
    state = position({"a1": "L d10 10", "a2": "L d6 6", "b3": "D d4 4", "c3": "L d8 8", **D20S})
    events = play(state, "a1-a2")
    assert layout(state)["a3"] == "L d6 5" and layout(state)["b3"] == "D d4 4"
    assert not any(isinstance(e, ev.Pinned) for e in events)


def test_K12_pins_in_order_and_no_self_harm() -> None:
    # Two pins at once, reported N before E before S before W.
    state = position({"c1": "L d8 6", "c4": "D d6 6", "c5": "L d4 4", "b3": "D d4 4", "a3": "L d10 10",
                      "d3": "D d10 10", "e3": "L d12 12", "h1": "L d20 20", "h8": "D d20 20"})  # fmt: skip
    events = play(state, "c1-c3")
    assert [e for e in events if isinstance(e, ev.Pinned)] == [
        ev.Pinned("c3", "c4", "c5", 6), ev.Pinned("c3", "d3", "e3", 6), ev.Pinned("c3", "b3", "a3", 6)]  # fmt: skip
    assert "c4" not in layout(state)  # destroyed (6 - 6)
    assert layout(state)["d3"] == "D d10 4" and "b3" not in layout(state)
    # Moving into the gap between two enemies hurts nobody.
    state = position({"c1": "L d8 6", "b3": "D d4 4", "d3": "D d6 6", **D20S})
    events = play(state, "c1-c3")
    assert layout(state)["c3"] == "L d8 6" and layout(state)["b3"] == "D d4 4" and layout(state)["d3"] == "D d6 6"
    assert events == [ev.Moved("light", "d8", "c1", "c3")]


def test_K12_a_die_rammed_in_place_does_not_pin() -> None:
    # The d8 on c3 and the d12 on e3 already hold the Dark d10 on d3 between them. Ramming c4 is blocked
    # (c5 is taken), so the d8 stays on c3: it did not arrive, and the standing sandwich deals nothing.
    state = position({"h1": "L d20 20", "c3": "L d8 8", "e3": "L d12 12", "h5": "D d20 20", "c4": "D d6 6",
                      "c5": "D d4 4", "d3": "D d10 10"})  # fmt: skip
    first = play(state, "c3-c4")
    play(state, "h5-h6")
    second = play(state, "c3-c4")
    assert second == [
        ev.Impact("light", "d8", "c3", "c4", "dark", "d6", 1, 1, False),
        ev.Damaged("dark", "d6", "c4", 5, 4, 1),
    ]
    assert not any(isinstance(e, ev.Pinned) for e in first)
    assert layout(state)["d3"] == "D d10 10" and layout(state)["c4"] == "D d6 4" and layout(state)["c3"] == "L d8 8"
    # A blocked impact that still moves the die a cell or more does arrive, and pins from where it stops.
    state = position({"h1": "L d20 20", "c2": "L d8 8", "e3": "L d12 12", "h5": "D d20 20", "c4": "D d6 6",
                      "c5": "D d4 4", "d3": "D d10 10"})  # fmt: skip
    events = play(state, "c2-c4")
    assert ev.Pinned("c3", "d3", "e3", 8) in events and layout(state)["d3"] == "D d10 2"


def test_K13_transfer() -> None:
    state = position({"a1": "L d20 20", "a2": "L d6 2", "c3": "L d8 8", "h8": "D d20 20"})
    transfers = sorted(t for t in notations(state) if ">" in t)
    # a1 -> a2: t <= (20 - 2) // 2 = 9 and t <= 6 - 2 = 4; c3 is not adjacent; a2 is the smaller.
    assert transfers == ["a1>a2:1", "a1>a2:2", "a1>a2:3", "a1>a2:4"]
    events = play(state, "a1>a2:3")
    assert layout(state)["a1"] == "L d20 17" and layout(state)["a2"] == "L d6 5"
    assert events == [
        ev.Transferred("light", "a1", "a2", 3),
        ev.ValueChanged("light", "d20", "a1", 20, 17),
        ev.ValueChanged("light", "d6", "a2", 2, 5),
    ]
    assert state.quiet == 1  # a transfer is quiet for K18
    # recipient + t <= donor - t: 5 and 4 allow nothing.
    state = position({"a1": "L d20 5", "a2": "L d6 4", "h8": "D d20 20"})
    assert not any(">" in t for t in notations(state))
    with pytest.raises(IllegalAction):
        state.action_from_str("a1>a2:1")


def test_K14_reentry() -> None:
    state = position({"c3": "L d8 5", "a1": "L d20 1", "h8": "D d20 20", "c4": "D d4 4"},
                     removed={"light": ["d6"], "dark": []})  # fmt: skip
    reentries = sorted(t for t in notations(state) if "@" in t)
    # Donor c3 (5): t <= 5 // 2 = 2 on its empty neighbours d3, c2, b3; the d20 at 1 can pay nothing.
    assert reentries == sorted(f"d6@{c}/c3:{t}" for c in ("d3", "c2", "b3") for t in (1, 2))
    events = play(state, "d6@b3/c3:2")
    assert layout(state)["b3"] == "L d6 2" and layout(state)["c3"] == "L d8 3"
    assert state.to_dict()["removed"]["light"] == [] and state.quiet == 0
    assert events[:2] == [ev.ReEntered("light", "d6", "b3", "c3", 2), ev.ValueChanged("light", "d8", "c3", 5, 3)]
    # The placed die pins (K12).
    state = position({"c3": "L d8 8", "a1": "L d20 20", "h8": "D d20 20", "c5": "D d4 4", "c6": "L d4 4"},
                     removed={"light": ["d6"], "dark": []})  # fmt: skip
    events = play(state, "d6@c4/c3:4")
    assert ev.Pinned("c4", "c5", "c6", 4) in events and "c5" not in layout(state)


def test_K15_lonely_d20_must_reenter() -> None:
    state = position({"d4": "L d20 9", "h8": "D d20 20"}, removed={"light": ["d4", "d6"], "dark": []})
    actions = notations(state)
    assert actions and all("@" in t for t in actions)
    assert "d6@d5/d4:4" in actions and "d4@c4/d4:4" in actions and "d6@d5/d4:5" not in actions
    with pytest.raises(IllegalAction):
        state.action_from_str("d4-d6")
    # At 1 the d20 cannot pay for a re-entry, so it moves.
    state = position({"d4": "L d20 1", "h8": "D d20 20"}, removed={"light": ["d4"], "dark": []})
    assert notations(state) == {"d4-d5", "d4-e4", "d4-d3", "d4-c4"}


def test_K16_win_by_destroying_the_d20() -> None:
    state = position({"a1": "L d8 8", "a3": "D d20 2", "a4": "D d4 4", "h1": "L d20 20"})
    events = play(state, "a1-a3")
    assert ev.Destroyed("dark", "d20", "a3") in events
    assert events[-1] == ev.GameOver((0,), "d20_destroyed") and state.outcome().winner == 0


def test_K16_acting_side_loses_its_own_d20() -> None:
    # The pushed Dark d4 ricochets into Light's own d20 (value 1) and destroys it.
    state = position({"a1": "L d8 8", "a3": "D d4 4", "a5": "L d20 1", "h8": "D d20 20"})
    events = play(state, "a1-a3")
    assert events[-1] == ev.GameOver((1,), "d20_destroyed")
    # Pushing a Dark die next to Light's own d20 blocks it: Light loses.
    state = position({"a1": "L d20 20", "a2": "D d4 4", "f1": "L d6 6", "d1": "D d8 8", "h8": "D d20 20"})
    events = play(state, "f1-d1")  # j = 2, d8 -> 5 pushed 2: c1, b1
    assert layout(state)["b1"] == "D d8 5"
    assert events[-1] == ev.GameOver((1,), "d20_blocked")


def test_K17_no_legal_action_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    # Any die next to an empty cell can move and any die next to an enemy can hit (j = 1 <= value), and
    # 7 dice never fill a board, so a real position always offers an action; the check still ends the game.
    for state in _random_states("standard", 40, seed=5):
        assert rules.has_action(state.position, state.to_move) == bool(state.legal_actions())
    state = position({"c3": "L d8 5", **D20S})
    monkeypatch.setattr(rules, "has_action", lambda p, side: False)
    events = play(state, "c3-c4")
    assert events[-1] == ev.GameOver((0,), "no_legal_action") and state.outcome().winner == 0


def test_K18_draw_after_100_quiet_actions() -> None:
    state = position({"c3": "L d8 5", "f6": "D d8 8", **D20S}, quiet=98)
    play(state, "c3-c4")
    assert not state.is_terminal() and state.quiet == 99
    events = play(state, "f6-f5")
    assert events[-1] == ev.GameOver((0, 1), "draw_100_quiet") and state.outcome().is_draw
    # Damage resets the count.
    state = position({"a1": "L d8 8", "a5": "D d6 6", **D20S}, quiet=99)
    play(state, "a1-a5")
    assert state.quiet == 0 and not state.is_terminal()


def test_K18_draw_by_threefold_repetition() -> None:
    state = position({"c3": "L d8 5", "f6": "D d8 8", **D20S})
    cycle = ["c3-c4", "f6-f5", "c4-c3", "f5-f6"]
    for text in cycle:
        play(state, text)
    assert not state.is_terminal()  # the start position has now been seen twice
    for text in cycle[:3]:
        play(state, text)
    events = play(state, cycle[3])
    assert events[-1] == ev.GameOver((0, 1), "draw_repetition")
    # Damage clears the table: positions before it can never recur.
    state = position({"c3": "L d8 5", "f6": "D d8 8", "c8": "D d4 4", **D20S})
    play(state, "c3-c4")
    play(state, "f6-f5")
    assert len(state.seen) == 3
    play(state, "c4-c8")
    assert list(state.seen.values()) == [1] and state.quiet == 0


def test_K18_game_length_bound() -> None:
    """Phi = 2 * total on board + pool size never rises and drops at each damage, removal or re-entry."""
    game_ = game()
    rng = random.Random(3)

    def phi(s: KubtaflState) -> int:
        return 2 * (s.total(0) + s.total(1)) + len(s.removed(0)) + len(s.removed(1))

    for _ in range(30):
        state = game_.initial_state()
        length = 0
        while not state.is_terminal():
            before = phi(state)
            state.apply(rng.choice(state.legal_actions()))
            length += 1
            after = phi(state)
            assert after <= before
            assert (after < before) == (state.quiet == 0)
        assert length <= game_.max_length == 100 * (2 * 140 + 14 + 1)


# ----- notation, position data, API ---------------------------------------------------------------------


def _random_states(level: str, count: int, seed: int) -> list[KubtaflState]:
    """`count` non-terminal positions from random games, taken at random depths."""
    game_ = game(level)
    rng = random.Random(seed)
    out: list[KubtaflState] = []
    while len(out) < count:
        state = game_.initial_state()
        depth = rng.randrange(0, 300)
        for _ in range(depth):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


def test_notation_round_trip_in_200_random_positions() -> None:
    states = (
        _random_states("standard", 150, seed=1) + _random_states("wide10", 25, 2) + _random_states("skirmish", 25, 3)
    )
    shapes = set()
    for state in states:
        for action in state.legal_actions():
            text = state.action_to_str(action)
            assert state.action_from_str(text) == action
            shapes.add(type(action))
    assert shapes == {Move, Transfer, ReEntry}  # moves, transfers and re-entries all covered


def test_notation_examples_and_bad_text() -> None:
    state = position({"a1": "L d20 20", "b1": "L d10 4", "a3": "L d6 4", "h8": "D d20 20"},
                     removed={"light": ["d8"], "dark": []})  # fmt: skip
    assert state.action_to_str(state.action_from_str("a1>b1:3")) == "a1>b1:3"
    assert state.action_to_str(state.action_from_str("d8@b3/a3:2")) == "d8@b3/a3:2"
    for bad in ("", "a1", "a1-", "z1-a1", "a1>b1:0", "a1>b1:x", "d7@b3/a3:2", "d8@b3/a3:3", "a1-a1", "A1-A2"):
        with pytest.raises(IllegalAction):
            state.action_from_str(bad)
    with pytest.raises(IllegalAction):
        state.apply((0, 1, 2, 3, 4))
    with pytest.raises(IllegalAction):
        state.apply("a1-a2")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["dice"][0].update(kind="d7"), r"dice\[0\]\.kind: unknown kind"),
        (lambda d: d["dice"][0].update(value=21), r"dice\[0\]\.value: 21 is outside 1…4 for a d4"),
        (lambda d: d["dice"][1].update(cell="c1"), r"dice\[1\]\.cell: two dice on c1"),
        (lambda d: d["dice"][1].update(cell="i1"), r"dice\[1\]\.cell: 'i1' is off the 8×8 board"),
        (lambda d: d["dice"][1].update(cell="x"), r"dice\[1\]\.cell: 'x' is not a cell name"),
        (lambda d: d["dice"][1].update(kind="d4", value=4), r"dice\[1\]\.kind: light has more than one d4"),
        (lambda d: d.update(to_move="white"), r"to_move: must be 'light' or 'dark'"),
        (lambda d: d.pop("to_move"), r"to_move: missing"),
        (lambda d: d.pop("dice"), r"dice: missing"),
        (lambda d: d.update(colour=1), r"colour: unknown field"),
        (lambda d: d.update(game="chess"), r"game: expected 'kubtafl'"),
        (lambda d: d.update(width=10), r"width/height"),
        (lambda d: d["removed"].update(light=["d8"]), r"removed\.light\[0\]: light d8 is also on the board"),
        (lambda d: d["removed"].update(light=["d9"]), r"removed\.light\[0\]: unknown kind"),
        (lambda d: d["dice"].pop(6), r"dice: light has no d20"),
        (lambda d: d.update(quiet=-1), r"quiet"),
        (lambda d: d.update(seen=[[1, 2]]), r"seen\[0\]"),
        (lambda d: d.update(outcome={"winners": [5], "reason": "d20_blocked"}), r"outcome\.winners"),
        (lambda d: d["dice"][0].pop("value"), r"dice\[0\]\.value: missing"),
        (lambda d: d["dice"][0].update(value="20"), r"dice\[0\]\.value: expected a whole number"),
    ],
)
def test_bad_position_data_names_the_field(change, field: str) -> None:
    data = game().initial_state().to_dict()
    change(data)
    with pytest.raises(ValueError, match=field):
        game().state_from_dict(data)


def test_bad_level_file_is_refused(tmp_path) -> None:
    path = tmp_path / "broken.json"
    data = json.loads((registry.level_path("kubtafl", "standard")).read_text(encoding="utf-8"))
    data["dice"][3]["value"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json: dice\[3\]\.value"):
        registry.load("kubtafl", str(path))


def test_levels_load_and_differ() -> None:
    assert registry.levels("kubtafl")[0] == "standard"
    assert {"standard", "wide10", "skirmish"} <= set(registry.levels("kubtafl"))
    wide = game("wide10").initial_state()
    assert (wide.width, wide.height) == (10, 10) and layout(wide)["j10"] == "D d20 20"
    skirmish = game("skirmish").initial_state()
    assert layout(skirmish)["a1"] == "L d20 10" and layout(skirmish)["c1"] == "L d4 2"


def test_to_dict_round_trips_with_counters() -> None:
    for state in _random_states("standard", 30, seed=9):
        data = json.loads(json.dumps(state.to_dict()))
        restored = state.game.state_from_dict(data)
        assert restored.to_dict() == data
        assert restored.key() == state.key() and restored.seen == state.seen and restored.quiet == state.quiet
    # A finished game keeps its result.
    state = position({"h8": "D d20 20", "g8": "L d4 4", "h3": "L d6 6", "a1": "L d20 20"})
    play(state, "h3-h7")
    restored = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.outcome() == state.outcome() and restored.legal_actions() == []


def test_preview_leaves_state_unchanged_and_matches_apply() -> None:
    state = position({"a1": "L d12 12", "a4": "D d10 10", "a7": "D d6 6", **D20S})
    before = state.to_dict()
    action = state.action_from_str("a1-a4")
    preview = state.preview(action)
    assert state.to_dict() == before
    assert preview == state.apply(action)


def test_key_clone_and_accessors() -> None:
    state = game().initial_state()
    copy = state.clone()
    assert copy.key() == state.key() and copy is not state
    play(copy, "c1-d1")
    assert copy.key() != state.key() and state.to_dict() == game().initial_state().to_dict()
    # Same dice, other side to move: other key.
    other = game().state_from_dict({**state.to_dict(), "to_move": "dark", "seen": []})
    assert other.key() != state.key()
    light = state.dice(0)
    assert len(light) == 7 and {d.kind for d in light} == set(range(7))
    d20 = next(d for d in light if d.kind == 6)
    assert (d20.value, state.cell_name(d20.cell), state.die_at(d20.cell)) == (20, "a1", d20)
    assert state.removed(0) == [] and state.total(1) == 70
    assert state.game.name == "kubtafl" and state.game.num_players == 2


def test_events_are_json_safe_and_end_with_game_over() -> None:
    rng = random.Random(4)
    state = game("skirmish").initial_state()
    events = []
    while not state.is_terminal():
        events = state.apply(rng.choice(state.legal_actions()))
        json.dumps([e.to_dict() for e in events])
    assert isinstance(events[-1], ev.GameOver) and sum(isinstance(e, ev.GameOver) for e in events) == 1
