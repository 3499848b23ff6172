"""Challenges: puzzles with a stored solution that the engine proves, and the score of a player's attempt.

A challenge is a JSON file `levels/challenges/<mode>/<id>.json`:

    {"mode": "kubtafl", "level": "standard", "seat": 0, "difficulty": 3,
     "title": {"en": …, "ru": …}, "goal": {"en": …, "ru": …},
     "position": {…},                      # the state as `state.to_dict()` writes it (a save's position)
     "proof": {…},                         # what the engine proves (below)
     "solution": ["c1-c4", "h8-h7", …],    # one proven line: every applied action, as records keep them
     "seed": 7,                            # seeds the dice of an attempt, so each plays the same
     "source": "self-play, seed 3, ply 88"}

Proofs:
- `{"kind": "win_in", "moves": N, "first_moves": [...]}` (Kubtafl): the seat to move wins (the enemy d20
  destroyed or trapped) within N of its own moves against any defence; `first_moves` is every first move that
  does so (exhaustive search), and any of them is accepted.
- `{"kind": "best_turn", "goal": {...}, "best": "p/q", "first_moves": [...], "next_best": "p/q"}` (CheckRisk,
  Battle Checkers): `best` is the exact chance that the turn reaches its goal with the best plan (chance averaged
  with the engine's exact odds, the other seat's decisions in the turn against the player), `first_moves` the
  first decisions that keep it, `next_best` the best chance any other first decision leaves. Goals (CheckRisk):
  `take` a cell; `wipe` out the enemy army on a cell (none of it left there, none escaped by retreating).
  (Battle Checkers): `destroy` `count` units; end the turn `safe` from flank and rear attacks.

`load_challenge` reads and checks one file (a `DamagedFile` naming the field for anything wrong);
`load_challenges(mode)` reads a mode's set, ordered by difficulty; `score(challenge, actions)` scores an attempt;
`verify(challenge)` repeats the exhaustive proof (the tests run it for every challenge).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Literal, Protocol

from game.engine import files, registry
from game.engine.core import CHANCE, JSON, AnyState, Game, JSONObject
from game.engine.driver import sample_chance
from game.learn import challenge_search as search
from game.paths import levels_dir

LANGUAGES = ("en", "ru")
MAX_DIFFICULTY = 10
MAX_MOVES = 4
MAX_SOLUTION = 200
_KEYS = {"mode", "level", "seat", "difficulty", "title", "goal", "position", "proof", "solution", "seed", "source"}
_WIN_KEYS = {"kind", "moves", "first_moves"}
_TURN_KEYS = {"kind", "goal", "best", "first_moves", "next_best"}
_GOAL_KEYS = {"kind", "cell", "count"}
# Stars of a turn by its chance against the best plan's: three need the optimum.
TWO_STARS = Fraction(9, 10)
ONE_STAR = Fraction(3, 4)


class ChallengeRules(Protocol):
    """What a mode's challenges need from the mode (named by its `ModeSpec.challenges`): the goals a turn may
    have (none: the mode's challenges are proved by `win_in`), how a goal is read and tested, and when a turn
    ends."""

    goals: tuple[str, ...]

    def turn_goal(self, kind: str, data: JSONObject, state: AnyState) -> TurnGoal:
        """The goal of `kind` read from its JSON (`cell`, `count`), checked against the position."""
        ...

    def turn_over(self, seat: int) -> search.TurnOver:
        """True once `seat`'s turn is over: the game ended or another seat's turn began."""
        ...

    def goal_test(self, seat: int, start: AnyState, goal: TurnGoal) -> search.Goal:
        """The test of the state at the end of `seat`'s turn from `start` that says whether `goal` was reached."""
        ...


def rules_for(mode: str) -> ChallengeRules | None:
    """The challenge rules the mode's spec names, or None for a mode without challenges."""
    spec = registry.find(mode)
    if spec is None or spec.challenges is None:
        return None
    rules: ChallengeRules = registry.resolve(spec.challenges)
    return rules


def challenge_modes() -> tuple[str, ...]:
    """The modes with challenges, in menu order."""
    return tuple(spec.name for spec in registry.MODES if spec.challenges is not None)


Reason = Literal["solved", "illegal", "wrong_first_move", "unfinished", "too_slow", "weaker_plan", "lost"]


@dataclass(frozen=True)
class WinIn:
    """Kubtafl: win within `moves` of your moves against any defence; `first_moves` are all that do."""

    moves: int
    first_moves: tuple[str, ...]


@dataclass(frozen=True)
class TurnGoal:
    """What a turn must reach: take `cell`, wipe out the enemy, destroy `count` units, or end safe."""

    kind: str
    cell: str = ""
    count: int = 0


@dataclass(frozen=True)
class BestTurn:
    """A turn with the best chance of `goal`: the exact `best`, the first decisions keeping it, the runner-up."""

    goal: TurnGoal
    best: Fraction
    first_moves: tuple[str, ...]
    next_best: Fraction


Proof = WinIn | BestTurn


@dataclass(frozen=True)
class Challenge:
    """One challenge as read from its file (see the module docstring)."""

    id: str
    mode: str
    level: str
    seat: int
    difficulty: int
    title: dict[str, str]
    goal: dict[str, str]
    position: JSONObject
    proof: Proof
    solution: tuple[str, ...]
    seed: int
    source: str
    game: Game = field(compare=False, repr=False)

    def state(self) -> AnyState:
        """A fresh state at the challenge's position."""
        return self.game.state_from_dict(self.position)

    def text(self, key: Literal["title", "goal"], language: str) -> str:
        """The title or goal in `language` (English when the file has no such language)."""
        texts = self.title if key == "title" else self.goal
        return texts.get(language) or texts["en"]


@dataclass(frozen=True)
class ScoreDetail:
    """Why an attempt scored as it did: the reason, how far it got and, for a turn, its chance against the best."""

    reason: Reason
    #: The player's moves (Kubtafl) or decisions (a turn) in the attempt.
    moves: int = 0
    #: The turn (or the game) is over in the attempt.
    finished: bool = False
    #: A turn: the exact chance of the plan the attempt shows, and the best plan's.
    chance: Fraction | None = None
    best: Fraction | None = None
    #: A turn: whether the dice let this attempt reach the goal (luck; never what the stars are for).
    reached: bool = False
    #: The index of the action at fault (illegal, or the wrong first move), else -1.
    at: int = -1
    message: str = ""


@dataclass(frozen=True)
class Score:
    """The result of an attempt: solved or not, stars 0…3, and the detail."""

    solved: bool
    stars: int
    detail: ScoreDetail


# --------------------------------------------------------------------------------------------------- reading


class ChallengeError(ValueError):
    """A challenge whose data is wrong; the message names the field."""


def challenges_dir(mode: str) -> Path:
    """The folder of a mode's challenge files."""
    return levels_dir() / "challenges" / mode


def load_challenges(mode: str) -> list[Challenge]:
    """A mode's challenges ordered by difficulty (then id); a damaged file raises `DamagedFile` naming it."""
    found, problems = read_challenges(mode)
    if problems:
        raise problems[0]
    return found


def read_challenges(mode: str) -> tuple[list[Challenge], list[files.DamagedFile]]:
    """A mode's good challenges ordered by difficulty (then id), and the damaged files set aside (never raised)."""
    if mode not in challenge_modes():
        raise ChallengeError(f"mode: {mode!r} has no challenges (known: {', '.join(challenge_modes())})")
    folder = challenges_dir(mode)
    good: list[Challenge] = []
    bad: list[files.DamagedFile] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            good.append(load_challenge(path, mode))
        except files.DamagedFile as exc:
            bad.append(exc)
    good.sort(key=lambda c: (c.difficulty, c.id))
    return good, bad


def load_challenge(path: Path, mode: str | None = None) -> Challenge:
    """Read and check one challenge file; `DamagedFile` naming the file and the field for anything wrong."""
    path = Path(path)
    data = files.read_json(path)
    try:
        return parse_challenge(data, path.stem, mode)
    except Exception as exc:  # noqa: BLE001 - odd values anywhere in a file: it is damaged, never a crash
        raise files.DamagedFile(path, files.describe(exc)) from exc


def parse_challenge(data: JSON, name: str, mode: str | None = None) -> Challenge:
    """A challenge from parsed JSON; `ChallengeError` (a ValueError) naming the field for anything wrong."""
    if not isinstance(data, dict):
        raise ChallengeError("a challenge must be a JSON object")
    files.check_keys(data, _KEYS)
    for key in ("mode", "seat", "difficulty", "title", "goal", "position", "proof", "solution"):
        if key not in data:
            raise ChallengeError(f"{key}: missing")
    found_mode = data["mode"]
    if found_mode not in challenge_modes():
        raise ChallengeError(f"mode: {found_mode!r} is not one of {', '.join(challenge_modes())}")
    if mode is not None and found_mode != mode:
        raise ChallengeError(f"mode: {found_mode!r} in the folder of {mode!r}")
    level = files.checked_text(data.get("level", registry.DEFAULT_LEVEL), "level", 80)
    game = _game(found_mode, level)
    state = _position(game, data["position"])
    seat = whole(data["seat"], "seat", 0, game.num_players - 1)
    if state.current_player() != seat:
        raise ChallengeError(f"seat: the position has seat {state.current_player()} to act, not {seat}")
    proof = _proof(found_mode, data["proof"], state)
    challenge = Challenge(
        id=name,
        mode=found_mode,
        level=level,
        seat=seat,
        difficulty=whole(data["difficulty"], "difficulty", 1, MAX_DIFFICULTY),
        title=_texts(data["title"], "title", 80),
        goal=_texts(data["goal"], "goal", 300),
        position=data["position"],  # type: ignore[arg-type]  # a dict, read by the engine above
        proof=proof,
        solution=_solution(data["solution"]),
        seed=whole(data.get("seed", 0), "seed", 0, 2**31),
        source=files.checked_text(data.get("source", ""), "source", 200, empty=True),
        game=game,
    )
    _check_solution(challenge)
    return challenge


@cache
def _game(mode: str, level: str) -> Game:
    try:
        return registry.load(mode, level)
    except (KeyError, ValueError) as exc:
        raise ChallengeError(f"level: {exc}") from exc


def _position(game: Game, data: JSON) -> AnyState:
    if not isinstance(data, dict):
        raise ChallengeError("position: expected a JSON object (a state as saves write it)")
    try:
        state = game.state_from_dict(data)
    except ValueError as exc:
        raise ChallengeError(f"position.{exc}") from exc
    if state.is_terminal() or state.current_player() == CHANCE:
        raise ChallengeError("position: the game must be at a decision of the seat to play")
    return state


def whole(value: JSON, name: str, low: int, high: int) -> int:
    """`value` checked to be a whole number low…high; `ChallengeError` naming the field otherwise."""
    if type(value) is not int or not low <= value <= high:
        raise ChallengeError(f"{name}: expected a whole number {low}…{high}, got {value!r}")
    return value


def _texts(value: JSON, name: str, limit: int) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ChallengeError(f"{name}: expected {{language: text}} with {' and '.join(LANGUAGES)}")
    for language in LANGUAGES:
        if language not in value:
            raise ChallengeError(f"{name}.{language}: missing")
    texts = files.checked_title(value, name, limit)
    assert isinstance(texts, dict)
    for language, text in texts.items():
        if not text:
            raise ChallengeError(f"{name}.{language}: empty")
    return texts


def _solution(value: JSON) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or len(value) > MAX_SOLUTION:
        raise ChallengeError(f"solution: expected a list of 1…{MAX_SOLUTION} actions in notation")
    return tuple(files.checked_text(v, f"solution[{i}]", 120) for i, v in enumerate(value))


def _fraction(value: JSON, name: str) -> Fraction:
    if not isinstance(value, str):
        raise ChallengeError(f"{name}: expected an exact chance as text such as '19/21', got {value!r}")
    try:
        chance = Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise ChallengeError(f"{name}: {value!r} is not a fraction") from exc
    if not 0 <= chance <= 1:
        raise ChallengeError(f"{name}: {value} is not a chance between 0 and 1")
    return chance


def _moves(value: JSON, name: str, state: AnyState) -> tuple[str, ...]:
    """Moves in notation, each legal at `state`, written the engine's way."""
    if not isinstance(value, list) or not value:
        raise ChallengeError(f"{name}: expected a non-empty list of moves in notation")
    out = []
    for i, text in enumerate(value):
        out.append(_canonical(state, files.checked_text(text, f"{name}[{i}]", 120), f"{name}[{i}]"))
    if len(set(out)) != len(out):
        raise ChallengeError(f"{name}: a move is listed twice")
    return tuple(out)


def _canonical(state: AnyState, text: str, name: str) -> str:
    try:
        action = state.action_from_str(text)
    except ValueError as exc:
        raise ChallengeError(f"{name}: {text!r} is not a move here ({exc})") from exc
    if action not in state.legal_actions():
        raise ChallengeError(f"{name}: {text!r} is not legal here")
    return state.action_to_str(action)


def _proof(mode: str, data: JSON, state: AnyState) -> Proof:
    if not isinstance(data, dict):
        raise ChallengeError("proof: expected an object with a kind")
    kind = data.get("kind")
    rules = rules_for(mode)
    assert rules is not None  # the mode was checked against `challenge_modes()`
    if not rules.goals:
        if kind != "win_in":
            raise ChallengeError(f"proof.kind: a {mode} challenge is proved by 'win_in', not {kind!r}")
        files.check_keys(data, _WIN_KEYS, "proof.")
        moves = whole(data.get("moves"), "proof.moves", 1, MAX_MOVES)
        return WinIn(moves, _moves(data.get("first_moves"), "proof.first_moves", state))
    if kind != "best_turn":
        raise ChallengeError(f"proof.kind: a {mode} challenge is proved by 'best_turn', not {kind!r}")
    files.check_keys(data, _TURN_KEYS, "proof.")
    best = _fraction(data.get("best"), "proof.best")
    next_best = _fraction(data.get("next_best"), "proof.next_best")
    if next_best >= ONE_STAR * best:
        # A clear best plan: any other first decision scores no star, so a wrong first move never solves it.
        raise ChallengeError(f"proof.next_best: {next_best} is not clearly below the best {best} (under 3/4 of it)")
    return BestTurn(
        _turn_goal(mode, data.get("goal"), state),
        best,
        _moves(data.get("first_moves"), "proof.first_moves", state),
        next_best,
    )


def _turn_goal(mode: str, data: JSON, state: AnyState) -> TurnGoal:
    if not isinstance(data, dict):
        raise ChallengeError("proof.goal: expected an object with a kind")
    files.check_keys(data, _GOAL_KEYS, "proof.goal.")
    rules = rules_for(mode)
    kinds = rules.goals if rules is not None else ()
    kind = data.get("kind")
    if kind not in kinds:
        raise ChallengeError(f"proof.goal.kind: {kind!r} is not one of {', '.join(kinds)}")
    assert isinstance(kind, str) and rules is not None
    return rules.turn_goal(kind, data, state)


def _check_solution(challenge: Challenge) -> None:
    """The stored solution replays legally from the position and opens with one of the proof's first moves."""
    if isinstance(challenge.proof, BestTurn):
        goal_test(challenge, challenge.proof.goal)
    state = challenge.state()
    first = _canonical(state, challenge.solution[0], "solution[0]")
    if first not in challenge.proof.first_moves:
        raise ChallengeError(f"solution[0]: {first!r} is not among the proof's first moves")
    replay(challenge, challenge.solution, "solution")


# --------------------------------------------------------------------------------------------------- playing


@dataclass
class Line:
    """An attempt replayed from the challenge's position: the states before each action, and the actions."""

    states: list[AnyState]
    actions: list[Hashable]

    @property
    def end(self) -> AnyState:
        """The state after the last action."""
        return self.states[-1]


class ReplayError(ChallengeError):
    """An attempt or a solution with an action that is not legal where it stands; `index` is its place."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def replay(challenge: Challenge, actions: Sequence[str], name: str = "actions") -> Line:
    """The attempt replayed on the engine; `ReplayError` naming the first action that is not legal."""
    state = challenge.state()
    line = Line([state.clone()], [])
    for i, text in enumerate(actions):
        if state.is_terminal():
            raise ReplayError(i, f"{name}[{i}]: {text!r} comes after the end of the game")
        try:
            action = state.action_from_str(text)
            if state.current_player() != CHANCE and action not in state.legal_actions():
                raise ValueError("not a legal choice")
            state.apply(action)
        except ValueError as exc:
            raise ReplayError(i, f"{name}[{i}]: {text!r} is not legal here ({exc})") from exc
        line.actions.append(action)
        line.states.append(state.clone())
    return line


def score(challenge: Challenge, actions: Sequence[str]) -> Score:
    """Score an attempt: `actions` is everything applied from the challenge's position, in notation (the
    player's decisions, the other side's replies and the dice rolled), as the session's log keeps them."""
    try:
        line = replay(challenge, actions)
    except ReplayError as exc:
        return Score(False, 0, ScoreDetail("illegal", at=exc.index, message=str(exc)))
    if isinstance(challenge.proof, WinIn):
        return _score_win(challenge, challenge.proof, line)
    return _score_turn(challenge, challenge.proof, line)


