"""Kubiki: start the game (`python main.py`), or see `python main.py --help`."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
