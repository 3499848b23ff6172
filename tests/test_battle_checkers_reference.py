"""An independent, deliberately plain reading of the Battle Checkers 2 rules (B4–B13), checked against the engine.

The reference reads only the public position JSON and notation strings. It enumerates activations by trying
every plan (turn, forward, turn) step by step, finds the side hit with compass bearings, and works out battle
odds from the dice themselves; the engine must agree on hand-made positions and along random games.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest

from game.engine import CHANCE, registry
from game.engine.battle_checkers import FATE, Attack, make_game

COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]  # clockwise, N up (higher ranks) and E right (later files)
VECTORS = {
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
    "W": (-1, 0),
    "NW": (-1, 1),
}
DIE = range(1, 7)


def xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - 97, int(cell[1:]) - 1


def name(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


def turn_word(eighths: int) -> str:
    return "" if eighths == 0 else (f"R{eighths}" if eighths > 0 else f"L{-eighths}")


class Ref:
    """A position read from JSON: units by (x, y), whose turn, dice, spirit."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.w, self.h = data["board"]
        self.units = {xy(u["cell"]): dict(u) for u in data["units"]}
        self.player, self.phase = data["player"], data["phase"]
        self.dice, self.spent = data["dice"], data["spent"]
        self.spirit = list(data["spirit"])

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h

    def enemy_adjacent(self, x: int, y: int) -> bool:
        me = self.units[(x, y)]["owner"]
        return any(
            (x + dx, y + dy) in self.units and self.units[(x + dx, y + dy)]["owner"] != me
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if dx or dy
        )

    # --- B6: which dice may still be used, and with how many pips
    def open_dice(self) -> list[tuple[str, int]]:
        if self.phase != "main" or self.dice is None:
            return []
        a, b = self.dice
        one_spent, two_spent = self.spent
        out = []
        if not one_spent and not two_spent:
            out.append(("s", a + b))
        if not one_spent:
            out.append(("1", a))
        # With a double both dice are alike: while both are unspent, "die 1" stands for either.
        if not two_spent and not (a == b and not one_spent):
            out.append(("2", b))
        return out

    # --- B7: every plan tried step by step; each end result keeps its cheapest plan
    def plans(self, x: int, y: int, pips: int) -> dict[tuple[tuple[int, int], str], tuple[int, str]]:
        unit = self.units[(x, y)]
        facing = COMPASS.index(unit["facing"])
        held = self.enemy_adjacent(x, y)
        best: dict[tuple[tuple[int, int], str], tuple[tuple[int, ...], str]] = {}
        for r1 in range(-4, 5):
            for k in range(0, pips + 1):
                for r2 in range(-4, 5):
                    cost = abs(r1) + k + abs(r2)
                    if cost > pips or (k and held):
                        continue
                    heading = COMPASS[(facing + r1) % 8]
                    dx, dy = VECTORS[heading]
                    cx, cy, ok = x, y, True
                    for _ in range(k):
                        cx, cy = cx + dx, cy + dy
                        if not self.on(cx, cy) or (cx, cy) in self.units:
                            ok = False
                            break
                    end = ((cx, cy), COMPASS[(facing + r1 + r2) % 8])
                    if not ok or end == ((x, y), unit["facing"]):
                        continue
                    # Cheapest first; then all turning before the move, and a half turn written R4.
                    key = (cost, abs(r2), -r1, -r2)
                    text = " ".join(p for p in (turn_word(r1), f"F{k}" if k else "", turn_word(r2)) if p)
                    if end not in best or key < best[end][0]:
                        best[end] = (key, text)
        return {end: (key[0], text) for end, (key, text) in best.items()}

    def activations(self) -> set[str]:
        out = set()
        for (x, y), unit in self.units.items():
            if unit["owner"] != self.player or unit.get("activated"):
                continue
            for tag, pips in self.open_dice():
                out |= {f"{name(x, y)}:{tag} {text}" for _, text in self.plans(x, y, pips).values()}
        return out

    # --- B8: the front attacks the neighbour it faces
    def attacks(self) -> set[str]:
        out = set()
        for (x, y), unit in self.units.items():
            if unit["owner"] == self.player and unit["attack"]:
                dx, dy = VECTORS[unit["facing"]]
                target = self.units.get((x + dx, y + dy))
                if target is not None and target["owner"] != self.player:
                    out.add(f"{name(x, y)}x{name(x + dx, y + dy)}")
        return out

    def decisions(self) -> set[str]:
        return self.activations() | self.attacks() | {"end"}