def _player_moves(challenge: Challenge, line: Line) -> list[int]:
    return [i for i, s in enumerate(line.states[:-1]) if s.current_player() == challenge.seat]


def _score_win(challenge: Challenge, proof: WinIn, line: Line) -> Score:
    mine = _player_moves(challenge, line)
    if not mine:
        return Score(False, 0, ScoreDetail("unfinished"))
    first = line.states[0].action_to_str(line.actions[mine[0]])
    if first not in proof.first_moves:
        detail = ScoreDetail("wrong_first_move", moves=len(mine), at=mine[0], message=f"{first} lets the defence out")
        return Score(False, 0, detail)
    end = line.end
    outcome = end.outcome()
    if outcome is None:
        return Score(False, 0, ScoreDetail("unfinished", moves=len(mine)))
    if outcome.winner != challenge.seat:
        return Score(False, 0, ScoreDetail("lost", moves=len(mine), finished=True))
    stars = 3 - max(0, len(mine) - proof.moves)
    if stars < 1:
        return Score(False, 0, ScoreDetail("too_slow", moves=len(mine), finished=True))
    return Score(True, stars, ScoreDetail("solved", moves=len(mine), finished=True))


def turn_stars(chance: Fraction, best: Fraction) -> int:
    """Stars of a turn whose plan has `chance` against the best plan's: 3 for the optimum, 2 within 9/10 of it, 1
    within 3/4 of it, else none."""
    if chance >= best:
        return 3
    return 2 if chance >= TWO_STARS * best else 1 if chance >= ONE_STAR * best else 0


