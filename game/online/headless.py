"""The command lines of online play: `main.py serve` runs a match server; `main.py online create|play|watch` are
clients with no window (for scripts, demonstrations and tests)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path

from game.engine import registry
from game.online import protocol as P
from game.online.client_config import ClientConfig
from game.online.client_events import (
    Applied,
    ClientEvent,
    Joined,
    JoinRefused,
    OfferChanged,
    Refused,
    ServerGone,
    ServerStatus,
    StatusChanged,
    Unsent,
)
from game.online.creating import create_match
from game.online.limits import ServerConfig
from game.online.match import outcome_text
from game.online.match_client import MatchClient
from game.online.protocol import Entry
from game.online.server import MatchServer
from game.online.store import store_from_url

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765
# Exit codes of the clients.
CANNOT_JOIN, SERVER_GONE, DICE_FAILED = 2, 3, 4


def _say(*parts: object) -> None:
    with contextlib.suppress(BrokenPipeError):  # whoever read the output has gone: nothing to tell
        print(*parts, flush=True)


# ----- serve -----


def serve_parser() -> argparse.ArgumentParser:
    """The arguments of `main.py serve`."""
    parser = argparse.ArgumentParser(
        prog="main.py serve", description="Run a match server for online play until interrupted (Ctrl+C)."
    )
    parser.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port (0: any free one)")
    parser.add_argument(
        "--store",
        metavar="PATH|URL",
        help="the match store: a SQLite file (default: online.sqlite3 in the data folder), or redis://HOST:PORT/DB "
        "for a Redis several server processes share",
    )
    parser.add_argument("--certfile", help="TLS certificate (PEM) to serve wss://; needs --keyfile")
    parser.add_argument("--keyfile", help="the certificate's private key (PEM)")
    parser.add_argument("--max-matches", type=int, default=ServerConfig.max_matches, help=argparse.SUPPRESS)
    parser.add_argument("--max-connections", type=int, default=ServerConfig.max_connections, help=argparse.SUPPRESS)
    parser.add_argument("--rate", type=float, default=ServerConfig.rate, help=argparse.SUPPRESS)
    # The benchmark reads how long the server took per action from this file, written when it stops.
    parser.add_argument("--stats", help=argparse.SUPPRESS)
    return parser


def serve_main(argv: Sequence[str]) -> int:
    """`main.py serve`: print `serving ws://HOST:PORT` first, serve until SIGINT or SIGTERM, exit 0."""
    args = serve_parser().parse_args(list(argv))
    if bool(args.certfile) != bool(args.keyfile):
        print("serve: --certfile and --keyfile go together", file=sys.stderr)
        return 2
    tls: ssl.SSLContext | None = None
    if args.certfile:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            tls.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as exc:
            print(f"serve: cannot read the certificate: {exc}", file=sys.stderr)
            return 2
    config = ServerConfig(max_matches=args.max_matches, max_connections=args.max_connections, rate=args.rate)
    try:
        return asyncio.run(_serve(args.host, args.port, args.store, config, tls, args.stats))
    except KeyboardInterrupt:
        return 0


async def _serve(
    host: str, port: int, store_spec: str | None, config: ServerConfig, tls: ssl.SSLContext | None, stats: str | None
) -> int:
    try:
        store = store_from_url(store_spec, config.finished_ttl)
    except (OSError, ValueError) as exc:
        print(f"serve: cannot open the store: {exc}", file=sys.stderr)
        return 2
    server = MatchServer(store, config)
    try:
        url = await server.start(host, port, tls)
    except OSError as exc:
        print(f"serve: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
        await store.close()
        return 2
    _say(f"serving {url}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has no signal handlers in asyncio
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()
        if stats:
            Path(stats).write_text(json.dumps(server.handling()))
    _say("stopped")
    return 0


# ----- online create / play / watch -----


def online_parser() -> argparse.ArgumentParser:
    """The arguments of `main.py online`."""
    parser = argparse.ArgumentParser(prog="main.py online", description="Online play without a window.")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create", help="create a match; prints its join code last")
    create.add_argument(
        "url", help="the server, e.g. ws://127.0.0.1:8765 (servers sharing a store: ws://h:8765,ws://h:8766)"
    )
    create.add_argument("--mode", required=True, help="the game: " + ", ".join(registry.modes()))
    create.add_argument("--level", help="a level name of the mode (default: standard, or the first with --seats)")
    create.add_argument("--seed", type=int, help="a seed for the computer players (the dice are the server's)")
    create.add_argument("--seats", type=int, help="how many seats (picks a level with that many)")
    play = commands.add_parser("play", help="play a seat with the computer until the end")
    play.add_argument("url")
    play.add_argument("code", help="the join code")
    play.add_argument("--seat", type=int, required=True, help="the seat to play (0 first)")
    play.add_argument("--ai", default="easy", metavar="LEVEL", help="the computer's level (random, easy, normal...)")
    play.add_argument("--pace", type=float, default=0.0, metavar="SECONDS", help="wait before each decision")
    play.add_argument("--token", help="the seat's token, to play on a seat claimed earlier")
    play.add_argument("--give-up", type=float, default=60.0, metavar="SECONDS", help="without a server this long, stop")
    watch = commands.add_parser("watch", help="print each applied action until the end")
    watch.add_argument("url")
    watch.add_argument("code")
    watch.add_argument("--give-up", type=float, default=60.0, metavar="SECONDS", help=argparse.SUPPRESS)
    return parser


def online_main(argv: Sequence[str]) -> int:
    """`main.py online create|play|watch`."""
    args = online_parser().parse_args(list(argv))
    if args.command != "create" and not P.valid_code(args.code):
        print(f"online: {args.code!r} is not a join code ({P.CODE_LENGTH} characters)", file=sys.stderr)
        return CANNOT_JOIN
    try:
        if args.command == "create":
            return asyncio.run(_create(args))
        if args.command == "play":
            from ai.levels import parse_level

            parse_level(args.ai)
            return asyncio.run(_play(args))
        return asyncio.run(_watch(args))
    except ValueError as exc:
        print(f"online: {exc}", file=sys.stderr)
        return CANNOT_JOIN
    except KeyboardInterrupt:
        return 1


async def _create(args: argparse.Namespace) -> int:
    try:
        created = await create_match(args.url, args.mode, args.level, args.seats, None, args.seed)
    except JoinRefused as exc:
        print(f"online create: refused: {exc.message}", file=sys.stderr)
        return CANNOT_JOIN
    except (OSError, TimeoutError) as exc:
        print(f"online create: cannot reach {args.url}: {exc}", file=sys.stderr)
        return SERVER_GONE
    match = created["match"]
    assert isinstance(match, dict)
    _say(f"match for {match['num_players']} seats: {match['mode']} {match['level']}; dice hash {match['commitment']}")
    _say(created["code"])
    return 0


def entry_line(entry: Entry) -> str:
    """One applied entry as `watch` prints it."""
    if entry.type == P.CHANCE:
        text = f"{entry.seq} dice (roll {entry.roll}): {entry.action}"
    elif entry.type == P.ACTION:
        text = f"{entry.seq} seat {entry.seat}: {entry.action}"
    elif entry.type == P.TAKEBACK:
        text = f"{entry.seq} takeback asked by seat {entry.seat}: back to entry {entry.undo_to}"
    else:
        text = f"{entry.seq} seat {entry.seat} resigns"
    return text


def _finish(client: MatchClient) -> int:
    if client.outcome is None:
        return SERVER_GONE
    check = client.dice_check
    code = 0
    if check is not None and check.ok:
        _say(f"dice verified: {check.rolls} rolls match the seed revealed at the end")
    elif check is not None:
        _say(f"dice check FAILED: {check.problem}")
        code = DICE_FAILED
    _say(outcome_text(client.outcome))
    return code


async def _run_client(client: MatchClient, side: asyncio.Task[None] | None = None) -> int:
    try:
        await client.run()
    except JoinRefused as exc:
        print(f"online: cannot join {client.code}: {exc.message}", file=sys.stderr)
        return CANNOT_JOIN
    except ServerGone as exc:
        print(f"online: the server is gone ({exc}); giving up", file=sys.stderr)
        return SERVER_GONE
    finally:
        if side is not None:
            side.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await side
    return _finish(client)


async def _watch(args: argparse.Namespace) -> int:
    def on_event(event: ClientEvent) -> None:
        if isinstance(event, Applied):
            _say(entry_line(event.entry))
        elif isinstance(event, StatusChanged) and event.status == "reconnecting":
            print(f"reconnecting: {event.reason}", file=sys.stderr)
        elif isinstance(event, ServerStatus):
            print(event.message or "server available again", file=sys.stderr)

    config = ClientConfig(args.url, args.code, give_up_after=args.give_up)
    client = MatchClient(config, on_event=on_event, stop_when_over=True)
    return await _run_client(client)


class ComputerSeat:
    """Plays one seat of a match with an AI level: decides whenever the seat is to act, from any (re)connection."""

    def __init__(self, spec: str, pace: float) -> None:
        self.spec = spec
        self.pace = pace
        self.client: MatchClient | None = None
        self._wake = asyncio.Event()
        self._sent_for = -1  # the entry number a decision was sent for on this connection
        self._tries = 0

    def on_event(self, event: ClientEvent) -> None:
        """Note what happened and let the loop look again."""
        if isinstance(event, Joined):
            self._sent_for = -1  # a decision sent before the connection dropped may be lost: decide again
            if self.client is not None and event.seat is not None:
                _say(f"joined seat {event.seat} of {self.client.code} (token {self.client.token})")
        elif isinstance(event, Refused | Unsent):
            self._sent_for = -1
            self._tries += 1
        elif isinstance(event, OfferChanged) and event.offer == "takeback" and event.open:
            client = self.client
            if client is not None and event.seat != client.seat:
                asyncio.get_running_loop().create_task(client.answer_takeback(True))
        elif isinstance(event, StatusChanged) and event.status == "reconnecting":
            print(f"reconnecting: {event.reason}", file=sys.stderr)
        elif isinstance(event, ServerStatus):
            print(event.message or "server available again", file=sys.stderr)
        self._wake.set()

    async def loop(self) -> None:
        """Decide whenever the seat is to act and no decision is on its way for this entry."""
        from game.client.play.worker import SearchJob, run_search

        while True:
            await self._wake.wait()
            self._wake.clear()
            client = self.client
            if client is None or client.replica is None or not client.connected or not client.my_turn:
                continue
            seq = client.seq
            if seq == self._sent_for:
                continue
            if self.pace > 0:
                await asyncio.sleep(self.pace)
                if client.seq != seq:
                    self._wake.set()
                    continue
            game = client.replica.game
            seed = int.from_bytes(
                hashlib.sha256(f"{client.match.get('seed')}:{client.seat}:{seq}:{self._tries}".encode()).digest()[:4],
                "big",
            )
            job = SearchJob(
                game.name, game.level_name, game.level_data, client.replica.state.to_dict(), self.spec, seed
            )
            answer = await asyncio.to_thread(run_search, job)
            if client.seq != seq or not client.connected:
                self._wake.set()
                continue
            if await client.send_action(answer.action, seq):
                self._sent_for = seq


async def _play(args: argparse.Namespace) -> int:
    seat = ComputerSeat(args.ai, max(0.0, args.pace))
    config = ClientConfig(
        args.url, args.code, seat=args.seat, token=args.token, name=f"computer {args.ai}", give_up_after=args.give_up
    )
    client = MatchClient(config, on_event=seat.on_event, stop_when_over=True)
    seat.client = client
    return await _run_client(client, asyncio.create_task(seat.loop()))
