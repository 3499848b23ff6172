"""AI against AI: `python main.py arena MODE --a LEVEL --b LEVEL --games N --seed S [--jobs J] [--json FILE]`.

Game i uses dice seed `seed + i`; side a takes seat 0 in even games and seat 1 in odd ones (with more
seats, every other seat from there). Prints a table; the JSON report holds every game's actions, so
`game.engine.driver.replay` rebuilds any of them.

With `--seats hard,normal,normal,normal` (one level per seat of the mode) every listed player gets its own
row: player k sits in seat (k + i) mod n in game i, so the seats rotate over the games; the table gives each
player's wins, shared wins, score (a k-way shared win counts 1/k), mean placing and decision times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Literal, NamedTuple, TypedDict, TypeVar

from ai.controllers import AIController, ai_controller
from ai.levels import LEVEL_NAMES, parse_level
from game.engine import registry
from game.engine.atomic import write_json_atomic
from game.engine.core import CHANCE, Game, Outcome
from game.engine.driver import sample_chance

Side = Literal["a", "b"]
_G = TypeVar("_G")
SIDES: tuple[Side, Side] = ("a", "b")


class GameEntry(TypedDict):
    """One game as a report keeps it for replay."""

    seed: int
    seats: list[Side]
    winner: Side | None
    reason: str
    plies: int
    actions: list[str]


class SideGame(GameEntry):
    """One game of a side-against-side run, as played (with each side's decision times in ms)."""

    index: int
    decision_ms: dict[Side, list[float]]


class Times(TypedDict):
    """How long a player's decisions took (ms)."""

    decisions: int
    decision_ms_mean: float
    decision_ms_median: float
    decision_ms_p95: float
    decision_ms_max: float


class SideRow(Times):
    """A side's results in a report."""

    level: str
    wins: int
    draws: int
    losses: int
    score: float


class Report(TypedDict):
    """The JSON report of a side-against-side run."""

    mode: str
    level_name: str
    seed: int
    time_cap: bool
    a: SideRow
    b: SideRow
    average_plies: float
    turn_limit_games: int
    games: list[GameEntry]


class SeatedEntry(TypedDict):
    """One seated game as a report keeps it for replay."""

    seed: int
    players: list[int]
    winners: list[int]
    places: list[float]
    reason: str
    plies: int
    actions: list[str]


class SeatedGame(SeatedEntry):
    """One game of a seated run, as played: who sat where, the winners and places by listed player, times (ms)."""

    index: int
    decision_ms: list[list[float]]


class PlayerRow(Times):
    """A listed player's results in a seated report."""

    level: str
    wins: int
    shared: int
    score: float
    mean_place: float


class SeatsReport(TypedDict):
    """The JSON report of a seated run."""

    mode: str
    level_name: str
    seed: int
    time_cap: bool
    players: list[PlayerRow]
    average_plies: float
    turn_limit_games: int
    games: list[SeatedEntry]


def seat_sides(game_index: int, num_players: int) -> list[Side]:
    """Which side ('a' or 'b') plays each seat in game `game_index`: alternating, starting seat rotates."""
    return ["a" if (seat - game_index) % 2 == 0 else "b" for seat in range(num_players)]


def play_game(
    mode: str, level: str, spec_a: str, spec_b: str, game_index: int, seed: int, time_cap: bool = True
) -> SideGame:
    """Play one game; returns its record with per-side decision times (ms)."""
    game = registry.load(mode, level)
    game_seed = seed + game_index
    sides = seat_sides(game_index, game.num_players)
    controllers = [
        ai_controller(spec_a if side == "a" else spec_b, game, game_seed * 16 + seat, time_cap)
        for seat, side in enumerate(sides)
    ]
    played = _play_out(game, controllers, game_seed)
    times: dict[Side, list[float]] = {"a": [], "b": []}
    for seat, ms in played.decision_ms:
        times[sides[seat]].append(ms)
    outcome = played.outcome
    # A side wins when every winning seat is its own (several seats of one side may share a win).
    win_sides = {sides[s] for s in outcome.winners} if outcome else set()
    winner = next(iter(win_sides)) if len(win_sides) == 1 else None
    return {
        "index": game_index,
        "seed": game_seed,
        "seats": sides,
        "winner": winner,
        "reason": outcome.reason if outcome else "unfinished",
        "plies": len(played.decision_ms),
        "actions": played.actions,
        "decision_ms": times,
    }


def _times(times: list[float]) -> Times:
    return {
        "decisions": len(times),
        "decision_ms_mean": round(statistics.fmean(times), 2) if times else 0.0,
        "decision_ms_median": round(statistics.median(times), 2) if times else 0.0,
        "decision_ms_p95": round(_percentile(times, 95), 2),
        "decision_ms_max": round(max(times), 2) if times else 0.0,
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def summarize(
    mode: str, level: str, spec_a: str, spec_b: str, seed: int, games: list[SideGame], time_cap: bool = True
) -> Report:
    """The JSON report: per-side results and decision times, and the games for replay."""

    def row(side: Side, spec: str) -> SideRow:
        other = "b" if side == "a" else "a"
        wins = sum(1 for g in games if g["winner"] == side)
        losses = sum(1 for g in games if g["winner"] == other)
        draws = len(games) - wins - losses
        return {
            "level": spec,
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "score": (wins + draws / 2) / len(games) if games else 0.0,
            **_times([t for g in games for t in g["decision_ms"][side]]),
        }

    return {
        "mode": mode,
        "level_name": level,
        "seed": seed,
        "time_cap": time_cap,
        "a": row("a", spec_a),
        "b": row("b", spec_b),
        "average_plies": round(statistics.mean(g["plies"] for g in games), 1) if games else 0.0,
        "turn_limit_games": turn_limit_games(games),
        "games": [
            {
                "seed": g["seed"],
                "seats": g["seats"],
                "winner": g["winner"],
                "reason": g["reason"],
                "plies": g["plies"],
                "actions": g["actions"],
            }
            for g in games
        ],
    }


def turn_limit_games(games: list[SideGame] | list[SeatedGame]) -> int:
    """How many of the games were decided by the mode's turn limit rather than by play."""
    return sum(1 for g in games if g["reason"].startswith("turn limit"))


def format_table(report: Report) -> str:
    """The human-readable table of a report."""
    lines = [
        f"{report['mode']} ({report['level_name']}): {len(report['games'])} games, seed {report['seed']}, "
        f"average length {report['average_plies']} decisions, {report['turn_limit_games']} at the turn limit",
        f"{'side':<5}{'level':<14}{'wins':>6}{'draws':>7}{'losses':>8}{'score':>8}"
        f"{'ms mean':>9}{'ms median':>11}{'ms p95':>9}",
    ]
    for side in SIDES:
        r = report[side]
        lines.append(
            f"{side:<5}{r['level']:<14}{r['wins']:>6}{r['draws']:>7}{r['losses']:>8}{r['score']:>8.1%}"
            f"{r['decision_ms_mean']:>9.1f}{r['decision_ms_median']:>11.1f}{r['decision_ms_p95']:>9.1f}"
        )
    return "\n".join(lines)


def _progress(done: int, total: int, tally: dict[str, int]) -> None:
    width = 30
    filled = width * done // total if total else width
    bar = "#" * filled + "." * (width - filled)
    sys.stderr.write(f"\r[{bar}] {done}/{total}  a {tally['a']}  b {tally['b']}  draws {tally['draw']} ")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _play_games(
    play: Callable[[int], _G], games: int, jobs: int, progress: bool, tally_key: Callable[[_G], str]
) -> list[_G]:
    """Play games 0 … games - 1 (in `jobs` processes); the results in game order.

    The progress bar tallies each result under its `tally_key`: 'a', 'b' or 'draw'.
    """
    results: list[_G] = []
    tally = {"a": 0, "b": 0, "draw": 0}

    def record(result: _G) -> None:
        results.append(result)
        tally[tally_key(result)] += 1
        if progress:
            _progress(len(results), games, tally)

    if progress:
        _progress(0, games, tally)
    if jobs <= 1:
        for i in range(games):
            record(play(i))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for future in [pool.submit(play, i) for i in range(games)]:
                record(future.result())
    return results


def _seated_tally_key(result: SeatedGame) -> str:
    """The progress bar's tally of a seated game: a = the first listed player won, b = another did."""
    return "draw" if len(result["winners"]) != 1 else ("a" if result["winners"] == [0] else "b")


def run(
    mode: str,
    level: str,
    spec_a: str,
    spec_b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: bool = True,
    time_cap: bool = True,
) -> Report:
    """Play `games` games (in `jobs` processes) and return the report."""
    play = partial(play_game, mode, level, spec_a, spec_b, seed=seed, time_cap=time_cap)
    results = _play_games(play, games, jobs, progress, lambda result: result["winner"] or "draw")
    return summarize(mode, level, spec_a, spec_b, seed, results, time_cap)


def seat_players(game_index: int, num_players: int) -> list[int]:
    """Which listed player sits in each seat in game `game_index`: player k in seat (k + game_index) mod n."""
    return [(seat - game_index) % num_players for seat in range(num_players)]


def placings(winners: tuple[int, ...], fallen: list[int], num_players: int) -> list[float]:
    """Each seat's place (1 best): winners first, then seats still in, then the fallen, last fallen placed best.

    Tied seats share the mean of the places they cover.
    """
    groups: list[list[int]] = [sorted(winners)]
    survivors = [s for s in range(num_players) if s not in winners and s not in fallen]
    if survivors:
        groups.append(survivors)
    groups.extend([s] for s in reversed(fallen) if s not in winners)
    places = [0.0] * num_players
    start = 1
    for group in groups:
        if not group:
            continue
        for seat in group:
            places[seat] = start + (len(group) - 1) / 2
        start += len(group)
    return places


def _out_seats(state: object) -> list[bool] | None:
    out = getattr(state, "out", None)
    return list(out) if isinstance(out, list) else None


class _Playout(NamedTuple):
    """A played game: how it ended (None when unfinished), its notation, each decision's (seat, ms) and the seats
    out, in order."""

    outcome: Outcome | None
    actions: list[str]
    decision_ms: list[tuple[int, float]]
    fallen: list[int]


def _play_out(game: Game, controllers: list[AIController], game_seed: int) -> _Playout:
    """Play from the start: each seat's controller decides, chance outcomes come from the game seed."""
    dice = random.Random(game_seed)
    state = game.initial_state()
    actions: list[str] = []
    decision_ms: list[tuple[int, float]] = []
    fallen: list[int] = []
    while not state.is_terminal() and len(actions) < game.max_length:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, dice)
        else:
            start = time.perf_counter()
            action = controllers[player].choose(state)
            decision_ms.append((player, (time.perf_counter() - start) * 1000))
        actions.append(state.action_to_str(action))
        state.apply(action)
        out = _out_seats(state)
        if out is not None:
            fallen.extend(seat for seat, gone in enumerate(out) if gone and seat not in fallen)
    return _Playout(state.outcome(), actions, decision_ms, fallen)


def play_seated_game(
    mode: str, level: str, specs: list[str], game_index: int, seed: int, time_cap: bool = True
) -> SeatedGame:
    """Play one game with one listed player per seat (rotated by the game index); times per player (ms)."""
    game = registry.load(mode, level)
    game_seed = seed + game_index
    players = seat_players(game_index, game.num_players)
    controllers = [
        ai_controller(specs[player], game, game_seed * 16 + seat, time_cap) for seat, player in enumerate(players)
    ]
    played = _play_out(game, controllers, game_seed)
    times: list[list[float]] = [[] for _ in specs]
    for seat, ms in played.decision_ms:
        times[players[seat]].append(ms)
    outcome = played.outcome
    winners = outcome.winners if outcome else ()
    places = placings(winners, played.fallen, game.num_players)
    return {
        "index": game_index,
        "seed": game_seed,
        "players": players,
        "winners": [players[s] for s in winners],
        "places": [places[players.index(k)] for k in range(len(specs))],
        "reason": outcome.reason if outcome else "unfinished",
        "plies": len(played.decision_ms),
        "actions": played.actions,
        "decision_ms": times,
    }


def summarize_seats(
    mode: str, level: str, specs: list[str], seed: int, games: list[SeatedGame], time_cap: bool = True
) -> SeatsReport:
    """The JSON report of a seated run: one entry per listed player, and the games for replay."""

    def row(k: int, spec: str) -> PlayerRow:
        score = sum(1 / len(g["winners"]) for g in games if k in g["winners"])
        return {
            "level": spec,
            "wins": sum(1 for g in games if g["winners"] == [k]),
            "shared": sum(1 for g in games if k in g["winners"] and len(g["winners"]) > 1),
            "score": score / len(games) if games else 0.0,
            "mean_place": round(statistics.mean(g["places"][k] for g in games), 2) if games else 0.0,
            **_times([t for g in games for t in g["decision_ms"][k]]),
        }

    return {
        "mode": mode,
        "level_name": level,
        "seed": seed,
        "time_cap": time_cap,
        "players": [row(k, spec) for k, spec in enumerate(specs)],
        "average_plies": round(statistics.mean(g["plies"] for g in games), 1) if games else 0.0,
        "turn_limit_games": turn_limit_games(games),
        "games": [
            {
                "seed": g["seed"],
                "players": g["players"],
                "winners": g["winners"],
                "places": g["places"],
                "reason": g["reason"],
                "plies": g["plies"],
                "actions": g["actions"],
            }
            for g in games
        ],
    }


def format_seats_table(report: SeatsReport) -> str:
    """The human-readable table of a seated report."""
    lines = [
        f"{report['mode']} ({report['level_name']}): {len(report['games'])} games, seed {report['seed']}, "
        f"average length {report['average_plies']} decisions, {report['turn_limit_games']} at the turn limit",
        f"{'player':<7}{'level':<14}{'wins':>6}{'shared':>8}{'score':>8}{'place':>7}"
        f"{'ms mean':>9}{'ms median':>11}{'ms p95':>9}",
    ]
    for k, r in enumerate(report["players"]):
        lines.append(
            f"{k:<7}{r['level']:<14}{r['wins']:>6}{r['shared']:>8}{r['score']:>8.1%}{r['mean_place']:>7.2f}"
            f"{r['decision_ms_mean']:>9.1f}{r['decision_ms_median']:>11.1f}{r['decision_ms_p95']:>9.1f}"
        )
    return "\n".join(lines)


def run_seats(
    mode: str,
    level: str,
    specs: list[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: bool = True,
    time_cap: bool = True,
) -> SeatsReport:
    """Play `games` games with one listed player per seat, rotating the seats, and return the report."""
    play = partial(play_seated_game, mode, level, specs, seed=seed, time_cap=time_cap)
    results = _play_games(play, games, jobs, progress, _seated_tally_key)
    return summarize_seats(mode, level, specs, seed, results, time_cap)


def build_parser() -> argparse.ArgumentParser:
    """The arena's argument parser."""
    parser = argparse.ArgumentParser(prog="main.py arena", description="Play AI levels against each other.")
    parser.add_argument("mode", help="game mode, e.g. kubtafl")
    parser.add_argument("--level", default=registry.DEFAULT_LEVEL, help="level of the mode (default: standard)")
    parser.add_argument("--a", default="hard", help=f"side a: {', '.join(LEVEL_NAMES)} (e.g. hard@20000)")
    parser.add_argument("--b", default="greedy", help="side b, same choices")
    parser.add_argument(
        "--seats", help="one level per seat, comma-separated (e.g. hard,normal,normal,normal); rotated over the games"
    )
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="first dice/AI seed; game i uses seed + i")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--json", metavar="FILE", help="write the JSON report here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--no-time-cap",
        action="store_true",
        help="search on node budgets only (reproducible on any machine; decisions may then exceed the time budget)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of `main.py arena`; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        if args.mode not in registry.modes():
            raise ValueError(f"unknown mode {args.mode!r}; known: {', '.join(registry.modes())}")
        game = registry.load(args.mode, args.level)
        seats = [spec.strip() for spec in args.seats.split(",")] if args.seats else None
        if seats is not None and len(seats) != game.num_players:
            raise ValueError(
                f"--seats lists {len(seats)} levels; {args.mode} ({args.level}) has {game.num_players} seats"
            )
        for spec in seats or (args.a, args.b):
            if spec.strip().lower() == "human":
                raise ValueError("the arena plays AI levels only, not 'human'")
            parse_level(spec)
        if args.games < 1 or args.jobs < 1:
            raise ValueError("--games and --jobs must be at least 1")
    except (ValueError, KeyError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    common = (args.games, args.seed, args.jobs)
    options = {"progress": not args.quiet, "time_cap": not args.no_time_cap}
    report: Report | SeatsReport
    if seats is not None:
        report = run_seats(args.mode, args.level, seats, *common, **options)
        print(format_seats_table(report))
    else:
        report = run(args.mode, args.level, args.a, args.b, *common, **options)
        print(format_table(report))
    if args.json:
        write_json_atomic(Path(args.json), report)
        print(f"report written to {args.json}")
    return 0
