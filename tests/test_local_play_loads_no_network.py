"""A game played on this machine only never loads the websocket client (checked in a fresh interpreter)."""

import os
import subprocess
import sys


def test_the_menu_and_a_local_game_of_every_mode_load_no_websocket_client(tmp_path) -> None:
    code = (
        "import sys\n"
        "from game.client.app import App\n"
        "from game.client.modes import board_modes\n"
        "from game.client.play.session import GameSession\n"
        "app = App((1280, 720))\n"
        "app.frame(1 / 60, flip=False)\n"
        "for mode in board_modes():\n"
        "    app.goto(mode, session=GameSession(mode, 'standard', ['human', 'human'], seed=1, autosave=False))\n"
        "    for _ in range(3):\n"
        "        app.frame(1 / 60, flip=False)\n"
        "    assert app.scenes.current_name == mode, app.scenes.current_name\n"
        "app.close()\n"
        "loaded = [m for m in sys.modules if m.startswith(('websockets', 'game.online.threaded_client'))]\n"
        "assert not loaded, loaded\n"
        "print('ok', len(board_modes()))\n"
    )
    env = {**os.environ, "KUBIKI_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
