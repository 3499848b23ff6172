"""Run every benchmark module (or those named) and print one JSON line per figure.

Usage: python -m bench [NAME ...] [--events N]   e.g. python -m bench dice kubtafl; python -m bench monkey --events
100000 (--events goes to the benchmarks that take it: the monkey).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """Run the chosen benchmark modules."""
    folder = Path(__file__).parent
    names = sorted(m.name[len("bench_") :] for m in pkgutil.iter_modules([str(folder)]) if m.name.startswith("bench_"))
    parser = argparse.ArgumentParser(prog="python -m bench", description="Print benchmark figures as JSON lines.")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"benchmarks to run (default all): {', '.join(names)}")
    parser.add_argument("--events", type=int, default=None, help="random input events in all (the monkey)")
    parser.add_argument("--matches", type=int, default=None, help="concurrent matches (online)")
    parser.add_argument("--servers", type=int, default=None, help="server processes sharing the store (online)")
    parser.add_argument("--store", default=None, help="the store the servers share, e.g. redis://HOST:PORT/DB (online)")
    args = parser.parse_args(argv)
    chosen = args.names or names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    if args.events is not None and args.events < 1:
        print("--events must be a positive number", file=sys.stderr)
        return 2
    for name in chosen:
        module = importlib.import_module(f"bench.bench_{name}")
        given = {"events": args.events, "matches": args.matches, "servers": args.servers, "store": args.store}
        options = {k: v for k, v in given.items() if v is not None}
        accepted = {k: v for k, v in options.items() if k in inspect.signature(module.figures).parameters}
        for fig in module.figures(**accepted):
            print(json.dumps(fig, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