def _score_turn(challenge: Challenge, proof: BestTurn, line: Line) -> Score:
    turn = turn_search(challenge)
    over = next((i for i, s in enumerate(line.states) if turn.turn_over(s)), None)
    played = line.actions if over is None else line.actions[:over]
    states = line.states if over is None else line.states[: over + 1]
    chance = turn.line_value(line.states[0], played)
    moves = sum(1 for s in states[:-1] if s.current_player() == challenge.seat)
    reached = over is not None and turn.goal(states[-1])
    stars = turn_stars(chance, proof.best)
    finished = over is not None
    first_ok = bool(played) and line.states[0].action_to_str(played[0]) in proof.first_moves
    if not finished:
        reason: Reason = "unfinished"
    elif stars == 0:
        reason = "wrong_first_move" if not first_ok else "weaker_plan"
    else:
        reason = "solved"
    detail = ScoreDetail(reason, moves, finished, chance, proof.best, reached, -1 if first_ok else 0)
    return Score(finished and stars > 0, stars if finished else 0, detail)


# --------------------------------------------------------------------------------------------------- turn goals


def turn_over_test(challenge: Challenge) -> search.TurnOver:
    """True once the challenge's turn is over: the game ended or another seat's turn began."""
    return make_turn_over(challenge.mode, challenge.seat)