# --- B9: bearing from the defender to the attacker, clockwise from north, relative to the defender's facing
def side_hit(defender: tuple[int, int], facing: str, attacker: tuple[int, int]) -> str:
    dx, dy = attacker[0] - defender[0], attacker[1] - defender[1]
    bearing = round(math.degrees(math.atan2(dx, dy))) % 360  # atan2(east, north): clockwise from N
    relative = (bearing - 45 * COMPASS.index(facing)) % 360
    if relative == 0:
        return "front"
    if relative in (45, 90):
        return "right"
    if relative in (270, 315):
        return "left"
    return "rear"


# --- B10: the chance that the defender is destroyed, from the dice
def success(side: str, defender: dict[str, Any]) -> Fraction:
    if side == "front":  # both roll, ties rerolled: count the decisive pairs only
        decisive = [(a, b) for a in DIE for b in DIE if a != b]
        return Fraction(sum(a > b for a, b in decisive), len(decisive))
    if side == "right":  # the weapon side repels on 4-6 while the defender still has its attack
        return Fraction(sum(d < 4 for d in DIE), 6) if defender["attack"] else Fraction(1)
    if side == "left":  # the shield stops the first left-flank attack of a turn
        return Fraction(0) if defender["shield"] else Fraction(1)
    return Fraction(1)


def two_dice(word: str, unordered: bool, rerolled_ties: bool) -> dict[str, Fraction]:
    """Both roll 1d6: the chance of each result in notation (ties rerolled: only decisive rolls count)."""
    pairs = [(a, b) for a in DIE for b in DIE if not (rerolled_ties and a == b)]
    out: dict[str, Fraction] = {}
    for a, b in pairs:
        key = f"{word} {min(a, b)} {max(a, b)}" if unordered else f"{word} {a} {b}"
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(pairs))
    return out


CHANCE_NODES = {  # B6 roll, B10 duel and repel, B11 fate
    "roll": lambda: two_dice("roll", True, False),
    "duel": lambda: two_dice("duel", False, True),
    "repel": lambda: {f"repel {d}": Fraction(1, 6) for d in DIE},
    "fate": lambda: two_dice("fate", False, False),
}


def engine_strings(state) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def resolve(state, action) -> dict[str, Fraction]:
    """Apply an attack and walk its chance node: probability of each way it ends (defender / attacker lost)."""
    after = state.clone()
    after.apply(action)
    attacker, defender = state.action_to_str(action).split("x")
    if after.current_player() != CHANCE:
        return {"defender": Fraction(int(after.unit_at(defender) is None)), "attacker": Fraction(0)}
    out = {"defender": Fraction(0), "attacker": Fraction(0)}
    for outcome, p in after.chance_outcomes():
        rolled = after.clone()
        rolled.apply(outcome)
        out["defender"] += p * (rolled.unit_at(defender) is None)
        out["attacker"] += p * (rolled.unit_at(attacker) is None)
    return out


def check_decisions(state) -> None:
    """The engine's decisions in the main phase equal the reference's, with no duplicates; attacks resolve right."""
    data = state.to_dict()
    ref = Ref(data)
    strings = engine_strings(state)
    assert len(strings) == len(set(strings))
    assert set(strings) == ref.decisions()
    for action in state.legal_actions():
        if not isinstance(action, Attack):
            continue
        a_cell, d_cell = state.action_to_str(action).split("x")
        defender = ref.units[xy(d_cell)]
        side = side_hit(xy(d_cell), defender["facing"], xy(a_cell))
        expected = success(side, defender)
        got = resolve(state, action)
        forecast = state.forecast(action)
        assert got["defender"] == expected == forecast.probability("success"), (a_cell, d_cell, side)
        assert forecast.detail.side == side
        assert got["attacker"] == (1 - expected if side == "front" else 0)


