"""Command line: the menu, quick launch into a mode, screenshots, and the AI arena."""

from __future__ import annotations

import argparse
import sys

from game.client.play.records import MAX_SEATS
from game.client.play.seats import SEAT_CHOICES
from game.engine import registry


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the game window."""
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Kubiki — dice-driven tabletop games. With no options, opens the main menu.",
        epilog="AI arena: python main.py arena MODE --a LEVEL --b LEVEL --games N (see python main.py arena --help). "
        "Online play: python main.py serve / python main.py online create|play|watch (see --help of each).",
    )
    names = ", ".join(spec.name for spec in registry.MODES)
    parser.add_argument("--mode", help=f"start a game of this mode straight away ({names})")
    parser.add_argument("--level", help="level name from levels/<mode>/ or a path to a level file")
    parser.add_argument("--seed", type=int, help="seed for the dice")
    computers = " / ".join(SEAT_CHOICES[1:])
    for seat in range(MAX_SEATS):
        parser.add_argument(f"--seat{seat}", metavar="WHO", help=f"seat {seat}: human, or {computers}")
    parser.add_argument(
        "--watch",
        action="store_true",
        help="the hard computer at every seat, for spectating (CheckRisk: the front-line setup unless --level)",
    )
    parser.add_argument("--replay", metavar="FILE", help="replay a game record, or a game of an arena JSON report")
    parser.add_argument("--game", type=int, default=1, metavar="N", help="with --replay of an arena report: game N")
    parser.add_argument("--screenshot", metavar="DIR", help="render every screen to PNG files in DIR and exit")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "arena":
        from ai.arena import main as arena_main

        return arena_main(argv[1:])
    if argv and argv[0] in ("serve", "online"):
        from game.online.headless import online_main, serve_main

        return serve_main(argv[1:]) if argv[0] == "serve" else online_main(argv[1:])
    args = build_parser().parse_args(argv)
    from game.client.app import run

    return run(args)
