"""An independent, deliberately plain reading of the Kubtafl rules, checked against the engine.

The reference works on {(x, y): [side, kind, value]} maps and notation strings, straight from the rules
text; the engine's legal actions and results must agree with it on positions from random games.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.kubtafl import Move, ReEntry, Transfer, make_game

FACES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}
STEPS = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # N, E, S, W


def name(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


class Ref:
    """A position: width, height, dice map, removed pools, side to move."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.w, self.h = data["width"], data["height"]
        self.dice: dict[tuple[int, int], list] = {}
        for d in data["dice"]:
            xy = (ord(d["cell"][0]) - 97, int(d["cell"][1:]) - 1)
            self.dice[xy] = [d["side"], d["kind"], d["value"]]
        self.removed = {s: list(k) for s, k in data["removed"].items()}
        self.to_move = data["to_move"]

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h

    def free(self, x: int, y: int) -> bool:
        return self.on(x, y) and (x, y) not in self.dice

    def to_data(self) -> dict[str, Any]:
        dice = [{"cell": name(*xy), "side": d[0], "kind": d[1], "value": d[2]} for xy, d in self.dice.items()]
        return {"width": self.w, "height": self.h, "dice": dice, "removed": self.removed, "to_move": self.to_move}

    def layout(self) -> dict[str, str]:
        return {name(*xy): f"{d[0][0].upper()} {d[1]} {d[2]}" for xy, d in self.dice.items()}

    # --- legal actions (K5–K8, K13–K15) ---
    def legal(self) -> set[str]:
        me = self.to_move
        moves, transfers, reentries = set(), set(), set()
        for (x, y), (side, _kind, v) in list(self.dice.items()):
            if side != me:
                continue
            for dx, dy in STEPS:
                for k in range(1, v + 1):
                    cx, cy = x + dx * k, y + dy * k
                    if not self.on(cx, cy):
                        break
                    if (cx, cy) not in self.dice:
                        moves.add(f"{name(x, y)}-{name(cx, cy)}")
                        continue
                    target_side = self.dice[(cx, cy)][0]
                    if target_side != me or self.free(cx + dx, cy + dy):
                        moves.add(f"{name(x, y)}-{name(cx, cy)}")
                    break
            for dx, dy in STEPS:
                other = self.dice.get((x + dx, y + dy))
                if other and other[0] == me and v > other[2]:
                    for t in range(1, 30):
                        if other[2] + t <= v - t and other[2] + t <= FACES[other[1]]:
                            transfers.add(f"{name(x, y)}>{name(x + dx, y + dy)}:{t}")
            for kind in self.removed[me]:
                for dx, dy in STEPS:
                    if self.free(x + dx, y + dy):
                        for t in range(1, FACES[kind] + 1):
                            if t <= v - t:
                                reentries.add(f"{kind}@{name(x + dx, y + dy)}/{name(x, y)}:{t}")
        mine = [d for d in self.dice.values() if d[0] == me]
        if len(mine) == 1 and mine[0][1] == "d20" and reentries:
            return reentries
        return moves | transfers | reentries

    # --- resolution (K6–K12, K14, K16) ---
    def hurt(self, xy: tuple[int, int], amount: int) -> bool:
        die = self.dice[xy]
        die[2] -= amount
        if die[2] <= 0:
            del self.dice[xy]
            self.removed[die[0]].append(die[1])
            return True
        return False

    def push(self, xy: tuple[int, int], step: tuple[int, int], length: int) -> None:
        dx, dy = step
        x, y = xy
        for m in range(1, length + 1):
            nxt = (x + dx, y + dy)
            if not self.on(*nxt):
                return
            if nxt in self.dice:
                struck_dead = self.hurt(nxt, min(m, self.dice[(x, y)][2]))
                if struck_dead:
                    self.dice[nxt] = self.dice.pop((x, y))
                elif self.free(nxt[0] + dx, nxt[1] + dy):
                    self.push(nxt, step, m)
                return
            self.dice[nxt] = self.dice.pop((x, y))
            x, y = nxt

    def play(self, text: str) -> None:
        me = self.to_move
        if "@" in text:
            kind, rest = text.split("@")
            cell, rest = rest.split("/")
            donor, t = rest.split(":")
            cxy = (ord(cell[0]) - 97, int(cell[1:]) - 1)
            dxy = (ord(donor[0]) - 97, int(donor[1:]) - 1)
            self.removed[me].remove(kind)
            self.dice[cxy] = [me, kind, int(t)]
            self.dice[dxy][2] -= int(t)
            self.pin(cxy)
        elif ">" in text:
            donor, rest = text.split(">")
            rec, t = rest.split(":")
            dxy = (ord(donor[0]) - 97, int(donor[1:]) - 1)
            rxy = (ord(rec[0]) - 97, int(rec[1:]) - 1)
            self.dice[dxy][2] -= int(t)
            self.dice[rxy][2] += int(t)
        else:
            a, b = text.split("-")
            axy = (ord(a[0]) - 97, int(a[1:]) - 1)
            bxy = (ord(b[0]) - 97, int(b[1:]) - 1)
            dist = abs(bxy[0] - axy[0]) + abs(bxy[1] - axy[1])
            step = ((bxy[0] - axy[0]) // dist, (bxy[1] - axy[1]) // dist)
            mover = self.dice.pop(axy)
            final = bxy
            if bxy in self.dice:
                target = self.dice[bxy]
                beyond_free = self.free(bxy[0] + step[0], bxy[1] + step[1])
                if target[0] == me:
                    damage = 1
                else:
                    damage = dist + 1 if beyond_free else dist
                if not self.hurt(bxy, damage):
                    if beyond_free:
                        self.push(bxy, step, dist)
                    else:
                        final = (bxy[0] - step[0], bxy[1] - step[1])
            self.dice[final] = mover
            if final != axy:  # K12: only a die that arrived pins
                self.pin(final)
        self.to_move = "dark" if me == "light" else "light"

    def pin(self, xy: tuple[int, int]) -> None:
        me, _, value = self.dice[xy]
        for dx, dy in STEPS:
            e = (xy[0] + dx, xy[1] + dy)
            p = (xy[0] + 2 * dx, xy[1] + 2 * dy)
            if e in self.dice and self.dice[e][0] != me and p in self.dice and self.dice[p][0] == me:
                self.hurt(e, value)

    def d20_status(self, side: str) -> str | None:
        cells = [xy for xy, d in self.dice.items() if d[0] == side and d[1] == "d20"]
        if not cells:
            return "d20_destroyed"
        x, y = cells[0]
        other = "dark" if side == "light" else "light"
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if self.on(*n) and (n not in self.dice or self.dice[n][0] != other):
                return None
        return "d20_blocked"

    def decisive(self, actor: str) -> tuple[str, str] | None:
        """K16 after `actor` acted: (winner, reason) or None."""
        other = "dark" if actor == "light" else "light"
        lost = self.d20_status(other)
        if lost:
            return actor, lost
        own = self.d20_status(actor)
        if own:
            return other, own
        return None


def sample_states(level: str, games: int, seed: int) -> list:
    """States met along random games of a level (non-terminal)."""
    game = registry.load("kubtafl", level)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.initial_state()
        while not state.is_terminal():
            if rng.random() < 0.08:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("level", ["standard", "wide10", "skirmish"])
def test_K5_K15_legal_actions_match_reference(level: str) -> None:
    states = sample_states(level, 12, seed=7)
    assert len(states) > 50
    for state in states:
        engine = {state.action_to_str(a) for a in state.legal_actions()}
        assert engine == Ref(state.to_dict()).legal(), state.to_dict()


@pytest.mark.parametrize("level", ["standard", "skirmish"])
def test_K6_K16_results_match_reference(level: str) -> None:
    """Every legal action of sampled states leaves the same dice, pools and K16 result as the reference."""
    kinds_seen = set()
    for state in sample_states(level, 6, seed=11):
        actor = ("light", "dark")[state.to_move]
        for action in state.legal_actions():
            text = state.action_to_str(action)
            ref = Ref(state.to_dict())
            ref.play(text)
            after = state.clone()
            events = after.apply(action)
            kinds_seen.update(e.kind for e in events)
            data = after.to_dict()
            assert Ref(data).layout() == ref.layout(), text
            assert {s: sorted(k) for s, k in data["removed"].items()} == {s: sorted(k) for s, k in ref.removed.items()}
            decisive = ref.decisive(actor)
            if decisive:
                assert after.outcome() is not None, text
                assert after.outcome().winners == ((0,) if decisive[0] == "light" else (1,))
                assert after.outcome().reason == decisive[1]
            elif after.outcome() is not None:
                assert after.outcome().reason in ("draw_100_quiet", "draw_repetition", "no_legal_action")
    # The sample exercised the whole chain of events.
    assert {"Moved", "Impact", "Pushed", "Ricochet", "Damaged", "Destroyed", "Pinned"} <= kinds_seen
    assert {"Transferred", "ReEntered", "ValueChanged", "GameOver"} <= kinds_seen


PERFT = Path(__file__).parent / "data" / "kubtafl_perft.json"


def engine_perft(state, depth: int) -> int:
    """Legal-action count at `depth` (a terminal node below the root counts 0)."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += engine_perft(child, depth - 1)
    return total


def reference_perft(data: dict[str, Any], depth: int) -> int:
    """The same count from the reference reading of the rules."""
    if depth == 0:
        return 1
    ref = Ref(data)
    total = 0
    for text in sorted(ref.legal()):
        child = copy.deepcopy(ref)
        child.play(text)
        if child.decisive(ref.to_move) is None:
            total += reference_perft(child.to_data(), depth - 1)
    return total


@pytest.mark.parametrize("entry", json.loads(PERFT.read_text(encoding="utf-8"))["positions"], ids=lambda e: e["name"])
def test_perft_table(entry: dict[str, Any]) -> None:
    state = registry.load("kubtafl", entry["level"]).state_from_dict(entry["position"])
    assert engine_perft(state, 1) == entry["depth1"]
    assert engine_perft(state, 2) == entry["depth2"]
    assert reference_perft(entry["position"], 1) == entry["depth1"]
    assert reference_perft(entry["position"], 2) == entry["depth2"]


def test_perft_table_covers_every_action_kind() -> None:
    entries = json.loads(PERFT.read_text(encoding="utf-8"))["positions"]
    assert len(entries) >= 4 and entries[0]["name"] == "start"
    shapes = set()
    for entry in entries:
        state = registry.load("kubtafl", entry["level"]).state_from_dict(entry["position"])
        shapes |= {type(a) for a in state.legal_actions()}
    assert shapes == {Move, Transfer, ReEntry}


KIND_NAMES = list(FACES)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Arbitrary valid positions on boards from 3×3 to 8×8, dice packed on a few lines for long chains."""
    width = draw(st.integers(3, 8))
    height = draw(st.integers(3, 8))
    cells = [(x, y) for x in range(width) for y in range(height)]
    # Favour a few files and ranks so pushes run into dice and ricochets chain.
    lines = draw(st.sets(st.integers(0, max(width, height) - 1), min_size=1, max_size=3))
    favoured = [c for c in cells if c[0] in lines or c[1] in lines]
    order = draw(st.permutations(favoured)) + draw(st.permutations([c for c in cells if c not in favoured]))
    dice, removed = [], {"light": [], "dark": []}
    free = iter(order)
    for side, kind in [("light", "d20"), ("dark", "d20")] + [
        (s, k) for s in ("light", "dark") for k in KIND_NAMES[:-1]
    ]:
        where = "board" if kind == "d20" else draw(st.sampled_from(["board", "board", "pool", "absent"]))
        if where == "pool":
            removed[side].append(kind)
        elif where == "board":
            cell = next(free, None)
            if cell is None:
                continue
            value = draw(st.integers(1, FACES[kind]))
            dice.append({"side": side, "kind": kind, "cell": name(*cell), "value": value})
    to_move = draw(st.sampled_from(["light", "dark"]))
    return {"width": width, "height": height, "to_move": to_move, "dice": dice, "removed": removed}


@settings(max_examples=200)
@given(positions())
def test_K5_K16_arbitrary_positions_match_reference(data: dict[str, Any]) -> None:
    """Legal actions and every action's result agree with the reference on arbitrary positions."""
    game = make_game("generated", {"game": "kubtafl", **data})
    state = game.initial_state()
    if state.is_terminal():  # only K17 can end a position as it loads, and no real position allows it
        pytest.fail(f"a loaded position ended at once: {state.outcome()}")
    legal = {state.action_to_str(a) for a in state.legal_actions()}
    assert legal == Ref(data).legal()
    actor = data["to_move"]
    for action in state.legal_actions():
        text = state.action_to_str(action)
        ref = Ref(data)
        ref.play(text)
        after = state.clone()
        after.apply(action)
        assert Ref(after.to_dict()).layout() == ref.layout(), text
        decisive = ref.decisive(actor)
        outcome = after.outcome()
        if decisive:
            assert outcome is not None and outcome.reason == decisive[1], text
            assert outcome.winners == ((0,) if decisive[0] == "light" else (1,))
        else:
            assert outcome is None or outcome.reason not in ("d20_destroyed", "d20_blocked"), text
