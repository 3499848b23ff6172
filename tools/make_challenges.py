"""Find challenges in the computer's self-play and write them with their proofs.

    python -m tools.make_challenges kubtafl --games 40 --seed 1 --count 14 [--write]

Each mode plays seeded games between greedy computers (with a little random play so games differ), looks at the
positions they reach and keeps those with a single clear best plan, proven by the same exhaustive searches the
tests repeat (`game.learn.challenge_search`):
- Kubtafl: a win within N moves against any defence, with few winning first moves (a lone clear idea).
- CheckRisk: the fight around one enemy stack, cut out of the game (stacks far from it left out so the exact search
  over the whole turn stays small): take the cell, or wipe out the army on it, with the best chance; the best first
  decision must be clearly better than any other (the runner-up at most 3/4 of it).
- Battle Checkers: the turn right after the roll: destroy one or two units, or end with no unit open to a flank or
  rear attack, where few first decisions keep the best chance.
The chosen ones are spread over the difficulty range (by the depth of the win, the actions left, the size of the
search) and written to `levels/challenges/<mode>/NN.json`; without `--write` they are only listed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ai.controllers import make_controller
from game.engine import registry
from game.engine.core import CHANCE, JSON, JSONObject
from game.engine.driver import sample_chance
from game.learn import challenge_search as search
from game.learn.challenges import (
    ONE_STAR,
    Challenge,
    TurnGoal,
    WinIn,
    challenges_dir,
    complete_line,
    load_challenge,
    make_goal,
    make_turn_over,
    parse_challenge,
    plainness,
    score,
    verify,
)

AnyState = Any
LEVELS = {"kubtafl": "standard", "checkrisk": "frontline", "battle_checkers": "skirmish6"}
SIDE_EN = ("Light", "Dark")
SIDE_RU = ("светлых", "тёмных")
ENEMY_EN = ("dark", "light")
ENEMY_RU = ("тёмный", "светлый")
DEFENDERS_RU = ("тёмные", "светлые")


@dataclass
class Candidate:
    """A position found in self-play with its proof, its proven line and how hard it is."""

    mode: str
    level: str
    seat: int
    position: JSONObject
    proof: JSONObject
    solution: list[str]
    hardness: tuple[float, ...]
    title: dict[str, str]
    goal: dict[str, str]
    source: str
    seed: int
    key: str


# --------------------------------------------------------------------------------------------------- self-play


def self_play(mode: str, level: str, seed: int, max_plies: int = 400) -> Iterator[tuple[int, AnyState]]:
    """The decision points of one seeded game between greedy computers (one move in eight random)."""
    game = registry.load(mode, level)
    state = game.initial_state()
    controllers = [make_controller("greedy", game, seed * 2 + k) for k in range(game.num_players)]
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal() and plies < max_plies:
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        yield plies, state.clone()
        legal = state.legal_actions()
        action = rng.choice(legal) if rng.random() < 0.125 else controllers[player].choose(state)
        state.apply(action)
        plies += 1


def _moves_ru(n: int) -> str:
    return "ход" if n == 1 else "хода" if n < 5 else "ходов"


# --------------------------------------------------------------------------------------------------- Kubtafl


def kubtafl_candidates(games: int, seed: int) -> Iterator[Candidate]:
    """Positions of self-play where the side to move wins in 1 or 2 (or 3, when cheap) with 1–2 winning moves."""
    level = LEVELS["kubtafl"]
    for g in range(seed, seed + games):
        history = list(self_play("kubtafl", level, g))
        for ply, state in history[-24:]:
            seat = state.current_player()
            found = _kubtafl_depth(state, seat)
            if found is None:
                continue
            moves, firsts = found
            yield _kubtafl_candidate(state, seat, moves, firsts, f"self-play, seed {g}, ply {ply}", g)


def _kubtafl_depth(state: AnyState, seat: int) -> tuple[int, list[Any]] | None:
    for moves in (1, 2, 3):
        if moves == 3 and sum(1 for p in state.pos if p >= 0) > 7:
            return None  # a three-move search on a full board is too slow to repeat in the tests
        firsts = search.winning_first_moves(state, seat, moves)
        if firsts:
            legal = len(state.legal_actions())
            if len(firsts) > 2 or legal < 12:
                return None
            return moves, firsts
    return None


def _kubtafl_candidate(state: AnyState, seat: int, moves: int, firsts: list[Any], source: str, seed: int) -> Candidate:
    position = state.to_dict()
    position.pop("seen", None)
    position["quiet"] = 0
    fresh = state.game.state_from_dict(position)
    first_texts = [fresh.action_to_str(a) for a in firsts]
    line = [first_texts[0]]
    enemy = 1 - seat
    goal = {
        "en": f"{SIDE_EN[seat]} to move: destroy or trap the {ENEMY_EN[seat]} d20 within {moves} of your moves, "
        f"whatever {SIDE_EN[enemy]} does.",
        "ru": f"Ход {SIDE_RU[seat]}: уничтожьте или зажмите {ENEMY_RU[seat]} d20 не больше чем за {moves} "
        f"{_moves_ru(moves)}, как бы ни защищались {DEFENDERS_RU[seat]}.",
    }
    titles = {
        1: ("One blow", "Один удар"),
        2: ("Two moves to win", "Победа в два хода"),
        3: ("Three moves", "Три хода"),
    }
    en, ru = titles[moves]
    hardness = (moves, -len(firsts), len(state.legal_actions()))
    return Candidate(
        "kubtafl",
        LEVELS["kubtafl"],
        seat,
        position,
        {"kind": "win_in", "moves": moves, "first_moves": first_texts},
        line,
        hardness,
        {"en": en, "ru": ru},
        goal,
        source,
        seed,
        json.dumps(position, sort_keys=True),
    )


# --------------------------------------------------------------------------------------------------- turns


def _turn_proof(
    mode: str, state: AnyState, seat: int, goal: TurnGoal, budget: int
) -> tuple[JSONObject, search.TurnSearch] | None:
    """The proof of a turn with a single clear best plan, or None (no chance, no clear best, or too large)."""
    turn = search.TurnSearch(seat, make_goal(seat, state, goal), make_turn_over(mode, seat), budget=budget)
    try:
        ranked = [(state.action_to_str(a), v) for a, v in turn.action_values(state)]
    except search.SearchTooLarge:
        return None
    best = max(v for _, v in ranked)
    firsts = [t for t, v in ranked if v == best]
    others = [v for _, v in ranked if v != best]
    if best == 0 or not others or max(others) >= ONE_STAR * best:
        return None
    if len(firsts) > max(3, len(ranked) // 6):
        return None
    goal_data: JSONObject = {"kind": goal.kind}
    if goal.cell:
        goal_data["cell"] = goal.cell
    if goal.count:
        goal_data["count"] = goal.count
    proof: JSONObject = {
        "kind": "best_turn",
        "goal": goal_data,
        "best": str(best),
        "first_moves": list(firsts),
        "next_best": str(max(others)),
    }
    return proof, turn


def _chance_text(best: Fraction) -> tuple[str, str]:
    if best == 1:
        return "", ""
    return " with the best chance", " с наилучшими шансами"


# --------------------------------------------------------------------------------------------------- CheckRisk


def checkrisk_candidates(games: int, seed: int) -> Iterator[Candidate]:
    """Fights cut out of self-play: one enemy stack next to the player's, the stacks near it, 1–3 actions left."""
    level = LEVELS["checkrisk"]
    game: Any = registry.load("checkrisk", level)  # a CheckRiskGame: its cells have names
    rng = random.Random(seed)
    for g in range(seed, seed + games):
        for ply, state in self_play("checkrisk", level, g, max_plies=240):
            if str(state.phase) != "act" or rng.random() > 0.35:
                continue
            seat = state.seat
            targets = sorted({a.target for a in state.legal_actions() if type(a).__name__ == "Attack"})
            if not targets:
                continue
            target = rng.choice(targets)
            kind = rng.choice(("take", "take", "wipe"))
            actions_left = rng.choice((1, 2, 2, 3))
            crop = _crop(game, state, seat, target, actions_left)
            if crop is None:
                continue
            goal = TurnGoal(kind, cell=game.cell_name(target))
            found = _turn_proof("checkrisk", crop, seat, goal, budget=2500)
            if found is None:
                continue
            proof, turn = found
            yield _checkrisk_candidate(TurnFound(crop, seat, goal, proof, turn, f"self-play, seed {g}, ply {ply}", g))