def pos(units: list[tuple], dice=(3, 5), spent=(False, False), player: int = 0, game=None) -> Any:
    game = game or registry.load("battle_checkers")
    return game.state_from_dict(
        {
            "board": [game.board.width, game.board.height],
            "spirit": [6, 6],
            "phase": "main",
            "player": player,
            "turn": 1,
            "dice": list(dice),
            "spent": list(spent),
            "units": [{"cell": u[0], "owner": u[1], "facing": u[2], **(u[3] if len(u) > 3 else {})} for u in units],
        }
    )


HAND_MADE = {
    "open board, 11 pips": [("e5", 0, "NE"), ("a10", 1, "S")],
    "held by a diagonal enemy, may only turn": [("e5", 0, "N"), ("f6", 1, "SW"), ("b2", 0, "E"), ("j10", 1, "S")],
    "blocked rays, corner, edge": [("a1", 0, "S"), ("b2", 0, "NE"), ("a3", 1, "S"), ("j1", 0, "W"), ("c3", 1, "N")],
    "every side at once": [
        ("e5", 1, "NE"),
        ("e6", 0, "S"),
        ("f6", 0, "SW"),
        ("f5", 0, "W"),
        ("f4", 0, "NW"),
        ("e4", 0, "N"),
        ("d4", 0, "NE"),
        ("d5", 0, "E"),
        ("d6", 0, "SE"),
    ],
    "spent attack and shield": [
        ("e5", 1, "N", {"attack": False, "shield": False}),
        ("f5", 0, "W"),
        ("d5", 0, "E"),
        ("e6", 0, "S", {"attack": False}),
        ("h8", 1, "S"),
    ],
    "activated unit and used die": [("c3", 0, "N", {"activated": True}), ("g3", 0, "W"), ("g7", 1, "S")],
}


@pytest.mark.parametrize("units", HAND_MADE.values(), ids=HAND_MADE.keys())
@pytest.mark.parametrize("dice", [(3, 5), (6, 6), (1, 1)])
def test_B7_B8_B9_B10_reference_agrees_on_hand_made_positions(units, dice) -> None:
    check_decisions(pos(units, dice))


def test_B6_reference_agrees_after_a_die_is_spent_and_with_doubles() -> None:
    units = HAND_MADE["activated unit and used die"]
    for dice in ((2, 4), (4, 4)):
        for spent in ((True, False), (False, True)):
            state = pos(units, dice, spent)
            check_decisions(state)
            assert set(engine_strings(state)) - {"end"}  # one die is left to use
        check_decisions(pos(units, dice, (True, True)))


def test_B9_the_reference_bearing_is_clockwise_with_north_up() -> None:
    # A unit facing N has the east cell on its right hand and the west cell on its left.
    assert side_hit((4, 4), "N", (5, 4)) == "right" and side_hit((4, 4), "N", (3, 4)) == "left"
    assert side_hit((4, 4), "E", (4, 3)) == "right" and side_hit((4, 4), "E", (5, 5)) == "left"
    state = pos([("f5", 0, "W"), ("d5", 0, "E"), ("e5", 1, "N"), ("a10", 1, "S")])
    assert state.side_of(*(state.board.cell(c) for c in ("f5", "e5"))) == "right"
    assert state.side_of(*(state.board.cell(c) for c in ("d5", "e5"))) == "left"


# --- along random games