def make_turn_over(mode: str, seat: int) -> search.TurnOver:
    """True once `seat`'s turn in `mode` is over: the game ended or another seat's turn began."""
    rules = rules_for(mode)
    if rules is None:
        raise ChallengeError(f"mode: {mode!r} has no challenges")
    return rules.turn_over(seat)


def goal_test(challenge: Challenge, goal: TurnGoal) -> search.Goal:
    """The test of the state at the end of the turn that says whether the goal was reached."""
    return make_goal(challenge.seat, challenge.state(), goal)


def make_goal(seat: int, start: AnyState, goal: TurnGoal) -> search.Goal:
    """The test of the state at the end of `seat`'s turn from `start` that says whether `goal` was reached."""
    rules = rules_for(start.game.name)
    if rules is None or not rules.goals:
        raise ChallengeError(f"proof.goal: a {start.game.name} position has no turn goals")
    return rules.goal_test(seat, start, goal)


def won(state: AnyState, seat: int) -> bool:
    """True when the game is over and `seat` won it."""
    outcome = state.outcome()
    return outcome is not None and outcome.winner == seat


def not_lost(state: AnyState, seat: int) -> bool:
    """True while the game goes on, or when it ended with `seat` the winner."""
    outcome = state.outcome()
    return outcome is None or outcome.winner == seat