def _crop(game: Any, state: AnyState, seat: int, target: int, actions_left: int) -> AnyState | None:
    """The fight around `target`: the stacks within two steps of it (at most three a side), the rest left out."""
    width = game.board_size[0]
    tx, ty = target % width, target // width
    near: list[tuple[int, int, int, int]] = []
    for cell, owner, count in state.stacks():
        x, y = cell % width, cell // width
        distance = abs(x - tx) + abs(y - ty)
        if distance <= 2:
            near.append((distance, cell, owner, count))
    near.sort()
    mine = [n for n in near if n[2] == seat][:3]
    theirs = [n for n in near if n[2] != seat][:3]
    if not mine or not any(n[1] == target for n in theirs):
        return None
    stacks = {game.cell_name(cell): (owner, count) for _, cell, owner, count in mine + theirs}
    players = {owner for _, _, owner, _ in mine + theirs}
    if len(players) != 2:
        return None
    try:
        return game.position(stacks, seat=seat, actions_left=actions_left, round=state.round)
    except ValueError:
        return None


@dataclass
class TurnFound:
    """A turn goal proven on a position of self-play: the position, the seat, the goal, the proof and its search."""

    state: AnyState
    seat: int
    goal: TurnGoal
    proof: JSONObject
    turn: search.TurnSearch
    source: str
    seed: int

    @property
    def firsts(self) -> list[JSON]:
        """The proven first moves."""
        firsts = self.proof["first_moves"]
        assert isinstance(firsts, list)
        return firsts

    @property
    def best(self) -> Fraction:
        """The best plan's chance."""
        return Fraction(str(self.proof["best"]))

    def candidate(
        self, mode: str, hardness: tuple[float, ...], title: dict[str, str], goal: dict[str, str], where: str = ""
    ) -> Candidate:
        """The candidate, with the plainest proven first move as its stored line."""
        line = [min((str(f) for f in self.firsts), key=lambda t: plainness(self.state.action_from_str(t)))]
        position = self.state.to_dict()
        key = json.dumps(position, sort_keys=True) + self.goal.kind
        return Candidate(
            mode,
            LEVELS[mode],
            self.seat,
            position,
            self.proof,
            line,
            hardness,
            title,
            goal,
            self.source + where,
            self.seed,
            key,
        )


