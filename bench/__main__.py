"""Run every benchmark module (or those named) and print one JSON line per figure.

Usage: python -m bench [NAME ...]   e.g. python -m bench dice kubtafl
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """Run the chosen benchmark modules."""
    folder = Path(__file__).parent
    names = sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules([str(folder)]) if m.name.startswith("bench_"))
    chosen = argv or names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    for name in chosen:
        module = importlib.import_module(f"bench.bench_{name}")
        for fig in module.figures():
            print(json.dumps(fig, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