_SEARCHES: dict[tuple[str, str], search.TurnSearch] = {}


def turn_search(challenge: Challenge) -> search.TurnSearch:
    """The (memoised, shared) exact search of the challenge's turn."""
    proof = challenge.proof
    if not isinstance(proof, BestTurn):
        raise ChallengeError(f"{challenge.id}: not a turn challenge")
    key = (challenge.mode, search.state_key(challenge.state()) + repr(proof.goal))
    found = _SEARCHES.get(key)
    if found is None:
        found = search.TurnSearch(challenge.seat, goal_test(challenge, proof.goal), turn_over_test(challenge))
        if len(_SEARCHES) > 64:
            _SEARCHES.clear()
        _SEARCHES[key] = found
    return found


# --------------------------------------------------------------------------------------------------- proving


def verify(challenge: Challenge) -> list[str]:
    """Repeat the challenge's proof by exhaustive search; the problems found (empty when it holds)."""
    state = challenge.state()
    proof = challenge.proof
    problems: list[str] = []
    if isinstance(proof, WinIn):
        winners = [state.action_to_str(a) for a in search.winning_first_moves(state, challenge.seat, proof.moves)]
        if sorted(winners) != sorted(proof.first_moves):
            problems.append(f"first moves winning in {proof.moves}: {winners}, stored {list(proof.first_moves)}")
        if proof.moves > 1 and search.forced_win(state, challenge.seat, proof.moves - 1):
            problems.append(f"a win in {proof.moves - 1} exists: the challenge is not as hard as it says")
        return problems
    turn = turn_search(challenge)
    ranked = [(state.action_to_str(a), v) for a, v in turn.action_values(state)]
    best = max(v for _, v in ranked)
    firsts = sorted(t for t, v in ranked if v == best)
    next_best = max((v for _, v in ranked if v != best), default=Fraction(0))
    if best != proof.best:
        problems.append(f"best chance {best}, stored {proof.best}")
    if firsts != sorted(proof.first_moves):
        problems.append(f"best first moves {firsts}, stored {sorted(proof.first_moves)}")
    if next_best != proof.next_best:
        problems.append(f"next best chance {next_best}, stored {proof.next_best}")
    return problems