def _checkrisk_candidate(found: TurnFound) -> Candidate:
    """A CheckRisk turn goal in words, ranked by the actions left and whether the best plan opens by attacking."""
    state, goal, turn, firsts = found.state, found.goal, found.turn, found.firsts
    en_chance, ru_chance = _chance_text(found.best)
    left = state.actions_left
    if goal.kind == "take":
        goal_text = {
            "en": f"Take {goal.cell} this turn{en_chance}. Actions left: {left}.",
            "ru": f"Захватите {goal.cell} в этот ход{ru_chance}. Осталось действий: {left}.",
        }
        title = {"en": f"Take {goal.cell}", "ru": f"Захват {goal.cell}"}
    else:
        goal_text = {
            "en": f"Wipe out the army on {goal.cell} this turn{en_chance} (driving it off does not count). "
            f"Actions left: {left}.",
            "ru": f"Уничтожьте армию на {goal.cell} в этот ход{ru_chance} (отступление не в счёт). "
            f"Осталось действий: {left}.",
        }
        title = {"en": f"No way out on {goal.cell}", "ru": f"Окружение на {goal.cell}"}
    first_is_attack = any("x" in str(f) for f in firsts)
    hardness = (left, 0 if first_is_attack else 1, float(len(turn.memo)) / 1000)
    return found.candidate("checkrisk", hardness, title, goal_text, " (the stacks around the fight)")


# --------------------------------------------------------------------------------------------------- Battle Checkers


def battle_checkers_candidates(games: int, seed: int) -> Iterator[Candidate]:
    """Turns of self-play right after the roll: destroy one or two units, or end the turn safe."""
    level = LEVELS["battle_checkers"]
    for g in range(seed, seed + games):
        for ply, state in self_play("battle_checkers", level, g, max_plies=300):
            if str(state.phase) != "main" or state.spent != [False, False] or state.pending is not None:
                continue
            seat = state.player
            for goal in (TurnGoal("destroy", count=2), TurnGoal("safe"), TurnGoal("destroy", count=1)):
                found = _turn_proof("battle_checkers", state, seat, goal, budget=1500)
                if found is None:
                    continue
                proof, turn = found
                yield _battle_candidate(TurnFound(state, seat, goal, proof, turn, f"self-play, seed {g}, ply {ply}", g))
                break


def _battle_candidate(found: TurnFound) -> Candidate:
    """A Battle Checkers turn goal in words, ranked by its kind and how few first moves solve it."""
    state, goal, turn, firsts = found.state, found.goal, found.turn, found.firsts
    en_chance, ru_chance = _chance_text(found.best)
    a, b = state.dice
    if goal.kind == "destroy":
        en_units, ru_units = (
            ("an enemy unit", "отряд противника") if goal.count == 1 else ("two enemy units", "два отряда противника")
        )
        goal_text = {
            "en": f"You rolled {a} and {b}. Destroy {en_units} this turn{en_chance}.",
            "ru": f"Выпало {a} и {b}. Уничтожьте {ru_units} за этот ход{ru_chance}.",
        }
        title = {
            "en": "Strike" if goal.count == 1 else "Double strike",
            "ru": "Удар" if goal.count == 1 else "Двойной удар",
        }
        rank = 1 if goal.count == 1 else 3
    else:
        goal_text = {
            "en": f"You rolled {a} and {b}. End the turn with no unit open to a flank or rear attack{en_chance}.",
            "ru": f"Выпало {a} и {b}. Закончите ход так, чтобы ни один ваш отряд не был открыт для удара во фланг "
            f"или в тыл{ru_chance}.",
        }
        title = {"en": "Close ranks", "ru": "Сомкнуть ряды"}
        rank = 2
    hardness = (rank, len(firsts) and 1 / len(firsts), float(len(turn.memo)) / 1000)
    return found.candidate("battle_checkers", hardness, title, goal_text)