def deploy_expected(data: dict[str, Any], presets: list[str], per_player: int) -> set[str]:
    """B4: any empty cell of the player's half (ranks 1-5 / 6-10 on 10x10), any facing; presets before any unit."""
    w, h = data["board"]
    taken = {u["cell"] for u in data["units"]}
    ranks = range(0, h // 2) if data["player"] == 0 else range(h - h // 2, h)
    out = {f"place {name(x, y)} {f}" for y in ranks for x in range(w) if name(x, y) not in taken for f in COMPASS}
    if data["to_place"][data["player"]] == per_player:
        out |= {f"preset {p}" for p in presets}
    return out


def planned_end(ref: Ref, text: str) -> tuple[tuple[int, int], str]:
    """Where an activation in notation takes its unit, by walking the plan."""
    head, *plan = text.split()
    x, y = xy(head.split(":")[0])
    facing = COMPASS.index(ref.units[(x, y)]["facing"])
    for part in plan:
        if part[0] in "LR":
            facing = (facing + int(part[1:]) * (1 if part[0] == "R" else -1)) % 8
        else:
            dx, dy = VECTORS[COMPASS[facing]]
            x, y = x + int(part[1:]) * dx, y + int(part[1:]) * dy
    return (x, y), COMPASS[facing]


class Watcher:
    """Follows one game and checks each step against the reference."""

    def __init__(self, game) -> None:
        self.game = game
        self.attacked: set[tuple[int, int]] = set()  # cells of units that attacked this turn (B8)
        self.levels_presets = list(game.level.presets)

    def before(self, state, action, check_all: bool) -> dict[str, Any]:
        data = state.to_dict()
        player = state.current_player()
        if data["phase"] == "deploy":
            assert set(engine_strings(state)) == deploy_expected(
                data, self.levels_presets, self.game.level.units_per_player
            )
        elif data["phase"] == "main" and player == data["player"] and check_all:
            check_decisions(state)
        elif data["phase"] in CHANCE_NODES:
            got: dict[str, Fraction] = {}
            for outcome, p in state.chance_outcomes():
                got[state.action_to_str(outcome)] = got.get(state.action_to_str(outcome), Fraction(0)) + p
            assert got == CHANCE_NODES[data["phase"]]()
        return data

    def after(self, state, action, text: str, data: dict[str, Any], events) -> None:
        new = state.to_dict()
        ref = Ref(data)
        if data["phase"] == "roll":
            self.attacked = set()
        if data["phase"] == "main" and "x" in text and ":" not in text:
            self._after_attack(ref, text, new, same_turn=new["turn"] == data["turn"])
        elif data["phase"] == "main" and ":" in text:
            self._after_activation(ref, text, new, same_turn=new["turn"] == data["turn"])
        elif data["phase"] in ("duel", "repel"):
            cells = {u["cell"] for u in new["units"]}
            attacker, defender = data["pending"]["attacker"], data["pending"]["defender"]
            rolls = [int(t) for t in text.split()[1:]]
            if data["phase"] == "duel":  # the higher roller's unit survives (B10)
                assert (defender in cells, attacker in cells) == (rolls[0] < rolls[1], rolls[0] > rolls[1])
            else:  # the weapon side holds on 4-6
                assert defender in cells and attacker in cells if rolls[0] >= 4 else defender not in cells
        elif data["phase"] == "fate":
            caller, mine, theirs = data["fate_player"], *map(int, text.split()[1:])
            spirit = list(data["spirit"])
            loser = None if mine == theirs else (1 - caller if mine > theirs else caller)
            if loser is not None:
                spirit[loser] = max(0, spirit[loser] - abs(mine - theirs))  # B11; 0 means lost (B12)
            assert new["spirit"] == spirit
        self._after_losses(data, new, state)
        occupied = {xy(u["cell"]) for u in new["units"]}
        self.attacked &= occupied  # an attacker destroyed in its duel is forgotten
        if new["turn"] != data["turn"] and new["phase"] != "over":
            self._after_refresh(data, new)
        self._check_end(new)

    def _after_attack(self, ref: Ref, text: str, new: dict[str, Any], same_turn: bool) -> None:
        a_cell, d_cell = text.split("x")
        self.attacked.add(xy(a_cell))
        units = {u["cell"]: u for u in new["units"]}
        side = side_hit(xy(d_cell), ref.units[xy(d_cell)]["facing"], xy(a_cell))
        if side == "left" and ref.units[xy(d_cell)]["shield"]:  # the shield is spent, nothing else happens
            assert d_cell in units and (not units[d_cell]["shield"] or not same_turn)
        if a_cell in units:
            assert not units[a_cell]["attack"]

    def _after_activation(self, ref: Ref, text: str, new: dict[str, Any], same_turn: bool) -> None:
        start = xy(text.split(":")[0])
        tag = text.split()[0].split(":")[1]
        end, facing = planned_end(ref, text)
        units = {xy(u["cell"]): u for u in new["units"]}
        assert units[end]["facing"] == facing and units[end]["owner"] == ref.player
        assert end == start or start not in units
        if start in self.attacked:
            self.attacked.discard(start)
            self.attacked.add(end)
        if same_turn:
            expected = {"s": [True, True], "1": [True, ref.spent[1]], "2": [ref.spent[0], True]}[tag]
            assert new["spent"] == expected and units[end]["activated"]

    def _after_losses(self, old: dict[str, Any], new: dict[str, Any], state) -> None:
        # B11: whoever destroyed an enemy unit gains a grain, then may call the fate roll.
        if old["phase"] == "deploy":
            return
        before = [sum(u["owner"] == p for u in old["units"]) for p in (0, 1)]
        after = [sum(u["owner"] == p for u in new["units"]) for p in (0, 1)]
        lost = [p for p in (0, 1) if after[p] < before[p]]
        assert len(lost) <= 1 and all(before[p] - after[p] <= 1 for p in (0, 1))
        if lost:
            winner = 1 - lost[0]
            assert new["spirit"][winner] == old["spirit"][winner] + 1
            assert new["spirit"][lost[0]] == old["spirit"][lost[0]]
            if new["phase"] != "over":
                assert new["phase"] == "fate_choice" and state.current_player() == winner
        elif old["phase"] != "fate":
            assert new["spirit"] == old["spirit"]

    def _after_refresh(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        # B5: the new player's units regain their attack; every unit its shield; the other side keeps what it has.
        assert new["player"] == 1 - old["player"] and new["phase"] == "roll"
        for unit in new["units"]:
            assert unit["shield"] and not unit["activated"]
            if unit["owner"] == new["player"]:
                assert unit["attack"]
            else:
                assert unit["attack"] == (xy(unit["cell"]) not in self.attacked)
        self.attacked = set()

    def _check_end(self, new: dict[str, Any]) -> None:
        counts = [sum(u["owner"] == p for u in new["units"]) for p in (0, 1)]
        if new["phase"] == "deploy":
            return
        if new["phase"] != "over":  # B12 at once
            assert min(counts) > 0 and min(new["spirit"]) > 0
            assert new["turn"] <= 2 * new["turn_limit"]
            return
        outcome = new["outcome"]
        losers = [p for p in (0, 1) if counts[p] == 0 or new["spirit"][p] <= 0]
        if losers:
            assert outcome["winners"] == [1 - losers[0]] and len(losers) == 1
        else:  # B13: after turn_limit turns each, more units, then more spirit, else a draw
            assert new["turn"] == 2 * new["turn_limit"]
            if counts[0] != counts[1]:
                assert outcome["winners"] == [0 if counts[0] > counts[1] else 1]
            elif new["spirit"][0] != new["spirit"][1]:
                assert outcome["winners"] == [0 if new["spirit"][0] > new["spirit"][1] else 1]
            else:
                assert outcome["winners"] == [0, 1]


SHORT = {
    "board": [6, 6],
    "units_per_player": 4,
    "spirit": 9,
    "turn_limit": 4,
    "presets": [{"name": "row", "units": [{"cell": c, "facing": "N"} for c in ("b2", "c2", "d2", "e2")]}],
}


@pytest.mark.parametrize(
    ("level", "seed"),
    [("skirmish6", s) for s in range(4)] + [("standard", 0), ("short", 1), ("short", 2), ("short", 3)],
)
def test_B4_to_B13_reference_agrees_along_random_games(level: str, seed: int) -> None:
    game = make_game("short", SHORT) if level == "short" else registry.load("battle_checkers", level)
    rng = random.Random(seed)
    state = game.initial_state()
    watcher = Watcher(game)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            decisions += 1
            actions = state.legal_actions()
            # Prefer attacks and fate rolls now and then, so battles and fate come up often.
            fights = [a for a in actions if isinstance(a, Attack) or a == FATE]
            action = rng.choice(fights if fights and rng.random() < 0.5 else actions)
        # On the big board check every decision early on, then a sample (the reference is slow).
        check_all = level != "standard" or decisions < 120 or decisions % 9 == 0
        data = watcher.before(state, action, check_all)
        text = state.action_to_str(action)
        events = state.apply(action)
        watcher.after(state, action, text, data, events)
    assert state.outcome() is not None