def best_reply(challenge: Challenge, actions: Sequence[str]) -> str | None:
    """The other side's answer after `actions` (the defence a proof plays against), in notation; None when it is
    not the other side's decision."""
    try:
        line = replay(challenge, actions)
    except ReplayError:
        return None
    state = line.end
    player = state.current_player()
    if state.is_terminal() or player in (CHANCE, challenge.seat):
        return None
    proof = challenge.proof
    if isinstance(proof, WinIn):
        used = len(_player_moves(challenge, line))
        reply = search.stubborn_reply(state, challenge.seat, max(1, proof.moves - used))
    else:
        turn = turn_search(challenge)
        reply = min(state.legal_actions(), key=lambda a: turn.value(_after(state, a)))
    return None if reply is None else state.action_to_str(reply)


def complete_line(challenge: Challenge, actions: Sequence[str]) -> list[str]:
    """`actions` played on to the end of the challenge with the best play: the player's best decisions (a win in
    the fewest moves; the best chance of the turn), the defence the proof plays against, and the dice sampled
    with the challenge's seed. Used to show a solution from any start and by the tests."""
    line = replay(challenge, actions)
    state = line.end
    out = list(actions)
    rng = random.Random(challenge.seed)
    proof = challenge.proof
    over = (lambda s: s.is_terminal()) if isinstance(proof, WinIn) else turn_search(challenge).turn_over
    used = sum(1 for s in line.states[:-1] if s.current_player() == challenge.seat)
    # A win that comes later than two moves past the proof's earns nothing: the line stops there.
    most = proof.moves + 2 if isinstance(proof, WinIn) else MAX_SOLUTION
    while not over(state) and len(out) < MAX_SOLUTION:
        player = state.current_player()
        if player == challenge.seat and used >= most:
            break
        if player == CHANCE:
            action: Hashable = sample_chance(state, rng)
        elif player != challenge.seat:
            reply = best_reply(challenge, out)
            if reply is None:
                break
            action = state.action_from_str(reply)
        else:
            action = _best_move(challenge, state, used)
            used += 1
        out.append(state.action_to_str(action))
        state.apply(action)
    return out