# --------------------------------------------------------------------------------------------------- choosing


FINDERS = {
    "kubtafl": kubtafl_candidates,
    "checkrisk": checkrisk_candidates,
    "battle_checkers": battle_checkers_candidates,
}


def choose(candidates: list[Candidate], count: int) -> list[Candidate]:
    """`count` candidates spread evenly over the range of hardness, easiest first (duplicates dropped)."""
    unique: dict[str, Candidate] = {}
    for c in candidates:
        unique.setdefault(c.key, c)
    groups: dict[float, list[Candidate]] = {}
    for c in sorted(unique.values(), key=lambda c: (c.hardness, c.key)):
        groups.setdefault(c.hardness[0], []).append(c)
    # Each kind (the first figure of hardness: moves to win, actions left, …) gets an even share; a kind with
    # fewer candidates than its share leaves the rest to the others.
    shares = dict.fromkeys(groups, 0)
    left = count
    while left > 0 and any(shares[k] < len(groups[k]) for k in groups):
        for k in sorted(groups, key=lambda k: shares[k]):
            if left and shares[k] < len(groups[k]):
                shares[k] += 1
                left -= 1
    chosen: list[Candidate] = []
    for k in sorted(groups):
        ranked, n = groups[k], shares[k]
        if n == 0:
            continue
        step = (len(ranked) - 1) / (n - 1) if n > 1 else 0
        chosen.extend(ranked[round(i * step)] for i in range(n))
    return chosen


def to_json(c: Candidate, index: int, count: int) -> JSONObject:
    """The file's JSON; difficulty 1…10 by the place in the ordered set."""
    number = {"en": f"{c.title['en']} · {index + 1}", "ru": f"{c.title['ru']} · {index + 1}"}
    return {
        "mode": c.mode,
        "level": c.level,
        "seat": c.seat,
        "difficulty": 1 + (index * 10) // count,
        "title": number,  # type: ignore[dict-item]
        "goal": c.goal,  # type: ignore[dict-item]
        "position": c.position,
        "proof": c.proof,
        "solution": c.solution,  # type: ignore[dict-item]
        "seed": c.seed,
        "source": c.source,
    }


def proven_line(challenge: Challenge) -> tuple[list[str], int]:
    """The solution from the stored first move played on with the best play (`complete_line`), and its dice seed:
    for a turn, the first seed from the challenge's on whose dice the best plan reaches the goal, so the solution
    shown on the board succeeds (the stars never depend on it)."""
    first = list(challenge.solution[:1])
    if isinstance(challenge.proof, WinIn):
        return complete_line(challenge, first), challenge.seed
    for seed in range(challenge.seed, challenge.seed + 60):
        trial = replace(challenge, seed=seed)
        line = complete_line(trial, first)
        if score(trial, line).detail.reached:
            return line, seed
    return complete_line(challenge, first), challenge.seed


def main(argv: list[str] | None = None) -> int:
    """Find, prove and (with --write) write a mode's challenges."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=sorted(FINDERS))
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=14)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    found = list(FINDERS[args.mode](args.games, args.seed))
    chosen = choose(found, args.count)
    print(f"{len(found)} candidates, {len(chosen)} chosen", file=sys.stderr)
    folder = challenges_dir(args.mode)
    if args.write:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
    for i, c in enumerate(chosen):
        data = to_json(c, i, len(chosen))
        data["solution"], data["seed"] = proven_line(parse_challenge(data, f"{i + 1:02d}", args.mode))  # type: ignore[assignment]
        c.solution = data["solution"]  # type: ignore[assignment]
        shown = c.proof.get("moves") or c.proof.get("best")
        print(i + 1, data["difficulty"], c.hardness, c.proof.get("goal"), shown, c.solution[:4])
        if args.write:
            path = folder / f"{i + 1:02d}.json"
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            problems = verify(load_challenge(path))
            if problems:
                print("  NOT PROVEN:", problems, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
