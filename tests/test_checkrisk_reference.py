"""An independent, deliberately plain reading of the CheckRisk rules, checked against the engine.

The reference below knows nothing of the engine's modules: it works on {"c2": [owner, count]} maps read from the
position JSON (`to_dict`) and on notation strings, straight from rules/checkrisk.md. On positions from random games
(2, 3 and 4 players, a short turn limit to reach C15) and on hand-made ones, the engine's legal actions, chance
outcomes and the position after every applied step must agree with it.

Where the rules leave room, the reference follows the engine's documented decisions (package docstring): a round
is rolled conditioned on at least one hit; `continue` against a defender that cannot retreat goes straight to the
next round; a supply too small for every group serves larger groups first (ties: the group with the lowest cell,
rank by rank from a1); the last two seats falling together share a draw.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from pathlib import Path
from typing import Any

import pytest

from game.engine import CHANCE, registry
from game.engine.checkrisk import Attack, Continue, Preset, battle_odds, make_game
from game.engine.driver import sample_chance

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "checkrisk"


def level_json(name: str) -> dict[str, Any]:
    return json.loads((LEVELS / f"{name}.json").read_text(encoding="utf-8"))


def cell_name(f: int, r: int) -> str:
    return f"{chr(97 + f)}{r + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    return ord(name[0]) - 97, int(name[1:]) - 1


def box_cells(spec: str) -> set[str]:
    (f0, r0), (f1, r1) = (parse_cell(p) for p in spec.split(":"))
    return {cell_name(f, r) for f in range(min(f0, f1), max(f0, f1) + 1) for r in range(min(r0, r1), max(r0, r1) + 1)}


def norm(text: str) -> str:
    """Retreat parts may come in any order: sort them."""
    if text.startswith("retreat "):
        return "retreat " + ",".join(sorted(text[len("retreat ") :].split(",")))
    return text


class Ref:
    """A CheckRisk position read from the rules' position JSON, with the rules applied plainly."""

    def __init__(self, data: dict[str, Any], level: dict[str, Any]) -> None:
        self.w, self.h = data["width"], data["height"]
        self.players = data["players"]
        self.stacks: dict[str, list[int]] = {s["cell"]: [s["owner"], s["count"]] for s in data["stacks"]}
        self.supply = list(data["supply"])
        self.removed = list(data["removed"])
        self.out = list(data["out"])
        self.to_deploy = list(data["to_deploy"])
        self.seat, self.round, self.actions_left, self.phase = (
            data["seat"],
            data["round"],
            data["actions_left"],
            data["phase"],
        )
        b = data["battle"]
        self.battle = None if b is None else {k: b[k] for k in ("origin", "target", "attackers", "pending")}
        self.reinf = [[set(g["cells"]), g["count"]] for g in data["reinforcements"] if g["count"]]
        self.winners = None if data["outcome"] is None else sorted(data["outcome"]["winners"])
        self.turn_limit = level.get("turn_limit", 60)
        self.actions = level.get("actions", 3)
        self.zones = [(box_cells(z["box"]), z.get("max_cells", len(box_cells(z["box"])))) for z in level["zones"]]

    # ---------------------------------------------------------------- geometry
    def cells(self) -> list[str]:
        return [cell_name(f, r) for r in range(self.h) for f in range(self.w)]

    def nbrs(self, c: str) -> list[str]:
        f, r = parse_cell(c)
        return [
            cell_name(f + df, r + dr)
            for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= f + df < self.w and 0 <= r + dr < self.h
        ]

    def on_edge(self, c: str) -> bool:
        f, r = parse_cell(c)
        return f in (0, self.w - 1) or r in (0, self.h - 1)

    def owner(self, c: str) -> int | None:
        return self.stacks[c][0] if c in self.stacks else None

    def size(self, c: str) -> int:
        return self.stacks[c][1] if c in self.stacks else 0

    def tokens(self, seat: int) -> int:
        n = sum(cnt for o, cnt in self.stacks.values() if o == seat)
        if self.battle and seat == self.seat:
            n += self.battle["attackers"]
        return n

    def add(self, c: str, seat: int, n: int) -> None:
        assert c not in self.stacks or self.stacks[c][0] == seat
        self.stacks.setdefault(c, [seat, 0])[1] += n
        assert self.stacks[c][1] <= 6

    def take(self, c: str, n: int) -> None:
        self.stacks[c][1] -= n
        if not self.stacks[c][1]:
            del self.stacks[c]

    # ---------------------------------------------------------------- C4/C5 deployment
    def deploy_fits(self, counts: dict[str, int], left: int) -> bool:
        """Can `left` more tokens still go into the zone, ≤ 6 a cell, on at most max_cells cells?"""
        zone, max_cells = self.zones[self.seat]
        used = [c for c in zone if counts.get(c)]
        room = sum(6 - counts[c] for c in used)
        new_cells = min(max_cells - len(used), len(zone) - len(used))
        return left <= room + 6 * new_cells

    def deploy_legal(self) -> set[str]:
        zone, _ = self.zones[self.seat]
        left = self.to_deploy[self.seat]
        mine = {c: self.size(c) for c in zone if self.owner(c) == self.seat}
        out = set()
        for c in zone:
            for k in range(1, 7):
                if k > left or mine.get(c, 0) + k > 6:
                    continue
                after = dict(mine)
                after[c] = after.get(c, 0) + k
                _, max_cells = self.zones[self.seat]
                if sum(1 for v in after.values() if v) <= max_cells and self.deploy_fits(after, left - k):
                    out.add(f"deploy {c}:{k}")
        return out

    # ---------------------------------------------------------------- C7 reinforcements
    def groups(self, seat: int) -> list[set[str]]:
        mine = {c for c, (o, _) in self.stacks.items() if o == seat}
        out = []
        while mine:
            group, todo = set(), [mine.pop()]
            while todo:
                c = todo.pop()
                group.add(c)
                for n in self.nbrs(c):
                    if n in mine:
                        mine.remove(n)
                        todo.append(n)
            out.append(group)
        return out

    def start_turn(self) -> None:
        self.actions_left = self.actions
        self.reinf = []
        if self.round > 1:
            order = self.cells()
            groups = sorted(self.groups(self.seat), key=lambda g: (-len(g), min(order.index(c) for c in g)))
            supply = self.supply[self.seat]
            for g in groups:
                if not any(self.on_edge(c) for c in g):
                    continue
                room = sum(6 - self.size(c) for c in g)
                give = min(len(g) // 4, room, supply)
                if give > 0:
                    self.reinf.append([g, give])
                    supply -= give
        self.phase = "reinforce" if self.reinf else "act"

    # ---------------------------------------------------------------- C14/C15 and the turn order
    def end_turn(self) -> None:
        nxt = self.seat
        for step in range(1, self.players + 1):
            nxt = (self.seat + step) % self.players
            if not self.out[nxt]:
                break
        if nxt <= self.seat:  # every seat still in has had its turn this round
            self.round += 1
            if self.round > self.turn_limit:
                self.round = self.turn_limit
                alive = [s for s in range(self.players) if not self.out[s]]
                cells = {s: sum(1 for o, _ in self.stacks.values() if o == s) for s in alive}
                best = [s for s in alive if cells[s] == max(cells.values())]
                toks = {s: self.tokens(s) for s in best}
                self.game_over([s for s in best if toks[s] == max(toks.values())])
                return
        self.seat = nxt
        self.start_turn()

    def game_over(self, winners: list[int]) -> None:
        self.winners = sorted(winners)
        self.phase, self.battle, self.reinf, self.actions_left = "over", None, [], 0

    def after_action(self) -> None:
        """A battle or move is done: the turn goes on while actions are left and the seat is still in."""
        self.phase = "act"
        self.battle = None
        if self.actions_left == 0 or self.out[self.seat]:
            self.end_turn()

    # ---------------------------------------------------------------- legal actions
    def retreat_rooms(self) -> dict[str, int]:
        b = self.battle
        me = self.owner(b["target"])
        rooms = {}
        for n in self.nbrs(b["target"]):
            if n == b["origin"]:
                continue  # never the attacker's origin, even when it stands empty
            if n not in self.stacks:
                rooms[n] = 6
            elif self.owner(n) == me and self.size(n) < 6:
                rooms[n] = 6 - self.size(n)
        return rooms

    def retreats(self) -> set[str]:
        b = self.battle
        rooms = self.retreat_rooms()
        d = self.size(b["target"])
        out = set()
        cells = sorted(rooms)
        for split in product(*[range(rooms[c] + 1) for c in cells]):
            if sum(split) == d:
                parts = [f"{b['target']}-{c}:{n}" for c, n in zip(cells, split, strict=True) if n]
                out.add(norm("retreat " + ",".join(parts)))
        return out

    def legal(self) -> set[str]:
        if self.phase == "over":
            return set()
        if self.phase == "deploy":
            return self.deploy_legal()
        if self.phase == "reinforce":
            return {f"+{c}" for g, left in self.reinf if left for c in g if self.size(c) < 6}
        if self.phase == "battle":
            b = self.battle
            if b["pending"] == "attacker":
                return {"continue", "withdraw"}
            if b["pending"] == "defender":
                return {"stand"} | self.retreats()
            if b["pending"] == "occupy":
                return {f"occupy:{k}" for k in range(self.size(b["origin"]) + 1)}
            return set()
        out = {"end"}
        for c, (o, n) in self.stacks.items():
            if o != self.seat:
                continue
            for t in self.nbrs(c):
                for k in range(1, n + 1):
                    if t not in self.stacks or (self.owner(t) == self.seat and self.size(t) + k <= 6):
                        out.add(f"{c}-{t}:{k}")
                    elif self.owner(t) != self.seat:
                        out.add(f"{c}x{t}:{k}")
        return out

    def whose_decision(self) -> int | str:
        if self.phase == "over":
            return "terminal"
        if self.phase == "battle" and self.battle["pending"] == "roll":
            return "chance"
        if self.phase == "battle" and self.battle["pending"] == "defender":
            return self.owner(self.battle["target"])  # C13
        return self.seat

    def roll_odds(self) -> dict[str, Fraction]:
        """C11: hits are Binomial(n, 1/2) per side; a round with no hit at all is not rolled."""
        a, d = self.battle["attackers"], self.size(self.battle["target"])
        total = 2 ** (a + d) - 1
        return {
            f"roll a:{ha} d:{hd}": Fraction(comb(a, ha) * comb(d, hd), total)
            for ha in range(a + 1)
            for hd in range(d + 1)
            if ha or hd
        }

    # ---------------------------------------------------------------- applying
    def apply(self, text: str) -> None:
        b = self.battle
        if text.startswith("deploy "):
            c, k = text[7:].split(":")
            self.add(c, self.seat, int(k))
            self.supply[self.seat] -= int(k)
            self.to_deploy[self.seat] -= int(k)
            if not self.to_deploy[self.seat]:
                later = [s for s in range(self.seat + 1, self.players) if self.to_deploy[s]]
                if later:
                    self.seat = later[0]
                else:
                    self.round, self.seat = 1, self.out.index(False)
                    self.start_turn()
        elif text.startswith("+"):
            c = text[1:]
            self.add(c, self.seat, 1)
            self.supply[self.seat] -= 1
            group = next(g for g in self.reinf if c in g[0] and g[1])
            group[1] -= 1
            self.reinf = [g for g in self.reinf if g[1]]
            if not self.reinf:
                self.phase = "act"
        elif text == "end":
            self.end_turn()
        elif "-" in text and not text.startswith("retreat"):
            c, rest = text.split("-")
            t, k = rest.split(":")
            self.take(c, int(k))
            self.add(t, self.seat, int(k))
            self.actions_left -= 1
            self.after_action()
        elif "x" in text:
            c, rest = text.split("x")
            t, k = rest.split(":")
            self.take(c, int(k))
            self.actions_left -= 1  # the whole battle is one action (C10)
            self.phase = "battle"
            self.battle = {"origin": c, "target": t, "attackers": int(k), "pending": "roll"}
        elif text.startswith("roll "):
            ha, hd = (int(p.split(":")[1]) for p in text[5:].split())
            self.round_result(ha, hd)
        elif text == "withdraw":
            self.add(b["origin"], self.seat, b["attackers"])
            b["attackers"] = 0
            self.after_action()
        elif text == "continue":
            # C12.4: a defender that cannot move its whole stack anywhere must stand.
            fits = sum(self.retreat_rooms().values()) >= self.size(b["target"])
            b["pending"] = "defender" if fits else "roll"
        elif text == "stand":
            b["pending"] = "roll"
        elif text.startswith("retreat "):
            defender = self.owner(b["target"])
            del self.stacks[b["target"]]
            for part in text[8:].split(","):
                t, k = part.split("-")[1].split(":")
                self.add(t, defender, int(k))
            self.add(b["origin"], self.seat, b["attackers"])  # survivors return, then may occupy
            b["attackers"] = 0
            b["pending"] = "occupy"
        elif text.startswith("occupy:"):
            k = int(text[7:])
            if k:
                self.take(b["origin"], k)
                self.add(b["target"], self.seat, k)
            self.after_action()
        else:
            raise AssertionError(f"reference cannot read {text!r}")

    def round_result(self, ha: int, hd: int) -> None:
        b = self.battle
        attacker, defender = self.seat, self.owner(b["target"])
        a, d = b["attackers"], self.size(b["target"])
        lost_a, lost_d = min(hd, a), min(ha, d)  # losses are simultaneous; removed tokens leave the game
        self.removed[attacker] += lost_a
        self.removed[defender] += lost_d
        b["attackers"] = a - lost_a
        self.take(b["target"], lost_d) if lost_d else None
        a, d = a - lost_a, d - lost_d
        if a and d:
            b["pending"] = "attacker"
            return
        if a:
            self.add(b["origin"], attacker, a)  # survivors go back to the origin first (C12.1)
            b["attackers"] = 0
        fallen = [s for s in (attacker, defender) if not self.out[s] and self.tokens(s) == 0]
        for s in fallen:
            self.out[s] = True
        alive = [s for s in range(self.players) if not self.out[s]]
        if fallen and len(alive) <= 1:
            self.game_over(alive or fallen)
            return
        if a:
            b["pending"] = "occupy"
        else:
            self.after_action()  # the defender holds, or the cell is left empty

    # ---------------------------------------------------------------- comparison
    def snapshot(self) -> dict[str, Any]:
        return {
            "stacks": {c: tuple(v) for c, v in self.stacks.items()},
            "supply": self.supply,
            "removed": self.removed,
            "out": self.out,
            "to_deploy": self.to_deploy,
            "seat": self.seat,
            "round": self.round,
            "actions_left": self.actions_left,
            "phase": self.phase,
            "battle": self.battle,
            "reinf": sorted((sorted(g), n) for g, n in self.reinf if n),
            "winners": self.winners,
        }


def engine_ref(state, level: dict[str, Any]) -> Ref:
    return Ref(json.loads(json.dumps(state.to_dict())), level)


def engine_legal(state) -> set[str]:
    return {norm(state.action_to_str(a)) for a in state.legal_actions() if not isinstance(a, Preset)}


def engine_whose(state) -> int | str:
    p = state.current_player()
    return "chance" if p == CHANCE else ("terminal" if state.is_terminal() else p)


def check_step(state, level: dict[str, Any], text: str) -> None:
    """Apply `text` to the engine and to the reference read from the same position; they must agree."""
    ref = engine_ref(state, level)
    ref.apply(text)
    state.apply(state.action_from_str(text))
    got = engine_ref(state, level)
    assert got.snapshot() == ref.snapshot(), f"after {text!r}"


def check_position(state, level: dict[str, Any]) -> None:
    """Legal actions, whose decision it is and the round's odds must agree with the reference."""
    ref = engine_ref(state, level)
    assert engine_whose(state) == ref.whose_decision()
    if ref.whose_decision() == "chance":
        got = {state.action_to_str(a): p for a, p in state.chance_outcomes()}
        assert got == ref.roll_odds()
    else:
        assert engine_legal(state) == ref.legal()


def play_and_compare(level: dict[str, Any], seed: int, try_all_every: int = 5, aggression: float = 0.5) -> str:
    game = make_game("reference", level)
    rng = random.Random(seed)
    state = game.initial_state()
    steps = 0
    while not state.is_terminal():
        check_position(state, level)
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            # Lean towards attacking and fighting on, so that battles, retreats and eliminations come up often.
            keen = [a for a in legal if isinstance(a, Attack | Continue)]
            action = rng.choice(keen if keen and rng.random() < aggression else legal)
            if steps % try_all_every == 0 and not isinstance(action, Preset):
                for other in rng.sample(legal, min(6, len(legal))):
                    if not isinstance(other, Preset):
                        check_step(state.clone(), level, state.action_to_str(other))
        if isinstance(action, Preset):
            state.apply(action)
        else:
            check_step(state, level, state.action_to_str(action))
        steps += 1
    return state.outcome().reason


def quick(name: str, **changes: Any) -> dict[str, Any]:
    data = level_json(name)
    data.update(changes)
    return data


# ---------------------------------------------------------------- random games


@pytest.mark.parametrize("name", ["standard", "corners3", "corners4", "large10"])
def test_C4_C15_engine_agrees_with_the_plain_reading_in_random_games(name):
    # A short turn limit reaches C15 too; a small supply reaches the C7 shortfall.
    for seed in range(3):
        play_and_compare(quick(name, turn_limit=8), seed)
    play_and_compare(quick(name, turn_limit=12, supply=30), 100)


def close_quarters(**changes: Any) -> dict[str, Any]:
    """6×6 with the two home boxes two ranks apart: armies meet at once."""
    data = quick("standard", width=6, height=6, supply=40, start_tokens=18)
    data["zones"] = [
        {"box": "a1:f2", "home": "bottom", "max_cells": 6},
        {"box": "a5:f6", "home": "top", "mirror": True, "max_cells": 6},
    ]
    data.update(changes)
    return data


def test_C10_C14_engine_agrees_in_random_close_quarters_games_to_the_end():
    # Eight games: five of them end by elimination, three at the turn limit.
    reasons = {play_and_compare(close_quarters(), seed, aggression=0.9) for seed in range(8)}
    assert any(not r.startswith("turn limit") for r in reasons)  # some games end by elimination (C14)


@pytest.mark.parametrize("players", [3, 4])
def test_C13_C14_engine_agrees_in_random_crowded_corner_games_to_the_end(players):
    # 8×6 with four 2×4 corner boxes: seats meet at once, defenders of every seat decide, seats fall mid-round.
    data = quick("corners4", width=8, height=6, supply=30, start_tokens=12, players=players)
    data["zones"] = [
        {"box": "a1:d2", "home": "bottom"},
        {"box": "a5:d6", "home": "top"},
        {"box": "e5:h6", "home": "top", "mirror": True},
        {"box": "e1:h2", "home": "bottom", "mirror": True},
    ][:players]
    reasons = [play_and_compare(data, seed, aggression=0.95) for seed in range(8)]
    assert "last player standing" in reasons


def test_C7_C12_engine_agrees_on_every_decision_of_a_crowded_game():
    # 40 start tokens on 8 cells fill the home ranks: fights, full stacks and blocked retreats come early.
    level = quick("standard", supply=48, start_tokens=40, turn_limit=10)
    for seed in range(2):
        play_and_compare(level, seed, try_all_every=1)


# ---------------------------------------------------------------- hand-made positions

STD = level_json("standard")


def hand(stacks: dict[str, tuple[int, int]], level: dict[str, Any] = STD, **fields: Any):
    return make_game("hand", level).position(stacks, **fields)


def every_action_agrees(state, level: dict[str, Any] = STD) -> None:
    check_position(state, level)
    if state.current_player() == CHANCE:
        texts = [state.action_to_str(a) for a, _ in state.chance_outcomes()]
    else:
        texts = [state.action_to_str(a) for a in state.legal_actions()]
    for text in texts:
        check_step(state.clone(), level, text)


def test_C9_C10_moves_merges_and_attacks_by_hand():
    state = hand({"c2": (0, 6), "c3": (0, 4), "d2": (1, 3), "b2": (0, 1), "c1": (1, 6)})
    every_action_agrees(state)


def test_C12_every_battle_stage_by_hand():
    # Attacker 5 from c3 on d3 (2): d3 may retreat to d4, e3 or its own d2 (room 1), never to c3.
    stacks = {"c3": (0, 1), "d3": (1, 2), "d2": (1, 5), "a8": (1, 1)}
    for pending in ("roll", "attacker", "defender"):
        battle = {"origin": "c3", "target": "d3", "attackers": 5, "pending": pending, "rounds": 1}
        every_action_agrees(hand(stacks, phase="battle", actions_left=1, battle=battle))
    battle = {"origin": "c3", "target": "d3", "attackers": 0, "pending": "occupy", "rounds": 1}
    every_action_agrees(hand({"c3": (0, 6), "d2": (1, 5)}, phase="battle", actions_left=0, battle=battle))


def test_C12_4_blocked_defender_is_not_asked_by_hand():
    # a1 (6) is hemmed in by its attacker's origin b1 and a full own stack a2: it must stand.
    battle = {"origin": "b1", "target": "a1", "attackers": 2, "pending": "attacker", "rounds": 1}
    state = hand({"b1": (0, 1), "a1": (1, 3), "a2": (1, 6)}, phase="battle", battle=battle)
    every_action_agrees(state)
    state.apply(state.action_from_str("continue"))
    assert state.pending_battle().stage == "roll"


def test_C14_defender_falls_and_last_two_fall_together_by_hand():
    three = quick("corners3")
    stacks = {"c3": (0, 2), "d3": (1, 1), "h8": (2, 3)}
    battle = {"origin": "c3", "target": "d3", "attackers": 4, "pending": "roll", "rounds": 0}
    every_action_agrees(hand(stacks, three, phase="battle", battle=battle), three)
    # The attacker's whole army is out on the battle: both gone ends the game for both.
    battle = {"origin": "c3", "target": "d3", "attackers": 2, "pending": "roll", "rounds": 0}
    every_action_agrees(hand({"d3": (1, 2)}, phase="battle", battle=battle, out=[False, False]))


def test_C7_shortfall_and_full_stacks_by_hand():
    # Seat 0: an edge group of 8 (two due, all but one stack full), a group of 4 off the edge, one of 4 on it.
    stacks = {f"{f}1": (0, 6) for f in "abcdefg"} | {"h1": (0, 5)}
    stacks |= {"c4": (0, 1), "d4": (0, 1), "c5": (0, 1), "d5": (0, 1)}
    stacks |= {"h5": (0, 1), "h6": (0, 1), "h7": (0, 1), "h8": (0, 1), "a8": (1, 1)}
    # 55 tokens on the board need a level supply above the standard 50 (tokens are conserved, C2).
    level = quick("standard", supply=60)
    for supply in (0, 1, 2, 5):
        state = hand(stacks, level, phase="act", seat=1, round=3, actions_left=1, supply=[supply, 10])
        every_action_agrees(state, level)  # `end` hands seat 0 its reinforcements


def test_C15_turn_limit_tie_breaks_by_hand():
    limit = quick("standard", turn_limit=5)
    for stacks in (
        {"a1": (0, 1), "b1": (0, 1), "a8": (1, 6)},  # most cells
        {"a1": (0, 1), "a8": (1, 2)},  # tied cells, most tokens
        {"a1": (0, 2), "a8": (1, 2)},  # full tie: a draw
    ):
        state = hand(stacks, limit, seat=1, round=5, actions_left=1)
        check_step(state, limit, "end")
        assert state.is_terminal()


# ---------------------------------------------------------------- the probability facts


@cache
def plain_battle(a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
    """Fight to the end with raw Binomial(n, 1/2) rounds, solving the no-hit repeat as a geometric series."""
    if d == 0:
        return (Fraction(1), Fraction(0), Fraction(0)) if a else (Fraction(0), Fraction(0), Fraction(1))
    if a == 0:
        return Fraction(0), Fraction(1), Fraction(0)
    stay = Fraction(1, 2 ** (a + d))
    acc = [Fraction(0)] * 3
    for ha in range(a + 1):
        for hd in range(d + 1):
            if ha or hd:
                p = Fraction(comb(a, ha) * comb(d, hd), 2 ** (a + d))
                for k, v in enumerate(plain_battle(max(0, a - hd), max(0, d - ha))):
                    acc[k] += p * v
    return tuple(x / (1 - stay) for x in acc)


def test_C11_a_die_hits_on_four_five_six_so_hits_are_binomial_half():
    for n in range(1, 5):
        hits = [sum(f >= 4 for f in faces) for faces in product(range(1, 7), repeat=n)]
        for h in range(n + 1):
            assert Fraction(hits.count(h), 6**n) == Fraction(comb(n, h), 2**n)


def test_C12_battle_odds_match_a_plain_fight_for_every_pair_up_to_six():
    for a in range(1, 7):
        for d in range(1, 7):
            assert battle_odds(a, d) == plain_battle(a, d), (a, d)
    assert plain_battle(1, 1) == (Fraction(1, 3),) * 3
    assert plain_battle(2, 1) == (Fraction(19, 21), Fraction(1, 21), Fraction(1, 21))
    assert plain_battle(2, 2) == (Fraction(131, 315), Fraction(131, 315), Fraction(53, 315))


def test_C4_C5_shipped_levels_keep_the_deployment_boxes():
    for name in ("standard", "large10"):
        data = level_json(name)
        h = data.get("height", 8)
        bottom, top = (box_cells(z["box"]) for z in data["zones"])
        assert {parse_cell(c)[1] for c in bottom} == {0, 1}
        assert {parse_cell(c)[1] for c in top} == {h - 2, h - 1}
    assert level_json("standard")["zones"][0]["max_cells"] == 8
    for name in ("corners3", "corners4"):
        data = level_json(name)
        w, h = data.get("width", 8), data.get("height", 8)
        for z in data["zones"]:
            cells = [parse_cell(c) for c in box_cells(z["box"])]
            files, ranks = {f for f, _ in cells}, {r for _, r in cells}
            assert len(files) == 4 and len(ranks) == 2  # 2×4, the long side along the edge
            assert ranks in ({0, 1}, {h - 2, h - 1})
            assert min(files) == 0 or max(files) == w - 1  # in a corner
            assert z.get("max_cells", 8) == 8
    assert registry.load("checkrisk", "corners4").num_players == 4


def test_C4_eight_cells_at_most_unless_the_level_says_otherwise():
    # A two-player level that gives no cell limit still keeps the rules' eight cells (C4).
    data = quick("standard")
    for zone in data["zones"]:
        zone.pop("max_cells")
    state = make_game("no limit", data).initial_state()
    for k, name in enumerate("abcdefgh"):
        state.apply(state.action_from_str(f"deploy {name}1:1"))
        assert state.to_deploy[0] == 23 - k
    ref = engine_ref(state, {**data, "zones": [{**z, "max_cells": 8} for z in data["zones"]]})
    assert engine_legal(state) == ref.legal()
    assert all(a.cell in {state.game.cell_index(f"{f}1") for f in "abcdefgh"} for a in state.legal_actions())
