"""The rules, the AI and Learn's data never import pygame or the client (checked in a fresh interpreter)."""

import subprocess
import sys


def test_engine_ai_and_learn_load_no_pygame_and_no_client_module() -> None:
    code = (
        "import sys\n"
        "from game.engine import registry, dice, driver\n"
        "for mode in registry.modes():\n"
        "    registry.load(mode).initial_state()\n"
        "import ai\n"
        "from game.learn import challenges, goals, lessons, progress\n"
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'pygame_gui', 'game.client'))]\n"
        "assert not bad, bad\n"
        "print('ok', len(registry.modes()))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