def _best_move(challenge: Challenge, state: AnyState, used: int) -> Hashable:
    proof = challenge.proof
    legal: list[Hashable] = state.legal_actions()
    if isinstance(proof, WinIn):
        # Only as deep as the proof's moves left: past a wrong move the search would grow without bound.
        for moves in range(1, max(1, proof.moves - used) + 1):
            found = search.winning_first_moves(state, challenge.seat, moves)
            if found:
                return found[0]
        return legal[0]
    turn = turn_search(challenge)
    return max(legal, key=lambda a: (turn.value(_after(state, a)), -plainness(a)))


def plainness(action: Hashable) -> int:
    """Among equally good decisions the plainest is shown first: an attack, then ending the turn or letting the
    fate roll pass, then the rest (a solution line never shuffles tokens it need not move)."""
    name = type(action).__name__
    if name == "FateChoice":
        return 2 if getattr(action, "call", False) else 1
    return 0 if name == "Attack" else 1 if name in ("End", "EndTurn") else 2


def _after(state: AnyState, action: Hashable) -> AnyState:
    child = state.clone()
    child.apply(action)
    return child


__all__ = [
    "ChallengeRules",
    "BestTurn",
    "Challenge",
    "ChallengeError",
    "Score",
    "ScoreDetail",
    "TurnGoal",
    "WinIn",
    "best_reply",
    "challenge_modes",
    "complete_line",
    "load_challenge",
    "load_challenges",
    "read_challenges",
    "rules_for",
    "score",
    "verify",
]
