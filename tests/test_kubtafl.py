"""Kubtafl rules K1–K18: one test per rule id, the worked examples, notation and position data."""

from __future__ import annotations

from typing import Any

from game.engine import registry
from game.engine.kubtafl import KubtaflState


def game():
    return registry.load("kubtafl")


def position(dice: dict[str, str], to_move: str = "light", removed: dict | None = None, **extra: Any) -> KubtaflState:
    """A state from a compact map: {'a1': 'L d8 8', 'a5': 'D d6 6'}; d20s must be given."""
    entries = []
    for cell, spec in dice.items():
        side, kind, value = spec.split()
        entries.append({"side": {"L": "light", "D": "dark"}[side], "kind": kind, "cell": cell, "value": int(value)})
    data = {"game": "kubtafl", "to_move": to_move, "dice": entries, "removed": removed or {"light": [], "dark": []}}
    data.update(extra)
    return game().state_from_dict(data)


def layout(state: KubtaflState) -> dict[str, str]:
    """The inverse of the `position` map: every die on the board."""
    return {d["cell"]: f"{d['side'][0].upper()} {d['kind']} {d['value']}" for d in state.to_dict()["dice"]}


def play(state: KubtaflState, text: str) -> list:
    return state.apply(state.action_from_str(text))


def test_K3_setup_and_start_count() -> None:
    state = game().initial_state()
    assert layout(state) == {
        "a1": "L d20 20", "b1": "L d10 10", "c1": "L d4 4", "c2": "L d8 8", "a2": "L d% 10", "a3": "L d6 6",
        "b2": "L d12 12", "h8": "D d20 20", "g8": "D d10 10", "f8": "D d4 4", "f7": "D d8 8", "h7": "D d% 10",
        "h6": "D d6 6", "g7": "D d12 12",
    }
    # Hand count: b1 2 shoves, c1 1 shove + 4 east, c2 6 N + 5 E, a2 1 shove, a3 5 N + 6 E, b2 6 N + 1 shove.
    assert len(state.legal_actions()) == 37
    assert state.current_player() == 0 and state.game.seat_name(0) == "light"


def test_worked_example_1_push_through_to_edge() -> None:
    state = position({"a1": "L d8 8", "a5": "D d6 6", "h1": "L d20 20", "e8": "D d20 20"})
    play(state, "a1-a5")
    assert layout(state) == {"a5": "L d8 8", "a8": "D d6 1", "h1": "L d20 20", "e8": "D d20 20"}
